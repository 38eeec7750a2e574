//! The frame-exact driver inside the game window: time advances exactly
//! 1/fps in each update that captures a frame (Bevy's manual time update),
//! each such update's rendering is read back through the window's own
//! screenshot path and handed to the encoder thread, and the script's beats
//! (new games, moves, cards, captions, the camera) follow the frame number,
//! never the wall clock. At most [`IN_FLIGHT`] frames are being read back
//! at once; while that many are, updates pass with no time advancing and
//! capture nothing, so every captured frame shows exactly its instant.
//!
//! A lesson is played by the window's own lesson player, paced from
//! outside: its cues ([`crate::learn::timing`]) are sent in the capturing
//! update of the frame they fall on, so that nothing of it depends on how
//! many updates pass between two frames.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::time::TimeUpdateStrategy;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::column;
use super::script::{Beat, Card, Pace, Script, Timeline};
use super::writer::Frame;
use crate::app::look::camera::seat_yaw;
use crate::app::{
    CameraSystems, CellIndex, GameSystems, LessonCue, LessonPlayer, LessonSteps, MainCamera,
    MoveApplied, MoveRequested, NewGameRequested, OrbitCamera, PacedFromOutside, ReservedBottom,
};
use crate::rules::Side;
use crate::video::framing::Focus;

/// Frames being read back at once, at most.
const IN_FLIGHT: usize = 3;
/// Updates before the first frame, with time standing still: the launch
/// game starts, its men and boards appear, every pipeline is compiled.
const WARMUP_UPDATES: u32 = 8;
/// Seconds for one full turn of the `orbit` camera.
const ORBIT_SECONDS: f32 = 48.0;
/// The `cinematic` camera's sway: its period and half-angle (radians).
const SWAY_SECONDS: f32 = 24.0;
const SWAY_ANGLE: f32 = 0.45;
/// How much nearer the `cinematic` camera comes during a move, and how far
/// its gaze leans toward the moving man.
const PUSH: f32 = 0.16;
const LEAN: f32 = 0.35;
/// Room kept around the boards by the turning cameras.
const TURNING_MARGIN: f32 = 1.12;

/// How the camera moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraMode {
    /// The window's view from White's side.
    Player,
    Top,
    /// A slow full turn around the boards.
    Orbit,
    /// A slow sway, and a push toward each moving man.
    Cinematic,
    /// The showcase's: near the boards, its gaze following each move
    /// ([`crate::video::framing`]).
    Showcase,
}

/// Where captured frames go, shared with the caller (who drops the sender
/// when the window is gone, whatever happened to it).
pub type FrameSender = Arc<Mutex<Option<std::sync::mpsc::SyncSender<Frame>>>>;

/// Everything a recording needs; added to the window's app.
pub struct RecordPlugin {
    parts: Mutex<Option<Recorder>>,
}

impl RecordPlugin {
    pub fn new(
        script: Script,
        pace: Pace,
        camera: CameraMode,
        captions: bool,
        frames: FrameSender,
        failure: Arc<Mutex<Option<String>>>,
    ) -> RecordPlugin {
        let timeline = Timeline::new(&script, pace);
        RecordPlugin {
            parts: Mutex::new(Some(Recorder {
                timeline,
                script,
                pace,
                camera,
                captions,
                frames,
                failure,
                warmup: WARMUP_UPDATES,
                next: 0,
                in_flight: 0,
                received: 0,
                capture_now: false,
                action: None,
                focus: Focus::WHOLE,
                seat: None,
            })),
        }
    }
}

