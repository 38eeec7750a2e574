//! A lesson's GIF for the manual, made by ffmpeg from the lesson's numbered
//! PNG frames: one palette for the lesson and only the changed rectangle of
//! each frame, which keeps a lesson whose camera stands still small. While
//! the camera moves every pixel changes in every frame; a lesson whose GIF
//! comes out above [`GIF_BUDGET`] is made again with fewer colours and
//! fewer frames of its camera moves (a frame left out shows the one before
//! it a little longer, so the running time stays exact), until it fits.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::codec::last_line;
use super::sink::frame_name;

/// The most bytes a lesson's GIF may take on a page.
pub const GIF_BUDGET: u64 = 1_000_000;

/// One way of making the GIF, from the best looking to the smallest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rung {
    /// Colours in the lesson's palette.
    pub colours: u32,
    /// Of each run of frames in which the camera moves, every `step`th is
    /// kept.
    pub step: u32,
    /// Ordered dithering: smoother shading, but dots that change from
    /// frame to frame cost bytes.
    pub dither: bool,
}

pub const RUNGS: [Rung; 4] = [
    Rung {
        colours: 256,
        step: 1,
        dither: true,
    },
    Rung {
        colours: 128,
        step: 2,
        dither: true,
    },
    Rung {
        colours: 64,
        step: 3,
        dither: false,
    },
    Rung {
        colours: 48,
        step: 4,
        dither: false,
    },
];

/// A frame whose pixels changed this much from the frame before is one of a
/// camera move (a man moving or a caption changing touches far fewer).
const MOVING_SHARE: f64 = 0.1;

/// What was made: the rung used and the GIF's size in bytes.
#[derive(Clone, Copy, Debug)]
pub struct Made {
    pub rung: Rung,
    pub bytes: u64,
}

/// Encodes the `count` frames in `frames` (named by [`frame_name`]) at
/// `fps` into the GIF `done`, on the first rung whose GIF fits the budget
/// (or the last rung's GIF, if none does).
pub fn encode_gif(frames: &Path, count: u64, fps: u32, done: &Path) -> Result<Made, String> {
    let mut moving: Option<Vec<bool>> = None;
    let mut made = None;
    for rung in RUNGS {
        let source = if rung.step == 1 {
            frames.to_path_buf()
        } else {
            let moving = match &moving {
                Some(m) => m,
                None => moving.insert(camera_moves(frames, count)?),
            };
            thinned(frames, moving, rung.step)?
        };
        let made_here = ffmpeg(&source, fps, &["-lavfi", &filter(rung)], "gif", done);
        if source != frames {
            let _ = fs::remove_dir_all(&source);
        }
        made_here?;
        let bytes = fs::metadata(done)
            .map_err(|e| format!("cannot read {}: {e}", done.display()))?
            .len();
        made = Some(Made { rung, bytes });
        if bytes <= GIF_BUDGET {
            break;
        }
    }
    made.ok_or_else(|| "no way to make the GIF".to_string())
}

/// The GIF's filter: one palette of the rung's colours for the whole
/// lesson, chosen from what changes, and each frame stored as the
/// rectangle that changed.
pub fn filter(rung: Rung) -> String {
    let dither = if rung.dither {
        "bayer:bayer_scale=4"
    } else {
        "none"
    };
    format!(
        "split[a][b];[a]palettegen=max_colors={}:stats_mode=diff[p];\
         [b][p]paletteuse=dither={dither}:diff_mode=rectangle",
        rung.colours
    )
}

/// For each frame (the first is frame 1, at index 0), whether it is one
/// of a camera move.
pub fn camera_moves(frames: &Path, count: u64) -> Result<Vec<bool>, String> {
    let mut moving = Vec::with_capacity(count as usize);
    let mut before: Option<Vec<u8>> = None;
    for n in 1..=count {
        let path = frames.join(frame_name(n));
        let pixels = image::open(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .to_rgb8()
            .into_raw();
        moving.push(
            before
                .as_ref()
                .is_some_and(|b| changed_share(b, &pixels) > MOVING_SHARE),
        );
        before = Some(pixels);
    }
    Ok(moving)
}

/// The share of pixels that differ visibly between two frames of one size.
fn changed_share(a: &[u8], b: &[u8]) -> f64 {
    if a.len() != b.len() || a.is_empty() {
        return 1.0;
    }
    let changed = a
        .chunks_exact(3)
        .zip(b.chunks_exact(3))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 3))
        .count();
    changed as f64 / (a.len() / 3) as f64
}

/// A folder beside `frames` of the same number of frames, in which all but
/// every `step`th frame of each camera move is the frame kept before it.
fn thinned(frames: &Path, moving: &[bool], step: u32) -> Result<PathBuf, String> {
    let name = frames
        .file_name()
        .map_or("frames".into(), |n| n.to_string_lossy());
    let out = frames.with_file_name(format!("{name}.step{step}"));
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(&out).map_err(|e| format!("cannot make {}: {e}", out.display()))?;
    let mut kept = 1;
    // Frames into the current camera move; its first is always kept (a cut
    // is a move of one frame).
    let mut run = 0;
    for (i, &moves) in moving.iter().enumerate() {
        let n = i as u64 + 1;
        run = if moves { run + 1 } else { 0 };
        if run <= 1 || (run - 1) % step == 0 {
            kept = n;
        }
        let (from, to) = (frames.join(frame_name(kept)), out.join(frame_name(n)));
        fs::hard_link(&from, &to)
            .or_else(|_| fs::copy(&from, &to).map(|_| ()))
            .map_err(|e| format!("cannot write {}: {e}", to.display()))?;
    }
    Ok(out)
}

/// Runs ffmpeg on the numbered frames in `frames` into `done`, written
/// under a temporary name and renamed when complete.
pub fn ffmpeg(
    frames: &Path,
    fps: u32,
    codec: &[&str],
    format: &str,
    done: &Path,
) -> Result<(), String> {
    let name = done
        .file_name()
        .map_or("video".into(), |n| n.to_string_lossy());
    let partial = done.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let output = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-nostdin", "-y"])
        .args(["-framerate", &fps.to_string()])
        .arg("-i")
        // The names `frame_name` gives the frames.
        .arg(frames.join("%06d.png"))
        .args(codec)
        .args(["-f", format])
        .arg(&partial)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot start ffmpeg: {e}"))?;
    let renamed = if output.status.success() {
        fs::rename(&partial, done).map_err(|e| format!("cannot write {}: {e}", done.display()))
    } else {
        let last = last_line(&output.stderr);
        Err(format!("ffmpeg failed on {}: {last}", done.display()))
    };
    if renamed.is_err() {
        let _ = fs::remove_file(&partial);
    }
    renamed
}
