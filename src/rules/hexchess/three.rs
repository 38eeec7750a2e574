//! Three-player Anglojewish Chess (RULES.md §3, "Three-player Anglojewish
//! Chess"): Red's army is two-player White's around f1, White's and Black's
//! are it turned 120° and 240° about f6. Red moves first, then White, then
//! Black, skipping eliminated players.
//!
//! The men move as in the two-player game, with the same tables: a pawn-like
//! piece uses its army's orientation (forward, captures, double steps and
//! promotion edge turned with the army). After every move the next player
//! N eliminates each other player whose General N attacks, repeatedly; a
//! player without a legal move passes while three are in the game; with two
//! left the game ends as a two-player game does.
//!
//! Sides: `Side(2)` is Red, `Side(0)` White, `Side(1)` Black, so that
//! [`Side::next`] among three gives the turn order and [`Side::name`] the
//! names.

use std::fmt;
use std::fmt::Write as _;

use super::hints::{self, HintBoard};
use super::shared::{
    Army, HexOptions, Kind, Layout, MAX_CELLS, Move, Mover, NONE, Promote, Tables, bit,
    board_layout, code, ep_key, move_syntax_error, pawn_index, push_move, read_placement,
};
use crate::rules::geometry::grid::bits128;
use crate::rules::geometry::hex::HexGrid;
use crate::rules::legal::find_legal_move;
use crate::rules::notation::{MoveError, PositionError};
use crate::rules::outcome::{EndReason, GameResult, Outcome};
use crate::rules::position::Position;
use crate::rules::side::Side;
use crate::rules::variant::PawnKind;
use crate::rules::view::{BoardLayout, CellId, Effect, Hint, ManState, Placement, Route};
use crate::rules::zobrist;

mod danger;

/// The rules as the window shows them.
pub const RULES_TEXT: &str = "\
Three-player Anglojewish Chess: Red, White and Black, each the Anglojewish army \
turned toward the centre, move in turn, Red first. Pieces move as in the \
two-player game; each army's pawn-like pieces go forward from its own corner.
After every move, the next player eliminates each other player whose General it \
attacks: that army leaves the board, and the elimination repeats if a removed \
army opens another line. A player with no legal move must pass. With two players \
left, checkmate wins (the second checkmate) and stalemate is a draw between them. \
En passant is only for the player moving right after the double step.
Each army promotes on the far edge of its own side. The straight-promotee option \
promotes to a Queen, Rook, Unicorn (the diagonal rider) or Sennight instead of \
the Anglojewish pieces; straight-curved also lets a Finch, Rabbi or Cohen ending \
its move there become a Rook, Unicorn or Queen if its player wishes.";

pub const RED: Side = Side(2);
/// The three players in turn order.
pub const TURN_ORDER: [Side; 3] = [RED, Side::WHITE, Side::BLACK];
/// Each side's orientation (sixths of a turn from Red's army).
const ORIENT: [usize; 3] = [2, 4, 0];
/// Each side's letter in the position text.
const OWNER: [char; 3] = ['w', 'b', 'r'];
/// The notation of the forced pass.
pub const PASS: &str = "pass";

const PASS_MOVE: Move = Move {
    from: NONE,
    to: NONE,
    promotion: None,
};

static PIECE_KEYS: [u64; 48 * MAX_CELLS] = zobrist::keys(0x3A7C_0001);
static SIDE_KEYS: [u64; 3] = zobrist::keys(0x3A7C_0002);

fn piece_key(code: u8, cell: u8) -> u64 {
    PIECE_KEYS[(code as usize % 48) * MAX_CELLS + cell as usize % MAX_CELLS]
}

/// A three-player position: placement, player to move and the en-passant
/// right. An eliminated player simply has no men.
#[derive(Clone)]
pub struct HexChess3 {
    options: HexOptions,
    tables: &'static Tables,
    board: [u8; MAX_CELLS],
    kinds: [u128; super::shared::KINDS],
    sides: [u128; 3],
    /// Each player's General, NONE once eliminated.
    royal: [u8; 3],
    side: Side,
    /// The cell the previous player's double step skipped, or NONE.
    ep: u8,
    double_from: [u128; 3],
    hash: u64,
    /// Whether the mover's General is attacked by any other player.
    checked: bool,
}