impl Plugin for RecordPlugin {
    fn build(&self, app: &mut App) {
        let Some(recorder) = self.parts.lock().ok().and_then(|mut p| p.take()) else {
            return;
        };
        let top = recorder.camera == CameraMode::Top;
        let lesson = recorder.script.segments.iter().any(|s| s.lesson.is_some());
        let captions = recorder.captions;
        if lesson {
            // The lesson's words go in a column on the right, not a strip.
            app.insert_resource(PacedFromOutside).add_systems(
                PreUpdate,
                move |windows: Query<&Window>, panel: ResMut<crate::app::layout::PanelRect>| {
                    column::reserve_the_column(captions, windows, panel);
                },
            );
        } else if captions {
            app.insert_resource(ReservedBottom(STRIP_HEIGHT));
        }
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO))
            .insert_resource(recorder)
            .add_systems(Startup, move |mut orbit: ResMut<OrbitCamera>| {
                orbit.top_down = top;
            })
            .add_systems(
                Update,
                play_the_beat.before(GameSystems).before(LessonSteps),
            )
            .add_systems(Update, hold_the_seat.before(CameraSystems))
            .add_systems(
                Update,
                (note_the_mover, aim_camera).chain().after(CameraSystems),
            )
            .add_systems(EguiPrimaryContextPass, draw_cards)
            .add_systems(Last, pace_time);
    }
}

#[derive(Resource)]
struct Recorder {
    timeline: Timeline,
    script: Script,
    pace: Pace,
    camera: CameraMode,
    captions: bool,
    frames: FrameSender,
    failure: Arc<Mutex<Option<String>>>,
    warmup: u32,
    /// The frame the next capturing update renders.
    next: u64,
    in_flight: usize,
    received: u64,
    /// This update captures frame `next`.
    capture_now: bool,
    /// Where the current move's man came from and went (the cinematic
    /// camera leans toward where he goes, the showcase's looks at the
    /// move), and where the showcase's camera looks in this frame.
    action: Option<(Vec3, Vec3)>,
    focus: Focus,
    /// The segment's seat (its game's side count and the side): the view
    /// stays behind that side.
    seat: Option<(u8, Side)>,
}

impl Recorder {
    /// The frame this update renders (the last one asked for).
    fn current(&self) -> u64 {
        self.next.saturating_sub(1)
    }

    fn fail(&self, message: String) {
        if let Ok(mut failure) = self.failure.lock() {
            failure.get_or_insert(message);
        }
    }
}

/// Starts this frame's beat (a new game, a move) and asks for its capture.
fn play_the_beat(
    mut commands: Commands,
    mut recorder: ResMut<Recorder>,
    mut games: MessageWriter<NewGameRequested>,
    mut moves: MessageWriter<MoveRequested>,
    mut cues: MessageWriter<LessonCue>,
) {
    if !recorder.capture_now {
        return;
    }
    let frame = recorder.next;
    let Some((span, offset)) = recorder.timeline.at(frame) else {
        return;
    };
    if offset == 0 {
        match span.beat {
            Beat::Title(s) => {
                let segment = &recorder.script.segments[s];
                let seat = segment.seat.map(|side| (segment.start.side_count(), side));
                // The first game is the window's launch game.
                if s > 0 {
                    let session = segment.start.clone_box();
                    games.write(NewGameRequested { session });
                }
                recorder.seat = seat;
                recorder.action = None;
                recorder.focus = Focus::WHOLE;
            }
            Beat::Move(s, m) => {
                let text = recorder.script.segments[s].steps[m].text.clone();
                moves.write(MoveRequested { text });
            }
            _ => {}
        }
    }
    if let Beat::Lesson(s) = span.beat
        && let Some(timing) = &recorder.timeline.lessons[s]
    {
        cues.write_batch(timing.at(offset).map(LessonCue));
    }
    recorder.next += 1;
    recorder.in_flight += 1;
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>,
              recorder: ResMut<Recorder>,
              exit: MessageWriter<AppExit>| {
            keep_frame(frame, &captured.image, recorder, exit);
        },
    );
}

