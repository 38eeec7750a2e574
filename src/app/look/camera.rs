//! An orbit camera around the boards: drag with the right mouse button to
//! orbit, scroll to zoom (the keys, `F` to flip and `T` for the top-down
//! view, are read in `keys`). Framing follows the board size and the
//! window's aspect.
//! A new game starts seated or from the top as the settings say, and (when
//! they ask, and no screenshot or recording is being taken) the camera
//! flies in to its place in a short swoop.

use bevy::camera::SubCameraView;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

use crate::app::fly_in::{FLY_IN_SECONDS, FlyIn, worth_flying};
use crate::app::layout::{AnalysisRect, PanelRect, ReservedBottom, free_area, panel_left};
use crate::app::play::board::{CellIndex, spawn_cells};
use crate::app::play::game::{GameStarted, GameSystems, HumanSides, Match};
use crate::app::play::settings::{CameraStart, Settings};
use crate::app::screen::{CellMapOut, PlayMode, SceneOnly, Screen, in_lesson};
use crate::rules::Side;
use crate::rules::view::CellShape;

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
        }
    }
}

impl OrbitCamera {
    pub fn flip(&mut self) {
        self.yaw = (self.yaw + std::f32::consts::PI) % std::f32::consts::TAU;
    }

    pub fn transform(&self) -> Transform {
        let pitch = if self.top_down { 1.5607 } else { self.pitch };
        let offset = Vec3::new(
            self.distance * pitch.cos() * self.yaw.sin(),
            self.distance * pitch.sin(),
            self.distance * pitch.cos() * self.yaw.cos(),
        );
        let centre = Vec3::new(0.0, -0.2, 0.0);
        Transform::from_translation(offset + centre).looking_at(centre, Vec3::Y)
    }

    /// The boards appear left of the window's centre by `shift` of its
    /// width through a shifted lens, not a moved camera: the window shows
    /// part of a wider picture centred on the boards, so they are still
    /// seen straight on. `size` is the window's; None when there is no
    /// shift.
    pub fn lens(&self, size: UVec2) -> Option<SubCameraView> {
        let slide = (self.shift * size.x as f32).round();
        if slide == 0.0 || size.x == 0 || size.y == 0 {
            return None;
        }
        Some(SubCameraView {
            full_size: UVec2::new(size.x + 2 * slide.abs() as u32, size.y),
            offset: Vec2::new(2.0 * slide.max(0.0), 0.0),
            size,
        })
    }
}

#[derive(Component)]
pub struct MainCamera;

/// How far the fly-in starts from the framed view: this much further out,
/// turned this far round and this much lower.
const FLY_IN_FAR: f32 = 0.9;
const FLY_IN_TURN: f32 = 0.8;
const FLY_IN_LOWER: f32 = 0.45;

/// The orbit seen `flight.elapsed` seconds into the flight toward `to`.
pub fn flown(flight: &FlyIn, to: &OrbitCamera) -> OrbitCamera {
    let t = (flight.elapsed / FLY_IN_SECONDS).clamp(0.0, 1.0);
    // Ease out: fast at first, settling gently.
    let left = (1.0 - t).powi(3);
    OrbitCamera {
        distance: to.distance * (1.0 + FLY_IN_FAR * left),
        yaw: to.yaw + FLY_IN_TURN * left,
        pitch: (to.pitch - FLY_IN_LOWER * left).max(0.2),
        ..*to
    }
}

/// The camera's systems; the ECS tests run them on a window entity of
/// their own to see what the default view shows.
pub fn plugin(app: &mut App) {
    app.init_resource::<OrbitCamera>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                // The seat's angles first: the framing fits them.
                start_the_view,
                frame_the_boards.after(spawn_cells),
                follow_the_mover,
                orbit_with_mouse,
                place_camera,
                shift_the_lens,
            )
                .chain()
                .in_set(CameraSystems),
        )
        // The camera follows what the game did in this very frame (a new
        // game's seat, its boards).
        .configure_sets(Update, CameraSystems.after(GameSystems));
}

/// The systems that frame the boards and place the camera; a recording's
/// camera moves after them.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CameraSystems;

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
    let hex = is_hex(game.session.layout().cells.iter().map(|c| c.shape));
    orbit.yaw = seated_yaw(hex, game.session.side_count(), side);
}

/// Whether a board of cells of these shapes is hexagonal.
pub fn is_hex(mut shapes: impl Iterator<Item = CellShape>) -> bool {
    shapes.any(|s| s == CellShape::Hex)
}

/// The seated view from behind `side`'s army: [`seat_yaw`], and on a
/// hexagonal board turned [`HEX_YAW_TURN`] off the line of its files.
pub fn seated_yaw(hex: bool, side_count: u8, side: Side) -> f32 {
    let turn = if hex { HEX_YAW_TURN } else { 0.0 };
    (seat_yaw(side_count, side) + turn).rem_euclid(std::f32::consts::TAU)
}

