//! The two-player hex chess position: classical Glinski and McCooey and
//! the two-player Anglojewish games.

use std::fmt;
use std::fmt::Write as _;

use super::hints::{self, HintBoard};
use super::shared::*;
use crate::rules::geometry::hex::HexGrid;
use crate::rules::legal::find_legal_move;
use crate::rules::men::pawn_info;
use crate::rules::notation::{MoveError, PositionError};
use crate::rules::outcome::{EndReason, GameResult, Outcome};
use crate::rules::position::Position;
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use crate::rules::view::ManInfo;
use crate::rules::view::{BoardLayout, Effect, ManState, Placement, Route};
use crate::rules::view::{CellId, Hint};

/// A hex chess position: placement, side to move and the en-passant right.
#[derive(Clone)]
pub struct HexChess {
    options: HexOptions,
    tables: &'static Tables,
    /// Piece codes `kind | side << 4`, 0 for empty.
    board: [u8; MAX_CELLS],
    kinds: [u128; KINDS],
    sides: [u128; 2],
    royal: [u8; 2],
    side: Side,
    /// The cell a pawn skipped with a double step on the last move, or NONE.
    ep: u8,
    /// Cells from which each side's pawns may double-step (by layout).
    double_from: [u128; 2],
    hash: u64,
    /// Whether the side to move's royal piece is attacked: found once per
    /// move in `play`, then read by the generator and [`Position::in_check`]
    /// (the search asks both at every node).
    checked: bool,
}

/// Options, placement, side to move and en-passant right are the position;
/// the masks, royal cells and hash follow from them.
impl PartialEq for HexChess {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.board == other.board
            && self.side == other.side
            && self.ep == other.ep
    }
}

impl Eq for HexChess {}

impl fmt::Debug for HexChess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexChess({:?}, \"{}\")", self.options, self.to_text())
    }
}

impl HexChess {
    pub fn grid(&self) -> HexGrid {
        self.tables.grid
    }

    /// The piece on a cell: its type and side.
    pub fn piece_at(&self, cell: u8) -> Option<(Kind, Side)> {
        let code = *self.board.get(cell as usize)?;
        Kind::from_code(code).map(|k| (k, Side(code >> 4)))
    }

    /// The cells holding `side`'s men of one kind.
    pub fn men_of(&self, kind: Kind, side: Side) -> u128 {
        self.kinds[kind as usize] & self.sides[side.index() & 1]
    }

    /// How many forward steps a pawn of `side` on `cell` is from its
    /// promotion edge (0 on it; at most 20, also for cells off the board).
    pub fn promotion_distance(&self, cell: u8, side: Side) -> u8 {
        if usize::from(cell) < self.grid().len() {
            self.tables.to_promotion[orient(side.index() & 1)][usize::from(cell)]
        } else {
            20
        }
    }

    #[inline(always)]
    fn piece_reach(&self, kind: u8, from: u8, occ: u128) -> u128 {
        self.tables.piece_reach(kind, from, occ)
    }

    /// How many moves `side`'s men would have if check did not matter: each
    /// piece's reachable cells not holding an own man, each pawn's free step
    /// and captures. A cheap measure of mobility for either side (legal
    /// moves are known only for the side to move, and cost far more).
    pub fn reach_count(&self, side: Side) -> u32 {
        let t = self.tables;
        let us = side.index() & 1;
        let own = self.sides[us];
        let enemy = self.sides[us ^ 1];
        let occ = own | enemy;
        let pk = pawn_index(self.options.pawn);
        let pawns = self.kinds[Kind::Pawn as usize] & own;
        let mut count = 0;
        let mut men = own;
        while men != 0 {
            let from = men.trailing_zeros() as u8;
            men &= men - 1;
            let c = from as usize;
            if pawns & bit(from) != 0 {
                let step = t.forward[orient(us)][c];
                let free = u32::from(step != NONE && occ & bit(step) == 0);
                count += free + (t.pawn_capture[pk][orient(us)][c] & enemy).count_ones();
            } else {
                count += (self.piece_reach(self.board[c] & 15, from, occ) & !own).count_ones();
            }
        }
        count
    }

