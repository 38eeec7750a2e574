//! `play`, `screenshot`, `learn` and the bare command: how the game window
//! starts, decided from the arguments before any window opens.

use std::path::PathBuf;

use clap::Args;

use super::setup::Setup;
use super::start::{LessonStart, OnlineLaunch, PuzzleStart, Snapshot, WindowStart};
use crate::engine::Level;
use crate::net::address::{ADDRESS_FORM, server_address};
use crate::record;
use crate::rules::history::DrawRules;

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game to open; without --variant and --record, the menu.
    #[command(flatten)]
    pub setup: Setup,
    /// Continue the game the window last kept (its autosave), with the same
    /// players unless --white or --black name a computer level.
    #[arg(long, conflicts_with_all = ["record", "variant", "position"])]
    pub resume: bool,
    /// Switch off the threefold-repetition draw.
    #[arg(long)]
    pub no_repetition: bool,
    /// Switch off the 50-move draw.
    #[arg(long)]
    pub no_fifty_moves: bool,
    /// Window size, e.g. 1280x720.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Keep a JSON file of where each cell appears on screen (for scripts).
    #[arg(long)]
    pub cell_map: Option<PathBuf>,
    /// White's player: `human` (the default) or a computer level 1–6.
    #[arg(long, default_value = "human")]
    pub white: String,
    /// Black's player: `human` (the default) or a computer level 1–6.
    #[arg(long, default_value = "human")]
    pub black: String,
    /// Red's player in a three-player game: `human` (the default) or a
    /// computer level 1–6.
    #[arg(long, default_value = "human")]
    pub red: String,
    /// Chess clocks: minutes each and seconds added after each move, e.g.
    /// `5+3`; a saved game goes on with its own clocks unless this is given.
    #[arg(long)]
    pub clock: Option<String>,
    /// Open the Play online screen connected to this server (HOST:PORT or
    /// ws://HOST:PORT).
    #[arg(long, conflicts_with_all = ["resume", "record", "variant", "position", "clock"])]
    pub online: Option<String>,
    /// With --online: join the game of this invite code at once.
    #[arg(long, requires = "online")]
    pub join: Option<String>,
}

/// `--online HOST:PORT` (or `ws://HOST:PORT`) and `--join CODE`, checked
/// before a window opens.
fn online_launch(typed: &str, join: Option<&str>) -> Result<OnlineLaunch, String> {
    let addr =
        server_address(typed).map_err(|e| format!("--online must be {ADDRESS_FORM}: {e}"))?;
    if let Some(code) = join {
        let fits = !code.is_empty() && code.len() <= 64;
        if !fits || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!(
                "--join must be an invite code (letters and digits), not '{code}'"
            ));
        }
    }
    Ok(OnlineLaunch {
        addr: addr.to_string(),
        join: join.map(str::to_string),
    })
}

/// `--clock M+I`: minutes each (a fraction allowed, e.g. `0.5+0`) and
/// whole seconds of increment, in milliseconds.
pub fn parse_clock(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--clock must look like 5+3 (minutes+seconds), not '{text}'");
    let (minutes, increment) = text.split_once('+').ok_or_else(bad)?;
    let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
    let increment: u64 = increment.trim().parse().map_err(|_| bad())?;
    if !(minutes > 0.0 && minutes <= 600.0) || increment > 600 {
        return Err(format!(
            "--clock {text}: minutes must be above 0 and at most 600, seconds at most 600"
        ));
    }
    Ok(((minutes * 60_000.0).round() as u64, increment * 1000))
}

/// `human` or a computer level.
pub fn player(flag: &str, text: &str) -> Result<Option<Level>, String> {
    if text == "human" {
        return Ok(None);
    }
    text.parse::<Level>()
        .map(Some)
        .map_err(|e| format!("--{flag}: {e} (or 'human')"))
}

