//! Opens the game window: Bevy's default plugins set for this game, the
//! app's plugins, and the resources that say how this window starts.

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;
use bevy::window::WindowResolution;

use super::start::{LessonStart, WindowStart};
use crate::app::{
    AutosavePlugin, CellMapOut, CorePlugin, LessonLibrary, LessonRequested, NextClock,
    NextMoveTimes, OnlineStart, Players, PuzzleRequested, Quality, SceneOnly, ScenePlugin, Screen,
    ScreenshotRequest, StartNotice, StartWith,
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

/// Outside a desktop session (a virtual X display, a terminal over ssh)
/// nothing sets `XDG_RUNTIME_DIR`, and the Vulkan driver's look for a
/// Wayland compositor prints an error about it that says nothing of this
/// window. A private empty folder answers that look quietly: no compositor
/// there, so the window opens on X as it would have.
#[cfg(unix)]
fn no_wayland_complaint() {
    use std::os::unix::fs::PermissionsExt;
    if std::env::var_os("XDG_RUNTIME_DIR").is_some() {
        return;
    }
    // SAFETY: getuid only returns the calling process's user id.
    let user = unsafe { libc::getuid() };
    let dir = std::env::temp_dir().join(format!("variantarium-runtime-{user}"));
    let made = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)));
    if made.is_ok() {
        // SAFETY: called before the app starts any thread, so nothing reads
        // the environment while it changes.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
}

#[cfg(not(unix))]
fn no_wayland_complaint() {}

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
    no_wayland_complaint();
    super::gpu::check_gpu()?;
    let screenshot = start.screenshot.is_some();
    let recorded = recording.is_some();
    let mut app = App::new();
    app.add_plugins(default_plugins(
        start.size,
        start.hidden,
        screenshot || recorded,
    ));
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

/// Bevy's plugins as this game uses them. A screenshot or a recording
/// (`finished_frames`) says only what goes wrong: its own progress is all a command line shows.
fn default_plugins(size: (u32, u32), hidden: bool, finished_frames: bool) -> PluginGroupBuilder {
    let filter = if finished_frames {
        QUIET_LOG
    } else {
        "warn,variantarium=info"
    };
    DefaultPlugins
        .build()
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Variantarium".into(),
                resolution: WindowResolution::new(size.0, size.1),
                visible: !hidden,
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
            filter: filter.into(),
            ..default()
        })
        // The world's update is light; drawing is the work. Pipelining
        // the two gains no frames and shows a click's answer one frame
        // later (measured under lavapipe: 1.9 s instead of 3.1 s).
        .disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>()
}

/// What a screenshot or a recording logs: warnings of its own and errors.
/// A window on a virtual display without a desktop draws warnings from
/// winit and the Vulkan layer that say nothing of the picture.
const QUIET_LOG: &str = "error,variantarium=warn";

/// The game, players, screenshot and lessons the window starts with.
fn place_the_start(app: &mut App, start: WindowStart) {
    app.insert_resource(StartNotice(start.notice));
    if let Some(shot) = start.screenshot {
        app.insert_resource(ScreenshotRequest {
            path: shot.path,
            settle_frames: shot.frames,
            frame_time: shot.frame_time,
            select: shot.select,
            legend: shot.legend,
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
        app.insert_resource(NextClock::Saved(start.clock));
        app.insert_resource(NextMoveTimes(start.move_ms));
    }
    if let Some(online) = start.online {
        app.insert_resource(OnlineStart {
            addr: online.addr,
            join: online.join,
        });
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Online);
    }
    if let Some(puzzle) = start.puzzle {
        app.world_mut().write_message(PuzzleRequested {
            set: puzzle.set,
            id: puzzle.id,
        });
    }
    start_learning(app, start.lessons);
}

/// The lessons for the Learn menu and the "Show me" links, and where Learn
/// mode starts: a lesson (at a step, for a screenshot) or the Learn menu.
fn start_learning(app: &mut App, learn: Option<LessonStart>) {
    let Some(learn) = learn else {
        match crate::learn::Library::shipped() {
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
