//! `variantarium record`: the frames announced are the frames written (PNG
//! folder, GIF, MP4), two runs give byte-identical frames, a move changes
//! the picture where the man moved and nowhere else, a lesson plays on its
//! own timeline with the marks its screenshot shows, and bad input ends in
//! one line, exit status 2 and no file.
//!
//! Frames are tested, not encoded bytes (which change with ffmpeg and Mesa
//! versions). Sizes are small and the quality low to keep CI quick.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::display::{PrivateDisplay, with_default_settings};

/// A path in this test's own scratch folder.
fn scratch(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-video-{}", std::process::id()))
        .join(test);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

/// The acceptance command, with `--out` and any extra arguments.
fn record(display: Option<&PrivateDisplay>, out: &Path, extra: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    with_default_settings(&mut command)
        .args(["record", "--variant", "flaxman", "--moves", "d1-a1 e6-d6"])
        .args([
            "--size",
            "640x360",
            "--fps",
            "10",
            "--seconds-per-move",
            "1",
        ])
        .args(["--quality", "low"])
        .arg("--out")
        .arg(out)
        .args(extra);
    match display {
        Some(display) => command.env("DISPLAY", &display.name),
        None => command.env_remove("DISPLAY"),
    };
    command.output().expect("the binary runs")
}

/// The frame count from the first line of standard output.
fn announced(output: &Output) -> usize {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let first = stdout.lines().next().unwrap_or("");
    first
        .strip_prefix("frames ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the first line is `frames N`, not {first:?}"))
}

fn succeeded(output: &Output) {
    assert!(
        output.status.success(),
        "record failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// What a scratch folder holds, hidden names included.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Title (2 s) + two moves (1 s each) + hold (2 s) + end card (2 s) at 10 fps.
const EXPECTED_FRAMES: usize = 80;
/// The frames of the first move: 21 to 30 (counted from 1); the second's
/// are 31 to 40.
const FIRST_MOVE: (usize, usize) = (21, 30);
const SECOND_MOVE: (usize, usize) = (31, 40);

fn frames_in(dir: &Path) -> Vec<image::RgbImage> {
    let names = entries(dir);
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            assert_eq!(
                name,
                &format!("{:06}.png", i + 1),
                "frames are numbered from 000001"
            );
            image::open(dir.join(name)).expect("a PNG").to_rgb8()
        })
        .collect()
}

/// The rows and columns where two frames differ, as a box, and how many
/// pixels differ.
fn changed(a: &image::RgbImage, b: &image::RgbImage) -> Option<(u32, u32, u32, u32, usize)> {
    let mut found: Option<(u32, u32, u32, u32, usize)> = None;
    for (x, y, pa) in a.enumerate_pixels() {
        let pb = b.get_pixel(x, y);
        let d: u32 =
            pa.0.iter()
                .zip(pb.0)
                .map(|(p, q)| p.abs_diff(q) as u32)
                .sum();
        if d > 24 {
            let (x0, y0, x1, y1, n) = found.unwrap_or((x, y, x, y, 0));
            found = Some((x0.min(x), y0.min(y), x1.max(x), y1.max(y), n + 1));
        }
    }
    found
}