    /// Every man on the board: its cell, type and side, in cell order.
    pub fn men(&self) -> impl Iterator<Item = (u8, Kind, Side)> + '_ {
        let mut rest = self.sides[0] | self.sides[1];
        std::iter::from_fn(move || {
            while rest != 0 {
                let cell = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if let Some((kind, side)) = self.piece_at(cell) {
                    return Some((cell, kind, side));
                }
            }
            None
        })
    }

    /// The en-passant cell (the cell the last double step skipped), if any.
    pub fn en_passant(&self) -> Option<u8> {
        (self.ep != NONE).then_some(self.ep)
    }

    fn empty(options: &HexOptions) -> HexChess {
        let tables = Tables::get(options.grid());
        let grid = tables.grid;
        let mut double_from = [0u128; 2];
        for cell in options.double_step_cells() {
            double_from[0] |= bit(cell);
            double_from[1] |= bit(mirror(grid, cell));
        }
        HexChess {
            options: *options,
            tables,
            board: [0; MAX_CELLS],
            kinds: [0; KINDS],
            sides: [0; 2],
            royal: [NONE; 2],
            side: Side::WHITE,
            ep: NONE,
            double_from,
            hash: 0,
            checked: false,
        }
    }

    fn put(&mut self, cell: u8, code: u8) {
        let b = bit(cell);
        self.board[cell as usize] = code;
        self.kinds[(code & 15) as usize] |= b;
        self.sides[(code >> 4) as usize & 1] |= b;
        self.hash ^= piece_key(code, cell);
    }

    fn remove(&mut self, cell: u8) -> u8 {
        let code = self.board[cell as usize];
        if code != 0 {
            let b = !bit(cell);
            self.board[cell as usize] = 0;
            self.kinds[(code & 15) as usize] &= b;
            self.sides[(code >> 4) as usize & 1] &= b;
            self.hash ^= piece_key(code, cell);
        }
        code
    }

    fn set_ep(&mut self, ep: u8) {
        self.hash ^= ep_key(self.ep) ^ ep_key(ep);
        self.ep = ep;
    }

    /// Whether `cell` is attacked by side `by`, whose men are `them` (a
    /// mask), with occupancy `occ`.
    fn attacked(&self, cell: u8, by: usize, occ: u128, them: u128) -> bool {
        let t = self.tables;
        let pk = pawn_index(self.options.pawn);
        t.pawn_attacks(&self.kinds, pk, orient(by), cell, them)
            || t.piece_attacks(&self.kinds, cell, occ, them)
    }

    fn royal_attacked(&self, side: usize) -> bool {
        let cell = self.royal[side];
        cell != NONE && {
            let them = side ^ 1;
            self.attacked(cell, them, self.sides[0] | self.sides[1], self.sides[them])
        }
    }

    /// The cells whose vacating could uncover an attack on our royal piece
    /// (see [`Tables::pin_zone`]).
    fn pin_zone(&self, cell: u8, us: usize) -> u128 {
        self.tables
            .pin_zone(&self.kinds, cell, self.sides[us], self.sides[us ^ 1])
    }

    /// Whether our royal piece is safe after moving `from` to `to`, also
    /// removing the man on `extra` (en passant) unless it is NONE.
    fn safe_after(&self, from: u8, to: u8, extra: u8, royal_moves: bool) -> bool {
        let us = self.side.index();
        let them = us ^ 1;
        let mut occ = ((self.sides[0] | self.sides[1]) & !bit(from)) | bit(to);
        let mut enemy = self.sides[them] & !bit(to);
        if extra != NONE {
            occ &= !bit(extra);
            enemy &= !bit(extra);
        }
        let cell = if royal_moves { to } else { self.royal[us] };
        cell == NONE || !self.attacked(cell, them, occ, enemy)
    }

    /// Calls `emit(from, to, promote)` for every legal move (a pawn's
    /// promotion once for all its choices), or with `noisy_only` for the
    /// captures, en passant and promotions alone (what
    /// [`Position::is_noisy`] accepts).
    fn for_each_legal(&self, noisy_only: bool, emit: impl FnMut(u8, u8, Promote)) {
        let t = self.tables;
        let us = self.side.index();
        let them = us ^ 1;
        let royal_cell = self.royal[us];
        let zone = if self.checked || royal_cell == NONE {
            u128::MAX
        } else {
            self.pin_zone(royal_cell, us)
        };
        let passed = if self.ep == NONE {
            NONE
        } else {
            t.forward[orient(them)][self.ep as usize]
        };
        let mover = Mover {
            board: &self.board,
            own: self.sides[us],
            enemy: self.sides[them],
            zone,
            royal_kind: self.options.royal() as u8,
            orient: orient(us),
            pk: pawn_index(self.options.pawn),
            double_from: self.double_from[us],
            ep: self.ep,
            passed,
            noisy_only,
            upgrades_curved: self.options.upgrades_curved(),
        };
        t.for_each_move(
            &mover,
            |from, to, extra, royal| self.safe_after(from, to, extra, royal),
            emit,
        );
    }

    /// Appends the legal captures, en-passant captures and promotions: the
    /// moves [`Position::is_noisy`] accepts, without generating the others
    /// (the engine's quiescence search asks for these at most of its nodes).
    pub fn legal_noisy_moves(&self, moves: &mut Vec<Move>) {
        self.push_legal(true, moves);
    }

    fn push_legal(&self, noisy_only: bool, moves: &mut Vec<Move>) {
        let promotions = self.options.promotions();
        self.for_each_legal(noisy_only, |from, to, promote| {
            push_move(moves, promotions, from, to, promote)
        });
    }

    fn syntax_error(&self, text: &str) -> Option<String> {
        move_syntax_error(&self.options, text)
    }

    fn cell_name(&self, cell: u8) -> String {
        self.grid().name(cell)
    }

    fn passed_pawn_cell(&self, mv: Move) -> Option<u8> {
        let is_pawn = self.board[mv.from as usize] & 15 == Kind::Pawn as u8;
        (is_pawn && mv.to == self.ep && self.board[mv.to as usize] == 0)
            .then(|| self.tables.forward[orient(self.side.index() ^ 1)][mv.to as usize])
            .filter(|&c| c != NONE)
    }
}

