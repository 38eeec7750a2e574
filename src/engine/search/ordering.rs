//! Move ordering: the table move first, then noisy moves (most valuable
//! victim, cheapest capturer), the two killers, and the quiet moves by
//! their history; a cut-off by a quiet move rewards it.

use std::hash::{Hash, Hasher};

use super::searcher::{HISTORY_SLOTS, Searcher};
use crate::rules::Position;
use crate::rules::zobrist::splitmix64;

/// The order score of the table's move.
const TABLE_MOVE: i32 = 1_000_000;
/// The order score of a noisy move, before its capture order is added.
const NOISY: i32 = 500_000;
const FIRST_KILLER: i32 = 400_000;
/// The order score of the second killer: every move scored below it is a
/// late quiet move, which the search may reduce.
pub(super) const SECOND_KILLER: i32 = 399_000;
/// A history score above this halves them all.
const HISTORY_CAP: i32 = 300_000;

/// FNV-1a: a fixed hasher, so that history slots do not depend on a random
/// per-process key and the search stays reproducible.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
}

#[inline]
fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut h = Fnv(0xCBF2_9CE4_8422_2325);
    mv.hash(&mut h);
    (splitmix64(h.finish()) % HISTORY_SLOTS as u64) as usize
}

impl<P: Position> Searcher<'_, P> {
    #[inline]
    fn history_index(&self, pos: &P, mv: &P::Move) -> usize {
        usize::from(pos.side_to_move().0 & 1) * HISTORY_SLOTS + history_slot(mv)
    }

    /// Orders `moves` by putting scores in `scores`; [`Self::pick`] takes
    /// the best remaining.
    #[inline]
    pub(super) fn score_moves(
        &self,
        pos: &P,
        moves: &[P::Move],
        scores: &mut Vec<i32>,
        tt_move: Option<P::Move>,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers[ply];
        for mv in moves {
            let s = if Some(*mv) == tt_move {
                TABLE_MOVE
            } else if pos.is_noisy(*mv) {
                NOISY + self.capture_order(pos, *mv)
            } else if Some(*mv) == killers[0] {
                FIRST_KILLER
            } else if Some(*mv) == killers[1] {
                SECOND_KILLER
            } else {
                self.history[self.history_index(pos, mv)]
            };
            scores.push(s);
        }
    }

    /// Swaps the best-scored move of `moves[i..]` to `i` and returns it.
    #[inline]
    pub(super) fn pick(moves: &mut [P::Move], scores: &mut [i32], i: usize) -> P::Move {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
        moves[i]
    }

    /// A quiet move that cut off: a killer at `ply`, and history.
    #[inline]
    pub(super) fn reward(&mut self, pos: &P, mv: P::Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.history_index(pos, &mv);
        self.history[i] += depth * depth;
        if self.history[i] > HISTORY_CAP {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// Most valuable victim first, then the cheapest capturer.
    #[inline]
    pub(super) fn capture_order(&self, pos: &P, mv: P::Move) -> i32 {
        16 * self.eval.noisy_gain(pos, mv) - self.eval.mover_value(pos, mv) / 16
    }
}
