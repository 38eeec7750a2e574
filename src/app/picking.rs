//! Clicks on the boards become domain messages: a primary press and release
//! on a cell, or on a piece standing on it, is a `CellClicked` for that cell.
//! Clicks over egui windows never reach here (bevy_egui's picking backend
//! blocks what lies below them).
//!
//! Bevy's own `Pointer<Click>` finds the released entity in the previous
//! frame's hover map, so a click that arrives in the same frame as the
//! pointer's move onto a piece (`xdotool mousemove X Y click 1`, or any
//! click on a machine drawing 1.5 frames a second) is lost. Here both the
//! press and the release are judged by this frame's hover map, computed from
//! where the pointer is after all of this frame's input: a click counts
//! where the pointer is when it happens, however slow the frames.

use bevy::picking::PickingSystems;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;

use super::board::Cell;
use super::game::CellClicked;
use super::pieces::Piece;
use crate::rules::view::CellId;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, click_cells.after(PickingSystems::Hover));
}

/// The cell the primary button went down on, until it comes up.
#[derive(Default)]
struct Pressed(Option<CellId>);

fn click_cells(
    mut inputs: MessageReader<PointerInput>,
    hover_map: Res<HoverMap>,
    cells: Query<&Cell>,
    pieces: Query<&Piece>,
    parents: Query<&ChildOf>,
    mut pressed: Local<Pressed>,
    mut clicked: MessageWriter<CellClicked>,
) {
    let cell_of = |entity: Entity| {
        cells
            .get(entity)
            .map(|c| c.id)
            .or_else(|_| pieces.get(entity).map(|p| p.cell))
            .ok()
    };
    // The cell under the mouse now: the nearest hit that is a cell or a
    // piece, or a mesh of one (a piece's meshes are its children).
    let under_pointer = || {
        hover_map
            .get(&PointerId::Mouse)?
            .iter()
            .filter_map(|(&entity, hit)| {
                let cell =
                    cell_of(entity).or_else(|| parents.iter_ancestors(entity).find_map(cell_of))?;
                Some((hit.depth, cell))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, cell)| cell)
    };
    for input in inputs.read() {
        if input.pointer_id != PointerId::Mouse {
            continue;
        }
        match input.action {
            PointerAction::Press(PointerButton::Primary) => pressed.0 = under_pointer(),
            PointerAction::Release(PointerButton::Primary) => {
                let down = pressed.0.take();
                if let Some(cell) = down.filter(|&cell| under_pointer() == Some(cell)) {
                    clicked.write(CellClicked { cell });
                }
            }
            _ => {}
        }
    }
}