/// The men of the hex armies, classical and Anglojewish: their names, moves
/// and models (the pawn-like piece the options name).
pub fn men(variant: Variant, letter: char, _: ManState) -> Option<ManInfo> {
    let options = HexOptions::for_variant(variant.id, variant.pawn)?
        .with_promotion(variant.promotion.unwrap_or_default())?;
    let classical = options.army == Army::Classical;
    match letter {
        // The classical armies' pawn is drawn as a chess pawn whatever it
        // is called; the Anglojewish pawn-like pieces each have a model.
        'P' if classical => Some(ManInfo {
            model: "pawn",
            ..pawn_info(options.pawn)
        }),
        'P' => Some(pawn_info(options.pawn)),
        'G' => ManInfo::royal(
            "General",
            "general",
            "one orthogonal step; royal, like a King",
        ),
        'C' => ManInfo::man("Cohen", "cohen", "moves as a Finch or as a Rabbi"),
        'F' => ManInfo::man(
            "Finch",
            "finch",
            "1 to 4 orthogonal steps, each turning 60° the same way",
        ),
        'B' if !classical => ManInfo::man(
            "Rabbi",
            "rabbi",
            "1 to 4 diagonal steps, each turning 60° the same way",
        ),
        'S' => ManInfo::man(
            "Sennight",
            "sennight",
            "the √7 leap (a hex Knight's), never blocked",
        ),
        'K' => ManInfo::royal("King", "king", "one step, orthogonal or diagonal"),
        'Q' => ManInfo::man(
            "Queen",
            "queen",
            "slides along the six orthogonals and six diagonals",
        ),
        'R' => ManInfo::man("Rook", "rook", "slides along the six orthogonal lines"),
        'U' if !classical => ManInfo::man(
            "Unicorn",
            "unicorn",
            "slides along the six diagonals, keeping its colour",
        ),
        'B' => ManInfo::man(
            "Bishop",
            "bishop",
            "slides along the six diagonals, keeping its colour",
        ),
        'N' => ManInfo::man(
            "Knight",
            "knight",
            "the √7 leap: two steps straight, one turning",
        ),
        _ => None,
    }
}

