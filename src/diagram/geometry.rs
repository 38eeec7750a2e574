//! The shapes of a board, in the layout's own units (x to White's right, y
//! away from White): each cell's outline and colour, the coordinates on
//! the edge and the box around it all. The SVG diagrams and the browser's
//! board (`net::board_geometry`) both draw from these.

use crate::rules::view::{BoardLayout, Cell, CellId, CellShape, InkLine};

/// A hex whose neighbours' centres are one unit apart has this radius.
pub const HEX_RADIUS: f32 = 0.577_350_3;
/// Room around a board for its coordinates, in layout units.
pub const MARGIN: f32 = 0.75;
/// The radius of a Flaxman point, in layout units.
pub const POINT_RADIUS: f32 = 0.11;

/// How far a cell's outline reaches from its centre.
pub fn reach_of(shape: CellShape) -> f32 {
    match shape {
        CellShape::Square => 0.5,
        CellShape::Hex => HEX_RADIUS,
        CellShape::Point => 0.15,
    }
}

/// A cell's outline as its corners in order (a square's four, a flat-topped
/// hex's six); a point has none (it is a dot of [`POINT_RADIUS`]).
pub fn outline(cell: &Cell) -> Vec<[f32; 2]> {
    let [x, y] = cell.place;
    match cell.shape {
        CellShape::Square => vec![
            [x - 0.5, y - 0.5],
            [x + 0.5, y - 0.5],
            [x + 0.5, y + 0.5],
            [x - 0.5, y + 0.5],
        ],
        CellShape::Hex => (0..6)
            .map(|k| {
                let angle = std::f32::consts::FRAC_PI_3 * k as f32;
                [x + HEX_RADIUS * angle.cos(), y + HEX_RADIUS * angle.sin()]
            })
            .collect(),
        CellShape::Point => Vec::new(),
    }
}

/// A cell's colour, as the window's default board theme paints it.
pub fn cell_fill(layout: &BoardLayout, cell: CellId) -> &'static str {
    let info = &layout.cells[usize::from(cell)];
    let colours = layout
        .boards
        .get(usize::from(info.board))
        .map_or(2, |b| b.colours);
    let colour = usize::from(info.colour);
    match (info.board, colours) {
        (1, _) => "#f7ebc9",
        (_, 1) => "#f2dcae",
        (_, 2) => ["#f0d9b5", "#b58863"][colour % 2],
        (_, 3) => ["#f6e2bd", "#d9ad7c", "#a8703f"][colour % 3],
        _ => ["#dc6652", "#5c85cc", "#6bad6b", "#f9d16b"][colour % 4],
    }
}

/// Whether labels on the cell want light ink.
pub fn cell_is_dark(layout: &BoardLayout, cell: CellId) -> bool {
    let info = &layout.cells[usize::from(cell)];
    let colours = layout
        .boards
        .get(usize::from(info.board))
        .map_or(2, |b| b.colours);
    colours == 3 && info.colour % 3 == 2
}

/// The box around every cell's outline and the board's ink: its lowest
/// and highest corners.
pub fn bounds(cells: &[Cell], lines: &[InkLine]) -> ([f32; 2], [f32; 2]) {
    let (mut min, mut max) = ([f32::MAX; 2], [f32::MIN; 2]);
    let mut take = |[x, y]: [f32; 2], reach: f32| {
        min = [min[0].min(x - reach), min[1].min(y - reach)];
        max = [max[0].max(x + reach), max[1].max(y + reach)];
    };
    for cell in cells {
        take(cell.place, reach_of(cell.shape));
    }
    for line in lines {
        take(line.from, line.width / 2.0);
        take(line.to, line.width / 2.0);
    }
    if min[0] > max[0] {
        return ([0.0; 2], [0.0; 2]);
    }
    (min, max)
}

/// A coordinate written on the board.
#[derive(Clone, PartialEq, Debug)]
pub struct Label {
    pub text: String,
    /// Where the text's centre stands, in layout units.
    pub at: [f32; 2],
    /// On a cell (a hex cell's own name, small), not on the board's edge.
    pub on_cell: Option<CellId>,
}

/// The coordinates of a board whose lowest corner is `min`: file letters
/// under the board and rank numbers left of it; a hex board has its file
/// letters under each file's lowest cell and each cell's name in it, as hex
/// ranks bend and are hard to follow by eye.
pub fn coordinate_labels(layout: &BoardLayout, min: [f32; 2]) -> Vec<Label> {
    let mut files: Vec<(char, [f32; 2])> = Vec::new();
    let mut ranks: Vec<(u8, [f32; 2])> = Vec::new();
    let mut labels = Vec::new();
    let mut hex = false;
    for (id, cell) in layout.cells.iter().enumerate() {
        if cell.board != 0 {
            continue;
        }
        let Some(file) = cell.name.chars().next() else {
            continue;
        };
        let Ok(rank) = cell.name[file.len_utf8()..].parse::<u8>() else {
            continue;
        };
        match files.iter_mut().find(|f| f.0 == file) {
            Some(f) if f.1[1] <= cell.place[1] => {}
            Some(f) => f.1 = cell.place,
            None => files.push((file, cell.place)),
        }
        if !ranks.iter().any(|r| r.0 == rank) {
            ranks.push((rank, cell.place));
        }
        if cell.shape == CellShape::Hex {
            hex = true;
            labels.push(Label {
                text: cell.name.clone(),
                at: [cell.place[0], cell.place[1] - 0.4],
                on_cell: Some(id as CellId),
            });
        }
    }
    let below = min[1] - MARGIN / 2.0;
    for (file, [x, y]) in files {
        let at = [x, if hex { y - 0.8 } else { below }];
        labels.push(Label {
            text: file.to_string(),
            at,
            on_cell: None,
        });
    }
    if !hex {
        let left = min[0] - MARGIN / 2.0;
        for (rank, [_, y]) in ranks {
            labels.push(Label {
                text: rank.to_string(),
                at: [left, y],
                on_cell: None,
            });
        }
    }
    labels
}
