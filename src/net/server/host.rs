//! What a game's actor needs from the server around it: the store, the
//! lobby's list of games waiting for players, and the lobby's making and
//! finding of other games (a rematch).

use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::mailbox::RoomHandle;
use crate::net::protocol::Playing;
use crate::net::room::RematchPlan;
use crate::net::store::{Commit, StoredGame};

/// A rematch made: the new game's id, invite code, each seat's token and
/// its running actor.
pub struct MadeRematch {
    pub id: String,
    pub code: String,
    pub tokens: Vec<String>,
    pub handle: RoomHandle,
}

pub trait RoomHost: Send + Sync {
    /// Queues one step for the store's writer; the caller acknowledges
    /// nothing before the answer, which comes once its batch is durable.
    fn commit(&self, commit: Commit) -> BoxFuture<'static, Result<(), String>>;
    /// The game as the store has it now (another server may have moved).
    fn load(&self, id: &str) -> Result<Option<StoredGame>, String>;
    /// A game's seats changed: its seek lists `free` and the names of the
    /// `players` seated, or goes when no seat is left or the game is over.
    fn seats_changed(&self, id: &str, free: Vec<u8>, players: Vec<String>, over: bool);
    /// A game's moves or seats changed: it is being played (`Some`, as
    /// the lobby lists it) or not (not started, or over).
    fn playing_changed(&self, id: &str, playing: Option<Playing>);
    /// How long a seat may be away before the others may claim the win.
    fn grace(&self) -> std::time::Duration;
    /// How long a finished game stays in memory after its last request
    /// once no one follows it.
    fn keep_finished(&self) -> std::time::Duration;
    /// The game leaves memory: requests for it start it from the store.
    fn retire(&self, id: &str, code: &str);
    /// Makes and starts a new game, every seat taken, not listed.
    fn rematch(self: Arc<Self>, plan: RematchPlan) -> Result<MadeRematch, String>;
    /// The running game with this id, started from the store if need be.
    fn open(self: Arc<Self>, id: &str) -> Result<RoomHandle, String>;
}

/// The names a seek lists: each seated player's who gave one, in seat order.
pub fn seated_names(names: &[Option<String>]) -> Vec<String> {
    names.iter().flatten().cloned().collect()
}
