//! Flaxman (RULES.md §1): three men a side on the 36 points of a 7×7 grid of
//! lines. A man's jump length is the distance between the other two men of
//! its colour; captures swap the two men and make a Prisoner.

use std::fmt::Write as _;

use super::geometry::grid::{Grid, bits, distance_squared};
use super::legal::find_legal_move;
use super::notation::split_from_to;
use super::notation::{MoveError, PositionError};
use super::notation::{placement_text, read_placement, side_to_move_field};
use super::outcome::Outcome;
use super::position::Position;
use super::side::Side;
use super::view::{
    Board, BoardLayout, Cell, CellId, CellShape, Decor, Effect, Hint, HintKind, ManState,
    Placement, Route,
};
use super::view::{ManInfo, grid_lines};
use super::zobrist;

pub const GRID: Grid = Grid::new(6, 6);
const POINTS: usize = 36;

/// The start, as position text: the reconstructed layout of RULES.md §1.
pub const START: &str = "1sk1s1/6/6/6/6/1S1KS1 w";

/// The rules as the window shows them.
pub const RULES_TEXT: &str = "\
Each side has a King and two Soldiers on the 36 points.
No man has a fixed move: a man jumps exactly as far as its two companions stand \
apart (straight-line distance), in any direction, over anything. A (4,3) length \
also allows the Pythagorean leap of (5,0).
Landing on an enemy Soldier captures it: the two men swap places and the victim \
becomes a Prisoner. Prisoners never move but still measure for their companions.
Landing on any Prisoner frees it: swap, and it is a Soldier again.
Only a King may capture its own Soldier. Nobody lands on a King.
A King is in check when an enemy King or Soldier could jump onto it; you may not \
leave yours in check. If every King and Soldier of yours has no point at its \
distance on the board (all pinned), it is a stalemate, even in check. Otherwise, \
with no legal move: in check it is checkmate (a loss), not in check a stalemate \
(a draw).";

/// The board's ink: eight lines each way, so that the 36 points are the
/// inner intersections and the board has a margin of empty squares. Points
/// alone would float on bare wood.
pub fn decor() -> Decor {
    // The 36 points are the crossings of 8 lines each way, the outer ones
    // one step beyond the points.
    let (low, high) = (-1.0, GRID.files as f32);
    Decor {
        lines: grid_lines(low, high, 1.0, 8, 0.035),
        base_margin: 2.3,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    King,
    Soldier,
    Prisoner,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Soldier => 'S',
            Kind::Prisoner => 'P',
        }
    }

    fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'K' => Some(Kind::King),
            'S' => Some(Kind::Soldier),
            'P' => Some(Kind::Prisoner),
            _ => None,
        }
    }

    fn is_mobile(self) -> bool {
        self != Kind::Prisoner
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Man {
    pub side: Side,
    pub kind: Kind,
}

impl Man {
    /// A captured Soldier becomes a Prisoner, a freed Prisoner a Soldier.
    fn swapped(self) -> Man {
        let kind = match self.kind {
            Kind::Soldier => Kind::Prisoner,
            Kind::Prisoner => Kind::Soldier,
            Kind::King => Kind::King,
        };
        Man { kind, ..self }
    }
}

/// A jump from one point to another; what happens on landing follows from
/// the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    target: Option<Man>,
}

#[derive(Clone, Debug)]
pub struct Flaxman {
    board: [Option<Man>; POINTS],
    /// Each side's three points; index 0 is the King.
    men: [[u8; 3]; 2],
    side: Side,
    hash: u64,
}

/// The board and the side to move are the whole position; `men` and `hash`
/// follow from them (the order of a side's two other men is bookkeeping).
impl PartialEq for Flaxman {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.side == other.side
    }
}

impl Eq for Flaxman {}

/// `JUMPS[d²][p]`: the points at squared distance d² from p.
static JUMPS: [[u64; POINTS]; 51] = jump_table();

