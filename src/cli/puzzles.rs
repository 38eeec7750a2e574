//! `puzzles`: `puzzles generate` finds puzzles in seeded self-play games and
//! writes them to a file; `puzzles --check [FILE…]` proves puzzle files
//! (every file of assets/puzzles by default); `puzzles --play [--variant V]`
//! opens the window on puzzles served near the player's rating.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::setup::{GameChoice, io_error};
use crate::data::DataFile;
use crate::puzzles::generate::default_depth;
use crate::puzzles::{
    GenerateSpec, GenerateStats, Library, Puzzle, PuzzleSet, Uniqueness, check_puzzle, generate,
    parse_puzzles, puzzles_json,
};
use crate::rules::random::Rng;

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    pub action: Option<PuzzlesAction>,
    /// Prove puzzle files: `puzzles N ok`, or one line per broken puzzle
    /// naming its file and index (exit status 2).
    #[arg(long)]
    pub check: bool,
    /// Which puzzles get the uniqueness proof: `all`, `sample N` (N per
    /// file, chosen by --seed) or `none`.
    #[arg(long, num_args = 1..=2, value_names = ["MODE", "N"], default_values_t = ["all".to_string()])]
    pub uniqueness: Vec<String>,
    /// Seed of the uniqueness sample.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Puzzle files (every .json file of assets/puzzles by default).
    pub files: Vec<PathBuf>,
    /// Open the window on puzzles, each near your rating in its game.
    #[arg(long, conflicts_with_all = ["check", "files"])]
    pub play: bool,
    /// With --play: one game's puzzles (flaxman, tapestry, anglojewish,
    /// hexagonal, chakra, or a variant id for its game); every game's by
    /// default.
    #[arg(long, requires = "play")]
    pub variant: Option<String>,
    /// With --play: the window's size, e.g. 1280x720.
    #[arg(long, requires = "play")]
    pub size: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum PuzzlesAction {
    /// Play seeded self-play games and write the puzzles found to --out.
    Generate(GenerateArgs),
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub game: GameChoice,
    /// Self-play games.
    #[arg(long)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The puzzle searches' depth in plies (by game by default).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Plies after which a game stops.
    #[arg(long, default_value_t = 160)]
    pub max_plies: u32,
    /// Games played at once, one a thread (the output does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Blunders of the mover played aside at each screened position and
    /// looked at too (positions a weak player would reach).
    #[arg(long, default_value_t = 0)]
    pub blunders: usize,
    /// The puzzle file to write (replaced atomically), sorted by id.
    #[arg(long)]
    pub out: PathBuf,
    /// Keep the puzzles already in --out: the new ones are added, one per id.
    #[arg(long)]
    pub merge: bool,
}

pub fn run(args: &PuzzlesArgs, out: &mut dyn Write) -> Result<(), String> {
    match &args.action {
        Some(PuzzlesAction::Generate(g)) => run_generate(g, out),
        None if args.check => run_check(args, out),
        None if args.play => run_play(args),
        None => Err("puzzles: give `generate …`, `--check [FILE…]` or `--play`".into()),
    }
}

fn run_play(args: &PuzzlesArgs) -> Result<(), String> {
    let set = match &args.variant {
        Some(text) => PuzzleSet::parse(text)?,
        None => PuzzleSet::Mixed,
    };
    let size = super::window::parse_size(args.size.as_deref().unwrap_or("1280x720"))?;
    let library = Library::shipped()?;
    if library.of(set).next().is_none() {
        return Err(format!("no puzzles for {} yet", set.title()));
    }
    super::window::open_puzzles(set, size)
}

fn run_generate(args: &GenerateArgs, out: &mut dyn Write) -> Result<(), String> {
    let variant = args.game.variant()?;
    let spec = GenerateSpec {
        variant,
        games: args.games,
        seed: args.seed,
        depth: args.depth.unwrap_or_else(|| default_depth(variant.id)),
        max_plies: args.max_plies,
        threads: args.threads,
        blunders: args.blunders,
    };
    let kept = if args.merge {
        read_kept(&args.out)?
    } else {
        Vec::new()
    };
    let started = std::time::Instant::now();
    let (found, stats) = generate(spec)?;
    let before = kept.len();
    let puzzles = merged(kept, found);
    crate::record::write_file(&args.out, &puzzles_json(&puzzles))?;
    let added = puzzles.len() - before;
    report(out, &stats, added, started.elapsed().as_secs_f64())
}

