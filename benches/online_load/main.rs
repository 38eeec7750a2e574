//! `cargo bench --no-default-features --bench online_load -- --bots N --db sqlite|postgres`:
//! the game server under load. It starts `variantarium serve` (this
//! build's binary) on a free port of 127.0.0.1 with an empty database (an
//! SQLite file in a temporary folder, or PostgreSQL: see [`postgres`]),
//! seats N bots (N WebSocket connections) in N/2 untimed games, then lets
//! every game play at once: random legal moves until the game ends by the
//! rules or reaches the move cap, where the side to move resigns; with
//! `--games K` each pair then plays another game, K in all. It prints the
//! moves per second from the first move to the last game's end and the
//! 50th and 99th percentiles of the time from a move sent to the opponent
//! receiving its `moved` event.
//!
//! With `--minutes M` it is a soak run: each pair plays game after game
//! until M minutes have passed, and every `--every` seconds a CSV line
//! (to standard output, and to `--csv FILE`) gives the server's resident
//! memory and open files, the games finished so far, the interval's moves
//! and latency percentiles, and the load average; `--after S` goes on
//! sampling S seconds once the bots have closed their connections (the
//! finished games leave the server's memory a while after).
//!
//! Without `--bench` (as `cargo test --all-targets` runs it) it plays one
//! short game, a check that the benchmark still works.

mod bot;
mod monitor;
mod postgres;
mod server;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use tokio::sync::Semaphore;

use bot::{Pair, Plan, Played};
use monitor::Live;
use postgres::Postgres;
use server::{ServerProcess, scratch};

#[derive(Parser, Debug)]
#[command(
    name = "online_load",
    about = "Load on the game server: N bots in N/2 games"
)]
struct Args {
    /// Bots (connections); two to a game.
    #[arg(long, default_value_t = 100)]
    bots: usize,
    /// The server's database.
    #[arg(long, value_enum, default_value_t = Db::Sqlite)]
    db: Db,
    /// Moves after which a game is resigned by the side to move.
    #[arg(long, default_value_t = 60)]
    plies: usize,
    /// The variant of every game.
    #[arg(long, default_value = "flaxman")]
    variant: String,
    /// Games each pair of bots plays, one after another on the same
    /// connections.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// The seed of the bots' moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play game after game for this many minutes (a soak run), sampling
    /// the server every `--every` seconds.
    #[arg(long)]
    minutes: Option<f64>,
    /// Milliseconds a bot thinks before a move, on average (0 to twice
    /// this, at random).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// The bots ask for the `board` and `position` messages a browser
    /// draws from (by default they replay the events, as the window does).
    #[arg(long)]
    views: bool,
    /// Seconds between two samples of a soak run.
    #[arg(long, default_value_t = 60)]
    every: u64,
    /// Seconds to go on sampling after the bots have left.
    #[arg(long, default_value_t = 0)]
    after: u64,
    /// A file for the samples, as CSV (they go to standard output too).
    #[arg(long)]
    csv: Option<std::path::PathBuf>,
    /// Given by `cargo bench`; without it, one short game is played.
    #[arg(long, hide = true)]
    bench: bool,
}

#[derive(Clone, Copy, PartialEq, Debug, ValueEnum)]
enum Db {
    Sqlite,
    Postgres,
}

/// Connections being opened at one time.
const OPENING_AT_ONCE: usize = 64;

/// The longest any one read of a bot waits.
const WAIT: Duration = Duration::from_secs(120);

fn main() {
    let mut args = Args::parse();
    if !args.bench {
        (args.bots, args.plies, args.db) = (2, 6, Db::Sqlite);
    }
    if let Err(message) = run(&args) {
        eprintln!("online_load: {message}");
        std::process::exit(2);
    }
}

