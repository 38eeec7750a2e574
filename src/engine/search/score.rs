//! The search's scores: mates counted in plies from the root, and the same
//! scores as the transposition table keeps them.

/// The score of mate on the board (the side to move has been mated: −MATE).
pub const MATE: i32 = 30_000;
/// The deepest line the search follows, quiescence included.
pub const MAX_PLY: usize = 100;
/// Scores at least this far from 0 are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The score of a ¾ result (Glinski stalemate) for the side that gets ¾.
pub const THREE_QUARTERS: i32 = 20_000;
/// Above every score: the open window.
pub(super) const INF: i32 = MATE + 1;

/// Plies to mate when `score` is a mate score: positive when the side to
/// move mates, negative when it is mated.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Mate scores in the table count from the stored node, not from the root.
#[inline]
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A mate score from the table, counted from the root again.
#[inline]
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
