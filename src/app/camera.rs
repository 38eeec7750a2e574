//! An orbit camera around the boards: drag with the right mouse button to
//! orbit, scroll to zoom, `F` flips to the other side, `T` toggles the
//! top-down view. Framing follows the board size and the window's aspect.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

use super::board::{CellIndex, spawn_cells};
use super::game::{GameStarted, Match};

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct OrbitCamera {
    /// Angle around the vertical axis; 0 looks from White's side.
    pub yaw: f32,
    /// Angle above the table.
    pub pitch: f32,
    pub distance: f32,
    pub top_down: bool,
    /// Turn the view so that the player to move sits at the bottom.
    pub follow: bool,
    /// Fraction of the window's width by which the boards sit left of centre.
    pub shift: f32,
    /// The window's width over its height.
    pub aspect: f32,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        OrbitCamera {
            yaw: 0.0,
            pitch: 0.95,
            distance: 11.0,
            top_down: false,
            follow: false,
            shift: 0.0,
            aspect: 16.0 / 9.0,
        }
    }
}

impl OrbitCamera {
    pub fn flip(&mut self) {
        self.yaw = (self.yaw + std::f32::consts::PI) % std::f32::consts::TAU;
    }

    fn transform(&self) -> Transform {
        let pitch = if self.top_down { 1.5607 } else { self.pitch };
        let offset = Vec3::new(
            self.distance * pitch.cos() * self.yaw.sin(),
            self.distance * pitch.sin(),
            self.distance * pitch.cos() * self.yaw.cos(),
        );
        let centre = Vec3::new(0.0, -0.2, 0.0);
        let looking = Transform::from_translation(offset + centre).looking_at(centre, Vec3::Y);
        // Move camera and target together along the view's right: the boards
        // then appear left of the window's centre by `shift` of its width.
        let half_width = self.distance * (std::f32::consts::FRAC_PI_4 / 2.0).tan() * self.aspect;
        let slide = looking.right() * (2.0 * self.shift * half_width);
        Transform::from_translation(offset + centre + slide).looking_at(centre + slide, Vec3::Y)
    }
}

#[derive(Component)]
pub struct MainCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrbitCamera>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                frame_new_boards.after(spawn_cells),
                follow_the_mover,
                orbit_with_mouse,
                place_camera,
                leave_room_for_the_panel,
            )
                .chain(),
        );
}

/// With `follow` on, the view turns to the side of the player to move each
/// time the turn passes (two players: 180° apart; three: Red, White and
/// Black 120° apart, where their armies started), and stays where the
/// mouse puts it in between.
fn follow_the_mover(
    game: Option<Res<Match>>,
    mut orbit: ResMut<OrbitCamera>,
    mut last: Local<Option<(u8, bool)>>,
) {
    let Some(game) = game else {
        return;
    };
    let side = game.session.side_to_move();
    let key = Some((side.0, orbit.follow));
    if *last == key {
        return;
    }
    *last = key;
    if !orbit.follow {
        return;
    }
    let sixths = match (game.session.side_count(), side.0) {
        (3, 0) => 2,
        (3, 1) => 4,
        (3, _) => 0,
        (_, 1) => 3,
        _ => 0,
    };
    orbit.yaw = sixths as f32 * std::f32::consts::FRAC_PI_3;
}

/// Logical width the game panel takes on the right while playing.
pub const PANEL_WIDTH: f32 = 280.0;

/// While the game panel is up, the boards move left by half its width so
/// that it covers no cell.
fn leave_room_for_the_panel(
    windows: Query<&Window>,
    screen: Res<State<super::Screen>>,
    screenshot: Option<Res<super::ScreenshotRequest>>,
    mut orbit: ResMut<OrbitCamera>,
) {
    let Some(window) = windows.iter().next() else {
        return;
    };
    let panel_up = *screen.get() == super::Screen::Playing && screenshot.is_none();
    let shift = if panel_up && window.width() > PANEL_WIDTH * 2.0 {
        PANEL_WIDTH / 2.0 / window.width()
    } else {
        0.0
    };
    let aspect = window.width() / window.height().max(1.0);
    if orbit.shift != shift || orbit.aspect != aspect {
        orbit.shift = shift;
        orbit.aspect = aspect;
    }
}

fn spawn_camera(mut commands: Commands, orbit: Res<OrbitCamera>) {
    commands.spawn((
        Name::new("camera"),
        MainCamera,
        Camera3d::default(),
        orbit.transform(),
    ));
}

/// Backs the camera off far enough to see every board.
fn frame_new_boards(
    mut started: MessageReader<GameStarted>,
    index: Res<CellIndex>,
    windows: Query<&Window>,
    mut orbit: ResMut<OrbitCamera>,
) {
    if started.read().count() == 0 {
        return;
    }
    let aspect = windows
        .iter()
        .next()
        .map_or(16.0 / 9.0, |w| w.width() / w.height().max(1.0));
    let reach = index
        .half_extent
        .x
        .max(index.half_extent.y * aspect.min(1.6))
        / aspect.min(1.6);
    let radius = index.half_extent.length().max(reach);
    orbit.distance = (radius * 2.0 + 2.0).clamp(6.0, 40.0);
}

fn orbit_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Res<bevy_egui::input::EguiWantsInput>,
    mut orbit: ResMut<OrbitCamera>,
) {
    let typing = egui.wants_keyboard_input();
    if !typing && keys.just_pressed(KeyCode::KeyF) {
        orbit.flip();
    }
    if !typing && keys.just_pressed(KeyCode::KeyT) {
        orbit.top_down = !orbit.top_down;
    }
    if egui.wants_pointer_input() {
        return;
    }
    if buttons.pressed(MouseButton::Right) {
        orbit.yaw -= motion.delta.x * 0.006;
        orbit.pitch = (orbit.pitch + motion.delta.y * 0.006).clamp(0.2, 1.5);
    }
    if scroll.delta.y != 0.0 {
        orbit.distance = (orbit.distance * (1.0 - scroll.delta.y * 0.08)).clamp(3.0, 60.0);
    }
}

fn place_camera(orbit: Res<OrbitCamera>, mut cameras: Query<&mut Transform, With<MainCamera>>) {
    if !orbit.is_changed() {
        return;
    }
    for mut transform in &mut cameras {
        *transform = orbit.transform();
    }
}
