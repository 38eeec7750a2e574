//! Hexagonal chess (RULES.md §3): classical Glinski and McCooey, and Charles
//! Gilman's Anglojewish Chess with its curved riders (Finch, Rabbi, Cohen),
//! the Sennight and the General, on the 91-cell board or the 61-cell Compact
//! board, with any of the four pawn-like pieces.
//!
//! The board is a mailbox of piece codes plus `u128` masks per kind and per
//! side; every geometric fact (neighbours, rays, leaps, curved paths, pawn
//! captures and their reverse) is precomputed once per board size. Legality
//! is an attack test on the royal piece after the move, skipped for moves
//! that cannot uncover it (not in check, not the royal piece, not en passant,
//! and the piece does not stand on a line or curved path from its royal).
//!
//! Two sides only; the three-player game of the seed is left for later.

use std::fmt;
use std::fmt::Write as _;
use std::sync::OnceLock;

use super::geometry::hex::{DIAG, HexGrid, LEAPS, ORTHO, is_rising, rotate};
use super::legal::find_legal_move;
use super::men::pawn_info;
use super::notation::split_from_to;
use super::notation::{MoveError, PositionError};
use super::outcome::{EndReason, GameResult, Outcome};
use super::position::Position;
use super::side::Side;
use super::variant::{PawnKind, Variant, VariantId};
use super::view::ManInfo;
use super::view::{Board, BoardLayout, Cell, CellShape, Effect, ManState, Placement, Route};
use super::view::{CellId, Hint};
use super::zobrist;

mod hints;
mod three;

pub use three::RULES_TEXT as THREE_PLAYER_RULES_TEXT;
pub use three::{ArmyReach, HexChess3};

/// Cells of the largest board; the Compact board uses the first 61.
const MAX_CELLS: usize = 91;
/// "No cell" in the per-cell tables and for the en-passant right.
const NONE: u8 = 255;

/// The piece types of every hex army. Letters depend on the army (the
/// Anglojewish Rabbi is `B` like the classical Bishop, which never meets it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Kind {
    King = 1,
    Queen,
    Rook,
    Bishop,
    Knight,
    General,
    Cohen,
    Finch,
    Rabbi,
    Sennight,
    Pawn,
}

const KINDS: usize = 12;
const ALL_KINDS: [Kind; 11] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::General,
    Kind::Cohen,
    Kind::Finch,
    Kind::Rabbi,
    Kind::Sennight,
    Kind::Pawn,
];

impl Kind {
    fn from_code(code: u8) -> Option<Kind> {
        ALL_KINDS
            .get(usize::from(code & 15).wrapping_sub(1))
            .copied()
    }

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop | Kind::Rabbi => 'B',
            Kind::Knight => 'N',
            Kind::General => 'G',
            Kind::Cohen => 'C',
            Kind::Finch => 'F',
            Kind::Sennight => 'S',
            Kind::Pawn => 'P',
        }
    }

    /// The Anglojewish piece that replaces a classical one.
    fn curved(self) -> Kind {
        match self {
            Kind::King => Kind::General,
            Kind::Queen => Kind::Cohen,
            Kind::Rook => Kind::Finch,
            Kind::Bishop => Kind::Rabbi,
            Kind::Knight => Kind::Sennight,
            other => other,
        }
    }
}

const fn code(kind: Kind, side: usize) -> u8 {
    kind as u8 | (side as u8) << 4
}

/// Which cells and which of the two boards: Glinski's or McCooey's array on
/// 91 cells, or McCooey's army on the 61-cell Compact board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Layout {
    #[default]
    Glinski,
    McCooey,
    Compact,
}

impl Layout {
    /// The pawn-like piece the layout's inventor gave it: Glinski's
    /// Migrant, McCooey's Broker (on the Compact board too).
    pub const fn default_pawn(self) -> PawnKind {
        match self {
            Layout::Glinski => PawnKind::Migrant,
            Layout::McCooey | Layout::Compact => PawnKind::Broker,
        }
    }
}

/// Which pieces stand on the array's cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Army {
    /// King, Queen, Rook, Bishop, Knight.
    #[default]
    Classical,
    /// General, Cohen, Finch, Rabbi, Sennight.
    Anglojewish,
    /// Anglojewish, but the Rook nearest the General stays a Rook.
    MixedBird,
}

/// The rules of Glinski's and McCooey's games as the window shows them.
pub const CLASSICAL_RULES_TEXT: &str = "\
Hexagonal chess on 91 cells in three colours. Rooks move along the six \
orthogonal lines, Bishops along the six diagonal lines (staying on their \
colour), the Queen both, the King one step either way, the Knight the √7 leap.
Pawns move one cell forward (two from their start), capture on the two \
half-forward orthogonals (Glinski) or forward diagonals (McCooey), take en \
passant, and promote on the far edge. Glinski scores stalemate ¾–¼.";

