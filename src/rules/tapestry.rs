//! Tapestry Chess (RULES.md §2): chess on a 6×6 four-colour board (the
//! Tapestry) whose movement rules are set by three Fates standing on a
//! five-square plus (the Loom). A turn is one Tapestry move or one Fate step.
//!
//! Squares are indexed `x + 6·y` and sets of squares are `u64` masks (36
//! bits). The Loom's effect on movement reduces to two small indices, both
//! computed from which Loom squares are occupied:
//! - the *restriction* set (Light, Earth, Nexus) selects a precomputed mask of
//!   the squares a non-knight piece may end on from a given square
//!   ([`ALLOWED`]); the relation is symmetric, so the same mask seen from a
//!   King's square tells which attackers can reach it;
//! - the *pawn mode* set (Opposition, Avoidance, Nexus) selects precomputed
//!   pawn step and capture masks.

use std::fmt::Write as _;

use super::geometry::grid::{Grid, bits};
use super::geometry::square::{SquareKit, leap_mask};
use super::legal::find_legal_move;
use super::men::chess_man;
use super::notation::split_from_to;
use super::notation::{MoveError, PositionError};
use super::notation::{placement_text, read_placement, side_to_move_field};
use super::outcome::{EndReason, GameResult, Outcome};
use super::position::Position;
use super::side::Side;
use super::view::{
    Board, BoardLayout, Cell, CellId, CellShape, CellWords, Decor, Effect, Hint, HintKind,
    ManState, Placement, Route,
};
use super::view::{ManInfo, grid_lines};
use super::zobrist;

pub const GRID: Grid = Grid::new(6, 6);
const SQUARES: usize = 36;
const ALL_SQUARES: u64 = (1 << SQUARES) - 1;

/// The start, as position text (see [`Tapestry::to_text`]).
pub const START: &str = "rbqkbn/pppppp/6/6/PPPPPP/RBQKBN w NNN -";

/// The number of Fates on the Loom; they never leave it.
pub const FATES: u8 = 3;

/// The colour of a Tapestry square: `(x mod 2) + 2·(y mod 2)`, 0 to 3.
pub const fn colour(square: u8) -> u8 {
    let (x, y) = GRID.coords(square);
    (x % 2) + 2 * (y % 2)
}

/// The rules as the window shows them.
pub const RULES_TEXT: &str = "\
Chess on a 6×6 board of four colours and nine 2×2 territories, steered by three \
Fates on the five-square Loom (Opposition, Light, Nexus, Earth, Avoidance).
On your turn either move on the Tapestry or step one Fate to a neighbouring Loom \
square (Nexus touches every arm). You may not simply reverse the Loom step your \
opponent just made.
A Loom square with a Fate is active. Light: moves must change colour. Earth: \
moves must change territory. Nexus: no move longer than 3 squares; pawns move \
and capture as in chess. Knights ignore the Loom.
Pawns: Opposition lets them move or capture one step forward or sideways, \
Avoidance one step diagonally forward; with none of Opposition, Nexus, \
Avoidance active they cannot move. No castling, no double step; promotion to Q, \
R, B or N.
Check and mate as in chess, judged under the Loom after the move. A player with \
no legal move loses.";

/// The borders between the nine 2×2 territories, which the Earth square of
/// the Loom makes part of the rules: four lines each way on the Tapestry.
pub fn decor() -> Decor {
    // Borders between the 2×2 territories, and around the board.
    let (low, high) = (-0.5, GRID.files as f32 - 0.5);
    Decor {
        lines: grid_lines(low, high, 2.0, 4, 0.06),
        ..Decor::plain()
    }
}

/// The 2×2 territory of a Tapestry square, 0 to 8 (`(x div 2) + 3·(y div 2)`).
pub const fn territory(square: u8) -> u8 {
    let (x, y) = GRID.coords(square);
    (x / 2) + 3 * (y / 2)
}

// ---------------------------------------------------------------------------
// Pieces

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];
    /// What a pawn may promote to, in the order moves are generated.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

/// A board cell: 0 empty, else `1 + 6·side + kind`.
type Code = u8;

const fn code(side: usize, kind: usize) -> Code {
    (1 + 6 * side + kind) as Code
}

fn decode(c: Code) -> Option<Piece> {
    if c == 0 || c > 12 {
        return None;
    }
    let i = (c - 1) as usize;
    Some(Piece {
        side: Side((i / 6) as u8),
        kind: Kind::ALL[i % 6],
    })
}

// ---------------------------------------------------------------------------
// The Loom

/// A Loom square. Nexus is adjacent to each arm; arms are not adjacent.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Loom {
    Opposition,
    Light,
    Nexus,
    Earth,
    Avoidance,
}

impl Loom {
    /// In the order of the position text and of the Loom cells: O L N E A.
    pub const ALL: [Loom; 5] = [
        Loom::Opposition,
        Loom::Light,
        Loom::Nexus,
        Loom::Earth,
        Loom::Avoidance,
    ];

    pub fn letter(self) -> char {
        match self {
            Loom::Opposition => 'O',
            Loom::Light => 'L',
            Loom::Nexus => 'N',
            Loom::Earth => 'E',
            Loom::Avoidance => 'A',
        }
    }

    pub fn from_letter(letter: char) -> Option<Loom> {
        Loom::ALL.into_iter().find(|l| l.letter() == letter)
    }

