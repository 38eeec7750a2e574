//! The manual's lesson videos. Each lesson is played once by `record
//! --lesson` in a child process of this program (a process opens one
//! window event loop in its life), into PNG frames in a scratch folder, so
//! that the CPU renderer — by far the dearest part — draws every frame
//! once; ffmpeg then encodes the frames twice, as a WebM and as a GIF (see
//! [`crate::video::lesson_gif`]: a lesson's GIF stays under a size a page
//! can carry).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::manual::{Plan, video_files};
use crate::video::codec::last_line;
use crate::video::lesson_gif::{GIF_BUDGET, encode_gif, ffmpeg};
use crate::video::sink::{ffmpeg_available, frame_name};

/// The scratch folders' names begin so in the manual's folder.
const SCRATCH_PREFIX: &str = ".manual-frames-";

/// Everything the recordings need, checked before anything is written.
pub fn check_ready() -> Result<(), String> {
    super::launch::check_display()?;
    if !ffmpeg_available() {
        return Err(
            "the lesson videos need the ffmpeg program, which is not installed (Debian: apt-get install ffmpeg); or add --no-videos".into(),
        );
    }
    Ok(())
}

/// A scratch folder of this run, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Records every lesson of the plan into `out/videos`, with a line on
/// standard error for each.
pub fn record_lessons(plan: &Plan, out: &Path, size: (u32, u32), fps: u32) -> Result<(), String> {
    remove_stale_scratch(out);
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let scratch = Scratch(out.join(format!("{SCRATCH_PREFIX}{}", std::process::id())));
    fs::create_dir_all(&scratch.0)
        .map_err(|e| format!("cannot make {}: {e}", scratch.0.display()))?;
    let lessons: Vec<&crate::learn::Lesson> = plan.pages.iter().flat_map(|p| &p.lessons).collect();
    let mut log = std::io::stderr();
    for (i, lesson) in lessons.iter().enumerate() {
        let _ = write!(log, "lesson {}/{}: {} … ", i + 1, lessons.len(), lesson.id);
        let _ = log.flush();
        let started = Instant::now();
        let frames = scratch.0.join(&lesson.id);
        let count = record(&exe, &lesson.id, &frames, size, fps)?;
        let gif_bytes = encode(&frames, count, out, &lesson.id, fps)?;
        let _ = fs::remove_dir_all(&frames);
        let _ = writeln!(
            log,
            "{count} frames, GIF {} kB, {:.0} s",
            gif_bytes / 1000,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// Scratch folders an interrupted run left behind.
fn remove_stale_scratch(out: &Path) {
    let Ok(entries) = fs::read_dir(out) else {
        return;
    };
    for entry in entries.flatten() {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with(SCRATCH_PREFIX)
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Plays the lesson in a child `record` into numbered PNG frames in
/// `frames`; the number of frames.
fn record(
    exe: &Path,
    lesson: &str,
    frames: &Path,
    size: (u32, u32),
    fps: u32,
) -> Result<u64, String> {
    let output = Command::new(exe)
        .args(["record", "--lesson", lesson, "--quiet", "--hidden"])
        .arg("--out")
        .arg(format!("{}/", frames.display()))
        .args(["--size", &format!("{}x{}", size.0, size.1)])
        .args(["--fps", &fps.to_string()])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot start the recorder: {e}"))?;
    if !output.status.success() {
        let last = last_line(&output.stderr);
        return Err(format!("lesson {lesson}: the recording failed: {last}"));
    }
    let announced: Option<u64> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("frames ")?.trim().parse().ok());
    let written = fs::read_dir(frames).map_or(0, |d| d.count() as u64);
    match announced {
        Some(n) if n == written && n > 0 && frames.join(frame_name(n)).is_file() => Ok(n),
        _ => Err(format!(
            "lesson {lesson}: the recorder announced {announced:?} frames and wrote {written}"
        )),
    }
}

/// Encodes the frames as the lesson's WebM and GIF, each written under a
/// temporary name and renamed when complete; the GIF's size in bytes.
fn encode(frames: &Path, count: u64, out: &Path, lesson: &str, fps: u32) -> Result<u64, String> {
    let (webm, gif) = video_files(out, lesson);
    let pad = [
        "-vf",
        "pad=ceil(iw/2)*2:ceil(ih/2)*2",
        "-pix_fmt",
        "yuv420p",
    ];
    let webm_args: Vec<&str> = crate::video::codec::WEBM_CODEC
        .iter()
        .chain(&pad)
        .copied()
        .collect();
    ffmpeg(frames, fps, &webm_args, "webm", &webm)?;
    let made = encode_gif(frames, count, fps, &gif)?;
    if made.bytes > GIF_BUDGET {
        let _ = write!(
            std::io::stderr(),
            "(its GIF, {:.1} MB, is above the {:.0} MB meant for a page: a smaller --size or --fps keeps it under) ",
            made.bytes as f64 / 1e6,
            GIF_BUDGET as f64 / 1e6
        );
    }
    Ok(made.bytes)
}