/// The rules of the two-player Anglojewish games as the window shows them.
pub const ANGLOJEWISH_RULES_TEXT: &str = "\
Gilman's Anglojewish Chess: the hex armies with curved pieces. The Finch makes \
up to four orthogonal steps turning the same way each time, the Rabbi the same \
with diagonal steps, the Cohen either; every cell on the way must be empty. The \
Sennight makes the √7 leap, the General steps one cell orthogonally and is royal.
The pawn-like piece (Point, Migrant, Broker or Corporal) steps forward and \
captures in its own directions; double steps and en passant follow the layout. \
Stalemate is a draw.";

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexOptions {
    pub layout: Layout,
    pub army: Army,
    pub pawn: PawnKind,
}

impl Default for HexOptions {
    fn default() -> Self {
        HexOptions {
            layout: Layout::Glinski,
            army: Army::Classical,
            pawn: PawnKind::Migrant,
        }
    }
}

impl HexOptions {
    /// The options of a hex variant id, the pawn kind defaulting to the
    /// layout's (Glinski → Migrant, McCooey and Compact → Broker).
    pub fn for_variant(id: VariantId, pawn: Option<PawnKind>) -> Option<HexOptions> {
        let (layout, army) = match id {
            VariantId::Glinski => (Layout::Glinski, Army::Classical),
            VariantId::McCooey => (Layout::McCooey, Army::Classical),
            VariantId::AjGlinski => (Layout::Glinski, Army::Anglojewish),
            VariantId::AjMcCooey => (Layout::McCooey, Army::Anglojewish),
            VariantId::AjGlinskiMixed => (Layout::Glinski, Army::MixedBird),
            VariantId::AjMcCooeyMixed => (Layout::McCooey, Army::MixedBird),
            VariantId::AjCompact => (Layout::Compact, Army::Anglojewish),
            VariantId::AjGlinski3p => (Layout::Glinski, Army::Anglojewish),
            VariantId::AjGlinskiMixed3p => (Layout::Glinski, Army::MixedBird),
            VariantId::AjMcCooey3p => (Layout::McCooey, Army::Anglojewish),
            VariantId::AjMcCooeyMixed3p => (Layout::McCooey, Army::MixedBird),
            _ => return None,
        };
        Some(HexOptions {
            layout,
            army,
            pawn: pawn.unwrap_or(layout.default_pawn()),
        })
    }

    pub fn grid(&self) -> HexGrid {
        match self.layout {
            Layout::Compact => HexGrid::COMPACT,
            _ => HexGrid::LARGE,
        }
    }

    fn royal(&self) -> Kind {
        match self.army {
            Army::Classical => Kind::King,
            _ => Kind::General,
        }
    }

    /// The promotion choices: the array's capturable types.
    pub fn promotions(&self) -> &'static [Kind] {
        match self.army {
            Army::Classical => &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
            Army::Anglojewish => &[Kind::Cohen, Kind::Finch, Kind::Rabbi, Kind::Sennight],
            Army::MixedBird => &[
                Kind::Cohen,
                Kind::Finch,
                Kind::Rabbi,
                Kind::Sennight,
                Kind::Rook,
            ],
        }
    }

    /// The piece type a letter names in this army.
    pub fn kind_of_letter(&self, letter: char) -> Option<Kind> {
        match self.army {
            Army::Classical => match letter {
                'K' => Some(Kind::King),
                'Q' => Some(Kind::Queen),
                'R' => Some(Kind::Rook),
                'B' => Some(Kind::Bishop),
                'N' => Some(Kind::Knight),
                'P' => Some(Kind::Pawn),
                _ => None,
            },
            army => match letter {
                'G' => Some(Kind::General),
                'C' => Some(Kind::Cohen),
                'F' => Some(Kind::Finch),
                'B' => Some(Kind::Rabbi),
                'S' => Some(Kind::Sennight),
                'P' => Some(Kind::Pawn),
                'R' if army == Army::MixedBird => Some(Kind::Rook),
                _ => None,
            },
        }
    }

    fn letters(&self) -> &'static str {
        match self.army {
            Army::Classical => "K Q R B N P",
            Army::Anglojewish => "G C F B S P",
            Army::MixedBird => "G C F B S R P",
        }
    }

    /// White's array (classical names) as cell names.
    fn array(&self) -> &'static [(Kind, &'static [&'static str])] {
        match self.layout {
            Layout::Glinski => &[
                (Kind::King, &["g1"]),
                (Kind::Queen, &["e1"]),
                (Kind::Rook, &["c1", "i1"]),
                (Kind::Knight, &["d1", "h1"]),
                (Kind::Bishop, &["f1", "f2", "f3"]),
                (
                    Kind::Pawn,
                    &["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"],
                ),
            ],
            Layout::McCooey => &[
                (Kind::King, &["g1"]),
                (Kind::Queen, &["e1"]),
                (Kind::Rook, &["d1", "h1"]),
                (Kind::Knight, &["e2", "g2"]),
                (Kind::Bishop, &["f1", "f2", "f3"]),
                (Kind::Pawn, &["c1", "d2", "e3", "f4", "g3", "h2", "i1"]),
            ],
            Layout::Compact => &[
                (Kind::King, &["f1"]),
                (Kind::Queen, &["d1"]),
                (Kind::Rook, &["c1", "g1"]),
                (Kind::Knight, &["d2", "f2"]),
                (Kind::Bishop, &["e1", "e2", "e3"]),
                (Kind::Pawn, &["b1", "c2", "d3", "e4", "f3", "g2", "h1"]),
            ],
        }
    }

    /// The mixed-bird Rook: the one nearest the General.
    fn mixed_rook(&self) -> &'static str {
        match self.layout {
            Layout::Glinski => "i1",
            Layout::McCooey => "h1",
            Layout::Compact => "g1",
        }
    }

    /// White's men at the start (three-player Red's): the layout's array with the army's
    /// pieces (General, Cohen … and the mixed-bird Rook).
    pub(crate) fn start_men(&self) -> Vec<(u8, Kind)> {
        let grid = self.grid();
        let mut men = Vec::new();
        for &(kind, cells) in self.array() {
            for name in cells.iter() {
                let Some(cell) = grid.parse(name) else {
                    continue;
                };
                let kind = match self.army {
                    Army::Classical => kind,
                    Army::MixedBird if *name == self.mixed_rook() => kind,
                    _ => kind.curved(),
                };
                men.push((cell, kind));
            }
        }
        men
    }

    /// Two-player White's double-step cells: its pawns' start cells, but
    /// for McCooey and Compact not the centre-file one.
    pub(crate) fn double_step_cells(&self) -> Vec<u8> {
        let grid = self.grid();
        self.array()
            .iter()
            .filter(|(kind, _)| *kind == Kind::Pawn)
            .flat_map(|(_, cells)| cells.iter().filter_map(|name| grid.parse(name)))
            .filter(|&cell| self.layout == Layout::Glinski || !grid.is_centre_file(cell))
            .collect()
    }

    /// Classical Glinski scores stalemate ¾–¼; every other hex game draws.
    fn stalemate_scores(&self) -> bool {
        self.layout == Layout::Glinski && self.army == Army::Classical
    }
}