#[derive(Args, Debug, Clone)]
pub struct ScreenshotArgs {
    #[command(flatten)]
    pub setup: Setup,
    /// The PNG to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Image size, e.g. 1280x720.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Frames to render before the picture is taken.
    #[arg(long, default_value_t = 4)]
    pub frames: u32,
    /// Also write where each cell appears in the picture, as JSON.
    #[arg(long)]
    pub cell_map: Option<PathBuf>,
    /// Print the mean frame time of the frames rendered before the picture
    /// (the first few, which build pipelines, left out), as
    /// `frame-time MS ms over N frames` on standard error: a repeatable measure of the
    /// renderer's cost (`--frames 40` for a steadier figure).
    #[arg(long)]
    pub frame_time: bool,
    /// Show this lesson (see `learn --list`) instead of a game.
    #[arg(long, conflicts_with_all = ["variant", "record", "position"])]
    pub lesson: Option<String>,
    /// With --lesson: after this many of its steps, counted as the lesson
    /// panel counts them (0 is its start).
    #[arg(long, requires = "lesson")]
    pub step: Option<usize>,
    /// Show this puzzle at its start (its id, as in assets/puzzles) instead
    /// of a game.
    #[arg(long, conflicts_with_all = ["variant", "record", "position", "lesson"])]
    pub puzzle: Option<String>,
}

pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--size must look like 1280x720, not '{text}'");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.parse().map_err(|_| bad())?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(format!("--size {text} is outside 64x64 to 8192x8192"));
    }
    Ok((w, h))
}

/// `play`: opens the window on the game the arguments describe, with who
/// plays each side (from --white and --black, else from a resumed save).
pub fn play(args: &PlayArgs) -> Result<(), String> {
    let size = parse_size(&args.size)?;
    if let Some(addr) = &args.online {
        return open(WindowStart {
            online: Some(online_launch(addr, args.join.as_deref())?),
            cell_map: args.cell_map.clone(),
            ..WindowStart::new(size)
        });
    }
    let mut players = vec![
        player("white", &args.white)?,
        player("black", &args.black)?,
        player("red", &args.red)?,
    ];
    let control = args.clock.as_deref().map(parse_clock).transpose()?;
    let loaded = launch_game(args)?;
    let mut notice = None;
    let mut clock = None;
    let mut move_ms = Vec::new();
    let game = loaded.map(|loaded| {
        if let Some(saved) = &loaded.players {
            for (side, saved) in players.iter_mut().zip(saved) {
                if side.is_none() {
                    *side = *saved;
                }
            }
        }
        if let Some(stopped) = &loaded.stopped {
            eprintln!("variantarium: {stopped}");
        }
        notice = loaded.stopped;
        let sides = usize::from(loaded.session.side_count());
        clock = match control {
            Some((base_ms, increment_ms)) => Some(record::SavedClock {
                base_ms,
                increment_ms,
                left_ms: vec![base_ms; sides],
            }),
            None => loaded.clock,
        };
        move_ms = loaded.move_ms;
        loaded.session
    });
    let sides = game.as_ref().map_or(0, |game| game.side_count());
    if game.is_none() && control.is_some() {
        return Err("--clock needs a game (--variant, --record or --resume)".into());
    }
    if sides < 3 && args.red != "human" {
        return Err("--red: Red plays only in a three-player game".into());
    }
    open(WindowStart {
        game,
        clock,
        move_ms,
        cell_map: args.cell_map.clone(),
        players,
        notice,
        ..WindowStart::new(size)
    })
}

/// The saved game `--resume` continues.
pub fn resume_path() -> Result<PathBuf, String> {
    let path = record::autosave_path().ok_or(
        "--resume: no data folder to keep games in (set HOME or XDG_DATA_HOME)".to_string(),
    )?;
    if !path.exists() {
        return Err(format!(
            "--resume: no game to continue ({} does not exist)",
            path.display()
        ));
    }
    Ok(path)
}