/// What [`HexChess3::play`] changed beyond the move itself.
#[derive(Clone, Copy, Debug)]
pub struct Undo3 {
    /// The moving man's code before the move (a promotion changes it).
    moved: u8,
    captured: u8,
    captured_at: u8,
    ep: u8,
    checked: bool,
    side: Side,
    /// Bit per side eliminated after the move.
    eliminated: u8,
    /// The placement and Generals before the eliminations (read only when
    /// `eliminated` is not 0).
    board: [u8; MAX_CELLS],
    royal: [u8; 3],
}

impl PartialEq for HexChess3 {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.board == other.board
            && self.side == other.side
            && self.ep == other.ep
    }
}

impl Eq for HexChess3 {}

impl fmt::Debug for HexChess3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexChess3({:?}, \"{}\")", self.options, self.to_text())
    }
}

/// The zone of a General on `cell`: the cell and its orthogonal neighbours
/// (its flight cells).
fn zone_at(t: &Tables, cell: u8) -> u128 {
    t.general_adj[cell as usize] | bit(cell)
}

impl HexChess3 {
    pub fn grid(&self) -> HexGrid {
        self.tables.grid
    }

    /// The piece on a cell: its type and owner.
    pub fn piece_at(&self, cell: u8) -> Option<(Kind, Side)> {
        let code = *self.board.get(cell as usize)?;
        Kind::from_code(code).map(|k| (k, Side(code >> 4)))
    }

    /// Every man on the board: its cell, type and owner, in cell order.
    /// The cells holding `side`'s men of one kind.
    pub fn men_of(&self, kind: Kind, side: Side) -> u128 {
        self.kinds[kind as usize] & self.sides[side.index()]
    }