/// The hex board's cells with both names, for every hex game.
fn board_layout(grid: HexGrid) -> BoardLayout {
    let cells = (0..grid.len() as u8)
        .map(|c| Cell {
            board: 0,
            name: grid.name(c),
            alt_name: Some(grid.gilman(c)),
            place: grid.place(c),
            shape: CellShape::Hex,
            colour: grid.colour(c),
        })
        .collect();
    BoardLayout {
        boards: vec![Board {
            name: if grid == HexGrid::COMPACT {
                "Compact hex board".into()
            } else {
                "Hex board".into()
            },
            centre: grid.centre(),
            colours: 3,
        }],
        cells,
    }
}

/// Reads the placement field of a hex position text: files a–l (a–i)
/// separated by `/`, each listing its cells from rank 1 upward, a number
/// for a run of empty cells and anything else a man. `man` reads one from
/// its first character (and may take more from the rest of the file),
/// giving its kind and side; `place` puts it on its cell (and may refuse).
fn read_placement(
    tables: &Tables,
    placement: &str,
    mut man: impl FnMut(
        char,
        &mut std::iter::Peekable<std::str::Chars>,
    ) -> Result<(Kind, usize), PositionError>,
    mut place: impl FnMut(u8, Kind, usize) -> Result<(), PositionError>,
) -> Result<(), PositionError> {
    let err = |s: String| Err(PositionError::new(s));
    let files: Vec<&str> = placement.split('/').collect();
    if files.len() != tables.files.len() {
        return err(format!(
            "expected {} files separated by '/', got {}",
            tables.files.len(),
            files.len()
        ));
    }
    for (f, (file_text, cells)) in files.iter().zip(&tables.files).enumerate() {
        let file_name = tables.grid.name(cells[0]).chars().next().unwrap_or('?');
        let mut at = 0usize;
        let mut chars = file_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d as usize;
                while let Some(more) = chars.peek().and_then(|x| x.to_digit(10)) {
                    run = run * 10 + more as usize;
                    chars.next();
                    if run > 99 {
                        break;
                    }
                }
                if run == 0 || d == 0 {
                    return err(format!("file {file_name}: empty runs start at 1"));
                }
                at += run;
                continue;
            }
            let (kind, side) = man(c, &mut chars)
                .map_err(|e| PositionError::new(format!("file {file_name}: {}", e.reason)))?;
            let Some(&cell) = cells.get(at) else {
                at += 1;
                break;
            };
            place(cell, kind, side)?;
            at += 1;
        }
        if at != cells.len() {
            return err(format!(
                "file {file_name} ('{file_text}', the {}th) does not describe exactly {} cells",
                f + 1,
                cells.len()
            ));
        }
    }
    Ok(())
}

