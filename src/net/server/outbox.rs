//! A connection's queue of messages to send. It is bounded: a client too
//! slow to read its messages loses its place among a game's followers (and
//! catches up with `resume` or `watch`) instead of growing the server's
//! memory.

use tokio::sync::mpsc;

use crate::net::protocol::{ServerMessage, to_json};

/// Messages a connection may have queued before it counts as gone.
pub const OUTBOX_SIZE: usize = 1024;

#[derive(Clone, Debug)]
pub struct Outbox {
    /// The connection's number, unique in this server's run.
    pub conn: u64,
    /// Whether the client draws from the server's `board` and `position`
    /// (a browser), or replays the events itself and asked for none.
    pub views: bool,
    tx: mpsc::Sender<String>,
}

impl Outbox {
    pub fn new(conn: u64, views: bool) -> (Outbox, mpsc::Receiver<String>) {
        let (tx, rx) = mpsc::channel(OUTBOX_SIZE);
        (Outbox { conn, views, tx }, rx)
    }

    /// Queues a message; false when the connection is gone or too far
    /// behind.
    pub fn send(&self, message: &ServerMessage) -> bool {
        self.send_text(to_json(message))
    }

    /// Queues a message already written as JSON (one text for every
    /// follower of a game); false as for [`Outbox::send`].
    pub fn send_text(&self, text: String) -> bool {
        self.tx.try_send(text).is_ok()
    }

    /// Whether the connection has ended (its writer is gone).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Tells the connection that its request was refused.
    pub fn refuse(&self, game: Option<&str>, reason: String) {
        self.send(&ServerMessage::Refused {
            game: game.map(str::to_string),
            reason,
        });
    }
}
