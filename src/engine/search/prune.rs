//! Pruning near the horizon of a search of more than two players. There
//! every layer holds two opponents' moves and the tree grows the faster
//! for it, so each ply the pruning saves lets the budget look a ply
//! deeper, and the larger the budget the more plies it gains: the levels
//! above draw further apart. Off the principal variation and out of
//! check, a few plies from the horizon:
//!
//! - a node whose evaluation stands a margin a ply above beta returns it
//!   (the side to move is that far ahead before it even moves);
//! - a node searches only its first quiet moves in order, the rest not;
//! - late quiet moves are reduced further than in a two-player search.
//!
//! A two-player search does none of this.

use super::limits::Pruning;
use super::negamax::late_move_reduction;
use super::score::MATE_BOUND;
use super::searcher::Searcher;
use crate::rules::Position;

/// Deepest remaining depth at which a node may be pruned.
const PRUNING_DEPTH: i32 = 4;
/// How far above beta, a ply of depth left, an evaluation must stand.
const FUTILITY_MARGIN: i32 = 100;
/// Moves searched, by remaining depth, before later quiet ones are pruned.
const LATE_MOVES: [usize; PRUNING_DEPTH as usize + 1] = [0, 5, 8, 12, 17];

impl<P: Position> Searcher<'_, P> {
    /// Whether this search prunes near the horizon: more than two players
    /// in the game, and the pruning not turned off.
    #[inline]
    fn prunes(&self) -> bool {
        self.team_root.is_some() && self.limits.pruning == Pruning::On
    }

    /// Whether the node at `ply`, `depth` plies from the horizon, may be
    /// pruned.
    #[inline]
    fn may_prune(&self, depth: i32, ply: usize) -> bool {
        self.prunes() && ply > 0 && (1..=PRUNING_DEPTH).contains(&depth)
    }

    /// The score of a node off the principal variation whose evaluation
    /// stands far enough above `beta` to return it unsearched. Not for a
    /// node in check, nor a spent BRS+ node (it plays one move anyway).
    /// Asked before the moves are listed, so a side that far ahead with
    /// no legal move is scored by its evaluation, as quiescence scores a
    /// side standing pat.
    #[inline]
    pub(super) fn futile_node(
        &self,
        pos: &P,
        in_check: bool,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> Option<i32> {
        if !self.may_prune(depth, ply)
            || self.spent[ply]
            || in_check
            || beta - alpha > 1
            || beta.abs() >= MATE_BOUND
        {
            return None;
        }
        let eval = self.static_eval(pos);
        (eval - FUTILITY_MARGIN * depth >= beta).then_some(eval)
    }

    /// Whether a `late` quiet move, after `searched` moves of a node off
    /// the principal variation (`pv` false), is left unsearched.
    #[inline]
    pub(super) fn late_move_pruned(
        &self,
        depth: i32,
        pv: bool,
        late: bool,
        searched: usize,
        ply: usize,
    ) -> bool {
        late && !pv && self.may_prune(depth, ply) && searched >= LATE_MOVES[depth as usize]
    }

    /// The plies taken off the search of a late quiet move, the `i`-th
    /// tried at `depth`.
    #[inline]
    pub(super) fn reduction(&self, depth: i32, i: usize) -> i32 {
        if !self.prunes() {
            return late_move_reduction(depth, i);
        }
        if depth >= 3 && i >= 3 {
            1 + i32::from(depth >= 5 && i >= 6) + i32::from(depth >= 8 && i >= 12)
        } else {
            0
        }
    }
}