/// Why `text` is not a well-formed `from-to[=X]` move of these options, or
/// None when it is.
fn move_syntax_error(options: &HexOptions, text: &str) -> Option<String> {
    let grid = options.grid();
    match split_from_to(text) {
        Err(reason) => Some(reason),
        Ok((from, to, promotion)) => {
            if let Some(name) = [from, to].into_iter().find(|n| grid.parse(n).is_none()) {
                return Some(format!("'{name}' is not a cell of this board"));
            }
            match promotion {
                Some(letter) if !options.promotions().iter().any(|k| k.letter() == letter) => {
                    Some(format!("'{letter}' is not a promotion choice here"))
                }
                _ => None,
            }
        }
    }
}

/// Black's cell for White's: the mirror across the horizontal centre line.
fn mirror(grid: HexGrid, cell: u8) -> u8 {
    let max = 2 * grid.radius as i8;
    grid.coords(cell)
        .and_then(|(l, n)| grid.index(max - n, max - l))
        .unwrap_or(NONE)
}

/// The pawn-like capture directions of White on a cell of file offset
/// `l − n` (negative: left of the centre file).
fn white_captures(kind: PawnKind, file_offset: i8) -> &'static [(i8, i8)] {
    match kind {
        PawnKind::Point => &[(1, 1)],
        PawnKind::Migrant => &[(1, 0), (0, 1)],
        PawnKind::Broker => &[(2, 1), (1, 2)],
        PawnKind::Corporal => match file_offset {
            o if o < 0 => &[(0, 1), (2, 1)],
            0 => &[(1, 0), (0, 1)],
            _ => &[(1, 0), (1, 2)],
        },
    }
}

fn pawn_index(kind: PawnKind) -> usize {
    match kind {
        PawnKind::Point => 0,
        PawnKind::Migrant => 1,
        PawnKind::Broker => 2,
        PawnKind::Corporal => 3,
    }
}

/// The orientation of a two-player side: White 0, Black 3 (180°).
const fn orient(side: usize) -> usize {
    side * 3
}

const fn bit(cell: u8) -> u128 {
    1u128 << cell
}

/// Whether `mask` holds `cell`, testing one 64-bit half (cheaper than a
/// 128-bit shift).
#[inline(always)]
const fn holds(mask: u128, cell: u8) -> bool {
    let half = if cell < 64 {
        mask as u64
    } else {
        (mask >> 64) as u64
    };
    (half >> (cell & 63)) & 1 != 0
}

/// Per curved rider (Finch, Rabbi), cell and path: the path's prefixes.
type CurvedPrefixes = [[[[u128; 4]; 12]; MAX_CELLS]; 2];

/// An army's orientation: its pieces play as two-player White's turned
/// anticlockwise by `o` × 60° about the centre (RULES.md §3). Two-player
/// White is 0 and Black 3 (the turn agrees with Black's mirror image for
/// every pawn-like piece); three-player Red, White, Black are 0, 2, 4.
const ORIENTS: usize = 6;

/// Everything about one board size that never changes.
pub(crate) struct Tables {
    grid: HexGrid,
    /// `ray[c][d]`: cells from c in direction d (0–5 orthogonal e_d, 6–11
    /// diagonal d_{d−6}), not including c.
    ray: [[u128; 12]; MAX_CELLS],
    rising: [bool; 12],
    ortho_lines: [u128; MAX_CELLS],
    diag_lines: [u128; MAX_CELLS],
    king_adj: [u128; MAX_CELLS],
    general_adj: [u128; MAX_CELLS],
    leap: [u128; MAX_CELLS],
    /// `curved[w][c][p]`: the cells of curved path p from c (w 0 Finch, 1
    /// Rabbi; p = 2k + (t = −1)), as far as the path stays on the board.
    curved: [[[[u8; 4]; 12]; MAX_CELLS]; 2],
    curved_len: [[[u8; 12]; MAX_CELLS]; 2],
    /// Every cell any curved path from c reaches on an empty board.
    curved_reach: [[u128; MAX_CELLS]; 2],
    /// Each curved path's cells, for the paths no man blocks.
    curved_mask: [[[u128; 12]; MAX_CELLS]; 2],
    /// `curved_prefix[w][c][p][i]`: path p's cells up to and including its
    /// i-th: what the path reaches when that cell is its first occupied one.
    curved_prefix: Box<CurvedPrefixes>,
    /// Everything directional below is per orientation `o` (see
    /// [`ORIENTS`]): the army's own forward and promotion edge.
    forward: [[u8; MAX_CELLS]; ORIENTS],
    /// `pawn_capture[kind][o][c]`: where a pawn of orientation o on c
    /// captures.
    pawn_capture: [[[u128; MAX_CELLS]; ORIENTS]; 4],
    /// The reverse: the cells from which such a pawn captures onto c.
    pawn_attackers: [[[u128; MAX_CELLS]; ORIENTS]; 4],
    promotion: [u128; ORIENTS],
    /// `to_promotion[o][c]`: forward steps from c to that orientation's
    /// promotion edge.
    to_promotion: [[u8; MAX_CELLS]; ORIENTS],
    /// Cells of each file from rank 1 upward (the position text's order).
    files: Vec<Vec<u8>>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tables({} cells)", self.grid.len())
    }
}

