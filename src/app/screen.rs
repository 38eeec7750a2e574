//! Which screen the window shows, and what the scene on it is for: read by
//! nearly every plugin, owned by none of them.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::variant::Variant;

/// Screens of the app.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Menu,
    Playing,
    /// The Learn menu (a lesson itself plays on the Playing screen).
    Learn,
    /// Play online: the server, creating or joining a game, the open
    /// seeks, and the wait for an opponent (the game itself plays on the
    /// Playing screen).
    Online,
}

/// What the Playing screen plays: the player's own game, or a lesson or a
/// puzzle whose player owns the board (no clock, no autosave, no computer,
/// its own panel).
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Playing)]
pub enum PlayMode {
    #[default]
    Game,
    Lesson,
    Puzzle,
}

/// The window shows the scene alone, without the game's controls (a
/// screenshot or a recording).
#[derive(Resource, Clone, Copy, Debug)]
pub struct SceneOnly;

/// A lesson moves on only by the cues of a recording's frame clock (the
/// lesson player is paced from outside), never by the wall clock.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PacedFromOutside;

/// Write where each cell and each named control appears in the window
/// (physical pixels) to this JSON file whenever it changes, as
/// `{"cells": {"e2": [x, y], …}, "controls": {"start": [x, y], …},
/// "hovered": "e2", "frame": 812}`: tests and demo scripts click from it,
/// after the game has seen the pointer arrive, and wait for later frames to
/// know the click was handled.
#[derive(Resource, Clone, Debug)]
pub struct CellMapOut(pub PathBuf);

/// The match is the title screen's backdrop, of this game: no game of the
/// player's, so it is neither kept nor played by the computer.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backdrop(pub Variant);

/// Whether a lesson or a puzzle owns the board (its script plays the other
/// side, it has its own panel): a run condition, and a question for the
/// systems that behave otherwise then.
pub fn in_lesson(mode: Option<Res<State<PlayMode>>>) -> bool {
    mode.is_some_and(|mode| *mode.get() != PlayMode::Game)
}

/// A lesson or a puzzle holds the board, from the frame it is asked for
/// (before the Playing screen's mode can follow it) until it is left: its
/// positions are no game of the user's, and are never autosaved over it.
#[derive(Resource, Clone, Copy, Debug)]
pub struct BoardBorrowed;

/// Whether a puzzle owns the board.
pub fn in_puzzle(mode: Option<Res<State<PlayMode>>>) -> bool {
    mode.is_some_and(|mode| *mode.get() == PlayMode::Puzzle)
}
