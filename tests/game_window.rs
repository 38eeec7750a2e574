//! The real game in a window of its own display, driven by `xdotool` as a
//! person drives it, for the window and player's-path tests. Where things
//! are on screen comes from the screen map the game writes each frame
//! (`--cell-map`).
//!
//! Waits count the frames the game draws, not seconds: on a loaded machine
//! under lavapipe a frame can take many seconds, and a wait in seconds then
//! fails a game that is merely slow. A wait fails when the game draws
//! [`FRAME_BUDGET`] frames (or the count it names) without what it waits for,
//! when it draws nothing for [`STALL`], or when it dies.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::display::PrivateDisplay;
use variantarium::record::GameRecord;

/// Frames a wait gives the game by default: what the game does on its own
/// (a click, a dialog, a board) shows within a few frames.
pub const FRAME_BUDGET: u64 = 60;

/// How long the game may draw nothing before it counts as hung: one frame at
/// 3840×2160 under lavapipe on two loaded cores takes about a minute.
pub const STALL: Duration = Duration::from_secs(300);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(100);

/// Waits in seconds, for what draws no frames (a process, a server).
pub fn wait_for<T>(what: &str, seconds: u64, mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(Instant::now() < deadline, "waited {seconds} s for {what}");
        sleep(POLL);
    }
}

#[derive(Deserialize, Default)]
pub struct ScreenMap {
    pub cells: std::collections::HashMap<String, [f32; 2]>,
    pub controls: std::collections::HashMap<String, [f32; 2]>,
    pub hovered: Option<String>,
    pub frame: u64,
}

pub struct GameWindow<'d> {
    pub display: &'d PrivateDisplay,
    pub child: Child,
    /// The game's working and data folder, holding its log and screen map.
    pub dir: PathBuf,
    /// The X window id.
    pub id: String,
}

