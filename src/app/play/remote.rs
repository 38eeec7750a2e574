//! A match played on a server: what the board, the clock and the panels do
//! differently while [`ServerGame`] exists. A move the person picks is
//! proposed ([`MoveProposed`]) instead of played; the board plays only the
//! moves the server accepted ([`ServerMoved`]); the history is not
//! stepped, the clock never flags on its own and the computer never plays.
//! Who fills these in (the online room) is above this file: nothing here
//! knows of sockets.

use bevy::prelude::*;

/// How the link to the server stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Connected,
    /// Lost, with why; the link is trying again by itself.
    Reconnecting(String),
}

/// The online game the match follows, as the panels show it.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ServerGame {
    /// The side this window plays (0 White, 1 Black, 2 Red).
    pub seat: u8,
    /// The invite code of the game.
    pub code: String,
    /// The player's own display name (kept on this machine only: the
    /// protocol carries no names).
    pub name: String,
    pub connection: Connection,
    /// The move sent and not yet answered.
    pub sent: Option<String>,
    /// The server's reason for refusing the last request.
    pub refused: Option<String>,
    /// Seats that offer a draw now.
    pub draw_offers: Vec<u8>,
    /// The result as the server words it, once it ends the game.
    pub ended: Option<String>,
}

impl ServerGame {
    /// Whether another seat offers a draw this seat has not offered.
    pub fn draw_offered_to_me(&self) -> bool {
        !self.draw_offers.is_empty() && !self.draw_offers.contains(&self.seat)
    }
}

/// The person picked this move on the board of a [`ServerGame`]: it goes to
/// the server, and shows once the server plays it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveProposed {
    pub text: String,
}

/// The server played this move (anyone's, the person's own included): the
/// board plays it as the next move.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ServerMoved {
    pub text: String,
}

/// What the person asks of the server beside moves.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatAction {
    Resign,
    /// Offer a draw, or accept the one offered.
    OfferDraw,
    DeclineDraw,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveProposed>()
        .add_message::<ServerMoved>()
        .add_message::<SeatAction>();
}

/// A result the server gave, as the game-over dialog says it: `1-0
/// resignation` is "White wins by resignation", `1/2-1/2 agreement` "Drawn
/// by agreement"; a three-player status keeps its own words.
pub fn result_in_words(status: &str) -> String {
    let (score, reason) = status.split_once(' ').unwrap_or((status, ""));
    let reason = reason.trim();
    match score {
        "1-0" => format!("White wins by {reason}"),
        "0-1" => format!("Black wins by {reason}"),
        "1/2-1/2" => format!("Drawn by {reason}"),
        "aborted" => "The game was aborted".to_string(),
        _ => {
            let mut chars = status.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}