/// Hands a read-back frame to the encoder; ends the app after the last.
fn keep_frame(
    frame: u64,
    image: &Image,
    mut recorder: ResMut<Recorder>,
    mut exit: MessageWriter<AppExit>,
) {
    recorder.in_flight = recorder.in_flight.saturating_sub(1);
    let rgba = match image.clone().try_into_dynamic() {
        Ok(picture) => picture.to_rgba8().into_raw(),
        Err(e) => {
            recorder.fail(format!("cannot convert frame {}: {e}", frame + 1));
            exit.write(AppExit::from_code(3));
            return;
        }
    };
    let sent = recorder
        .frames
        .lock()
        .ok()
        .and_then(|sender| sender.as_ref().map(|s| s.send((frame, rgba)).is_ok()));
    if sent != Some(true) {
        // The encoder stopped: its own error says why.
        exit.write(AppExit::from_code(3));
        return;
    }
    recorder.received += 1;
    if recorder.received == recorder.timeline.total() {
        exit.write(AppExit::Success);
    }
}

/// Decides whether the next update captures a frame, and lets time advance
/// by one frame only if it does.
fn pace_time(mut recorder: ResMut<Recorder>, mut strategy: ResMut<TimeUpdateStrategy>) {
    if recorder.warmup > 0 {
        recorder.warmup -= 1;
    }
    let capture = recorder.warmup == 0
        && recorder.next < recorder.timeline.total()
        && recorder.in_flight < IN_FLIGHT;
    recorder.capture_now = capture;
    let step = if capture {
        Duration::from_secs_f64(1.0 / recorder.pace.fps as f64)
    } else {
        Duration::ZERO
    };
    if !matches!(*strategy, TimeUpdateStrategy::ManualDuration(d) if d == step) {
        *strategy = TimeUpdateStrategy::ManualDuration(step);
    }
}

/// Keeps the view behind the segment's seat, whatever turned it (a new
/// game's placement, or the view following the side to move).
fn hold_the_seat(recorder: Res<Recorder>, mut orbit: ResMut<OrbitCamera>) {
    if let Some((sides, side)) = recorder.seat {
        let yaw = seat_yaw(sides, side);
        if orbit.yaw != yaw {
            orbit.yaw = yaw;
        }
    }
}

/// The cinematic camera looks toward where the moving man goes.
fn note_the_mover(
    mut applied: MessageReader<MoveApplied>,
    index: Res<CellIndex>,
    mut recorder: ResMut<Recorder>,
) {
    for applied in applied.read() {
        let (from, to) = (applied.mv.route.from, applied.mv.route.to);
        recorder.action = Some((index.place(from), index.place(to)));
    }
}

/// Moves the camera for the turning modes, from the frame's time alone.
fn aim_camera(
    mut recorder: ResMut<Recorder>,
    orbit: Res<OrbitCamera>,
    index: Res<CellIndex>,
    mut cameras: Query<(&Camera, &mut Transform), With<MainCamera>>,
) {
    let mode = recorder.camera;
    if matches!(mode, CameraMode::Player | CameraMode::Top) {
        return;
    }
    if mode == CameraMode::Showcase {
        for (camera, mut transform) in &mut cameras {
            let focus = showcase_focus(&recorder, &orbit, &index, camera);
            recorder.focus = focus;
            *transform = focus.view(&orbit);
        }
        return;
    }
    let frame = recorder.current();
    let t = frame as f32 / recorder.pace.fps as f32;
    let mut view = *orbit;
    view.distance *= TURNING_MARGIN;
    let mut target = None;
    if mode == CameraMode::Orbit {
        view.yaw += std::f32::consts::TAU * t / ORBIT_SECONDS;
    } else {
        view.yaw += SWAY_ANGLE * (std::f32::consts::TAU * t / SWAY_SECONDS).sin();
        if let Some((span, offset)) = recorder.timeline.at(frame)
            && matches!(span.beat, Beat::Move(..))
        {
            let bell = (std::f32::consts::PI * offset as f32 / span.frames as f32).sin();
            view.distance *= 1.0 - PUSH * bell;
            target = recorder.action.map(|(_, to)| (to, LEAN * bell));
        }
    }
    let mut transform = view.transform();
    if let Some((aim, lean)) = target {
        let centre = transform.translation + transform.forward() * view.distance;
        let gaze = centre.lerp(aim, lean);
        transform.look_at(gaze, Vec3::Y);
    }
    for (_, mut camera) in &mut cameras {
        *camera = transform;
    }
}

