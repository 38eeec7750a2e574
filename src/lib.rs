//! Variantarium: four unusual chess variants in 3D.
//!
//! Data flows one way: [`rules`] → match → ECS entities → pixels.

#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod data;
pub mod diagram;
pub mod engine;
pub mod learn;
pub mod manual;
pub mod net;
pub mod puzzles;
pub mod record;
pub mod rules;
pub mod video;
