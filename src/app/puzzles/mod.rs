//! Puzzles in the window: the library and the player's record
//! ([`library`]), a puzzle on the board ([`run`]), the answers to the
//! player's moves ([`answer`]), the red ring of a wrong move ([`ring`]),
//! the puzzle panel ([`panel`]) and the Puzzles window over the title
//! screen ([`menu`]). The rules of a puzzle (its line, its rating, the
//! refutation) live below the app, in [`crate::puzzles`].

pub mod answer;
pub mod library;
pub mod menu;
pub mod panel;
pub mod ring;
pub mod run;

use bevy::prelude::*;

/// The puzzles and their player, with no rendering.
pub fn plugin(app: &mut App) {
    library::plugin(app);
    run::plugin(app);
    answer::plugin(app);
}

/// The ring, the panel and the Puzzles window, beside the scene.
pub fn ui_plugin(app: &mut App) {
    ring::plugin(app);
    panel::plugin(app);
    menu::plugin(app);
}
