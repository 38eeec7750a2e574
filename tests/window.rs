//! The real window under Xvfb, treated roughly: resized to 200×150 and to
//! 3840×2160, minimised and restored, closed while the computer thinks, while
//! a move animates and while a dialog is open (each must exit with status
//! 0), clicked with `xdotool mousemove X Y click 1` (the move and the click
//! in one frame), and killed with `kill -9` (the autosave must survive, and
//! `play --resume` continue it).

use std::path::{Path, PathBuf};
use std::thread::sleep;
use std::time::Duration;

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, command};
use variantarium::record::{self, GameRecord};

/// The window size of these tests.
const SIZE: &str = "900x640";

/// Frames two level-1 computers get for each move they play: a glide takes
/// a few frames, and a loaded machine starves the computer's thread.
const FRAMES_PER_COMPUTER_MOVE: u64 = 100;

fn scratch(name: &str) -> PathBuf {
    crate::game_window::scratch("window", name)
}

fn autosave_of(dir: &Path) -> PathBuf {
    dir.join("data/variantarium/autosave.json")
}

/// Where the cell is on the screen (the window's place added), once the
/// camera has stopped moving it.
fn cell_on_screen(window: &GameWindow, name: &str) -> (i32, i32) {
    let settled = window.wait(&format!("cell {name} to stay put"), || {
        let first = window.screen();
        let at = *first.cells.get(name)?;
        window.frames("two more frames", 2);
        (window.screen().cells.get(name) == Some(&at)).then_some(at)
    });
    let (x, y) = window.origin();
    (x + settled[0].round() as i32, y + settled[1].round() as i32)
}

/// The click of issue 17: the pointer's move and the click in one command,
/// so that both arrive in one frame.
fn move_and_click(window: &GameWindow, (x, y): (i32, i32)) {
    let (x, y) = (x.to_string(), y.to_string());
    window.xdotool(&["mousemove", &x, &y, "click", "1"]);
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
    let window = GameWindow::open(
        &display,
        &dir,
        SIZE,
        &["--variant", "flaxman", "--moves", &moves.join(" ")],
    );
    // Kept as soon as it opens, with the moves it was opened with.
    let kept = window.wait("the autosave", || autosave(&dir));
    assert_eq!(kept.moves, moves);
    for (w, h) in [("200", "150"), ("3840", "2160"), ("900", "640")] {
        window.xdotool(&["windowsize", &window.id, w, h]);
        window.frames(&format!("frames at {w}x{h}"), 2);
    }
    // Minimised (a request a window manager acts on) and, as a window
    // manager does it, unmapped; then restored.
    window.xdotool(&["windowminimize", &window.id]);
    window.xdotool(&["windowunmap", &window.id]);
    sleep(Duration::from_secs(3));
    window.assert_running("minimised");
    window.xdotool(&["windowmap", &window.id]);
    window.frames("frames after restoring", 2);
    window.close("after resizing");
    assert_eq!(autosave(&dir).expect("kept").moves, moves);
}

#[test]
fn closing_while_the_computer_thinks_exits_cleanly() {
    let display = PrivateDisplay::start();
    let dir = scratch("thinks");
    // The Grandmaster thinks for seconds from the first frame.
    let window = GameWindow::open(
        &display,
        &dir,
        SIZE,
        &["--variant", "tapestry", "--white", "6"],
    );
    window.close("while the computer thinks");
    let kept = autosave(&dir).expect("kept");
    assert_eq!(kept.players, ["6", "human"]);
}

#[test]
fn closing_while_a_move_animates_exits_cleanly() {
    let display = PrivateDisplay::start();
    let dir = scratch("animates");
    // Two quick computers: a move is always on its way.
    let window = GameWindow::open(
        &display,
        &dir,
        SIZE,
        &["--variant", "chakra", "--white", "1", "--black", "1"],
    );
    window.wait_frames("three moves", 3 * FRAMES_PER_COMPUTER_MOVE, || {
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
    let window = GameWindow::open(
        &display,
        &dir,
        SIZE,
        &[
            "--variant",
            "chakra",
            "--position",
            "k7/4P3/8/8/8/8/8/K7 w -",
        ],
    );
    let (e7, e8) = (cell_on_screen(&window, "e7"), cell_on_screen(&window, "e8"));
    move_and_click(&window, e7);
    window.frames("the click on e7 to be handled", 2);
    move_and_click(&window, e8);
    // The dialog only opens if the first click selected the pawn.
    window.wait("the promotion dialog", || {
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
    let mut window = GameWindow::open(
        &display,
        &dir,
        SIZE,
        &["--variant", "flaxman", "--white", "1", "--black", "1"],
    );
    // Read while it is being written, again and again: always a whole game.
    let mut seen = 0;
    window.wait_frames("six moves", 6 * FRAMES_PER_COMPUTER_MOVE, || {
        for _ in 0..3 {
            if let Some(kept) = autosave(&dir) {
                seen = seen.max(kept.moves.len());
            }
            sleep(Duration::from_millis(37));
        }
        (seen >= 6).then_some(())
    });
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
    let window = GameWindow::open(&display, &dir, SIZE, &["--resume", "--white", "human"]);
    let resumed = window.wait("the resumed game kept", || {
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
