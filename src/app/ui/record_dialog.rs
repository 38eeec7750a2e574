//! The Record dialog: exports the game on the board as a video with the
//! options of `variantarium record`, by running this program's `record`
//! command as a child process (the window stays usable, and the recorder's
//! own window stays hidden) and showing its progress line by line. Videos
//! go to the videos folder beside the saved games, named as saves are, and
//! the dialog says where each went.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme::DONE;
use crate::app::layout::ControlMap;
use crate::app::play::computer::Players;
use crate::app::play::files::{fresh_file, videos_dir, where_is};
use crate::app::play::game::Match;
use crate::record::GameRecord;
use crate::rules::session::Session;

const SIZES: [&str; 3] = ["640x360", "1280x720", "1920x1080"];
const CAMERAS: [&str; 4] = ["player", "top", "orbit", "cinematic"];
const QUALITIES: [&str; 3] = ["low", "medium", "high"];
const FPS_CHOICES: [u32; 3] = [10, 24, 30];

/// The dialog's choices, and the recording under way.
#[derive(Resource)]
pub struct RecordDialog {
    pub open: bool,
    /// Whether it was open last frame: each opening names a new file.
    was_open: bool,
    /// The file (or folder ending in `/`), in the videos folder unless a
    /// full path.
    out: String,
    size: usize,
    fps: usize,
    seconds_per_move: f32,
    camera: usize,
    quality: usize,
    captions: bool,
    job: Option<Job>,
    /// The last recording's outcome.
    result: Option<(String, bool)>,
}

impl Default for RecordDialog {
    fn default() -> Self {
        RecordDialog {
            open: false,
            was_open: false,
            out: String::new(),
            size: 1,
            fps: 2,
            seconds_per_move: 1.2,
            camera: 0,
            quality: 0,
            captions: true,
            job: None,
            result: None,
        }
    }
}

/// A `record` child and the latest line it wrote.
struct Job {
    child: Child,
    /// Where the video goes.
    out: PathBuf,
    line: Arc<Mutex<String>>,
    /// The game handed to the child, removed when it ends.
    game_file: PathBuf,
}

pub(super) fn record_dialog(
    mut contexts: EguiContexts,
    mut dialog: ResMut<RecordDialog>,
    mut controls: ResMut<ControlMap>,
    game: Res<Match>,
    players: Res<Players>,
) -> Result {
    follow_the_job(&mut dialog);
    let opened = dialog.open && !dialog.was_open;
    dialog.was_open = dialog.open;
    if !dialog.open {
        return Ok(());
    }
    if opened && dialog.job.is_none() {
        dialog.out = video_name(game.session.as_ref());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = dialog.open;
    egui::Window::new("Record video")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            options(ui, &mut dialog, &mut controls);
            ui.separator();
            let busy = dialog.job.is_some();
            let start = ui.add_enabled(!busy, egui::Button::new("Record"));
            if controls.note("record-start", start).clicked() {
                let started = start_job(&dialog, game.session.as_ref(), &players);
                match started {
                    Ok(job) => {
                        dialog.job = Some(job);
                        dialog.result = None;
                    }
                    Err(e) => dialog.result = Some((e, true)),
                }
            }
            if let Some(job) = &dialog.job {
                let line = job.line.lock().map(|l| l.clone()).unwrap_or_default();
                ui.label(format!("Recording… {line}"));
            }
            if let Some((text, error)) = &dialog.result {
                let colour = if *error {
                    egui::Color32::LIGHT_RED
                } else {
                    DONE
                };
                ui.add(egui::Label::new(egui::RichText::new(text).color(colour)).wrap());
            }
        });
    dialog.open = open;
    Ok(())
}

