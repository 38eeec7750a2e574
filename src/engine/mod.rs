//! The computer opponent: one search for every game ([`search()`]), an
//! evaluation per game with a generic fallback ([`eval`]), and the six
//! playing levels ([`levels`]). Call [`choose_move`] from a worker thread;
//! [`hint`] suggests a move for the person playing.

pub mod eval;
pub mod levels;
pub mod multipv;
pub mod search;
pub mod session;
pub mod sprt;
pub mod think;
pub mod tt;
pub mod tune;

pub use eval::WeightSet;
pub use eval::{Evaluator, GameEval};
pub use levels::Level;
pub use multipv::{multi_pv, search_excluding};
pub use search::{MATE, MultiSearch, Pruning, SearchLimits, SearchResult, Searcher, mate_in};
pub use think::{choose_move, hint, hint_limits, search, search_with_progress, spare_threads};