/// How far (radians) the seated view of a hexagonal board is turned off
/// the line of its files. Looking straight up a file, the men on it stand
/// behind one another and read as one tower (Glinski's three Bishops,
/// Gilman's General and Rabbis on the f-file); turned this far, each
/// shows most of his outline beside the man in front of him, and the
/// board still reads as the player's army facing the other's.
pub const HEX_YAW_TURN: f32 = 0.35;

/// The view from behind `side`'s army: two players 180° apart; three, Red,
/// White and Black 120° apart, where their armies start.
pub fn seat_yaw(side_count: u8, side: Side) -> f32 {
    let sixths = match (side_count, side.0) {
        (3, 0) => 2,
        (3, 1) => 4,
        (3, _) => 0,
        (_, 1) => 3,
        _ => 0,
    };
    sixths as f32 * std::f32::consts::FRAC_PI_3
}

/// The side the camera sits behind at a game's start: the one person's
/// against the computer (the first in turn order when several play), else
/// White's.
fn seat_of(humans: &HumanSides, side_count: u8) -> Side {
    let seats = usize::from(side_count);
    let people: Vec<usize> = (0..seats)
        .filter(|&i| humans.0.get(i).copied().unwrap_or(true))
        .collect();
    match people[..] {
        [] => Side::WHITE,
        _ if people.len() == seats => Side::WHITE,
        // Turn order: in three-player games Red (side 2) moves first.
        _ if seats == 3 && people.contains(&2) => Side(2),
        [first, ..] => Side(first as u8),
    }
}

/// Where a world point appears in a window of this size seen through
/// `camera` (a perspective of Bevy's default 45° field of view).
pub fn project(orbit: &OrbitCamera, size: Vec2, point: Vec3) -> Option<Vec2> {
    let camera = orbit.transform();
    let view = camera.to_matrix().inverse();
    let projection = Mat4::perspective_rh(
        std::f32::consts::FRAC_PI_4,
        size.x / size.y.max(1.0),
        0.1,
        1000.0,
    );
    let clip = projection * view * point.extend(1.0);
    (clip.w > 0.0).then(|| {
        let ndc = clip.truncate().truncate() / clip.w;
        let lens = orbit.shift * size.x;
        Vec2::new(
            (ndc.x + 1.0) / 2.0 * size.x - lens,
            (1.0 - ndc.y) / 2.0 * size.y,
        )
    })
}

/// The nearest camera distance (at the orbit's angles) at which every one
/// of `points` appears inside `free` in a window of `size`.
pub fn fit_distance(orbit: &OrbitCamera, points: &[Vec3], size: Vec2, free: Rect) -> f32 {
    let fits = |distance: f32| {
        let camera = OrbitCamera { distance, ..*orbit };
        points
            .iter()
            .all(|&p| project(&camera, size, p).is_some_and(|at| free.contains(at)))
    };
    let (mut near, mut far) = (3.0f32, 80.0f32);
    if !fits(far) {
        return far;
    }
    for _ in 0..32 {
        let mid = (near + far) / 2.0;
        if fits(mid) {
            far = mid;
        } else {
            near = mid;
        }
    }
    far
}

/// What must stay in view: every cell with room around it for the
/// coordinates written beside the edge cells and the board's wooden rim,
/// and a man's height above it.
pub fn framing_points(index: &CellIndex) -> Vec<Vec3> {
    let reach = 0.95;
    index
        .places
        .iter()
        .flat_map(|&p| {
            [
                p + Vec3::new(-reach, 0.0, -reach),
                p + Vec3::new(reach, 0.0, -reach),
                p + Vec3::new(-reach, 0.0, reach),
                p + Vec3::new(reach, 0.0, reach),
                p + Vec3::new(0.0, 1.1, 0.0),
            ]
        })
        .collect()
}

fn spawn_camera(mut commands: Commands, orbit: Res<OrbitCamera>) {
    commands.spawn((
        Name::new("camera"),
        MainCamera,
        Camera3d::default(),
        orbit.transform(),
    ));
}

