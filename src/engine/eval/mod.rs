//! Static evaluation: how good a position is for the side to move, in
//! centipawn-like units.
//!
//! Every game gets the [`generic()`] evaluation, built only from the public
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
//! [`Position`]: crate::rules::Position
//! [`Position::placements`]: crate::rules::Position::placements
//! [`Position::is_noisy`]: crate::rules::Position::is_noisy
//! [`Position::noisy_moves`]: crate::rules::Position::noisy_moves
//! [`Evaluated`]: crate::rules::Evaluated

pub mod chakra;
pub mod evaluator;
pub mod flaxman;
pub mod game_eval;
pub mod generic;
pub mod hexchess;
pub mod tapestry;
pub mod weights;

pub use evaluator::Evaluator;
pub use game_eval::{GameEval, MAX_EVAL, own};
pub use generic::{generic, letter_value};
pub use weights::WeightSet;
