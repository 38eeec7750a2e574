//! The one integration-test binary: each game and feature is a module, so the
//! Bevy-linked tests link once.

mod cli;
mod engine;
mod flaxman;
