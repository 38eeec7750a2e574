//! The program away from its source tree, as it is once copied or
//! installed: the binary copied to an empty folder, run from another empty
//! folder with an empty home, and the source tree hidden under an empty
//! file system (a mount namespace of its own: `unshare`), so that nothing
//! can be read from it. Lessons, puzzles and thumbnails must all be there.
//! Where the system refuses a namespace (inside a chroot, say) the tree
//! stays in sight and the tests say so: they still run the copied binary
//! from empty folders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, scratch};

/// The copied binary and the empty folders it runs with.
struct Away {
    dir: PathBuf,
    binary: PathBuf,
}

impl Away {
    fn new(name: &str) -> Away {
        let dir = scratch("away", name);
        let binary = dir.join("bin/variantarium");
        std::fs::create_dir_all(binary.parent().unwrap()).unwrap();
        std::fs::copy(env!("CARGO_BIN_EXE_variantarium"), &binary).expect("the binary copies");
        for empty in ["work", "home", "data", "config", "cache"] {
            std::fs::create_dir_all(dir.join(empty)).unwrap();
        }
        Away { dir, binary }
    }

    /// The copied binary with `args`, the source tree hidden (where the
    /// system allows it), started in `cwd` with every home folder empty.
    fn command(&self, cwd: &Path, args: &[&str]) -> Command {
        let source = env!("CARGO_MANIFEST_DIR");
        let mut command = if namespaces_allowed() {
            let mut hidden = Command::new("unshare");
            hidden
                .args(["--map-root-user", "--mount", "sh", "-c"])
                .arg(r#"mount -t tmpfs none "$1" && shift && exec "$@""#)
                .args(["sh", source])
                .arg(&self.binary);
            hidden
        } else {
            Command::new(&self.binary)
        };
        command
            .args(args)
            .current_dir(cwd)
            .env("HOME", self.dir.join("home"))
            .env("XDG_DATA_HOME", self.dir.join("data"))
            .env("XDG_CONFIG_HOME", self.dir.join("config"))
            .env("XDG_CACHE_HOME", self.dir.join("cache"))
            .env_remove("VARIANTARIUM_LESSONS")
            .env_remove("VARIANTARIUM_PUZZLES")
            .env("VARIANTARIUM_FILE_DIALOG", "none");
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        let output = self
            .command(&self.dir.join("work"), args)
            .output()
            .expect("unshare runs (util-linux)");
        assert!(
            output.status.success(),
            "variantarium {args:?} away from the source tree: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }
}

/// Whether this system lets a test make a user and mount namespace of its
/// own (a chroot does not).
fn namespaces_allowed() -> bool {
    let allowed = Command::new("unshare")
        .args(["--map-root-user", "--mount", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !allowed {
        eprintln!("no namespaces here: the source tree stays in sight of the binary");
    }
    allowed
}

#[test]
fn the_source_tree_is_out_of_reach_in_the_test() {
    if !namespaces_allowed() {
        return;
    }
    let source = env!("CARGO_MANIFEST_DIR");
    let hidden = Command::new("unshare")
        .args(["--map-root-user", "--mount", "sh", "-c"])
        .arg(r#"mount -t tmpfs none "$1" && ls -A "$1""#)
        .args(["sh", source])
        .output()
        .expect("unshare runs");
    assert!(hidden.status.success(), "{hidden:?}");
    assert!(hidden.stdout.is_empty(), "the source tree is still seen");
}

#[test]
fn lessons_and_puzzles_come_with_the_binary() {
    let away = Away::new("data");
    let listed = String::from_utf8(away.run(&["learn", "--list"]).stdout).unwrap();
    let lessons = listed.lines().filter(|l| !l.trim().is_empty()).count();
    assert!(
        lessons >= 58,
        "{lessons} lines from learn --list:\n{listed}"
    );
    for id in [
        "chakra-transmitter",
        "hexagonal-finch",
        "flaxman-freeing",
        "tapestry-winning",
    ] {
        assert!(listed.contains(id), "learn --list lacks {id}:\n{listed}");
    }
    let checked = String::from_utf8(away.run(&["learn", "--check"]).stdout).unwrap();
    assert!(checked.contains("ok"), "learn --check: {checked}");
    let puzzles = away.run(&["puzzles", "--check", "--uniqueness", "sample", "1"]);
    let puzzles = String::from_utf8(puzzles.stdout).unwrap();
    let count: usize = puzzles
        .trim()
        .strip_prefix("puzzles ")
        .and_then(|rest| rest.strip_suffix(" ok"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("puzzles --check said {puzzles:?}"));
    assert!(count >= 1000, "only {count} puzzles built in");
}

#[test]
fn a_lesson_opens_and_the_title_shows_its_pictures_away_from_the_source_tree() {
    let display = PrivateDisplay::start();
    let away = Away::new("window");
    let shot = away.dir.join("lesson.png");
    let mut lesson = away.command(
        &away.dir.join("work"),
        &[
            "screenshot",
            "--lesson",
            "chakra-transmitter",
            "--step",
            "2",
        ],
    );
    let status = lesson
        .arg("--out")
        .arg(&shot)
        .env("DISPLAY", &display.name)
        .status()
        .expect("the screenshot runs");
    assert!(
        status.success(),
        "the lesson did not open away from the source tree"
    );
    assert!(image::open(&shot).is_ok(), "no picture of the lesson");

    let play = away.command(&away.dir, &["play"]);
    let window = GameWindow::open_command(&display, &away.dir, "1280x720", play);
    let controls = window.wait("the game cards", || {
        let controls = window.screen().controls;
        controls.contains_key("game:flaxman").then_some(controls)
    });
    window.frames("the thumbnails to be drawn", 3);
    let picture = window.picture("title.png");
    let [x, y] = controls["game:flaxman"];
    // A thumbnail is a rendered board: many colours. Without one the card
    // shows a flat tile with the game's name.
    let mut colours = std::collections::HashSet::new();
    for dy in -20..20 {
        for dx in -30..30 {
            let (px, py) = ((x as i32 + dx) as u32, (y as i32 + dy) as u32);
            if px < picture.width() && py < picture.height() {
                colours.insert(picture.get_pixel(px, py).0);
            }
        }
    }
    assert!(
        colours.len() > 60,
        "the Flaxman card shows {} colours: no thumbnail",
        colours.len()
    );
    window.close("the title screen");
}
