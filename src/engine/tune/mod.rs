//! Texel tuning of an evaluation's weights: positions from self-play games,
//! each labelled with its game's result, and the weights that make the
//! evaluation, through a logistic curve, predict those results best (the
//! least mean squared error).
//!
//! The evaluations are linear in their weights, or nearly so, so each
//! position is reduced once to its value with the original weights and how
//! that value moves with each weight ([`Sample`]); the weights are then
//! fitted to that linear model ([`fit_weights`]) and the result checked with
//! the real evaluation.

pub mod fit;
pub mod sample;

pub use fit::{WeightBounds, best_scale, fit_weights, mean_error, weight_bounds};
pub use sample::{Sample, sample_of};
