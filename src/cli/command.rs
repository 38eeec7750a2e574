//! The command line's grammar and where each subcommand goes.

use std::ffi::OsString;
use std::io::Write;

use clap::{CommandFactory, Parser, Subcommand};

use super::bench::BenchArgs;
use super::bot::BotArgs;
use super::completions::CompletionsArgs;
use super::diagram::DiagramArgs;
use super::learn::LearnArgs;
use super::man::ManArgs;
use super::manual::ManualArgs;
use super::match_command::MatchArgs;
use super::moves::MovesArgs;
use super::perft::PerftArgs;
use super::puzzles::PuzzlesArgs;
#[cfg(feature = "app")]
use super::record::RecordArgs;
use super::selfplay::SelfplayArgs;
use super::serve::ServeArgs;
use super::status::StatusArgs;
use super::tune::TuneArgs;
use super::window::{PlayArgs, ScreenshotArgs};

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
    Perft(PerftArgs),
    /// List the legal moves, one per line, sorted by their text.
    Moves(MovesArgs),
    /// Say where the game stands: `ongoing` or the result and its reason
    /// (`1-0 checkmate`, `1/2-1/2 repetition`, …), then `check` or
    /// `no-check` for the side to move.
    Status(StatusArgs),
    /// Open the game window on a game (from a variant or a saved record).
    Play(PlayArgs),
    /// Render a position with the game's scene and write a PNG.
    Screenshot(ScreenshotArgs),
    /// Draw one man's moves as an SVG move diagram: every cell he can reach
    /// marked, on an empty board or in a given position.
    Diagram(DiagramArgs),
    /// Record a video (MP4, WebM), a GIF or PNG frames of a game, a
    /// computer game or a tour of every game; prints `frames N` first.
    #[cfg(feature = "app")]
    Record(Box<RecordArgs>),
    /// Lessons: the Learn menu, one lesson (--lesson), the list (--list) or
    /// the proof of every lesson against the rules (--check).
    Learn(LearnArgs),
    /// The rules manual as a static site: an index, a page per game with
    /// its rules, men (with move diagrams), lessons (with videos) and
    /// notation; works offline from its folder.
    Manual(ManualArgs),
    /// Measure move-generation speed (bulk-counted perft) for every game.
    Bench(BenchArgs),
    /// Let two players (engine levels 1 to 6, or `random`) play each other;
    /// prints one line per game, then White's wins-draws-losses. Three-player
    /// games take `--red` too and end with `red N white N black N draws N`.
    Selfplay(SelfplayArgs),
    /// Play player A against player B in pairs of games from seeded random
    /// openings until a sequential probability ratio test decides: one line
    /// per pair (three players: per run), then `H1 accepted`, `H0 accepted`
    /// or `no decision` with the Elo estimate.
    Match(MatchArgs),
    /// Tune the evaluation weights of a game by Texel's method: self-play
    /// games, then the weights whose evaluations best predict their
    /// results; prints the error before and after and each weight's change,
    /// and writes the weights file (--out).
    Tune(TuneArgs),
    /// Puzzles: `generate` finds them in seeded self-play games; `--check`
    /// proves puzzle files (all of assets/puzzles by default).
    Puzzles(PuzzlesArgs),
    /// The online game server: prints `listening ADDRESS`, then serves
    /// until stopped; games in progress carry on after a restart.
    Serve(ServeArgs),
    /// The engine as an online player: `--create` a game (its invite code
    /// is the first line) or `--join` one by code; prints the result.
    Bot(BotArgs),
    /// Write the manual pages (roff), made from these definitions: the
    /// program's page to standard output, or every page into --out DIR.
    /// For packagers; not in --help.
    #[command(hide = true)]
    Man(ManArgs),
    /// Print the completion script for a shell (bash, zsh, fish, elvish,
    /// powershell). For packagers; not in --help.
    #[command(hide = true)]
    Completions(CompletionsArgs),
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
    let Some(command) = cli.command else {
        return open_window(out);
    };
    match command {
        Command::Perft(args) => super::perft::run(&args, out),
        Command::Moves(args) => super::moves::run(&args, out),
        Command::Status(args) => super::status::run(&args, out),
        Command::Play(args) => super::window::play(&args),
        Command::Screenshot(args) => super::window::screenshot(&args),
        Command::Diagram(args) => super::diagram::run(&args, out),
        #[cfg(feature = "app")]
        Command::Record(args) => super::record::run(&args, out),
        Command::Learn(args) => super::learn::run(&args, out),
        Command::Manual(args) => super::manual::run(&args, out),
        Command::Bench(args) => super::bench::run(&args, out),
        Command::Selfplay(args) => super::selfplay::run(&args, out),
        Command::Match(args) => super::match_command::run(&args, out),
        Command::Tune(args) => super::tune::run(&args, out),
        Command::Puzzles(args) => super::puzzles::run(&args, out),
        Command::Serve(args) => super::serve::run(&args, out),
        Command::Bot(args) => super::bot::run(&args, out),
        Command::Man(args) => super::man::run(&args, Cli::command(), out),
        Command::Completions(args) => super::completions::run(&args, Cli::command(), out),
    }
}

/// No subcommand: the game window on its main menu, or the help where this
/// build has no window.
fn open_window(out: &mut dyn Write) -> Result<(), String> {
    if cfg!(feature = "app") {
        super::window::open_menu()
    } else {
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