/// The fields of the position text, each read by its own reader.
impl HexChess {
    /// The files field: the men of the army `options` names, one royal man
    /// a side, no pawn-like piece on its promotion edge.
    fn read_men(&mut self, placement: &str, options: &HexOptions) -> Result<(), PositionError> {
        let tables = self.tables;
        let grid = tables.grid;
        read_placement(
            tables,
            placement,
            |c, _| {
                let kind = options
                    .kind_of_letter(c.to_ascii_uppercase())
                    .ok_or_else(|| {
                        PositionError::new(format!(
                            "'{c}' is not a piece of this army ({}, lower case for Black)",
                            options.letters()
                        ))
                    })?;
                Ok((kind, usize::from(c.is_ascii_lowercase())))
            },
            |cell, kind, side| {
                if kind == Kind::Pawn && tables.promotion[orient(side)] & bit(cell) != 0 {
                    return Err(PositionError::new(format!(
                        "a {} pawn-like piece stands on {}, its promotion edge",
                        Side(side as u8).name(),
                        grid.name(cell)
                    )));
                }
                if kind == options.royal() {
                    if self.royal[side] != NONE {
                        return Err(PositionError::new(format!(
                            "{} has more than one {}",
                            Side(side as u8).name(),
                            kind.letter()
                        )));
                    }
                    self.royal[side] = cell;
                }
                self.put(cell, code(kind, side));
                Ok(())
            },
        )?;
        for side in 0..2 {
            if self.royal[side] == NONE {
                return Err(PositionError::new(format!(
                    "{} has no {}",
                    Side(side as u8).name(),
                    options.royal().letter()
                )));
            }
        }
        Ok(())
    }

    /// The en-passant field (not `-`): the cell a double step by the side
    /// not to move just crossed.
    fn read_en_passant(&mut self, ep: &str) -> Result<(), PositionError> {
        let tables = self.tables;
        let grid = tables.grid;
        let cell = grid
            .parse(ep)
            .ok_or_else(|| PositionError::new(format!("'{ep}' is not a cell or '-'")))?;
        let mover = self.side.index() ^ 1;
        let from = tables.forward[orient(mover ^ 1)][cell as usize];
        let landed = tables.forward[orient(mover)][cell as usize];
        let valid = from != NONE
            && landed != NONE
            && self.double_from[mover] & bit(from) != 0
            && self.board[from as usize] == 0
            && self.board[cell as usize] == 0
            && self.board[landed as usize] == code(Kind::Pawn, mover);
        if !valid {
            return Err(PositionError::new(format!(
                "en-passant cell {ep} does not follow a double step by {}",
                Side(mover as u8).name()
            )));
        }
        self.set_ep(cell);
        Ok(())
    }
}

impl Position for HexChess {
    type Move = Move;
    type Undo = Undo;
    type Options = HexOptions;

    fn start(options: &HexOptions) -> Self {
        let mut pos = HexChess::empty(options);
        let grid = pos.grid();
        for (cell, kind) in options.start_men() {
            pos.put(cell, code(kind, 0));
            pos.put(mirror(grid, cell), code(kind, 1));
            if kind == options.royal() {
                pos.royal = [cell, mirror(grid, cell)];
            }
        }
        pos
    }

    fn options(&self) -> &HexOptions {
        &self.options
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.push_legal(false, moves);
    }

    fn count_legal_moves(&self) -> u64 {
        let choices = self.options.promotions().len() as u64;
        let mut count = 0;
        self.for_each_legal(false, |_, _, promote| count += promote.moves(choices));
        count
    }

