//! Clicks on the boards become domain messages: a click on a cell or on a
//! piece standing on it is a `CellClicked` for that cell. A click over an
//! egui window never reaches the boards, and a click just off one always
//! does: the windows block picking where the pointer is now, not where it
//! was when egui last drew (at one frame a second the pointer has long left
//! the panel by then).

use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiContextSettings, EguiPickingOrder, egui};

use super::board::Cell;
use super::game::CellClicked;
use super::pieces::Piece;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(click_cell_or_piece).add_systems(
        PreUpdate,
        (
            take_over_egui_blocking,
            block_picks_under_egui.in_set(PickingSystems::Backend),
        ),
    );
}

/// bevy_egui blocks picking from its state of the previous frame; we block
/// from the pointer's present place instead (see [`block_picks_under_egui`]).
fn take_over_egui_blocking(mut settings: Query<&mut EguiContextSettings, Added<EguiContext>>) {
    for mut settings in &mut settings {
        settings.capture_pointer_input = false;
    }
}

/// A pick that hides everything behind it wherever an egui window is under
/// the pointer now, or egui is using the pointer (a slider being dragged).
fn block_picks_under_egui(
    pointers: Query<(&PointerId, &PointerLocation)>,
    mut contexts: Query<(Entity, &mut EguiContext, &Camera)>,
    order: Res<EguiPickingOrder>,
    mut hits: MessageWriter<PointerHits>,
) {
    for (pointer, location) in &pointers {
        let Some(location) = &location.location else {
            continue;
        };
        for (entity, mut context, camera) in &mut contexts {
            let ctx = context.get_mut();
            let at = location.position / ctx.zoom_factor();
            let over_a_window = ctx
                .layer_id_at(egui::pos2(at.x, at.y))
                .is_some_and(|layer| layer.order != egui::Order::Background);
            if over_a_window || ctx.egui_is_using_pointer() {
                hits.write(PointerHits::new(
                    *pointer,
                    vec![(entity, HitData::new(entity, 0.0, None, None))],
                    camera.order as f32 + **order,
                ));
            }
        }
    }
}

fn click_cell_or_piece(
    click: On<Pointer<Click>>,
    cells: Query<&Cell>,
    pieces: Query<&Piece>,
    mut clicked: MessageWriter<CellClicked>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    let target = click.event_target();
    let cell = cells
        .get(target)
        .map(|c| c.id)
        .or_else(|_| pieces.get(target).map(|p| p.cell));
    if let Ok(cell) = cell {
        clicked.write(CellClicked { cell });
    }
}
