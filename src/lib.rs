//! Variantarium: four unusual chess variants in 3D.
//!
//! Data flows one way: [`rules`] → match → ECS entities → pixels.

pub mod cli;
pub mod engine;
pub mod rules;