    fn play(&mut self, mv: Move) -> Undo {
        let us = self.side.index();
        let old_ep = self.ep;
        let (captured_at, captured) = match self.passed_pawn_cell(mv) {
            Some(cell) => (cell, self.remove(cell)),
            None => (mv.to, self.remove(mv.to)),
        };
        let mover = self.remove(mv.from);
        let placed = match mv.promotion {
            Some(kind) => code(kind, us),
            None => mover,
        };
        self.put(mv.to, placed);
        if mover & 15 == self.options.royal() as u8 {
            self.royal[us] = mv.to;
        }
        let fwd = &self.tables.forward[orient(us)];
        let step = fwd[mv.from as usize];
        let new_ep =
            if mover & 15 == Kind::Pawn as u8 && step != NONE && fwd[step as usize] == mv.to {
                step
            } else {
                NONE
            };
        self.set_ep(new_ep);
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE_KEY;
        let checked = self.checked;
        self.checked = self.royal_attacked(self.side.index());
        Undo {
            moved: mover,
            captured,
            captured_at,
            ep: old_ep,
            checked,
        }
    }

    fn undo(&mut self, mv: Move, undo: Undo) {
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE_KEY;
        let us = self.side.index();
        self.set_ep(undo.ep);
        self.remove(mv.to);
        let mover = undo.moved;
        self.put(mv.from, mover);
        if mover & 15 == self.options.royal() as u8 {
            self.royal[us] = mv.from;
        }
        if undo.captured != 0 {
            self.put(undo.captured_at, undo.captured);
        }
        self.checked = undo.checked;
    }

    fn in_check(&self) -> bool {
        self.checked
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut any = false;
        self.for_each_legal(false, |_, _, _| any = true);
        if any {
            return None;
        }
        let winner = self.side.opponent();
        Some(if self.in_check() {
            Outcome {
                result: GameResult::Win(winner),
                reason: EndReason::Checkmate,
            }
        } else if self.options.stalemate_scores() {
            Outcome {
                result: GameResult::ThreeQuarters(winner),
                reason: EndReason::Stalemate,
            }
        } else {
            Outcome {
                result: GameResult::Draw,
                reason: EndReason::Stalemate,
            }
        })
    }

    fn noisy_moves(&self, moves: &mut Vec<Move>) {
        self.legal_noisy_moves(moves);
    }

    /// Captures (en passant too) and promotions.
    fn is_noisy(&self, mv: Move) -> bool {
        mv.promotion.is_some()
            || self.board[mv.to as usize] != 0
            || (mv.to == self.ep && self.board[mv.from as usize] & 15 == Kind::Pawn as u8)
    }

    fn resets_move_clock(&self, mv: Move) -> bool {
        self.board[mv.to as usize] != 0 || self.board[mv.from as usize] & 15 == Kind::Pawn as u8
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = ep_key(self.ep);
        for (cell, &code) in self.board.iter().enumerate() {
            if code != 0 {
                hash ^= piece_key(code, cell as u8);
            }
        }
        if self.side == Side::BLACK {
            hash ^= BLACK_TO_MOVE_KEY;
        }
        hash
    }

