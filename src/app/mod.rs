//! The game window: Bevy plugins, one per feature file. Rules decide nothing
//! here; the app reads the uniform view of [`crate::rules::session`] and
//! talks to it in move notation through messages.

mod autosave;
mod board;
mod camera;
mod capture;
pub mod clock;
mod computer;
mod dressing;
pub mod files;
mod game;
mod highlight;
mod hints;
pub mod keys;
mod learn;
pub mod library;
mod marks;
mod meshes;
mod overlays;
mod picking;
mod pieces;
mod quality;
mod scene;
mod selection;
pub mod settings;
pub mod sound;
mod textures;
mod themes;
mod ui;

use bevy::prelude::*;
use bevy::window::WindowResolution;

pub use autosave::{AutosaveFile, AutosavePlugin, Resumable, ResumeRequested};
pub use board::{Cell, CellIndex};
pub use camera::{CameraSystems, MainCamera, OrbitCamera, ReservedBottom};
pub use capture::{CellMapOut, SceneOnly, ScreenshotRequest};
pub use clock::{Clock, ClockChoice, ClockMode, GameClock, TimeControl};
pub use computer::{Engine, HintRequested, Players, Thinking};
pub use game::{
    AnimationSpeed, CellClicked, ComputerResumed, GameStarted, GameSystems, HistoryRequested,
    HistoryStep, LegalMoves, Match, MoveApplied, MoveRequested, NewGameRequested, PositionChanged,
    StartNotice, can_undo,
};
pub use hints::{HoveredCell, Overlays};
pub use keys::{KeyCommand, TypingText, key_command};
pub use learn::{
    Feedback, LearnFocus, LearnLaunch, LessonControl, LessonHints, LessonLibrary, LessonPlayer,
    LessonProgress, LessonRequested, frame_hints,
};
pub use marks::{Mark, MarkKind, MarkShape, Marks, RING_INNER};
pub use meshes::{Extent, man_extent};
pub use pieces::{Ghost, Morph, Origin, Piece, Turning, Tween, morph};
pub use quality::Quality;
pub use selection::{ClickRefused, HumanSides, PendingChoice, Selection, Target};
pub use settings::{Settings, SettingsFile, SettingsWindow};

use crate::rules::session::Session;

/// Screens of the app.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Menu,
    Playing,
    /// The Learn menu (a lesson itself plays on the Playing screen).
    Learn,
}

/// How the window starts.
pub struct Launch {
    /// Open straight into this game; None shows the main menu.
    pub game: Option<Box<dyn Session>>,
    /// Render once, write a PNG and exit.
    pub screenshot: Option<ScreenshotRequest>,
    /// Keep a JSON map of where each cell appears on screen.
    pub cell_map: Option<std::path::PathBuf>,
    /// Who plays each side: None a person, else the computer at that level.
    pub players: Vec<Option<crate::engine::Level>>,
    pub size: (u32, u32),
    /// A line for the status bar of the launch game (a load that stopped).
    pub notice: Option<String>,
    /// Record a video of a script, then exit.
    pub recording: Option<crate::video::RecordPlugin>,
    /// The render profile; None: the player's remembered choice, else
    /// `low` on a CPU renderer and `high` elsewhere.
    pub quality: Option<Quality>,
    /// Learn mode: the lessons, and the one to open (`variantarium learn`).
    pub learn: Option<LearnLaunch>,
}

/// Everything that decides what stands where, with no rendering: the match,
/// selection and the Cell and Piece entities. The ECS tests run this alone
/// on `MinimalPlugins`.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>();
        app.add_plugins((
            game::plugin,
            board::plugin,
            pieces::plugin,
            selection::plugin,
            computer::plugin,
            hints::plugin,
            marks::plugin,
            learn::plugin,
            settings::plugin,
            library::plugin,
            clock::plugin,
            keys::plugin,
        ));
    }
}

/// The look of cells and men: their meshes and materials, given in the frame
/// they appear. Needs only the mesh and material asset stores, so the ECS
/// tests run it beside [`CorePlugin`].
pub struct LookPlugin;