#[test]
fn png_frames_are_exact_deterministic_and_show_each_move_where_it_happens() {
    let display = PrivateDisplay::start();
    let first_dir = scratch("png", "first/");
    let second_dir = scratch("png", "second/");
    let first = record(Some(&display), &first_dir, &[]);
    succeeded(&first);
    assert_eq!(announced(&first), EXPECTED_FRAMES);
    assert!(
        String::from_utf8_lossy(&first.stderr)
            .contains(&format!("{EXPECTED_FRAMES}/{EXPECTED_FRAMES} frames")),
        "the progress reaches the last frame on standard error"
    );
    let second = record(Some(&display), &second_dir, &["--quiet"]);
    succeeded(&second);
    assert_eq!(announced(&second), EXPECTED_FRAMES);
    // Quiet means quiet: no progress, and no noise from the sound card,
    // the runtime folder, winit or the settings either.
    let noise = String::from_utf8_lossy(&second.stderr);
    assert!(
        noise.trim().is_empty(),
        "--quiet prints nothing on standard error, not {noise}"
    );
    let a = frames_in(&first_dir);
    let b = frames_in(&second_dir);
    assert_eq!(a.len(), EXPECTED_FRAMES);
    assert_eq!(b.len(), EXPECTED_FRAMES);
    for (i, (fa, fb)) in a.iter().zip(&b).enumerate() {
        assert_eq!((fa.width(), fa.height()), (640, 360));
        assert!(fa == fb, "frame {} differs between two runs", i + 1);
    }
    // White's man goes d1-a1 near the bottom: only the lower half changes.
    let (_, top, _, bottom, count) =
        changed(&a[FIRST_MOVE.0 - 1], &a[FIRST_MOVE.1 - 1]).expect("the first move shows");
    assert!(count > 100, "the first move changes only {count} pixels");
    assert!(
        top > 180,
        "the first move changes the picture from row {top} (White's side is below)"
    );
    assert!(
        bottom < 330,
        "and above the caption strip, not to row {bottom}"
    );
    // Black's answer e6-d6 at the top: only the upper half changes.
    let (_, top, _, bottom, count) =
        changed(&a[SECOND_MOVE.0 - 1], &a[SECOND_MOVE.1 - 1]).expect("the second move shows");
    assert!(count > 50, "the second move changes only {count} pixels");
    assert!(
        bottom < 180,
        "Black's move changes the picture down to row {bottom}"
    );
    let _ = top;
    // The held last position does not move.
    assert!(a[45] == a[50], "the held position is still");
}

#[test]
fn mp4_and_gif_hold_the_announced_frames_and_running_time() {
    let display = PrivateDisplay::start();
    let mp4 = scratch("media", "t.mp4");
    let output = record(Some(&display), &mp4, &["--quiet"]);
    succeeded(&output);
    let frames = announced(&output);
    assert_eq!(frames, EXPECTED_FRAMES);
    let probe = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            "stream=nb_read_frames,duration,codec_name,pix_fmt",
        ])
        .args(["-of", "default=nw=1"])
        .arg(&mp4)
        .output()
        .expect("ffprobe runs (install ffmpeg, see .ci/run)");
    let text = String::from_utf8_lossy(&probe.stdout);
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("ffprobe says {name}: {text}"))
            .to_string()
    };
    assert_eq!(field("nb_read_frames"), frames.to_string());
    assert_eq!(field("codec_name"), "h264");
    assert_eq!(field("pix_fmt"), "yuv420p");
    let seconds: f64 = field("duration").parse().expect("a duration");
    assert!(
        (seconds - frames as f64 / 10.0).abs() < 0.01,
        "the MP4 lasts {seconds} s"
    );

    let gif_path = scratch("media", "t.gif");
    let output = record(Some(&display), &gif_path, &["--quiet"]);
    succeeded(&output);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let file = std::fs::File::open(&gif_path).expect("the GIF");
    let mut decoder = options.read_info(file).expect("a GIF");
    let (mut count, mut centis) = (0, 0u32);
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert_eq!((frame.width, frame.height), (640, 360));
        count += 1;
        centis += frame.delay as u32;
    }
    assert_eq!(count, announced(&output));
    assert_eq!(centis, count as u32 * 10, "the GIF runs 1/10 s a frame");
    let dir = mp4.parent().expect("a folder");
    assert!(
        entries(dir).iter().all(|n| !n.contains("partial")),
        "no temporary file is left: {:?}",
        entries(dir)
    );
}

