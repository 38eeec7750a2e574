//! Several best lines (multi-PV): the best move, then the best of the
//! others, and so on, each found by a search that leaves the moves already
//! found out of the root.

use super::eval::Evaluator;
use super::search::{SearchLimits, SearchResult, Searcher};
use super::tt::TransTable;
use crate::rules::Position;

/// [`search`](super::search) on one thread with the root moves `excluded`
/// left out: the best of the other moves and its score. None when no other
/// legal move is left. Each call has a table of its own, so that what was
/// learnt about an excluded move cannot leak into the answer.
pub fn search_excluding<P: Position>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
    excluded: &[P::Move],
) -> Option<SearchResult<P::Move>> {
    let megabytes = if limits.tt_megabytes == 0 {
        16
    } else {
        limits.tt_megabytes
    };
    let tt = TransTable::with_megabytes(megabytes);
    Searcher::new(Evaluator::for_game(limits.weights), &tt, limits.clone())
        .excluding(excluded)
        .run(pos, history)
}

/// The `lines` best moves of `pos` with their scores and lines, best first
/// (fewer when the position has fewer legal moves): a search, then one
/// more for each further line with the moves already found excluded. Every
/// search has the same limits, so the scores compare.
pub fn multi_pv<P: Position>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
    lines: usize,
) -> Vec<SearchResult<P::Move>> {
    let mut found: Vec<SearchResult<P::Move>> = Vec::with_capacity(lines);
    let mut excluded = Vec::with_capacity(lines);
    while found.len() < lines {
        let Some(result) = search_excluding(pos, history, limits, &excluded) else {
            break;
        };
        excluded.push(result.best);
        found.push(result);
    }
    found
}
