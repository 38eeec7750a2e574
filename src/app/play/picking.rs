//! Clicks on the boards become domain messages: a primary press and release
//! on a cell, or on a piece standing on it, is a `CellClicked` for that cell.
//! A click over an egui window never reaches the boards, and a click just off
//! one always does: the windows block picking where the pointer is now, not
//! where it was when egui last drew (at one frame a second the pointer has
//! long left the panel by then).
//!
//! Bevy's own `Pointer<Click>` finds the released entity in the previous
//! frame's hover map, so a click that arrives in the same frame as the
//! pointer's move onto a piece (`xdotool mousemove X Y click 1`, or any
//! click on a machine drawing 1.5 frames a second) is lost. Here both the
//! press and the release are judged by this frame's hover map, computed from
//! where the pointer is after all of this frame's input: a click counts
//! where the pointer is when it happens, however slow the frames.
//!
//! A pointer that leaves the window points at nothing: Bevy's picking and
//! bevy_egui both keep its last place, and the man's name beside it would
//! stay on screen.

use bevy::ecs::system::SystemParam;
use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{
    PointerAction, PointerButton, PointerId, PointerInput, PointerLocation,
};
use bevy::prelude::*;
use bevy::window::WindowEvent;
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{
    EguiContext, EguiContextSettings, EguiInputSet, EguiPickingOrder, PrimaryEguiContext, egui,
};

use crate::app::play::board::Cell;
use crate::app::play::game::CellClicked;
use crate::app::play::pieces::Piece;
use crate::rules::view::CellId;

pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        (
            take_over_egui_blocking,
            pointer_gone_from_the_board
                .after(PickingSystems::ProcessInput)
                .before(PickingSystems::Backend),
            pointer_gone_from_egui.in_set(EguiInputSet::ReadBevyMessages),
            block_picks_under_egui.in_set(PickingSystems::Backend),
            click_cells.after(PickingSystems::Hover),
        ),
    );
}

/// Whether the frame's last word on the mouse is that it left the window.
fn left_the_window<'a>(events: impl Iterator<Item = &'a WindowEvent>) -> bool {
    events.fold(false, |left, event| match event {
        WindowEvent::CursorLeft(_) => true,
        WindowEvent::CursorEntered(_) | WindowEvent::CursorMoved(_) => false,
        _ => left,
    })
}

/// The mouse that left the window hovers no cell or man.
fn pointer_gone_from_the_board(
    mut events: MessageReader<WindowEvent>,
    mut pointers: Query<(&PointerId, &mut PointerLocation)>,
) {
    if !left_the_window(events.read()) {
        return;
    }
    for (pointer, mut location) in &mut pointers {
        if *pointer == PointerId::Mouse && location.location.is_some() {
            location.location = None;
        }
    }
}

/// egui is told that the mouse left, so that it hovers nothing either.
fn pointer_gone_from_egui(
    mut events: MessageReader<WindowEvent>,
    contexts: Query<Entity, With<PrimaryEguiContext>>,
    mut out: MessageWriter<EguiInputEvent>,
) {
    if !left_the_window(events.read()) {
        return;
    }
    if let Ok(context) = contexts.single() {
        out.write(EguiInputEvent {
            context,
            event: egui::Event::PointerGone,
        });
    }
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

/// The cell the primary button went down on, until it comes up.
#[derive(Default)]
struct Pressed(Option<CellId>);

/// What the mouse points at, read from the hover map.
#[derive(SystemParam)]
pub struct Pointed<'w, 's> {
    hover_map: Res<'w, HoverMap>,
    cells: Query<'w, 's, &'static Cell>,
    pieces: Query<'w, 's, &'static Piece>,
    parents: Query<'w, 's, &'static ChildOf>,
}

impl Pointed<'_, '_> {
    /// The cell of an entity: a cell's own, or a piece's.
    fn cell_of(&self, entity: Entity) -> Option<CellId> {
        self.cells
            .get(entity)
            .map(|c| c.id)
            .or_else(|_| self.pieces.get(entity).map(|p| p.cell))
            .ok()
    }

    /// The cell under the mouse now: the nearest hit that is a cell or a
    /// piece, or a mesh of one (a piece's meshes are its children).
    pub fn cell(&self) -> Option<CellId> {
        self.hover_map
            .get(&PointerId::Mouse)?
            .iter()
            .filter_map(|(&entity, hit)| {
                let cell = self.cell_of(entity).or_else(|| {
                    self.parents
                        .iter_ancestors(entity)
                        .find_map(|e| self.cell_of(e))
                })?;
                Some((hit.depth, cell))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, cell)| cell)
    }
}

fn click_cells(
    mut inputs: MessageReader<PointerInput>,
    pointed: Pointed,
    mut pressed: Local<Pressed>,
    mut clicked: MessageWriter<CellClicked>,
) {
    let under_pointer = || pointed.cell();
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