/// Frames the boards in the area the panel leaves free: for a new game,
/// whenever the window changes size and when the panel comes or goes. The
/// boards sit left of the window's centre by half the panel's width.
pub fn frame_the_boards(
    mut started: MessageReader<GameStarted>,
    index: Res<CellIndex>,
    windows: Query<&Window>,
    screen: Res<State<Screen>>,
    scene_only: Option<Res<SceneOnly>>,
    reserved: Option<Res<ReservedBottom>>,
    panel: Res<PanelRect>,
    analysis: Res<AnalysisRect>,
    mode: Option<Res<State<PlayMode>>>,
    mut framed_for: Local<Option<(Vec2, Option<f32>, Option<Rect>)>>,
    mut orbit: ResMut<OrbitCamera>,
) {
    let new_game = started.read().count() > 0;
    let Some(window) = windows.iter().next() else {
        return;
    };
    let size = Vec2::new(window.width(), window.height());
    if size.x < 1.0 || size.y < 1.0 {
        return;
    }
    // A screenshot or a recording shows no game panel, but a lesson's
    // panel stays.
    let panel_up = *screen.get() == Screen::Playing && (scene_only.is_none() || in_lesson(mode));
    // Where the panel drawn last begins (before its first frame: where it
    // will), to the pixel.
    let panel_left = panel_up.then(|| {
        panel
            .0
            .map_or(panel_left(size.x), |rect| rect.left())
            .round()
    });
    let corner = analysis.0.filter(|_| panel_up).map(|r| {
        Rect::new(
            r.min.x.round(),
            r.min.y.round(),
            r.max.x.round(),
            r.max.y.round(),
        )
    });
    if !new_game && *framed_for == Some((size, panel_left, corner)) {
        return;
    }
    *framed_for = Some((size, panel_left, corner));
    let mut free = free_area(size.x, size.y, panel_left, corner);
    free.max.y -= reserved.map_or(0.0, |r| r.0) * size.y;
    let mut framed = *orbit;
    framed.shift = (size.x / 2.0 - free.center().x) / size.x;
    let points = framing_points(&index);
    if !points.is_empty() {
        framed.distance = fit_distance(&framed, &points, size, free);
    }
    if *orbit != framed {
        *orbit = framed;
    }
}

