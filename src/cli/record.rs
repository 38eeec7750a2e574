//! `variantarium record`: a video of a game, a computer game or a tour of
//! every game. The source becomes a [`Script`]; its frame count is printed
//! first (`frames N`), then the game window plays it frame by frame and the
//! frames are encoded as they are read back.

use std::io::Write;

use clap::Args;

use super::setup::Setup;
use crate::engine::Level;
use crate::engine::session::replayable_move;
use crate::record;
use crate::rules::history::DrawRules;
use crate::rules::notation::move_list;
use crate::rules::session::{Session, new_session};
use crate::rules::zobrist::splitmix64;
use crate::video::script::{Card, Pace, Script, Segment, Timeline};
use crate::video::showcase::{SHOWCASE_GAMES, showcase};

#[derive(Args, Debug, Clone)]
pub struct RecordArgs {
    /// The game: --variant (with --moves, --position) or --record FILE.
    #[command(flatten)]
    pub setup: Setup,
    /// A fresh computer game of --variant between --white and --black.
    #[arg(long, conflicts_with_all = ["record", "moves", "showcase"])]
    pub selfplay: bool,
    /// With --selfplay: White's level, 1 (Novice) to 6 (Grandmaster).
    #[arg(long, default_value = "2")]
    pub white: String,
    /// With --selfplay: Black's level, 1 to 6.
    #[arg(long, default_value = "2")]
    pub black: String,
    /// With --selfplay, in three-player games: Red's level, 1 to 6.
    #[arg(long, default_value = "2")]
    pub red: String,
    /// With --selfplay: the seed of the computer players' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// With --selfplay: stop after this many moves if the game goes on.
    #[arg(long, default_value_t = 40)]
    pub plies: u32,
    /// The showcase: from seeded computer games of each game (or of
    /// --variant alone), the moves that show what makes it unique (captures
    /// that swap, the Loom, curved moves, an elimination, the Transmitter…),
    /// each captioned in words at a readable pace.
    #[arg(long, conflicts_with_all = ["record", "moves", "position"])]
    pub showcase: bool,
    /// A lesson (see `variantarium learn --list`), played as the window's
    /// lesson player plays it: its captions for their seconds, its marks,
    /// arrows and camera shots, its exercises answered by their scripted
    /// answers.
    #[arg(
        long,
        conflicts_with_all = ["record", "variant", "moves", "position", "selfplay", "showcase"]
    )]
    pub lesson: Option<String>,
    /// A puzzle (its id, as in assets/puzzles): its position and prompt,
    /// then its solution played.
    #[arg(
        long,
        conflicts_with_all = ["record", "variant", "moves", "position", "selfplay", "showcase", "lesson"]
    )]
    pub puzzle: Option<String>,
    /// The output: .mp4 (H.264), .webm (VP9), .gif, or a folder (ending in
    /// / or existing) for numbered PNG frames.
    #[arg(long)]
    pub out: String,
    /// Frame size, e.g. 1280x720.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Frames per second.
    #[arg(long, default_value_t = 30)]
    pub fps: u32,
    /// Seconds each move takes on screen.
    #[arg(long, default_value_t = 1.2)]
    pub seconds_per_move: f64,
    /// With --record: replay the game at the pace it was played, from the
    /// time each move took (kept by games saved in the window); each pause
    /// is capped at 10 seconds.
    #[arg(long, conflicts_with_all = ["selfplay", "showcase", "lesson"])]
    pub real_time: bool,
    /// The camera: player, top, orbit, cinematic, or showcase (near the
    /// boards, following each move). Default: showcase with --showcase,
    /// player otherwise.
    #[arg(long)]
    pub camera: Option<String>,
    /// Render quality: low, medium or high (default: the window's, which is
    /// low on a CPU renderer and high on a GPU).
    #[arg(long)]
    pub quality: Option<String>,
    /// The title card's heading (default: the game's name).
    #[arg(long)]
    pub title: Option<String>,
    /// No caption strip under the game.
    #[arg(long)]
    pub no_captions: bool,
    /// Render in a window that is never shown (the game window's Record
    /// dialog records this way, so that nothing covers the game).
    #[arg(long)]
    pub hidden: bool,
    /// No progress bar (the `frames N` line stays).
    #[arg(long)]
    pub quiet: bool,
    /// Also writes where each cell appears in the frame, as JSON (as
    /// `screenshot --cell-map`), for the camera of the last frame.
    #[arg(long)]
    pub cell_map: Option<std::path::PathBuf>,
}

