//! Best-Reply Search plus (BRS+), the search of a game with more than two
//! players in it (Schadd and Winands's Best-Reply Search, with Esser, Gras,
//! Winands, Schadd and Lanctot's refinement).
//!
//! Paranoid search lets every opponent search its moves in turn, so that
//! the root side's next move lies `players` plies down and the tree grows
//! by every opponent's branching factor. BRS merges the opponents' turns
//! into one layer in which only one of them, whichever has the best reply
//! for the coalition, searches its moves: root layers maximise, opponent
//! layers minimise, and a layer costs one ply of depth as in a two-player
//! search. BRS+ keeps the real turn order and real positions: an opponent
//! not searched in a layer plays its best-ordered move (the table's move,
//! else the first of the move ordering), cheap and legal.
//!
//! In the tree an opponent node is one of two kinds. While its layer's
//! reply is still to choose, it searches its own moves (each then spends
//! the layer) and also passes the reply on: its best-ordered move played
//! for nothing, the next opponent choosing at the same depth. Once the
//! reply is spent, an opponent node plays its best-ordered move alone.
//! Both kinds of the same position are different nodes, so a spent node's
//! table key differs from its position's hash (repetitions still compare
//! the hashes).

use super::searcher::Searcher;
use crate::rules::Position;

/// Mixed into a spent node's table key.
const SPENT_KEY: u64 = 0x5D3F_9A6C_E2B1_4807;

impl<P: Position> Searcher<'_, P> {
    /// The table key of the node at `ply` whose position's hash is `hash`.
    #[inline]
    pub(super) fn node_key(&self, hash: u64, ply: usize) -> u64 {
        if self.spent[ply] {
            hash ^ SPENT_KEY
        } else {
            hash
        }
    }

    /// After a move searched at `ply` (an `opponent`'s or not): whether the
    /// child's layer's reply is spent, which it is when an opponent made
    /// that move and another opponent is to move.
    #[inline]
    pub(super) fn mark_spent(&mut self, child: &P, opponent: bool, ply: usize) {
        self.spent[ply + 1] = opponent && Some(child.side_to_move()) != self.team_root;
    }

    /// A spent opponent node: its best-ordered move of `moves`, searched at
    /// the same depth within `(alpha, beta)`, and that move.
    pub(super) fn forced_reply(
        &mut self,
        pos: &mut P,
        moves: &[P::Move],
        tt_move: Option<P::Move>,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        floor: usize,
        hash: u64,
    ) -> (i32, Option<P::Move>) {
        let mv = self.best_ordered(pos, moves, tt_move, ply);
        let (undo, same, child_floor) = self.descend(pos, mv, hash, floor);
        self.mark_spent(pos, true, ply);
        let score = self.child(pos, same, depth, alpha, beta, ply + 1, child_floor);
        self.ascend(pos, mv, undo);
        if score > alpha && !self.stopped {
            self.update_pv(ply, mv);
        }
        (score, Some(mv))
    }

    /// An opponent whose layer's reply is still to choose passes it on: it
    /// plays its best-ordered move `mv` and the next opponent chooses, at
    /// the same `depth` (null window first, as for any move but the
    /// first). None when the root side moves next: no opponent is left to
    /// reply in this layer.
    pub(super) fn pass_through(
        &mut self,
        pos: &mut P,
        mv: P::Move,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        floor: usize,
        hash: u64,
    ) -> Option<i32> {
        let (undo, same, child_floor) = self.descend(pos, mv, hash, floor);
        let mut score = None;
        if Some(pos.side_to_move()) != self.team_root {
            self.spent[ply + 1] = false;
            let next = ply + 1;
            let mut s = self.child(pos, same, depth, alpha, alpha + 1, next, child_floor);
            if s > alpha && s < beta {
                s = self.child(pos, same, depth, alpha, beta, next, child_floor);
            }
            score = Some(s);
        }
        self.ascend(pos, mv, undo);
        score
    }
}
