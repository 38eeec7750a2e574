//! Puzzles without a window: a real position, the solver to move, exactly
//! one move wins. [`generate`] finds them in seeded self-play games, with a
//! multi-PV search ([`crate::engine::multi_pv`]) that keeps a position only
//! when its best move wins (a forced mate, or at least a minor piece that
//! the search confirms) and every other move is clearly worse; [`check`]
//! proves a puzzle again: every move legal, the line ending as stated, no
//! other solver move winning at the stated depth. [`puzzle`] is the data
//! (`assets/puzzles/<game>.json`), [`line`] the criteria both sides share.
//! No I/O here: the command (`src/cli/puzzles.rs`) reads and writes files.

pub mod check;
pub mod game;
pub mod generate;
pub mod line;
pub mod material;
pub mod puzzle;
pub mod themes;

pub use check::{Uniqueness, check_puzzle};
pub use generate::{GenerateSpec, GenerateStats, generate};
pub use puzzle::{End, Puzzle, parse_puzzles, puzzles_json};
