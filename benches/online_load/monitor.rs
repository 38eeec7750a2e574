//! What a long run watches while the bots play: every interval, one CSV
//! line with the server's resident memory and open files (from `/proc`),
//! the games finished so far, the moves and the latency percentiles of the
//! interval, and the machine's load average.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What the bots report as they play.
#[derive(Default)]
pub struct Live {
    /// Latencies (µs) noted since the last line.
    latencies_us: Mutex<Vec<u64>>,
    moves: AtomicUsize,
    games: AtomicUsize,
}

impl Live {
    pub fn latency(&self, us: u64) {
        if let Ok(mut all) = self.latencies_us.lock() {
            all.push(us);
        }
    }

    pub fn moved(&self) {
        self.moves.fetch_add(1, Ordering::Relaxed);
    }

    pub fn game_over(&self) {
        self.games.fetch_add(1, Ordering::Relaxed);
    }
}

/// The header of the CSV.
pub const HEADER: &str =
    "minute,elapsed_s,rss_kb,fds,games_finished,moves,moves_per_s,p50_ms,p99_ms,load1";

/// One line of the CSV, for the interval that ends now.
pub struct Sample {
    pub elapsed: Duration,
    pub rss_kb: u64,
    pub fds: usize,
    pub games: usize,
    pub moves: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub load1: String,
}

impl Sample {
    pub fn line(&self, index: usize, interval: Duration) -> String {
        format!(
            "{index},{:.0},{},{},{},{},{:.0},{:.1},{:.1},{}",
            self.elapsed.as_secs_f64(),
            self.rss_kb,
            self.fds,
            self.games,
            self.moves,
            self.moves as f64 / interval.as_secs_f64().max(1e-9),
            self.p50_ms,
            self.p99_ms,
            self.load1
        )
    }
}

/// Takes the interval's figures, and starts the next interval.
pub fn sample(live: &Live, server: u32, started: Instant) -> Sample {
    let mut latencies = live
        .latencies_us
        .lock()
        .map(|mut all| std::mem::take(&mut *all))
        .unwrap_or_default();
    latencies.sort_unstable();
    Sample {
        elapsed: started.elapsed(),
        rss_kb: rss_kb(server),
        fds: open_files(server),
        games: live.games.load(Ordering::Relaxed),
        moves: live.moves.swap(0, Ordering::Relaxed),
        p50_ms: crate::percentile_ms(&latencies, 50.0),
        p99_ms: crate::percentile_ms(&latencies, 99.0),
        load1: crate::load_average()
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string(),
    }
}

/// A process's resident memory in kB (`VmRSS`), 0 if it is gone.
pub fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// A process's open file descriptors.
pub fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |dir| dir.count())
}

/// Where the lines go: a file (and standard output), or standard output.
pub struct Csv {
    file: Option<std::fs::File>,
}

impl Csv {
    pub fn create(path: Option<&PathBuf>) -> Result<Csv, String> {
        let file = match path {
            Some(path) => Some(
                std::fs::File::create(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
            ),
            None => None,
        };
        let mut csv = Csv { file };
        csv.write(HEADER);
        Ok(csv)
    }

    pub fn write(&mut self, line: &str) {
        println!("{line}");
        if let Some(file) = &mut self.file {
            let _ = writeln!(file, "{line}");
            let _ = file.flush();
        }
    }
}
