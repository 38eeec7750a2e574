//! The encoder's own thread: frames arrive numbered over a short bounded
//! channel (so the renderer waits rather than memory growing), go to the
//! encoder in order, and the progress bar on standard error follows them.

use std::collections::{BTreeMap, VecDeque};
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::sink::Encoder;

/// Frames waiting for the encoder at most (beyond those being read back).
const QUEUE: usize = 2;

/// A numbered frame of tightly packed RGBA rows.
pub type Frame = (u64, Vec<u8>);

/// Where the renderer sends frames; join for the outcome.
pub struct Writer {
    pub frames: SyncSender<Frame>,
    pub done: JoinHandle<Result<(), String>>,
}

impl Writer {
    /// Frames of `size` pixels, `total` of them.
    pub fn spawn(encoder: Box<dyn Encoder>, size: (u32, u32), total: u64, quiet: bool) -> Writer {
        let (frames, received) = sync_channel(QUEUE);
        let done = std::thread::Builder::new()
            .name("video encoder".into())
            .spawn(move || write_frames(encoder, size, received, Progress::new(total, quiet)))
            .expect("a thread for the encoder");
        Writer { frames, done }
    }
}

fn write_frames(
    mut encoder: Box<dyn Encoder>,
    (width, height): (u32, u32),
    received: Receiver<Frame>,
    mut progress: Progress,
) -> Result<(), String> {
    let mut early = BTreeMap::new();
    let mut next = 0;
    let bytes = width as usize * height as usize * 4;
    for (n, rgba) in received {
        if rgba.len() != bytes {
            return Err(format!(
                "the window could not be made {width}x{height} (is the screen smaller? under Xvfb: xvfb-run -s \"-screen 0 {width}x{height}x24\")"
            ));
        }
        early.insert(n, rgba);
        while let Some(rgba) = early.remove(&next) {
            encoder.frame(&rgba)?;
            next += 1;
            progress.show(next);
        }
    }
    progress.end();
    // A stopped recording spends no time finishing what will not be kept.
    super::stop::stopped()?;
    if next != progress.total {
        // Dropping the encoder removes what it wrote.
        return Err(format!(
            "the recording stopped after {next} of {} frames",
            progress.total
        ));
    }
    encoder.finish()
}

/// `frames done / total, frames per second, time left` on standard error:
/// one redrawn line on a terminal; elsewhere (a log, the window's Record
/// dialog) a line per percent at most every [`LINE_SECONDS`], and the last.
struct Progress {
    total: u64,
    quiet: bool,
    terminal: bool,
    pace: RecentPace,
    percent: u64,
    last_line: Option<Instant>,
}

/// Frames the pace is measured over: the last second or so of a recording.
const PACE_WINDOW: usize = 24;

/// Frames done before a time left is told: the first ones wait for the
/// window and its shaders and say nothing of the pace to come.
pub const ETA_AFTER: u64 = 6;

/// The pace of the last few frames, and the time the rest will take at it.
#[derive(Debug, Default)]
pub struct RecentPace {
    /// When each of the last frames was done, oldest first.
    done_at: VecDeque<Instant>,
}

impl RecentPace {
    pub fn frame_done(&mut self, at: Instant) {
        self.done_at.push_back(at);
        if self.done_at.len() > PACE_WINDOW + 1 {
            self.done_at.pop_front();
        }
    }

    /// Frames a second at the middle pace of the last few frames (the
    /// median gap between them: one slow frame, a shader compiled, moves
    /// it little); None before two are done.
    pub fn rate(&self) -> Option<f64> {
        let mut gaps: Vec<f64> = self
            .done_at
            .iter()
            .zip(self.done_at.iter().skip(1))
            .map(|(earlier, later)| later.duration_since(*earlier).as_secs_f64())
            .collect();
        gaps.sort_by(f64::total_cmp);
        let middle = *gaps.get(gaps.len() / 2)?;
        Some(1.0 / middle.max(1e-6))
    }

    /// The time the rest of `total` frames will take, `done` being done;
    /// None until [`ETA_AFTER`] frames are.
    pub fn time_left(&self, done: u64, total: u64) -> Option<Duration> {
        if done < ETA_AFTER {
            return None;
        }
        let rate = self.rate()?;
        Some(Duration::from_secs_f64(
            total.saturating_sub(done) as f64 / rate,
        ))
    }
}

const LINE_SECONDS: f64 = 2.0;

const BAR_WIDTH: usize = 30;

impl Progress {
    fn new(total: u64, quiet: bool) -> Progress {
        Progress {
            total,
            quiet,
            terminal: std::io::stderr().is_terminal(),
            pace: RecentPace::default(),
            percent: 0,
            last_line: None,
        }
    }

    fn show(&mut self, done: u64) {
        self.pace.frame_done(Instant::now());
        if self.quiet || self.total == 0 {
            return;
        }
        let percent = done * 100 / self.total;
        let soon = self
            .last_line
            .is_some_and(|t| t.elapsed().as_secs_f64() < LINE_SECONDS);
        if !self.terminal && done != self.total && (percent == self.percent || soon) {
            return;
        }
        self.percent = percent;
        self.last_line = Some(Instant::now());
        let filled = (done as usize * BAR_WIDTH) / self.total as usize;
        let bar = format!("{}{}", "#".repeat(filled), "-".repeat(BAR_WIDTH - filled));
        let rate = self.pace.rate().unwrap_or(0.0);
        let eta = match self.pace.time_left(done, self.total) {
            Some(left) => format!("ETA {}:{:02}", left.as_secs() / 60, left.as_secs() % 60),
            None => "ETA --:--".to_string(),
        };
        let line = format!("[{bar}] {done}/{} frames  {rate:.1} fps  {eta}", self.total);
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal {
            write!(err, "\r{line}")
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
    }

    fn end(&self) {
        if !self.quiet && self.terminal {
            eprintln!();
        }
    }
}
