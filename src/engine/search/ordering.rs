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

/// The first of `items` with the highest `score` ([`Searcher::pick`]'s
/// choice among equal scores).
fn first_highest<T>(items: impl Iterator<Item = T>, score: impl Fn(&T) -> i32) -> Option<T> {
    let mut best: Option<(i32, T)> = None;
    for item in items {
        let s = score(&item);
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, item));
        }
    }
    best.map(|(_, item)| item)
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

    /// The move that [`Self::score_moves`] and [`Self::pick`] put first,
    /// found stage by stage (the table's move, the noisy moves, the
    /// killers, the history) so that a node that plays one move looks up
    /// no history when an earlier stage has a move. `moves` is not empty.
    pub(super) fn best_ordered(
        &self,
        pos: &P,
        moves: &[P::Move],
        tt_move: Option<P::Move>,
        ply: usize,
    ) -> P::Move {
        if let Some(mv) = tt_move.filter(|mv| moves.contains(mv)) {
            return mv;
        }
        let noisy = moves.iter().copied().filter(|&mv| pos.is_noisy(mv));
        if let Some(mv) = first_highest(noisy, |&mv| self.capture_order(pos, mv)) {
            return mv;
        }
        let mut killers = self.killers[ply].into_iter().flatten();
        if let Some(killer) = killers.find(|k| moves.contains(k)) {
            return killer;
        }
        let history = |mv: &P::Move| self.history[self.history_index(pos, mv)];
        first_highest(moves.iter().copied(), history).unwrap_or(moves[0])
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::Evaluator;
    use crate::engine::search::SearchLimits;
    use crate::engine::tt::TransTable;
    use crate::rules::chakra::Chakra;
    use crate::rules::flaxman::Flaxman;
    use crate::rules::hexchess::{HexChess, HexChess3, HexOptions};
    use crate::rules::random::Rng;
    use crate::rules::tapestry::Tapestry;
    use crate::rules::variant::VariantId;

    /// A random one of `moves`, or None (always when there are none).
    fn any_of<M: Copy>(moves: &[M], rng: &mut Rng) -> Option<M> {
        (!moves.is_empty() && rng.below(4) > 0).then(|| moves[rng.below(moves.len())])
    }

    /// In positions of random play from the start, with random table
    /// moves, killers (some from another position) and small history
    /// scores (so that many tie), `best_ordered` is the move that the full
    /// ordering picks first: how many positions it checked.
    fn agrees<P: Position>(options: &P::Options, rng: &mut Rng) -> usize {
        let tt = TransTable::new(1);
        let eval = Evaluator::for_game(Default::default());
        let mut searcher = Searcher::<P>::new(eval, &tt, SearchLimits::default());
        let (mut moves, mut earlier, mut scores) = (Vec::new(), Vec::new(), Vec::new());
        let mut checked = 0;
        for _ in 0..20 {
            let mut pos = P::start(options);
            for _ in 0..rng.below(120) {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for h in searcher.history.iter_mut() {
                    *h = rng.below(4) as i32;
                }
                let pool = if rng.below(2) == 0 { &moves } else { &earlier };
                searcher.killers[3] = [any_of(pool, rng), any_of(pool, rng)];
                let tt_move = any_of(pool, rng).filter(|_| rng.below(2) == 0);
                let staged = searcher.best_ordered(&pos, &moves, tt_move, 3);
                let mut ordered = moves.clone();
                searcher.score_moves(&pos, &ordered, &mut scores, tt_move, 3);
                let first = Searcher::<P>::pick(&mut ordered, &mut scores, 0);
                assert!(staged == first, "{}", pos.to_text());
                checked += 1;
                earlier.clone_from(&moves);
                pos.play(moves[rng.below(moves.len())]);
            }
        }
        checked
    }

    #[test]
    fn the_staged_choice_is_the_ordering_s_first_move() {
        let mut rng = Rng::new(11);
        let hex = |id| HexOptions::for_variant(id, None).expect("a hex game");
        let checked = agrees::<Flaxman>(&(), &mut rng)
            + agrees::<Tapestry>(&(), &mut rng)
            + agrees::<Chakra>(&(), &mut rng)
            + agrees::<HexChess>(&hex(VariantId::Glinski), &mut rng)
            + agrees::<HexChess>(&hex(VariantId::AjGlinskiMixed), &mut rng)
            + agrees::<HexChess3>(&hex(VariantId::AjMcCooey3p), &mut rng);
        assert!(checked > 1_000, "{checked} positions checked");
    }
}