const fn jump_table() -> [[u64; POINTS]; 51] {
    let mut table = [[0u64; POINTS]; 51];
    let mut from = 0;
    while from < POINTS {
        let mut to = 0;
        while to < POINTS {
            if to != from {
                let d2 = distance_squared(GRID, from as u8, to as u8) as usize;
                table[d2][from] |= 1 << to;
            }
            to += 1;
        }
        from += 1;
    }
    table
}

/// The points at squared distance `length_squared` from `from`, as a mask:
/// where a man on `from` with that jump length may land on an empty board
/// (the (5,0) Pythagorean leap included, as 25 = 4² + 3²).
pub fn jumps(length_squared: u8, from: u8) -> u64 {
    JUMPS[usize::from(length_squared)][usize::from(from)]
}

static MAN_KEYS: [u64; 6 * POINTS] = zobrist::keys(0xF1A7);
const BLACK_TO_MOVE_KEY: u64 = zobrist::splitmix64(0xF1A7_B1AC);

fn man_key(man: Man, point: u8) -> u64 {
    let kind = man.kind as usize;
    MAN_KEYS[(man.side.index() * 3 + kind) * POINTS + point as usize]
}

impl Flaxman {
    pub fn man_at(&self, point: u8) -> Option<Man> {
        self.board.get(point as usize).copied().flatten()
    }

    /// The two points that define the jump of the man on `point`: the other
    /// two men of its colour.
    pub fn definers(&self, point: u8) -> Option<(u8, u8)> {
        let man = self.man_at(point)?;
        let men = self.men[man.side.index()];
        let i = men.iter().position(|&p| p == point)?;
        Some((men[(i + 1) % 3], men[(i + 2) % 3]))
    }

    /// Squared jump length of the man on `point`.
    pub fn jump_length_squared(&self, point: u8) -> Option<u8> {
        let (a, b) = self.definers(point)?;
        Some(distance_squared(GRID, a, b))
    }

    fn kings_mask(&self) -> u64 {
        (1 << self.men[0][0]) | (1 << self.men[1][0])
    }

    fn soldiers_mask(&self, side: Side) -> u64 {
        self.men[side.index()][1..]
            .iter()
            .filter(|&&p| self.board[p as usize].is_some_and(|m| m.kind == Kind::Soldier))
            .fold(0, |mask, &p| mask | 1 << p)
    }

    /// Every jump the rules of landing allow, before the check test.
    fn for_each_pseudo_legal(&self, mut emit: impl FnMut(Move)) {
        let us = self.side.index();
        let blocked_for_soldiers = self.kings_mask() | self.soldiers_mask(self.side);
        let blocked_for_king = self.kings_mask();
        for i in 0..3 {
            let from = self.men[us][i];
            let kind = self.board[from as usize].map_or(Kind::Prisoner, |m| m.kind);
            if !kind.is_mobile() {
                continue;
            }
            let d2 = distance_squared(GRID, self.men[us][(i + 1) % 3], self.men[us][(i + 2) % 3]);
            let blocked = if kind == Kind::King {
                blocked_for_king
            } else {
                blocked_for_soldiers
            };
            for to in bits(JUMPS[d2 as usize][from as usize] & !blocked) {
                emit(Move { from, to });
            }
        }
    }

    /// Whether every mobile man of the side to move is pinned: its jump
    /// length has no on-board destination at all, whatever stands there.
    pub fn all_mobile_men_pinned(&self) -> bool {
        let us = self.side.index();
        (0..3).all(|i| {
            let from = self.men[us][i];
            let mobile = self.board[from as usize].is_some_and(|m| m.kind.is_mobile());
            !mobile || {
                let (a, b) = (self.men[us][(i + 1) % 3], self.men[us][(i + 2) % 3]);
                JUMPS[distance_squared(GRID, a, b) as usize][from as usize] == 0
            }
        })
    }

    /// Whether a mobile man of the side other than `side` could jump onto
    /// `side`'s King.
    pub fn king_attacked(&self, side: Side) -> bool {
        let king = self.men[side.index()][0];
        let them = self.men[side.opponent().index()];
        (0..3).any(|i| {
            let attacker = them[i];
            self.board[attacker as usize].is_some_and(|m| m.kind.is_mobile())
                && distance_squared(GRID, them[(i + 1) % 3], them[(i + 2) % 3])
                    == distance_squared(GRID, attacker, king)
        })
    }