fn orbit_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Res<bevy_egui::input::EguiWantsInput>,
    mut orbit: ResMut<OrbitCamera>,
) {
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

/// The seated view's angle above the table. A hexagonal board is seen
/// from higher up: from the usual angle a file's men (Glinski's three
/// Bishops, Gilman's General and Rabbis on the f-file) stand behind one
/// another and read as one tower.
fn seated_pitch(hex: bool) -> f32 {
    if hex {
        HEX_PITCH
    } else {
        OrbitCamera::default().pitch
    }
}

/// The seated pitch over hexagonal boards: steep enough that a man's head
/// shows against the board above the man in front of him (with
/// [`HEX_YAW_TURN`]; the scene tests measure every f-file man's outline).
const HEX_PITCH: f32 = 1.25;

/// The seated view's yaw and pitch for `game`: behind the seat of the
/// person playing (see [`seat_of`]), turned and steeper on a hex board.
pub fn seated_view(game: &Match, humans: &HumanSides) -> (f32, f32) {
    let sides = game.session.side_count();
    let hex = is_hex(game.session.layout().cells.iter().map(|c| c.shape));
    (
        seated_yaw(hex, sides, seat_of(humans, sides)),
        seated_pitch(hex),
    )
}

/// At a game's start: seated or top-down as the settings say, and the
/// fly-in begins unless a screenshot or recording is being taken (which
/// must never catch the camera in flight) or the frames come too slowly
/// for it.
pub fn start_the_view(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    time: Res<Time>,
    settings: Res<Settings>,
    scene_only: Option<Res<SceneOnly>>,
    mode: Option<Res<State<PlayMode>>>,
    scripted: Option<Res<CellMapOut>>,
    game: Option<Res<Match>>,
    humans: Res<HumanSides>,
    mut orbit: ResMut<OrbitCamera>,
) {
    if started.read().count() == 0 {
        return;
    }
    if let Some(game) = game {
        let (yaw, pitch) = seated_view(&game, &humans);
        if orbit.yaw != yaw || orbit.pitch != pitch {
            orbit.yaw = yaw;
            orbit.pitch = pitch;
        }
    }
    let top = settings.camera_start == CameraStart::Top;
    if orbit.top_down != top {
        orbit.top_down = top;
    }
    // A lesson sets up its positions one after another: no swoop for each.
    // A window driven by a script (it keeps a cell map to click from) has
    // none either, so that the cells stay where the map says.
    let calm = scene_only.is_some() || in_lesson(mode) || scripted.is_some();
    if settings.fly_in && !calm && worth_flying(time.delta_secs()) {
        commands.insert_resource(FlyIn::default());
    } else {
        commands.remove_resource::<FlyIn>();
    }
}

fn place_camera(
    mut commands: Commands,
    orbit: Res<OrbitCamera>,
    time: Res<Time>,
    mut flight: Option<ResMut<FlyIn>>,
    mut cameras: Query<&mut Transform, With<MainCamera>>,
) {
    let shown = match flight.as_mut() {
        Some(flight) => {
            // A slow first frame (building pipelines) must not eat the
            // flight: no step is longer than a fifth of it.
            flight.elapsed += time.delta_secs().min(FLY_IN_SECONDS / 5.0);
            if flight.done() {
                commands.remove_resource::<FlyIn>();
            }
            flown(flight, &orbit)
        }
        None if orbit.is_changed() => *orbit,
        None => return,
    };
    for mut transform in &mut cameras {
        *transform = shown.transform();
    }
}

/// The lens follows the orbit's shift and the window's size.
fn shift_the_lens(
    orbit: Res<OrbitCamera>,
    windows: Query<&Window>,
    mut cameras: Query<&mut Camera, With<MainCamera>>,
) {
    let Some(window) = windows.iter().next() else {
        return;
    };
    let lens = orbit.lens(UVec2::new(
        window.physical_width(),
        window.physical_height(),
    ));
    for mut camera in &mut cameras {
        if camera.sub_camera_view != lens {
            camera.sub_camera_view = lens;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::board::world_places;
    use crate::rules::history::DrawRules;
    use crate::rules::session::new_session;
    use crate::rules::variant::Variant;

    /// The camera sits behind the person playing the computer, on Black's
    /// side after a rematch puts them there, behind Red's army in a game of
    /// three, and on White's side when everyone (or no one) is a person.
    #[test]
    fn the_camera_sits_behind_the_persons_side() {
        let humans = |seats: &[bool]| HumanSides(seats.to_vec());
        assert_eq!(seat_of(&humans(&[true, false]), 2), Side::WHITE);
        assert_eq!(seat_of(&humans(&[false, true]), 2), Side::BLACK);
        assert_eq!(seat_of(&humans(&[true, true]), 2), Side::WHITE);
        assert_eq!(seat_of(&humans(&[false, false]), 2), Side::WHITE);
        assert_eq!(seat_of(&humans(&[false, true, false]), 3), Side::BLACK);
        assert_eq!(seat_of(&humans(&[true, false, true]), 3), Side(2));
        assert_eq!(seat_yaw(2, Side::BLACK), std::f32::consts::PI);
        assert_eq!(seat_yaw(3, Side(2)), 0.0);
    }

    /// The fly-in starts further out, turned and lower, closes in without
    /// turning back, and lands exactly on the framed view.
    #[test]
    fn the_fly_in_lands_on_the_framed_view() {
        let to = OrbitCamera {
            distance: 12.0,
            ..default()
        };
        let first = flown(&FlyIn { elapsed: 0.0 }, &to);
        assert!(first.distance > to.distance * 1.5 && first.yaw > to.yaw && first.pitch < to.pitch);
        let mut last = first.distance;
        for step in 1..=20 {
            let flight = FlyIn {
                elapsed: FLY_IN_SECONDS * step as f32 / 20.0,
            };
            let seen = flown(&flight, &to);
            assert!(seen.distance <= last, "step {step}: backing away");
            last = seen.distance;
        }
        let landed = FlyIn {
            elapsed: FLY_IN_SECONDS,
        };
        assert!(landed.done());
        assert_eq!(flown(&landed, &to), to);
    }

    /// At every window size, with the panel up, every cell of every game
    /// appears in the free area left of the panel, and the boards fill it.
    #[test]
    fn the_boards_fit_the_free_area_at_any_size() {
        for variant in Variant::implemented() {
            let game = new_session(variant, DrawRules::default(), None).expect("a game");
            let (places, half_extent) = world_places(&game.layout());
            let index = CellIndex {
                entities: Vec::new(),
                places,
                half_extent,
            };
            let points = framing_points(&index);
            for (w, h) in [
                (800.0, 600.0),
                (1280.0, 720.0),
                (1100.0, 700.0),
                (640.0, 900.0),
            ] {
                let size = Vec2::new(w, h);
                let free = free_area(w, h, Some(panel_left(w)), None);
                let mut orbit = OrbitCamera {
                    shift: (w / 2.0 - free.center().x) / w,
                    ..default()
                };
                orbit.distance = fit_distance(&orbit, &points, size, free);
                let camera = orbit;
                let seen: Vec<Vec2> = index
                    .places
                    .iter()
                    .map(|&p| project(&camera, size, p).expect("in front"))
                    .collect();
                for at in &seen {
                    assert!(free.contains(*at), "{variant:?} at {w}x{h}: a cell at {at}");
                }
                // Not lost in the middle either: the boards span most of
                // the free width or height.
                let (lo, hi) = seen.iter().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| {
                    (lo.min(*p), hi.max(*p))
                });
                let span = (hi - lo) / free.size();
                // (Flaxman at 800x600 reaches 0.58 of the free width today.)
                assert!(
                    span.x > 0.55 || span.y > 0.55,
                    "{variant:?} at {w}x{h}: the boards fill only {span} of the free area"
                );
            }
        }
    }
}
