//! Static evaluation: how good a position is for the side to move, in
//! centipawn-like units.
//!
//! Every game gets the [`generic`] evaluation, built only from the public
//! [`Position`] trait and its view: material from the letters of
//! [`Position::placements`] and mobility. A game with its own ideas
//! implements [`GameEval`] in a module here and hands it to the engine
//! through the rules' [`Evaluated`] seam (`own_evaluation!`); the search
//! never changes, and since every game type carries its evaluation with it,
//! the engine finds it for whatever type [`Variant::visit`] hands out.
//! Which moves are noisy (quiescence plays only those) is the rules' word:
//! [`Position::is_noisy`] and [`Position::noisy_moves`].
//!
//! [`Variant::visit`]: crate::rules::variant::Variant::visit

pub mod chakra;
pub mod flaxman;
pub mod hexchess;
pub mod tapestry;

use crate::rules::view::ManState;
use crate::rules::{Evaluated, OwnEvaluation, Position, Side};

/// A game's own evaluation.
pub trait GameEval: Position {
    /// The position's value for the side to move (positive: good for it).
    /// Must not return a mate-range score (keep within ±[`MAX_EVAL`]).
    fn evaluate(&self) -> i32;
    /// The position's value for `side`, whoever is to move (the paranoid
    /// search of games of more than two sides asks for its own side). By
    /// default the mover's value, negated for anyone else (two sides).
    fn evaluate_for(&self, side: Side) -> i32 {
        if side == self.side_to_move() {
            self.evaluate()
        } else {
            -self.evaluate()
        }
    }
    /// What the noisy move `mv` is expected to win: the victim's value plus
    /// a promotion's gain (0 when unknown). Quiescence tries the richest
    /// first and skips those that cannot lift the score to alpha.
    fn noisy_gain(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
    /// A cheap estimate of [`GameEval::evaluate`] (material, say) and the
    /// most the full value strays from it in practice: quiescence stands pat
    /// on the estimate alone when even its low end reaches beta. None: the
    /// game has no cheaper estimate.
    fn estimate(&self) -> Option<(i32, i32)> {
        None
    }
    /// The value of the man that makes `mv` (0 when unknown): among equal
    /// victims the cheapest capturer goes first.
    fn mover_value(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
}

/// `G`'s [`GameEval`] as the rules' [`Evaluated`] seam carries it.
pub fn own<G: GameEval>(name: &'static str) -> Option<OwnEvaluation<G>> {
    Some(OwnEvaluation {
        name,
        evaluate: G::evaluate,
        evaluate_for: G::evaluate_for,
        noisy_gain: G::noisy_gain,
        mover_value: G::mover_value,
        estimate: G::estimate,
    })
}

/// Hands a game's [`GameEval`] to the engine under a name:
/// `own_evaluation!(Flaxman, "flaxman");`.
macro_rules! own_evaluation {
    ($game:ty, $name:literal) => {
        impl $crate::rules::Evaluated for $game {
            fn own_evaluation() -> Option<$crate::rules::OwnEvaluation<Self>> {
                $crate::engine::eval::own::<Self>($name)
            }
        }
    };
}
pub(crate) use own_evaluation;

/// The largest value an evaluation may give; mate scores lie far above.
pub const MAX_EVAL: i32 = 10_000;

/// The evaluation the search uses for one game type: plain function pointers,
/// chosen once per search.
pub struct Evaluator<P: Position> {
    evaluate: fn(&P) -> i32,
    evaluate_for: fn(&P, Side) -> i32,
    noisy_gain: fn(&P, P::Move) -> i32,
    mover_value: fn(&P, P::Move) -> i32,
    estimate: fn(&P) -> Option<(i32, i32)>,
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
    /// The game's own evaluation when it has one, else the generic one.
    pub fn for_game() -> Self {
        match <P as Evaluated>::own_evaluation() {
            Some(own) => Evaluator {
                evaluate: own.evaluate,
                evaluate_for: own.evaluate_for,
                noisy_gain: own.noisy_gain,
                mover_value: own.mover_value,
                estimate: own.estimate,
                name: own.name,
            },
            None => Self::generic(),
        }
    }

    /// The generic evaluation, for any game.
    pub fn generic() -> Self {
        Evaluator {
            evaluate: generic::<P>,
            evaluate_for: |pos, side| {
                let value = generic(pos);
                if side == pos.side_to_move() {
                    value
                } else {
                    -value
                }
            },
            noisy_gain: |_, _| 0,
            mover_value: |_, _| 0,
            estimate: |_| None,
            name: "generic",
        }
    }

    /// What a noisy move is expected to win ([`GameEval::noisy_gain`]).
    pub fn noisy_gain(&self, pos: &P, mv: P::Move) -> i32 {
        (self.noisy_gain)(pos, mv)
    }

    /// The cheap estimate and its margin ([`GameEval::estimate`]).
    pub fn estimate(&self, pos: &P) -> Option<(i32, i32)> {
        (self.estimate)(pos)
    }

    /// The moving man's value ([`GameEval::mover_value`]).
    pub fn mover_value(&self, pos: &P, mv: P::Move) -> i32 {
        (self.mover_value)(pos, mv)
    }

    pub fn evaluate(&self, pos: &P) -> i32 {
        (self.evaluate)(pos).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The position's value for `side`, whoever is to move.
    pub fn evaluate_for(&self, pos: &P, side: Side) -> i32 {
        (self.evaluate_for)(pos, side).clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// A rough value per piece letter, shared by the chess-like games: the usual
/// chess values for the usual letters, 300 for anything unknown. Royal
/// pieces count nothing (losing them is mate, scored by the search).
pub fn letter_value(letter: char) -> i32 {
    match letter {
        'K' => 0,
        'P' => 100,
        'N' => 300,
        'B' => 320,
        'R' => 500,
        'Q' => 900,
        _ => 300,
    }
}

/// The generic evaluation: material (by [`letter_value`], from the view, men
/// belonging to nobody ignored, Flaxman-style Prisoners counted as nothing)
/// plus a little for each legal move of the side to move. Other sides'
/// mobility is not known without playing a move, so it is left out; for more
/// than two sides the mover's material is compared with the strongest rival.
pub fn generic<P: Position>(pos: &P) -> i32 {
    let sides = usize::from(pos.side_count().max(1));
    let mut material = [0i32; 8];
    for p in pos.placements() {
        let Some(side) = p.side else { continue };
        if p.state == ManState::Prisoner {
            continue;
        }
        if let Some(m) = material.get_mut(side.index()) {
            *m += letter_value(p.letter);
        }
    }
    let me: Side = pos.side_to_move();
    let mine = material.get(me.index()).copied().unwrap_or(0);
    let best_rival = (0..sides.min(8))
        .filter(|&s| s != me.index())
        .map(|s| material[s])
        .max()
        .unwrap_or(0);
    let mobility = pos.count_legal_moves().min(200) as i32;
    mine - best_rival + 2 * mobility
}