/// Bad input: one line, exit status 2, no `frames` line and no file.
fn refused(args: &[&str], path_env: Option<&str>, says: &str) {
    let dir = scratch("refused", "here");
    std::fs::create_dir_all(&dir).expect("a folder");
    let before = entries(&dir);
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    command.current_dir(&dir).arg("record").args(args);
    if let Some(path) = path_env {
        command.env("PATH", path);
    }
    let output = command.output().expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(
        stderr.trim().lines().count(),
        1,
        "{args:?}: one line, not {stderr}"
    );
    assert!(
        stderr.contains(says),
        "{args:?}: {stderr} should say {says}"
    );
    assert!(output.stdout.is_empty(), "{args:?}: nothing rendered");
    assert_eq!(entries(&dir), before, "{args:?} left a file");
}

#[test]
fn bad_input_is_one_line_exit_2_and_no_file() {
    refused(&["--out", "t.mp4"], None, "needs a source");
    refused(&["--variant", "nosuch", "--out", "t.gif"], None, "nosuch");
    refused(
        &["--variant", "flaxman", "--moves", "d1-d9", "--out", "t.gif"],
        None,
        "d1-d9",
    );
    refused(
        &["--variant", "flaxman", "--out", "t.avi"],
        None,
        ".mp4, .webm or .gif",
    );
    refused(
        &["--variant", "flaxman", "--out", "t.gif", "--size", "big"],
        None,
        "--size",
    );
    refused(
        &["--variant", "flaxman", "--out", "t.gif", "--fps", "0"],
        None,
        "--fps",
    );
    refused(
        &[
            "--variant",
            "flaxman",
            "--out",
            "t.gif",
            "--camera",
            "drone",
        ],
        None,
        "--camera",
    );
    refused(
        &[
            "--variant",
            "flaxman",
            "--out",
            "t.gif",
            "--quality",
            "ultra",
        ],
        None,
        "--quality",
    );
    refused(
        &["--variant", "flaxman", "--out", "/proc/no/t.gif"],
        None,
        "cannot write /proc/no/t.gif",
    );
    // No ffmpeg on the PATH: MP4 and WebM are refused before anything is
    // rendered, naming the package and the alternatives.
    let empty = scratch("refused", "no-programs");
    std::fs::create_dir_all(&empty).expect("a folder");
    let empty = empty.to_string_lossy().into_owned();
    for out in ["t.mp4", "t.webm"] {
        refused(
            &["--variant", "flaxman", "--out", out],
            Some(&empty),
            "apt-get install ffmpeg",
        );
    }
}

/// A lesson recorded as numbered PNG frames (with the cell map of its last
/// frame), at `fps` and `size`.
fn record_lesson(display: &PrivateDisplay, id: &str, dir: &Path, size: &str, fps: u32) -> Output {
    let map = dir.with_extension("json");
    let output = with_default_settings(&mut Command::new(env!("CARGO_BIN_EXE_variantarium")))
        .args(["record", "--lesson", id, "--size", size])
        .args(["--fps", &fps.to_string(), "--quality", "low", "--quiet"])
        .arg("--cell-map")
        .arg(&map)
        .arg("--out")
        .arg(dir)
        .env("DISPLAY", &display.name)
        .output()
        .expect("the binary runs");
    succeeded(&output);
    output
}

/// `screenshot --lesson ID --step N` at 640×360, and its cell map.
fn lesson_screenshot(display: &PrivateDisplay, id: &str, step: usize) -> (image::RgbImage, Cells) {
    let out = scratch("lesson-marks", &format!("step-{step}.png"));
    let map = out.with_extension("json");
    let output = with_default_settings(&mut Command::new(env!("CARGO_BIN_EXE_variantarium")))
        .args(["screenshot", "--lesson", id, "--step", &step.to_string()])
        .args(["--size", "640x360", "--out"])
        .arg(&out)
        .arg("--cell-map")
        .arg(&map)
        .env("DISPLAY", &display.name)
        .output()
        .expect("the binary runs");
    succeeded(&output);
    (image::open(&out).expect("a PNG").to_rgb8(), cells_in(&map))
}