    pub fn name(self) -> &'static str {
        match self {
            Loom::Opposition => "Opposition",
            Loom::Light => "Light",
            Loom::Nexus => "Nexus",
            Loom::Earth => "Earth",
            Loom::Avoidance => "Avoidance",
        }
    }

    /// What the square does while a Fate stands on it, in one line.
    pub fn effect_text(self) -> &'static str {
        match self {
            Loom::Opposition => "Opposition: pawns move or capture one step forward or sideways",
            Loom::Light => "Light: every move must change colour (Knights excepted)",
            Loom::Nexus => {
                "Nexus: no move longer than 3 squares (Knights excepted); pawns move as in chess"
            }
            Loom::Earth => "Earth: every move must change territory (Knights excepted)",
            Loom::Avoidance => "Avoidance: pawns move or capture one step diagonally forward",
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a Fate may step between the two squares.
    pub fn adjacent(self, other: Loom) -> bool {
        self != other && (self == Loom::Nexus || other == Loom::Nexus)
    }

    /// The squares a Fate on this square may step to.
    fn neighbours(self) -> &'static [Loom] {
        match self {
            Loom::Nexus => &[Loom::Opposition, Loom::Light, Loom::Earth, Loom::Avoidance],
            _ => &[Loom::Nexus],
        }
    }
}

/// A Loom step as one small number: 0 for "none", else `1 + 5·from + to`.
type StepCode = u8;

fn step_code(from: Loom, to: Loom) -> StepCode {
    (1 + 5 * from.index() + to.index()) as StepCode
}

fn step_of(code: StepCode) -> Option<(Loom, Loom)> {
    if code == 0 || code > 25 {
        return None;
    }
    let i = (code - 1) as usize;
    Some((Loom::ALL[i / 5], Loom::ALL[i % 5]))
}

/// Restriction bits: which of Light, Earth, Nexus restrict the Tapestry.
const R_LIGHT: usize = 1;
const R_EARTH: usize = 2;
const R_NEXUS: usize = 4;
/// Pawn-mode bits: which of Opposition, Avoidance, Nexus give pawns moves.
const P_OPPOSITION: usize = 1;
const P_AVOIDANCE: usize = 2;
const P_NEXUS: usize = 4;

const fn loom_on(occupied: u8, l: Loom) -> bool {
    occupied & (1 << l as u8) != 0
}

/// The two indices a set of occupied Loom squares selects (bit i of
/// `occupied` = `Loom::ALL[i]`).
const fn loom_effect(occupied: u8) -> (usize, usize) {
    let mut restriction = 0;
    if loom_on(occupied, Loom::Light) {
        restriction |= R_LIGHT;
    }
    if loom_on(occupied, Loom::Earth) {
        restriction |= R_EARTH;
    }
    if loom_on(occupied, Loom::Nexus) {
        restriction |= R_NEXUS;
    }
    let mut mode = 0;
    if loom_on(occupied, Loom::Opposition) {
        mode |= P_OPPOSITION;
    }
    if loom_on(occupied, Loom::Avoidance) {
        mode |= P_AVOIDANCE;
    }
    if loom_on(occupied, Loom::Nexus) {
        mode |= P_NEXUS;
    }
    (restriction, mode)
}

// ---------------------------------------------------------------------------
// Tables

/// The rays, leaps and lines of the Tapestry (the Loom has none).
static KIT: SquareKit<SQUARES> = SquareKit::new(GRID);

/// `ALLOWED[r][s]`: the squares a non-knight piece on `s` may end a move on
/// under the restriction set `r` (Light: a different colour; Earth: a
/// different territory; Nexus: at most 3 squares away along the line).
/// Symmetric in the two squares.
static ALLOWED: [[u64; SQUARES]; 8] = allowed_table();

const fn allowed_table() -> [[u64; SQUARES]; 8] {
    let mut table = [[0; SQUARES]; 8];
    let mut r = 0;
    while r < 8 {
        let mut from = 0;
        while from < SQUARES {
            let mut to = 0;
            while to < SQUARES {
                let (a, b) = (from as u8, to as u8);
                let light_ok = r & R_LIGHT == 0 || colour(a) != colour(b);
                let earth_ok = r & R_EARTH == 0 || territory(a) != territory(b);
                let nexus_ok =
                    r & R_NEXUS == 0 || super::geometry::grid::king_distance(GRID, a, b) <= 3;
                if from != to && light_ok && earth_ok && nexus_ok {
                    table[r][from] |= 1 << to;
                }
                to += 1;
            }
            from += 1;
        }
        r += 1;
    }
    table
}

/// The pawn steps of side `side` (White forward = rank +1) under pawn mode
/// `mode`: `(moves to an empty square, captures)`, before Light and Earth.
const fn pawn_masks(side: usize, mode: usize, from: u8) -> (u64, u64) {
    let fwd: i8 = if side == 0 { 1 } else { -1 };
    let mut quiet = 0;
    let mut capture = 0;
    if mode & P_OPPOSITION != 0 {
        let m = leap_mask(GRID, &[(0, fwd), (1, 0), (-1, 0)], from);
        quiet |= m;
        capture |= m;
    }
    if mode & P_AVOIDANCE != 0 {
        let m = leap_mask(GRID, &[(1, fwd), (-1, fwd)], from);
        quiet |= m;
        capture |= m;
    }
    if mode & P_NEXUS != 0 {
        quiet |= leap_mask(GRID, &[(0, fwd)], from);
        capture |= leap_mask(GRID, &[(1, fwd), (-1, fwd)], from);
    }
    (quiet, capture)
}

/// `PAWN_QUIET[side][mode][s]`, `PAWN_CAPTURE[side][mode][s]` and
/// `PAWN_ATTACKERS[side][mode][s]` (the squares from which a pawn of `side`
/// captures on `s`).
static PAWN_QUIET: [[[u64; SQUARES]; 8]; 2] = pawn_table(0);
static PAWN_CAPTURE: [[[u64; SQUARES]; 8]; 2] = pawn_table(1);
static PAWN_ATTACKERS: [[[u64; SQUARES]; 8]; 2] = pawn_table(2);

