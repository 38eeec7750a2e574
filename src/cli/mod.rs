//! The command line: `perft`, `moves`, `bench` and the rest. Every bad input
//! ends in a one-line message and exit status 2, never a panic.

mod bench;
mod learn;
#[cfg(feature = "app")]
mod record;
mod selfplay;
mod status;
mod window;

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::rules::history::DrawRules;
use crate::rules::notation::move_list;
use crate::rules::perft::{divide, perft};
use crate::rules::registry::GAMES;
use crate::rules::session::{Session, new_session};
use crate::rules::{Position, sorted_moves};
use crate::rules::{dispatch::VariantVisitor, variant::Variant};

#[derive(Parser, Debug)]
#[command(
    name = "variantarium",
    version,
    about = "Flaxman, Tapestry Chess, Anglojewish (hexagonal) Chess and Chakra in 3D",
    long_about = "Without a subcommand, opens the game window."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the legal-move tree.
    Perft {
        #[command(flatten)]
        setup: Setup,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Print one line `MOVE COUNT` per legal move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one per line, sorted by their text.
    Moves {
        #[command(flatten)]
        setup: Setup,
    },
    /// Say where the game stands: `ongoing` or the result and its reason
    /// (`1-0 checkmate`, `1/2-1/2 repetition`, …), then `check` or
    /// `no-check` for the side to move.
    Status {
        #[command(flatten)]
        setup: Setup,
        /// Switch off the threefold-repetition draw.
        #[arg(long)]
        no_repetition: bool,
        /// Switch off the 50-move draw.
        #[arg(long)]
        no_fifty_moves: bool,
    },
    /// Open the game window on a game (from a variant or a saved record).
    Play(window::PlayArgs),
    /// Render a position with the game's scene and write a PNG.
    Screenshot(window::ScreenshotArgs),
    /// Record a video (MP4, WebM), a GIF or PNG frames of a game, a
    /// computer game or a tour of every game; prints `frames N` first.
    #[cfg(feature = "app")]
    Record(Box<record::RecordArgs>),
    /// Lessons: the Learn menu, one lesson (--lesson), the list (--list) or
    /// the proof of every lesson against the rules (--check).
    Learn(learn::LearnArgs),
    /// Measure move-generation speed (bulk-counted perft) for every game.
    Bench {
        /// Only this variant.
        #[arg(long)]
        variant: Option<String>,
        /// With --variant, a hex game: the pawn-like piece.
        #[arg(long, requires = "variant")]
        pawn: Option<String>,
        /// Seconds to spend on each game, at least.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// Search threads for the engine's part (Lazy SMP).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Search to this depth instead of one million nodes (time to depth).
        #[arg(long)]
        depth: Option<u32>,
        /// Skip the move-generation (perft) part.
        #[arg(long)]
        search_only: bool,
    },
    /// Let two players (engine levels 1 to 6, or `random`) play each other;
    /// prints one line per game, then White's wins-draws-losses. Three-player
    /// games take `--red` too and end with `red N white N black N draws N`.
    Selfplay {
        /// Variant id (see `perft --help`).
        #[arg(long)]
        variant: String,
        /// Hex games: the pawn-like piece (point, migrant, broker, corporal).
        #[arg(long)]
        pawn: Option<String>,
        /// Three-player games: Red's player, `random` or a level 1 to 6.
        #[arg(long)]
        red: Option<String>,
        /// White's player: `random` or a level 1 (Novice) to 6 (Grandmaster).
        #[arg(long)]
        white: String,
        /// Black's player: `random` or a level 1 to 6.
        #[arg(long)]
        black: String,
        /// Number of games.
        #[arg(long)]
        games: u32,
        /// Seed for the random player and the engines' noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plies after which an unfinished game counts as a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
        /// Milliseconds per engine move instead of the levels' node budgets
        /// (their depth caps and noise stay).
        #[arg(long, conflicts_with = "nodes_only")]
        movetime: Option<u64>,
        /// The levels' node budgets without their time caps, so that a busy
        /// machine cannot cut a deeper level's search short (one thread:
        /// the games then replay exactly from the seed).
        #[arg(long)]
        nodes_only: bool,
        /// Search threads per engine move (Lazy SMP).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// Which game, from where: the options shared by the commands that read a
/// position.
#[derive(Args, Debug, Clone)]
pub struct Setup {
    #[arg(long, help = variant_help())]
    pub variant: Option<String>,
    /// Hex games: the pawn-like piece (point, migrant, broker, corporal).
    #[arg(long)]
    pub pawn: Option<String>,
    /// Start from this position text instead of the game's start.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, separated by spaces, in the game's notation.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Start where a saved game or an exported record stands (its variant,
    /// draw rules and history); --moves are played after it.
    #[arg(long, conflicts_with_all = ["variant", "pawn", "position"])]
    pub record: Option<PathBuf>,
}

/// The `--variant` help: every registered game's id.
fn variant_help() -> String {
    let ids: Vec<&str> = GAMES.iter().map(|game| game.key).collect();
    format!(
        "Variant id: {}. Needed unless --record names the game.",
        ids.join(", ")
    )
}

impl Setup {
    pub fn variant(&self) -> Result<Variant, String> {
        let Some(variant) = &self.variant else {
            return Err("--variant or --record is required".into());
        };
        Variant::parse(variant, self.pawn.as_deref())
    }

    /// The same setup naming its game directly: a record becomes the
    /// variant it plays and the position it reached.
    pub fn resolved(&self) -> Result<Setup, String> {
        let Some(path) = &self.record else {
            return Ok(self.clone());
        };
        let session = crate::record::load(path)?;
        let variant = session.variant();
        Ok(Setup {
            variant: Some(variant.id.id().into()),
            pawn: variant.pawn.map(|p| p.id().into()),
            position: Some(session.position_text()),
            moves: self.moves.clone(),
            record: None,
        })
    }

    /// The game this setup names with its moves played: a record keeps its
    /// own draw rules and history, a variant gets `rules`.
    pub fn session(&self, rules: DrawRules) -> Result<Box<dyn Session>, String> {
        let mut session = match &self.record {
            Some(path) => crate::record::load(path)?,
            None => new_session(self.variant()?, rules, self.position.as_deref())?,
        };
        for (place, text) in move_list(&self.moves) {
            session
                .play(text)
                .map_err(|e| format!("move {place} of --moves: {e}"))?;
        }
        Ok(session)
    }

    /// The position this setup names, for a game type `P` (a record must
    /// have been [resolved](Setup::resolved) first).
    pub fn position<P: Position>(&self, options: &P::Options) -> Result<P, String> {
        let mut pos = match &self.position {
            Some(text) => P::from_text(text, options).map_err(|e| e.to_string())?,
            None => P::start(options),
        };
        for (place, text) in move_list(&self.moves) {
            let mv = pos
                .parse_move(text)
                .map_err(|e| format!("move {place} of --moves: {e}"))?;
            pos.play(mv);
        }
        Ok(pos)
    }
}

/// Parses the arguments and runs the command; `Err` is a usage error
/// (exit status 2) with its one-line message.
pub fn run(args: impl IntoIterator<Item = OsString>, out: &mut dyn Write) -> Result<(), String> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = write!(out, "{e}");
            return Ok(());
        }
        Err(e) => return Err(one_line(&e.to_string())),
    };
    match cli.command {
        None => open_window(out),
        Some(Command::Play(args)) => {
            let size = window::parse_size(&args.size)?;
            let players = vec![
                window::player("white", &args.white)?,
                window::player("black", &args.black)?,
            ];
            window::open(
                window::game_of(&args)?,
                size,
                args.cell_map.clone(),
                players,
            )
        }
        Some(Command::Screenshot(args)) => window::screenshot(&args),
        #[cfg(feature = "app")]
        Some(Command::Record(args)) => record::run(&args, out),
        Some(Command::Learn(args)) => learn::run(&args, out),
        Some(Command::Perft {
            setup,
            depth,
            divide,
        }) => {
            let setup = setup.resolved()?;
            setup.variant()?.visit(PerftCommand {
                setup: &setup,
                depth,
                divide,
                out,
            })?
        }
        Some(Command::Moves { setup }) => {
            let setup = setup.resolved()?;
            setup
                .variant()?
                .visit(MovesCommand { setup: &setup, out })?
        }
        Some(Command::Status {
            setup,
            no_repetition,
            no_fifty_moves,
        }) => {
            let mut session = setup.session(DrawRules::default())?;
            let rules = session.draw_rules();
            session.set_draw_rules(DrawRules {
                repetition: rules.repetition && !no_repetition,
                fifty_moves: rules.fifty_moves && !no_fifty_moves,
            });
            let [standing, check] = status::lines(session.as_ref());
            writeln!(out, "{standing}\n{check}").map_err(io_error)
        }
        Some(Command::Bench {
            variant,
            pawn,
            seconds,
            threads,
            depth,
            search_only,
        }) => {
            let only = variant
                .map(|id| Variant::parse(&id, pawn.as_deref()))
                .transpose()?;
            let spec = bench::Bench {
                seconds,
                threads,
                depth,
                search_only,
            };
            spec.run(only, out)
        }
        Some(Command::Selfplay {
            variant,
            pawn,
            red,
            white,
            black,
            games,
            seed,
            max_plies,
            movetime,
            nodes_only,
            threads,
        }) => {
            let variant = Variant::parse(&variant, pawn.as_deref())?;
            selfplay::Selfplay {
                red: red
                    .map(|r| selfplay::Player::parse(&r).map_err(|e| format!("--red: {e}")))
                    .transpose()?,
                white: selfplay::Player::parse(&white).map_err(|e| format!("--white: {e}"))?,
                black: selfplay::Player::parse(&black).map_err(|e| format!("--black: {e}"))?,
                games,
                seed,
                max_plies,
                movetime,
                nodes_only,
                threads,
            }
            .run(variant, out)
        }
    }
}

