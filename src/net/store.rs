//! Where the server keeps its games: one [`Store`] trait, so that SQLite
//! (the default, [`super::sqlite`]) and a database server can stand behind
//! the same calls. A game is kept as its events; a commit is one
//! transaction, and the server acknowledges nothing before it returns.

use super::protocol::GameEvent;

/// Everything one step of a game writes, stored together or not at all.
#[derive(Clone, PartialEq, Debug)]
pub struct Commit {
    pub game: String,
    /// A new game: its invite code and whether it is an open seek.
    pub new_game: Option<NewGame>,
    /// A seat taken in this step, with its secret token.
    pub seat: Option<(u8, String)>,
    /// The number of the first of `events` (the game's events so far + 1).
    pub first_version: u64,
    pub events: Vec<GameEvent>,
    /// The game ended in this step.
    pub finished: bool,
}

#[derive(Clone, PartialEq, Debug)]
pub struct NewGame {
    pub code: String,
    pub listed: bool,
}

/// A game as it was stored.
#[derive(Clone, PartialEq, Debug)]
pub struct StoredGame {
    pub id: String,
    pub code: String,
    pub listed: bool,
    /// Each seat's token, by side number (None while the seat is free).
    pub tokens: Vec<Option<String>>,
    /// All its events, the first numbered 1.
    pub events: Vec<GameEvent>,
}

pub trait Store: Send {
    /// Stores one step durably; an event number already used is an error.
    fn commit(&mut self, commit: &Commit) -> Result<(), String>;
    /// The games not yet over, to carry on after a restart.
    fn unfinished(&mut self) -> Result<Vec<StoredGame>, String>;
    /// One game, over or not.
    fn game(&mut self, id: &str) -> Result<Option<StoredGame>, String>;
}
