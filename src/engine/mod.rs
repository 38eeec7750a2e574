//! The computer opponent: one search for every game ([`search`]), an
//! evaluation per game with a generic fallback ([`eval`]), and the six
//! playing levels ([`levels`]). Call [`choose_move`] from a worker thread;
//! [`hint`] suggests a move for the person playing.

pub mod eval;
pub mod levels;
pub mod search;
pub mod session;
pub mod tt;

pub use eval::{Evaluator, GameEval};
pub use levels::Level;
pub use search::{MATE, SearchLimits, SearchResult, Searcher, mate_in};

use crate::rules::Position;
use tt::TransTable;

/// Searches `pos` within `limits` with the game's evaluation. `history` is
/// the hashes of the game's earlier positions, oldest first, not including
/// `pos` (those since the last capture or pawn-like move are enough; more
/// only cost time); a repetition of any of them counts as a draw. None when
/// the side to move has no legal move.
pub fn search<P: Position>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
) -> Option<SearchResult<P::Move>> {
    let megabytes = if limits.tt_megabytes == 0 {
        16
    } else {
        limits.tt_megabytes
    };
    let mut tt = TransTable::with_megabytes(megabytes);
    Searcher::new(Evaluator::for_game(), &mut tt, limits.clone()).run(pos, history)
}

/// The move the computer plays at `level`. The same position, history,
/// level and seed give the same move unless the level's time cap cuts the
/// search short (a slow or busy machine).
pub fn choose_move<P: Position>(
    pos: &P,
    history: &[u64],
    level: Level,
    seed: u64,
) -> Option<SearchResult<P::Move>> {
    search(pos, history, &level.limits(seed))
}

/// A suggestion for the person to move: an Expert-level search without
/// noise.
pub fn hint<P: Position>(pos: &P, history: &[u64]) -> Option<P::Move> {
    search(pos, history, &hint_limits()).map(|r| r.best)
}

/// The limits of [`hint`]'s search.
pub fn hint_limits() -> SearchLimits {
    SearchLimits {
        noise: 0,
        ..Level::new(4).unwrap_or(Level::MAX).limits(0)
    }
}
