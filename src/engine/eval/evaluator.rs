//! The evaluation the search calls: the game's own, or the generic one.

use super::game_eval::MAX_EVAL;
use super::generic::generic;
use super::weights::WeightSet;
use crate::rules::{EvalWeights, Evaluated, OwnEvaluation, Position, Side};

/// The evaluation the search uses for one game type: plain function pointers,
/// chosen once per search.
pub struct Evaluator<P: Position> {
    evaluate: fn(&P, &[i32]) -> i32,
    evaluate_for: fn(&P, Side, &[i32]) -> i32,
    noisy_gain: fn(&P, P::Move) -> i32,
    mover_value: fn(&P, P::Move) -> i32,
    estimate: fn(&P, &[i32]) -> Option<(i32, i32)>,
    rest: fn(&P, &[i32]) -> Option<i32>,
    /// The weights `evaluate`, `evaluate_for` and `estimate` use.
    weights: &'static [i32],
    /// Which evaluation this is, for reports ("flaxman", "generic").
    pub name: &'static str,
}

impl<P: Position> Clone for Evaluator<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Position> Copy for Evaluator<P> {}

impl<P: Position> Evaluator<P> {
    /// The game's own evaluation when it has one (with the chosen set of
    /// its weights), else the generic one.
    pub fn for_game(weights: WeightSet) -> Self {
        match <P as Evaluated>::own_evaluation() {
            Some(own) => {
                let chosen = weights.pick(&own.weights);
                Self::own(own, chosen)
            }
            None => Self::generic(),
        }
    }

    /// The game's own evaluation with `weights`, one value per name of its
    /// [`EvalWeights`].
    pub fn own(own: OwnEvaluation<P>, weights: &'static [i32]) -> Self {
        Evaluator {
            evaluate: own.evaluate,
            evaluate_for: own.evaluate_for,
            noisy_gain: own.noisy_gain,
            mover_value: own.mover_value,
            estimate: own.estimate,
            rest: own.rest,
            weights,
            name: own.name,
        }
    }

    /// The generic evaluation, for any game.
    pub fn generic() -> Self {
        Evaluator {
            evaluate: |pos, _| generic::<P>(pos),
            evaluate_for: |pos, side, _| {
                let value = generic(pos);
                if side == pos.side_to_move() {
                    value
                } else {
                    -value
                }
            },
            noisy_gain: |_, _| 0,
            mover_value: |_, _| 0,
            estimate: |_, _| None,
            rest: |_, _| None,
            weights: &[],
            name: "generic",
        }
    }

    /// The game's weights (none for the generic evaluation).
    pub fn weights_of_game() -> EvalWeights {
        <P as Evaluated>::own_evaluation().map_or(EvalWeights::NONE, |own| own.weights)
    }

    /// What a noisy move is expected to win ([`GameEval::noisy_gain`](super::GameEval::noisy_gain)).
    pub fn noisy_gain(&self, pos: &P, mv: P::Move) -> i32 {
        (self.noisy_gain)(pos, mv)
    }

    /// The cheap estimate and its margin ([`GameEval::estimate`](super::GameEval::estimate)).
    pub fn estimate(&self, pos: &P) -> Option<(i32, i32)> {
        (self.estimate)(pos, self.weights)
    }

    /// The moving man's value ([`GameEval::mover_value`](super::GameEval::mover_value)).
    pub fn mover_value(&self, pos: &P, mv: P::Move) -> i32 {
        (self.mover_value)(pos, mv)
    }

    pub fn evaluate(&self, pos: &P) -> i32 {
        (self.evaluate)(pos, self.weights).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The same value as [`Evaluator::evaluate`], given the position's
    /// `estimate` ([`Evaluator::estimate`]): the estimate and the rest,
    /// where the game computes the rest apart.
    pub fn evaluate_after_estimate(&self, pos: &P, estimate: i32) -> i32 {
        match (self.rest)(pos, self.weights) {
            Some(rest) => (estimate + rest).clamp(-MAX_EVAL, MAX_EVAL),
            None => self.evaluate(pos),
        }
    }

    /// The position's value for `side`, whoever is to move.
    pub fn evaluate_for(&self, pos: &P, side: Side) -> i32 {
        (self.evaluate_for)(pos, side, self.weights).clamp(-MAX_EVAL, MAX_EVAL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::weights::WeightSet;
    use crate::rules::hexchess::{HexChess, HexOptions};
    use crate::rules::random::Rng;
    use crate::rules::tapestry::Tapestry;
    use crate::rules::variant::VariantId;

    /// Along random games from `start`, the value after an estimate is the
    /// full value, with the original and the tuned weights: how many
    /// positions it compared.
    fn check_after_estimate<P: Position>(start: P, rng: &mut Rng) -> usize {
        let mut compared = 0;
        for set in [WeightSet::Original, WeightSet::Tuned] {
            let eval = Evaluator::<P>::for_game(set);
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for _ in 0..120 {
                let (estimate, _) = eval.estimate(&pos).expect("the game gives an estimate");
                assert_eq!(
                    eval.evaluate_after_estimate(&pos, estimate),
                    eval.evaluate(&pos)
                );
                compared += 1;
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
        compared
    }

    #[test]
    fn the_value_after_an_estimate_is_the_full_value() {
        let mut rng = Rng::new(11);
        let mut compared = 0;
        for _ in 0..4 {
            compared += check_after_estimate(Tapestry::start(&()), &mut rng);
            for id in [VariantId::Glinski, VariantId::AjMcCooeyMixed] {
                let options = HexOptions::for_variant(id, None).expect("a hex game");
                compared += check_after_estimate(HexChess::start(&options), &mut rng);
            }
        }
        assert!(compared > 1000, "{compared} positions compared");
    }
}