type Cells = std::collections::HashMap<String, (f32, f32)>;

/// Where each cell appears, from a `--cell-map` file.
fn cells_in(path: &Path) -> Cells {
    #[derive(serde::Deserialize)]
    struct ScreenMap {
        cells: std::collections::HashMap<String, [f32; 2]>,
    }
    let text = std::fs::read_to_string(path).expect("the cell map");
    let map: ScreenMap = serde_json::from_str(&text).expect("JSON");
    map.cells
        .into_iter()
        .map(|(k, [x, y])| (k, (x, y)))
        .collect()
}

/// How a mark looks: red rings (bad) and green ones (good).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ink {
    Red,
    Green,
}

impl Ink {
    fn of(p: [u8; 3]) -> Option<Ink> {
        let [r, g, b] = p.map(u32::from);
        if r > g + 80 && r > b + 80 {
            Some(Ink::Red)
        } else if g > r + 20 && g > b + 80 {
            Some(Ink::Green)
        } else {
            None
        }
    }
}

/// How many red and green pixels `with` adds to `without` near `cell`
/// (within 0.6 of the distance to its nearest neighbour): a mark's ring in
/// its colour.
fn added_inks(
    with: &image::RgbImage,
    without: &image::RgbImage,
    cells: &Cells,
    cell: &str,
) -> (usize, usize) {
    let (cx, cy) = cells[cell];
    let reach = 0.6
        * cells
            .iter()
            .filter(|(name, _)| name.as_str() != cell)
            .map(|(_, (x, y))| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt())
            .fold(f32::MAX, f32::min)
            .clamp(4.0, 60.0);
    let (mut red, mut green) = (0, 0);
    for (x, y, p) in with.enumerate_pixels() {
        let (dx, dy) = (x as f32 - cx, y as f32 - cy);
        if dx * dx + dy * dy > reach * reach {
            continue;
        }
        let q = without.get_pixel(x, y).0;
        let moved: u32 = p.0.iter().zip(q).map(|(a, b)| a.abs_diff(b) as u32).sum();
        match Ink::of(p.0).filter(|_| moved > 90) {
            Some(Ink::Red) => red += 1,
            Some(Ink::Green) => green += 1,
            None => {}
        }
    }
    (red, green)
}

/// Whether the pixels added near a cell are mostly of one ink.
fn marked(inks: (usize, usize), ink: Ink) -> bool {
    let (own, other) = match ink {
        Ink::Red => inks,
        Ink::Green => (inks.1, inks.0),
    };
    own >= 8 && own > 2 * other
}