impl Tables {
    fn get(grid: HexGrid) -> &'static Tables {
        static LARGE: OnceLock<Box<Tables>> = OnceLock::new();
        static COMPACT: OnceLock<Box<Tables>> = OnceLock::new();
        let cell = if grid == HexGrid::COMPACT {
            &COMPACT
        } else {
            &LARGE
        };
        cell.get_or_init(|| Box::new(Tables::build(grid)))
    }

    fn build(grid: HexGrid) -> Tables {
        let len = grid.len();
        let mut t = Tables {
            grid,
            ray: [[0; 12]; MAX_CELLS],
            rising: [false; 12],
            ortho_lines: [0; MAX_CELLS],
            diag_lines: [0; MAX_CELLS],
            king_adj: [0; MAX_CELLS],
            general_adj: [0; MAX_CELLS],
            leap: [0; MAX_CELLS],
            curved: [[[[NONE; 4]; 12]; MAX_CELLS]; 2],
            curved_len: [[[0; 12]; MAX_CELLS]; 2],
            curved_reach: [[0; MAX_CELLS]; 2],
            curved_mask: [[[0; 12]; MAX_CELLS]; 2],
            curved_prefix: vec![[[[0; 4]; 12]; MAX_CELLS]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two path tables"),
            forward: [[NONE; MAX_CELLS]; ORIENTS],
            pawn_capture: [[[0; MAX_CELLS]; ORIENTS]; 4],
            pawn_attackers: [[[0; MAX_CELLS]; ORIENTS]; 4],
            promotion: [0; ORIENTS],
            to_promotion: [[20; MAX_CELLS]; ORIENTS],
            files: Vec::new(),
        };
        let dirs: Vec<(i8, i8)> = ORTHO.iter().chain(DIAG.iter()).copied().collect();
        for (d, &(dl, dn)) in dirs.iter().enumerate() {
            t.rising[d] = is_rising(dl, dn);
        }
        let max = 2 * grid.radius as i8;
        for c in 0..len as u8 {
            if grid.coords(c).is_none() {
                continue;
            }
            t.build_line_cell(c, &dirs);
            t.build_curved_cell(c);
            t.build_pawn_cell(c, max);
        }
        t.build_files();
        t
    }

    /// The straight facts of one cell: its rays in the twelve directions
    /// `dirs` (orthogonal first), its King and General steps, its lines
    /// and its leaps.
    fn build_line_cell(&mut self, c: u8, dirs: &[(i8, i8)]) {
        let grid = self.grid;
        let Some((l, n)) = grid.coords(c) else {
            return;
        };
        let ci = c as usize;
        for (d, &(dl, dn)) in dirs.iter().enumerate() {
            let mut at = (l + dl, n + dn);
            while let Some(x) = grid.index(at.0, at.1) {
                self.ray[ci][d] |= bit(x);
                at = (at.0 + dl, at.1 + dn);
            }
            if let Some(x) = grid.index(l + dl, n + dn) {
                self.king_adj[ci] |= bit(x);
                if d < 6 {
                    self.general_adj[ci] |= bit(x);
                }
            }
        }
        self.ortho_lines[ci] = self.ray[ci][..6].iter().fold(0, |a, r| a | r);
        self.diag_lines[ci] = self.ray[ci][6..].iter().fold(0, |a, r| a | r);
        for &(dl, dn) in &LEAPS {
            if let Some(x) = grid.index(l + dl, n + dn) {
                self.leap[ci] |= bit(x);
            }
        }
    }

    /// The curved paths of one cell (the Finch's orthogonal, the Rabbi's
    /// diagonal): up to four steps each, turning the same way each time.
    fn build_curved_cell(&mut self, c: u8) {
        let grid = self.grid;
        let ci = c as usize;
        let Some((l, n)) = grid.coords(c) else {
            return;
        };
        for (w, steps) in [ORTHO, DIAG].iter().enumerate() {
            for k in 0..6 {
                for (ti, turn) in [1usize, 5].into_iter().enumerate() {
                    let p = 2 * k + ti;
                    let mut at = (l, n);
                    let mut count = 0;
                    for i in 0..4 {
                        let (dl, dn) = steps[(k + i * turn) % 6];
                        at = (at.0 + dl, at.1 + dn);
                        match grid.index(at.0, at.1) {
                            Some(x) => {
                                self.curved[w][ci][p][i] = x;
                                self.curved_reach[w][ci] |= bit(x);
                                self.curved_mask[w][ci][p] |= bit(x);
                                self.curved_prefix[w][ci][p][i] = self.curved_mask[w][ci][p];
                                count += 1;
                            }
                            None => break,
                        }
                    }
                    self.curved_len[w][ci][p] = count;
                }
            }
        }
    }

    /// The files of the board, each cell of one from its low end up.
    fn build_files(&mut self) {
        let grid = self.grid;
        for file in 0..grid.span() as i8 {
            let diff = file - grid.radius as i8;
            let mut cells = Vec::new();
            for low in 0..grid.span() as i8 {
                let (l, n) = if diff >= 0 {
                    (low + diff, low)
                } else {
                    (low, low - diff)
                };
                if let Some(x) = grid.index(l, n) {
                    cells.push(x);
                }
            }
            self.files.push(cells);
        }
    }

    /// The pawn-like facts of one cell for every orientation: the cell is
    /// turned back to two-player White's view, where White's rules apply,
    /// and the result turned forward again.
    fn build_pawn_cell(&mut self, c: u8, max: i8) {
        let grid = self.grid;
        let ci = c as usize;
        let Some((l, n)) = grid.coords(c) else {
            return;
        };
        for o in 0..ORIENTS {
            let turn = o as u8;
            let back = grid.rotate_cell(c, (6 - turn) % 6).unwrap_or(c);
            let Some((bl, bn)) = grid.coords(back) else {
                continue;
            };
            let to = |step: (i8, i8)| {
                let (dl, dn) = rotate(step, turn);
                grid.index(l + dl, n + dn)
            };
            self.forward[o][ci] = to((1, 1)).unwrap_or(NONE);
            if bl == max || bn == max {
                self.promotion[o] |= bit(c);
            }
            self.to_promotion[o][ci] = (max - bl.max(bn)) as u8;
            for kind in PawnKind::ALL {
                let pk = pawn_index(kind);
                for &step in white_captures(kind, bl - bn) {
                    if let Some(x) = to(step) {
                        self.pawn_capture[pk][o][ci] |= bit(x);
                        self.pawn_attackers[pk][o][x as usize] |= bit(c);
                    }
                }
            }
        }
    }

    /// The cells a man of `kind` (any but a pawn) on `from` attacks or may
    /// move to with occupancy `occ`, own men not excluded.
    #[inline(always)]
    fn piece_reach(&self, kind: u8, from: u8, occ: u128) -> u128 {
        let c = from as usize;
        match kind {
            k if k == Kind::King as u8 => self.king_adj[c],
            k if k == Kind::General as u8 => self.general_adj[c],
            k if k == Kind::Knight as u8 || k == Kind::Sennight as u8 => self.leap[c],
            k if k == Kind::Queen as u8 => self.rider_reach(from, 0..12, occ),
            k if k == Kind::Rook as u8 => self.rider_reach(from, 0..6, occ),
            k if k == Kind::Bishop as u8 => self.rider_reach(from, 6..12, occ),
            k if k == Kind::Finch as u8 => self.curved_targets(0, from, occ),
            k if k == Kind::Rabbi as u8 => self.curved_targets(1, from, occ),
            k if k == Kind::Cohen as u8 => {
                self.curved_targets(0, from, occ) | self.curved_targets(1, from, occ)
            }
            _ => 0,
        }
    }

    /// Whether a pawn-like piece of kind index `pk` and orientation `o`
    /// among `them` attacks `cell` (`k`: the position's masks per kind).
    #[inline(always)]
    fn pawn_attacks(&self, k: &[u128; KINDS], pk: usize, o: usize, cell: u8, them: u128) -> bool {
        self.pawn_attackers[pk][o][cell as usize] & k[Kind::Pawn as usize] & them != 0
    }

    /// Whether a man of `them` other than a pawn-like piece attacks `cell`
    /// with occupancy `occ` (no piece's attack depends on its owner).
    fn piece_attacks(&self, k: &[u128; KINDS], cell: u8, occ: u128, them: u128) -> bool {
        let c = cell as usize;
        if self.leap[c] & (k[Kind::Knight as usize] | k[Kind::Sennight as usize]) & them != 0
            || self.king_adj[c] & k[Kind::King as usize] & them != 0
            || self.general_adj[c] & k[Kind::General as usize] & them != 0
        {
            return true;
        }
        let queens = k[Kind::Queen as usize] & them;
        let rooks = (k[Kind::Rook as usize] & them) | queens;
        let bishops = (k[Kind::Bishop as usize] & them) | queens;
        if (rooks & self.ortho_lines[c]) | (bishops & self.diag_lines[c]) != 0 {
            for d in 0..12 {
                let riders = if d < 6 { rooks } else { bishops };
                // Only a ray holding such a rider can carry its attack.
                if self.ray[c][d] & riders != 0
                    && self
                        .first_blocker(cell, d, occ)
                        .is_some_and(|b| riders & bit(b) != 0)
                {
                    return true;
                }
            }
        }
        let cohens = k[Kind::Cohen as usize] & them;
        let finches = (k[Kind::Finch as usize] & them) | cohens;
        if finches & self.curved_reach[0][c] != 0 && self.curved_hits(0, cell, occ, finches) {
            return true;
        }
        let rabbis = (k[Kind::Rabbi as usize] & them) | cohens;
        rabbis & self.curved_reach[1][c] != 0 && self.curved_hits(1, cell, occ, rabbis)
    }

    /// The cells whose vacating could uncover an attack on a royal piece on
    /// `cell` whose side owns `own`, by the men of `enemy`: own men truly
    /// pinned on a straight line (the first man from the royal is ours and
    /// the next one an enemy rider of that line), and every cell of a curved
    /// path from it when the enemy has that curved rider (curved pins are
    /// rare and tangled, so those men are simply checked move by move).
    fn pin_zone(&self, k: &[u128; KINDS], cell: u8, own: u128, enemy: u128) -> u128 {
        let t = self;
        let c = cell as usize;
        let occ = own | enemy;
        let queens = k[Kind::Queen as usize] & enemy;
        let cohens = k[Kind::Cohen as usize];
        let rooks = (k[Kind::Rook as usize] & enemy) | queens;
        let bishops = (k[Kind::Bishop as usize] & enemy) | queens;
        let mut zone = 0;
        for (riders, lines, dirs) in [
            (rooks, t.ortho_lines[c], 0..6),
            (bishops, t.diag_lines[c], 6..12),
        ] {
            if riders & lines == 0 {
                continue;
            }
            for d in dirs {
                if t.ray[c][d] & riders == 0 {
                    continue;
                }
                if let Some(first) = t.first_blocker(cell, d, occ)
                    && own & bit(first) != 0
                    && t.first_blocker(first, d, occ)
                        .is_some_and(|second| riders & bit(second) != 0)
                {
                    zone |= bit(first);
                }
            }
        }
        if (k[Kind::Finch as usize] | cohens) & enemy != 0 {
            zone |= t.curved_reach[0][c];
        }
        if (k[Kind::Rabbi as usize] | cohens) & enemy != 0 {
            zone |= t.curved_reach[1][c];
        }
        zone
    }

    fn first_blocker(&self, cell: u8, d: usize, occ: u128) -> Option<u8> {
        let hit = self.ray[cell as usize][d] & occ;
        if hit == 0 {
            None
        } else if self.rising[d] {
            Some(hit.trailing_zeros() as u8)
        } else {
            Some(127 - hit.leading_zeros() as u8)
        }
    }

    /// The cells a rider on `cell` reaches in the directions `dirs`
    /// (including the first occupied cell of each ray).
    fn rider_reach(&self, cell: u8, dirs: std::ops::Range<usize>, occ: u128) -> u128 {
        let mut reach = 0;
        for d in dirs {
            let mut ray = self.ray[cell as usize][d];
            if let Some(b) = self.first_blocker(cell, d, occ) {
                ray ^= self.ray[b as usize][d];
            }
            reach |= ray;
        }
        reach
    }

    /// The cells a curved rider (w 0 Finch, 1 Rabbi) on `cell` reaches.
    fn curved_targets(&self, w: usize, cell: u8, occ: u128) -> u128 {
        let c = cell as usize;
        if self.curved_reach[w][c] & occ == 0 {
            return self.curved_reach[w][c];
        }
        let mut reach = 0;
        // Paths 2k and 2k + 1 turn opposite ways after the same first step.
        for k in 0..6 {
            let first = 2 * k;
            if holds(occ, self.curved[w][c][first][0]) {
                reach |= self.curved_prefix[w][c][first][0];
                continue;
            }
            for p in first..first + 2 {
                let mask = self.curved_mask[w][c][p];
                if mask & occ == 0 {
                    reach |= mask;
                    continue;
                }
                // A man stands on the path: it reaches up to the first one.
                let path = &self.curved[w][c][p];
                let last = usize::from(self.curved_len[w][c][p]) - 1;
                let mut i = 1;
                while i < last && !holds(occ, path[i]) {
                    i += 1;
                }
                reach |= self.curved_prefix[w][c][p][i];
            }
        }
        reach
    }

    /// Whether a curved path from `cell` first meets one of `attackers`
    /// (curved moves are symmetric: a path reversed is a path).
    fn curved_hits(&self, w: usize, cell: u8, occ: u128, attackers: u128) -> bool {
        let c = cell as usize;
        for p in 0..12 {
            let path = &self.curved[w][c][p];
            for &x in &path[..self.curved_len[w][c][p] as usize] {
                if occ & bit(x) != 0 {
                    if attackers & bit(x) != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }
}

/// What the move generator needs to know about the side to move, in any
/// hex game (two or three players).
struct Mover<'a> {
    board: &'a [u8; MAX_CELLS],
    own: u128,
    /// Every other player's men.
    enemy: u128,
    /// Own men whose moves are checked one by one (pinned, or all when in
    /// check).
    zone: u128,
    royal_kind: u8,
    orient: usize,
    pk: usize,
    double_from: u128,
    /// The en-passant cell, and the pawn a capture there takes (NONE: no
    /// en passant possible).
    ep: u8,
    passed: u8,
    noisy_only: bool,
}

impl Tables {
    /// Calls `emit(from, to, promotes)` for every legal move of `m` (a
    /// promotion once for all its choices), or with `noisy_only` for the
    /// captures, en passant and promotions alone. `safe(from, to, extra,
    /// royal_moves)` says whether the mover's royal piece is safe after
    /// the move (also removing the man on `extra` unless NONE); it is asked
    /// only for the royal piece and the men in `zone`.
    fn for_each_move(
        &self,
        m: &Mover,
        safe: impl Fn(u8, u8, u8, bool) -> bool,
        mut emit: impl FnMut(u8, u8, bool),
    ) {
        let (o, pk) = (m.orient, m.pk);
        let occ = m.own | m.enemy;
        // Where a quiet move may land: nowhere when only noisy moves count.
        let quiet = if m.noisy_only { 0 } else { !occ };
        let mut pieces = m.own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let kind = m.board[from as usize] & 15;
            let c = from as usize;
            let is_royal = kind == m.royal_kind;
            let check_each = is_royal || m.zone & bit(from) != 0;
            let targets = match kind {
                k if k == Kind::Pawn as u8 => {
                    let captures = self.pawn_capture[pk][o][c];
                    let mut targets = captures & m.enemy;
                    let step = self.forward[o][c];
                    if step != NONE && occ & bit(step) == 0 {
                        targets |= bit(step) & (quiet | self.promotion[o]);
                        let double = self.forward[o][step as usize];
                        if m.double_from & bit(from) != 0
                            && double != NONE
                            && occ & bit(double) == 0
                        {
                            targets |= bit(double) & quiet;
                        }
                    }
                    if m.passed != NONE
                        && captures & bit(m.ep) != 0
                        && safe(from, m.ep, m.passed, false)
                    {
                        emit(from, m.ep, self.promotion[o] & bit(m.ep) != 0);
                    }
                    let mut rest = targets;
                    while rest != 0 {
                        let to = rest.trailing_zeros() as u8;
                        rest &= rest - 1;
                        if !check_each || safe(from, to, NONE, false) {
                            emit(from, to, self.promotion[o] & bit(to) != 0);
                        }
                    }
                    continue;
                }
                _ => self.piece_reach(kind, from, occ),
            } & (m.enemy | quiet);
            let mut rest = targets;
            while rest != 0 {
                let to = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if !check_each || safe(from, to, NONE, is_royal) {
                    emit(from, to, false);
                }
            }
        }
    }
}

/// Appends the move (each promotion choice when it promotes).
fn push_move(moves: &mut Vec<Move>, promotions: &[Kind], from: u8, to: u8, promotes: bool) {
    if promotes {
        moves.extend(promotions.iter().map(|&kind| Move {
            from,
            to,
            promotion: Some(kind),
        }));
    } else {
        moves.push(Move {
            from,
            to,
            promotion: None,
        });
    }
}

/// A move: from, to, and the new piece when a pawn promotes. Captures and en
/// passant follow from the position. Only the generator makes moves, so the
/// cells are always on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: u8,
    to: u8,
    promotion: Option<Kind>,
}