/// Frames per second accepted.
const FPS_RANGE: std::ops::RangeInclusive<u32> = 1..=120;
/// Seconds per move accepted.
const SECONDS_PER_MOVE_RANGE: std::ops::RangeInclusive<f64> = 0.2..=60.0;

impl RecordArgs {
    /// The pace, checked.
    pub fn pace(&self) -> Result<Pace, String> {
        if !FPS_RANGE.contains(&self.fps) {
            return Err(format!("--fps must be 1 to 120, not {}", self.fps));
        }
        if !SECONDS_PER_MOVE_RANGE.contains(&self.seconds_per_move) {
            return Err(format!(
                "--seconds-per-move must be 0.2 to 60, not {}",
                self.seconds_per_move
            ));
        }
        Ok(Pace {
            fps: self.fps,
            seconds_per_move: self.seconds_per_move,
        })
    }

    /// What the video shows.
    pub fn script(&self) -> Result<Script, String> {
        let mut script = if self.showcase {
            match &self.setup.variant {
                Some(_) => showcase(&[self.setup.variant()?.id])?,
                None => showcase(&SHOWCASE_GAMES)?,
            }
        } else if let Some(id) = &self.lesson {
            lesson(id)?
        } else if let Some(id) = &self.puzzle {
            puzzle(id)?
        } else if self.selfplay {
            let variant = self.setup.variant()?;
            let start = new_session(
                variant,
                DrawRules::default(),
                self.setup.position.as_deref(),
            )?;
            let levels = self.levels()?;
            let moves = computer_game(start.as_ref(), &levels, self.seed, self.plies);
            let players = levels_line(start.as_ref(), &levels);
            single(start, &moves, vec![players])?
        } else {
            let game = self.game()?;
            let mut lines: Vec<String> = game.players.into_iter().collect();
            lines.push(crate::rules::glossary::rounds_phrase(
                game.moves.len(),
                game.start.side_count(),
            ));
            let mut script = single(game.start, &game.moves, lines)?;
            if self.real_time {
                let times = real_times(&game.move_ms, &self.setup)?;
                script.segments = script
                    .segments
                    .into_iter()
                    .map(|segment| segment.at_real_pace(times))
                    .collect();
            }
            script
        };
        if let Some(title) = &self.title
            && let Some(first) = script.segments.first_mut()
        {
            first.title.heading = title.clone();
        }
        Ok(script)
    }

    /// The game named by --variant or --record.
    fn game(&self) -> Result<Game, String> {
        let setup = &self.setup;
        let extra: Vec<String> = move_list(&setup.moves)
            .map(|(_, m)| m.to_string())
            .collect();
        if let Some(path) = &setup.record {
            let loaded = record::open(path)?;
            let game = loaded.session;
            let start = new_session(game.variant(), game.draw_rules(), Some(&game.start_text()))?;
            let mut moves = game.moves();
            moves.extend(extra);
            let players = loaded
                .players
                .map(|seats| seats_line(start.as_ref(), &seats));
            return Ok(Game {
                start,
                moves,
                players,
                move_ms: loaded.move_ms,
            });
        }
        if setup.variant.is_none() {
            return Err(
                "record needs a source: --variant V, --record FILE, --lesson ID, --puzzle ID, --selfplay or --showcase"
                    .into(),
            );
        }
        let start = new_session(
            setup.variant()?,
            DrawRules::default(),
            setup.position.as_deref(),
        )?;
        Ok(Game {
            start,
            moves: extra,
            players: None,
            move_ms: Vec::new(),
        })
    }

    /// The computer levels by side (White, Black, then Red).
    fn levels(&self) -> Result<Vec<Level>, String> {
        let level =
            |flag: &str, text: &str| text.parse::<Level>().map_err(|e| format!("--{flag}: {e}"));
        Ok(vec![
            level("white", &self.white)?,
            level("black", &self.black)?,
            level("red", &self.red)?,
        ])
    }
}

/// A game to record: its start, the moves played from it, who played it
/// (when its record says) and the time each move took (where known).
struct Game {
    start: Box<dyn Session>,
    moves: Vec<String>,
    players: Option<String>,
    move_ms: Vec<Option<u64>>,
}

/// The move times `--real-time` paces the video with: a game from
/// `--record` whose save keeps them.
fn real_times<'a>(move_ms: &'a [Option<u64>], setup: &Setup) -> Result<&'a [Option<u64>], String> {
    let Some(path) = &setup.record else {
        return Err("--real-time needs --record GAME, a game saved with its move times".into());
    };
    if move_ms.iter().all(Option::is_none) {
        return Err(format!(
            "--real-time: {} keeps no move times (games saved in the window keep them)",
            path.display()
        ));
    }
    Ok(move_ms)
}