/// The puzzles already in `file` (none when it does not exist yet).
fn read_kept(file: &Path) -> Result<Vec<Puzzle>, String> {
    match std::fs::read_to_string(file) {
        Ok(text) => parse_puzzles(&text).map_err(|e| format!("{}: {e}", file.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("cannot read {}: {e}", file.display())),
    }
}

/// `kept` and the `found` puzzles whose ids are new, sorted by id.
fn merged(kept: Vec<Puzzle>, found: Vec<Puzzle>) -> Vec<Puzzle> {
    let mut ids: std::collections::HashSet<String> = kept.iter().map(|p| p.id.clone()).collect();
    let mut all = kept;
    all.extend(found.into_iter().filter(|p| ids.insert(p.id.clone())));
    all.sort_by(|a, b| a.id.cmp(&b.id));
    all
}

/// The run's summary line, then why the rest were dropped.
fn report(
    out: &mut dyn Write,
    stats: &GenerateStats,
    added: usize,
    seconds: f64,
) -> Result<(), String> {
    let r = &stats.rejected;
    writeln!(
        out,
        "puzzles {} from {} games ({} positions screened, {} followed) in {seconds:.1} s\n\
         new {added}; dropped: {} free piece, {} node cap, {} not winning, {} not unique, {} no end, {} plain",
        stats.puzzles,
        stats.games,
        stats.positions,
        stats.examined,
        r.free_piece,
        r.capped,
        r.not_winning,
        r.not_unique,
        r.no_end,
        r.plain,
    )
    .map_err(io_error)
}

fn uniqueness(words: &[String]) -> Result<Uniqueness, String> {
    match words {
        [w] if w == "all" => Ok(Uniqueness::All),
        [w] if w == "none" => Ok(Uniqueness::Skip),
        [w, n] if w == "sample" => n
            .parse()
            .map(Uniqueness::Sample)
            .map_err(|_| format!("--uniqueness sample: '{n}' is not a count")),
        _ => Err(format!(
            "--uniqueness must be 'all', 'none' or 'sample N', not '{}'",
            words.join(" ")
        )),
    }
}

/// The files to check: those named, or every puzzle file the player is
/// given.
fn files(named: &[PathBuf]) -> Result<Vec<DataFile>, String> {
    if named.is_empty() {
        return crate::puzzles::serve::default_source().json_files(false);
    }
    Ok(named
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(|e| e.to_string());
            (path.clone(), text)
        })
        .collect())
}

/// Which indices of a file of `count` puzzles get the uniqueness proof.
fn chosen(mode: Uniqueness, count: usize, seed: u64) -> Vec<bool> {
    match mode {
        Uniqueness::Skip => vec![false; count],
        Uniqueness::All => vec![true; count],
        Uniqueness::Sample(n) => {
            let mut order: Vec<usize> = (0..count).collect();
            let mut rng = Rng::new(seed);
            for i in (1..count).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let mut pick = vec![false; count];
            for &i in order.iter().take(n) {
                pick[i] = true;
            }
            pick
        }
    }
}

fn run_check(args: &PuzzlesArgs, out: &mut dyn Write) -> Result<(), String> {
    // `--uniqueness all FILE`: the flag takes a second word only after `sample`.
    let (words, mut named) = match args.uniqueness.as_slice() {
        [mode, file] if mode != "sample" => (vec![mode.clone()], vec![PathBuf::from(file)]),
        words => (words.to_vec(), Vec::new()),
    };
    named.extend(args.files.iter().cloned());
    let mode = uniqueness(&words)?;
    let mut broken = Vec::new();
    let mut total = 0;
    for (file, text) in files(&named)? {
        let name = file.display();
        let puzzles = text.and_then(|text| parse_puzzles(&text));
        let puzzles = match puzzles {
            Ok(p) => p,
            Err(e) => {
                broken.push(format!("{name}: {e}"));
                continue;
            }
        };
        let pick = chosen(mode, puzzles.len(), args.seed);
        for (i, puzzle) in puzzles.iter().enumerate() {
            total += 1;
            if let Err(e) = check_puzzle(puzzle, pick[i]) {
                broken.push(format!("{name}: puzzle {i} ({}): {e}", puzzle.id));
            }
        }
    }
    if broken.is_empty() {
        return writeln!(out, "puzzles {total} ok").map_err(io_error);
    }
    Err(broken.join("\n"))
}