impl Plugin for LookPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((meshes::plugin, dressing::plugin));
    }
}

/// What a person sees and touches: lights, camera, picking, egui.
struct ScenePlugin;

impl Plugin for ScenePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            LookPlugin,
            scene::plugin,
            camera::plugin,
            picking::plugin,
            highlight::plugin,
            overlays::plugin,
            quality::plugin,
            ui::plugin,
            learn::ui_plugin,
            capture::plugin,
            sound::plugin,
        ));
    }
}

/// The lessons for the Learn menu and the "Show me" links, and where Learn
/// mode starts: a lesson (at a step, for a screenshot) or the Learn menu.
fn start_learning(app: &mut App, learn: Option<LearnLaunch>) {
    let Some(learn) = learn else {
        let dir = crate::learn::default_dir();
        match crate::learn::Library::load(&dir) {
            Ok(library) => {
                app.insert_resource(LessonLibrary(library));
            }
            Err(e) => warn!("{e}"),
        }
        return;
    };
    app.insert_resource(LessonLibrary(learn.library));
    match learn.lesson {
        Some(id) => {
            app.world_mut().write_message(LessonRequested {
                id,
                step: learn.step,
            });
        }
        None => app
            .world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Learn),
    }
}

/// winit panics when it cannot reach a display: say so plainly instead.
pub fn check_display() -> Result<(), String> {
    let has_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()));
    if !has_display {
        return Err(
            "no display for the game window: set DISPLAY (X11), or run under xvfb-run".into(),
        );
    }
    Ok(())
}

/// Opens the window and runs until it closes.
pub fn run(launch: Launch) -> Result<(), String> {
    check_display()?;
    let mut app = App::new();
    let (width, height) = launch.size;
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Variantarium".into(),
                    resolution: WindowResolution::new(width, height),
                    ..default()
                }),
                ..default()
            })
            // Screenshots and recordings must show finished frames: compile
            // every pipeline before the frame that needs it.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: launch.screenshot.is_some()
                    || launch.recording.is_some(),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "warn,variantarium=info".into(),
                ..default()
            })
            // The world's update is light; drawing is the work. Pipelining
            // the two gains no frames and shows a click's answer one frame
            // later (measured under lavapipe: 1.9 s instead of 3.1 s).
            .disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>(),
    );
    if let Some(quality) = launch.quality {
        app.insert_resource(quality);
    }
    app.add_plugins((
        MeshPickingPlugin,
        bevy_egui::EguiPlugin::default(),
        CorePlugin,
        ScenePlugin,
    ));
    let screenshot = launch.screenshot.is_some();
    let recording = launch.recording.is_some();
    // A screenshot or a recording is no game of the user's: it keeps the
    // autosave as it is, and shows the scene without the controls.
    if screenshot || recording {
        app.insert_resource(SceneOnly);
    }
    app.add_plugins(AutosavePlugin {
        path: if screenshot || recording {
            None
        } else {
            crate::record::autosave_path()
        },
    });
    app.insert_resource(StartNotice(launch.notice));
    if let Some(request) = launch.screenshot {
        app.insert_resource(request);
    }
    if let Some(recorder) = launch.recording {
        app.add_plugins(recorder);
    }
    if launch.players.len() >= 2 {
        app.insert_resource(Players(launch.players));
    }
    if let Some(path) = launch.cell_map {
        app.insert_resource(CellMapOut(path));
    }
    if let Some(session) = launch.game {
        app.insert_resource(game::StartWith(Some(session)));
    }
    start_learning(&mut app, launch.learn);
    let exit = app.run();
    match exit {
        AppExit::Success => Ok(()),
        AppExit::Error(code) if recording => Err(format!(
            "the recording could not be made (exit code {code})"
        )),
        AppExit::Error(code) if screenshot => Err(format!(
            "the screenshot could not be written (exit code {code})"
        )),
        AppExit::Error(code) => Err(format!("the game window closed with error {code}")),
    }
}