    fn is_legal(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play(mv);
        !after.king_attacked(self.side)
    }

    /// Moves the man on `a` to `b` and the man on `b` (if any) to `a` in the
    /// men lists. Both are looked up before either changes: in a King's
    /// capture they are of one side.
    fn exchange(&mut self, a: u8, b: u8) {
        for side in &mut self.men {
            let on_a = side.iter().position(|&p| p == a);
            let on_b = side.iter().position(|&p| p == b);
            if let Some(i) = on_a {
                side[i] = b;
            }
            if let Some(i) = on_b {
                side[i] = a;
            }
        }
    }

    fn put(&mut self, point: u8, man: Option<Man>) {
        if let Some(old) = self.board[point as usize] {
            self.hash ^= man_key(old, point);
        }
        if let Some(new) = man {
            self.hash ^= man_key(new, point);
        }
        self.board[point as usize] = man;
    }

    fn syntax_error(text: &str) -> Option<String> {
        match split_from_to(text) {
            Err(reason) => Some(reason),
            Ok((_, _, Some(_))) => Some("Flaxman has no promotion".into()),
            Ok((from, to, None)) => [from, to]
                .into_iter()
                .find(|name| GRID.parse(name).is_none())
                .map(|name| format!("'{name}' is not a point (a1 to f6)")),
        }
    }
}

/// The shape of the offset between two points: (larger, smaller) of the
/// file and rank differences, so `(4,3)` for a4–e1.
fn shape(a: u8, b: u8) -> (u8, u8) {
    let (ax, ay) = GRID.coords(a);
    let (bx, by) = GRID.coords(b);
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    (dx.max(dy), dx.min(dy))
}

/// A jump length as a person reads it: the length (`3`, or `√5` when it is
/// not whole), the definers' shape, and every other shape of that length
/// that fits on the board: `3 (3,0)`, `√5 (2,1)`, `5 (4,3) or (5,0)`.
fn length_label(a: u8, b: u8) -> String {
    let (long, short) = shape(a, b);
    let d2 = u32::from(long) * u32::from(long) + u32::from(short) * u32::from(short);
    let root = (0..=8u32).find(|r| r * r == d2);
    let mut label = match root {
        Some(r) => format!("{r} ({long},{short})"),
        None => format!("√{d2} ({long},{short})"),
    };
    for p in 0..GRID.files {
        for q in 0..=p {
            if u32::from(p) * u32::from(p) + u32::from(q) * u32::from(q) == d2
                && (p, q) != (long, short)
            {
                let _ = write!(label, " or ({p},{q})");
            }
        }
    }
    label
}

/// The Flaxman men: their names, moves and models.
pub fn men(letter: char, state: ManState) -> Option<ManInfo> {
    match (letter, state) {
        (_, ManState::Prisoner) => ManInfo::man(
            "Prisoner",
            "flaxman-prisoner",
            "never moves, but still measures its companions' jumps; landing on it frees it",
        ),
        ('K', _) => ManInfo::royal(
            "King",
            "flaxman-king",
            "jumps exactly as far as its two companions stand apart; may capture its own Soldier",
        ),
        ('S', _) => ManInfo::man(
            "Soldier",
            "flaxman-soldier",
            "jumps exactly as far as its two companions stand apart, over anything",
        ),
        _ => None,
    }
}

impl Position for Flaxman {
    type Move = Move;
    type Undo = Undo;
    type Options = ();

    fn start(_options: &()) -> Self {
        Flaxman::from_text(START, &()).expect("the start position text is valid")
    }

    fn options(&self) -> &() {
        &()
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.for_each_pseudo_legal(|mv| {
            if self.is_legal(mv) {
                moves.push(mv);
            }
        });
    }

    fn count_legal_moves(&self) -> u64 {
        let mut count = 0;
        self.for_each_pseudo_legal(|mv| count += u64::from(self.is_legal(mv)));
        count
    }

