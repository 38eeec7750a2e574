//! What one step of a game writes: the unit the store commits and the
//! writer batches ([`super::batch`]), below both.

use super::protocol::GameEvent;

/// Everything one step of a game writes, stored together or not at all.
#[derive(Clone, PartialEq, Debug)]
pub struct Commit {
    pub game: String,
    /// A new game: its invite code and whether it is an open seek.
    pub new_game: Option<NewGame>,
    /// The seats taken in this step, with their secret tokens.
    pub seats: Vec<(u8, String)>,
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
    /// When it was made, in milliseconds since 1970 (UTC): a game waiting
    /// for players expires a while after.
    pub created_ms: u64,
}
