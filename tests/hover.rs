//! What the pointer hovers, with Bevy's picking fed window events as the
//! window feeds them and a backend that finds a cell wherever the pointer
//! is (the whole view is board).

use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::window::{CursorLeft, CursorMoved, PrimaryWindow, WindowEvent};
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{EguiPickingOrder, PrimaryEguiContext, egui};

use variantarium::app::CellClicked;
use variantarium::app::play::board::Cell;
use variantarium::app::play::picking::{self, Pointed};

/// A cell under the pointer wherever the pointer is on the window.
fn board_everywhere(
    pointers: Query<(&PointerId, &PointerLocation)>,
    cells: Query<Entity, With<Cell>>,
    camera: Query<Entity, With<Camera>>,
    mut hits: MessageWriter<PointerHits>,
) {
    let (Ok(cell), Ok(camera)) = (cells.single(), camera.single()) else {
        return;
    };
    for (pointer, location) in &pointers {
        if location.location.is_some() {
            let hit = HitData::new(camera, 1.0, None, None);
            hits.write(PointerHits::new(*pointer, vec![(cell, hit)], 0.0));
        }
    }
}

#[derive(Resource, Default)]
struct Seen {
    hovered: Option<u16>,
    egui_told_gone: usize,
}

fn watch(pointed: Pointed, mut seen: ResMut<Seen>, mut egui: MessageReader<EguiInputEvent>) {
    seen.hovered = pointed.cell();
    seen.egui_told_gone += egui
        .read()
        .filter(|e| matches!(e.event, egui::Event::PointerGone))
        .count();
}

fn app() -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::input::InputPlugin,
        bevy::picking::PickingPlugin,
        bevy::picking::InteractionPlugin,
        bevy::picking::input::PointerInputPlugin,
        picking::plugin,
    ))
    .add_message::<WindowEvent>()
    .add_message::<CellClicked>()
    .add_message::<EguiInputEvent>()
    .insert_resource(EguiPickingOrder(0.6))
    .init_resource::<Seen>()
    .add_systems(PreUpdate, board_everywhere.in_set(PickingSystems::Backend))
    .add_systems(Update, watch);
    let window = app
        .world_mut()
        .spawn((Window::default(), PrimaryWindow))
        .id();
    app.world_mut().spawn(Camera::default());
    app.world_mut().spawn(PrimaryEguiContext);
    app.world_mut().spawn(Cell { id: 7, board: 0 });
    app.update();
    (app, window)
}

/// The man under the pointer is hovered, and once the pointer leaves the
/// window neither the board nor egui hovers anything, so his name beside
/// the pointer goes.
#[test]
fn a_pointer_that_leaves_the_window_hovers_nothing() {
    let (mut app, window) = app();
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(CursorMoved {
            window,
            position: Vec2::new(300.0, 200.0),
            delta: None,
        }));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Seen>().hovered, Some(7));
    app.world_mut()
        .write_message(WindowEvent::CursorLeft(CursorLeft { window }));
    app.update();
    app.update();
    let seen = app.world().resource::<Seen>();
    assert_eq!(seen.hovered, None, "the man's cell is still hovered");
    assert_eq!(seen.egui_told_gone, 1, "egui is told the pointer is gone");
}
