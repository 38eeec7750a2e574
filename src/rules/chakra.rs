//! Chakra (RULES.md §4): chess on 8×8 with Apes, Samurai, Monks and
//! Courtesans, and two chakras a side. A chakra is both a small piece (it
//! moves, vacant, in knight or king mode) and a square (pieces stand on it);
//! a side's two chakras form its Transmitter, which carries a piece that could
//! move onto one of them to the other.
//!
//! The position is kept as 8×8 bitboards (one bit per square, `a1` = bit 0,
//! `h8` = bit 63) plus a mailbox for "what stands here". Legality is decided
//! by an attack test on the bitboards as they would be after the move, and
//! the test is skipped for moves that cannot expose the King (see
//! [`Chakra::count_and_push_legal`]).

use super::geometry::grid::{Grid, bits};
use super::geometry::square::{DIRECTIONS, SquareKit, leap_table};
use super::legal::find_legal_move;
use super::men::chess_man;
use super::notation::split_from_to;
use super::notation::{MoveError, PositionError};
use super::notation::{placement_text, read_placement, side_to_move_field};
use super::outcome::Outcome;
use super::position::Position;
use super::side::Side;
use super::view::ManInfo;
use super::view::{
    Board, BoardLayout, Cell, CellId, CellShape, Effect, Hint, HintKind, ManState, Placement, Route,
};
use super::zobrist;

pub const GRID: Grid = Grid::new(8, 8);

/// The start, as position text (see [`Chakra::to_text`]).
/// The rules as the window shows them.
pub const RULES_TEXT: &str = "\
Freeling's 8×8 game. King and Queen move as in chess, Ape like a Knight, \
Samurai like King + Rook, Monk like King + Bishop. The Courtesan steps like a King and, when she sees her own \
King along a line, may slide along it.
Each side has two chakras: a vacant chakra moves like a Knight or one King step \
(its mode) and may flip mode. Any piece may stand on a chakra; your own chakras \
are transparent to your sliders, the enemy's stop them.
The Transmitter: a piece that could move onto its own vacant chakra may instead \
arrive on the other one, capturing an enemy piece there. A piece on its chakra \
may pass. Only a King captures the enemy Transmitter, by stepping onto a vacant \
enemy chakra: both leave the board.
Pawns step forward (two squares from their second rank, but never over an \
enemy chakra; no en passant), capture diagonally, and promote only to pieces \
their side has lost. Checkmate wins, stalemate draws.";

pub const START: &str = "acmqksca/1pppppp1/8/8/8/8/1PPPPPP1/ACMQKSCA w Ta2n,Th2n,ta7n,th7n";

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    King,
    Queen,
    Ape,
    Courtesan,
    Monk,
    Samurai,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Queen,
        Kind::Ape,
        Kind::Courtesan,
        Kind::Monk,
        Kind::Samurai,
        Kind::Pawn,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Ape => 'A',
            Kind::Courtesan => 'C',
            Kind::Monk => 'M',
            Kind::Samurai => 'S',
            Kind::Pawn => 'P',
        }
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter)
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// What a pawn may become, in the order promotions are listed, with the
/// number of each a side starts with (the pool is that minus those on board).
pub const PROMOTABLE: [(Kind, u32); 5] = [
    (Kind::Queen, 1),
    (Kind::Samurai, 1),
    (Kind::Monk, 1),
    (Kind::Courtesan, 2),
    (Kind::Ape, 2),
];

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

/// What kind of turn a [`Move`] is; with `from` and `to` it names the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A piece moves `from` → `to`, directly or through its Transmitter (one
    /// move either way); `from == to` is the pass.
    Piece,
    /// A pawn ends on its last rank and becomes this kind.
    Promote(Kind),
    /// A vacant chakra moves `from` → `to`.
    Chakra,
    /// A vacant chakra moves and then turns over; `from == to` turns it over
    /// in place.
    ChakraFlip,
}

/// A move. Only [`Position::legal_moves`] makes them, so its squares are
/// always on the board and `play` never indexes outside it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: u8,
    to: u8,
    kind: MoveKind,
}

impl Move {
    /// The square the piece or chakra leaves (a1 = 0 … h8 = 63).
    pub fn from(self) -> u8 {
        self.from
    }

    /// The square it ends on; equal to `from` for a pass or a flip in place.
    pub fn to(self) -> u8 {
        self.to
    }

