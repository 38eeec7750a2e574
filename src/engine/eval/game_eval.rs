//! The trait a game's own evaluation implements, and how it is handed to
//! the engine through the rules' [`Evaluated`](crate::rules::Evaluated) seam.

use crate::rules::{EvalWeights, OwnEvaluation, Position, Side};

/// The largest value an evaluation may give; mate scores lie far above.
pub const MAX_EVAL: i32 = 10_000;

/// A game's own evaluation.
pub trait GameEval: Position {
    /// The evaluation's weights (names, original and tuned values); none by
    /// default.
    fn weights() -> EvalWeights {
        EvalWeights::NONE
    }
    /// The position's value for the side to move (positive: good for it)
    /// with `weights`, one value per name of [`GameEval::weights`] (an
    /// evaluation without weights ignores them). Must not return a
    /// mate-range score (keep within ±[`MAX_EVAL`]).
    fn evaluate_with(&self, weights: &[i32]) -> i32;
    /// The position's value for `side`, whoever is to move (the paranoid
    /// search of games of more than two sides asks for its own side). By
    /// default the mover's value, negated for anyone else (two sides).
    fn evaluate_for_with(&self, side: Side, weights: &[i32]) -> i32 {
        if side == self.side_to_move() {
            self.evaluate_with(weights)
        } else {
            -self.evaluate_with(weights)
        }
    }
    /// A cheap estimate of [`GameEval::evaluate_with`] (material, say) with
    /// the same weights, and the most the full value strays from it in
    /// practice: quiescence stands pat on the estimate alone when even its
    /// low end reaches beta. None: the game has no cheaper estimate.
    fn estimate_with(&self, weights: &[i32]) -> Option<(i32, i32)> {
        let _ = weights;
        None
    }
    /// [`GameEval::evaluate_with`] less the estimate of
    /// [`GameEval::estimate_with`], exactly, when the game computes it
    /// apart (its mobility term, say). None: the full value is evaluated
    /// anew.
    fn rest_with(&self, weights: &[i32]) -> Option<i32> {
        let _ = weights;
        None
    }
    /// The value with the tuned weights.
    fn evaluate(&self) -> i32 {
        self.evaluate_with(Self::weights().tuned)
    }
    /// The value for `side` with the tuned weights.
    fn evaluate_for(&self, side: Side) -> i32 {
        self.evaluate_for_with(side, Self::weights().tuned)
    }
    /// What the noisy move `mv` is expected to win: the victim's value plus
    /// a promotion's gain (0 when unknown). Quiescence tries the richest
    /// first and skips those that cannot lift the score to alpha.
    fn noisy_gain(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
    /// The value of the man that makes `mv` (0 when unknown): among equal
    /// victims the cheapest capturer goes first.
    fn mover_value(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
}

/// `G`'s [`GameEval`] as the rules' [`Evaluated`](crate::rules::Evaluated) seam carries it.
pub fn own<G: GameEval>(name: &'static str) -> Option<OwnEvaluation<G>> {
    Some(OwnEvaluation {
        name,
        evaluate: G::evaluate_with,
        evaluate_for: G::evaluate_for_with,
        noisy_gain: G::noisy_gain,
        mover_value: G::mover_value,
        estimate: G::estimate_with,
        rest: G::rest_with,
        weights: G::weights(),
    })
}

/// Hands a game's [`GameEval`] to the engine under a name:
/// `own_evaluation!(Flaxman, "flaxman");`.
macro_rules! own_evaluation {
    ($game:ty, $name:literal) => {
        impl $crate::rules::Evaluated for $game {
            fn own_evaluation() -> Option<$crate::rules::OwnEvaluation<Self>> {
                $crate::engine::eval::game_eval::own::<Self>($name)
            }
        }
    };
}
pub(crate) use own_evaluation;
