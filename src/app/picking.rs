//! Clicks on the boards become domain messages: a click on a cell or on a
//! piece standing on it is a `CellClicked` for that cell. Clicks over egui
//! windows never reach here (bevy_egui's picking backend blocks them).

use bevy::prelude::*;

use super::board::Cell;
use super::game::CellClicked;
use super::pieces::Piece;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(click_cell_or_piece);
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