    fn play(&mut self, mv: Move) -> Undo {
        let mover = self.board[mv.from as usize];
        let target = self.board[mv.to as usize];
        self.exchange(mv.from, mv.to);
        self.put(mv.from, target.map(Man::swapped));
        self.put(mv.to, mover);
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE_KEY;
        Undo { target }
    }

    fn undo(&mut self, mv: Move, undo: Undo) {
        let mover = self.board[mv.to as usize];
        self.exchange(mv.to, mv.from);
        self.put(mv.to, undo.target);
        self.put(mv.from, mover);
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE_KEY;
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// The seed: "If it's your move and all your mobile pieces are 'pinned,'
    /// that's considered a stalemate, too" — even in check. Otherwise no
    /// legal move is checkmate in check and stalemate out of it.
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        let in_check = self.in_check() && !self.all_mobile_men_pinned();
        Some(Outcome::no_move_left(self.side, in_check))
    }

    fn resets_move_clock(&self, mv: Move) -> bool {
        self.board[mv.to as usize].is_some()
    }

    /// Captures, freeings and King's captures: every landing on a man.
    fn is_noisy(&self, mv: Move) -> bool {
        self.board[mv.to as usize].is_some()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let men = (0..POINTS as u8)
            .filter_map(|p| self.board[p as usize].map(|m| man_key(m, p)))
            .fold(0, |h, k| h ^ k);
        if self.side == Side::BLACK {
            men ^ BLACK_TO_MOVE_KEY
        } else {
            men
        }
    }

    fn move_text(&self, mv: Move) -> String {
        format!("{}-{}", GRID.name(mv.from), GRID.name(mv.to))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        find_legal_move(self, text, Flaxman::syntax_error)
    }

    /// Ranks 6 to 1 separated by `/`, each listing files a–f with `K S P`
    /// for White, `k s p` for Black and digits for runs of empty points; then
    /// `w` or `b` for the side to move. The start is [`START`].
    fn to_text(&self) -> String {
        let mut text = placement_text(GRID, |cell| {
            self.board[cell as usize].map(|m| (m.kind.letter(), m.side))
        });
        text.push_str(if self.side == Side::WHITE { " w" } else { " b" });
        text
    }

    fn from_text(text: &str, _options: &()) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [placement, side] = fields[..] else {
            return Err(PositionError::new(format!(
                "expected 'placement side', got {} fields in '{text}'",
                fields.len()
            )));
        };
        let side = side_to_move_field(side)?;
        let mut board = [None; POINTS];
        read_placement(GRID, placement, "points", |man| {
            let kind = Kind::from_letter(man.letter).ok_or_else(|| {
                PositionError::new(format!(
                    "'{}' is not a Flaxman man (K S P, k s p)",
                    man.written
                ))
            })?;
            board[man.cell as usize] = Some(Man {
                side: man.side,
                kind,
            });
            Ok(())
        })?;
        let mut men = [[0u8; 3]; 2];
        for s in [Side::WHITE, Side::BLACK] {
            let of_side = |kind: Kind| {
                (0..POINTS as u8).filter(move |&p| board[p as usize] == Some(Man { side: s, kind }))
            };
            let kings: Vec<u8> = of_side(Kind::King).collect();
            let others: Vec<u8> = of_side(Kind::Soldier)
                .chain(of_side(Kind::Prisoner))
                .collect();
            let mut sorted_others = others.clone();
            sorted_others.sort_unstable();
            match (&kings[..], &sorted_others[..]) {
                ([k], [a, b]) => men[s.index()] = [*k, *a, *b],
                _ => {
                    return Err(PositionError::new(format!(
                        "{} needs one King and two Soldiers or Prisoners, has {} and {}",
                        s.name(),
                        kings.len(),
                        others.len()
                    )));
                }
            }
        }
        let mut pos = Flaxman {
            board,
            men,
            side,
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        if pos.king_attacked(side.opponent()) {
            return Err(PositionError::new(format!(
                "{} is not to move but is in check",
                side.opponent().name()
            )));
        }
        Ok(pos)
    }