/// A script of one game.
fn single(start: Box<dyn Session>, moves: &[String], lines: Vec<String>) -> Result<Script, String> {
    let title = Card {
        heading: start.variant().id.title().to_string(),
        lines,
    };
    let end = Card {
        heading: "Variantarium".into(),
        lines: vec![start.variant().id.title().to_string()],
    };
    let segment = Segment::replay(title, start, moves)?;
    Ok(Script {
        segments: vec![segment],
        end,
    })
}

/// A lesson: its title and goal on the card, then the lesson itself,
/// played by the window's lesson player on the lesson's own timeline.
fn lesson(id: &str) -> Result<Script, String> {
    let library = crate::learn::Library::shipped()?;
    let lesson = library
        .find(id)
        .ok_or_else(|| format!("no lesson '{id}' (see `variantarium learn --list`)"))?;
    // Played through once here, so that a lesson that does not play is an
    // error before any window opens.
    let all = lesson.steps.len();
    let played = crate::learn::Frame::after(lesson, all)
        .map_err(|(step, e)| format!("lesson '{id}' step {step}: {e}"))?;
    let start = crate::learn::Frame::start(lesson)?.session;
    let segment = Segment {
        title: Card {
            heading: lesson.title.clone(),
            lines: vec![lesson.goal.clone()],
        },
        start,
        steps: Vec::new(),
        closing: played.caption.unwrap_or_default(),
        lesson: Some(lesson.clone()),
        seat: None,
    };
    Ok(Script {
        segments: vec![segment],
        end: Card {
            heading: "Variantarium".into(),
            lines: vec![format!("Learn: {}", lesson.title)],
        },
    })
}

/// A puzzle: its game and prompt on the card, then its solution, each move
/// captioned as the solver's or the reply.
fn puzzle(id: &str) -> Result<Script, String> {
    let puzzle = crate::puzzles::serve::shipped(id)?;
    let start = crate::puzzles::serve::start(&puzzle).map_err(|e| format!("puzzle '{id}': {e}"))?;
    let solver = start.side_to_move();
    let prompt = crate::puzzles::prompt(&puzzle, solver.name());
    let game = start.variant().id.title().to_string();
    let title = Card {
        heading: format!("Puzzle: {game}"),
        lines: vec![prompt.clone(), format!("Rated {}", puzzle.rating)],
    };
    let mut segment = Segment::replay(title, start, &puzzle.solution)
        .map_err(|e| format!("puzzle '{id}': {e}"))?;
    for (i, step) in segment.steps.iter_mut().enumerate() {
        let whose = if i % 2 == 0 {
            "the winning move"
        } else {
            "the reply"
        };
        step.caption = format!("{}: {whose}", step.text);
    }
    segment.seat = Some(solver);
    Ok(Script {
        segments: vec![segment],
        end: Card {
            heading: "Variantarium".into(),
            lines: vec![format!("Puzzles: {game}"), prompt],
        },
    })
}

/// The moves computer players at `levels` (by side number) choose from
/// `start`, seeded, until the game ends or `plies` moves are played.
fn computer_game(start: &dyn Session, levels: &[Level], seed: u64, plies: u32) -> Vec<String> {
    let mut game = start.clone_box();
    let mut moves = Vec::new();
    for ply in 0..plies as u64 {
        if game.outcome().is_some() {
            break;
        }
        let level = levels[game.side_to_move().0 as usize % levels.len()];
        let Some(text) = replayable_move(game.as_ref(), level, splitmix64(seed ^ ply)) else {
            break;
        };
        if game.play(&text).is_err() {
            break;
        }
        moves.push(text);
    }
    moves
}

/// "White: Apprentice · Black: Club player".
fn levels_line(start: &dyn Session, levels: &[Level]) -> String {
    let seats: Vec<Option<Level>> = levels.iter().copied().map(Some).collect();
    seats_line(start, &seats)
}

/// "White: Human  ·  Black: Novice": who plays each side (None a person).
fn seats_line(start: &dyn Session, seats: &[Option<Level>]) -> String {
    (0..start.side_count())
        .map(|side| {
            let side = crate::rules::Side(side);
            let who = seats
                .get(side.index())
                .copied()
                .flatten()
                .map_or("Human", Level::name);
            format!("{}: {who}", side.name())
        })
        .collect::<Vec<_>>()
        .join("  ·  ")
}

