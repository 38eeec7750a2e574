//! The player's saved games: the requests that save, export, open and leave
//! a game, sent by buttons, the game-over dialog and the keyboard alike.
//! One place answers each of them.

use bevy::prelude::*;

/// Save the current game into the saved-games folder (Ctrl+S, "Save").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveRequested;

/// Save the current game where the player chooses ("Save as…").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveAsRequested;

/// Export the current game as a plain-text record ("Export").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ExportRequested;

/// Open a game the player chooses ("Open…").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct OpenRequested;

/// Go back to the menu; a game in progress asks first (Esc, "Menu").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeaveRequested;

/// The in-app list of saved games, to load or delete.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedGamesWindow {
    pub open: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRequested>()
        .add_message::<SaveAsRequested>()
        .add_message::<ExportRequested>()
        .add_message::<OpenRequested>()
        .add_message::<LeaveRequested>()
        .init_resource::<SavedGamesWindow>();
}