impl Move {
    pub fn from(self) -> u8 {
        self.from
    }

    pub fn to(self) -> u8 {
        self.to
    }

    pub fn promotion(self) -> Option<Kind> {
        self.promotion
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    captured_at: u8,
    ep: u8,
    checked: bool,
}

static PIECE_KEYS: [u64; 32 * MAX_CELLS] = zobrist::keys(0x4E8C_0001);
static EP_KEYS: [u64; MAX_CELLS] = zobrist::keys(0x4E8C_0002);
const BLACK_TO_MOVE_KEY: u64 = zobrist::splitmix64(0x4E8C_B1AC);

fn piece_key(code: u8, cell: u8) -> u64 {
    PIECE_KEYS[(code as usize & 31) * MAX_CELLS + cell as usize]
}

fn ep_key(cell: u8) -> u64 {
    if cell == NONE {
        0
    } else {
        EP_KEYS[cell as usize % MAX_CELLS]
    }
}

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

    /// Calls `emit(from, to, promotes)` for every legal move (a promotion
    /// once for all its choices), or with `noisy_only` for the captures, en
    /// passant and promotions alone (what [`Position::is_noisy`] accepts).
    fn for_each_legal(&self, noisy_only: bool, emit: impl FnMut(u8, u8, bool)) {
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
        self.for_each_legal(noisy_only, |from, to, promotes| {
            push_move(moves, promotions, from, to, promotes)
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
    let options = HexOptions::for_variant(variant.id, variant.pawn)?;
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
        self.for_each_legal(false, |_, _, promotes| {
            count += if promotes { choices } else { 1 }
        });
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
        let placed = self.remove(mv.to);
        let mover = if mv.promotion.is_some() {
            code(Kind::Pawn, us)
        } else {
            placed
        };
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
