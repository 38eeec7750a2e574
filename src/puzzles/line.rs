//! What makes a line a puzzle, shared by the generator and the checker:
//! the searches' limits, when a score wins, when a move is the only
//! winning one, and the line followed from a position until the win is
//! plain.
//!
//! - A search of the puzzle's depth, no noise, one thread, a table of its
//!   own, the line's earlier positions as its history ([`limits`]): the
//!   same call gives the same answer in the generator and the checker.
//! - A **mate** line: the best move's score is a forced mate for the
//!   solver; every other move must not be a mate (mate against no mate).
//! - A **material** line: the best move scores at least [`WIN`]; every
//!   other move scores at most [`NOT_WINNING`] and at least [`GAP`] below
//!   it. The line ends after the solver's move that has brought its
//!   material at least a minor piece above the start's while the search
//!   (the opponent to move) still scores a [`WIN`] for the solver.
//! - The opponent answers with the search's best move; the solver's next
//!   move must again be the only winning one; at most [`MAX_SOLVER_MOVES`].

use crate::engine::search::mate_in;
use crate::engine::{SearchLimits, SearchResult, WeightSet, search, search_excluding};
use crate::rules::variant::Variant;
use crate::rules::{GameResult, Position};

use super::material::{MINOR_PIECE, balance};
use super::puzzle::End;

/// A decisive score (evaluation units, about a hundred to a pawn).
pub const WIN: i32 = 300;
/// The most any other move may score in a material puzzle.
pub const NOT_WINNING: i32 = 100;
/// How far below the best move every other move must score.
pub const GAP: i32 = 300;
/// The longest line, in solver moves.
pub const MAX_SOLVER_MOVES: usize = 5;
/// The node cap of one search: a search that stops on it has not reached
/// its depth, and the position is not used.
pub const NODE_CAP: u64 = 3_000_000;

/// The limits of every puzzle search of `depth` plies. Puzzles are found
/// and proved with the evaluations' original weights: the thresholds above
/// are in their units, and a shipped proof must not change when the
/// playing weights are tuned.
pub fn limits(depth: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(depth),
        nodes: Some(NODE_CAP),
        noise: 0,
        tt_megabytes: 8,
        threads: 1,
        weights: WeightSet::Original,
        ..SearchLimits::default()
    }
}

/// Whether `score` (the solver's view) wins as `end` asks.
pub fn wins(end: End, score: i32) -> bool {
    match end {
        End::Mate => mate_in(score).is_some_and(|plies| plies > 0),
        End::Material { .. } => score >= WIN,
    }
}

/// Whether another move scoring `other` leaves `best` the only winning move.
pub fn only_winner(end: End, best: i32, other: i32) -> bool {
    match end {
        End::Mate => !wins(End::Mate, other),
        End::Material { .. } => other <= NOT_WINNING && best - other >= GAP,
    }
}

/// Why a followed position is not a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reject {
    /// A search stopped on [`NODE_CAP`] before its depth.
    Capped,
    /// The best move does not win (as the line's kind asks).
    NotWinning,
    /// Another solver move wins too, or comes within the gap.
    NotUnique,
    /// The game ended otherwise than in the solver's win, or no end in
    /// [`MAX_SOLVER_MOVES`] solver moves.
    NoEnd,
}

/// A line found from a position: its moves, how it ends, and the gap
/// between the solver's first move and the next best.
pub struct Found<M> {
    pub moves: Vec<M>,
    pub end: End,
    pub first_gap: i32,
}

/// Whether a search finished its depth (a mate found sooner stops it
/// early, which counts).
fn finished<M>(result: &SearchResult<M>, depth: u32) -> bool {
    result.depth >= depth || mate_in(result.score).is_some()
}

/// Follows the line from `root` (the solver to move) with searches of
/// `depth` plies: the line when it is a puzzle by the rules above, or why
/// not.
pub fn follow<P: Position>(
    root: &P,
    variant: Variant,
    depth: u32,
) -> Result<Found<P::Move>, Reject> {
    let limits = limits(depth);
    let solver = root.side_to_move();
    let start_material = balance(root, variant, solver);
    let mut pos = root.clone();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let mut kind = None;
    let mut first_gap = 0;
    for _ in 0..MAX_SOLVER_MOVES {
        let (best, gap) = only_winning_move(&pos, &history, &limits, &mut kind)?;
        let end = kind.unwrap_or(End::Mate);
        if moves.is_empty() {
            first_gap = gap;
        }
        history.push(pos.hash());
        pos.play(best);
        moves.push(best);
        if let Some(outcome) = pos.outcome() {
            let won = outcome.result == GameResult::Win(solver);
            return match won && end == End::Mate {
                true => Ok(Found {
                    moves,
                    end,
                    first_gap,
                }),
                false => Err(Reject::NoEnd),
            };
        }
        let reply = search(&pos, &history, &limits).ok_or(Reject::NoEnd)?;
        if !finished(&reply, depth) {
            return Err(Reject::Capped);
        }
        let gain = balance(&pos, variant, solver) - start_material;
        if end != End::Mate && gain >= MINOR_PIECE && -reply.score >= WIN {
            let end = End::Material { gain };
            return Ok(Found {
                moves,
                end,
                first_gap,
            });
        }
        history.push(pos.hash());
        pos.play(reply.best);
        moves.push(reply.best);
        if pos.outcome().is_some() {
            return Err(Reject::NoEnd);
        }
    }
    Err(Reject::NoEnd)
}

/// The solver's only winning move at `pos` and its lead over the next best
/// (0 when it is the only legal move). The first call settles the line's
/// kind in `kind` (mate when the best move mates). The next best is
/// searched only once the best wins: the searches are those of
/// [`crate::engine::multi_pv`] with two lines, in its order.
fn only_winning_move<P: Position>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
    kind: &mut Option<End>,
) -> Result<(P::Move, i32), Reject> {
    let depth = limits.depth.unwrap_or(0);
    let best = search_excluding(pos, history, limits, &[]).ok_or(Reject::NoEnd)?;
    if !finished(&best, depth) {
        return Err(Reject::Capped);
    }
    let end = *kind.get_or_insert(if wins(End::Mate, best.score) {
        End::Mate
    } else {
        End::Material { gain: 0 }
    });
    if !wins(end, best.score) {
        return Err(Reject::NotWinning);
    }
    let Some(second) = search_excluding(pos, history, limits, &[best.best]) else {
        return Ok((best.best, 0));
    };
    if !finished(&second, depth) {
        return Err(Reject::Capped);
    }
    if !only_winner(end, best.score, second.score) {
        return Err(Reject::NotUnique);
    }
    Ok((best.best, best.score - second.score))
}
