//! What a node is worth without searching it: its evaluation (with the
//! level's noise), or the score of a game over.

use super::score::{MATE, THREE_QUARTERS};
use super::searcher::Searcher;
use crate::rules::zobrist::splitmix64;
use crate::rules::{GameResult, Position};

impl<P: Position> Searcher<'_, P> {
    /// The evaluation for the side to move's team, with the noise.
    #[inline]
    pub(super) fn static_eval(&self, pos: &P) -> i32 {
        let value = match self.team_root {
            Some(root) => self.for_mover(pos, self.eval.evaluate_for(pos, root)),
            None => self.eval.evaluate(pos),
        };
        self.with_noise(pos, value)
    }

    /// The same as [`Searcher::static_eval`] with two sides, given the
    /// position's material `estimate`.
    #[inline]
    pub(super) fn static_eval_after_estimate(&self, pos: &P, estimate: i32) -> i32 {
        self.with_noise(pos, self.eval.evaluate_after_estimate(pos, estimate))
    }

    /// `value` with the level's noise, a fixed function of the position.
    #[inline]
    fn with_noise(&self, pos: &P, value: i32) -> i32 {
        let n = self.noise;
        if n > 0 {
            let r = splitmix64(pos.hash() ^ self.noise_key) % (2 * n as u64 + 1);
            value + r as i32 - n
        } else {
            value
        }
    }

    /// The score of a position whose side to move has no legal move.
    pub(super) fn terminal(&self, pos: &P, ply: usize) -> i32 {
        let me = match self.team_root {
            // More than two players: a win for the root side is its team's.
            Some(root) => {
                let mate = MATE - ply as i32;
                return match pos.outcome().map(|o| o.result) {
                    Some(GameResult::Win(side) | GameResult::ThreeQuarters(side)) => {
                        self.for_mover(pos, if side == root { mate } else { -mate })
                    }
                    Some(GameResult::Draw) | None => 0,
                };
            }
            None => pos.side_to_move(),
        };
        let mate = MATE - ply as i32;
        match pos.outcome().map(|o| o.result) {
            Some(GameResult::Win(side)) if side == me => mate,
            Some(GameResult::Win(_)) => -mate,
            Some(GameResult::ThreeQuarters(side)) if side == me => THREE_QUARTERS,
            Some(GameResult::ThreeQuarters(_)) => -THREE_QUARTERS,
            Some(GameResult::Draw) | None => 0,
        }
    }

    /// The score of a node that ends the line: its side to move has no
    /// legal move (`no_move`), or (below the root) the fifty-move count has
    /// run out.
    #[inline]
    pub(super) fn line_ends(
        &self,
        pos: &P,
        no_move: bool,
        ply: usize,
        floor: usize,
    ) -> Option<i32> {
        if no_move {
            return Some(self.terminal(pos, ply));
        }
        (ply > 0 && self.fifty_moves_run_out(pos, ply, floor)).then_some(0)
    }
}