const fn pawn_table(which: usize) -> [[[u64; SQUARES]; 8]; 2] {
    let mut table = [[[0; SQUARES]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let mut mode = 0;
        while mode < 8 {
            let mut s = 0;
            while s < SQUARES {
                let (quiet, capture) = pawn_masks(side, mode, s as u8);
                match which {
                    0 => table[side][mode][s] = quiet,
                    1 => table[side][mode][s] = capture,
                    _ => {
                        let mut t = 0;
                        while t < SQUARES {
                            if capture & (1 << t) != 0 {
                                table[side][mode][t] |= 1 << s;
                            }
                            t += 1;
                        }
                    }
                }
                s += 1;
            }
            mode += 1;
        }
        side += 1;
    }
    table
}

/// The last rank for each side's pawns.
const PROMOTION_RANK: [u64; 2] = [0b111111 << 30, 0b111111];

// ---------------------------------------------------------------------------
// Hash keys

static PIECE_KEYS: [u64; 12 * SQUARES] = zobrist::keys(0x7A9E_0001);
/// One key per (Loom square, number of Fates on it).
static FATE_KEYS: [u64; 5 * 4] = zobrist::keys(0x7A9E_0002);
/// One key per last-Loom-step code (index 0, "none", is not used).
static STEP_KEYS: [u64; 26] = zobrist::keys(0x7A9E_0003);
const BLACK_TO_MOVE_KEY: u64 = zobrist::splitmix64(0x7A9E_B1AC);

fn piece_key(c: Code, square: u8) -> u64 {
    PIECE_KEYS[(c as usize - 1) * SQUARES + square as usize]
}

fn fate_key(loom: usize, count: u8) -> u64 {
    FATE_KEYS[loom * 4 + (count as usize).min(3)]
}

fn step_key(code: StepCode) -> u64 {
    if code == 0 {
        0
    } else {
        STEP_KEYS[code as usize % 26]
    }
}

// ---------------------------------------------------------------------------
// Moves and the position

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A move on the Tapestry; a capture when `to` holds an enemy piece.
    Tapestry {
        from: u8,
        to: u8,
        promotion: Option<Kind>,
    },
    /// One Fate steps from one Loom square to an adjacent one.
    Loom { from: Loom, to: Loom },
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Code,
    last_step: StepCode,
    hash: u64,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tapestry {
    board: [Code; SQUARES],
    /// Squares of each side's pieces.
    sides: [u64; 2],
    /// Squares of each kind's pieces (both sides), indexed by `Kind as usize`.
    kinds: [u64; 6],
    kings: [u8; 2],
    /// Fates on each Loom square, in [`Loom::ALL`] order.
    fates: [u8; 5],
    /// The previous turn's Loom step (0 when that turn was a Tapestry move or
    /// there was none): its reverse is forbidden now.
    last_step: StepCode,
    side: Side,
    hash: u64,
}

impl Tapestry {
    pub fn piece_at(&self, square: u8) -> Option<Piece> {
        decode(*self.board.get(square as usize)?)
    }

    /// The number of Fates on a Loom square.
    pub fn fates_on(&self, loom: Loom) -> u8 {
        self.fates[loom.index()]
    }

    /// How many legal moves `side` would have if it were to move now, with
    /// the same board and Loom (for the engine's mobility term; the other
    /// side's count is asked of a copy with the turn handed over).
    pub fn count_moves_for(&self, side: Side) -> u64 {
        if side == self.side {
            return self.count_legal_moves();
        }
        let mut other = self.clone();
        other.side = side;
        other.last_step = 0;
        other.count_legal_moves()
    }

    /// The Loom step made on the previous turn, whose reverse is forbidden.
    pub fn last_loom_step(&self) -> Option<(Loom, Loom)> {
        step_of(self.last_step)
    }

    fn occupied_loom(&self) -> u8 {
        (0..5).fold(0, |m, i| m | (u8::from(self.fates[i] > 0) << i))
    }

    fn effect(&self) -> (usize, usize) {
        loom_effect(self.occupied_loom())
    }

    fn occupied(&self) -> u64 {
        self.sides[0] | self.sides[1]
    }

    /// Whether `square` is attacked by side `by` with the given occupancy,
    /// with the piece on `removed` (a captured one) left out, under the Loom
    /// effect `(restriction, mode)`.
    #[inline]
    fn attacked(
        &self,
        square: u8,
        by: usize,
        occupied: u64,
        removed: u64,
        (restriction, mode): (usize, usize),
    ) -> bool {
        let s = square as usize;
        let theirs = self.sides[by] & !removed;
        if KIT.knight[s] & theirs & self.kinds[Kind::Knight as usize] != 0 {
            return true;
        }
        let allowed = ALLOWED[restriction][s];
        let reach = theirs & allowed;
        if reach == 0 {
            return false;
        }
        if KIT.king[s] & reach & self.kinds[Kind::King as usize] != 0 {
            return true;
        }
        if PAWN_ATTACKERS[by][mode][s] & reach & self.kinds[Kind::Pawn as usize] != 0 {
            return true;
        }
        let queens = self.kinds[Kind::Queen as usize];
        let rooks = (self.kinds[Kind::Rook as usize] | queens) & reach;
        if rooks != 0 && KIT.rook(square, occupied) & rooks != 0 {
            return true;
        }
        let bishops = (self.kinds[Kind::Bishop as usize] | queens) & reach;
        bishops != 0 && KIT.bishop(square, occupied) & bishops != 0
    }

    /// Whether side `side`'s King is attacked in this position.
    pub fn king_attacked(&self, side: Side) -> bool {
        let us = side.index();
        self.attacked(self.kings[us], us ^ 1, self.occupied(), 0, self.effect())
    }

    /// Calls `emit` with every legal move.
    #[inline]
    fn for_each_legal(&self, mut emit: impl FnMut(Move)) {
        let us = self.side.index();
        let king = self.kings[us];
        let in_check = self.attacked(king, us ^ 1, self.occupied(), 0, self.effect());
        // Only a piece on a line through the King can uncover an attack on it.
        let exposed = if in_check {
            ALL_SQUARES
        } else {
            KIT.lines[king as usize]
        };
        self.for_each_piece_move(exposed, &mut emit);
        self.for_each_king_move(&mut emit);
        self.for_each_loom_step(&mut emit);
    }

    /// The legal moves of the men but the King (promotions included); only
    /// a man on a square of `exposed` needs the test that the King stays
    /// safe.
    #[inline]
    fn for_each_piece_move(&self, exposed: u64, emit: &mut impl FnMut(Move)) {
        let us = self.side.index();
        let them = us ^ 1;
        let effect = self.effect();
        let (restriction, mode) = effect;
        let occupied = self.occupied();
        let own = self.sides[us];
        let king = self.kings[us];
        let safe = |from: u8, to: u8| -> bool {
            let from_bit = 1u64 << from;
            if exposed & from_bit == 0 {
                return true;
            }
            let to_bit = 1u64 << to;
            let occ = (occupied & !from_bit) | to_bit;
            !self.attacked(king, them, occ, to_bit, effect)
        };
        let mut pieces = own & !self.kinds[Kind::King as usize];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let f = from as usize;
            let kind = match decode(self.board[f]) {
                Some(p) => p.kind,
                None => continue,
            };
            let targets = match kind {
                Kind::Knight => KIT.knight[f] & !own,
                Kind::Rook => KIT.rook(from, occupied) & ALLOWED[restriction][f] & !own,
                Kind::Bishop => KIT.bishop(from, occupied) & ALLOWED[restriction][f] & !own,
                Kind::Queen => {
                    (KIT.rook(from, occupied) | KIT.bishop(from, occupied))
                        & ALLOWED[restriction][f]
                        & !own
                }
                Kind::Pawn => {
                    let t = (PAWN_QUIET[us][mode][f] & !occupied)
                        | (PAWN_CAPTURE[us][mode][f] & self.sides[them]);
                    let t = t & ALLOWED[restriction][f];
                    let mut promoting = t & PROMOTION_RANK[us];
                    while promoting != 0 {
                        let to = promoting.trailing_zeros() as u8;
                        promoting &= promoting - 1;
                        if safe(from, to) {
                            for p in Kind::PROMOTIONS {
                                emit(Move::Tapestry {
                                    from,
                                    to,
                                    promotion: Some(p),
                                });
                            }
                        }
                    }
                    t & !PROMOTION_RANK[us]
                }
                Kind::King => 0,
            };
            let mut targets = targets;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if safe(from, to) {
                    emit(Move::Tapestry {
                        from,
                        to,
                        promotion: None,
                    });
                }
            }
        }
    }

    /// The King's legal steps: always tested, on the board without it.
    #[inline]
    fn for_each_king_move(&self, emit: &mut impl FnMut(Move)) {
        let us = self.side.index();
        let them = us ^ 1;
        let effect = self.effect();
        let (restriction, _) = effect;
        let occupied = self.occupied();
        let own = self.sides[us];
        let king = self.kings[us];
        let mut targets = KIT.king[king as usize] & ALLOWED[restriction][king as usize] & !own;
        let without_king = occupied & !(1u64 << king);
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let to_bit = 1u64 << to;
            if !self.attacked(to, them, without_king | to_bit, to_bit, effect) {
                emit(Move::Tapestry {
                    from: king,
                    to,
                    promotion: None,
                });
            }
        }
    }

    /// The Fates' legal steps on the Loom: the board stays, the King is
    /// tested under the new Loom.
    #[inline]
    fn for_each_loom_step(&self, emit: &mut impl FnMut(Move)) {
        let us = self.side.index();
        let them = us ^ 1;
        let occupied = self.occupied();
        let king = self.kings[us];
        let occupied_loom = self.occupied_loom();
        for from in Loom::ALL {
            if self.fates[from.index()] == 0 {
                continue;
            }
            for &to in from.neighbours() {
                if self.last_step == step_code(to, from) {
                    continue;
                }
                let mut after = occupied_loom | (1 << to.index());
                if self.fates[from.index()] == 1 {
                    after &= !(1 << from.index());
                }
                if !self.attacked(king, them, occupied, 0, loom_effect(after)) {
                    emit(Move::Loom { from, to });
                }
            }
        }
    }

    fn put(&mut self, square: u8, c: Code) {
        let s = square as usize;
        let Some(&old) = self.board.get(s) else {
            return;
        };
        let bit = 1u64 << square;
        if let Some(p) = decode(old) {
            self.hash ^= piece_key(old, square);
            self.sides[p.side.index()] &= !bit;
            self.kinds[p.kind as usize] &= !bit;
        }
        if let Some(p) = decode(c) {
            self.hash ^= piece_key(c, square);
            self.sides[p.side.index()] |= bit;
            self.kinds[p.kind as usize] |= bit;
            if p.kind == Kind::King {
                self.kings[p.side.index()] = square;
            }
        }
        self.board[s] = if c <= 12 { c } else { 0 };
    }

    fn set_fates(&mut self, loom: Loom, count: u8) {
        let i = loom.index();
        self.hash ^= fate_key(i, self.fates[i]) ^ fate_key(i, count);
        self.fates[i] = count;
    }

    fn set_last_step(&mut self, code: StepCode) {
        self.hash ^= step_key(self.last_step) ^ step_key(code);
        self.last_step = code;
    }

    fn syntax_error(text: &str) -> Option<String> {
        match split_from_to(text) {
            Err(reason) => Some(reason),
            Ok((from, to, promotion)) => {
                let loom = |s: &str| {
                    let mut c = s.chars();
                    matches!(
                        (c.next().and_then(Loom::from_letter), c.next()),
                        (Some(_), None)
                    )
                };
                if loom(from) && loom(to) {
                    return promotion.map(|_| "a Loom move has no promotion".into());
                }
                if let Some(name) = [from, to].into_iter().find(|n| GRID.parse(n).is_none()) {
                    return Some(format!(
                        "'{name}' is not a Tapestry square (a1 to f6) and the move is not a Loom step (O L N E A)"
                    ));
                }
                match promotion {
                    Some(p) if !matches!(p, 'Q' | 'R' | 'B' | 'N') => {
                        Some(format!("a pawn promotes to Q, R, B or N, not {p}"))
                    }
                    _ => None,
                }
            }
        }
    }

    /// A `LoomEffect` Mark on each active Loom square, in O L N E A order.
    fn loom_effect_marks(&self) -> Vec<Hint> {
        Loom::ALL
            .into_iter()
            .filter(|l| self.fates[l.index()] > 0)
            .map(|l| Hint::Mark {
                at: loom_cell(l),
                kind: HintKind::LoomEffect,
                label: l.effect_text().into(),
            })
            .collect()
    }

    /// The targets the piece on `from` would reach with its ordinary moves
    /// that an active Loom square forbids, each marked with why.
    fn forbidden_marks(&self, from: u8, piece: Piece) -> Vec<Hint> {
        let f = from as usize;
        let us = piece.side.index();
        let own = self.sides[us];
        let enemies = self.sides[us ^ 1];
        let occupied = self.occupied();
        let (restriction, mode) = self.effect();
        let pattern = match piece.kind {
            Kind::Knight => return Vec::new(),
            Kind::King => KIT.king[f] & !own,
            Kind::Rook => KIT.rook(from, occupied) & !own,
            Kind::Bishop => KIT.bishop(from, occupied) & !own,
            Kind::Queen => (KIT.rook(from, occupied) | KIT.bishop(from, occupied)) & !own,
            Kind::Pawn if mode == 0 => {
                // No pawn mode: the orthodox steps are all frozen.
                let orthodox = (PAWN_QUIET[us][P_NEXUS][f] & !occupied)
                    | (PAWN_CAPTURE[us][P_NEXUS][f] & enemies);
                return bits(orthodox)
                    .map(|to| Hint::Mark {
                        at: to.into(),
                        kind: HintKind::Forbidden,
                        label: "pawns frozen: no Fate on Opposition, Nexus or Avoidance".into(),
                    })
                    .collect();
            }
            Kind::Pawn => {
                (PAWN_QUIET[us][mode][f] & !occupied) | (PAWN_CAPTURE[us][mode][f] & enemies)
            }
        };
        let forbidden = pattern & !ALLOWED[restriction][f];
        bits(forbidden)
            .map(|to| {
                let names: Vec<&str> = [
                    (Loom::Light, R_LIGHT),
                    (Loom::Earth, R_EARTH),
                    (Loom::Nexus, R_NEXUS),
                ]
                .into_iter()
                .filter(|&(_, r)| restriction & r != 0 && ALLOWED[r][f] & (1 << to) == 0)
                .map(|(l, _)| l.name())
                .collect();
                Hint::Mark {
                    at: to.into(),
                    kind: HintKind::Forbidden,
                    label: format!("forbidden by {}", join_names(&names)),
                }
            })
            .collect()
    }

    /// Selecting a Loom square: its effect if it is inactive, and a
    /// `Forbidden` Mark on each neighbour its Fate may not step to now.
    fn loom_selection_hints(&self, loom: Loom) -> Vec<Hint> {
        let mut hints = Vec::new();
        if self.fates[loom.index()] == 0 {
            hints.push(Hint::Mark {
                at: loom_cell(loom),
                kind: HintKind::LoomEffect,
                label: format!("{} (inactive: no Fate here)", loom.effect_text()),
            });
        } else {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            for &to in loom.neighbours() {
                if moves.contains(&Move::Loom { from: loom, to }) {
                    continue;
                }
                let label = if self.last_step == step_code(to, loom) {
                    format!(
                        "forbidden: it would undo {}'s step {}-{}",
                        self.side.opponent().name(),
                        to.letter(),
                        loom.letter()
                    )
                } else {
                    "forbidden: under the new Loom your King would be in check".into()
                };
                hints.push(Hint::Mark {
                    at: loom_cell(to),
                    kind: HintKind::Forbidden,
                    label,
                });
            }
        }
        hints.extend(self.loom_effect_marks());
        hints
    }

    fn empty() -> Tapestry {
        Tapestry {
            board: [0; SQUARES],
            sides: [0; 2],
            kinds: [0; 6],
            kings: [0; 2],
            fates: [0; 5],
            last_step: 0,
            side: Side::WHITE,
            hash: 0,
        }
    }
}