fn launch_game(args: &PlayArgs) -> Result<Option<record::Loaded>, String> {
    if args.resume {
        return record::open(&resume_path()?).map(Some);
    }
    let setup = &args.setup;
    if let Some(path) = &setup.record
        && setup.moves.trim().is_empty()
    {
        // The record's own players and where it stopped come along.
        return record::open(path).map(Some);
    }
    if setup.variant.is_none() && setup.record.is_none() {
        return Ok(None);
    }
    let rules = DrawRules {
        repetition: !args.no_repetition,
        fifty_moves: !args.no_fifty_moves,
    };
    setup.session(rules).map(|session| {
        Some(record::Loaded {
            session,
            stopped: None,
            players: None,
            clock: None,
            online: None,
            result: "*".into(),
            move_ms: Vec::new(),
        })
    })
}

#[cfg(feature = "app")]
use super::launch::open;

#[cfg(not(feature = "app"))]
fn open(_start: WindowStart) -> Result<(), String> {
    Err("this build has no game window (it was built without the `app` feature)".into())
}

/// No subcommand: the main menu.
pub fn open_menu() -> Result<(), String> {
    open(WindowStart::new((1280, 720)))
}

/// The lesson a screenshot shows, checked before any window opens.
fn screenshot_lesson(args: &ScreenshotArgs) -> Result<Option<LessonStart>, String> {
    let Some(id) = &args.lesson else {
        return Ok(None);
    };
    let library = crate::learn::Library::shipped()?;
    let Some(lesson) = library.find(id) else {
        return Err(format!(
            "no lesson '{id}' (see `variantarium learn --list`)"
        ));
    };
    let shown = args.step.unwrap_or(0);
    let Some(step) = lesson.steps_through(shown) else {
        return Err(format!(
            "--step {shown}: lesson '{id}' has {} steps",
            lesson.shown_steps(lesson.steps.len())
        ));
    };
    Ok(Some(LessonStart {
        library,
        lesson: Some(id.clone()),
        step: Some(step),
    }))
}

/// `screenshot`: the scene of a game or a lesson step, as a PNG.
pub fn screenshot(args: &ScreenshotArgs) -> Result<(), String> {
    let size = parse_size(&args.size)?;
    if args.out.extension().is_none_or(|e| e != "png") {
        return Err(format!(
            "--out must name a .png file, not '{}'",
            args.out.display()
        ));
    }
    let lessons = screenshot_lesson(args)?;
    let puzzle = screenshot_puzzle(args)?;
    let game = match (&lessons, &puzzle) {
        (None, None) => Some(args.setup.session(DrawRules::default())?),
        _ => None,
    };
    open(WindowStart {
        game,
        cell_map: args.cell_map.clone(),
        screenshot: Some(Snapshot {
            path: args.out.clone(),
            frames: args.frames.max(2),
            frame_time: args.frame_time,
            select: None,
            legend: Vec::new(),
        }),
        lessons,
        puzzle,
        ..WindowStart::new(size)
    })
}

/// The puzzle a screenshot shows, checked before any window opens.
fn screenshot_puzzle(args: &ScreenshotArgs) -> Result<Option<PuzzleStart>, String> {
    let Some(id) = &args.puzzle else {
        return Ok(None);
    };
    crate::puzzles::serve::shipped(id)?;
    Ok(Some(PuzzleStart {
        set: crate::puzzles::PuzzleSet::Mixed,
        id: Some(id.clone()),
    }))
}

/// `puzzles --play`: the window straight into the next puzzle of `set`.
pub fn open_puzzles(set: crate::puzzles::PuzzleSet, size: (u32, u32)) -> Result<(), String> {
    open(WindowStart {
        puzzle: Some(PuzzleStart { set, id: None }),
        ..WindowStart::new(size)
    })
}

/// `learn`: the window on the Learn menu, or straight into one lesson.
pub fn open_learn(
    library: crate::learn::Library,
    lesson: Option<String>,
    size: (u32, u32),
) -> Result<(), String> {
    open(WindowStart {
        lessons: Some(LessonStart {
            library,
            lesson,
            step: None,
        }),
        ..WindowStart::new(size)
    })
}
