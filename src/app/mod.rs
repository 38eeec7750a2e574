//! The game window: Bevy plugins, grouped in folders that are plugins. Rules
//! decide nothing here; the app reads the uniform view of
//! [`crate::rules::session`] and talks to it in move notation through
//! messages. This file declares the rooms and assembles their plugins.

pub mod audio;
pub mod fly_in;
pub mod form;
pub mod layout;
pub mod learn;
pub mod look;
pub mod online;
pub mod play;
pub mod profile;
pub mod puzzles;
pub mod screen;
pub mod ui;

use bevy::prelude::*;

pub use fly_in::FlyIn;
pub use layout::ReservedBottom;
pub use learn::menu::LearnFocus;
pub use learn::paced::LessonCue;
pub use learn::player::{
    Feedback, LessonControl, LessonHints, LessonLibrary, LessonPlayer, LessonProgress,
    LessonRequested, LessonSteps, LessonWords, frame_hints,
};
pub use look::camera::{CameraSystems, MainCamera, OrbitCamera};
pub use look::capture::ScreenshotRequest;
pub use look::meshes::{Extent, man_extent};
pub use online::lobby::OnlineStart;
pub use play::autosave::{AutosaveFile, AutosavePlugin, Resumable, ResumeRequested};
pub use play::board::{Cell, CellIndex};
pub use play::clock::{
    Clock, ClockChoice, ClockMode, ClockSystems, GameClock, NextClock, TimeControl,
};
pub use play::computer::{Engine, HintRequested, Players, Thinking};
pub use play::game::{
    AnimationSpeed, CellClicked, ComputerResumed, GameStarted, GameSystems, HistoryRequested,
    HistoryStep, HumanSides, Match, MoveApplied, MoveRequested, NewGameRequested, PositionChanged,
    StartNotice, StartWith, can_undo,
};
pub use play::hints::{HoveredCell, Overlays};
pub use play::keys::{KeyCommand, TypingText, key_command};
pub use play::marks::{Mark, MarkKind, MarkShape, Marks, RING_INNER};
pub use play::move_times::{MoveTimes, NextMoveTimes};
pub use play::pieces::{Ghost, Morph, Origin, Piece, Turning, Tween, morph};
pub use play::selection::{ClickRefused, LegalMoves, PendingChoice, Selection, Target};
pub use play::settings::{Settings, SettingsFile, SettingsWindow};
pub use profile::Quality;
pub use puzzles::library::{DailyPuzzle, PuzzleLibrary, PuzzleProfile};
pub use puzzles::menu::PuzzleMenu;
pub use puzzles::run::{PuzzleControl, PuzzleRequested, PuzzleRun, Said};
pub use screen::{Backdrop, CellMapOut, PacedFromOutside, PlayMode, SceneOnly, Screen};

/// Everything that decides what stands where, with no rendering: the match,
/// selection, the lessons and the Cell and Piece entities. The ECS tests run
/// this alone on `MinimalPlugins`.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>().add_sub_state::<PlayMode>();
        app.add_plugins((
            play::plugin,
            form::plugin,
            learn::plugin,
            online::plugin,
            puzzles::plugin,
        ));
    }
}

/// The look of cells and men: their meshes and materials, given in the frame
/// they appear. Needs only the mesh and material asset stores, so the ECS
/// tests run it beside [`CorePlugin`].
pub struct LookPlugin;

impl Plugin for LookPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(look::plugin);
    }
}

/// What a person sees and touches: the scene, the camera, picking, sound
/// and the egui interface.
pub struct ScenePlugin;

impl Plugin for ScenePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            LookPlugin,
            look::scene_plugin,
            play::scene_plugin,
            ui::plugin,
            learn::ui_plugin,
            online::ui_plugin,
            puzzles::ui_plugin,
        ));
    }
}