/// `record --lesson` plays the lesson's own timeline: its frame count is
/// the title card, the lesson's timeline and the held end and end card;
/// and the frame where the lesson reaches a step shows the marks that
/// `screenshot --lesson ID --step N` shows, in the same colours.
#[test]
fn a_lesson_recording_shows_the_marks_of_its_screenshot() {
    use variantarium::learn::Library;
    use variantarium::learn::timing::LessonTiming;
    use variantarium::video::script::{Card, TITLE_SECONDS};
    let id = "tapestry-loom-light";
    let fps = 2;
    let library = Library::shipped().expect("the lessons load");
    let lesson = library.find(id).expect("the lesson");
    let timing = LessonTiming::new(lesson, fps);
    let display = PrivateDisplay::start();
    let dir = scratch("lesson-marks", "frames/");
    let output = record_lesson(&display, id, &dir, "640x360", fps);
    // The title card and the end card for as long as their words take to
    // read (two seconds at least), the held end two seconds.
    let card_frames = |heading: &str, line: String| {
        let card = Card {
            heading: heading.into(),
            lines: vec![line],
        };
        (card.seconds(TITLE_SECONDS) * fps as f64).round() as u64
    };
    let title = card_frames(&lesson.title, lesson.goal.clone());
    let end = card_frames("Variantarium", format!("Learn: {}", lesson.title));
    let expected = (title + timing.frames + 2 * fps as u64 + end) as usize;
    assert_eq!(announced(&output), expected);
    let frames = frames_in(&dir);
    assert_eq!(frames.len(), expected);
    let recorded = cells_in(&dir.with_extension("json"));
    // Step 4 as the panel counts: Light's mark, then a3 marked bad and a2
    // good; step 3 has Light's mark alone.
    let (shot_4, shot_cells) = lesson_screenshot(&display, id, 4);
    let (shot_3, _) = lesson_screenshot(&display, id, 3);
    let through = |shown| lesson.steps_through(shown).expect("a step");
    let frame_of = |shown| {
        let frame = timing.frame_done(through(shown)).expect("reached");
        &frames[(title + frame) as usize]
    };
    let (with, without) = (frame_of(4), frame_of(3));
    for (cell, ink) in [("a3", Ink::Red), ("a2", Ink::Green)] {
        let in_video = added_inks(with, without, &recorded, cell);
        let in_shot = added_inks(&shot_4, &shot_3, &shot_cells, cell);
        assert!(
            marked(in_video, ink),
            "the recording marks {cell} {ink:?}: {in_video:?}"
        );
        assert!(
            marked(in_shot, ink),
            "the screenshot marks {cell} {ink:?}: {in_shot:?}"
        );
    }
    // The mark comes in the frame its step does, not before.
    let before = &frames[(title + timing.frame_done(through(4)).expect("reached") - 1) as usize];
    assert_eq!(
        added_inks(before, without, &recorded, "a3"),
        (0, 0),
        "a3 is not marked before its step"
    );
    refused(
        &["--lesson", "no-such-lesson", "--out", "t.gif"],
        None,
        "no lesson 'no-such-lesson'",
    );
}

/// Two recordings of a lesson are the same to the byte, frame by frame: a
/// three-player lesson in the top view, whose exercise has a reply (the
/// letters on the men follow them as they move).
#[test]
fn a_lesson_recording_is_deterministic() {
    let id = "hexagonal-three-player-checkmate";
    let display = PrivateDisplay::start();
    let first = scratch("lesson-twice", "first/");
    let second = scratch("lesson-twice", "second/");
    let a = record_lesson(&display, id, &first, "320x180", 4);
    let b = record_lesson(&display, id, &second, "320x180", 4);
    assert_eq!(announced(&a), announced(&b));
    let names = entries(&first);
    assert_eq!(names.len(), announced(&a));
    assert_eq!(names, entries(&second));
    for name in &names {
        let x = std::fs::read(first.join(name)).expect("a frame");
        let y = std::fs::read(second.join(name)).expect("a frame");
        assert!(x == y, "frame {name} differs between two runs");
    }
}

/// `record --hidden` (what the window's record dialog runs) renders with no
/// window on the screen: none is mapped while it records.
#[test]
fn a_hidden_recording_shows_no_window() {
    let display = PrivateDisplay::start();
    let out = scratch("hidden", "game.gif");
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    with_default_settings(&mut command)
        .args(["record", "--variant", "flaxman", "--moves", "d1-a1"])
        .args(["--size", "320x180", "--fps", "4", "--quality", "low"])
        .args(["--hidden", "--quiet", "--out"])
        .arg(&out)
        .env("DISPLAY", &display.name)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the binary runs");
    let mut looks = 0;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(240);
    while child.try_wait().expect("the recorder").is_none() {
        assert!(std::time::Instant::now() < deadline, "the recording ends");
        let shown = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "."])
            .env("DISPLAY", &display.name)
            .output()
            .expect("xdotool runs");
        let windows = String::from_utf8_lossy(&shown.stdout);
        assert!(
            windows.trim().is_empty(),
            "a window is on the screen: {windows}"
        );
        looks += 1;
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    let output = child.wait_with_output().expect("the recorder");
    assert!(
        output.status.success(),
        "record --hidden failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        looks >= 3,
        "the screen was looked at {looks} times during the recording"
    );
    assert!(out.exists(), "the GIF is written");
}

