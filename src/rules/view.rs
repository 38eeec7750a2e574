//! The uniform view of a game that the app reads: boards and cells, what
//! stands on them, and what a move does. The app never looks inside a game's
//! position; it draws and animates from these values alone.

use super::side::Side;

/// A cell's index in [`BoardLayout::cells`].
pub type CellId = u16;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellShape {
    /// An intersection of lines (Flaxman).
    Point,
    Square,
    /// A hexagon with a flat top and bottom.
    Hex,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Cell {
    /// Which board of the layout (Tapestry has the Tapestry and the Loom).
    pub board: u8,
    /// The name used in move text, e.g. `e2`, `f11`, `N`.
    pub name: String,
    /// A second name shown on request (Gilman's number on hex boards).
    pub alt_name: Option<String>,
    /// Centre in board units, x to White's right, y away from White.
    pub place: [f32; 2],
    pub shape: CellShape,
    /// A colour index, meaning per game (three hex colours, four Tapestry
    /// colours, two chequer colours).
    pub colour: u8,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Board {
    pub name: String,
    /// Centre of the board in the same units as the cells' places.
    pub centre: [f32; 2],
    /// Number of distinct colour indices its cells use.
    pub colours: u8,
}

#[derive(Clone, PartialEq, Debug)]
pub struct BoardLayout {
    pub boards: Vec<Board>,
    pub cells: Vec<Cell>,
}

impl BoardLayout {
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        self.cells
            .iter()
            .position(|c| c.name == name)
            .map(|i| i as CellId)
    }
}

/// What a cell is, when it is more than a place to stand (a Tapestry Loom
/// square): its name and one line on what it does now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellWords {
    pub name: String,
    pub summary: String,
}

/// The state a man is in, beyond its letter and side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum ManState {
    Normal,
    /// A Flaxman Prisoner (immobile).
    Prisoner,
    /// A Chakra chakra in knight mode.
    KnightMode,
    /// A Chakra chakra in king mode.
    KingMode,
}

/// What a man is called, in one line how it moves, and how it is drawn:
/// each game's words for its men (its registry entry's `men`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ManInfo {
    pub name: &'static str,
    pub summary: &'static str,
    /// The key of its model in `assets/pieces.json`.
    pub model: &'static str,
    /// Whether check is check on this man (a King, a General).
    pub royal: bool,
}

impl ManInfo {
    /// A man that is not royal.
    pub const fn man(
        name: &'static str,
        model: &'static str,
        summary: &'static str,
    ) -> Option<ManInfo> {
        Some(ManInfo {
            name,
            summary,
            model,
            royal: false,
        })
    }

    /// A man whose attack is check.
    pub const fn royal(
        name: &'static str,
        model: &'static str,
        summary: &'static str,
    ) -> Option<ManInfo> {
        Some(ManInfo {
            name,
            summary,
            model,
            royal: true,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placement {
    pub cell: CellId,
    /// The piece's upper-case letter in the game's notation (Fates are `F`
    /// and chakras `T`).
    pub letter: char,
    /// None for men that belong to nobody (Tapestry's Fates).
    pub side: Option<Side>,
    pub state: ManState,
    /// Height in a stack on one cell: a chakra is 0 and a piece on it 1;
    /// Fates sharing a Loom square count 0, 1, 2.
    pub level: u8,
}

/// What one side has won from the others so far, and what it has lost to
/// the board's prisons,, for the panel beside the
/// board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Takings {
    pub side: Side,
    /// The men it took off the board, in the order taken, as they stood.
    pub men: Vec<Placement>,
    /// Its own men standing as Prisoners on the board (Flaxman's captures
    /// stay there; a King may even take its own Soldier).
    pub prisoners: u16,
}

/// The sides that had men `before` a move and have none `after` it: in a
/// two-player game never, in a three-player game the players it eliminated.
pub fn eliminated_sides(before: &[Placement], after: &[Placement]) -> Vec<Side> {
    let mut out: Vec<Side> = before
        .iter()
        .filter_map(|p| p.side)
        .filter(|side| !after.iter().any(|q| q.side == Some(*side)))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The men that `effects` (a move by `mover`, with `before` standing)
/// take off the board: each [`Effect::Capture`]'s top man and each
/// [`Effect::Remove`]'s man, unless it is the mover's own.
pub fn taken_men(mover: Side, before: &[Placement], effects: &[Effect]) -> Vec<Placement> {
    effects
        .iter()
        .filter_map(|effect| match *effect {
            Effect::Capture { at } => before
                .iter()
                .filter(|p| p.cell == at)
                .max_by_key(|p| p.level)
                .copied(),
            Effect::Remove { at, level } => before
                .iter()
                .find(|p| p.cell == at && p.level == level)
                .copied(),
            _ => None,
        })
        .filter(|man| man.side != Some(mover))
        .collect()
}

/// The cells a person picks to make a move: click `from`, then `to`. Several
/// moves can share a route (promotions, a chakra move with or without flip);
/// the app then asks which.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Route {
    pub from: CellId,
    pub to: CellId,
}

/// One visible consequence of a move, in the order they happen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// The man on `from` goes to `to` (a slide or a leap).
    Move { from: CellId, to: CellId },
    /// The men on `a` and `b` trade places at once (Flaxman captures).
    Swap { a: CellId, b: CellId },
    /// The man on `at` (the top one) is taken off the board.
    Capture { at: CellId },
    /// The man on `at` becomes another letter or state (Prisoner, freed
    /// Soldier, promotion).
    Transform {
        at: CellId,
        letter: char,
        state: ManState,
    },
    /// A man carried from one chakra to the other.
    Transmit {
        from: CellId,
        via: CellId,
        to: CellId,
    },
    /// A chakra turns over to its other mode.
    Flip { at: CellId },
    /// A non-piece man (a chakra, a Fate) leaves the board.
    Remove { at: CellId, level: u8 },
}

/// What a [`Hint`] explains; the app picks its colour and style from this.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HintKind {
    /// The two men whose distance is a Flaxman man's jump length.
    Definers,
    /// A move of a surprising shape (Flaxman's Pythagorean leap).
    Leap,
    /// The link between a side's two Chakra chakras.
    Transmitter,
    /// The way a move travels (through the Transmitter, or straight).
    Route,
    /// An enemy piece giving check to the King, along the way it attacks.
    Check,
    /// A target the piece's ordinary move would reach but a rule forbids.
    Forbidden,
    /// What an active Loom square does to the Tapestry.
    LoomEffect,
    /// Any other rule worth a reminder on a cell (a Prisoner never moves,
    /// Knights ignore the Loom …).
    Note,
}

impl HintKind {
    pub const ALL: [HintKind; 8] = [
        HintKind::Definers,
        HintKind::Leap,
        HintKind::Transmitter,
        HintKind::Route,
        HintKind::Check,
        HintKind::Forbidden,
        HintKind::LoomEffect,
        HintKind::Note,
    ];