/// The Tapestry men and the Fates: their names, moves and models.
pub fn men(letter: char, _: ManState) -> Option<ManInfo> {
    match letter {
        'F' => ManInfo::man(
            "Fate",
            "fate",
            "steps to a neighbouring Loom square; a square with a Fate is active",
        ),
        'N' => ManInfo::man("Knight", "knight", "leaps as in chess and ignores the Loom"),
        'P' => ManInfo::man(
            "Pawn",
            "pawn",
            "moves as the active Loom squares allow (Opposition, Nexus, Avoidance)",
        ),
        other => chess_man(other),
    }
}

/// The fields of the position text, each read by its own reader.
impl Tapestry {
    /// The placement field: one King a side, no pawn on its promotion rank.
    fn read_pieces(&mut self, placement: &str) -> Result<(), PositionError> {
        let mut kings = [0u8; 2];
        read_placement(GRID, placement, "squares", |man| {
            let kind = Kind::from_letter(man.letter)
                .filter(|_| man.written.is_ascii_alphabetic())
                .ok_or_else(|| {
                    PositionError::new(format!(
                        "'{}' is not a Tapestry piece (K Q R B N P, k q r b n p) or a run of 1-6 empty squares",
                        man.written
                    ))
                })?;
            let s = man.side.index();
            if kind == Kind::Pawn && PROMOTION_RANK[s] & (1 << man.cell) != 0 {
                return Err(PositionError::new(format!(
                    "a {} pawn cannot stand on {} (its promotion rank)",
                    man.side.name(),
                    GRID.name(man.cell)
                )));
            }
            if kind == Kind::King {
                kings[s] += 1;
            }
            self.put(man.cell, code(s, kind as usize));
            Ok(())
        })?;
        for s in [Side::WHITE, Side::BLACK] {
            if kings[s.index()] != 1 {
                return Err(PositionError::new(format!(
                    "{} needs exactly one King, has {}",
                    s.name(),
                    kings[s.index()]
                )));
            }
        }
        Ok(())
    }
}

