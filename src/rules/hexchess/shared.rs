//! What the two- and three-player hex games share: the kinds of men, the
//! layouts and armies, the options, the precomputed tables of every
//! geometric fact, moves and their keys.

use std::fmt;
use std::sync::OnceLock;

use crate::rules::geometry::hex::{DIAG, HexGrid, LEAPS, ORTHO, is_rising, rotate};
use crate::rules::notation::PositionError;
use crate::rules::notation::split_from_to;
use crate::rules::variant::{PawnKind, Promotion, VariantId};
use crate::rules::view::{Board, BoardLayout, Cell, CellShape};
use crate::rules::zobrist;

/// Cells of the largest board; the Compact board uses the first 61.
pub(super) const MAX_CELLS: usize = 91;
/// "No cell" in the per-cell tables and for the en-passant right.
pub(super) const NONE: u8 = 255;

/// The piece types of every hex army. Letters depend on the army (the
/// Anglojewish Rabbi is `B` like the classical Bishop, which never meets it).
/// The Unicorn moves as the Bishop: it is the straight diagonal rider the
/// Anglojewish games promote to (RULES.md §3, "Straight-promotee options").
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
    Unicorn,
}

pub(super) const KINDS: usize = 13;
pub(super) const ALL_KINDS: [Kind; 12] = [
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
    Kind::Unicorn,
];

impl Kind {
    pub(super) fn from_code(code: u8) -> Option<Kind> {
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
            Kind::Unicorn => 'U',
        }
    }

    /// What a curved rider may become on reaching its promotion zone
    /// under `straight-curved`: Finch → Rook, Rabbi → Unicorn, Cohen →
    /// Queen; None for every other kind.
    pub fn straight_counterpart(self) -> Option<Kind> {
        match self {
            Kind::Finch => Some(Kind::Rook),
            Kind::Rabbi => Some(Kind::Unicorn),
            Kind::Cohen => Some(Kind::Queen),
            _ => None,
        }
    }

    /// The Anglojewish piece that replaces a classical one.
    pub(super) fn curved(self) -> Kind {
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

pub(super) const fn code(kind: Kind, side: usize) -> u8 {
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
Stalemate is a draw.
Promotion, on the far edge, is to a Cohen, Finch, Rabbi or Sennight (the \
mixed-bird army also a Rook). The straight-promotee option promotes to a Queen, \
Rook, Unicorn (the diagonal rider) or Sennight instead; straight-curved also \
lets a Finch, Rabbi or Cohen ending its move on its promotion edge become a \
Rook, Unicorn or Queen if its player wishes.";

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexOptions {
    pub layout: Layout,
    pub army: Army,
    pub pawn: PawnKind,
    /// What men promote to: always `Curved` for the classical armies, which
    /// promote to their own pieces.
    pub promotion: Promotion,
}

impl Default for HexOptions {
    fn default() -> Self {
        HexOptions {
            layout: Layout::Glinski,
            army: Army::Classical,
            pawn: PawnKind::Migrant,
            promotion: Promotion::Curved,
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
            promotion: Promotion::Curved,
        })
    }

    /// These options with a promotion option; None for a classical army
    /// offered anything but its own promotion.
    pub fn with_promotion(self, promotion: Promotion) -> Option<HexOptions> {
        (self.army != Army::Classical || promotion == Promotion::Curved)
            .then_some(HexOptions { promotion, ..self })
    }

    /// Whether pawn-like pieces promote to the straight pieces.
    pub fn promotes_straight(&self) -> bool {
        self.army != Army::Classical && self.promotion != Promotion::Curved
    }

    /// Whether a Finch, Rabbi or Cohen may become its straight counterpart
    /// on ending a move in its promotion zone.
    pub fn upgrades_curved(&self) -> bool {
        self.army != Army::Classical && self.promotion == Promotion::StraightCurved
    }

    pub fn grid(&self) -> HexGrid {
        match self.layout {
            Layout::Compact => HexGrid::COMPACT,
            _ => HexGrid::LARGE,
        }
    }

    pub(super) fn royal(&self) -> Kind {
        match self.army {
            Army::Classical => Kind::King,
            _ => Kind::General,
        }
    }

    /// The promotion choices of a pawn-like piece: the array's capturable
    /// types, or the straight pieces when the option says so.
    pub fn promotions(&self) -> &'static [Kind] {
        if self.promotes_straight() {
            return &[Kind::Queen, Kind::Rook, Kind::Unicorn, Kind::Sennight];
        }
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
                'R' if army == Army::MixedBird || self.promotes_straight() => Some(Kind::Rook),
                'Q' if self.promotes_straight() => Some(Kind::Queen),
                'U' if self.promotes_straight() => Some(Kind::Unicorn),
                _ => None,
            },
        }
    }

    pub(super) fn letters(&self) -> &'static str {
        match self.army {
            Army::Classical => "K Q R B N P",
            _ if self.promotes_straight() => "G C F B S P Q R U",
            Army::Anglojewish => "G C F B S P",
            Army::MixedBird => "G C F B S R P",
        }
    }

    /// White's array (classical names) as cell names.
    pub(super) fn array(&self) -> &'static [(Kind, &'static [&'static str])] {
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
    pub(super) fn mixed_rook(&self) -> &'static str {
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
    pub(super) fn stalemate_scores(&self) -> bool {
        self.layout == Layout::Glinski && self.army == Army::Classical
    }
}

