//! Quiescence: beyond the horizon only noisy moves are searched, so that
//! no line is judged in the middle of an exchange. A side out of check may
//! stand pat on its evaluation (spared, when the material estimate alone
//! decides); a side in check tries every evasion for a few plies; delta
//! pruning skips captures that cannot reach alpha.

use std::ops::ControlFlow;

use super::score::{INF, MAX_PLY};
use super::searcher::Searcher;
use crate::engine::eval::MAX_EVAL;
use crate::rules::Position;

/// Quiescence plies in which a side in check tries every evasion (beyond
/// that it stands pat like anyone else, to bound the tree).
const QUIESCENCE_CHECK_PLIES: u32 = 4;
/// Quiescence plies at most (long capture-and-free chains in Flaxman).
const QUIESCENCE_PLIES: u32 = 16;
/// Quiescence skips a capture when even its victim and this much more would
/// not reach alpha.
const DELTA_MARGIN: i32 = 200;

/// What the material estimate leaves to the stand-pat score.
enum Lazy {
    /// A fail-low bound to stand on.
    FailLow(i32),
    /// Nothing decided: the full evaluation is needed (this estimate).
    Undecided(i32),
    /// No estimate.
    NoEstimate,
}

impl<P: Position> Searcher<'_, P> {
    /// The score of `pos` within `(alpha, beta)` once its noisy moves are
    /// played out; `qply` plies into quiescence.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        floor: usize,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        let hash = pos.hash();
        if ply > 0 && self.repeats(hash, floor) {
            return 0;
        }
        if let Some(score) = self.root_out(pos, ply) {
            return score;
        }
        let in_check = pos.in_check();
        let evading = in_check && qply < QUIESCENCE_CHECK_PLIES;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        if in_check {
            // A side in check may be mated: that needs every legal move.
            pos.legal_moves(&mut moves);
        }
        if let Some(score) = self.line_ends(pos, in_check && moves.is_empty(), ply, floor) {
            self.moves[ply] = moves;
            return score;
        }
        let mut best =
            match self.stand_or_evade(pos, &mut moves, in_check, evading, alpha, beta, ply, qply) {
                ControlFlow::Break(score) => {
                    self.moves[ply] = moves;
                    return score;
                }
                ControlFlow::Continue(best) => best,
            };
        alpha = alpha.max(best);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        scores.extend(moves.iter().map(|&mv| self.capture_order(pos, mv)));
        for i in 0..moves.len() {
            let mv = Self::pick(&mut moves, &mut scores, i);
            if !evading && self.delta_pruned(pos, mv, best, alpha) {
                continue;
            }
            let (undo, same, child_floor) = self.descend(pos, mv, hash, floor);
            let score = if same {
                self.quiesce(pos, alpha, beta, ply + 1, child_floor, qply + 1)
            } else {
                -self.quiesce(pos, -beta, -alpha, ply + 1, child_floor, qply + 1)
            };
            self.ascend(pos, mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        best
    }

    /// The score to beat and the moves to try: a side evading a check
    /// tries every move it has (`moves`, already listed) from nothing;
    /// anyone else stands pat on its evaluation and tries its noisy moves.
    /// Break: the node's score, with nothing to try.
    #[inline]
    fn stand_or_evade(
        &self,
        pos: &P,
        moves: &mut Vec<P::Move>,
        in_check: bool,
        evading: bool,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> ControlFlow<i32, i32> {
        if evading {
            if ply + 1 >= MAX_PLY {
                return ControlFlow::Break(self.static_eval(pos));
            }
            return ControlFlow::Continue(-INF);
        }
        let stand = self.stand_pat(pos, alpha, beta, ply, qply)?;
        if in_check {
            moves.retain(|&mv| pos.is_noisy(mv));
        } else {
            pos.noisy_moves(moves);
        }
        ControlFlow::Continue(stand)
    }

    /// The score the side to move (not evading a check) may stand on
    /// instead of capturing: the node's score to return at once when that
    /// already holds beta or the line is as long as it may grow, otherwise
    /// the stand-pat score to beat.
    #[inline]
    fn stand_pat(
        &self,
        pos: &P,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> ControlFlow<i32, i32> {
        let stand = match self.lazy_stand_pat(pos, alpha, beta, qply)? {
            Lazy::FailLow(high) => high,
            Lazy::Undecided(estimate) => self.static_eval_after_estimate(pos, estimate),
            Lazy::NoEstimate => self.static_eval(pos),
        };
        if stand >= beta || qply >= QUIESCENCE_PLIES || ply + 1 >= MAX_PLY {
            return ControlFlow::Break(stand);
        }
        ControlFlow::Continue(stand)
    }

    /// Lazy: the material estimate and its margin (the rest of the
    /// evaluation and the noise) bound the stand-pat score. Its low end at
    /// beta stands pat (the score to return); its high end at alpha is a
    /// fail-low bound good enough to stand on while the captures are tried.
    /// Either way the full evaluation is spared. Otherwise the estimate
    /// saves the full evaluation its material. Not with more than two
    /// players, nor when the game gives no estimate.
    #[inline]
    fn lazy_stand_pat(&self, pos: &P, alpha: i32, beta: i32, qply: u32) -> ControlFlow<i32, Lazy> {
        if self.team_root.is_some() {
            return ControlFlow::Continue(Lazy::NoEstimate);
        }
        let Some((estimate, margin)) = self.eval.estimate(pos) else {
            return ControlFlow::Continue(Lazy::NoEstimate);
        };
        let spread = margin + self.noise;
        let low = (estimate - spread).min(MAX_EVAL);
        if low >= beta && qply < QUIESCENCE_PLIES {
            return ControlFlow::Break(low);
        }
        let high = (estimate + spread).max(-MAX_EVAL);
        ControlFlow::Continue(if high <= alpha {
            Lazy::FailLow(high)
        } else {
            Lazy::Undecided(estimate)
        })
    }

    /// Delta pruning: once a score stands, a capture whose victim cannot
    /// lift it to alpha is not worth a look.
    #[inline]
    fn delta_pruned(&self, pos: &P, mv: P::Move, best: i32, alpha: i32) -> bool {
        best > -INF && {
            let gain = self.eval.noisy_gain(pos, mv);
            gain > 0 && best + gain + DELTA_MARGIN <= alpha
        }
    }
}