    pub fn kind(self) -> MoveKind {
        self.kind
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    /// The opponent's chakras taken off by a King capturing the Transmitter.
    removed: u64,
    /// Which of those were in king mode.
    removed_king_mode: u64,
    hash: u64,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chakra {
    board: [Option<Piece>; 64],
    /// Both sides' pieces of each kind, indexed by [`Kind::index`].
    kinds: [u64; 7],
    sides: [u64; 2],
    chakras: [u64; 2],
    /// The chakras (of either side) showing their king side.
    king_mode: u64,
    kings: [u8; 2],
    side: Side,
    hash: u64,
}

// ---------------------------------------------------------------------------
// Tables, built at compile time.

const fn bit(square: u8) -> u64 {
    1u64 << square
}

/// The rays, leaps and lines of the board.
static KIT: SquareKit<64> = SquareKit::new(GRID);
const NO_DIR: u8 = 8;

/// `PAWN_ATTACKS[side][s]`: the squares a pawn of `side` on `s` captures on.
static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leap_table(GRID, &[(-1, 1), (1, 1)]),
    leap_table(GRID, &[(-1, -1), (1, -1)]),
];
/// `PAWN_FROM[side][s]`: the square a pawn of `side` steps forward from to
/// reach `s`.
static PAWN_FROM: [[u64; 64]; 2] = [leap_table(GRID, &[(0, -1)]), leap_table(GRID, &[(0, 1)])];
/// `PAWN_STEP[side][s]`: the square in front of a pawn of `side` on `s`.
static PAWN_STEP: [[u64; 64]; 2] = [leap_table(GRID, &[(0, 1)]), leap_table(GRID, &[(0, -1)])];
const LAST_RANK: [u64; 2] = [0xFF << 56, 0xFF];
/// The rank a pawn may double-step from: White's second, Black's seventh.
const SECOND_RANK: [u64; 2] = [0xFF << 8, 0xFF << 48];
/// The rank a double step lands on: White's fourth, Black's fifth.
const DOUBLE_STEP_RANK: [u64; 2] = [0xFF << 24, 0xFF << 32];

/// `DIR[a][b]`: the direction from a to b, or [`NO_DIR`] if they do not
/// share a rank, file or diagonal.
static DIR: [[u8; 64]; 64] = dir_table();

const fn dir_table() -> [[u8; 64]; 64] {
    let mut table = [[NO_DIR; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut cur = a;
            while let Some(t) = GRID.offset(cur, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                table[a as usize][t as usize] = d as u8;
                cur = t;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// `BETWEEN[a][b]`: the squares strictly between two aligned squares.
static BETWEEN: [[u64; 64]; 64] = between_table();

const fn between_table() -> [[u64; 64]; 64] {
    let dirs = dir_table();
    let rays = SquareKit::<64>::new(GRID).rays;
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let d = dirs[a][b] as usize;
            if d != NO_DIR as usize {
                table[a][b] = rays[d][a] & rays[d ^ 4][b];
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// `BEYOND[a][b]`: the ray from b onward, away from a (empty if unaligned).
static BEYOND: [[u64; 64]; 64] = beyond_table();

const fn beyond_table() -> [[u64; 64]; 64] {
    let dirs = dir_table();
    let rays = SquareKit::<64>::new(GRID).rays;
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let d = dirs[a][b] as usize;
            if d != NO_DIR as usize {
                table[a][b] = rays[d][b];
            }
            b += 1;
        }
        a += 1;
    }
    table
}

static PIECE_KEYS: [u64; 2 * 7 * 64] = zobrist::keys(0xC4A4_0001);
static CHAKRA_KEYS: [u64; 2 * 2 * 64] = zobrist::keys(0xC4A4_0002);
const BLACK_TO_MOVE_KEY: u64 = zobrist::splitmix64(0xC4A4_B1AC);

fn piece_key(piece: Piece, square: u8) -> u64 {
    PIECE_KEYS[(piece.side.index() * 7 + piece.kind.index()) * 64 + square as usize]
}

fn chakra_key(side: usize, king_mode: bool, square: u8) -> u64 {
    CHAKRA_KEYS[(side * 2 + usize::from(king_mode)) * 64 + square as usize]
}

/// The other chakra of a Transmitter, if it has two.
fn other_chakra(chakras: u64, square: u8) -> Option<u8> {
    let rest = chakras & !bit(square);
    (rest != 0 && chakras & bit(square) != 0).then(|| rest.trailing_zeros() as u8)
}

// ---------------------------------------------------------------------------
// The rules.

impl Chakra {
    pub fn piece_at(&self, square: u8) -> Option<Piece> {
        self.board.get(square as usize).copied().flatten()
    }

    /// The side owning the chakra on `square`, and whether it is in king mode.
    pub fn chakra_at(&self, square: u8) -> Option<(Side, bool)> {
        let b = 1u64.checked_shl(square.into())?;
        let king_mode = self.king_mode & b != 0;
        if self.chakras[0] & b != 0 {
            Some((Side::WHITE, king_mode))
        } else if self.chakras[1] & b != 0 {
            Some((Side::BLACK, king_mode))
        } else {
            None
        }
    }

    fn occupied(&self) -> u64 {
        self.sides[0] | self.sides[1]
    }

    fn of(&self, side: usize, kind: Kind) -> u64 {
        self.kinds[kind.index()] & self.sides[side]
    }

    /// Whether some piece of `them` (those in `alive`) could move onto `x`:
    /// capturing there if `capture`, else onto a vacant square (so pawns by
    /// their forward step). `occ` is every piece, `stops` the chakras of the
    /// side opposing `them` (where their sliders must stop).
    fn reaches(&self, x: u8, them: usize, occ: u64, alive: u64, stops: u64, capture: bool) -> bool {
        let xs = x as usize;
        let th = self.sides[them] & alive;
        let k = &self.kinds;
        if KIT.knight[xs] & k[Kind::Ape.index()] & th != 0 {
            return true;
        }
        let steppers = (k[Kind::King.index()]
            | k[Kind::Samurai.index()]
            | k[Kind::Monk.index()]
            | k[Kind::Courtesan.index()])
            & th;
        if KIT.king[xs] & steppers != 0 {
            return true;
        }
        let pawns = k[Kind::Pawn.index()] & th;
        let pawn_sources = if capture {
            PAWN_ATTACKS[them ^ 1][xs]
        } else {
            PAWN_FROM[them][xs] | self.double_step_source(x, them, occ, stops)
        };
        if pawn_sources & pawns != 0 {
            return true;
        }
        let blockers = occ | stops;
        let queens = k[Kind::Queen.index()] & th;
        let orthogonal = queens | k[Kind::Samurai.index()] & th;
        if orthogonal != 0 && KIT.rook(x, blockers) & orthogonal != 0 {
            return true;
        }
        let diagonal = queens | k[Kind::Monk.index()] & th;
        if diagonal != 0 && KIT.bishop(x, blockers) & diagonal != 0 {
            return true;
        }
        let courtesans = k[Kind::Courtesan.index()] & th;
        if courtesans != 0 {
            let king = self.kings[them] as usize;
            for c in bits(courtesans) {
                let c = c as usize;
                let toward = BETWEEN[c][king];
                if (toward | BEYOND[king][c]) & bit(x) != 0
                    && toward & occ == 0
                    && BETWEEN[c][xs] & blockers == 0
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `them` attacks square `t`, directly or through their
    /// Transmitter, with the board described by the arguments (see
    /// [`Chakra::reaches`]; `their_chakras` are `them`'s chakras).
    fn attacked(
        &self,
        t: u8,
        them: usize,
        occ: u64,
        alive: u64,
        stops: u64,
        their_chakras: u64,
    ) -> bool {
        if self.reaches(t, them, occ, alive, stops, true) {
            return true;
        }
        match other_chakra(their_chakras, t) {
            Some(a) if occ & bit(a) == 0 => self.reaches(a, them, occ, alive, stops, false),
            _ => false,
        }
    }

    fn king_attacked(&self, side: usize) -> bool {
        let them = side ^ 1;
        self.attacked(
            self.kings[side],
            them,
            self.occupied(),
            !0,
            self.chakras[side],
            self.chakras[them],
        )
    }

    /// The squares the piece on `s` could move to by its own move, before the
    /// Transmitter and the King's safety are considered.
    fn direct_targets(&self, s: u8, kind: Kind, us: usize) -> u64 {
        let su = s as usize;
        let them = us ^ 1;
        let own = self.sides[us];
        let occ = self.occupied();
        let stops = occ | self.chakras[them];
        let targets = match kind {
            Kind::King => {
                let mut t = KIT.king[su];
                // The protected Transmitter: while their King stands on one of
                // their chakras, ours may not enter the other one.
                let their_king = self.kings[them];
                if let Some(other) = other_chakra(self.chakras[them], their_king) {
                    t &= !bit(other);
                }
                t
            }
            Kind::Ape => KIT.knight[su],
            Kind::Queen => KIT.rook(s, stops) | KIT.bishop(s, stops),
            Kind::Samurai => KIT.king[su] | KIT.rook(s, stops),
            Kind::Monk => KIT.king[su] | KIT.bishop(s, stops),
            Kind::Courtesan => {
                let king = self.kings[us] as usize;
                let d = DIR[su][king];
                let mut t = KIT.king[su];
                if d != NO_DIR && BETWEEN[su][king] & occ == 0 {
                    let d = d as usize;
                    t |= KIT.ray(d, s, stops) | KIT.ray(d ^ 4, s, stops);
                }
                t
            }
            Kind::Pawn => {
                let step = PAWN_STEP[us][su] & !occ;
                let mut t = step | (PAWN_ATTACKS[us][su] & self.sides[them]);
                // The double step: over a square with no piece and no enemy
                // chakra (own chakras are transparent), onto one with no piece.
                if SECOND_RANK[us] & bit(s) != 0 && step & self.chakras[them] == 0 && step != 0 {
                    let over = step.trailing_zeros() as usize;
                    t |= PAWN_STEP[us][over] & !occ;
                }
                t
            }
        };
        targets & !own
    }

    /// The square a pawn of `them` would double-step from to land on the
    /// vacant square `x` (empty if none could), with `occ` every piece and
    /// `stops` the chakras that bar their way.
    fn double_step_source(&self, x: u8, them: usize, occ: u64, stops: u64) -> u64 {
        if DOUBLE_STEP_RANK[them] & bit(x) == 0 {
            return 0;
        }
        let over = PAWN_FROM[them][x as usize];
        if over & (occ | stops) != 0 {
            return 0;
        }
        PAWN_FROM[them][over.trailing_zeros() as usize]
    }

    /// Adds the Transmitter's squares to `direct` (the piece on `s`'s own
    /// moves): where it may end, and whether it may pass.
    fn with_transmitter(&self, s: u8, direct: u64, us: usize) -> (u64, bool) {
        let ours = self.chakras[us];
        let mut targets = direct;
        let mut pass = false;
        if ours.count_ones() == 2 {
            let entries = ours & direct & !self.occupied();
            for a in bits(entries) {
                let b = (ours & !bit(a)).trailing_zeros() as u8;
                if b == s {
                    pass = true;
                } else if self.sides[us] & bit(b) == 0 {
                    targets |= bit(b);
                }
            }
        }
        (targets, pass)
    }

    /// The kinds a pawn of `us` may promote to now.
    fn pool(&self, us: usize) -> ([Kind; 5], usize) {
        let mut out = [Kind::Queen; 5];
        let mut n = 0;
        for (kind, start) in PROMOTABLE {
            if self.of(us, kind).count_ones() < start {
                out[n] = kind;
                n += 1;
            }
        }
        (out, n)
    }

    /// Whether the piece on `s` moving to `t` leaves its King unattacked.
    fn piece_move_safe(&self, s: u8, t: u8, kind: Kind, us: usize) -> bool {
        let them = us ^ 1;
        let occ = (self.occupied() & !bit(s)) | bit(t);
        let mut their_chakras = self.chakras[them];
        let mut king = self.kings[us];
        if kind == Kind::King {
            king = t;
            if their_chakras & bit(t) != 0 && self.board[t as usize].is_none() {
                their_chakras = 0;
            }
        }
        !self.attacked(king, them, occ, !bit(t), self.chakras[us], their_chakras)
    }

    /// Whether moving our chakra from `s` to `t` leaves our King unattacked.
    fn chakra_move_safe(&self, s: u8, t: u8, us: usize) -> bool {
        let them = us ^ 1;
        let ours = self.chakras[us] ^ bit(s) ^ bit(t);
        !self.attacked(
            self.kings[us],
            them,
            self.occupied(),
            !0,
            ours,
            self.chakras[them],
        )
    }

    /// Counts the legal moves and, when `LIST`, appends them.
    ///
    /// A move needs the attack test only if it could expose the King: when
    /// in check, when the King stands on an enemy chakra (any vacated square
    /// may open a route to the enemy Transmitter), for King moves, and for a
    /// piece or chakra leaving a square on a line through the King (only
    /// vacating a square can open an enemy slider's line or a Courtesan's
    /// sight of her King, and either then lies on a line through ours).
    fn count_and_push_legal<const LIST: bool>(&self, moves: &mut Vec<Move>) -> u64 {
        let us = self.side.index();
        let them = us ^ 1;
        let king = self.kings[us];
        let checked = self.king_attacked(us);
        let exposed = if checked || self.chakras[them] & bit(king) != 0 {
            !0
        } else {
            KIT.lines[king as usize]
        };
        let mut count = 0u64;
        let mut pool: Option<([Kind; 5], usize)> = None;
        for s in bits(self.sides[us]) {
            let Some(piece) = self.board[s as usize] else {
                continue;
            };
            count += self.piece_moves::<LIST>(s, piece.kind, checked, exposed, &mut pool, moves);
        }
        count + self.chakra_moves::<LIST>(checked, exposed, moves)
    }

    /// The legal moves of the side to move's piece of `kind` on `s`
    /// (counted, and appended when `LIST`): a pass on the Transmitter, its
    /// steps, and a pawn's promotions to the kinds in the `pool` (found
    /// once, by the first pawn to need it). `checked` and `exposed` are
    /// [`Self::count_and_push_legal`]'s.
    #[inline]
    fn piece_moves<const LIST: bool>(
        &self,
        s: u8,
        kind: Kind,
        checked: bool,
        exposed: u64,
        pool: &mut Option<([Kind; 5], usize)>,
        moves: &mut Vec<Move>,
    ) -> u64 {
        let us = self.side.index();
        let mut count = 0u64;
        let direct = self.direct_targets(s, kind, us);
        let (mut targets, pass) = self.with_transmitter(s, direct, us);
        if pass && !checked {
            count += 1;
            if LIST {
                moves.push(Move {
                    from: s,
                    to: s,
                    kind: MoveKind::Piece,
                });
            }
        }
        let mut promotions = 0;
        if kind == Kind::Pawn {
            promotions = targets & LAST_RANK[us];
            targets &= !LAST_RANK[us];
        }
        let test = kind == Kind::King || exposed & bit(s) != 0;
        if !test && !LIST {
            count += u64::from(targets.count_ones());
        } else {
            for t in bits(targets) {
                if !test || self.piece_move_safe(s, t, kind, us) {
                    count += 1;
                    if LIST {
                        moves.push(Move {
                            from: s,
                            to: t,
                            kind: MoveKind::Piece,
                        });
                    }
                }
            }
        }
        if promotions != 0 {
            count += self.promotions::<LIST>(s, promotions, test, pool, moves);
        }
        count
    }

    /// A pawn's promotions from `s` onto the squares of `targets`, one per
    /// kind in the pool of pieces it may become; `test`: whether each needs
    /// the attack test.
    #[inline]
    fn promotions<const LIST: bool>(
        &self,
        s: u8,
        targets: u64,
        test: bool,
        pool: &mut Option<([Kind; 5], usize)>,
        moves: &mut Vec<Move>,
    ) -> u64 {
        let us = self.side.index();
        let (kinds, n) = *pool.get_or_insert_with(|| self.pool(us));
        if n == 0 {
            return 0;
        }
        let mut count = 0u64;
        for t in bits(targets) {
            if test && !self.piece_move_safe(s, t, Kind::Pawn, us) {
                continue;
            }
            count += n as u64;
            if LIST {
                for &kind in &kinds[..n] {
                    moves.push(Move {
                        from: s,
                        to: t,
                        kind: MoveKind::Promote(kind),
                    });
                }
            }
        }
        count
    }

    /// The legal moves of the side to move's empty chakras: a flip in
    /// place (not in check), and each step in the chakra's mode to an empty
    /// square off every chakra, keeping its mode or flipping.
    #[inline]
    fn chakra_moves<const LIST: bool>(
        &self,
        checked: bool,
        exposed: u64,
        moves: &mut Vec<Move>,
    ) -> u64 {
        let us = self.side.index();
        let mut count = 0u64;
        let occ = self.occupied();
        let all_chakras = self.chakras[0] | self.chakras[1];
        for s in bits(self.chakras[us] & !occ) {
            let su = s as usize;
            if !checked {
                count += 1;
                if LIST {
                    moves.push(Move {
                        from: s,
                        to: s,
                        kind: MoveKind::ChakraFlip,
                    });
                }
            }
            let steps = if self.king_mode & bit(s) != 0 {
                KIT.king[su]
            } else {
                KIT.knight[su]
            };
            let dests = steps & !occ & !all_chakras;
            let test = exposed & bit(s) != 0;
            if !test && !LIST {
                count += 2 * u64::from(dests.count_ones());
            } else {
                for t in bits(dests) {
                    if !test || self.chakra_move_safe(s, t, us) {
                        count += 2;
                        if LIST {
                            for kind in [MoveKind::Chakra, MoveKind::ChakraFlip] {
                                moves.push(Move {
                                    from: s,
                                    to: t,
                                    kind,
                                });
                            }
                        }
                    }
                }
            }
        }
        count
    }

    fn put(&mut self, square: u8, piece: Piece) {
        let b = bit(square);
        self.board[square as usize] = Some(piece);
        self.kinds[piece.kind.index()] |= b;
        self.sides[piece.side.index()] |= b;
        if piece.kind == Kind::King {
            self.kings[piece.side.index()] = square;
        }
        self.hash ^= piece_key(piece, square);
    }

    fn lift(&mut self, square: u8) -> Option<Piece> {
        let piece = self.board[square as usize].take()?;
        let b = bit(square);
        self.kinds[piece.kind.index()] &= !b;
        self.sides[piece.side.index()] &= !b;
        self.hash ^= piece_key(piece, square);
        Some(piece)
    }

    fn toggle_chakra(&mut self, side: usize, square: u8, king_mode: bool) {
        let b = bit(square);
        self.chakras[side] ^= b;
        if king_mode {
            self.king_mode ^= b;
        }
        self.hash ^= chakra_key(side, king_mode, square);
    }

    fn flip_chakra(&mut self, side: usize, square: u8) {
        let king_mode = self.king_mode & bit(square) != 0;
        self.hash ^= chakra_key(side, king_mode, square) ^ chakra_key(side, !king_mode, square);
        self.king_mode ^= bit(square);
    }

    fn chakra_owner(&self, square: u8) -> Option<usize> {
        self.chakra_at(square).map(|(side, _)| side.index())
    }

    fn syntax_error(text: &str) -> Option<String> {
        let square = |name: &str| {
            GRID.parse(name)
                .map(|_| ())
                .ok_or_else(|| format!("'{name}' is not a square (a1 to h8)"))
        };
        let result = if let Some(body) = text.strip_suffix('^') {
            match body.split_once('-') {
                None => square(body),
                Some((from, to)) => square(from).and_then(|()| square(to)),
            }
        } else {
            split_from_to(text).and_then(|(from, to, promotion)| {
                square(from)?;
                square(to)?;
                match promotion {
                    Some(letter) if !PROMOTABLE.iter().any(|(kind, _)| kind.letter() == letter) => {
                        Err(format!(
                            "a pawn promotes to Q, S, M, C or A, not '{letter}'"
                        ))
                    }
                    _ => Ok(()),
                }
            })
        };
        result.err()
    }
}

/// The Chakra men and chakras: their names, moves and models.
pub fn men(letter: char, state: ManState) -> Option<ManInfo> {
    match (letter, state) {
        ('T', ManState::KingMode) => ManInfo::man(
            "Chakra (king mode)",
            "chakra-king",
            "when vacant, one King step; a piece on its own chakra may use the Transmitter",
        ),
        ('T', _) => ManInfo::man(
            "Chakra (knight mode)",
            "chakra-knight",
            "when vacant, leaps like a Knight; a piece on its own chakra may use the Transmitter",
        ),
        ('A', _) => ManInfo::man("Ape", "ape", "leaps like a chess Knight"),
        ('C', _) => ManInfo::man(
            "Courtesan",
            "courtesan",
            "a King step; slides along an open line on which she sees her own King",
        ),
        ('M', _) => ManInfo::man("Monk", "monk", "a King step or a Bishop's slide"),
        ('S', _) => ManInfo::man("Samurai", "samurai", "a King step or a Rook's slide"),
        ('P', _) => ManInfo::man(
            "Pawn",
            "pawn",
            "one step forward (two from its second rank), captures diagonally forward",
        ),
        (other, _) => chess_man(other),
    }
}

/// The fields of the position text, each read by its own reader.
impl Chakra {
    /// The pieces field: one King a side, no pawn on its last rank.
    fn read_pieces(&mut self, placement: &str) -> Result<(), PositionError> {
        read_placement(GRID, placement, "squares", |man| {
            let kind = Kind::from_letter(man.letter).ok_or_else(|| {
                PositionError::new(format!(
                    "'{}' is not a Chakra piece (K Q A C M S P, k q a c m s p)",
                    man.written
                ))
            })?;
            let piece = Piece {
                side: man.side,
                kind,
            };
            self.put(man.cell, piece);
            Ok(())
        })?;
        for s in [Side::WHITE, Side::BLACK] {
            let kings = self.of(s.index(), Kind::King).count_ones();
            if kings != 1 {
                return Err(PositionError::new(format!(
                    "{} needs exactly one King, has {kings}",
                    s.name()
                )));
            }
            if self.of(s.index(), Kind::Pawn) & LAST_RANK[s.index()] != 0 {
                return Err(PositionError::new(format!(
                    "a {} pawn stands on its last rank",
                    s.name()
                )));
            }
        }
        Ok(())
    }

    /// The chakras field (`-`, or items such as `Te4n,td5k`): two chakras a
    /// side, or none.
    fn read_chakras(&mut self, chakras: &str) -> Result<(), PositionError> {
        if chakras != "-" {
            for item in chakras.split(',') {
                let (owner, name, square, king_mode) = read_chakra(item)?;
                if self.chakra_at(square).is_some() {
                    return Err(PositionError::new(format!("two chakras on {name}")));
                }
                self.toggle_chakra(owner, square, king_mode);
            }
        }
        for s in [Side::WHITE, Side::BLACK] {
            let n = self.chakras[s.index()].count_ones();
            if n != 0 && n != 2 {
                return Err(PositionError::new(format!(
                    "{} has {n} chakra{}; a side has two, or none once its Transmitter is captured",
                    s.name(),
                    if n == 1 { "" } else { "s" }
                )));
            }
        }
        Ok(())
    }
}

/// One chakra of the position text: its owner (T White, t Black), its
/// square as written and read, and its mode (n knight, k king).
fn read_chakra(item: &str) -> Result<(usize, &str, u8, bool), PositionError> {
    let mut chars = item.chars();
    let owner = match chars.next() {
        Some('T') => 0,
        Some('t') => 1,
        _ => {
            return Err(PositionError::new(format!(
                "chakra '{item}' must start with T (White) or t (Black)"
            )));
        }
    };
    let rest = chars.as_str();
    let (name, king_mode) = if let Some(name) = rest.strip_suffix('n') {
        (name, false)
    } else if let Some(name) = rest.strip_suffix('k') {
        (name, true)
    } else {
        return Err(PositionError::new(format!(
            "chakra '{item}' must end with its mode, n (knight) or k (king)"
        )));
    };
    let square = GRID
        .parse(name)
        .ok_or_else(|| PositionError::new(format!("chakra '{item}': '{name}' is not a square")))?;
    Ok((owner, name, square, king_mode))
}

impl Position for Chakra {
    type Move = Move;
    type Undo = Undo;
    type Options = ();

    fn start(_options: &()) -> Self {
        Chakra::from_text(START, &()).expect("the start position text is valid")
    }

    fn options(&self) -> &() {
        &()
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.count_and_push_legal::<true>(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_and_push_legal::<false>(&mut Vec::new())
    }

    fn play(&mut self, mv: Move) -> Undo {
        let mut undo = Undo {
            captured: None,
            removed: 0,
            removed_king_mode: 0,
            hash: self.hash,
        };
        match mv.kind {
            MoveKind::Piece | MoveKind::Promote(_) if mv.from != mv.to => {
                if let Some(piece) = self.lift(mv.from) {
                    undo.captured = self.lift(mv.to);
                    let them = piece.side.opponent().index();
                    if piece.kind == Kind::King
                        && undo.captured.is_none()
                        && self.chakras[them] & bit(mv.to) != 0
                    {
                        // The King takes the Transmitter: both chakras go.
                        undo.removed = self.chakras[them];
                        undo.removed_king_mode = self.king_mode & undo.removed;
                        for c in bits(undo.removed) {
                            self.toggle_chakra(them, c, self.king_mode & bit(c) != 0);
                        }
                    }
                    let kind = match mv.kind {
                        MoveKind::Promote(kind) => kind,
                        _ => piece.kind,
                    };
                    self.put(mv.to, Piece { kind, ..piece });
                }
            }
            MoveKind::Piece | MoveKind::Promote(_) => {}
            MoveKind::Chakra | MoveKind::ChakraFlip => {
                if let Some(owner) = self.chakra_owner(mv.from) {
                    if mv.from != mv.to {
                        let king_mode = self.king_mode & bit(mv.from) != 0;
                        self.toggle_chakra(owner, mv.from, king_mode);
                        self.toggle_chakra(owner, mv.to, king_mode);
                    }
                    if mv.kind == MoveKind::ChakraFlip {
                        self.flip_chakra(owner, mv.to);
                    }
                }
            }
        }
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE_KEY;
        undo
    }

    fn undo(&mut self, mv: Move, undo: Undo) {
        self.side = self.side.opponent();
        match mv.kind {
            MoveKind::Piece | MoveKind::Promote(_) if mv.from != mv.to => {
                if let Some(piece) = self.lift(mv.to) {
                    let kind = match mv.kind {
                        MoveKind::Promote(_) => Kind::Pawn,
                        _ => piece.kind,
                    };
                    self.put(mv.from, Piece { kind, ..piece });
                    if let Some(captured) = undo.captured {
                        self.put(mv.to, captured);
                    }
                    let them = piece.side.opponent().index();
                    self.chakras[them] |= undo.removed;
                    self.king_mode |= undo.removed_king_mode;
                }
            }
            MoveKind::Piece | MoveKind::Promote(_) => {}
            MoveKind::Chakra | MoveKind::ChakraFlip => {
                if let Some(owner) = self.chakra_owner(mv.to) {
                    if mv.kind == MoveKind::ChakraFlip {
                        self.flip_chakra(owner, mv.to);
                    }
                    if mv.from != mv.to {
                        let king_mode = self.king_mode & bit(mv.to) != 0;
                        self.toggle_chakra(owner, mv.to, king_mode);
                        self.toggle_chakra(owner, mv.from, king_mode);
                    }
                }
            }
        }
        self.hash = undo.hash;
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side.index())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        Some(Outcome::no_move_left(self.side, self.in_check()))
    }

    /// Captures (the Transmitter too) and promotions.
    fn is_noisy(&self, mv: Move) -> bool {
        match mv.kind {
            MoveKind::Promote(_) => true,
            MoveKind::Chakra | MoveKind::ChakraFlip => false,
            MoveKind::Piece => {
                if mv.from == mv.to {
                    return false;
                }
                let Some(piece) = self.piece_at(mv.from) else {
                    return false;
                };
                self.piece_at(mv.to).is_some()
                    || (piece.kind == Kind::King
                        && self.chakras[piece.side.opponent().index()] & bit(mv.to) != 0)
            }
        }
    }

    /// Captures (the Transmitter too) and pawn moves; a pawn's pass moves
    /// nothing and does not count as a pawn move.
    fn resets_move_clock(&self, mv: Move) -> bool {
        match mv.kind {
            MoveKind::Chakra | MoveKind::ChakraFlip => false,
            MoveKind::Piece | MoveKind::Promote(_) => {
                if mv.from == mv.to {
                    return false;
                }
                let Some(piece) = self.piece_at(mv.from) else {
                    return false;
                };
                piece.kind == Kind::Pawn
                    || self.piece_at(mv.to).is_some()
                    || (piece.kind == Kind::King
                        && self.chakras[piece.side.opponent().index()] & bit(mv.to) != 0)
            }
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for s in 0..64u8 {
            if let Some(piece) = self.board[s as usize] {
                h ^= piece_key(piece, s);
            }
            if let Some((side, king_mode)) = self.chakra_at(s) {
                h ^= chakra_key(side.index(), king_mode, s);
            }
        }
        if self.side == Side::BLACK {
            h ^= BLACK_TO_MOVE_KEY;
        }
        h
    }

    fn move_text(&self, mv: Move) -> String {
        let from = GRID.name(mv.from);
        let to = GRID.name(mv.to);
        match mv.kind {
            MoveKind::Piece | MoveKind::Chakra => format!("{from}-{to}"),
            MoveKind::Promote(kind) => format!("{from}-{to}={}", kind.letter()),
            MoveKind::ChakraFlip if mv.from == mv.to => format!("{from}^"),
            MoveKind::ChakraFlip => format!("{from}-{to}^"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        find_legal_move(self, text, Chakra::syntax_error)
    }

    /// Three fields separated by spaces: the pieces, the side to move, the
    /// chakras.
    ///
    /// Pieces: ranks 8 to 1 separated by `/`, each listing files a–h with
    /// `K Q A C M S P` for White, `k q a c m s p` for Black and digits for
    /// runs of empty squares; chakras are not shown here, a piece standing on
    /// a chakra is. Side: `w` or `b`. Chakras: `-` for none, else a
    /// comma-separated list of `T` (White) or `t` (Black), the square, and
    /// `n` (knight mode) or `k` (king mode), e.g. `Ta2n`; written White's
    /// first, each side's in square order a1, b1 … h8. A side has no chakras
    /// or two. The start is [`START`].
    fn to_text(&self) -> String {
        let mut text = placement_text(GRID, |cell| {
            self.board[cell as usize].map(|m| (m.kind.letter(), m.side))
        });
        text.push_str(if self.side == Side::WHITE {
            " w "
        } else {
            " b "
        });
        let mut items = Vec::new();
        for side in 0..2 {
            for s in bits(self.chakras[side]) {
                let letter = if side == 0 { 'T' } else { 't' };
                let mode = if self.king_mode & bit(s) != 0 {
                    'k'
                } else {
                    'n'
                };
                items.push(format!("{letter}{}{mode}", GRID.name(s)));
            }
        }
        if items.is_empty() {
            text.push('-');
        } else {
            text.push_str(&items.join(","));
        }
        text
    }

    fn from_text(text: &str, _options: &()) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [placement, side, chakras] = fields[..] else {
            return Err(PositionError::new(format!(
                "expected 'pieces side chakras', got {} fields in '{text}'",
                fields.len()
            )));
        };
        let side = side_to_move_field(side)?;
        let mut pos = Chakra {
            board: [None; 64],
            kinds: [0; 7],
            sides: [0; 2],
            chakras: [0; 2],
            king_mode: 0,
            kings: [0; 2],
            side,
            hash: 0,
        };
        pos.read_pieces(placement)?;
        pos.read_chakras(chakras)?;
        pos.side = side;
        pos.hash = pos.hash_from_scratch();
        if pos.king_attacked(side.opponent().index()) {
            return Err(PositionError::new(format!(
                "{} is not to move but is in check",
                side.opponent().name()
            )));
        }
        Ok(pos)
    }

    fn layout(&self) -> BoardLayout {
        let cells = (0..64u8)
            .map(|s| {
                let (x, y) = GRID.coords(s);
                Cell {
                    board: 0,
                    name: GRID.name(s),
                    alt_name: None,
                    place: [x as f32, y as f32],
                    shape: CellShape::Square,
                    colour: (x + y) % 2,
                }
            })
            .collect();
        BoardLayout {
            boards: vec![Board {
                name: "Chakra".into(),
                centre: [3.5, 3.5],
                colours: 2,
            }],
            cells,
        }
    }

    fn placements(&self) -> Vec<Placement> {
        let mut out = Vec::new();
        for s in 0..64u8 {
            let chakra = self.chakra_at(s);
            if let Some((side, king_mode)) = chakra {
                out.push(Placement {
                    cell: s.into(),
                    letter: 'T',
                    side: Some(side),
                    state: if king_mode {
                        ManState::KingMode
                    } else {
                        ManState::KnightMode
                    },
                    level: 0,
                });
            }
            if let Some(piece) = self.board[s as usize] {
                out.push(Placement {
                    cell: s.into(),
                    letter: piece.kind.letter(),
                    side: Some(piece.side),
                    state: ManState::Normal,
                    level: u8::from(chakra.is_some()),
                });
            }
        }
        out
    }

    fn route(&self, mv: Move) -> Route {
        Route {
            from: mv.from.into(),
            to: mv.to.into(),
        }
    }

    /// A piece or a chakra: a `Transmitter` Line between its side's two
    /// chakras (in square order), while that side still has them.
    fn selection_hints(&self, from: CellId) -> Vec<Hint> {
        let Some(s) = u8::try_from(from).ok().filter(|&s| s < 64) else {
            return Vec::new();
        };
        let side = match (self.piece_at(s), self.chakra_at(s)) {
            (Some(piece), _) => piece.side,
            (None, Some((side, _))) => side,
            (None, None) => return Vec::new(),
        };
        let chakras = self.chakras[side.index()];
        if chakras.count_ones() != 2 {
            return Vec::new();
        }
        let mut ends = bits(chakras);
        match (ends.next(), ends.next()) {
            (Some(a), Some(b)) => vec![Hint::Line {
                from: a.into(),
                to: b.into(),
                kind: HintKind::Transmitter,
                label: Some("Transmitter".into()),
            }],
            _ => Vec::new(),
        }
    }

    /// The way the move goes, as a `Route` Path: `[from, to]` for a direct
    /// move or a chakra move, `[from, A, B]` through the Transmitter (the
    /// piece's own move reaches its chakra A and ends on B), `[A, B, A]` for
    /// a pass; a flip in place is a Note. A King taking the Transmitter adds
    /// a Note on each enemy chakra.
    fn move_hints(&self, mv: Move) -> Vec<Hint> {
        let (from, to) = (CellId::from(mv.from), CellId::from(mv.to));
        let path = |cells: Vec<CellId>, label: Option<&str>| Hint::Path {
            cells,
            kind: HintKind::Route,
            label: label.map(String::from),
        };
        match mv.kind {
            MoveKind::ChakraFlip if mv.from == mv.to => {
                let Some((_, king_mode)) = self.chakra_at(mv.from) else {
                    return Vec::new();
                };
                vec![Hint::Mark {
                    at: from,
                    kind: HintKind::Note,
                    label: if king_mode {
                        "turns over to knight mode".into()
                    } else {
                        "turns over to king mode".into()
                    },
                }]
            }
            MoveKind::Chakra => vec![path(vec![from, to], None)],
            MoveKind::ChakraFlip => vec![path(vec![from, to], Some("then turns over"))],
            MoveKind::Piece | MoveKind::Promote(_) => {
                let Some(piece) = self.piece_at(mv.from) else {
                    return Vec::new();
                };
                let us = piece.side.index();
                let them = us ^ 1;
                let via = other_chakra(self.chakras[us], mv.to).map(CellId::from);
                if mv.from == mv.to {
                    return via
                        .map(|via| {
                            vec![path(
                                vec![from, via, to],
                                Some("pass: onto the other chakra and carried back"),
                            )]
                        })
                        .unwrap_or_default();
                }
                let direct = self.direct_targets(mv.from, piece.kind, us) & bit(mv.to) != 0;
                let mut hints = vec![match via {
                    Some(via) if !direct => {
                        path(vec![from, via, to], Some("through the Transmitter"))
                    }
                    _ => path(vec![from, to], None),
                }];
                if piece.kind == Kind::King
                    && self.piece_at(mv.to).is_none()
                    && self.chakras[them] & bit(mv.to) != 0
                {
                    hints.extend(bits(self.chakras[them]).map(|c| Hint::Mark {
                        at: c.into(),
                        kind: HintKind::Note,
                        label: "the King captures the Transmitter: both chakras leave".into(),
                    }));
                }
                hints
            }
        }
    }

    /// Each enemy piece giving check: a `Check` Line to the King when it
    /// reaches the King's square by its own move, and a `Check` Path
    /// `[attacker, A, King]` when it could move onto its vacant chakra A
    /// while the King stands on the other one.
    fn check_hints(&self) -> Vec<Hint> {
        let us = self.side.index();
        let them = us ^ 1;
        let king = self.kings[us];
        let occ = self.occupied();
        let stops = self.chakras[us];
        let entry = other_chakra(self.chakras[them], king).filter(|&a| occ & bit(a) == 0);
        let mut hints = Vec::new();
        for p in bits(self.sides[them]) {
            if self.reaches(king, them, occ, bit(p), stops, true) {
                hints.push(Hint::Line {
                    from: p.into(),
                    to: king.into(),
                    kind: HintKind::Check,
                    label: None,
                });
            }
            if let Some(a) = entry
                && self.reaches(a, them, occ, bit(p), stops, false)
            {
                hints.push(Hint::Path {
                    cells: vec![p.into(), a.into(), king.into()],
                    kind: HintKind::Check,
                    label: Some("through the Transmitter".into()),
                });
            }
        }
        hints
    }

    fn effects(&self, mv: Move) -> Vec<Effect> {
        let (from, to) = (mv.from.into(), mv.to.into());
        match mv.kind {
            MoveKind::ChakraFlip if mv.from == mv.to => vec![Effect::Flip { at: to }],
            MoveKind::Chakra => vec![Effect::Move { from, to }],
            MoveKind::ChakraFlip => vec![Effect::Move { from, to }, Effect::Flip { at: to }],
            MoveKind::Piece | MoveKind::Promote(_) => {
                let Some(piece) = self.piece_at(mv.from) else {
                    return Vec::new();
                };
                let us = piece.side.index();
                let via = other_chakra(self.chakras[us], mv.to).map(CellId::from);
                if mv.from == mv.to {
                    return via
                        .map(|via| vec![Effect::Transmit { from, via, to }])
                        .unwrap_or_default();
                }
                let mut effects = Vec::new();
                if self.piece_at(mv.to).is_some() {
                    effects.push(Effect::Capture { at: to });
                }
                let direct = self.direct_targets(mv.from, piece.kind, us) & bit(mv.to) != 0;
                match via {
                    Some(via) if !direct => effects.push(Effect::Transmit { from, via, to }),
                    _ => effects.push(Effect::Move { from, to }),
                }
                let them = piece.side.opponent().index();
                if piece.kind == Kind::King
                    && self.piece_at(mv.to).is_none()
                    && self.chakras[them] & bit(mv.to) != 0
                {
                    for c in bits(self.chakras[them]) {
                        effects.push(Effect::Remove {
                            at: c.into(),
                            level: 0,
                        });
                    }
                }
                if let MoveKind::Promote(kind) = mv.kind {
                    effects.push(Effect::Transform {
                        at: to,
                        letter: kind.letter(),
                        state: ManState::Normal,
                    });
                }
                effects
            }
        }
    }
}