/// The hex board's cells with both names, for every hex game.
pub(super) fn board_layout(grid: HexGrid) -> BoardLayout {
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
pub(super) fn read_placement(
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
pub(super) fn move_syntax_error(options: &HexOptions, text: &str) -> Option<String> {
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
pub(super) fn mirror(grid: HexGrid, cell: u8) -> u8 {
    let max = 2 * grid.radius as i8;
    grid.coords(cell)
        .and_then(|(l, n)| grid.index(max - n, max - l))
        .unwrap_or(NONE)
}

/// The pawn-like capture directions of White on a cell of file offset
/// `l − n` (negative: left of the centre file).
pub(super) fn white_captures(kind: PawnKind, file_offset: i8) -> &'static [(i8, i8)] {
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

pub(super) fn pawn_index(kind: PawnKind) -> usize {
    match kind {
        PawnKind::Point => 0,
        PawnKind::Migrant => 1,
        PawnKind::Broker => 2,
        PawnKind::Corporal => 3,
    }
}

/// The orientation of a two-player side: White 0, Black 3 (180°).
pub(super) const fn orient(side: usize) -> usize {
    side * 3
}

pub(super) const fn bit(cell: u8) -> u128 {
    1u128 << cell
}

/// Whether `mask` holds `cell`, testing one 64-bit half (cheaper than a
/// 128-bit shift).
#[inline(always)]
pub(super) const fn holds(mask: u128, cell: u8) -> bool {
    let half = if cell < 64 {
        mask as u64
    } else {
        (mask >> 64) as u64
    };
    (half >> (cell & 63)) & 1 != 0
}

/// Per curved rider (Finch, Rabbi), cell and path: the path's prefixes.
pub(super) type CurvedPrefixes = [[[[u128; 4]; 12]; MAX_CELLS]; 2];

/// An army's orientation: its pieces play as two-player White's turned
/// anticlockwise by `o` × 60° about the centre (RULES.md §3). Two-player
/// White is 0 and Black 3 (the turn agrees with Black's mirror image for
/// every pawn-like piece); three-player Red, White, Black are 0, 2, 4.
pub(super) const ORIENTS: usize = 6;

/// Everything about one board size that never changes.
pub(crate) struct Tables {
    pub(super) grid: HexGrid,
    /// `ray[c][d]`: cells from c in direction d (0–5 orthogonal e_d, 6–11
    /// diagonal d_{d−6}), not including c.
    pub(super) ray: [[u128; 12]; MAX_CELLS],
    pub(super) rising: [bool; 12],
    pub(super) ortho_lines: [u128; MAX_CELLS],
    pub(super) diag_lines: [u128; MAX_CELLS],
    pub(super) king_adj: [u128; MAX_CELLS],
    pub(super) general_adj: [u128; MAX_CELLS],
    pub(super) leap: [u128; MAX_CELLS],
    /// `curved[w][c][p]`: the cells of curved path p from c (w 0 Finch, 1
    /// Rabbi; p = 2k + (t = −1)), as far as the path stays on the board.
    pub(super) curved: [[[[u8; 4]; 12]; MAX_CELLS]; 2],
    pub(super) curved_len: [[[u8; 12]; MAX_CELLS]; 2],
    /// Every cell any curved path from c reaches on an empty board.
    pub(super) curved_reach: [[u128; MAX_CELLS]; 2],
    /// Each curved path's cells, for the paths no man blocks.
    pub(super) curved_mask: [[[u128; 12]; MAX_CELLS]; 2],
    /// `curved_prefix[w][c][p][i]`: path p's cells up to and including its
    /// i-th: what the path reaches when that cell is its first occupied one.
    pub(super) curved_prefix: Box<CurvedPrefixes>,
    /// Everything directional below is per orientation `o` (see
    /// [`ORIENTS`]): the army's own forward and promotion edge.
    pub(super) forward: [[u8; MAX_CELLS]; ORIENTS],
    /// `pawn_capture[kind][o][c]`: where a pawn of orientation o on c
    /// captures.
    pub(super) pawn_capture: [[[u128; MAX_CELLS]; ORIENTS]; 4],
    /// The reverse: the cells from which such a pawn captures onto c.
    pub(super) pawn_attackers: [[[u128; MAX_CELLS]; ORIENTS]; 4],
    pub(super) promotion: [u128; ORIENTS],
    /// `to_promotion[o][c]`: forward steps from c to that orientation's
    /// promotion edge.
    pub(super) to_promotion: [[u8; MAX_CELLS]; ORIENTS],
    /// Cells of each file from rank 1 upward (the position text's order).
    pub(super) files: Vec<Vec<u8>>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tables({} cells)", self.grid.len())
    }
}

impl Tables {
    pub(super) fn get(grid: HexGrid) -> &'static Tables {
        static LARGE: OnceLock<Box<Tables>> = OnceLock::new();
        static COMPACT: OnceLock<Box<Tables>> = OnceLock::new();
        let cell = if grid == HexGrid::COMPACT {
            &COMPACT
        } else {
            &LARGE
        };
        cell.get_or_init(|| Box::new(Tables::build(grid)))
    }

    pub(super) fn build(grid: HexGrid) -> Tables {
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
    pub(super) fn build_line_cell(&mut self, c: u8, dirs: &[(i8, i8)]) {
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
    pub(super) fn build_curved_cell(&mut self, c: u8) {
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
    pub(super) fn build_files(&mut self) {
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
    pub(super) fn build_pawn_cell(&mut self, c: u8, max: i8) {
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
    pub(super) fn piece_reach(&self, kind: u8, from: u8, occ: u128) -> u128 {
        // Constant patterns, so that the match is one jump.
        const KING: u8 = Kind::King as u8;
        const GENERAL: u8 = Kind::General as u8;
        const KNIGHT: u8 = Kind::Knight as u8;
        const SENNIGHT: u8 = Kind::Sennight as u8;
        const QUEEN: u8 = Kind::Queen as u8;
        const ROOK: u8 = Kind::Rook as u8;
        const BISHOP: u8 = Kind::Bishop as u8;
        const UNICORN: u8 = Kind::Unicorn as u8;
        const FINCH: u8 = Kind::Finch as u8;
        const RABBI: u8 = Kind::Rabbi as u8;
        const COHEN: u8 = Kind::Cohen as u8;
        let c = from as usize;
        match kind {
            KING => self.king_adj[c],
            GENERAL => self.general_adj[c],
            KNIGHT | SENNIGHT => self.leap[c],
            QUEEN => self.rider_reach(from, 0..12, occ),
            ROOK => self.rider_reach(from, 0..6, occ),
            BISHOP | UNICORN => self.rider_reach(from, 6..12, occ),
            FINCH => self.curved_targets(0, from, occ),
            RABBI => self.curved_targets(1, from, occ),
            COHEN => self.curved_targets(0, from, occ) | self.curved_targets(1, from, occ),
            _ => 0,
        }
    }

    /// Whether a pawn-like piece of kind index `pk` and orientation `o`
    /// among `them` attacks `cell` (`k`: the position's masks per kind).
    #[inline(always)]
    pub(super) fn pawn_attacks(
        &self,
        k: &[u128; KINDS],
        pk: usize,
        o: usize,
        cell: u8,
        them: u128,
    ) -> bool {
        self.pawn_attackers[pk][o][cell as usize] & k[Kind::Pawn as usize] & them != 0
    }

    /// Whether a man of `them` other than a pawn-like piece attacks `cell`
    /// with occupancy `occ` (no piece's attack depends on its owner).
    pub(super) fn piece_attacks(&self, k: &[u128; KINDS], cell: u8, occ: u128, them: u128) -> bool {
        let c = cell as usize;
        if self.leap[c] & (k[Kind::Knight as usize] | k[Kind::Sennight as usize]) & them != 0
            || self.king_adj[c] & k[Kind::King as usize] & them != 0
            || self.general_adj[c] & k[Kind::General as usize] & them != 0
        {
            return true;
        }
        let queens = k[Kind::Queen as usize] & them;
        let rooks = (k[Kind::Rook as usize] & them) | queens;
        let bishops = ((k[Kind::Bishop as usize] | k[Kind::Unicorn as usize]) & them) | queens;
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
    /// pinned on a straight line or a curved path (the first man from the
    /// royal is ours and the next one an enemy rider of that line or path).
    pub(super) fn pin_zone(&self, k: &[u128; KINDS], cell: u8, own: u128, enemy: u128) -> u128 {
        let t = self;
        let c = cell as usize;
        let occ = own | enemy;
        let queens = k[Kind::Queen as usize] & enemy;
        let cohens = k[Kind::Cohen as usize] & enemy;
        let rooks = (k[Kind::Rook as usize] & enemy) | queens;
        let bishops = ((k[Kind::Bishop as usize] | k[Kind::Unicorn as usize]) & enemy) | queens;
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
        zone |= t.curved_pins(
            0,
            cell,
            own,
            occ,
            (k[Kind::Finch as usize] & enemy) | cohens,
        );
        zone | t.curved_pins(
            1,
            cell,
            own,
            occ,
            (k[Kind::Rabbi as usize] & enemy) | cohens,
        )
    }

    /// The own men (of `own`) pinned on a curved path of kind `w` from a
    /// royal piece on `cell` by one of `riders`: a path's first man is
    /// ours and its next man one of them (curved moves are symmetric, so
    /// the rider would attack the royal piece along the path reversed).
    fn curved_pins(&self, w: usize, cell: u8, own: u128, occ: u128, riders: u128) -> u128 {
        let c = cell as usize;
        if riders & self.curved_reach[w][c] == 0 {
            return 0;
        }
        let mut pinned = 0;
        for p in 0..12 {
            let path = &self.curved[w][c][p][..usize::from(self.curved_len[w][c][p])];
            let mut men = path.iter().filter(|&&x| occ & bit(x) != 0);
            if let (Some(&first), Some(&second)) = (men.next(), men.next())
                && own & bit(first) != 0
                && riders & bit(second) != 0
            {
                pinned |= bit(first);
            }
        }
        pinned
    }

    pub(super) fn first_blocker(&self, cell: u8, d: usize, occ: u128) -> Option<u8> {
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
    pub(super) fn rider_reach(&self, cell: u8, dirs: std::ops::Range<usize>, occ: u128) -> u128 {
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
    pub(super) fn curved_targets(&self, w: usize, cell: u8, occ: u128) -> u128 {
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
    pub(super) fn curved_hits(&self, w: usize, cell: u8, occ: u128, attackers: u128) -> bool {
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
pub(super) struct Mover<'a> {
    pub(super) board: &'a [u8; MAX_CELLS],
    pub(super) own: u128,
    /// Every other player's men.
    pub(super) enemy: u128,
    /// Own men whose moves are checked one by one (pinned, or all when in
    /// check).
    pub(super) zone: u128,
    pub(super) royal_kind: u8,
    pub(super) orient: usize,
    pub(super) pk: usize,
    pub(super) double_from: u128,
    /// The en-passant cell, and the pawn a capture there takes (NONE: no
    /// en passant possible).
    pub(super) ep: u8,
    pub(super) passed: u8,
    pub(super) noisy_only: bool,
    /// Whether a Finch, Rabbi or Cohen ending its move in the promotion
    /// zone may become its straight counterpart (`straight-curved`).
    pub(super) upgrades_curved: bool,
}

/// What a generated move does to the man that makes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Promote {
    /// It stays what it is.
    No,
    /// A pawn-like piece promotes: one move per choice the options give.
    Choice,
    /// A curved rider becomes this straight piece (one move; the same
    /// move without it is emitted on its own).
    Into(Kind),
}

impl Promote {
    /// How many moves this emitted move stands for, with `choices`
    /// promotion choices.
    #[inline(always)]
    pub(super) fn moves(self, choices: u64) -> u64 {
        match self {
            Promote::Choice => choices,
            _ => 1,
        }
    }
}

impl Tables {
    /// Calls `emit(from, to, promote)` for every legal move of `m` (a
    /// pawn's promotion once for all its choices, a curved rider's
    /// optional promotion as a move of its own), or with `noisy_only` for
    /// the captures, en passant and promotions alone. `safe(from, to,
    /// extra, royal_moves)` says whether the mover's royal piece is safe
    /// after the move (also removing the man on `extra` unless NONE); it is
    /// asked only for the royal piece and the men in `zone`.
    pub(super) fn for_each_move(
        &self,
        m: &Mover,
        safe: impl Fn(u8, u8, u8, bool) -> bool,
        mut emit: impl FnMut(u8, u8, Promote),
    ) {
        let occ = m.own | m.enemy;
        // Where a quiet move may land: nowhere when only noisy moves count.
        let quiet = if m.noisy_only { 0 } else { !occ };
        let mut pieces = m.own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let kind = m.board[from as usize] & 15;
            let is_royal = kind == m.royal_kind;
            let check_each = is_royal || m.zone & bit(from) != 0;
            if kind == Kind::Pawn as u8 {
                self.pawn_moves(m, from, check_each, (occ, quiet), &safe, &mut emit);
                continue;
            }
            let reach = self.piece_reach(kind, from, occ);
            let mut rest = reach & (m.enemy | quiet);
            if m.upgrades_curved
                && let Some(into) = Kind::from_code(kind).and_then(Kind::straight_counterpart)
            {
                rest &= !self.upgrade_moves(m, from, into, reach, &safe, &mut emit);
            }
            while rest != 0 {
                let to = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if !check_each || safe(from, to, NONE, is_royal) {
                    emit(from, to, Promote::No);
                }
            }
        }
    }

    /// The moves onto its promotion zone of the curved rider on `from`,
    /// which may become `into` there: each with and without the promotion
    /// (only with it for a quiet move when only noisy moves count). Returns
    /// the zone cells it reaches, whose moves are now emitted. Out of line:
    /// only the `straight-curved` games come here.
    #[inline(never)]
    fn upgrade_moves(
        &self,
        m: &Mover,
        from: u8,
        into: Kind,
        reach: u128,
        safe: &impl Fn(u8, u8, u8, bool) -> bool,
        emit: &mut impl FnMut(u8, u8, Promote),
    ) -> u128 {
        let landing = if m.noisy_only { m.enemy } else { !m.own };
        let check_each = m.zone & bit(from) != 0;
        let zone = reach & !m.own & self.promotion[m.orient];
        let mut rest = zone;
        while rest != 0 {
            let to = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if !check_each || safe(from, to, NONE, false) {
                if landing & bit(to) != 0 {
                    emit(from, to, Promote::No);
                }
                emit(from, to, Promote::Into(into));
            }
        }
        zone
    }

    /// The moves of `m`'s pawn-like piece on `from` (see
    /// [`Tables::for_each_move`]), given the occupancy and the cells where
    /// a quiet move may land.
    #[inline(always)]
    fn pawn_moves(
        &self,
        m: &Mover,
        from: u8,
        check_each: bool,
        (occ, quiet): (u128, u128),
        safe: &impl Fn(u8, u8, u8, bool) -> bool,
        emit: &mut impl FnMut(u8, u8, Promote),
    ) {
        let (o, c) = (m.orient, from as usize);
        let promotes = |to: u8| {
            if self.promotion[o] & bit(to) != 0 {
                Promote::Choice
            } else {
                Promote::No
            }
        };
        let captures = self.pawn_capture[m.pk][o][c];
        let mut targets = captures & m.enemy;
        let step = self.forward[o][c];
        if step != NONE && occ & bit(step) == 0 {
            targets |= bit(step) & (quiet | self.promotion[o]);
            let double = self.forward[o][step as usize];
            if m.double_from & bit(from) != 0 && double != NONE && occ & bit(double) == 0 {
                targets |= bit(double) & quiet;
            }
        }
        if m.passed != NONE && captures & bit(m.ep) != 0 && safe(from, m.ep, m.passed, false) {
            emit(from, m.ep, promotes(m.ep));
        }
        let mut rest = targets;
        while rest != 0 {
            let to = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if !check_each || safe(from, to, NONE, false) {
                emit(from, to, promotes(to));
            }
        }
    }
}

/// Appends the move (each promotion choice when a pawn promotes).
pub(super) fn push_move(
    moves: &mut Vec<Move>,
    promotions: &[Kind],
    from: u8,
    to: u8,
    promote: Promote,
) {
    match promote {
        Promote::Choice => moves.extend(promotions.iter().map(|&kind| Move {
            from,
            to,
            promotion: Some(kind),
        })),
        Promote::No => moves.push(Move {
            from,
            to,
            promotion: None,
        }),
        Promote::Into(kind) => moves.push(Move {
            from,
            to,
            promotion: Some(kind),
        }),
    }
}

/// A move: from, to, and the new piece when a pawn promotes. Captures and en
/// passant follow from the position. Only the generator makes moves, so the
/// cells are always on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) promotion: Option<Kind>,
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
    /// The moving man's code before the move (a promotion changes it).
    pub(super) moved: u8,
    pub(super) captured: u8,
    pub(super) captured_at: u8,
    pub(super) ep: u8,
    pub(super) checked: bool,
}

pub(super) static PIECE_KEYS: [u64; 32 * MAX_CELLS] = zobrist::keys(0x4E8C_0001);
pub(super) static EP_KEYS: [u64; MAX_CELLS] = zobrist::keys(0x4E8C_0002);
pub(super) const BLACK_TO_MOVE_KEY: u64 = zobrist::splitmix64(0x4E8C_B1AC);

pub(super) fn piece_key(code: u8, cell: u8) -> u64 {
    PIECE_KEYS[(code as usize & 31) * MAX_CELLS + cell as usize]
}

pub(super) fn ep_key(cell: u8) -> u64 {
    if cell == NONE {
        0
    } else {
        EP_KEYS[cell as usize % MAX_CELLS]
    }
}
