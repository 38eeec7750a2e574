//! The Record dialog: exports the game on the board as a video with the
//! options of `variantarium record`, by running this program's `record`
//! command as a child process (the window stays usable) and showing its
//! progress line by line.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme::DONE;
use crate::app::layout::ControlMap;
use crate::app::play::game::Match;
use crate::record::GameRecord;

const SIZES: [&str; 3] = ["640x360", "1280x720", "1920x1080"];
const CAMERAS: [&str; 4] = ["player", "top", "orbit", "cinematic"];
const QUALITIES: [&str; 3] = ["low", "medium", "high"];
const FPS_CHOICES: [u32; 3] = [10, 24, 30];

/// The dialog's choices, and the recording under way.
#[derive(Resource)]
pub struct RecordDialog {
    pub open: bool,
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
            out: "variantarium-game.mp4".into(),
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
    line: Arc<Mutex<String>>,
    /// The game handed to the child, removed when it ends.
    game_file: PathBuf,
}

pub(super) fn record_dialog(
    mut contexts: EguiContexts,
    mut dialog: ResMut<RecordDialog>,
    mut controls: ResMut<ControlMap>,
    game: Res<Match>,
) -> Result {
    follow_the_job(&mut dialog);
    if !dialog.open {
        return Ok(());
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
                let started = start_job(&dialog, game.session.as_ref());
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
    ui.label("(.mp4, .webm, .gif, or a folder ending in / for PNG frames)");
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

/// Saves the game to a file beside the output and starts `record` on it.
fn start_job(
    dialog: &RecordDialog,
    session: &dyn crate::rules::session::Session,
) -> Result<Job, String> {
    let program = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let game_file = std::env::temp_dir().join(format!(
        "variantarium-record-{}-{}.txt",
        std::process::id(),
        session.ply_count()
    ));
    crate::record::write_atomically(&game_file, &GameRecord::of(session).to_text())
        .map_err(|e| format!("cannot write {}: {e}", game_file.display()))?;
    let mut command = Command::new(program);
    command
        .arg("record")
        .arg("--record")
        .arg(&game_file)
        .args(["--out", &dialog.out, "--size", SIZES[dialog.size]])
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
        (format!("Recorded {}", dialog.out), false)
    } else {
        (last.trim_start_matches("variantarium: ").to_string(), true)
    });
    dialog.job = None;
}
