//! Who is away: each follower told when a seat's connections leave or
//! come back while the game goes on, a new follower told who is away now,
//! and which seats a player may claim the win against.

use std::time::Instant;

use super::{RoomActor, millis};
use crate::net::protocol::ServerMessage;
use crate::net::server::outbox::Outbox;

impl RoomActor {
    /// Takes in which seats have a connection now, and tells every follower
    /// of a seat that left or came back while the game goes on.
    pub(super) fn presence_changed(&mut self) {
        let mut connected = vec![false; self.tokens.len()];
        for seat in self.followers.iter().filter_map(|f| f.seat) {
            connected[seat as usize] = true;
        }
        let changes = self.presence.update(connected, Instant::now());
        if self.room.ended().is_some() {
            return;
        }
        let game = &self.id;
        let mut told = Vec::new();
        for &seat in &changes.left {
            told.push(ServerMessage::Disconnected {
                game: game.clone(),
                seat,
                claim_in_ms: millis(self.grace),
            });
        }
        for &seat in &changes.back {
            told.push(ServerMessage::Reconnected {
                game: game.clone(),
                seat,
            });
        }
        // A follower too slow for these goes at the next event.
        for follower in &self.followers {
            for message in &told {
                follower.outbox.send(message);
            }
        }
    }

    /// Tells a new follower which seats are away, while the game goes on.
    pub(super) fn tell_away(&self, outbox: &Outbox) {
        if self.room.ended().is_some() {
            return;
        }
        for (seat, wait) in self.presence.away(Instant::now(), self.grace) {
            outbox.send(&ServerMessage::Disconnected {
                game: self.id.clone(),
                seat,
                claim_in_ms: millis(wait),
            });
        }
    }

    /// The seats `claimer` may claim the win against, or why none: the
    /// other players still in the game that have been away long enough.
    /// A game over or not started is left for the room to refuse.
    pub(super) fn claimable(&self, claimer: u8) -> Result<Vec<u8>, String> {
        if self.room.ended().is_some() || !self.room.started() {
            return Ok(Vec::new());
        }
        let others: Vec<u8> = (0..self.tokens.len() as u8)
            .filter(|&s| s != claimer && self.room.in_game(s))
            .collect();
        self.presence.claimable(&others, Instant::now(), self.grace)
    }
}
