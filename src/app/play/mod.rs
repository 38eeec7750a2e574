//! The game being played and everything that decides what stands where:
//! the match, the board's cells and men, selection and clicks, the computer,
//! the clock, keys, files and the autosave, settings and sound.

pub mod autosave;
pub mod board;
pub mod clock;
pub mod computer;
pub mod elimination;
pub mod file_actions;
pub mod files;
pub mod game;
pub mod hints;
pub mod keys;
pub mod leaving;
pub mod marks;
pub mod move_times;
pub mod picking;
pub mod pieces;
pub mod remote;
pub mod selection;
pub mod settings;
pub mod sound;

use bevy::prelude::*;

/// The match and its world, with no rendering: the ECS tests run it on
/// `MinimalPlugins`.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        game::plugin,
        remote::plugin,
        board::plugin,
        pieces::plugin,
        elimination::plugin,
        selection::plugin,
        computer::plugin,
        hints::plugin,
        marks::plugin,
        settings::plugin,
        file_actions::plugin,
        clock::plugin,
        move_times::plugin,
        keys::plugin,
    ));
}

/// What needs a window and a sound card: clicks on the scene, and sound.
pub fn scene_plugin(app: &mut App) {
    app.add_plugins((picking::plugin, sound::plugin));
}