/// `record --record GAME --real-time`: each move stays on screen as long as
/// the next one took to come (a long think capped at 10 s), the last for
/// --seconds-per-move; the announced frames are the frames written. A game
/// without move times, or no --record, is refused.
#[test]
fn real_time_replays_a_game_at_the_pace_it_was_played() {
    use variantarium::record::GameRecord;
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::{Variant, VariantId};
    let mut game =
        new_session(Variant::new(VariantId::Flaxman), DrawRules::default(), None).expect("a game");
    for text in ["d1-a1", "e6-d6", "a1-a4"] {
        game.play(text).expect("legal");
    }
    let timed = scratch("real-time", "timed.json");
    let times = [Some(2_000), Some(3_500), Some(30_000)];
    let saved = GameRecord::of(game.as_ref()).with_move_times(&times);
    std::fs::write(&timed, saved.to_json()).expect("written");
    let untimed = scratch("real-time", "untimed.json");
    std::fs::write(&untimed, GameRecord::of(game.as_ref()).to_json()).expect("written");

    let display = PrivateDisplay::start();
    let frames = scratch("real-time", "frames/");
    let output = with_default_settings(&mut Command::new(env!("CARGO_BIN_EXE_variantarium")))
        .arg("record")
        .arg("--record")
        .arg(&timed)
        .args(["--real-time", "--size", "320x180", "--fps", "2"])
        .args(["--seconds-per-move", "1", "--quality", "low", "--quiet"])
        .arg("--out")
        .arg(&frames)
        .env("DISPLAY", &display.name)
        .output()
        .expect("the binary runs");
    succeeded(&output);
    // At 2 fps: title 2 s; the first move until the second came (3.5 s),
    // the second until the third (30 s, capped at 10 s), the last 1 s;
    // hold 2 s; end card 2 s.
    let expected = 2 * 2 + 7 + 2 * 10 + 2 + 2 * 2 + 2 * 2;
    assert_eq!(announced(&output), expected);
    assert_eq!(frames_in(&frames).len(), expected);

    let untimed = untimed.to_string_lossy().into_owned();
    refused(
        &["--record", &untimed, "--real-time", "--out", "t.gif"],
        None,
        "keeps no move times",
    );
    refused(
        &["--variant", "flaxman", "--real-time", "--out", "t.gif"],
        None,
        "--real-time needs --record",
    );
}

/// The time left follows the pace of the last frames, not the average
/// since the start (whose first frames wait for the window and its
/// shaders), and none is told before a few frames are done.
#[test]
fn the_time_left_follows_the_recent_pace() {
    use std::time::{Duration, Instant};
    use variantarium::video::writer::{ETA_AFTER, RecentPace};
    let start = Instant::now();
    let mut pace = RecentPace::default();
    // The first frame after 30 s of start-up, the second 15 s later (its
    // shaders compiled), then one every half second.
    let mut at = start + Duration::from_secs(30);
    pace.frame_done(at);
    for done in 2..=40u64 {
        at += Duration::from_millis(if done == 2 { 15_000 } else { 500 });
        pace.frame_done(at);
        let left = pace.time_left(done, 108);
        if done < ETA_AFTER {
            assert_eq!(left, None, "no time left at frame {done}");
            continue;
        }
        let left = left.expect("a time left").as_secs_f64();
        let steady = (108 - done) as f64 * 0.5;
        assert!(
            (left - steady).abs() < 0.5,
            "at frame {done}: {left:.1} s left, the pace says {steady:.1} s"
        );
    }
    assert!((pace.rate().expect("a rate") - 2.0).abs() < 0.01);
}
