//! What the server has said, kept for the frame: the link's state, the open
//! seeks, this window's seat, and the game as its events tell it (a
//! [`GameView`] with its own rules session, as the bot follows a game).
//! Taken in at the start of every frame, before anything reads it.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::link::{Ask, Heard, Link};
use crate::net::client::GameView;
use crate::net::player::SeatTicket;
use crate::net::protocol::{GameEvent, Seek};
use crate::record::OnlineSeat;

/// How the link stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    Connecting,
    Up,
    /// Down, with why; the link tries again by itself.
    Down(String),
}

/// The online session of this window: one link, at most one seat.
#[derive(Resource)]
pub struct Online {
    pub link: Link,
    pub state: LinkState,
    /// The open seeks, once the server listed them.
    pub seeks: Option<Vec<Seek>>,
    pub ticket: Option<SeatTicket>,
    pub view: Option<GameView>,
    /// Every event of the game so far has come (after a seat or a resume):
    /// only then does the board show it and take moves.
    pub caught_up: bool,
    /// Each side's time left as the server last said, after how many moves.
    pub clock: Option<(usize, Vec<u64>)>,
    /// The server's reason for the last request it refused.
    pub refused: Option<String>,
    /// This window's move sent and not yet played by the server.
    pub sent: Option<String>,
    /// The players who lost their connection, each with when the win may
    /// be claimed against them.
    pub away: Vec<(u8, Instant)>,
    /// Moves of the view handed to the board, once it shows the game.
    pub(super) on_board: Option<usize>,
}

impl Online {
    pub fn open(addr: &str) -> Online {
        Online::with_link(Link::open(addr), None)
    }

    /// Takes a saved game's seat again: its events from the first, then
    /// the board.
    pub fn resume(seat: &OnlineSeat) -> Online {
        let ticket = SeatTicket {
            game: seat.game.clone(),
            code: seat.code.clone(),
            seat: seat.seat,
            token: seat.token.clone(),
        };
        Online::with_link(Link::resume(&seat.server, ticket.clone()), Some(ticket))
    }

    fn with_link(link: Link, ticket: Option<SeatTicket>) -> Online {
        Online {
            link,
            state: LinkState::Connecting,
            seeks: None,
            ticket,
            view: None,
            caught_up: false,
            clock: None,
            refused: None,
            sent: None,
            away: Vec::new(),
            on_board: None,
        }
    }

    /// Whether the seated game has every seat taken and has been caught up.
    pub fn game_ready(&self) -> bool {
        self.caught_up && self.view.as_ref().is_some_and(GameView::started)
    }

    /// Takes in one report of the link.
    pub fn take(&mut self, heard: Heard) {
        match heard {
            Heard::Connected => {
                self.state = LinkState::Up;
                // The server tells a new follower again who is away.
                self.away.clear();
                match self.ticket {
                    // The resume sends the missed events, then `following`.
                    Some(_) => self.caught_up = false,
                    None => self.link.ask(Ask::Seeks),
                }
            }
            Heard::Down(why) => self.state = LinkState::Down(why),
            Heard::Seeks(seeks) => self.seeks = Some(seeks),
            Heard::Seated(ticket) => {
                // A new seat (a rematch comes this way too): a new game
                // for the board.
                self.ticket = Some(ticket);
                self.view = None;
                self.caught_up = false;
                self.refused = None;
                self.sent = None;
                self.clock = None;
                self.away.clear();
                self.on_board = None;
            }
            Heard::Event { version, event } => self.event(version, &event),
            Heard::Following { clock_ms } => {
                self.caught_up = true;
                let ply = self.view.as_ref().map_or(0, |v| v.session.ply_count());
                if let Some(ms) = clock_ms {
                    self.clock = Some((ply, ms));
                }
            }
            Heard::Refused(reason) => {
                self.refused = Some(reason);
                self.sent = None;
            }
            Heard::Away { seat, claim_in_ms } => {
                self.away.retain(|(s, _)| *s != seat);
                let claim_at = Instant::now() + Duration::from_millis(claim_in_ms);
                self.away.push((seat, claim_at));
            }
            Heard::Back { seat } => self.away.retain(|(s, _)| *s != seat),
        }
    }

    fn event(&mut self, version: u64, event: &GameEvent) {
        let Some(ticket) = &self.ticket else { return };
        let followed = if let Some(view) = self.view.as_mut() {
            view.apply(version, event).map(|_| ())
        } else if version == 1 {
            GameView::new(&ticket.game, event).map(|view| self.view = Some(view))
        } else {
            Err(format!("event {version} came before the game's first"))
        };
        if let Err(e) = followed {
            self.refused = Some(format!("this window cannot follow the game: {e}"));
            return;
        }
        match event {
            GameEvent::Moved { ply, clock_ms, .. } => {
                self.sent = None;
                if let Some(ms) = clock_ms {
                    self.clock = Some((*ply as usize + 1, ms.clone()));
                }
            }
            GameEvent::TakenBack { ply, clock_ms } => {
                self.sent = None;
                if let Some(ms) = clock_ms {
                    self.clock = Some((*ply as usize, ms.clone()));
                }
            }
            GameEvent::Ended {
                clock_ms: Some(ms), ..
            } => {
                let ply = self.view.as_ref().map_or(0, |v| v.session.ply_count());
                self.clock = Some((ply, ms.clone()));
            }
            _ => {}
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, hear_the_server);
}

fn hear_the_server(online: Option<ResMut<Online>>) {
    let Some(mut online) = online else { return };
    for heard in online.link.heard() {
        online.take(heard);
    }
}