/// The Fates field: the Loom square of each Fate (`OLN`), counted by square.
fn read_fates(fates: &str) -> Result<[u8; 5], PositionError> {
    let mut counts = [0u8; 5];
    for c in fates.chars() {
        let loom = Loom::from_letter(c).ok_or_else(|| {
            PositionError::new(format!(
                "'{c}' in the Fates field '{fates}' is not a Loom square (O L N E A)"
            ))
        })?;
        counts[loom.index()] += 1;
        if counts.iter().sum::<u8>() > FATES {
            break;
        }
    }
    if counts.iter().sum::<u8>() != FATES {
        return Err(PositionError::new(format!(
            "the Fates field '{fates}' must name the Loom squares of exactly {FATES} Fates"
        )));
    }
    Ok(counts)
}

/// The last Loom step field: `-`, or the step (such as `N-O`) that the next
/// Fate may not undo, which must end where a Fate stands (`counts`).
fn read_last_step(last: &str, counts: &[u8; 5]) -> Result<Option<u8>, PositionError> {
    if last == "-" {
        return Ok(None);
    }
    let step = split_from_to(last).ok().and_then(|(a, b, promo)| {
        let one = |s: &str| {
            let mut c = s.chars();
            match (c.next().and_then(Loom::from_letter), c.next()) {
                (Some(l), None) => Some(l),
                _ => None,
            }
        };
        match (one(a), one(b), promo) {
            (Some(a), Some(b), None) if a.adjacent(b) => Some((a, b)),
            _ => None,
        }
    });
    let Some((from, to)) = step else {
        return Err(PositionError::new(format!(
            "the last Loom step '{last}' is not '-' or a step between adjacent Loom squares such as 'N-O'"
        )));
    };
    if counts[to.index()] == 0 {
        return Err(PositionError::new(format!(
            "the last Loom step '{last}' ends on {} but no Fate stands there",
            to.letter()
        )));
    }
    Ok(Some(step_code(from, to)))
}

