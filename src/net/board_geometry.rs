//! What a browser needs to draw a game and offer its moves, as plain data:
//! the board's geometry ([`BoardGeometry`]: every cell's outline, centre
//! and colour, the board's ink and coordinates, the Loom) and each
//! position ([`PositionView`]: the men, the mover's legal moves with their
//! exact text, the last move, check). The shapes come from the diagrams'
//! own geometry and everything else from the rules, so a client that draws
//! these decides no rule.

use serde::{Deserialize, Serialize};

use crate::diagram::geometry::{
    MARGIN, POINT_RADIUS, bounds, cell_fill, cell_is_dark, coordinate_labels, outline,
};
use crate::rules::glossary::man_info;
use crate::rules::registry::describe;
use crate::rules::session::Session;
use crate::rules::view::{BoardLayout, CellId, CellShape, ManState, Placement, Route};

/// A game's boards, in layout units: x to White's right, y away from White.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct BoardGeometry {
    /// The game's id (`flaxman`, `aj-glinski-3p` …) and its title.
    pub variant: String,
    pub title: String,
    pub sides: u8,
    /// The corners of the box around every cell and line; draw `margin`
    /// more on each side for the coordinates.
    pub min: [f32; 2],
    pub max: [f32; 2],
    pub margin: f32,
    /// The boards by number: the Tapestry's `board` 0 and the Loom's 1.
    pub boards: Vec<BoardArea>,
    pub cells: Vec<CellGeometry>,
    /// The board's ink: Flaxman's grid, the Tapestry's territory borders.
    pub lines: Vec<InkGeometry>,
    pub labels: Vec<LabelGeometry>,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct BoardArea {
    pub name: String,
    pub centre: [f32; 2],
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CellGeometry {
    /// The name moves use (`e2`, `f11`, a Loom square's letter).
    pub name: String,
    /// A second name (Gilman's cell number, a Loom square's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,
    pub board: u8,
    pub centre: [f32; 2],
    /// `square`, `hex` or `point` (a dot of `radius`, no outline).
    pub shape: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outline: Vec<[f32; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radius: Option<f32>,
    /// Its colour as the window's board theme paints it (`#rrggbb`), and
    /// whether text on it wants light ink.
    pub fill: String,
    pub dark: bool,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct InkGeometry {
    pub from: [f32; 2],
    pub to: [f32; 2],
    pub width: f32,
}

/// A coordinate: on a cell (a hex cell's name) or on the board's edge.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LabelGeometry {
    pub text: String,
    pub at: [f32; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
}

/// One position of a game, for a client to draw and to play from.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PositionView {
    /// Moves played so far; a move for this position is sent with this `ply`.
    pub ply: u32,
    pub to_move: u8,
    /// Which sides are still in the game (three players: one may have left).
    pub in_game: Vec<bool>,
    /// The cell of the mover's royal man when it is in check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    pub men: Vec<ManView>,
    /// The legal moves of the side to move (none once the game is over),
    /// sorted by text, each with the cells a player picks to make it: its
    /// `text` is what a `move` sends.
    pub moves: Vec<MoveView>,
    /// The cells of the last move played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<MoveView>,
    /// What the cells that are more than a place to stand do now (the
    /// Loom's squares).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<CellNote>,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ManView {
    pub cell: String,
    /// The man's letter in the game's notation (a Fate `F`, a chakra `T`).
    pub letter: String,
    /// Its side; none for a man of nobody's (a Fate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<u8>,
    /// `normal`, `prisoner`, `knight` or `king` (a chakra's two modes).
    pub state: String,
    /// Its height in a stack on one cell (a piece on a chakra is 1).
    pub level: u8,
    /// What the game calls it ("Knight", "Chakra (knight mode)"), and the
    /// key of its model in the window (`knight`, `chakra-knight`), which a
    /// client's drawing of the man follows.
    pub name: String,
    pub model: String,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct MoveView {
    pub from: String,
    pub to: String,
    pub text: String,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CellNote {
    pub cell: String,
    pub name: String,
    pub summary: String,
}

/// Rounded to a thousandth of a cell: finer does not show, and the
/// message stays small.
fn round(value: f32) -> f32 {
    (value * 1000.0).round() / 1000.0
}

fn round2([x, y]: [f32; 2]) -> [f32; 2] {
    [round(x), round(y)]
}

/// The geometry of the game a session plays.
pub fn board_geometry(session: &dyn Session) -> BoardGeometry {
    let variant = session.variant();
    let entry = describe(variant.id);
    let layout = session.layout();
    let decor = (entry.decor)();
    let (min, max) = bounds(&layout.cells, &decor.lines);
    let cells = (0..layout.cells.len() as CellId)
        .map(|id| cell_geometry(&layout, id))
        .collect();
    let labels = coordinate_labels(&layout, min)
        .into_iter()
        .map(|label| LabelGeometry {
            text: label.text,
            at: round2(label.at),
            cell: label.on_cell.map(|c| cell_name(&layout, c)),
        })
        .collect();
    BoardGeometry {
        variant: variant.id.id().to_string(),
        title: entry.title.to_string(),
        sides: session.side_count(),
        min: round2(min),
        max: round2(max),
        margin: MARGIN,
        boards: layout
            .boards
            .iter()
            .map(|b| BoardArea {
                name: b.name.clone(),
                centre: round2(b.centre),
            })
            .collect(),
        cells,
        lines: decor
            .lines
            .iter()
            .map(|l| InkGeometry {
                from: round2(l.from),
                to: round2(l.to),
                width: round(l.width),
            })
            .collect(),
        labels,
    }
}

fn cell_geometry(layout: &BoardLayout, id: CellId) -> CellGeometry {
    let cell = &layout.cells[usize::from(id)];
    let shape = match cell.shape {
        CellShape::Square => "square",
        CellShape::Hex => "hex",
        CellShape::Point => "point",
    };
    CellGeometry {
        name: cell.name.clone(),
        alt: cell.alt_name.clone(),
        board: cell.board,
        centre: round2(cell.place),
        shape: shape.to_string(),
        outline: outline(cell).into_iter().map(round2).collect(),
        radius: (cell.shape == CellShape::Point).then_some(POINT_RADIUS),
        fill: cell_fill(layout, id).to_string(),
        dark: cell_is_dark(layout, id),
    }
}

fn cell_name(layout: &BoardLayout, cell: CellId) -> String {
    layout
        .cells
        .get(usize::from(cell))
        .map_or_else(|| "?".to_string(), |c| c.name.clone())
}

/// The position a session stands at; `over` when the game has ended (the
/// server's end too: a resignation, a flag), so that no move is offered.
pub fn position_view(session: &dyn Session, over: bool) -> PositionView {
    let layout = session.layout();
    let placements = session.placements();
    let variant = session.variant();
    let mover = session.side_to_move();
    let route_view = |route: Route, text: String| MoveView {
        from: cell_name(&layout, route.from),
        to: cell_name(&layout, route.to),
        text,
    };
    let moves = if over || session.outcome().is_some() {
        Vec::new()
    } else {
        session
            .legal_moves()
            .into_iter()
            .map(|m| route_view(m.route, m.text))
            .collect()
    };
    let check = session
        .in_check()
        .then(|| {
            placements.iter().find(|p| {
                p.side == Some(mover)
                    && man_info(variant, p.letter, p.state).is_some_and(|info| info.royal)
            })
        })
        .flatten()
        .map(|p| cell_name(&layout, p.cell));
    let last = last_route(session).map(|(route, text)| route_view(route, text));
    let notes = (0..layout.cells.len() as CellId)
        .filter_map(|c| {
            session.cell_words(c).map(|words| CellNote {
                cell: cell_name(&layout, c),
                name: words.name,
                summary: words.summary,
            })
        })
        .collect();
    PositionView {
        ply: session.ply_count() as u32,
        to_move: mover.0,
        in_game: (0..session.side_count())
            .map(|s| session.in_game(crate::rules::Side(s)))
            .collect(),
        check,
        men: placements
            .iter()
            .map(|p| man_view(session, &layout, p))
            .collect(),
        moves,
        last,
        notes,
    }
}

fn man_view(session: &dyn Session, layout: &BoardLayout, man: &Placement) -> ManView {
    let state = match man.state {
        ManState::Normal => "normal",
        ManState::Prisoner => "prisoner",
        ManState::KnightMode => "knight",
        ManState::KingMode => "king",
    };
    let info = man_info(session.variant(), man.letter, man.state);
    let name = info.map_or_else(|| man.letter.to_string(), |info| info.name.to_string());
    let model = info.map_or_else(String::new, |info| info.model.to_string());
    ManView {
        cell: cell_name(layout, man.cell),
        letter: man.letter.to_string(),
        side: man.side.map(|s| s.0),
        state: state.to_string(),
        level: man.level,
        name,
        model,
    }
}

/// The route and text of the last move played, found among the legal
/// moves of the position before it.
fn last_route(session: &dyn Session) -> Option<(Route, String)> {
    let text = session.moves().last()?.clone();
    let mut before = session.clone_box();
    if !before.undo() {
        return None;
    }
    let played = before.legal_moves().into_iter().find(|m| m.text == text)?;
    Some((played.route, text))
}
