//! The search: iterative-deepening principal-variation search (negamax with
//! alpha-beta) over any [`Position`], with a transposition table, move
//! ordering (table move, noisy moves, killers, history), late-move
//! reductions, check extensions and a quiescence search on noisy moves.
//!
//! Scores are from the side to move's point of view. A side that has no
//! legal move is scored by [`Position::outcome`]: a win for the mover is
//! `+MATE − ply`, a loss `−(MATE − ply)` (so shorter mates score higher), a
//! draw 0, a ¾ result ±[`THREE_QUARTERS`]. A position that repeats one on the
//! path (the game's earlier positions since the last irreversible move, then
//! the search line) counts as a draw at once.
//!
//! Quiescence proves a position terminal only when the side to move is in
//! check: a quiet side out of check stands pat on its evaluation without
//! generating its quiet moves, so a stalemate (or Tapestry's loss without a
//! move) first seen there is scored as the evaluation says; the main search
//! sees it exactly one ply earlier.
//!
//! The fifty-move rule is seen when the caller says it is in force and how
//! far its count has run ([`SearchLimits::fifty_move_clock`]): a line that
//! reaches the limit scores as a draw, unless its last move mated.
//!
//! More than two players in the game (three-player Anglojewish Chess): the
//! side to move at the root plays against a coalition of all the others,
//! who minimise its score; scores are from the point of view of the
//! mover's team, so a child whose mover is on the same team keeps the
//! window and the sign (two coalition players in a row), any other child
//! negates them as in negamax. The evaluation is the root side's
//! ([`Evaluator::evaluate_for`]); the root side eliminated is a loss at
//! once, the root side left alone a win. Which opponents search their
//! moves is [`SearchLimits::multi`]: Best-Reply Search plus, one per
//! opponents' layer (see `brs`), or paranoid, every one; either prunes
//! near the horizon unless [`SearchLimits::pruning`] says not to (see
//! `prune`). Two players left are searched as a two-player game.
//!
//! Determinism: the clock influences the search only when a time limit is set
//! (it is read otherwise only to report the time taken).
//! With a node and/or depth limit alone, the same position, history, limits
//! and seed give the same result every run.
//!
//! [`Position`]: crate::rules::Position
//! [`Position::outcome`]: crate::rules::Position::outcome
//! [`Evaluator::evaluate_for`]: crate::engine::eval::Evaluator::evaluate_for

mod brs;
mod draws;
mod leaf;
mod limits;
mod negamax;
mod ordering;
mod prune;
mod quiesce;
mod score;
mod searcher;
mod team;

pub use limits::{MultiSearch, Pruning, SearchLimits, SearchResult};
pub use score::{MATE, MATE_BOUND, MAX_PLY, THREE_QUARTERS, mate_in};
pub use searcher::Searcher;
