//! The puzzles the window offers and the player's record of them: loaded
//! at start-up (unless the launch or a test put them in place), the daily
//! puzzle worked out once, and each counted result written at once.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::puzzles::progress::{Change, PuzzleRecord, record_path, today};
use crate::puzzles::serve::{self, Library, game_key, prompt};
use crate::puzzles::{Attempt, Puzzle};
use crate::rules::variant::VariantId;
use crate::rules::zobrist::splitmix64;

/// Every playable puzzle.
#[derive(Resource, Default)]
pub struct PuzzleLibrary {
    pub library: Library,
    /// Whether it has been read (an empty folder is read too).
    pub loaded: bool,
}

impl PuzzleLibrary {
    pub fn new(library: Library) -> PuzzleLibrary {
        PuzzleLibrary {
            library,
            loaded: true,
        }
    }
}

/// The player's ratings, streak and history, and where they are kept.
#[derive(Resource, Default)]
pub struct PuzzleProfile {
    pub record: PuzzleRecord,
    /// None: results are not kept (no config folder, or an unreadable
    /// record the player has to see to).
    pub path: Option<PathBuf>,
    /// What went wrong reading or writing the record, for the panel.
    pub problem: Option<String>,
    pub loaded: bool,
}

impl PuzzleProfile {
    /// A profile kept in `path`, read from it now.
    pub fn at(path: PathBuf) -> PuzzleProfile {
        let mut profile = PuzzleProfile::default();
        profile.read(Some(path));
        profile
    }

    fn read(&mut self, path: Option<PathBuf>) {
        self.loaded = true;
        let Some(path) = path else { return };
        match PuzzleRecord::load(&path) {
            Ok(record) => {
                self.record = record;
                self.path = Some(path);
            }
            Err(e) => {
                warn!("{e}");
                self.problem = Some(format!("{e}: results are not kept until it is mended"));
            }
        }
    }

    /// Counts the attempt's result, if it is the first, and keeps the
    /// record: the player's rating before and after.
    pub fn count(&mut self, attempt: &mut Attempt, solved: bool) -> Option<Change> {
        attempt.settle(solved)?;
        let game = game_key(&attempt.puzzle).unwrap_or("unknown");
        let change = self.record.count(&attempt.puzzle, game, solved, today());
        if let Some(path) = &self.path
            && let Err(e) = self.record.save(path)
        {
            warn!("puzzle record not kept: {e}");
            self.problem = Some(format!("not kept: {e}"));
        }
        Some(change)
    }
}

/// Today's puzzle, as the title screen shows it.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct DailyPuzzle {
    pub id: String,
    /// The game's title ("Flaxman").
    pub game: String,
    pub prompt: String,
    pub day: u64,
    /// The player has solved it.
    pub solved: bool,
}

impl DailyPuzzle {
    pub fn of(puzzle: &Puzzle, day: u64) -> Option<DailyPuzzle> {
        let session = serve::start(puzzle).ok()?;
        let id: VariantId = puzzle.variant.parse().ok()?;
        Some(DailyPuzzle {
            id: puzzle.id.clone(),
            game: id.title().to_string(),
            prompt: prompt(puzzle, session.side_to_move().name()),
            day,
            solved: false,
        })
    }
}

/// The puzzle of day `day` (days since 1970-01-01), the same for everyone
/// that day: one of at least two moves of the solver's, where there are
/// such (a single capture is too slight to be the day's puzzle).
pub fn daily_of(library: &Library, day: u64) -> Option<&Puzzle> {
    let deep: Vec<&Puzzle> = library
        .puzzles
        .iter()
        .filter(|p| p.solution.len() >= 3)
        .collect();
    if deep.is_empty() {
        return library.daily(day);
    }
    Some(deep[(splitmix64(day) % deep.len() as u64) as usize])
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PuzzleLibrary>()
        .init_resource::<PuzzleProfile>()
        .add_systems(Startup, (load_library, load_profile))
        .add_systems(Update, choose_the_daily_puzzle);
}

fn load_library(mut library: ResMut<PuzzleLibrary>) {
    if library.loaded {
        return;
    }
    match Library::shipped() {
        Ok(loaded) => {
            for problem in &loaded.problems {
                warn!("puzzles: {problem}");
            }
            *library = PuzzleLibrary::new(loaded);
        }
        Err(e) => {
            warn!("no puzzles: {e}");
            library.loaded = true;
        }
    }
}

fn load_profile(mut profile: ResMut<PuzzleProfile>) {
    if !profile.loaded {
        profile.read(record_path());
    }
}

/// The daily puzzle, worked out when the library is there and again when
/// the day turns; solved once the player's record says so.
fn choose_the_daily_puzzle(
    mut commands: Commands,
    library: Res<PuzzleLibrary>,
    profile: Res<PuzzleProfile>,
    daily: Option<Res<DailyPuzzle>>,
) {
    let day = today();
    let settled = daily.as_ref().is_some_and(|d| d.day == day);
    if settled && !library.is_changed() && !profile.is_changed() {
        return;
    }
    let chosen = daily_of(&library.library, day).and_then(|p| DailyPuzzle::of(p, day));
    match chosen {
        Some(mut chosen) => {
            chosen.solved = profile
                .record
                .history
                .iter()
                .any(|a| a.id == chosen.id && a.solved);
            if daily.as_deref() != Some(&chosen) {
                commands.insert_resource(chosen);
            }
        }
        None => commands.remove_resource::<DailyPuzzle>(),
    }
}
