//! Making a rematch once every seat has offered one: the new game stored
//! and started, the old game's `rematched` event stored, then each seat's
//! connections told their own new seat (`seated`, with the token) and
//! made followers of the new game. A seat that comes back to the old game
//! later is told the same.

use std::sync::Arc;

use super::RoomActor;
use crate::net::protocol::{GameEvent, ServerMessage};
use crate::net::room::rematch_seat;
use crate::net::server::mailbox::{RoomHandle, RoomRequest};
use crate::net::server::outbox::Outbox;

/// Where the player of one seat goes in the rematch.
struct NewSeat<'a> {
    game: &'a str,
    code: &'a str,
    seat: u8,
    token: String,
    handle: &'a RoomHandle,
}

impl RoomActor {
    /// Makes the rematch that every seat has offered; `asking` is the
    /// seat and connection of the request that completed the offers.
    pub(super) async fn make_rematch(&mut self, asking: Option<(u8, &Outbox)>) {
        let plan = self.room.rematch_plan();
        let made = match Arc::clone(&self.host).rematch(plan) {
            Ok(made) => made,
            Err(reason) => {
                if let Some((_, outbox)) = asking {
                    self.refuse(outbox, format!("no rematch: {reason}"));
                }
                return;
            }
        };
        let event = GameEvent::Rematched {
            game: made.id.clone(),
            code: made.code.clone(),
        };
        if let Err(reason) = self.store(vec![event], None, None).await {
            // Another server made the rematch first: that one stands.
            self.catch_up();
            eprintln!("variantarium serve: game {}: {reason}", self.id);
            return;
        }
        let sides = self.tokens.len() as u8;
        let mut told: Vec<(u8, Outbox)> = self
            .followers
            .iter()
            .filter_map(|f| Some((f.seat?, f.outbox.clone())))
            .collect();
        if let Some((seat, outbox)) = asking
            && !told.iter().any(|(_, o)| o.conn == outbox.conn)
        {
            told.push((seat, outbox.clone()));
        }
        for (seat, outbox) in told {
            let new = rematch_seat(seat, sides);
            let token = made.tokens[new as usize].clone();
            let place = NewSeat {
                game: &made.id,
                code: &made.code,
                seat: new,
                token,
                handle: &made.handle,
            };
            seat_in(place, outbox);
        }
        // The players follow the rematch now; this game has nothing more
        // to tell them, and may leave memory.
        self.followers.retain(|f| f.seat.is_none());
    }

    /// After a rematch was made, a seat's connection coming back to this
    /// game is seated in the rematch too.
    pub(super) fn pass_on_to_rematch(&self, seat: u8, outbox: &Outbox) {
        let Some((game, code)) = self.room.rematch() else {
            return;
        };
        let new = rematch_seat(seat, self.tokens.len() as u8);
        let stored = self.host.load(game).ok().flatten();
        let token = stored.and_then(|g| g.tokens.get(new as usize).cloned().flatten());
        let (Some(token), Ok(handle)) = (token, Arc::clone(&self.host).open(game)) else {
            return self.refuse(outbox, format!("the rematch {game} cannot be found"));
        };
        let place = NewSeat {
            game,
            code,
            seat: new,
            token,
            handle: &handle,
        };
        seat_in(place, outbox.clone());
    }
}

/// Tells a connection its seat in the rematch and has it follow the game
/// there, as `create` and `join` do.
fn seat_in(place: NewSeat<'_>, outbox: Outbox) {
    outbox.send(&ServerMessage::Seated {
        game: place.game.to_string(),
        code: place.code.to_string(),
        seat: place.seat,
        token: place.token.clone(),
    });
    let follow = RoomRequest::Follow {
        since: 0,
        token: Some(place.token),
        outbox,
    };
    // A new game's mailbox has room; if not, the player resumes it.
    let _ = place.handle.try_send(follow);
}
