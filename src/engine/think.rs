//! The engine's entry points: a search with the game's own evaluation (on
//! several threads, Lazy SMP), the move of a playing level, and a hint.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::eval::Evaluator;
use super::levels::Level;
use super::search::{SearchLimits, SearchResult, Searcher};
use super::tt::TransTable;
use crate::rules::Position;

/// Searches `pos` within `limits` with the game's evaluation. `history` is
/// the hashes of the game's earlier positions, oldest first, not including
/// `pos` (those since the last capture or pawn-like move are enough; more
/// only cost time); a repetition of any of them counts as a draw. None when
/// the side to move has no legal move. With [`SearchLimits::threads`] above
/// one, a Lazy-SMP search ([`search_with_progress`]).
pub fn search<P: Position>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
) -> Option<SearchResult<P::Move>> {
    search_with_progress(pos, history, limits, |_| {})
}

/// [`search`], telling `report` the main thread's result after every
/// iteration it finishes (depth, score, line, nodes so far).
///
/// Lazy SMP: every thread searches the whole tree, sharing one
/// transposition table, so that each finds the others' results there; the
/// helpers search odd iterations one ply deeper to spread out. The main
/// thread's result is the answer; its end stops the helpers. A node limit
/// is split evenly among the threads, and the reported nodes are everyone's.
pub fn search_with_progress<P: Position>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
    report: impl FnMut(&SearchResult<P::Move>),
) -> Option<SearchResult<P::Move>> {
    let megabytes = if limits.tt_megabytes == 0 {
        16
    } else {
        limits.tt_megabytes
    };
    let tt = TransTable::with_megabytes(megabytes);
    let threads = limits.threads.max(1);
    if threads == 1 {
        return Searcher::new(Evaluator::for_game(limits.weights), &tt, limits.clone())
            .with_progress(report)
            .run(pos, history);
    }
    let helpers_stop = Arc::new(AtomicBool::new(false));
    let share = SearchLimits {
        nodes: limits.nodes.map(|n| n.div_ceil(threads as u64)),
        multi_nodes: limits.multi_nodes.map(|n| n.div_ceil(threads as u64)),
        ..limits.clone()
    };
    let helper_limits = SearchLimits {
        stop: Some(helpers_stop.clone()),
        ..share.clone()
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|i| {
                let (tt, limits) = (&tt, helper_limits.clone());
                scope.spawn(move || {
                    Searcher::new(Evaluator::for_game(limits.weights), tt, limits)
                        .as_helper(i as u32)
                        .run(pos, history)
                        .map_or(0, |r| r.nodes)
                })
            })
            .collect();
        let main = Searcher::new(Evaluator::for_game(limits.weights), &tt, share)
            .with_progress(report)
            .run(pos, history);
        helpers_stop.store(true, Ordering::Relaxed);
        let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        main.map(|r| SearchResult {
            nodes: r.nodes + helper_nodes,
            ..r
        })
    })
}

/// All cores but one (at least one thread): what the window's searches use,
/// leaving a core for drawing.
pub fn spare_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
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
