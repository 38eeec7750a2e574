//! A few men on a board, written as the game's position text (RULES.md and
//! each game's `from_text`), so that the rules themselves judge and play
//! the staged board: the diagram never computes a move of its own.

use crate::rules::Side;
use crate::rules::variant::VariantId;
use crate::rules::view::{BoardLayout, CellId, ManState};

/// One man to stand on the staged board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Figure {
    pub cell: CellId,
    /// The letter as the game's position text writes it, upper case.
    pub letter: char,
    pub side: Side,
    /// A chakra's mode; `Normal` for everything else.
    pub state: ManState,
}

/// Everything a staged position holds besides the side to move.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Scene {
    pub figures: Vec<Figure>,
    /// Tapestry: the Fates' field (`NNN`: all three on the Nexus).
    pub fates: String,
}

/// The position text of `scene` with `mover` to move, in the format of the
/// game `id` plays.
pub fn position_text(id: VariantId, layout: &BoardLayout, scene: &Scene, mover: Side) -> String {
    let two_player_side = if mover == Side::WHITE { "w" } else { "b" };
    match id {
        VariantId::Flaxman => format!("{} {two_player_side}", square_rows(layout, scene)),
        VariantId::Tapestry => {
            let fates = if scene.fates.is_empty() {
                "NNN"
            } else {
                &scene.fates
            };
            format!("{} {two_player_side} {fates} -", square_rows(layout, scene))
        }
        VariantId::Chakra => format!(
            "{} {two_player_side} {}",
            square_rows(layout, scene),
            chakra_items(layout, scene)
        ),
        id if id.is_three_player() => {
            format!(
                "{} {} -",
                hex_files(layout, scene, true),
                three_player_letter(mover)
            )
        }
        _ => format!("{} {two_player_side} -", hex_files(layout, scene, false)),
    }
}

/// A chakra stands beside the pieces, in a field of its own.
fn is_chakra(figure: &Figure) -> bool {
    matches!(figure.state, ManState::KnightMode | ManState::KingMode)
}

/// `(file, rank)` of a square-board cell name (`c3` is (2, 3)).
fn file_and_rank(name: &str) -> Option<(u8, u8)> {
    let mut chars = name.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let rank = chars.as_str().parse().ok()?;
    Some((file as u8 - b'a', rank))
}

/// The letter of a two-player man: White's upper case, Black's lower.
fn two_player_letter(figure: &Figure) -> String {
    if figure.side == Side::WHITE {
        figure.letter.to_string()
    } else {
        figure.letter.to_ascii_lowercase().to_string()
    }
}

/// The three-player games write the owner first (`rG`, `wC`, `bP`).
fn three_player_letter(side: Side) -> char {
    match side.0 {
        0 => 'w',
        1 => 'b',
        _ => 'r',
    }
}

/// The pieces field of a square board: ranks from the far one down, each
/// from file a, runs of empty cells as a number.
fn square_rows(layout: &BoardLayout, scene: &Scene) -> String {
    let squares: Vec<(u8, u8, CellId)> = layout
        .cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.board == 0)
        .filter_map(|(id, cell)| file_and_rank(&cell.name).map(|(f, r)| (f, r, id as CellId)))
        .collect();
    let files = squares.iter().map(|s| s.0).max().map_or(0, |f| f + 1);
    let ranks = squares.iter().map(|s| s.1).max().unwrap_or(0);
    let mut rows = Vec::new();
    for rank in (1..=ranks).rev() {
        let cells = (0..files).map(|file| {
            squares
                .iter()
                .find(|s| s.0 == file && s.1 == rank)
                .map(|s| s.2)
        });
        rows.push(run_length(cells, scene, two_player_letter));
    }
    rows.join("/")
}

/// The hex games' pieces field: the files in order, each from rank 1 up.
fn hex_files(layout: &BoardLayout, scene: &Scene, three_players: bool) -> String {
    let mut files: Vec<(char, Vec<(u8, CellId)>)> = Vec::new();
    for (id, cell) in layout.cells.iter().enumerate() {
        let Some((file, rank)) = cell.name.chars().next().zip(cell.name[1..].parse().ok()) else {
            continue;
        };
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, cells)) => cells.push((rank, id as CellId)),
            None => files.push((file, vec![(rank, id as CellId)])),
        }
    }
    files.sort_by_key(|(file, _)| *file);
    let write = |figure: &Figure| {
        if three_players {
            format!("{}{}", three_player_letter(figure.side), figure.letter)
        } else {
            two_player_letter(figure)
        }
    };
    files
        .into_iter()
        .map(|(_, mut cells)| {
            cells.sort_unstable();
            run_length(cells.into_iter().map(|(_, id)| Some(id)), scene, write)
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The men on a line of cells, runs of empty cells counted.
fn run_length(
    cells: impl Iterator<Item = Option<CellId>>,
    scene: &Scene,
    write: impl Fn(&Figure) -> String,
) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for cell in cells {
        let man = cell.and_then(|c| scene.figures.iter().find(|f| f.cell == c && !is_chakra(f)));
        match man {
            Some(figure) => {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push_str(&write(figure));
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

/// Chakra's chakras field: `Td4n,th5k`, or `-` without any.
fn chakra_items(layout: &BoardLayout, scene: &Scene) -> String {
    let items: Vec<String> = scene
        .figures
        .iter()
        .filter(|f| is_chakra(f))
        .filter_map(|f| {
            let name = &layout.cells.get(usize::from(f.cell))?.name;
            let mode = if f.state == ManState::KingMode {
                'k'
            } else {
                'n'
            };
            let letter = two_player_letter(f);
            Some(format!("{letter}{name}{mode}"))
        })
        .collect();
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}
