//! The one integration-test binary: each game and feature is a module, so the
//! Bevy-linked tests link once.

#[cfg(feature = "app")]
mod app;
mod chakra;
mod cli;
mod flaxman;
mod hexchess;
mod record;
#[cfg(feature = "app")]
mod render;
mod tapestry;