/// Runs `record`: checks everything, prints `frames N`, records. A
/// signal (Ctrl-C, SIGTERM, SIGHUP) at any point stops it with nothing
/// written and an error ([`crate::video::stop`]).
pub fn run(args: &RecordArgs, out: &mut dyn Write) -> Result<(), String> {
    crate::video::stop::watch()?;
    let size = super::window::parse_size(&args.size)?;
    let pace = args.pace()?;
    let default_camera = if args.showcase { "showcase" } else { "player" };
    let camera = camera_mode(args.camera.as_deref().unwrap_or(default_camera))?;
    let quality = args
        .quality
        .as_deref()
        .map(crate::app::Quality::parse)
        .transpose()?;
    let target = crate::video::sink::Target::parse(&args.out)?;
    let script = args.script()?;
    target.check()?;
    if let Some(map) = &args.cell_map {
        check_cell_map(map)?;
    }
    super::launch::check_display()?;
    crate::video::stop::stopped()?;
    let total = Timeline::new(&script, pace).total();
    writeln!(out, "frames {total}")
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))?;
    record_frames(script, pace, size, camera, quality, &target, args)
}

/// The cell map's folder must exist: the map is written as the frames are.
fn check_cell_map(path: &std::path::Path) -> Result<(), String> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if folder.is_dir() && !path.is_dir() {
        Ok(())
    } else {
        Err(format!("--cell-map: cannot write {}", path.display()))
    }
}

fn camera_mode(text: &str) -> Result<crate::video::CameraMode, String> {
    use crate::video::CameraMode;
    Ok(match text {
        "player" => CameraMode::Player,
        "top" => CameraMode::Top,
        "orbit" => CameraMode::Orbit,
        "cinematic" => CameraMode::Cinematic,
        "showcase" => CameraMode::Showcase,
        _ => {
            return Err(format!(
                "--camera must be player, top, orbit, cinematic or showcase, not '{text}'"
            ));
        }
    })
}

/// A lesson opens in the window's lesson player, which the recording
/// paces; a game opens as the launch game.
fn lesson_start(script: &Script) -> Result<Option<super::start::LessonStart>, String> {
    let Some(lesson) = script.segments.first().and_then(|s| s.lesson.as_ref()) else {
        return Ok(None);
    };
    Ok(Some(super::start::LessonStart {
        library: crate::learn::Library::shipped()?,
        lesson: Some(lesson.id.clone()),
        step: None,
    }))
}

/// Plays the script in the window and encodes its frames.
fn record_frames(
    script: Script,
    pace: Pace,
    size: (u32, u32),
    camera: crate::video::CameraMode,
    quality: Option<crate::app::Quality>,
    target: &crate::video::sink::Target,
    args: &RecordArgs,
) -> Result<(), String> {
    use std::sync::{Arc, Mutex};
    let total = Timeline::new(&script, pace).total();
    let lessons = lesson_start(&script)?;
    let encoder = target.open(size.0, size.1, pace.fps)?;
    let writer = crate::video::writer::Writer::spawn(encoder, size, total, args.quiet);
    let frames = Arc::new(Mutex::new(Some(writer.frames)));
    let failure = Arc::new(Mutex::new(None));
    let game = script.segments.first().map(|s| s.start.clone_box());
    let plugin = crate::video::RecordPlugin::new(
        script,
        pace,
        camera,
        !args.no_captions,
        frames.clone(),
        failure.clone(),
    );
    let start = super::start::WindowStart {
        game: game.filter(|_| lessons.is_none()),
        players: vec![None, None, None],
        hidden: args.hidden,
        cell_map: args.cell_map.clone(),
        lessons,
        ..super::start::WindowStart::new(size)
    };
    let shown = super::launch::run(start, Some(plugin), quality);
    // Whatever became of the window, the encoder learns there is no more.
    if let Ok(mut frames) = frames.lock() {
        frames.take();
    }
    let written = writer
        .done
        .join()
        .unwrap_or_else(|_| Err("the encoder failed".into()));
    // A signal explains everything that failed after it.
    crate::video::stop::stopped()?;
    if let Some(failed) = failure.lock().ok().and_then(|mut f| f.take()) {
        return Err(failed);
    }
    match (written, shown) {
        // The window's own failure explains why the frames stopped.
        (Err(_), Err(window)) if !window.starts_with("the recording") => Err(window),
        (written, shown) => written.and(shown),
    }
}
