//! Opens the game window: Bevy's default plugins set for this game, the
//! app's plugins, and the resources that say how this window starts.

use bevy::prelude::*;
use bevy::window::WindowResolution;

use super::start::{LessonStart, WindowStart};
use crate::app::{
    AutosavePlugin, CellMapOut, CorePlugin, LessonLibrary, LessonRequested, Players, Quality,
    SceneOnly, ScenePlugin, Screen, ScreenshotRequest, StartNotice, StartWith,
};

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

/// Opens the window as `start` says and runs until it closes.
pub fn open(start: WindowStart) -> Result<(), String> {
    run(start, None, None)
}

/// Opens the window, recording a video of a script when `recording` is
/// given, at a render quality when `quality` is given (else the player's
/// remembered choice, or `low` on a CPU renderer).
pub fn run(
    start: WindowStart,
    recording: Option<crate::video::RecordPlugin>,
    quality: Option<Quality>,
) -> Result<(), String> {
    check_display()?;
    let screenshot = start.screenshot.is_some();
    let recorded = recording.is_some();
    let mut app = App::new();
    app.add_plugins(default_plugins(start.size, screenshot || recorded));
    if let Some(quality) = quality {
        app.insert_resource(quality);
    }
    app.add_plugins((
        MeshPickingPlugin,
        bevy_egui::EguiPlugin::default(),
        CorePlugin,
        ScenePlugin,
    ));
    // A screenshot or a recording is no game of the user's: it keeps the
    // autosave as it is, and shows the scene without the controls.
    if screenshot || recorded {
        app.insert_resource(SceneOnly);
    }
    app.add_plugins(AutosavePlugin {
        path: if screenshot || recorded {
            None
        } else {
            crate::record::autosave_path()
        },
    });
    if let Some(recorder) = recording {
        app.add_plugins(recorder);
    }
    place_the_start(&mut app, start);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) if recorded => Err(format!(
            "the recording could not be made (exit code {code})"
        )),
        AppExit::Error(code) if screenshot => Err(format!(
            "the screenshot could not be written (exit code {code})"
        )),
        AppExit::Error(code) => Err(format!("the game window closed with error {code}")),
    }
}

/// Bevy's plugins as this game uses them.
fn default_plugins(size: (u32, u32), finished_frames: bool) -> impl PluginGroup {
    DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Variantarium".into(),
                resolution: WindowResolution::new(size.0, size.1),
                ..default()
            }),
            ..default()
        })
        // Screenshots and recordings must show finished frames: compile
        // every pipeline before the frame that needs it.
        .set(bevy::render::RenderPlugin {
            synchronous_pipeline_compilation: finished_frames,
            ..default()
        })
        .set(bevy::log::LogPlugin {
            filter: "warn,variantarium=info".into(),
            ..default()
        })
        // The world's update is light; drawing is the work. Pipelining
        // the two gains no frames and shows a click's answer one frame
        // later (measured under lavapipe: 1.9 s instead of 3.1 s).
        .disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>()
}

/// The game, players, screenshot and lessons the window starts with.
fn place_the_start(app: &mut App, start: WindowStart) {
    app.insert_resource(StartNotice(start.notice));
    if let Some(shot) = start.screenshot {
        app.insert_resource(ScreenshotRequest {
            path: shot.path,
            settle_frames: shot.frames,
            frame_time: shot.frame_time,
        });
    }
    if start.players.len() >= 2 {
        app.insert_resource(Players(start.players));
    }
    if let Some(path) = start.cell_map {
        app.insert_resource(CellMapOut(path));
    }
    if let Some(session) = start.game {
        app.insert_resource(StartWith(Some(session)));
    }
    start_learning(app, start.lessons);
}

/// The lessons for the Learn menu and the "Show me" links, and where Learn
/// mode starts: a lesson (at a step, for a screenshot) or the Learn menu.
fn start_learning(app: &mut App, learn: Option<LessonStart>) {
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