    pub fn men(&self) -> impl Iterator<Item = (u8, Kind, Side)> + '_ {
        bits128(self.occupied())
            .filter_map(|cell| self.piece_at(cell).map(|(kind, side)| (cell, kind, side)))
    }

    /// Whether the player still has a General (is not eliminated).
    pub fn is_in_game(&self, side: Side) -> bool {
        self.royal.get(side.index()).is_some_and(|&c| c != NONE)
    }

    /// The player's General, None once eliminated.
    pub fn general(&self, side: Side) -> Option<u8> {
        self.royal.get(side.index()).copied().filter(|&c| c != NONE)
    }

    /// The players still in the game.
    pub fn alive_count(&self) -> u8 {
        self.royal.iter().filter(|&&c| c != NONE).count() as u8
    }

    /// The en-passant cell (the cell the last double step skipped), if any.
    pub fn en_passant(&self) -> Option<u8> {
        (self.ep != NONE).then_some(self.ep)
    }

    /// How many forward steps a pawn of `side` on `cell` is from its
    /// promotion edge (0 on it; 20 for cells off the board).
    pub fn promotion_distance(&self, cell: u8, side: Side) -> u8 {
        if usize::from(cell) < self.grid().len() {
            self.tables.to_promotion[ORIENT[side.index() % 3]][usize::from(cell)]
        } else {
            20
        }
    }

    /// Whether `side`'s General is attacked by the men of `by` now.
    pub fn attacks_general(&self, by: Side, side: Side) -> bool {
        match self.general(side) {
            Some(cell) if by != side => self.attacked_by_player(cell, by.index() % 3),
            _ => false,
        }
    }

    /// The cells of `side`'s General and its orthogonal neighbours (its
    /// flight cells); none once it is out of the game.
    pub fn general_zone(&self, side: Side) -> u128 {
        self.general(side)
            .map_or(0, |cell| zone_at(self.tables, cell))
    }

    fn occupied(&self) -> u128 {
        self.sides[0] | self.sides[1] | self.sides[2]
    }

    /// The next player in the game after `side`.
    fn next_in_game(&self, side: Side) -> Side {
        let mut next = side.next(3);
        for _ in 0..2 {
            if self.royal[next.index()] != NONE {
                break;
            }
            next = next.next(3);
        }
        next
    }

    /// The player in the game before `side`.
    fn previous_in_game(&self, side: Side) -> Side {
        let mut prev = Side((side.0 + 2) % 3);
        for _ in 0..2 {
            if self.royal[prev.index()] != NONE {
                break;
            }
            prev = Side((prev.0 + 2) % 3);
        }
        prev
    }

    fn empty(options: &HexOptions) -> HexChess3 {
        let tables = Tables::get(options.grid());
        let grid = tables.grid;
        let mut double_from = [0u128; 3];
        for cell in options.double_step_cells() {
            for (s, &o) in ORIENT.iter().enumerate() {
                if let Some(turned) = grid.rotate_cell(cell, o as u8) {
                    double_from[s] |= bit(turned);
                }
            }
        }
        HexChess3 {
            options: *options,
            tables,
            board: [0; MAX_CELLS],
            kinds: [0; super::shared::KINDS],
            sides: [0; 3],
            royal: [NONE; 3],
            side: RED,
            ep: NONE,
            double_from,
            hash: SIDE_KEYS[RED.index()],
            checked: false,
        }
    }

    fn put(&mut self, cell: u8, code: u8) {
        let b = bit(cell);
        self.board[cell as usize] = code;
        self.kinds[(code & 15) as usize] |= b;
        self.sides[(code >> 4) as usize % 3] |= b;
        self.hash ^= piece_key(code, cell);
    }

    fn remove(&mut self, cell: u8) -> u8 {
        let code = self.board[cell as usize];
        if code != 0 {
            let b = !bit(cell);
            self.board[cell as usize] = 0;
            self.kinds[(code & 15) as usize] &= b;
            self.sides[(code >> 4) as usize % 3] &= b;
            self.hash ^= piece_key(code, cell);
        }
        code
    }

    fn set_ep(&mut self, ep: u8) {
        self.hash ^= ep_key(self.ep) ^ ep_key(ep);
        self.ep = ep;
    }

    fn set_side(&mut self, side: Side) {
        self.hash ^= SIDE_KEYS[self.side.index() % 3] ^ SIDE_KEYS[side.index() % 3];
        self.side = side;
    }

    /// Whether `cell` is attacked by the men `them` (of any players) with
    /// occupancy `occ`; pawn-like pieces attack by their owner's
    /// orientation.
    fn attacked(&self, cell: u8, occ: u128, them: u128) -> bool {
        let t = self.tables;
        let pk = pawn_index(self.options.pawn);
        // Spelt out: the search asks this at every move, and the closure of
        // an `any` over the players is not always inlined.
        let pawn_attack =
            |s: usize| t.pawn_attacks(&self.kinds, pk, ORIENT[s], cell, them & self.sides[s]);
        pawn_attack(0)
            || pawn_attack(1)
            || pawn_attack(2)
            || t.piece_attacks(&self.kinds, cell, occ, them)
    }

    fn attacked_by_player(&self, cell: u8, by: usize) -> bool {
        self.attacked(cell, self.occupied(), self.sides[by])
    }

    /// Whether the General of `side` is attacked by any other player.
    fn general_attacked(&self, side: usize) -> bool {
        let cell = self.royal[side];
        let occ = self.occupied();
        cell != NONE && self.attacked(cell, occ, occ & !self.sides[side])
    }

    /// The cell of the pawn the en-passant right would take: the previous
    /// player's, one forward step beyond the skipped cell. NONE without a
    /// right, or with Points (which never take en passant).
    fn passing_pawn(&self) -> u8 {
        if self.ep == NONE || self.options.pawn == PawnKind::Point {
            return NONE;
        }
        let prev = self.previous_in_game(self.side).index();
        self.tables.forward[ORIENT[prev]][self.ep as usize]
    }

    /// Whether our General is safe after moving `from` to `to`, also
    /// removing the man on `extra` (en passant) unless it is NONE.
    fn safe_after(&self, from: u8, to: u8, extra: u8, royal_moves: bool) -> bool {
        let us = self.side.index();
        let all = self.occupied();
        let mut occ = (all & !bit(from)) | bit(to);
        let mut enemy = all & !self.sides[us] & !bit(to);
        if extra != NONE {
            occ &= !bit(extra);
            enemy &= !bit(extra);
        }
        let cell = if royal_moves { to } else { self.royal[us] };
        !self.attacked(cell, occ, enemy)
    }

    /// Calls `emit(from, to, promote)` for every legal move other than the
    /// pass (a pawn's promotion once for all its choices), or with
    /// `noisy_only` for the captures, en passant and promotions alone.
    fn for_each_legal(&self, noisy_only: bool, emit: impl FnMut(u8, u8, Promote)) {
        let t = self.tables;
        let us = self.side.index() % 3;
        let royal_cell = self.royal[us];
        if royal_cell == NONE || self.alive_count() < 2 {
            return;
        }
        let own = self.sides[us];
        let enemy = self.occupied() & !own;
        let zone = if self.checked {
            u128::MAX
        } else {
            t.pin_zone(&self.kinds, royal_cell, own, enemy)
        };
        let mover = Mover {
            board: &self.board,
            own,
            enemy,
            zone,
            royal_kind: Kind::General as u8,
            orient: ORIENT[us],
            pk: pawn_index(self.options.pawn),
            double_from: self.double_from[us],
            ep: self.ep,
            passed: self.passing_pawn(),
            noisy_only,
            upgrades_curved: self.options.upgrades_curved(),
        };
        t.for_each_move(
            &mover,
            |from, to, extra, royal| self.safe_after(from, to, extra, royal),
            emit,
        );
    }

    fn push_legal(&self, noisy_only: bool, moves: &mut Vec<Move>) {
        let start = moves.len();
        let promotions = self.options.promotions();
        self.for_each_legal(noisy_only, |from, to, promote| {
            push_move(moves, promotions, from, to, promote)
        });
        if !noisy_only && moves.len() == start && self.alive_count() == 3 {
            moves.push(PASS_MOVE);
        }
    }

    /// Appends the legal captures, en-passant captures and promotions.
    pub fn legal_noisy_moves(&self, moves: &mut Vec<Move>) {
        self.push_legal(true, moves);
    }

    /// The pawn a move takes en passant, if it is one: a pawn-like piece's
    /// capture onto the skipped cell (another army's pawn may reach that
    /// cell with a plain forward step, which takes nothing).
    fn passed_pawn_cell(&self, mv: Move) -> Option<u8> {
        if mv.from == NONE
            || mv.to != self.ep
            || self.board[mv.from as usize] & 15 != Kind::Pawn as u8
        {
            return None;
        }
        let o = ORIENT[self.side.index() % 3];
        let pk = pawn_index(self.options.pawn);
        let captures = self.tables.pawn_capture[pk][o][mv.from as usize];
        let passing = self.passing_pawn();
        (captures & bit(mv.to) != 0 && passing != NONE).then_some(passing)
    }

    /// After a move by `mover`, the next player N eliminates every other
    /// player whose General N attacks, until nothing changes.
    fn eliminate(&mut self, next: usize, undo: &mut Undo3) {
        loop {
            let mut hit: u8 = 0;
            for x in 0..3 {
                if x != next
                    && self.royal[x] != NONE
                    && self.attacked_by_player(self.royal[x], next)
                {
                    hit |= 1 << x;
                }
            }
            if hit == 0 {
                return;
            }
            if undo.eliminated == 0 {
                undo.board = self.board;
                undo.royal = self.royal;
            }
            undo.eliminated |= hit;
            for x in 0..3 {
                if hit & 1 << x != 0 {
                    for cell in bits128(self.sides[x]) {
                        self.remove(cell);
                    }
                    self.royal[x] = NONE;
                }
            }
        }
    }

    /// The game's end, if it has one, given whether the mover has a legal
    /// move.
    fn end(&self, has_move: bool) -> Option<Outcome> {
        match self.alive_count() {
            0 | 1 => Some(Outcome {
                result: TURN_ORDER
                    .into_iter()
                    .find(|&s| self.is_in_game(s))
                    .map_or(GameResult::Draw, GameResult::Win),
                reason: EndReason::Checkmate,
            }),
            2 if !has_move => Some(if self.checked {
                Outcome {
                    result: GameResult::Win(self.next_in_game(self.side)),
                    reason: EndReason::Checkmate,
                }
            } else {
                Outcome {
                    result: GameResult::Draw,
                    reason: EndReason::Stalemate,
                }
            }),
            _ => None,
        }
    }
}