    fn move_text(&self, mv: Move) -> String {
        let mut text = format!("{}-{}", self.cell_name(mv.from), self.cell_name(mv.to));
        if let Some(kind) = mv.promotion {
            text.push('=');
            text.push(kind.letter());
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        find_legal_move(self, text, |t| self.syntax_error(t))
    }

    /// `<files> <side> <en passant>`. The files a–l (Compact a–i) are
    /// separated by `/`, each listing its cells from rank 1 upward: a piece
    /// letter (upper case White, lower case Black) or a number for a run of
    /// empty cells. Then `w` or `b`, then the en-passant cell (the cell the
    /// last move's double step skipped) or `-`. The Glinski start is
    /// `6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w -`
    /// (file f: `BBB1P1p1bbb` is f1–f3 Bishops, f5 Pawn, f7 pawn, f9–f11
    /// bishops).
    fn to_text(&self) -> String {
        let mut text = String::new();
        for (i, file) in self.tables.files.iter().enumerate() {
            if i > 0 {
                text.push('/');
            }
            let mut empty = 0;
            for &cell in file {
                let code = self.board[cell as usize];
                match Kind::from_code(code) {
                    None => empty += 1,
                    Some(kind) => {
                        if empty > 0 {
                            let _ = write!(text, "{empty}");
                            empty = 0;
                        }
                        let letter = kind.letter();
                        text.push(if code >> 4 == 0 {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                let _ = write!(text, "{empty}");
            }
        }
        text.push_str(if self.side == Side::WHITE {
            " w "
        } else {
            " b "
        });
        if self.ep == NONE {
            text.push('-');
        } else {
            text.push_str(&self.cell_name(self.ep));
        }
        text
    }

    fn from_text(text: &str, options: &HexOptions) -> Result<Self, PositionError> {
        let err = |s: String| Err(PositionError::new(s));
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [placement, side, ep] = fields[..] else {
            return err(format!(
                "expected 'files side en-passant', got {} fields in '{text}'",
                fields.len()
            ));
        };
        let mut pos = HexChess::empty(options);
        pos.read_men(placement, options)?;
        pos.side = match side {
            "w" => Side::WHITE,
            "b" => Side::BLACK,
            other => return err(format!("side to move must be 'w' or 'b', not '{other}'")),
        };
        if pos.side == Side::BLACK {
            pos.hash ^= BLACK_TO_MOVE_KEY;
        }
        if ep != "-" {
            pos.read_en_passant(ep)?;
        }
        if pos.royal_attacked(pos.side.index() ^ 1) {
            return err(format!(
                "{} is not to move but is in check",
                pos.side.opponent().name()
            ));
        }
        pos.checked = pos.royal_attacked(pos.side.index());
        Ok(pos)
    }

    fn layout(&self) -> BoardLayout {
        board_layout(self.grid())
    }

    fn placements(&self) -> Vec<Placement> {
        (0..self.grid().len() as u8)
            .filter_map(|c| {
                self.piece_at(c).map(|(kind, side)| Placement {
                    cell: c.into(),
                    letter: kind.letter(),
                    side: Some(side),
                    state: ManState::Normal,
                    level: 0,
                })
            })
            .collect()
    }

    fn route(&self, mv: Move) -> Route {
        Route {
            from: mv.from.into(),
            to: mv.to.into(),
        }
    }

    fn effects(&self, mv: Move) -> Vec<Effect> {
        let (from, to) = (mv.from.into(), mv.to.into());
        let mut effects = Vec::new();
        if let Some(passed) = self.passed_pawn_cell(mv) {
            effects.push(Effect::Capture { at: passed.into() });
        } else if self.board[mv.to as usize] != 0 {
            effects.push(Effect::Capture { at: to });
        }
        effects.push(Effect::Move { from, to });
        if let Some(kind) = mv.promotion {
            effects.push(Effect::Transform {
                at: to,
                letter: kind.letter(),
                state: ManState::Normal,
            });
        }
        effects
    }

    fn selection_hints(&self, from: CellId) -> Vec<Hint> {
        hints::selection_hints(self, from)
    }

    fn move_hints(&self, mv: Move) -> Vec<Hint> {
        hints::move_hints(self, mv)
    }

    fn check_hints(&self) -> Vec<Hint> {
        hints::check_hints(self)
    }
}

impl HintBoard for HexChess {
    fn tables(&self) -> &Tables {
        self.tables
    }

    fn occupied(&self) -> u128 {
        self.sides[0] | self.sides[1]
    }

    fn piece_at(&self, cell: u8) -> Option<(Kind, Side)> {
        HexChess::piece_at(self, cell)
    }

    fn passed_pawn_cell(&self, mv: Move) -> Option<u8> {
        HexChess::passed_pawn_cell(self, mv)
    }

    fn royal_and_enemies(&self) -> Option<(u8, u128)> {
        let us = self.side.index();
        let royal = self.royal[us];
        (royal != NONE).then_some((royal, self.sides[us ^ 1]))
    }

    fn man_attacks(&self, attacker: u8, cell: u8) -> bool {
        let Some((_, side)) = HexChess::piece_at(self, attacker) else {
            return false;
        };
        let occ = self.sides[0] | self.sides[1];
        self.attacked(cell, side.index() & 1, occ, bit(attacker))
    }
}
