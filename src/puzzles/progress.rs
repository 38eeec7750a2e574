//! The player's puzzle record: a Glicko-2 rating per game, each puzzle's
//! own rating as the player's results moved it (the shipped files are read
//! only), the streak of puzzles solved in a row, and the history of counted
//! attempts. Kept as JSON in the user's config folder, written atomically.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::puzzle::Puzzle;
use super::rating::Rating;

/// The most attempts the history keeps (the oldest go first).
pub const HISTORY_KEPT: usize = 2000;

/// One counted attempt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempted {
    pub id: String,
    /// The game's key ([`super::serve::game_key`]).
    pub game: String,
    pub solved: bool,
    /// The player's rating in that game after it.
    pub rating: f64,
    /// Days since 1970-01-01 (UTC) when it was played.
    pub day: u64,
}

/// What the player's results changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub before: Rating,
    pub after: Rating,
}

/// The player's puzzle record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// The player's rating by game key.
    #[serde(default)]
    pub ratings: BTreeMap<String, Rating>,
    /// The puzzles' ratings as the player's attempts left them, by id.
    #[serde(default)]
    pub puzzles: BTreeMap<String, Rating>,
    /// Puzzles solved in a row, without a wrong move or a look at the
    /// solution.
    #[serde(default)]
    pub streak: u32,
    #[serde(default)]
    pub best_streak: u32,
    #[serde(default)]
    pub history: Vec<Attempted>,
}

/// `$XDG_CONFIG_HOME/variantarium/puzzles.json` (or under `~/.config`).
pub fn record_path() -> Option<PathBuf> {
    crate::record::config_dir().map(|d| d.join("puzzles.json"))
}

impl PuzzleRecord {
    /// The record kept in `path`; a fresh one when the file is missing.
    /// An unreadable file is an error naming it (the window starts fresh
    /// then, and says so, rather than overwrite it unseen).
    pub fn load(path: &Path) -> Result<PuzzleRecord, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a puzzle record: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(PuzzleRecord::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Writes the record to `path` atomically, making its folder.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        crate::record::write_atomically(path, &format!("{text}\n"))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The player's rating in a game (a new player's when none yet).
    pub fn rating(&self, game: &str) -> Rating {
        self.ratings.get(game).copied().unwrap_or_default()
    }

    /// A puzzle's rating now: as the player's attempts left it, else its
    /// file's estimate, unproved.
    pub fn puzzle_rating(&self, puzzle: &Puzzle) -> Rating {
        self.puzzles
            .get(&puzzle.id)
            .copied()
            .unwrap_or_else(|| Rating::new(f64::from(puzzle.rating)))
    }

    /// Whether the player has had a counted attempt at this puzzle.
    pub fn attempted(&self, id: &str) -> bool {
        self.history.iter().any(|a| a.id == id)
    }

    /// Counts an attempt: the player (in `game`) against the puzzle, a win
    /// when solved; both ratings move, the streak goes on or ends.
    pub fn count(&mut self, puzzle: &Puzzle, game: &str, solved: bool, day: u64) -> Change {
        let before = self.rating(game);
        let puzzle_before = self.puzzle_rating(puzzle);
        let score = if solved { 1.0 } else { 0.0 };
        let after = before.after_one(&puzzle_before, score);
        let puzzle_after = puzzle_before.after_one(&before, 1.0 - score);
        self.ratings.insert(game.to_string(), after);
        self.puzzles.insert(puzzle.id.clone(), puzzle_after);
        self.streak = if solved { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        self.history.push(Attempted {
            id: puzzle.id.clone(),
            game: game.to_string(),
            solved,
            rating: after.rating,
            day,
        });
        let extra = self.history.len().saturating_sub(HISTORY_KEPT);
        self.history.drain(..extra);
        Change { before, after }
    }
}

/// Days since 1970-01-01, UTC, now.
pub fn today() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::puzzle::End;

    fn puzzle(id: &str, rating: u32) -> Puzzle {
        Puzzle {
            id: id.into(),
            variant: "flaxman".into(),
            pawn: None,
            promotion: None,
            position: String::new(),
            solution: vec!["a1-b2".into()],
            end: End::Mate,
            depth: 4,
            themes: vec![],
            rating,
        }
    }

    #[test]
    fn counting_moves_both_ratings_and_the_streak() {
        let mut record = PuzzleRecord::default();
        let p = puzzle("flaxman-1", 1500);
        let won = record.count(&p, "flaxman", true, 10);
        assert!(won.after.rating > won.before.rating);
        assert!(record.puzzle_rating(&p).rating < 1500.0);
        assert_eq!((record.streak, record.best_streak), (1, 1));
        let lost = record.count(&puzzle("flaxman-2", 1500), "flaxman", false, 10);
        assert!(lost.after.rating < lost.before.rating);
        assert_eq!((record.streak, record.best_streak), (0, 1));
        assert!(record.attempted("flaxman-1") && !record.attempted("flaxman-3"));
        assert_eq!(record.rating("tapestry"), Rating::default());
    }

    #[test]
    fn the_record_survives_a_round_trip_and_a_bad_file_is_named() {
        let dir = std::env::temp_dir().join(format!("puzzle-record-{}", std::process::id()));
        let path = dir.join("nested/puzzles.json");
        let mut record = PuzzleRecord::default();
        record.count(&puzzle("flaxman-1", 1300), "flaxman", true, 3);
        record.save(&path).unwrap();
        let back = PuzzleRecord::load(&path).unwrap();
        // JSON keeps a float to within its last digit.
        let close = |a: Rating, b: Rating| (a.rating - b.rating).abs() < 1e-9;
        assert!(close(back.rating("flaxman"), record.rating("flaxman")));
        assert_eq!((back.streak, back.history.len()), (1, 1));
        assert!(back.attempted("flaxman-1"));
        std::fs::write(&path, "{ not json").unwrap();
        let error = PuzzleRecord::load(&path).unwrap_err();
        assert!(error.contains("puzzles.json"), "{error}");
        assert_eq!(
            PuzzleRecord::load(&dir.join("missing.json")).unwrap(),
            PuzzleRecord::default()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
