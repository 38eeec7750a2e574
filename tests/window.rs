//! The real window under Xvfb, treated roughly: resized to 200×150 and to
//! 3840×2160, minimised and restored, closed while the computer thinks, while
//! a move animates and while a dialog is open (each must exit with status
//! 0), clicked with `xdotool mousemove X Y click 1` (the move and the click
//! in one frame), and killed with `kill -9` (the autosave must survive, and
//! `play --resume` continue it).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::display::PrivateDisplay;
use variantarium::record::{self, GameRecord};

#[derive(Deserialize, Default)]
struct ScreenMap {
    cells: std::collections::HashMap<String, [f32; 2]>,
    controls: std::collections::HashMap<String, [f32; 2]>,
    frame: u64,
}

fn wait_for<T>(what: &str, seconds: u64, mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(Instant::now() < deadline, "waited {seconds} s for {what}");
        sleep(Duration::from_millis(100));
    }
}

struct Window<'d> {
    display: &'d PrivateDisplay,
    child: Child,
    dir: PathBuf,
    id: String,
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("variantarium-window-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `variantarium` with the scratch folder as its data folder.
fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    command
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"));
    command
}

fn autosave_of(dir: &Path) -> PathBuf {
    dir.join("data/variantarium/autosave.json")
}

impl<'d> Window<'d> {
    /// `play` with these arguments in a folder of its own, once its window
    /// is up and its screen map written.
    fn open(display: &'d PrivateDisplay, dir: &Path, args: &[&str]) -> Window<'d> {
        let log = std::fs::File::create(dir.join("log.txt")).expect("a log file");
        let child = command(dir, &["play"])
            .args(args)
            .args(["--size", "900x640", "--cell-map", "screen.json"])
            .env("DISPLAY", &display.name)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the game starts");
        let pid = child.id().to_string();
        let mut window = Window {
            display,
            child,
            dir: dir.to_path_buf(),
            id: String::new(),
        };
        window.id = wait_for("the game window", 120, || {
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
        wait_for("the screen map", 120, || {
            window.screen().frame.checked_sub(1)
        });
        window
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("log.txt")).unwrap_or_default()
    }

    fn screen(&self) -> ScreenMap {
        std::fs::read_to_string(self.dir.join("screen.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    fn xdotool_output(&self, args: &[&str]) -> std::io::Result<String> {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display.name)
            .output()?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn xdotool(&self, args: &[&str]) {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display.name)
            .status()
            .expect("xdotool runs (install xdotool, see .ci/run)");
        assert!(status.success(), "xdotool {args:?}");
    }

    /// Waits until the game has drawn `frames` more frames (it is alive and
    /// has handled what came before).
    fn frames(&self, what: &str, frames: u64, seconds: u64) {
        let from = self.screen().frame;
        wait_for(what, seconds, || {
            self.assert_running(what);
            (self.screen().frame >= from + frames).then_some(())
        });
    }

    /// Whether the game still runs (from /proc: `try_wait` needs `&mut`).
    fn assert_running(&self, what: &str) {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()));
        let alive = stat.is_ok_and(|s| !s.contains(") Z ") && !s.contains(") X "));
        assert!(alive, "the game died during '{what}':\n{}", self.log());
    }

    /// Where the cell is on the screen (the window's place added), once the
    /// camera has stopped moving it.
    fn cell_on_screen(&self, name: &str) -> (i32, i32) {
        let settled = wait_for(&format!("cell {name} to stay put"), 120, || {
            let first = self.screen();
            let at = *first.cells.get(name)?;
            let frame = first.frame;
            wait_for("two more frames", 60, || {
                (self.screen().frame >= frame + 2).then_some(())
            });
            (self.screen().cells.get(name) == Some(&at)).then_some(at)
        });
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
        (
            value("X") + settled[0].round() as i32,
            value("Y") + settled[1].round() as i32,
        )
    }

    /// The click of issue 17: the pointer's move and the click in one
    /// command, so that both arrive in one frame.
    fn move_and_click(&self, (x, y): (i32, i32)) {
        let (x, y) = (x.to_string(), y.to_string());
        self.xdotool(&["mousemove", &x, &y, "click", "1"]);
    }

    /// Closes the window as its close button does (WM_DELETE_WINDOW) and
    /// waits for the game to exit.
    fn close(mut self, what: &str) -> ExitStatus {
        send_delete_window(&self.display.name, &self.id);
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

impl Drop for Window<'_> {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Asks the window to close, as a window manager's close button does: a
/// WM_DELETE_WINDOW client message (xdotool's `windowclose` destroys the
/// window instead, which no person can do). Xlib is opened at run time, the
/// library the game itself opens.
fn send_delete_window(display: &str, window: &str) {
    use std::ffi::{CString, c_char, c_int, c_long, c_ulong, c_void};

    #[repr(C)]
    struct ClientMessage {
        kind: c_int,
        serial: c_ulong,
        send_event: c_int,
        display: *mut c_void,
        window: c_ulong,
        message_type: c_ulong,
        format: c_int,
        data: [c_long; 5],
    }
    #[repr(C)]
    union XEvent {
        client: std::mem::ManuallyDrop<ClientMessage>,
        pad: [c_long; 24],
    }
    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
    type InternAtom = unsafe extern "C" fn(*mut c_void, *const c_char, c_int) -> c_ulong;
    type SendEvent =
        unsafe extern "C" fn(*mut c_void, c_ulong, c_int, c_long, *mut XEvent) -> c_int;
    type Flush = unsafe extern "C" fn(*mut c_void) -> c_int;

    let window: c_ulong = window.trim().parse().expect("a window id");
    let name = CString::new(display).unwrap();
    let symbol = |lib: *mut c_void, name: &str| {
        let name = CString::new(name).unwrap();
        // SAFETY: dlsym reads a C string and returns a pointer or null.
        let found = unsafe { libc::dlsym(lib, name.as_ptr()) };
        assert!(!found.is_null(), "libX11 has no {name:?}");
        found
    };
    // SAFETY: the Xlib calls below are made with the types Xlib declares,
    // on a display opened here and closed before returning.
    unsafe {
        let lib = libc::dlopen(c"libX11.so.6".as_ptr(), libc::RTLD_NOW);
        assert!(!lib.is_null(), "libX11.so.6 loads (install libx11-6)");
        let open: OpenDisplay = std::mem::transmute(symbol(lib, "XOpenDisplay"));
        let intern: InternAtom = std::mem::transmute(symbol(lib, "XInternAtom"));
        let send: SendEvent = std::mem::transmute(symbol(lib, "XSendEvent"));
        let flush: Flush = std::mem::transmute(symbol(lib, "XFlush"));
        let close: Flush = std::mem::transmute(symbol(lib, "XCloseDisplay"));
        let x = open(name.as_ptr());
        assert!(!x.is_null(), "the display {display} opens");
        let mut event = XEvent { pad: [0; 24] };
        event.client = std::mem::ManuallyDrop::new(ClientMessage {
            kind: 33, // ClientMessage
            serial: 0,
            send_event: 1,
            display: x,
            window,
            message_type: intern(x, c"WM_PROTOCOLS".as_ptr(), 0),
            format: 32,
            data: [
                intern(x, c"WM_DELETE_WINDOW".as_ptr(), 0) as c_long,
                0,
                0,
                0,
                0,
            ],
        });
        assert_ne!(send(x, window, 0, 0, &mut event), 0, "XSendEvent");
        flush(x);
        close(x);
    }
}

fn autosave(dir: &Path) -> Option<GameRecord> {
    let text = std::fs::read_to_string(autosave_of(dir)).ok()?;
    Some(GameRecord::from_json(&text).expect("the autosave is always a whole saved game"))
}

#[test]
fn the_window_survives_resizing_and_minimising_and_keeps_its_game() {
    let display = PrivateDisplay::start();
    let dir = scratch("resize");
    let moves = ["d1-a1", "e6-d6", "a1-a4"];
    let window = Window::open(
        &display,
        &dir,
        &["--variant", "flaxman", "--moves", &moves.join(" ")],
    );
    // Kept as soon as it opens, with the moves it was opened with.
    let kept = wait_for("the autosave", 60, || autosave(&dir));
    assert_eq!(kept.moves, moves);
    for (w, h, seconds) in [
        ("200", "150", 120),
        ("3840", "2160", 300),
        ("900", "640", 120),
    ] {
        window.xdotool(&["windowsize", &window.id, w, h]);
        window.frames(&format!("frames at {w}x{h}"), 2, seconds);
    }
    // Minimised (a request a window manager acts on) and, as a window
    // manager does it, unmapped; then restored.
    window.xdotool(&["windowminimize", &window.id]);
    window.xdotool(&["windowunmap", &window.id]);
    sleep(Duration::from_secs(3));
    window.assert_running("minimised");
    window.xdotool(&["windowmap", &window.id]);
    window.frames("frames after restoring", 2, 120);
    window.close("after resizing");
    assert_eq!(autosave(&dir).expect("kept").moves, moves);
}

#[test]
fn closing_while_the_computer_thinks_exits_cleanly() {
    let display = PrivateDisplay::start();
    let dir = scratch("thinks");
    // The Grandmaster thinks for seconds from the first frame.
    let window = Window::open(&display, &dir, &["--variant", "tapestry", "--white", "6"]);
    window.close("while the computer thinks");
    let kept = autosave(&dir).expect("kept");
    assert_eq!(kept.players, ["6", "human"]);
}

#[test]
fn closing_while_a_move_animates_exits_cleanly() {
    let display = PrivateDisplay::start();
    let dir = scratch("animates");
    // Two quick computers: a move is always on its way.
    let window = Window::open(
        &display,
        &dir,
        &["--variant", "chakra", "--white", "1", "--black", "1"],
    );
    wait_for("a few moves", 120, || {
        autosave(&dir).filter(|r| r.moves.len() >= 3)
    });
    window.close("while a move animates");
    let kept = autosave(&dir).expect("kept");
    assert!(kept.moves.len() >= 3);
    assert!(record::load(&autosave_of(&dir)).is_ok());
}

#[test]
fn a_click_in_the_same_frame_as_the_move_selects_and_closing_with_a_dialog_open_exits_cleanly() {
    let display = PrivateDisplay::start();
    let dir = scratch("click");
    // A Chakra pawn on e7 promotes on e8 to one of five pieces: a dialog.
    let window = Window::open(
        &display,
        &dir,
        &[
            "--variant",
            "chakra",
            "--position",
            "k7/4P3/8/8/8/8/8/K7 w -",
        ],
    );
    let (e7, e8) = (window.cell_on_screen("e7"), window.cell_on_screen("e8"));
    window.move_and_click(e7);
    window.frames("the click on e7 to be handled", 2, 60);
    window.move_and_click(e8);
    // The dialog only opens if the first click selected the pawn.
    wait_for("the promotion dialog", 60, || {
        window
            .screen()
            .controls
            .contains_key("choice:e7-e8=Q")
            .then_some(())
    });
    window.close("with the promotion dialog open");
    assert!(autosave(&dir).expect("kept").moves.is_empty());
}

#[test]
fn a_window_killed_with_kill_9_leaves_its_autosave_and_resume_continues_it() {
    let display = PrivateDisplay::start();
    let dir = scratch("kill");
    let mut window = Window::open(
        &display,
        &dir,
        &["--variant", "flaxman", "--white", "1", "--black", "1"],
    );
    // Read while it is being written, again and again: always a whole game.
    let mut seen = 0;
    let deadline = Instant::now() + Duration::from_secs(180);
    while seen < 6 && Instant::now() < deadline {
        if let Some(kept) = autosave(&dir) {
            seen = seen.max(kept.moves.len());
        }
        sleep(Duration::from_millis(37));
    }
    assert!(seen >= 6, "the computers played {seen} moves in 3 minutes");
    // SAFETY: kill sends a signal to our own child.
    unsafe {
        libc::kill(window.child.id() as i32, libc::SIGKILL);
    }
    let _ = window.child.wait();
    let path = autosave_of(&dir);
    let kept = autosave(&dir).expect("the autosave survives kill -9");
    assert!(kept.moves.len() >= seen, "{} < {seen}", kept.moves.len());
    let loaded = record::load(&path).expect("it loads like any saved game");
    assert_eq!(loaded.moves(), kept.moves);
    // The CLI reads it: `status --record` says where the game stands.
    let out = command(&dir, &["status", "--record"])
        .arg(&path)
        .output()
        .expect("status runs");
    assert!(
        out.status.success(),
        "status --record: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    let expected = loaded
        .outcome()
        .map_or("ongoing".to_string(), |o| o.result.score().to_string());
    assert!(
        said.starts_with(&expected),
        "status --record said {said:?}, not {expected:?}"
    );
    drop(window);
    // `play --resume` opens the same game (and keeps it again at once).
    let before = std::fs::read_to_string(&path).unwrap();
    let window = Window::open(&display, &dir, &["--resume", "--white", "human"]);
    let resumed = wait_for("the resumed game kept", 60, || {
        let text = std::fs::read_to_string(&path).ok()?;
        (text != before).then(|| GameRecord::from_json(&text).expect("whole"))
    });
    // The same game, perhaps a move on if the computers play on.
    assert!(
        resumed.moves.starts_with(&kept.moves),
        "{:?} does not go on from {:?}",
        resumed.moves,
        kept.moves
    );
    window.close("the resumed game");
}

#[test]
fn resume_without_an_autosave_says_so() {
    let dir = scratch("no-autosave");
    let out = command(&dir, &["play", "--resume"])
        .env_remove("DISPLAY")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no game to continue"), "{err}");
    let out = command(&dir, &["play", "--resume", "--variant", "flaxman"])
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(2),
        "--resume and --variant conflict"
    );
}