/// The showcase camera's focus in this frame: a frame's step toward the
/// move being made, held back where a cell would leave the picture or go
/// under the caption strip.
fn showcase_focus(
    recorder: &Recorder,
    orbit: &OrbitCamera,
    index: &CellIndex,
    camera: &Camera,
) -> Focus {
    let wanted = recorder
        .action
        .map_or(Focus::WHOLE, |(from, to)| Focus::on_move(from, to));
    let seconds = 1.0 / recorder.pace.fps as f32;
    let next = recorder.focus.toward(wanted, seconds);
    let Some(size) = camera.logical_viewport_size() else {
        return next;
    };
    let strip = if recorder.captions { STRIP_HEIGHT } else { 0.0 };
    let margin = size.y * 0.03;
    let free = Rect::new(
        margin,
        margin,
        size.x - margin,
        size.y * (1.0 - strip) - margin,
    );
    next.kept_in_sight(|focus| {
        let eye = GlobalTransform::from(focus.view(orbit));
        index.places.iter().all(|&p| {
            camera
                .world_to_viewport(&eye, p)
                .is_ok_and(|v| free.contains(v))
        })
    })
}

/// Shade over the scene behind a card, and under the caption strip.
const CARD_SHADE: egui::Color32 = egui::Color32::from_rgba_premultiplied(8, 9, 12, 225);
const STRIP_SHADE: egui::Color32 = egui::Color32::from_rgba_premultiplied(8, 9, 12, 190);
const HEADING_INK: egui::Color32 = egui::Color32::from_rgb(250, 232, 196);
const LINE_INK: egui::Color32 = egui::Color32::from_rgb(214, 208, 196);
const CAPTION_INK: egui::Color32 = egui::Color32::from_rgb(250, 250, 245);
/// The caption strip's height, as a fraction of the frame's.
const STRIP_HEIGHT: f32 = 0.09;
/// The share of the strip's width a caption may fill (the game's name has
/// the rest).
const CAPTION_ROOM: f32 = 0.7;
/// The share of the picture's width a title card's lines wrap in.
const CARD_ROOM: f32 = 0.8;

/// The title and end cards, the caption strip under the game, and a
/// lesson's column of words.
fn draw_cards(
    mut contexts: EguiContexts,
    recorder: Res<Recorder>,
    player: Option<Res<LessonPlayer>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // Above the labels over the board (a card hides the whole scene).
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        egui::Id::new("recording"),
    ));
    let player = player.as_deref();
    if recorder.warmup > 0 {
        // Every text of the script, invisibly: its glyphs reach egui's font
        // atlas before the first frame, so none appears a frame late.
        let unseen = painter.clone().with_clip_rect(egui::Rect::NOTHING);
        for beat in recorder.timeline.spans.iter().map(|s| s.beat) {
            draw_beat(&unseen, screen, &recorder, beat, player);
        }
        // A lesson's words change as it plays: all of its characters, at
        // every size the column may write them.
        if let Some(player) = player {
            let mut characters = crate::app::ui::glyphs::lesson_characters(&player.lesson);
            characters.push_str(column::CHARACTERS);
            crate::app::ui::glyphs::preload(ctx, &characters, &column::sizes(screen));
        }
        return Ok(());
    }
    if let Some((span, _)) = recorder.timeline.at(recorder.current()) {
        draw_beat(&painter, screen, &recorder, span.beat, player);
    }
    Ok(())
}

fn draw_beat(
    painter: &egui::Painter,
    screen: egui::Rect,
    recorder: &Recorder,
    beat: Beat,
    player: Option<&LessonPlayer>,
) {
    let script = &recorder.script;
    match beat {
        Beat::Title(s) => card(painter, screen, &script.segments[s].title),
        Beat::End => card(painter, screen, &script.end),
        Beat::Lesson(_) | Beat::Hold(_) if player.is_some() => {
            if let Some(player) = player.filter(|_| recorder.captions) {
                column::draw(painter, screen, player);
            }
        }
        Beat::Move(s, m) if recorder.captions => {
            let segment = &script.segments[s];
            caption(
                painter,
                screen,
                &segment.title.heading,
                &segment.steps[m].caption,
            );
        }
        Beat::Hold(s) if recorder.captions => {
            let segment = &script.segments[s];
            caption(painter, screen, &segment.title.heading, &segment.closing);
        }
        _ => {}
    }
}