fn run(args: &Args) -> Result<(), String> {
    if args.bots < 2 || !args.bots.is_multiple_of(2) {
        return Err(format!(
            "--bots must be an even number from 2, not {}",
            args.bots
        ));
    }
    if args.plies == 0 || args.games == 0 {
        return Err("--plies and --games must be at least 1".into());
    }
    check_open_files(args.bots)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the bots' threads: {e}"))?;
    let folder = scratch()?;
    let postgres = match args.db {
        Db::Postgres => Some(Postgres::start(&runtime)?),
        Db::Sqlite => None,
    };
    let db = match &postgres {
        Some(pg) => pg.url.clone(),
        None => folder.join("games.sqlite").display().to_string(),
    };
    let result = ServerProcess::start(&db, &folder).and_then(|server| {
        let load = load_average();
        let measured = runtime.block_on(measure(args, &server.addr, server.pid()));
        let log = server.stop();
        measured.map(|m| (m, log, load))
    });
    if let Some(pg) = postgres {
        pg.stop(&runtime);
    }
    let _ = std::fs::remove_dir_all(&folder);
    let (measured, log, load_before) = result?;
    print_report(args, &measured, &load_before);
    if let Some(line) = log.lines().next() {
        println!("  the server said: {line}");
    }
    Ok(())
}

/// Each bot holds one socket, and the server one per bot.
fn check_open_files(bots: usize) -> Result<(), String> {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let soft = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|n| n.parse::<usize>().ok());
    match soft {
        Some(limit) if limit < bots + 64 => Err(format!(
            "{bots} bots need {} open files here and in the server, and the limit is {limit}: \
             raise it first (ulimit -n {})",
            bots + 64,
            (bots + 64).next_power_of_two()
        )),
        _ => Ok(()),
    }
}

/// What a run measured.
struct Measured {
    setup: Duration,
    elapsed: Duration,
    moves: usize,
    games: usize,
    /// How many games ended each way (`checkmate`, `resignation`: the cap).
    endings: BTreeMap<String, usize>,
    /// Every move's time from sent to received, sorted.
    latencies_us: Vec<u64>,
}

async fn measure(args: &Args, addr: &str, server: u32) -> Result<Measured, String> {
    let started = Instant::now();
    let minutes = args
        .minutes
        .map(|m| Duration::from_secs_f64(m.max(0.0) * 60.0));
    let plan = Arc::new(Plan {
        addr: addr.to_string(),
        variant: args.variant.clone(),
        plies: args.plies,
        wait: WAIT,
        think: Duration::from_millis(args.think_ms),
        views: args.views,
        until: minutes.map(|m| started + m),
        live: Arc::new(Live::default()),
    });
    let mut csv = monitor::Csv::create(args.csv.as_ref())?;
    let every = Duration::from_secs(args.every.max(1));
    let sampling = minutes.is_some() || args.csv.is_some();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let live = Arc::clone(&plan.live);
    let sampler = tokio::spawn(async move {
        if sampling {
            sample_until(&live, server, every, stopped, &mut csv).await;
        }
        csv
    });
    let pairs = seat_everyone(&plan, args.bots / 2).await?;
    let setup = started.elapsed();
    let playing = Instant::now();
    let games = if minutes.is_some() {
        usize::MAX
    } else {
        args.games
    };
    let mut playing_pairs = Vec::new();
    for (k, pair) in pairs.into_iter().enumerate() {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(k as u64);
        let games = bot::play_games(pair, Arc::clone(&plan), seed, games);
        playing_pairs.push(tokio::spawn(games));
    }
    let mut all = Vec::new();
    for pair in playing_pairs {
        all.extend(pair.await.map_err(|e| format!("a bot failed: {e}"))??);
    }
    let elapsed = playing.elapsed();
    if sampling {
        tokio::time::sleep(Duration::from_secs(args.after)).await;
    }
    let _ = stop.send(true);
    let mut csv = sampler
        .await
        .map_err(|e| format!("the sampler failed: {e}"))?;
    let last = monitor::sample(&plan.live, server, started);
    if sampling {
        csv.write(
            &last
                .line(usize::MAX, every)
                .replacen("18446744073709551615", "end", 1),
        );
    }
    println!(
        "  the server at the end: {} kB resident, {} open files",
        last.rss_kb, last.fds
    );
    Ok(tally(all, setup, elapsed))
}