/// No subcommand: the game window on its main menu, or the help where this
/// build has no window.
fn open_window(out: &mut dyn Write) -> Result<(), String> {
    if cfg!(feature = "app") {
        window::open(None, (1280, 720), None, vec![None, None])
    } else {
        use clap::CommandFactory;
        let _ = write!(out, "{}", Cli::command().render_help());
        Ok(())
    }
}

/// Clap's message on one line: the text before its usage block, joined.
fn one_line(message: &str) -> String {
    let text = message
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    if text.is_empty() {
        "invalid arguments".to_string()
    } else {
        text.to_string()
    }
}

fn io_error(e: std::io::Error) -> String {
    format!("cannot write output: {e}")
}

struct PerftCommand<'a> {
    setup: &'a Setup,
    depth: u32,
    divide: bool,
    out: &'a mut dyn Write,
}

impl VariantVisitor for PerftCommand<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let mut pos: P = self.setup.position(&options)?;
        let total = if self.divide {
            let lines = divide(&mut pos, self.depth);
            for (text, nodes) in &lines {
                writeln!(self.out, "{text} {nodes}").map_err(io_error)?;
            }
            if self.depth == 0 {
                1
            } else {
                lines.iter().map(|(_, n)| n).sum()
            }
        } else {
            perft(&mut pos, self.depth)
        };
        writeln!(self.out, "nodes {total}").map_err(io_error)
    }
}

struct MovesCommand<'a> {
    setup: &'a Setup,
    out: &'a mut dyn Write,
}

impl VariantVisitor for MovesCommand<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let pos: P = self.setup.position(&options)?;
        for (text, _) in sorted_moves(&pos) {
            writeln!(self.out, "{text}").map_err(io_error)?;
        }
        Ok(())
    }
}
