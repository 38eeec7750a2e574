//! What a game's actor needs from the server around it: the store, and
//! the lobby's list of games waiting for players.

use crate::net::store::{Commit, StoredGame};

pub trait RoomHost: Send + Sync {
    /// Stores one step; the caller acknowledges nothing before this returns.
    fn commit(&self, commit: &Commit) -> Result<(), String>;
    /// The game as the store has it now (another server may have moved).
    fn load(&self, id: &str) -> Result<Option<StoredGame>, String>;
    /// A game's seats changed: its seek lists `free`, or goes when none is
    /// left or the game is over.
    fn seats_changed(&self, id: &str, free: Vec<u8>, over: bool);
}