impl Position for Tapestry {
    type Move = Move;
    type Undo = Undo;
    type Options = ();

    fn start(_options: &()) -> Self {
        Tapestry::from_text(START, &()).expect("the start position text is valid")
    }

    fn options(&self) -> &() {
        &()
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.for_each_legal(|mv| moves.push(mv));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut count = 0;
        self.for_each_legal(|_| count += 1);
        count
    }

    fn play(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            captured: 0,
            last_step: self.last_step,
            hash: self.hash,
        };
        let undo = match mv {
            Move::Tapestry {
                from,
                to,
                promotion,
            } => {
                // An off-board square (only in an illegal move) changes nothing.
                let (Some(&mover), Some(&captured)) =
                    (self.board.get(from as usize), self.board.get(to as usize))
                else {
                    self.side = self.side.opponent();
                    self.hash ^= BLACK_TO_MOVE_KEY;
                    return undo;
                };
                let placed = match (promotion, decode(mover)) {
                    (Some(kind), Some(p)) => code(p.side.index(), kind as usize),
                    _ => mover,
                };
                self.put(to, 0);
                self.put(from, 0);
                self.put(to, placed);
                self.set_last_step(0);
                Undo { captured, ..undo }
            }
            Move::Loom { from, to } => {
                let (f, t) = (self.fates[from.index()], self.fates[to.index()]);
                self.set_fates(from, f.saturating_sub(1));
                self.set_fates(to, t.saturating_add(1));
                self.set_last_step(step_code(from, to));
                undo
            }
        };
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE_KEY;
        undo
    }

    fn undo(&mut self, mv: Move, undo: Undo) {
        match mv {
            Move::Tapestry {
                from,
                to,
                promotion,
            } => {
                let on_board = (from as usize) < SQUARES;
                if let (Some(&moved), true) = (self.board.get(to as usize), on_board) {
                    let original = match (promotion, decode(moved)) {
                        (Some(_), Some(p)) => code(p.side.index(), Kind::Pawn as usize),
                        _ => moved,
                    };
                    self.put(to, 0);
                    self.put(from, original);
                    self.put(to, undo.captured);
                }
            }
            Move::Loom { from, to } => {
                let (f, t) = (self.fates[from.index()], self.fates[to.index()]);
                self.fates[from.index()] = f.saturating_add(1);
                self.fates[to.index()] = t.saturating_sub(1);
            }
        }
        self.last_step = undo.last_step;
        self.side = self.side.opponent();
        self.hash = undo.hash;
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// A side with no legal move loses, in check or not.
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        Some(Outcome {
            result: GameResult::Win(self.side.opponent()),
            reason: if self.in_check() {
                EndReason::Checkmate
            } else {
                EndReason::NoLegalMove
            },
        })
    }

    /// Captures and promotions.
    fn is_noisy(&self, mv: Move) -> bool {
        match mv {
            Move::Tapestry { to, promotion, .. } => {
                promotion.is_some() || self.piece_at(to).is_some()
            }
            Move::Loom { .. } => false,
        }
    }

    fn resets_move_clock(&self, mv: Move) -> bool {
        match mv {
            Move::Tapestry { from, to, .. } => {
                self.piece_at(to).is_some()
                    || self.piece_at(from).is_some_and(|p| p.kind == Kind::Pawn)
            }
            Move::Loom { .. } => false,
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for s in 0..SQUARES as u8 {
            let c = self.board[s as usize];
            if decode(c).is_some() {
                h ^= piece_key(c, s);
            }
        }
        for (i, &n) in self.fates.iter().enumerate() {
            h ^= fate_key(i, n);
        }
        h ^= step_key(self.last_step);
        if self.side == Side::BLACK {
            h ^= BLACK_TO_MOVE_KEY;
        }
        h
    }

    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Tapestry {
                from,
                to,
                promotion,
            } => {
                let mut text = format!("{}-{}", GRID.name(from), GRID.name(to));
                if let Some(p) = promotion {
                    text.push('=');
                    text.push(p.letter());
                }
                text
            }
            Move::Loom { from, to } => format!("{}-{}", from.letter(), to.letter()),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        find_legal_move(self, text, Tapestry::syntax_error)
    }

    /// Four fields separated by single spaces:
    /// 1. the Tapestry, ranks 6 to 1 separated by `/`, each listing files a–f
    ///    with `K Q R B N P` for White, `k q r b n p` for Black and digits 1–6
    ///    for runs of empty squares;
    /// 2. `w` or `b`, the side to move;
    /// 3. the three Fates by the Loom square each stands on, written in the
    ///    order O L N E A (e.g. `NNN` at the start, `OLN`; read in any order);
    /// 4. the Loom step of the previous turn, whose reverse is forbidden now,
    ///    e.g. `N-O`, or `-` when the previous turn was not a Loom step.
    ///
    /// The start is [`START`]: `rbqkbn/pppppp/6/6/PPPPPP/RBQKBN w NNN -`.
    fn to_text(&self) -> String {
        let mut text = placement_text(GRID, |cell| {
            self.piece_at(cell).map(|m| (m.kind.letter(), m.side))
        });
        text.push_str(if self.side == Side::WHITE {
            " w "
        } else {
            " b "
        });
        for l in Loom::ALL {
            for _ in 0..self.fates[l.index()] {
                text.push(l.letter());
            }
        }
        match step_of(self.last_step) {
            Some((from, to)) => {
                let _ = write!(text, " {}-{}", from.letter(), to.letter());
            }
            None => text.push_str(" -"),
        }
        text
    }

    fn from_text(text: &str, _options: &()) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [placement, side, fates, last] = fields[..] else {
            return Err(PositionError::new(format!(
                "expected 'placement side fates last-loom-step' (4 fields), got {} in '{text}'",
                fields.len()
            )));
        };
        let side = side_to_move_field(side)?;
        let mut pos = Tapestry::empty();
        pos.read_pieces(placement)?;
        pos.fates = read_fates(fates)?;
        if let Some(step) = read_last_step(last, &pos.fates)? {
            pos.last_step = step;
        }
        pos.side = side;
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
        let mut cells: Vec<Cell> = (0..SQUARES as u8)
            .map(|s| {
                let (x, y) = GRID.coords(s);
                Cell {
                    board: 0,
                    name: GRID.name(s),
                    alt_name: None,
                    place: [x as f32, y as f32],
                    shape: CellShape::Square,
                    colour: colour(s),
                }
            })
            .collect();
        for l in Loom::ALL {
            cells.push(Cell {
                board: 1,
                name: l.letter().to_string(),
                alt_name: Some(l.name().into()),
                place: loom_place(l),
                shape: CellShape::Square,
                colour: 0,
            });
        }
        BoardLayout {
            boards: vec![
                Board {
                    name: "Tapestry".into(),
                    centre: [2.5, 2.5],
                    colours: 4,
                },
                Board {
                    name: "Loom".into(),
                    centre: LOOM_CENTRE,
                    colours: 1,
                },
            ],
            cells,
        }
    }

    fn placements(&self) -> Vec<Placement> {
        let mut out: Vec<Placement> = (0..SQUARES as u8)
            .filter_map(|s| {
                self.piece_at(s).map(|p| Placement {
                    cell: s.into(),
                    letter: p.kind.letter(),
                    side: Some(p.side),
                    state: ManState::Normal,
                    level: 0,
                })
            })
            .collect();
        for l in Loom::ALL {
            for level in 0..self.fates[l.index()] {
                out.push(Placement {
                    cell: loom_cell(l),
                    letter: 'F',
                    side: None,
                    state: ManState::Normal,
                    level,
                });
            }
        }
        out
    }

    fn route(&self, mv: Move) -> Route {
        match mv {
            Move::Tapestry { from, to, .. } => Route {
                from: from.into(),
                to: to.into(),
            },
            Move::Loom { from, to } => Route {
                from: loom_cell(from),
                to: loom_cell(to),
            },
        }
    }

    /// A Tapestry piece: a `Forbidden` Mark on each target of its ordinary
    /// move (for a pawn: under the active pawn modes, or the orthodox steps
    /// when none is active) that the active Loom forbids, labelled with the
    /// Loom squares that forbid it; a Knight gets a Note that it ignores the
    /// Loom while a restriction is active. Then a `LoomEffect` Mark on each
    /// active Loom square. A Loom square: see `loom_selection_hints`.
    fn selection_hints(&self, from: CellId) -> Vec<Hint> {
        let index = usize::from(from);
        if let Some(&loom) = index.checked_sub(SQUARES).and_then(|i| Loom::ALL.get(i)) {
            return self.loom_selection_hints(loom);
        }
        let Some(piece) = u8::try_from(index).ok().and_then(|s| self.piece_at(s)) else {
            return Vec::new();
        };
        let square = index as u8;
        let mut hints = self.forbidden_marks(square, piece);
        if piece.kind == Kind::Knight && self.effect().0 != 0 {
            hints.push(Hint::Mark {
                at: from,
                kind: HintKind::Note,
                label: "Knights ignore the Loom".into(),
            });
        }
        hints.extend(self.loom_effect_marks());
        hints
    }

    /// A Loom square: what it does, and whether it does it now (a Fate
    /// stands on it) — with how many Fates.
    fn cell_words(&self, cell: CellId) -> Option<CellWords> {
        let loom = *usize::from(cell)
            .checked_sub(SQUARES)
            .and_then(|i| Loom::ALL.get(i))?;
        let fates = self.fates[loom.index()];
        let now = match fates {
            0 => "Inactive: no Fate stands here.".to_string(),
            1 => "Active: a Fate stands here.".to_string(),
            n => format!("Active: {n} Fates stand here."),
        };
        let (name, does) = loom
            .effect_text()
            .split_once(": ")
            .unwrap_or((loom.effect_text(), ""));
        Some(CellWords {
            name: format!("{name} (Loom square)"),
            summary: format!("{now} While active, {does}."),
        })
    }

    /// A Line from each enemy piece that attacks the King under the current
    /// Loom.
    fn check_hints(&self) -> Vec<Hint> {
        let us = self.side.index();
        let them = us ^ 1;
        let king = self.kings[us];
        let occupied = self.occupied();
        let effect = self.effect();
        bits(self.sides[them])
            .filter(|&p| {
                let others = self.sides[them] & !(1u64 << p);
                self.attacked(king, them, occupied, others, effect)
            })
            .map(|p| Hint::Line {
                from: p.into(),
                to: king.into(),
                kind: HintKind::Check,
                label: None,
            })
            .collect()
    }

    fn effects(&self, mv: Move) -> Vec<Effect> {
        match mv {
            Move::Tapestry {
                from,
                to,
                promotion,
            } => {
                let (f, t) = (from.into(), to.into());
                let mut out = Vec::with_capacity(3);
                if self.piece_at(to).is_some() {
                    out.push(Effect::Capture { at: t });
                }
                out.push(Effect::Move { from: f, to: t });
                if let Some(kind) = promotion {
                    out.push(Effect::Transform {
                        at: t,
                        letter: kind.letter(),
                        state: ManState::Normal,
                    });
                }
                out
            }
            Move::Loom { from, to } => vec![Effect::Move {
                from: loom_cell(from),
                to: loom_cell(to),
            }],
        }
    }
}

