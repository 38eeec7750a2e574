//! The puzzles a player is given: the shipped files read into one library,
//! the game each puzzle counts for (a family of layouts shares one rating),
//! the next puzzle near the player's rating, the daily puzzle and the
//! prompt a puzzle opens with.

use std::path::{Path, PathBuf};

use super::progress::PuzzleRecord;
use super::puzzle::{End, Puzzle, parse_puzzles};
use crate::data::Source;
use crate::rules::families::{FAMILIES, family_of};
use crate::rules::history::DrawRules;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::VariantId;
use crate::rules::zobrist::splitmix64;

/// How many of the puzzles nearest the player's rating the next one is
/// drawn from: near, and not always the same.
const NEAREST: usize = 4;

/// The variable naming a folder of puzzle files to read instead of the
/// built-in ones (for a puzzle's author).
pub const PUZZLES_VARIABLE: &str = "VARIANTARIUM_PUZZLES";

/// Where puzzles are read from: the folder `$VARIANTARIUM_PUZZLES`, else
/// the puzzles built into the program.
pub fn default_source() -> Source {
    match std::env::var_os(PUZZLES_VARIABLE).filter(|d| !d.is_empty()) {
        Some(dir) => Source::Folder(PathBuf::from(dir)),
        None => Source::PUZZLES,
    }
}

/// The shipped puzzle with this id, or why there is none.
pub fn shipped(id: &str) -> Result<Puzzle, String> {
    let source = default_source();
    Library::read(&source)?
        .find(id)
        .cloned()
        .ok_or_else(|| format!("no puzzle '{id}' in {}", source.describe()))
}

/// Every playable puzzle of a folder, and what could not be read.
#[derive(Clone, Debug, Default)]
pub struct Library {
    /// In file-name order, then the files' order.
    pub puzzles: Vec<Puzzle>,
    pub problems: Vec<String>,
}

impl Library {
    /// The puzzles a player is given ([`default_source`]).
    pub fn shipped() -> Result<Library, String> {
        Library::read(&default_source())
    }

    /// Reads every `.json` file of `source`. A file that does not read, or
    /// a puzzle of no known two-player game, is a problem named; the others
    /// load.
    pub fn read(source: &Source) -> Result<Library, String> {
        let mut library = Library::default();
        for (file, text) in source.json_files(false)? {
            let read = text.and_then(|text| parse_puzzles(&text));
            match read {
                Ok(puzzles) => library.take(puzzles, &file),
                Err(e) => library.problems.push(format!("{}: {e}", file.display())),
            }
        }
        Ok(library)
    }

    fn take(&mut self, puzzles: Vec<Puzzle>, file: &Path) {
        for puzzle in puzzles {
            match start(&puzzle) {
                Ok(_) => self.puzzles.push(puzzle),
                Err(e) => {
                    self.problems
                        .push(format!("{}: puzzle {}: {e}", file.display(), puzzle.id))
                }
            }
        }
    }

    pub fn find(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }

    /// The puzzles of a set.
    pub fn of(&self, set: PuzzleSet) -> impl Iterator<Item = &Puzzle> {
        self.puzzles.iter().filter(move |p| set.holds(p))
    }

    /// The puzzle of day `day` (days since 1970-01-01): the same for
    /// everyone on that day, from the whole library.
    pub fn daily(&self, day: u64) -> Option<&Puzzle> {
        let count = self.puzzles.len() as u64;
        (count > 0).then(|| &self.puzzles[(splitmix64(day) % count) as usize])
    }

    /// The next puzzle of `set` for the player: one not yet attempted when
    /// any is left (else any), among the few whose ratings stand nearest
    /// the player's in their game; `seed` picks among those.
    pub fn next(&self, set: PuzzleSet, record: &PuzzleRecord, seed: u64) -> Option<&Puzzle> {
        let all: Vec<&Puzzle> = self.of(set).collect();
        let fresh: Vec<&Puzzle> = all
            .iter()
            .copied()
            .filter(|p| !record.attempted(&p.id))
            .collect();
        let mut pool = if fresh.is_empty() { all } else { fresh };
        let distance = |p: &Puzzle| {
            let own = record.rating(game_key(p).unwrap_or_default()).rating;
            (record.puzzle_rating(p).rating - own).abs()
        };
        pool.sort_by(|a, b| distance(a).total_cmp(&distance(b)).then(a.id.cmp(&b.id)));
        pool.truncate(NEAREST);
        let count = pool.len() as u64;
        (count > 0).then(|| pool[(splitmix64(seed) % count) as usize])
    }
}

/// The game a puzzle counts for: its variant's family key (`flaxman`,
/// `anglojewish`, …); None for an unknown variant.
pub fn game_key(puzzle: &Puzzle) -> Option<&'static str> {
    let id: VariantId = puzzle.variant.parse().ok()?;
    Some(family_of(id).key)
}

/// Which puzzles the player asked for: every game's, or one game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleSet {
    Mixed,
    /// A family key.
    Game(&'static str),
}

