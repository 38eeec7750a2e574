//! Learn mode in the window: the lesson player ([`player`]) and its pacing
//! by a recording's cues ([`paced`]), what a click outside an exercise
//! hears ([`aside`]), the lesson menu ([`menu`]), the
//! lesson panel with its captions and controls ([`panel`]) and the "Show
//! me" links of the game panel ([`show_me`]).

pub mod aside;
pub mod lesson_hints;
pub mod menu;
pub mod paced;
pub mod panel;
pub mod player;
pub mod show_me;

use bevy::prelude::*;

/// The lessons and their player, with no rendering.
pub fn plugin(app: &mut App) {
    player::plugin(app);
    paced::plugin(app);
    aside::plugin(app);
}

/// The Learn menu and the lesson panel (egui), beside the scene.
pub fn ui_plugin(app: &mut App) {
    menu::plugin(app);
    panel::plugin(app);
}
