//! The coordinates along the board edges (when the settings ask for them),
//! the Loom's square names and Gilman's numbers (when the settings ask and
//! the rules' view names the cells so), written on the screen over the
//! board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::layout::BoardWords;
use crate::app::look::camera::MainCamera;
use crate::app::play::board::CellIndex;
use crate::app::play::game::Match;
use crate::app::play::settings::Settings;

/// File letters along the edge nearest the camera, rank numbers along its
/// left edge (so they stay off the pieces however the board is turned), the
/// Loom's square names, and Gilman's numbers on every hex when asked.
pub(super) fn edge_coordinates(
    mut contexts: EguiContexts,
    game: Res<Match>,
    settings: Res<Settings>,
    index: Res<CellIndex>,
    mut written: ResMut<BoardWords>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let Ok((camera, camera_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let light = egui::Color32::from_rgb(235, 225, 200);
    // Names written on the Loom's pale squares need dark ink.
    let ink = egui::Color32::from_rgb(60, 40, 25);
    let font = egui::FontId::proportional(15.0);
    let mut rects = Vec::new();
    let mut write = |world: Vec3, text: &str, colour: egui::Color32| {
        if let Ok(at) = camera.world_to_viewport(camera_at, world) {
            let at = egui::pos2(at.x, at.y);
            // A halo of the opposite shade keeps a label readable on any
            // cell and theme.
            let halo = if colour == ink {
                egui::Color32::from_rgba_unmultiplied(255, 245, 225, 170)
            } else {
                egui::Color32::from_rgba_unmultiplied(20, 12, 8, 170)
            };
            for (dx, dy) in [(-1.0, 0.0), (1.0, 0.0), (0.0, -1.0), (0.0, 1.0)] {
                let near = at + egui::vec2(dx, dy);
                painter.text(near, egui::Align2::CENTER_CENTER, text, font.clone(), halo);
            }
            let rect = painter.text(at, egui::Align2::CENTER_CENTER, text, font.clone(), colour);
            rects.push(rect.expand(1.0));
        }
    };
    // The screen's down is toward the viewer on the table, whether the view
    // is slanted or top-down and however far the boards are slid aside
    // (the camera's own place would point along the slide).
    let toward = camera_at.down().with_y(0.0).normalize_or(Vec3::Z);
    let right = camera_at.right().with_y(0.0).normalize_or(Vec3::X);
    for (label, world, on_cell) in edge_labels(&game, &index, toward, right) {
        // The Loom's names say what its squares are: always written.
        if on_cell || settings.coordinates {
            write(world, &label, if on_cell { ink } else { light });
        }
    }
    if settings.cell_numbers {
        for (i, cell) in game.layout.cells.iter().enumerate() {
            if let Some(alt) = &cell.alt_name {
                write(index.place(i as u16) + Vec3::Y * 0.02, alt, ink);
            }
        }
    }
    if written.0 != rects {
        written.0 = rects;
    }
    Ok(())
}

/// Where each coordinate label goes: beyond the cell of each file nearest
/// the camera (`toward` points from the boards to it), left of each rank's
/// cell furthest to the camera's left (`right` is the camera's right); board
/// 1 (the Loom) names its cells. Each label comes with its place and whether
/// it is written on a cell.
fn edge_labels(
    game: &Match,
    index: &CellIndex,
    toward: Vec3,
    right: Vec3,
) -> Vec<(String, Vec3, bool)> {
    use std::collections::BTreeMap;
    let mut files: BTreeMap<String, Vec3> = BTreeMap::new();
    let mut ranks: BTreeMap<String, Vec3> = BTreeMap::new();
    let mut labels = Vec::new();
    let occupied: std::collections::HashSet<u16> =
        game.session.placements().iter().map(|p| p.cell).collect();
    for (i, cell) in game.layout.cells.iter().enumerate() {
        let at = index.place(i as u16);
        if cell.board != 0 {
            let place = loom_name_place(at, occupied.contains(&(i as u16)), toward, right);
            labels.push((cell.name.clone(), place, true));
            continue;
        }
        let split = cell
            .name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(cell.name.len());
        let (file, rank) = cell.name.split_at(split);
        let near = files.entry(file.to_string()).or_insert(at);
        if at.dot(toward) > near.dot(toward) + 1e-3 {
            *near = at;
        }
        let left = ranks.entry(rank.to_string()).or_insert(at);
        if at.dot(right) < left.dot(right) - 1e-3 {
            *left = at;
        }
    }
    let board: Vec<Vec3> = (0..game.layout.cells.len())
        .filter(|&i| game.layout.cells[i].board == 0)
        .map(|i| index.place(i as u16))
        .collect();
    let files: Vec<(String, Vec3)> = files
        .into_iter()
        .map(|(f, at)| (f, off_the_board(at, toward, toward, &board, &[])))
        .collect();
    // A rank may end where a file does (a hex board turned round): its
    // number then moves on, off the file's letter.
    let taken: Vec<Vec3> = files.iter().map(|(_, at)| *at).collect();
    let ranks: Vec<(String, Vec3)> = ranks
        .into_iter()
        .map(|(r, at)| (r, off_the_board(at, -right, toward, &board, &taken)))
        .collect();
    labels.extend(files.into_iter().chain(ranks).map(|(l, at)| (l, at, false)));
    labels
}

/// Where a Loom square's name is written: on its middle while it stands
/// empty; with a man (a Fate) on it, in the square's corner nearest the
/// camera and to its left, clear of his foot, so that he stands beside his
/// square's name and never on it. `toward` points from the boards to the
/// camera, `right` is the camera's right.
fn loom_name_place(at: Vec3, occupied: bool, toward: Vec3, right: Vec3) -> Vec3 {
    let lift = Vec3::Y * 0.05;
    if !occupied {
        return at + lift;
    }
    let corner = (toward - right).with_y(0.0).normalize_or(Vec3::Z);
    at + lift + corner * LOOM_NAME_ASIDE
}

/// How far from his square's middle a Fate leaves its name: beyond the
/// widest man's foot, within the square (a Loom square is a unit across).
const LOOM_NAME_ASIDE: f32 = 0.5;

/// How far beyond his cell, away from the camera, a man covers the table
/// on the screen.
const MAN_SHADOW: f32 = 1.3;

/// A place for the label of the edge cell at `at`: 0.8 beyond it in the
/// direction `out`, and on from there away from the board's centre while it
/// would sit on another cell (a hex board's ranks end on a slanting edge,
/// where the place beside the cell still lies on the board), behind a man
/// as the camera sees him (`toward` points to it), or next to a label
/// already `taken`.
fn off_the_board(at: Vec3, out: Vec3, toward: Vec3, board: &[Vec3], taken: &[Vec3]) -> Vec3 {
    let centre = board.iter().sum::<Vec3>() / board.len().max(1) as f32;
    let outward = (at - centre).with_y(0.0).normalize_or_zero();
    // A man stands up on the screen from his cell: a label just beyond a
    // cell, seen from the camera, sits on his head.
    let behind_a_man = |p: Vec3| {
        board.iter().any(|&c| {
            let away = (p - c).dot(-toward);
            let aside = (p - c + toward * away).length();
            away > 0.0 && away < MAN_SHADOW && aside < 0.55
        })
    };
    let crowded = |p: Vec3| {
        board.iter().any(|&c| c != at && c.distance(p) < 1.0)
            || taken.iter().any(|&t| t.distance(p) < 0.5)
            || behind_a_man(p)
    };
    let mut label = at + out * 0.8;
    for _ in 0..8 {
        if board.iter().any(|&c| c != at && c.distance(label) < 1.0) {
            label += outward * 0.25;
        } else if crowded(label) {
            label += out * 0.2;
        } else {
            break;
        }
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::look::meshes::MAX_RADIUS;

    /// A Loom square's name sits on its middle while the square is empty;
    /// with a Fate on it, clear of his foot and still on his square, on
    /// the side toward the camera however the board is turned.
    #[test]
    fn a_fate_stands_beside_his_squares_name() {
        let at = Vec3::new(3.0, 0.0, -1.0);
        assert_eq!(
            loom_name_place(at, false, Vec3::Z, Vec3::X),
            at + Vec3::Y * 0.05
        );
        for turn in 0..12 {
            let yaw = Quat::from_rotation_y(turn as f32 * std::f32::consts::TAU / 12.0);
            let (toward, right) = (yaw * Vec3::Z, yaw * Vec3::X);
            let name = loom_name_place(at, true, toward, right);
            let off = (name - at).with_y(0.0);
            assert!(
                off.length() > MAX_RADIUS,
                "turn {turn}: on the Fate's foot: {off}"
            );
            assert!(
                off.length() <= 0.5 + 1e-4,
                "turn {turn}: off his square: {off}"
            );
            assert!(off.dot(toward) > 0.0, "turn {turn}: behind the Fate: {off}");
        }
    }
}