impl PuzzleSet {
    /// A set named on the command line: a game (`anglojewish`) or a variant
    /// id (`aj-compact`, which counts for its game).
    pub fn parse(text: &str) -> Result<PuzzleSet, String> {
        if let Some(family) = FAMILIES.iter().find(|f| f.key == text) {
            return Ok(PuzzleSet::Game(family.key));
        }
        match text.parse::<VariantId>() {
            Ok(id) => Ok(PuzzleSet::Game(family_of(id).key)),
            Err(_) => {
                let games: Vec<&str> = FAMILIES.iter().map(|f| f.key).collect();
                Err(format!(
                    "--variant: no game '{text}' (a game: {}; or a variant id)",
                    games.join(", ")
                ))
            }
        }
    }

    pub fn holds(self, puzzle: &Puzzle) -> bool {
        match self {
            PuzzleSet::Mixed => true,
            PuzzleSet::Game(key) => game_key(puzzle) == Some(key),
        }
    }

    /// "Every game", "Flaxman".
    pub fn title(self) -> &'static str {
        match self {
            PuzzleSet::Mixed => "Every game",
            PuzzleSet::Game(key) => FAMILIES
                .iter()
                .find(|f| f.key == key)
                .map_or(key, |f| f.title),
        }
    }
}

/// The game at the puzzle's start, the solver to move.
pub fn start(puzzle: &Puzzle) -> Result<Box<dyn Session>, String> {
    let session = new_session(puzzle.game()?, DrawRules::default(), Some(&puzzle.position))?;
    if session.side_count() != 2 {
        return Err("puzzles are for two-player games".into());
    }
    if puzzle.solution.is_empty() {
        return Err("the puzzle has no solution".into());
    }
    Ok(session)
}

/// What the puzzle asks: "White to move and mate in 2", "Black to move and
/// win material".
pub fn prompt(puzzle: &Puzzle, solver: &str) -> String {
    match puzzle.end {
        End::Mate => format!("{solver} to move and mate in {}", puzzle.solver_moves()),
        End::Material { .. } => format!("{solver} to move and win material"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::progress::PuzzleRecord;

    fn puzzle(id: &str, variant: &str, rating: u32) -> Puzzle {
        Puzzle {
            id: id.into(),
            variant: variant.into(),
            pawn: None,
            promotion: None,
            position: String::new(),
            solution: vec!["a1-b2".into()],
            end: End::Material { gain: 300 },
            depth: 4,
            themes: vec![],
            rating,
        }
    }

    fn library() -> Library {
        Library {
            puzzles: (0..10)
                .map(|i| puzzle(&format!("flaxman-{i}"), "flaxman", 1000 + 100 * i))
                .chain([puzzle("aj-compact-1", "aj-compact", 1500)])
                .collect(),
            problems: vec![],
        }
    }

    #[test]
    fn the_next_puzzle_is_near_the_players_rating_and_new() {
        let library = library();
        let mut record = PuzzleRecord::default();
        for seed in 0..20 {
            let p = library
                .next(PuzzleSet::Game("flaxman"), &record, seed)
                .unwrap();
            assert!((1300..=1700).contains(&p.rating), "{}", p.rating);
        }
        // Solving near 1500 again and again moves the player up and away.
        for seed in 0..6 {
            let p = library
                .next(PuzzleSet::Game("flaxman"), &record, seed)
                .unwrap()
                .clone();
            assert!(!record.attempted(&p.id));
            record.count(&p, "flaxman", true, 0);
        }
        assert!(record.rating("flaxman").rating > 1600.0);
        let anglojewish = library.next(PuzzleSet::Game("anglojewish"), &record, 3);
        assert_eq!(anglojewish.unwrap().id, "aj-compact-1");
    }

    #[test]
    fn the_daily_puzzle_depends_on_the_day_alone() {
        let library = library();
        let today = library.daily(20_000).unwrap().id.clone();
        assert_eq!(library.daily(20_000).unwrap().id, today);
        let days: std::collections::BTreeSet<String> = (0..30)
            .map(|d| library.daily(20_000 + d).unwrap().id.clone())
            .collect();
        assert!(days.len() > 3, "{days:?}");
        assert!(Library::default().daily(1).is_none());
    }

    #[test]
    fn sets_are_named_by_game_or_variant() {
        assert_eq!(PuzzleSet::parse("flaxman"), Ok(PuzzleSet::Game("flaxman")));
        assert_eq!(
            PuzzleSet::parse("aj-compact"),
            Ok(PuzzleSet::Game("anglojewish"))
        );
        let error = PuzzleSet::parse("draughts").unwrap_err();
        assert!(
            error.contains("draughts") && !error.contains('\n'),
            "{error}"
        );
        let p = puzzle("x", "aj-compact", 1500);
        assert!(PuzzleSet::Game("anglojewish").holds(&p));
        assert!(!PuzzleSet::Game("flaxman").holds(&p));
        assert!(PuzzleSet::Mixed.holds(&p));
    }

    #[test]
    fn prompts_name_the_goal() {
        let mut p = puzzle("x", "flaxman", 1500);
        assert_eq!(prompt(&p, "White"), "White to move and win material");
        p.end = End::Mate;
        p.solution = vec!["a".into(), "b".into(), "c".into()];
        assert_eq!(prompt(&p, "Black"), "Black to move and mate in 2");
    }

    #[test]
    fn the_shipped_puzzles_load() {
        let library = Library::shipped().unwrap();
        assert!(library.problems.is_empty(), "{:?}", library.problems);
        assert!(!library.puzzles.is_empty());
    }
}
