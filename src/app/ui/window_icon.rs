//! The window's icon: the game's own drawing (assets/icon, made by
//! scripts/icon.py), the same picture the desktop's menu shows.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The 256 px picture: large enough for any title bar or task switcher,
/// which scale it down themselves.
const ICON_PNG: &[u8] = include_bytes!("../../../assets/icon/variantarium-256.png");

/// Set once the primary window wears the icon (or the icon could not be
/// made, which was logged): nothing more to do.
#[derive(Resource)]
struct WindowIconDone;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        set_window_icon.run_if(not(resource_exists::<WindowIconDone>)),
    );
}

/// Gives the primary window its icon once winit has made the window. Runs
/// on the main thread (`NonSendMarker`), where winit keeps its windows.
fn set_window_icon(
    primary: Query<Entity, With<PrimaryWindow>>,
    mut commands: Commands,
    _main_thread: NonSendMarker,
) {
    let Ok(entity) = primary.single() else {
        return;
    };
    let set = WINIT_WINDOWS.with_borrow(|windows| {
        let Some(window) = windows.get_window(entity) else {
            return false;
        };
        window.set_window_icon(game_icon());
        true
    });
    if set {
        commands.insert_resource(WindowIconDone);
    }
}

/// The picture as winit wants it: straight RGBA rows.
fn game_icon() -> Option<winit::window::Icon> {
    let decoded = image::load_from_memory_with_format(ICON_PNG, image::ImageFormat::Png)
        .map_err(|e| e.to_string())
        .and_then(|picture| {
            let rgba = picture.into_rgba8();
            let (width, height) = rgba.dimensions();
            winit::window::Icon::from_rgba(rgba.into_raw(), width, height)
                .map_err(|e| e.to_string())
        });
    decoded
        .inspect_err(|e| warn!("the window keeps the system's icon: {e}"))
        .ok()
}
