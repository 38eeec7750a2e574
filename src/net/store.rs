//! Where the server keeps its games: one [`Store`] trait, so that SQLite
//! (the default, [`super::sqlite`]) and a database server can stand behind
//! the same calls. A game is kept as its events. Steps are committed by
//! the store's writer in batches ([`super::batch`]): one transaction for
//! every step queued, each step answered on its own once the transaction
//! is durable, and the server acknowledges nothing before that answer.

use super::batch::Committer;
use super::protocol::GameEvent;
pub use super::step::{Commit, NewGame};

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
    /// When it was made, in milliseconds since 1970 (UTC); None for a game
    /// stored before the store kept it.
    pub created_ms: Option<u64>,
}

pub trait Store: Send {
    /// Where this store's steps are queued for its writer.
    fn committer(&self) -> Committer;
    /// Stores steps durably in one batch and answers each in order: a step
    /// that reuses an event number (or makes a game made already) is
    /// refused and writes nothing, and the others are stored. Blocks: call
    /// it from a thread outside the runtime, or inside `block_in_place`.
    fn commit_together(&mut self, commits: Vec<Commit>) -> Vec<Result<(), String>> {
        self.committer().commit_together(commits)
    }
    /// Stores one step durably; an event number already used is an error.
    fn commit(&mut self, commit: &Commit) -> Result<(), String> {
        let answers = self.commit_together(vec![commit.clone()]);
        answers.into_iter().next().unwrap_or(Ok(()))
    }
    /// The games not yet over, to carry on after a restart.
    fn unfinished(&mut self) -> Result<Vec<StoredGame>, String>;
    /// One game, over or not.
    fn game(&mut self, id: &str) -> Result<Option<StoredGame>, String>;
    /// The game with this invite code (made by another server on the same
    /// database, say).
    fn game_by_code(&mut self, code: &str) -> Result<Option<StoredGame>, String>;
    /// The listed games not over that may have a free seat (fewer seats
    /// taken than three: the caller checks against the game's own count),
    /// whichever server made them.
    fn listed_waiting(&mut self) -> Result<Vec<StoredGame>, String>;
}

/// The condition on `games` (as `g`) of [`Store::listed_waiting`], the same
/// in every backend's SQL.
pub const LISTED_WAITING: &str = "g.listed AND NOT g.finished \
     AND (SELECT count(*) FROM seats s WHERE s.game = g.id) < 3";

/// A game from its stored rows: the seats' tokens and the events' JSON by
/// version. Every backend reads through this, so that each checks the same
/// things: the events numbered from 1 without a gap, the first `created`.
pub fn assemble(
    id: &str,
    code: String,
    listed: bool,
    seats: Vec<(u8, String)>,
    rows: Vec<(i64, String)>,
) -> Result<StoredGame, String> {
    let mut events = Vec::with_capacity(rows.len());
    for (at, (version, body)) in rows.into_iter().enumerate() {
        if version != at as i64 + 1 {
            return Err(format!(
                "game {id}: event {version} where {} was due",
                at + 1
            ));
        }
        let event: GameEvent =
            serde_json::from_str(&body).map_err(|e| format!("game {id}: event {version}: {e}"))?;
        events.push(event);
    }
    let sides = match events.first() {
        Some(GameEvent::Created { sides, .. }) => *sides as usize,
        _ => return Err(format!("game {id}: no `created` event")),
    };
    let mut tokens = vec![None; sides];
    for (seat, token) in seats {
        if let Some(slot) = tokens.get_mut(seat as usize) {
            *slot = Some(token);
        }
    }
    Ok(StoredGame {
        id: id.to_string(),
        code,
        listed,
        tokens,
        events,
        created_ms: None,
    })
}

/// Milliseconds since 1970 (UTC) now, as `created_ms` keeps them.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