/// Writes a sample every `every` until told to stop.
async fn sample_until(
    live: &Live,
    server: u32,
    every: Duration,
    mut stopped: tokio::sync::watch::Receiver<bool>,
    csv: &mut monitor::Csv,
) {
    let started = Instant::now();
    for index in 1.. {
        let next = started + every * index as u32;
        tokio::select! {
            _ = stopped.wait_for(|stop| *stop) => return,
            _ = tokio::time::sleep_until(next.into()) => {}
        }
        csv.write(&monitor::sample(live, server, started).line(index, every));
    }
}

/// Opens every connection and seats every pair in its first game, a
/// bounded number of connections being opened at a time.
async fn seat_everyone(plan: &Arc<Plan>, pairs: usize) -> Result<Vec<Pair>, String> {
    let gate = Arc::new(Semaphore::new(OPENING_AT_ONCE));
    let mut seating = Vec::new();
    for _ in 0..pairs {
        let (plan, gate) = (Arc::clone(plan), Arc::clone(&gate));
        seating.push(tokio::spawn(
            async move { bot::open_pair(&plan, &gate).await },
        ));
    }
    let mut pairs = Vec::new();
    for pair in seating {
        pairs.push(pair.await.map_err(|e| format!("a bot failed: {e}"))??);
    }
    Ok(pairs)
}

fn tally(all: Vec<Played>, setup: Duration, elapsed: Duration) -> Measured {
    let games = all.len() / 2;
    let moves = all.iter().map(|p| p.moves).sum();
    let mut endings = BTreeMap::new();
    for status in all.iter().filter_map(|p| p.ended.as_deref()) {
        // `1-0 checkmate`: the words after the score.
        let line = status.lines().next().unwrap_or("");
        let how = line.split_once(' ').map_or(line, |(_, how)| how);
        *endings.entry(how.to_string()).or_insert(0) += 1;
    }
    let mut latencies_us: Vec<u64> = all.into_iter().flat_map(|p| p.latencies_us).collect();
    latencies_us.sort_unstable();
    Measured {
        setup,
        elapsed,
        moves,
        games,
        endings,
        latencies_us,
    }
}

/// The `p`th percentile (nearest rank) of sorted values, in milliseconds.
pub(crate) fn percentile_ms(sorted_us: &[u64], p: f64) -> f64 {
    if sorted_us.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted_us.len() as f64).ceil() as usize;
    sorted_us[rank.clamp(1, sorted_us.len()) - 1] as f64 / 1000.0
}

/// The 1-, 5- and 15-minute load averages, as `uptime` shows them.
pub(crate) fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn print_report(args: &Args, m: &Measured, load_before: &str) {
    let lat = &m.latencies_us;
    let per_second = m.moves as f64 / m.elapsed.as_secs_f64().max(1e-9);
    println!(
        "online_load: {} bots, {} games of {} ({} at once, resigned at {} moves), {}",
        args.bots,
        m.games,
        args.variant,
        args.bots / 2,
        args.plies,
        match args.db {
            Db::Sqlite => "SQLite",
            Db::Postgres => "PostgreSQL",
        }
    );
    println!(
        "  connecting and seating the first games: {:.1} s",
        m.setup.as_secs_f64()
    );
    println!(
        "  {} moves in {:.1} s: {:.0} moves/s",
        m.moves,
        m.elapsed.as_secs_f64(),
        per_second
    );
    println!(
        "  move sent -> opponent's `moved`: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        percentile_ms(lat, 50.0),
        percentile_ms(lat, 99.0),
        percentile_ms(lat, 100.0),
        lat.len()
    );
    let endings: Vec<String> = m
        .endings
        .iter()
        .map(|(how, n)| format!("{n} {how}"))
        .collect();
    println!("  games ended: {}", endings.join(", "));
    println!(
        "  load average before: {load_before}; after: {}",
        load_average()
    );
}
