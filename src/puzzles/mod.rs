//! Puzzles without a window: a real position, the solver to move, exactly
//! one move wins. [`generate`] finds them in seeded self-play games, with a
//! multi-PV search ([`crate::engine::multi_pv`]) that keeps a position only
//! when its best move wins (a forced mate, or at least a minor piece that
//! the search confirms) and every other move is clearly worse; [`check`]
//! proves a puzzle again: every move legal, the line ending as stated, no
//! other solver move winning at the stated depth. [`puzzle`] is the data
//! (`assets/puzzles/<game>.json`), [`line`] the criteria both sides share.
//! The player's side: [`serve`] reads the files into a library and picks the
//! next puzzle near the player's [`rating`] (Glicko-2) and the daily one,
//! [`attempt`] follows one attempt, [`refute`] says why a wrong move fails,
//! [`progress`] is the player's record.
//! No I/O here but the player's record: the command (`src/cli/puzzles.rs`)
//! reads and writes puzzle files.

pub mod attempt;
pub mod check;
pub mod game;
pub mod generate;
pub mod line;
pub mod material;
pub mod progress;
pub mod puzzle;
pub mod rating;
pub mod refute;
pub mod serve;
pub mod themes;

pub use attempt::{Attempt, Verdict};
pub use check::{Uniqueness, check_puzzle};
pub use generate::{GenerateSpec, GenerateStats, generate};
pub use progress::{PuzzleRecord, record_path, today};
pub use puzzle::{End, Puzzle, parse_puzzles, puzzles_json};
pub use rating::Rating;
pub use refute::refutation;
pub use serve::{Library, PuzzleSet, game_key, prompt};
