//! What the server has said, kept for the frame: the link's state, the open
//! seeks, this window's seat, and the game as its events tell it (a
//! [`GameView`] with its own rules session, as the bot follows a game).
//! Taken in at the start of every frame, before anything reads it.

use bevy::prelude::*;

use super::link::{Ask, Heard, Link};
use crate::net::client::GameView;
use crate::net::player::SeatTicket;
use crate::net::protocol::{GameEvent, Seek};

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
    /// Moves of the view handed to the board, once it shows the game.
    pub(super) on_board: Option<usize>,
}

impl Online {
    pub fn open(addr: &str) -> Online {
        Online {
            link: Link::open(addr),
            state: LinkState::Connecting,
            seeks: None,
            ticket: None,
            view: None,
            caught_up: false,
            clock: None,
            refused: None,
            sent: None,
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
                match self.ticket {
                    // The resume sends the missed events, then `following`.
                    Some(_) => self.caught_up = false,
                    None => self.link.ask(Ask::Seeks),
                }
            }
            Heard::Down(why) => self.state = LinkState::Down(why),
            Heard::Seeks(seeks) => self.seeks = Some(seeks),
            Heard::Seated(ticket) => {
                self.ticket = Some(ticket);
                self.view = None;
                self.caught_up = false;
                self.refused = None;
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