    fn layout(&self) -> BoardLayout {
        let cells = (0..POINTS as u8)
            .map(|p| {
                let (x, y) = GRID.coords(p);
                Cell {
                    board: 0,
                    name: GRID.name(p),
                    alt_name: None,
                    place: [x as f32, y as f32],
                    shape: CellShape::Point,
                    colour: 0,
                }
            })
            .collect();
        BoardLayout {
            boards: vec![Board {
                name: "Flaxman".into(),
                centre: [2.5, 2.5],
                colours: 1,
            }],
            cells,
        }
    }

    fn placements(&self) -> Vec<Placement> {
        (0..POINTS as u8)
            .filter_map(|p| {
                self.board[p as usize].map(|man| Placement {
                    cell: p.into(),
                    letter: man.kind.letter(),
                    side: Some(man.side),
                    state: if man.kind == Kind::Prisoner {
                        ManState::Prisoner
                    } else {
                        ManState::Normal
                    },
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

    /// A mobile man: a Line between its definers (lower point first)
    /// labelled with the jump
    /// length (see [`length_label`]); when its side is to move, a `Leap` Mark
    /// on each legal target whose shape differs from the definers' (the
    /// Pythagorean leap: (5,0) for definers (4,3) apart, or vice versa). A
    /// Prisoner: a Note that it never moves.
    fn selection_hints(&self, from: CellId) -> Vec<Hint> {
        let Some(point) = u8::try_from(from).ok().filter(|&p| usize::from(p) < POINTS) else {
            return Vec::new();
        };
        let Some(man) = self.man_at(point) else {
            return Vec::new();
        };
        if man.kind == Kind::Prisoner {
            return vec![Hint::Mark {
                at: from,
                kind: HintKind::Note,
                label: "Prisoner: never moves but still defines jumps; landing on it frees it"
                    .into(),
            }];
        }
        let Some((a, b)) = self.definers(point) else {
            return Vec::new();
        };
        let mut hints = vec![Hint::Line {
            from: a.min(b).into(),
            to: a.max(b).into(),
            kind: HintKind::Definers,
            label: Some(length_label(a, b)),
        }];
        if man.side == self.side {
            let definers_shape = shape(a, b);
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            let mut leaps: Vec<u8> = moves
                .iter()
                .filter(|mv| mv.from == point && shape(mv.from, mv.to) != definers_shape)
                .map(|mv| mv.to)
                .collect();
            leaps.sort_unstable();
            hints.extend(leaps.into_iter().map(|to| Hint::Mark {
                at: to.into(),
                kind: HintKind::Leap,
                label: "Pythagorean leap".into(),
            }));
        }
        hints
    }

    /// A Line from each enemy man that could jump onto the King to the King
    /// (attackers in point order), labelled with its jump length.
    fn check_hints(&self) -> Vec<Hint> {
        let king = self.men[self.side.index()][0];
        let them = self.men[self.side.opponent().index()];
        let mut order = [0, 1, 2];
        order.sort_by_key(|&i| them[i]);
        order
            .into_iter()
            .filter_map(|i| {
                let attacker = them[i];
                let (a, b) = (them[(i + 1) % 3], them[(i + 2) % 3]);
                let mobile = self.board[attacker as usize].is_some_and(|m| m.kind.is_mobile());
                (mobile && distance_squared(GRID, a, b) == distance_squared(GRID, attacker, king))
                    .then(|| Hint::Line {
                        from: attacker.into(),
                        to: king.into(),
                        kind: HintKind::Check,
                        label: Some(length_label(a, b)),
                    })
            })
            .collect()
    }

    fn effects(&self, mv: Move) -> Vec<Effect> {
        let (from, to) = (mv.from.into(), mv.to.into());
        match self.man_at(mv.to) {
            None => vec![Effect::Move { from, to }],
            Some(target) => {
                let after = target.swapped();
                vec![
                    Effect::Swap { a: from, b: to },
                    Effect::Transform {
                        at: from,
                        letter: after.kind.letter(),
                        state: if after.kind == Kind::Prisoner {
                            ManState::Prisoner
                        } else {
                            ManState::Normal
                        },
                    },
                ]
            }
        }
    }
}