/// The rule hints read the position through this view, as for two players;
/// a check hint comes from any man of either other player.
impl HintBoard for HexChess3 {
    fn tables(&self) -> &Tables {
        self.tables
    }

    fn occupied(&self) -> u128 {
        HexChess3::occupied(self)
    }

    fn piece_at(&self, cell: u8) -> Option<(Kind, Side)> {
        HexChess3::piece_at(self, cell)
    }

    fn passed_pawn_cell(&self, mv: Move) -> Option<u8> {
        HexChess3::passed_pawn_cell(self, mv)
    }

    fn royal_and_enemies(&self) -> Option<(u8, u128)> {
        let us = self.side.index() % 3;
        let royal = self.royal[us];
        (royal != NONE).then(|| (royal, self.occupied() & !self.sides[us]))
    }

    fn man_attacks(&self, attacker: u8, cell: u8) -> bool {
        self.attacked(cell, self.occupied(), bit(attacker))
    }
}

impl Position for HexChess3 {
    type Move = Move;
    type Undo = Undo3;
    type Options = HexOptions;

    fn start(options: &HexOptions) -> Self {
        let mut pos = HexChess3::empty(options);
        let grid = pos.grid();
        for (cell, kind) in options.start_men() {
            for (s, &o) in ORIENT.iter().enumerate() {
                let Some(turned) = grid.rotate_cell(cell, o as u8) else {
                    continue;
                };
                pos.put(turned, code(kind, s));
                if kind == Kind::General {
                    pos.royal[s] = turned;
                }
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

    fn side_count(&self) -> u8 {
        3
    }

    fn players_in_game(&self) -> u8 {
        self.alive_count()
    }

    fn in_game(&self, side: Side) -> bool {
        self.is_in_game(side)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.push_legal(false, moves);
    }

    fn count_legal_moves(&self) -> u64 {
        let choices = self.options.promotions().len() as u64;
        let mut count = 0;
        self.for_each_legal(false, |_, _, promote| count += promote.moves(choices));
        if count == 0 && self.alive_count() == 3 {
            1
        } else {
            count
        }
    }

    fn play(&mut self, mv: Move) -> Undo3 {
        let mover = self.side;
        let us = mover.index() % 3;
        let mut undo = Undo3 {
            moved: 0,
            captured: 0,
            captured_at: NONE,
            ep: self.ep,
            checked: self.checked,
            side: mover,
            eliminated: 0,
            board: [0; MAX_CELLS],
            royal: [NONE; 3],
        };
        let mut new_ep = NONE;
        if mv.from != NONE {
            let (captured_at, captured) = match self.passed_pawn_cell(mv) {
                Some(cell) => (cell, self.remove(cell)),
                None => (mv.to, self.remove(mv.to)),
            };
            undo.captured = captured;
            undo.captured_at = captured_at;
            let moved = self.remove(mv.from);
            undo.moved = moved;
            self.put(mv.to, mv.promotion.map_or(moved, |kind| code(kind, us)));
            if moved & 15 == Kind::General as u8 {
                self.royal[us] = mv.to;
            }
            let fwd = &self.tables.forward[ORIENT[us]];
            let step = fwd[mv.from as usize];
            if moved & 15 == Kind::Pawn as u8 && step != NONE && fwd[step as usize] == mv.to {
                new_ep = step;
            }
        }
        let next = self.next_in_game(mover);
        if self.alive_count() == 3 {
            self.eliminate(next.index(), &mut undo);
        }
        if self.royal[us] == NONE {
            // The passing pawn left with its army.
            new_ep = NONE;
        }
        self.set_ep(new_ep);
        self.set_side(next);
        self.checked = self.general_attacked(next.index());
        undo
    }

    fn undo(&mut self, mv: Move, undo: Undo3) {
        if undo.eliminated != 0 {
            for (cell, &code) in undo.board.iter().enumerate() {
                if code != 0 && undo.eliminated & 1 << ((code >> 4) % 3) != 0 {
                    self.put(cell as u8, code);
                }
            }
            self.royal = undo.royal;
        }
        self.set_side(undo.side);
        self.set_ep(undo.ep);
        self.checked = undo.checked;
        if mv.from == NONE {
            return;
        }
        let us = undo.side.index() % 3;
        self.remove(mv.to);
        let moved = undo.moved;
        self.put(mv.from, moved);
        if moved & 15 == Kind::General as u8 {
            self.royal[us] = mv.from;
        }
        if undo.captured != 0 {
            self.put(undo.captured_at, undo.captured);
        }
    }

    fn in_check(&self) -> bool {
        self.checked
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.alive_count() == 3 {
            return None;
        }
        let mut any = false;
        self.for_each_legal(false, |_, _, _| any = true);
        self.end(any)
    }

    fn noisy_moves(&self, moves: &mut Vec<Move>) {
        self.legal_noisy_moves(moves);
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.from != NONE
            && (mv.promotion.is_some()
                || self.board[mv.to as usize] != 0
                || self.passed_pawn_cell(mv).is_some())
    }

    fn resets_move_clock(&self, mv: Move) -> bool {
        mv.from != NONE
            && (self.board[mv.to as usize] != 0
                || self.board[mv.from as usize] & 15 == Kind::Pawn as u8)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = ep_key(self.ep) ^ SIDE_KEYS[self.side.index() % 3];
        for (cell, &code) in self.board.iter().enumerate() {
            if code != 0 {
                hash ^= piece_key(code, cell as u8);
            }
        }
        hash
    }

    fn move_text(&self, mv: Move) -> String {
        if mv.from == NONE {
            return PASS.to_string();
        }
        let grid = self.grid();
        let mut text = format!("{}-{}", grid.name(mv.from), grid.name(mv.to));
        if let Some(kind) = mv.promotion {
            text.push('=');
            text.push(kind.letter());
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        find_legal_move(self, text, |t| {
            if t == PASS {
                None
            } else {
                move_syntax_error(&self.options, t)
            }
        })
    }

    /// `<files> <player> <en passant>`: files a–l separated by `/`, each
    /// listing its cells from rank 1 upward, a man as its owner's letter
    /// (`r`, `w`, `b`) and its piece letter (`rG`), a number a run of empty
    /// cells; then `r`, `w` or `b` to move; then the en-passant cell or `-`.
    fn to_text(&self) -> String {
        let mut text = String::new();
        for (i, file) in self.tables.files.iter().enumerate() {
            if i > 0 {
                text.push('/');
            }
            let mut empty = 0;
            for &cell in file {
                match self.piece_at(cell) {
                    None => empty += 1,
                    Some((kind, side)) => {
                        if empty > 0 {
                            let _ = write!(text, "{empty}");
                            empty = 0;
                        }
                        text.push(OWNER[side.index() % 3]);
                        text.push(kind.letter());
                    }
                }
            }
            if empty > 0 {
                let _ = write!(text, "{empty}");
            }
        }
        text.push(' ');
        text.push(OWNER[self.side.index() % 3]);
        text.push(' ');
        match self.en_passant() {
            Some(cell) => text.push_str(&self.grid().name(cell)),
            None => text.push('-'),
        }
        text
    }

    fn from_text(text: &str, options: &HexOptions) -> Result<Self, PositionError> {
        text::parse(text, options)
    }

    fn layout(&self) -> BoardLayout {
        board_layout(self.grid())
    }

    fn placements(&self) -> Vec<Placement> {
        self.men()
            .map(|(cell, kind, side)| Placement {
                cell: cell.into(),
                letter: kind.letter(),
                side: Some(side),
                state: ManState::Normal,
                level: 0,
            })
            .collect()
    }

    /// A pass is picked on the mover's General.
    fn route(&self, mv: Move) -> Route {
        if mv.from == NONE {
            let at = CellId::from(self.royal[self.side.index() % 3]);
            return Route { from: at, to: at };
        }
        Route {
            from: mv.from.into(),
            to: mv.to.into(),
        }
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

    /// The move's capture, slide and promotion, then every man of an army
    /// it eliminates leaving the board.
    fn effects(&self, mv: Move) -> Vec<Effect> {
        let mut effects = Vec::new();
        if mv.from != NONE {
            let (from, to) = (mv.from.into(), mv.to.into());
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
        }
        let mut after = self.clone();
        let undo = after.play(mv);
        if undo.eliminated != 0 {
            for (cell, &code) in undo.board.iter().enumerate() {
                // The board after the move, before the eliminations.
                if code != 0 && undo.eliminated & 1 << ((code >> 4) % 3) != 0 {
                    effects.push(Effect::Capture {
                        at: CellId::from(cell as u16),
                    });
                }
            }
        }
        effects
    }
}

/// Reading the position text.
mod text {
    use super::*;

    fn err<T>(reason: String) -> Result<T, PositionError> {
        Err(PositionError::new(reason))
    }

    fn owner(letter: char) -> Option<usize> {
        OWNER.iter().position(|&c| c == letter)
    }

    pub(super) fn parse(text: &str, options: &HexOptions) -> Result<HexChess3, PositionError> {
        if options.army == Army::Classical || options.layout == Layout::Compact {
            return err("three-player games are Anglojewish on 91 cells".into());
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [placement, mover, ep] = fields[..] else {
            return err(format!(
                "expected 'files player en-passant', got {} fields in '{text}'",
                fields.len()
            ));
        };
        let mut pos = HexChess3::empty(options);
        place_men(&mut pos, placement, options)?;
        let side = match mover.chars().collect::<Vec<_>>()[..] {
            [c] => owner(c).map(|s| Side(s as u8)),
            _ => None,
        }
        .ok_or_else(|| {
            PositionError::new(format!("player to move must be r, w or b, not '{mover}'"))
        })?;
        pos.set_side(side);
        check_generals(&pos)?;
        if ep != "-" {
            let cell = pos
                .grid()
                .parse(ep)
                .ok_or_else(|| PositionError::new(format!("'{ep}' is not a cell or '-'")))?;
            check_en_passant(&pos, cell, ep)?;
            pos.set_ep(cell);
        }
        for other in TURN_ORDER {
            if pos.attacks_general(side, other) {
                return err(format!(
                    "{} is to move but attacks {}'s General (elimination comes first)",
                    side.name(),
                    other.name()
                ));
            }
        }
        pos.checked = pos.general_attacked(side.index());
        Ok(pos)
    }

    fn place_men(
        pos: &mut HexChess3,
        placement: &str,
        options: &HexOptions,
    ) -> Result<(), PositionError> {
        let tables = pos.tables;
        let grid = tables.grid;
        read_placement(
            tables,
            placement,
            |c, rest| {
                let side = owner(c).ok_or_else(|| {
                    PositionError::new(format!("'{c}' is not an owner (r, w or b) or a number"))
                })?;
                let letter = rest.next().unwrap_or(' ');
                let kind = options.kind_of_letter(letter).ok_or_else(|| {
                    PositionError::new(format!(
                        "'{letter}' after '{c}' is not a piece of this army ({})",
                        options.letters()
                    ))
                })?;
                Ok((kind, side))
            },
            |cell, kind, side| {
                if kind == Kind::Pawn && tables.promotion[ORIENT[side]] & bit(cell) != 0 {
                    return err(format!(
                        "a {} pawn-like piece stands on {}, its promotion edge",
                        Side(side as u8).name(),
                        grid.name(cell)
                    ));
                }
                if kind == Kind::General {
                    if pos.royal[side] != NONE {
                        return err(format!("{} has two Generals", Side(side as u8).name()));
                    }
                    pos.royal[side] = cell;
                }
                pos.put(cell, code(kind, side));
                Ok(())
            },
        )
    }

    fn check_generals(pos: &HexChess3) -> Result<(), PositionError> {
        for s in TURN_ORDER {
            if pos.sides[s.index()] != 0 && !pos.is_in_game(s) {
                return err(format!("{} has men but no General", s.name()));
            }
        }
        if !pos.is_in_game(pos.side) {
            return err(format!("{} is to move but has no General", pos.side.name()));
        }
        if pos.alive_count() < 2 {
            return err("no other player has a General".into());
        }
        Ok(())
    }

    /// The passing pawn must stand one forward step beyond the cell, having
    /// come from a double-step cell of the previous player.
    fn check_en_passant(pos: &HexChess3, cell: u8, name: &str) -> Result<(), PositionError> {
        let prev = pos.previous_in_game(pos.side).index();
        let o = ORIENT[prev];
        let forward = &pos.tables.forward[o];
        let landed = forward[cell as usize];
        // One step back: the forward of the opposite orientation.
        let from = pos.tables.forward[(o + 3) % 6][cell as usize];
        let valid = from != NONE
            && landed != NONE
            && pos.double_from[prev] & bit(from) != 0
            && pos.board[from as usize] == 0
            && pos.board[cell as usize] == 0
            && pos.board[landed as usize] == code(Kind::Pawn, prev);
        if valid {
            Ok(())
        } else {
            err(format!(
                "en-passant cell {name} does not follow a double step by {}",
                Side(prev as u8).name()
            ))
        }
    }
}