    /// The kind as lesson files name it: a lesson lists the kinds of rule
    /// overlay it explains, and the game panel links them ("Show me").
    pub fn id(self) -> &'static str {
        match self {
            HintKind::Definers => "definers",
            HintKind::Leap => "leap",
            HintKind::Transmitter => "transmitter",
            HintKind::Route => "route",
            HintKind::Check => "check",
            HintKind::Forbidden => "forbidden",
            HintKind::LoomEffect => "loom-effect",
            HintKind::Note => "note",
        }
    }
}

/// A piece of rule explanation drawn over the board. Hints are plain data
/// from the rules layer: the app draws them and decides nothing.
#[derive(Clone, PartialEq, Debug)]
pub enum Hint {
    /// A straight line between two cells.
    Line {
        from: CellId,
        to: CellId,
        kind: HintKind,
        label: Option<String>,
    },
    /// A path through cells, in order (a route through the Transmitter; a
    /// curved hex path). Two cells make a straight path.
    Path {
        cells: Vec<CellId>,
        kind: HintKind,
        label: Option<String>,
    },
    /// A cell marked with an explanation.
    Mark {
        at: CellId,
        kind: HintKind,
        label: String,
    },
}

impl Hint {
    pub fn kind(&self) -> HintKind {
        match self {
            Hint::Line { kind, .. } | Hint::Path { kind, .. } | Hint::Mark { kind, .. } => *kind,
        }
    }

    pub fn label(&self) -> Option<&str> {
        match self {
            Hint::Line { label, .. } | Hint::Path { label, .. } => label.as_deref(),
            Hint::Mark { label, .. } => Some(label),
        }
    }

    /// Every cell the hint touches, in order.
    pub fn cells(&self) -> Vec<CellId> {
        match self {
            Hint::Line { from, to, .. } => vec![*from, *to],
            Hint::Path { cells, .. } => cells.clone(),
            Hint::Mark { at, .. } => vec![*at],
        }
    }
}

/// A line inked on a board: Flaxman's grid, Tapestry's territory borders.
/// Ends in the layout's units (as [`Cell::place`]); the line is `width` wide
/// and runs `width / 2` past each end, so that crossing lines meet square.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct InkLine {
    pub from: [f32; 2],
    pub to: [f32; 2],
    pub width: f32,
}

/// A square grid of ink: `count` lines across and `count` down, `step`
/// apart from `low`, each running from `low` to `high`.
pub fn grid_lines(low: f32, high: f32, step: f32, count: usize, width: f32) -> Vec<InkLine> {
    (0..count)
        .flat_map(|k| {
            let at = low + step * k as f32;
            [
                InkLine {
                    from: [at, low],
                    to: [at, high],
                    width,
                },
                InkLine {
                    from: [low, at],
                    to: [high, at],
                    width,
                },
            ]
        })
        .collect()
}

/// What a game's boards show beyond their cells, as plain data for the app.
#[derive(Clone, PartialEq, Debug)]
pub struct Decor {
    pub lines: Vec<InkLine>,
    /// How far a square board's wooden base reaches past its outer cells'
    /// centres, in cell units (hex boards get a hexagonal base instead).
    pub base_margin: f32,
}

impl Decor {
    /// A board of tiles, which needs no ink: the base shows half a cell of
    /// wood around the outer tiles.
    pub fn plain() -> Decor {
        Decor {
            lines: Vec::new(),
            base_margin: 1.5,
        }
    }
}