fn card(painter: &egui::Painter, screen: egui::Rect, card: &Card) {
    painter.rect_filled(screen, 0.0, CARD_SHADE);
    let h = screen.height();
    let centre = screen.center();
    let room = screen.width() * CARD_ROOM;
    // A long name is written smaller, never to the card's edges.
    let mut heading_size = h * 0.085;
    let wide = painter
        .layout_no_wrap(
            card.heading.clone(),
            egui::FontId::proportional(heading_size),
            HEADING_INK,
        )
        .size()
        .x;
    if wide > room {
        heading_size *= room / wide;
    }
    let line_size = h * 0.042;
    // A card's line is a sentence or two: it wraps to the card's width, each
    // row centred.
    let font = egui::FontId::proportional(line_size);
    let rows: Vec<String> = card
        .lines
        .iter()
        .flat_map(|line| {
            let galley = painter.layout(line.clone(), font.clone(), LINE_INK, room);
            galley
                .rows
                .iter()
                .map(|placed| placed.row.text())
                .collect::<Vec<_>>()
        })
        .collect();
    let top = centre.y - (heading_size + rows.len() as f32 * line_size * 1.5) / 2.0;
    painter.text(
        egui::pos2(centre.x, top + heading_size / 2.0),
        egui::Align2::CENTER_CENTER,
        &card.heading,
        egui::FontId::proportional(heading_size),
        HEADING_INK,
    );
    let rule_y = top + heading_size * 1.05;
    painter.line_segment(
        [
            egui::pos2(centre.x - h * 0.25, rule_y),
            egui::pos2(centre.x + h * 0.25, rule_y),
        ],
        egui::Stroke::new((h * 0.003).max(1.0), HEADING_INK),
    );
    for (i, row) in rows.iter().enumerate() {
        let y = rule_y + line_size * (1.2 + 1.5 * i as f32);
        painter.text(
            egui::pos2(centre.x, y),
            egui::Align2::CENTER_CENTER,
            row.trim(),
            font.clone(),
            LINE_INK,
        );
    }
}

fn caption(painter: &egui::Painter, screen: egui::Rect, game: &str, text: &str) {
    let h = screen.height();
    let strip_height = h * STRIP_HEIGHT;
    let strip = egui::Rect::from_min_max(
        egui::pos2(screen.left(), screen.bottom() - strip_height),
        screen.max,
    );
    painter.rect_filled(strip, 0.0, STRIP_SHADE);
    let margin = h * 0.03;
    // A long game name wraps in its share of the strip; the caption takes
    // the rest, so the two never overlap.
    let name = painter.layout(
        game.to_owned(),
        egui::FontId::proportional(h * 0.032),
        LINE_INK,
        strip.width() * (1.0 - CAPTION_ROOM) - 2.0 * margin,
    );
    let name_size = name.size();
    painter.galley(
        egui::pos2(strip.left() + margin, strip.center().y - name_size.y / 2.0),
        name,
        LINE_INK,
    );
    // A lesson's sentence is longer than a move's notation: it wraps in the
    // room the game's name leaves, in a smaller hand when one line is not
    // enough.
    let room = strip.width() - name_size.x - 3.0 * margin;
    let mut galley = painter.layout(
        text.to_owned(),
        egui::FontId::proportional(h * 0.045),
        CAPTION_INK,
        room,
    );
    if galley.rows.len() > 1 {
        galley = painter.layout(
            text.to_owned(),
            egui::FontId::proportional(h * 0.03),
            CAPTION_INK,
            room,
        );
    }
    let size = galley.size();
    let at = egui::pos2(
        strip.right() - margin - size.x,
        strip.center().y - size.y / 2.0,
    );
    painter.galley(at, galley, CAPTION_INK);
}