/// A fresh scratch folder for one window.
pub fn scratch(test: &str, name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("variantarium-{test}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `variantarium` in that folder, with the folder as its data folder (the
/// autosave goes there, not to the user's).
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    command
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        // Open… and Save as… never wait on a desktop dialog in a test.
        .env("VARIANTARIUM_FILE_DIALOG", "none");
    command
}

impl<'d> GameWindow<'d> {
    /// `play` with these arguments at this size in `dir`, once its window is
    /// up and it has drawn a frame.
    pub fn open(display: &'d PrivateDisplay, dir: &Path, size: &str, args: &[&str]) -> Self {
        let mut play = command(dir, &["play"]);
        play.args(args);
        GameWindow::open_command(display, dir, size, play)
    }

    /// The window of a `play` command made by the caller, in `dir`.
    pub fn open_command(
        display: &'d PrivateDisplay,
        dir: &Path,
        size: &str,
        mut play: Command,
    ) -> Self {
        let log = std::fs::File::create(dir.join("log.txt")).expect("a log file");
        let child = play
            .args(["--size", size, "--cell-map", "screen.json"])
            .env("DISPLAY", &display.name)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the game starts");
        let pid = child.id().to_string();
        let mut window = GameWindow {
            display,
            child,
            dir: dir.to_path_buf(),
            id: String::new(),
        };
        // Before the first frame there is nothing to count: seconds, then.
        window.id = wait_for("the game window", STALL.as_secs(), || {
            if let Ok(Some(status)) = window.child.try_wait() {
                panic!(
                    "the game exited ({status}) before its window opened:\n{}",
                    window.log()
                );
            }
            let out = window
                .xdotool_output(&["search", "--onlyvisible", "--pid", &pid])
                .ok()?;
            out.lines().next().map(str::to_string)
        });
        wait_for("the first frame", STALL.as_secs(), || {
            window.assert_running("the first frame");
            window.screen().frame.checked_sub(1)
        });
        window
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("log.txt")).unwrap_or_default()
    }

    pub fn screen(&self) -> ScreenMap {
        std::fs::read_to_string(self.dir.join("screen.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    pub fn xdotool_output(&self, args: &[&str]) -> std::io::Result<String> {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display.name)
            .output()?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    pub fn xdotool(&self, args: &[&str]) {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display.name)
            .status()
            .expect("xdotool runs (install xdotool, see .ci/run)");
        assert!(status.success(), "xdotool {args:?}");
    }

    /// Whether the game still runs (from /proc: `try_wait` needs `&mut`).
    pub fn assert_running(&self, what: &str) {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()));
        let alive = stat.is_ok_and(|s| !s.contains(") Z ") && !s.contains(") X "));
        assert!(alive, "the game died during '{what}':\n{}", self.log());
    }

    /// Waits for `probe` within [`FRAME_BUDGET`] frames.
    pub fn wait<T>(&self, what: &str, probe: impl FnMut() -> Option<T>) -> T {
        self.wait_frames(what, FRAME_BUDGET, probe)
    }

    /// Waits for `probe` while the game draws at most `frames` frames.
    pub fn wait_frames<T>(
        &self,
        what: &str,
        frames: u64,
        mut probe: impl FnMut() -> Option<T>,
    ) -> T {
        let from = self.screen().frame;
        let (mut last, mut drawn_at) = (from, Instant::now());
        loop {
            if let Some(found) = probe() {
                return found;
            }
            self.assert_running(what);
            let frame = self.screen().frame;
            assert!(
                frame < from + frames,
                "{frames} frames passed without {what}"
            );
            if frame != last {
                (last, drawn_at) = (frame, Instant::now());
            }
            assert!(
                drawn_at.elapsed() < STALL,
                "no frame drawn for {} s while waiting for {what}",
                STALL.as_secs()
            );
            sleep(POLL);
        }
    }

    /// Waits until the game has drawn `frames` more frames (it is alive and
    /// has handled what came before).
    pub fn frames(&self, what: &str, frames: u64) {
        let from = self.screen().frame;
        self.wait_frames(what, frames + 1, || {
            (self.screen().frame >= from + frames).then_some(())
        });
    }

    /// The window's place on the screen.
    pub fn origin(&self) -> (i32, i32) {
        let geometry = self
            .xdotool_output(&["getwindowgeometry", "--shell", &self.id])
            .expect("xdotool");
        let value = |key: &str| -> i32 {
            geometry
                .lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0)
        };
        (value("X"), value("Y"))
    }

    /// A picture of the window as it is now.
    pub fn picture(&self, name: &str) -> image::RgbImage {
        let file = self.dir.join(name);
        let status = Command::new("import")
            .args(["-window", &self.id])
            .arg(&file)
            .env("DISPLAY", &self.display.name)
            .status()
            .expect("import runs (install imagemagick, see .ci/run)");
        assert!(status.success());
        image::open(&file).expect("a picture").to_rgb8()
    }

    /// The folder Save writes into (the saved games in the data folder).
    pub fn saves_dir(&self) -> PathBuf {
        self.dir.join("data/variantarium/saves")
    }

    /// The saved game written last, and when.
    pub fn newest_save(&self) -> Option<(PathBuf, std::time::SystemTime)> {
        std::fs::read_dir(self.saves_dir())
            .ok()?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .filter_map(|path| {
                let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
                Some((path, modified))
            })
            .max_by_key(|(_, modified)| *modified)
    }

    /// The game the player saved last with Save.
    pub fn saved_file(&self) -> Option<GameRecord> {
        let (path, _) = self.newest_save()?;
        let text = std::fs::read_to_string(path).ok()?;
        Some(GameRecord::from_json(&text).expect("a readable save"))
    }

    /// The game the window keeps (its autosave).
    pub fn autosave(&self) -> Option<GameRecord> {
        let text =
            std::fs::read_to_string(self.dir.join("data/variantarium/autosave.json")).ok()?;
        GameRecord::from_json(&text).ok()
    }

    /// Closes the window as its close button does (WM_DELETE_WINDOW) and
    /// waits for the game to exit with success.
    pub fn close(mut self, what: &str) -> ExitStatus {
        crate::display::send_delete_window(&self.display.name, &self.id);
        let status = wait_for(&format!("the game to exit after {what}"), 120, || {
            self.child.try_wait().ok().flatten()
        });
        assert!(
            status.success(),
            "closing {what} ended with {status}:\n{}",
            self.log()
        );
        status
    }
}

impl Drop for GameWindow<'_> {
    /// After a failure, says what the game last showed and logged, and keeps
    /// a picture of the window beside them.
    fn drop(&mut self) {
        if std::thread::panicking() {
            let map = std::fs::read_to_string(self.dir.join("screen.json")).unwrap_or_default();
            let log = self.log();
            let tail: Vec<&str> = log.lines().rev().take(30).collect();
            let _ = Command::new("import")
                .args(["-window", &self.id])
                .arg(self.dir.join("failure.png"))
                .env("DISPLAY", &self.display.name)
                .status();
            eprintln!(
                "the game window at the failure ({}):\nscreen map: {map}\nlog (last lines first):\n{}",
                self.dir.display(),
                tail.join("\n")
            );
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