/// Where the Loom is drawn: a plus beside the Tapestry, Nexus at its centre.
const LOOM_CENTRE: [f32; 2] = [8.5, 2.5];

fn loom_place(l: Loom) -> [f32; 2] {
    let [cx, cy] = LOOM_CENTRE;
    match l {
        Loom::Opposition => [cx, cy + 1.0],
        Loom::Light => [cx - 1.0, cy],
        Loom::Nexus => [cx, cy],
        Loom::Earth => [cx + 1.0, cy],
        Loom::Avoidance => [cx, cy - 1.0],
    }
}

/// `A`, `A and B`, `A, B and C`.
fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The Loom cells follow the 36 Tapestry cells, in [`Loom::ALL`] order.
fn loom_cell(l: Loom) -> u16 {
    SQUARES as u16 + l.index() as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::grid::bits;

    #[test]
    fn colours_and_territories() {
        // Each territory holds all four colours.
        for t in 0..9 {
            let mut seen = [false; 4];
            for s in 0..SQUARES as u8 {
                if territory(s) == t {
                    seen[colour(s) as usize] = true;
                }
            }
            assert_eq!(seen, [true; 4], "territory {t}");
        }
        assert_eq!(colour(GRID.index(1, 1)), 3);
        // Light forbids exactly the moves with even file and rank differences.
        let a1 = 0;
        let allowed = ALLOWED[R_LIGHT][a1];
        for to in bits(ALL_SQUARES & !1) {
            let (x, y) = GRID.coords(to);
            assert_eq!(allowed & (1 << to) != 0, x % 2 == 1 || y % 2 == 1);
        }
    }

    #[test]
    fn illegal_moves_do_not_panic() {
        let mut pos = Tapestry::start(&());
        let before = pos.clone();
        for mv in [
            Move::Tapestry {
                from: 200,
                to: 3,
                promotion: None,
            },
            Move::Tapestry {
                from: 3,
                to: 99,
                promotion: Some(Kind::Queen),
            },
            Move::Tapestry {
                from: 20,
                to: 21,
                promotion: Some(Kind::King),
            },
            Move::Loom {
                from: Loom::Light,
                to: Loom::Earth,
            },
        ] {
            let undo = pos.play(mv);
            pos.undo(mv, undo);
            if matches!(mv, Move::Tapestry { .. }) {
                assert_eq!(pos, before, "{mv:?}");
            }
        }
    }
}
