//! What a game's actor is asked, through its mailbox: the requests of
//! players and spectators, passed on by their connections, and the news of
//! commits made elsewhere.

use tokio::sync::{mpsc, oneshot};

use super::outbox::Outbox;

/// What a seated player asks, before the server knows the seat.
#[derive(Clone, PartialEq, Debug)]
pub enum PlayerRequest {
    Move { ply: u32, text: String },
    Resign,
    OfferDraw,
    DeclineDraw,
    Abort,
    Takeback,
    AcceptTakeback,
    DeclineTakeback,
    ClaimWin,
    Rematch,
    DeclineRematch,
}

pub enum RoomRequest {
    /// A request from the seat this token holds.
    Act {
        token: String,
        request: PlayerRequest,
        outbox: Outbox,
    },
    /// Take a free seat (by invite code), under a display name (checked).
    Join {
        seat: Option<u8>,
        name: Option<String>,
        outbox: Outbox,
    },
    /// Follow the game from the event after `since`: as a spectator, or
    /// as the seat of `token` (checked).
    Follow {
        since: u64,
        token: Option<String>,
        outbox: Outbox,
    },
    /// The store has the game up to `version` (another server moved).
    CatchUp { version: u64 },
    /// The connection numbered `conn` has ended.
    Left { conn: u64 },
    /// The connection numbered `conn` follows another game now: a game
    /// that is over stops sending it anything.
    MovedOn { conn: u64 },
    /// Answered once every request before it is done: its steps stored
    /// and its replies queued (a connection closing, the server stopping).
    Flush { done: oneshot::Sender<()> },
}

impl RoomRequest {
    /// Whether someone asked something of the game itself (which keeps a
    /// finished game in memory a while longer), rather than the server
    /// telling it of a connection or a commit.
    pub fn is_asked(&self) -> bool {
        !matches!(
            self,
            RoomRequest::Left { .. } | RoomRequest::MovedOn { .. } | RoomRequest::CatchUp { .. }
        )
    }
}

/// A running game's mailbox.
pub type RoomHandle = mpsc::Sender<RoomRequest>;
