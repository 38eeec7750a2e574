//! The principal-variation search proper: negamax with alpha-beta over the
//! legal moves, with mate-distance pruning, the transposition table's
//! cut-offs and stores, check extensions and late-move reductions.

use std::ops::ControlFlow;

use super::ordering::SECOND_KILLER;
use super::score::{INF, MATE, MAX_PLY, score_from_tt, score_to_tt};
use super::searcher::Searcher;
use crate::engine::tt::{Bound, Entry};
use crate::rules::Position;

impl<P: Position> Searcher<'_, P> {
    /// The score of `pos` searched `depth` plies deep within the window
    /// `(alpha, beta)`, `ply` plies from the root; `floor` is where the
    /// path's positions since the last reset of the fifty-move count begin.
    pub(super) fn negamax(
        &mut self,
        pos: &mut P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        floor: usize,
    ) -> i32 {
        self.pv[ply].clear();
        let hash = pos.hash();
        let (alpha, beta) = match self.decided_on_entry(pos, hash, alpha, beta, ply, floor) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(window) => window,
        };
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, floor, 0);
        }
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        let key = self.node_key(hash, ply);
        let tt_move = match self.probe_table(key, depth, alpha, beta, ply) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(mv) => self.move_hint(mv, key, hash, ply),
        };
        let in_check = pos.in_check();
        if let Some(score) = self.futile_node(pos, in_check, depth, (alpha, beta), ply) {
            return score;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if let Some(score) = self.line_ends(pos, moves.is_empty(), ply, floor) {
            self.moves[ply] = moves;
            return score;
        }
        let window = (alpha, beta);
        let (best, best_move) = if self.spent[ply] {
            self.forced_reply(pos, &moves, tt_move, depth, window, ply, floor, hash)
        } else {
            self.search_moves(
                pos, &mut moves, tt_move, in_check, depth, window, ply, floor, hash,
            )
        };
        self.moves[ply] = moves;
        if self.stopped {
            return best.max(alpha);
        }
        // Stored at the depth the moves were searched to: a node in check
        // searched them a ply deeper (a spent node plays one move and is
        // not extended).
        let searched = depth + i32::from(!self.spent[ply] && in_check && ply < MAX_PLY / 2);
        self.store(key, best_move, best, alpha, beta, searched, ply);
        best
    }

    /// The move to try first: the previous iteration's best at the root,
    /// else the table's; a node whose layer's reply is spent falls back on
    /// the position's own entry (its mover's searched best).
    #[inline]
    fn move_hint(
        &self,
        tt_move: Option<P::Move>,
        key: u64,
        hash: u64,
        ply: usize,
    ) -> Option<P::Move> {
        if ply == 0 && self.root_best.is_some() {
            return self.root_best;
        }
        if tt_move.is_none() && key != hash {
            return self.tt.probe(hash).and_then(|e| e.mv);
        }
        tt_move
    }

    /// Searches the legal `moves` of a node with moves to search, after
    /// the table's move, in order, PVS and LMR (`in_check`: the side to
    /// move is in check, and the moves are searched one ply deeper): the
    /// best score and move. A BRS+ opponent whose layer's reply is still
    /// to choose may also pass it on to the next opponent, right after its
    /// first move.
    fn search_moves(
        &mut self,
        pos: &mut P,
        moves: &mut [P::Move],
        tt_move: Option<P::Move>,
        in_check: bool,
        mut depth: i32,
        (mut alpha, beta): (i32, i32),
        ply: usize,
        floor: usize,
        hash: u64,
    ) -> (i32, Option<P::Move>) {
        let layer_depth = depth;
        let pv = beta - alpha > 1;
        let may_pass = self.brs && Some(pos.side_to_move()) != self.team_root;
        depth += i32::from(in_check && ply < MAX_PLY / 2); // Check extension.
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.score_moves(pos, moves, &mut scores, tt_move, ply);
        let mut best = (-INF, None);
        let mut n = 0;
        for i in 0..moves.len() {
            let mv = Self::pick(moves, &mut scores, i);
            if ply == 0 && self.excluded.contains(&mv) {
                continue;
            }
            let noisy = pos.is_noisy(mv);
            // Killers and the table move are not reduced either.
            let late = !noisy && !in_check && scores[i] < SECOND_KILLER;
            // The order puts the table move, noisy moves and killers first,
            // so every move after a pruned late move is late and pruned too.
            if self.late_move_pruned(layer_depth, pv, late, n, ply) {
                break;
            }
            let score = self.search_move(pos, mv, n, late, depth, alpha, beta, ply, floor, hash);
            n += 1;
            if self.stopped {
                break;
            }
            if self.take_score(score, mv, &mut best, &mut alpha, beta, ply) {
                if !noisy {
                    self.reward(pos, mv, ply, depth);
                }
                break;
            }
            if i == 0 && may_pass {
                let window = (alpha, beta);
                let passed = self.pass_through(pos, mv, layer_depth, window, ply, floor, hash);
                if self.stopped {
                    break;
                }
                if let Some(score) = passed
                    && self.take_score(score, mv, &mut best, &mut alpha, beta, ply)
                {
                    break;
                }
            }
        }
        self.scores[ply] = scores;
        best
    }

    /// Takes the score of `mv` into the node's `best` (score and move) and
    /// `alpha`, keeping the line when it raises alpha: whether it cuts off.
    #[inline]
    fn take_score(
        &mut self,
        score: i32,
        mv: P::Move,
        best: &mut (i32, Option<P::Move>),
        alpha: &mut i32,
        beta: i32,
        ply: usize,
    ) -> bool {
        if score <= best.0 {
            return false;
        }
        *best = (score, Some(mv));
        if score <= *alpha {
            return false;
        }
        *alpha = score;
        self.update_pv(ply, mv);
        score >= beta
    }

    /// A node decided before anything is searched: below the root, a
    /// repetition is a draw, and the window shrinks to the scores a line
    /// from here can still reach (no line beats a mate already found nearer
    /// the root; closed, the node fails low); the root side out of the game
    /// is its loss. Otherwise the window to search.
    #[inline]
    fn decided_on_entry(
        &self,
        pos: &P,
        hash: u64,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        floor: usize,
    ) -> ControlFlow<i32, (i32, i32)> {
        if ply > 0 {
            if self.repeats(hash, floor) {
                return ControlFlow::Break(0);
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return ControlFlow::Break(alpha);
            }
        }
        match self.root_out(pos, ply) {
            Some(score) => ControlFlow::Break(score),
            None => ControlFlow::Continue((alpha, beta)),
        }
    }

    /// The table's word on this node: the move to try first or, below the
    /// root and off the principal variation, a score searched deep enough
    /// and bounded on the right side of the window to return at once.
    #[inline]
    fn probe_table(
        &self,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, Option<P::Move>> {
        let Some(e) = self.tt.probe(key) else {
            return ControlFlow::Continue(None);
        };
        let pv_node = beta - alpha > 1;
        if ply > 0 && !pv_node && i32::from(e.depth) >= depth {
            let s = score_from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if usable {
                return ControlFlow::Break(s);
            }
        }
        ControlFlow::Continue(e.mv)
    }

    /// Plays `mv`, the `i`-th move tried, searches it and takes it back: the
    /// first with the full window; any other with a null window, reduced
    /// when it is `late` (LMR) and again at full depth if that beats alpha,
    /// then with the full window if it lands inside (PVS).
    #[inline]
    fn search_move(
        &mut self,
        pos: &mut P,
        mv: P::Move,
        i: usize,
        late: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        floor: usize,
        hash: u64,
    ) -> i32 {
        let opponent = self.brs && Some(pos.side_to_move()) != self.team_root;
        let (undo, same, child_floor) = self.descend(pos, mv, hash, floor);
        self.mark_spent(pos, opponent, ply);
        let score = if i == 0 {
            self.child(pos, same, depth - 1, alpha, beta, ply + 1, child_floor)
        } else {
            let reduction = if late { self.reduction(depth, i) } else { 0 };
            let (a, b) = (alpha, alpha + 1);
            let d = depth - 1;
            let mut s = self.child(pos, same, d - reduction, a, b, ply + 1, child_floor);
            if s > alpha && reduction > 0 {
                s = self.child(pos, same, d, a, b, ply + 1, child_floor);
            }
            if s > alpha && s < beta {
                s = self.child(pos, same, d, alpha, beta, ply + 1, child_floor);
            }
            s
        };
        self.ascend(pos, mv, undo);
        score
    }

    /// Searches the child just played within the parent's window
    /// `(alpha, beta)` and returns its score from the parent's mover's view.
    #[inline]
    pub(super) fn child(
        &mut self,
        pos: &mut P,
        same: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        floor: usize,
    ) -> i32 {
        if same {
            self.negamax(pos, depth, alpha, beta, ply, floor)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply, floor)
        }
    }

    /// Keeps the node's result in the table: exact inside the window it was
    /// searched with, a lower bound at beta or above, an upper bound at
    /// alpha or below.
    #[inline]
    pub(super) fn store(
        &self,
        hash: u64,
        best_move: Option<P::Move>,
        best: i32,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: hash,
            mv: best_move,
            score: score_to_tt(best, ply),
            depth: depth as i16,
            bound,
        });
    }
}

/// Late-move reduction: the plies taken off the search of a late quiet
/// move, the `i`-th tried at `depth` (none among the first three, or near
/// the horizon).
#[inline]
pub(super) fn late_move_reduction(depth: i32, i: usize) -> i32 {
    if depth >= 3 && i >= 3 {
        1 + i32::from(depth >= 6 && i >= 10)
    } else {
        0
    }
}