fn options(ui: &mut egui::Ui, dialog: &mut RecordDialog, controls: &mut ControlMap) {
    ui.horizontal(|ui| {
        ui.label("File");
        controls.note("record-out", ui.text_edit_singleline(&mut dialog.out));
    });
    let folder = videos_dir().map_or_else(String::new, |d| format!(" in {}", d.display()));
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!(
                "(.mp4, .webm, .gif, or a folder ending in / for PNG frames){folder}"
            ))
            .small(),
        )
        .wrap(),
    );
    choice(ui, "Size", &SIZES, &mut dialog.size);
    let fps: Vec<String> = FPS_CHOICES.iter().map(|f| format!("{f} fps")).collect();
    choice(ui, "Frames", &fps, &mut dialog.fps);
    choice(ui, "Camera", &CAMERAS, &mut dialog.camera);
    choice(ui, "Quality", &QUALITIES, &mut dialog.quality);
    ui.add(egui::Slider::new(&mut dialog.seconds_per_move, 0.4..=4.0).text("seconds a move"));
    ui.checkbox(&mut dialog.captions, "Captions");
}

fn choice<T: AsRef<str>>(ui: &mut egui::Ui, label: &str, items: &[T], chosen: &mut usize) {
    ui.horizontal(|ui| {
        ui.label(label);
        for (i, item) in items.iter().enumerate() {
            if ui.selectable_label(*chosen == i, item.as_ref()).clicked() {
                *chosen = i;
            }
        }
    });
}

/// A new video's name, as saves are named: `Flaxman 2026-12-01 14.05.mp4`.
fn video_name(session: &dyn Session) -> String {
    let dir = videos_dir().unwrap_or_default();
    let path = fresh_file(&dir, session, std::time::SystemTime::now(), "mp4");
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into())
}

/// Where the video goes: a full path as given, else in the videos folder
/// (made if need be).
fn video_path(out: &str) -> Result<PathBuf, String> {
    let given = PathBuf::from(out.trim());
    if out.trim().is_empty() {
        return Err("Name the video file first.".into());
    }
    if given.is_absolute() {
        return Ok(given);
    }
    let dir =
        videos_dir().ok_or("this system names no home folder for videos: give a full path")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let mut path = dir.join(given);
    // `frames/` names a folder of PNG frames: the slash must stay.
    if out.trim().ends_with('/') {
        path.as_mut_os_string().push("/");
    }
    Ok(path)
}

/// Saves the game (with who played it, for the title card) and starts
/// `record` on it, its window hidden.
fn start_job(
    dialog: &RecordDialog,
    session: &dyn Session,
    players: &Players,
) -> Result<Job, String> {
    let out = video_path(&dialog.out)?;
    let program = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let game_file = std::env::temp_dir().join(format!(
        "variantarium-record-{}-{}.json",
        std::process::id(),
        session.ply_count()
    ));
    let seats = usize::from(session.side_count()).min(players.0.len());
    let record = GameRecord::of(session).with_players(&players.0[..seats]);
    crate::record::write_file(&game_file, &record.to_json())?;
    let mut command = Command::new(program);
    command
        .arg("record")
        .arg("--record")
        .arg(&game_file)
        .arg("--out")
        .arg(&out)
        .args(["--size", SIZES[dialog.size], "--hidden"])
        .args(["--fps", &FPS_CHOICES[dialog.fps].to_string()])
        .args([
            "--seconds-per-move",
            &format!("{:.2}", dialog.seconds_per_move),
        ])
        .args([
            "--camera",
            CAMERAS[dialog.camera],
            "--quality",
            QUALITIES[dialog.quality],
        ]);
    if !dialog.captions {
        command.arg("--no-captions");
    }
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the recorder: {e}"))?;
    let line = Arc::new(Mutex::new(String::new()));
    if let Some(stderr) = child.stderr.take() {
        let line = line.clone();
        std::thread::spawn(move || {
            for read in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut last) = line.lock() {
                    *last = read;
                }
            }
        });
    }
    Ok(Job {
        child,
        out,
        line,
        game_file,
    })
}

/// Notices when the recorder ends, and says how it went.
fn follow_the_job(dialog: &mut RecordDialog) {
    let Some(job) = &mut dialog.job else {
        return;
    };
    let Ok(Some(status)) = job.child.try_wait() else {
        return;
    };
    let last = job.line.lock().map(|l| l.clone()).unwrap_or_default();
    let _ = std::fs::remove_file(&job.game_file);
    dialog.result = Some(if status.success() {
        (format!("Recorded {}", where_is(&job.out)), false)
    } else {
        (last.trim_start_matches("variantarium: ").to_string(), true)
    });
    dialog.job = None;
}
