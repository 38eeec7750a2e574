//! Online play in the window: the link to a server on a thread of its own
//! ([`link`]), what the server said ([`follow`]), the online game on the
//! board ([`board`]), kept among the saved games ([`keep`]) and the Play
//! online screen ([`lobby`]), where the window can also host games itself
//! ([`host`], shown by [`host_panel`]). The board itself knows only
//! [`crate::app::play::remote`]; nothing outside this room imports it but
//! the app's assembly and the launch.

pub mod board;
pub mod follow;
pub mod host;
mod host_panel;
pub mod keep;
pub mod link;
pub mod lobby;

use bevy::prelude::*;

/// The link, the followed game and its board, with no rendering.
pub fn plugin(app: &mut App) {
    follow::plugin(app);
    board::plugin(app);
    keep::plugin(app);
    host::plugin(app);
}

/// The Play online screen (egui).
pub fn ui_plugin(app: &mut App) {
    lobby::plugin(app);
}
