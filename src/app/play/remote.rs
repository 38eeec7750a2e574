//! A match played on a server: what the board, the clock and the panels do
//! differently while [`ServerGame`] exists. A move the person picks is
//! proposed ([`MoveProposed`]) instead of played; the board plays only the
//! moves the server accepted ([`ServerMoved`], [`ServerTookBack`]); Undo
//! asks the others for a takeback instead of stepping the history, the
//! clock never flags on its own and the computer never plays.
//! Who fills these in (the online room) is above this file: nothing here
//! knows of sockets.

use bevy::prelude::*;

use crate::record::OnlineSeat;
use crate::rules::Side;

/// How the link to the server stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Connected,
    /// Lost, with why; the link is trying again by itself.
    Reconnecting(String),
}

/// A player who lost their connection to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Away {
    pub seat: u8,
    /// Whole seconds until the others may claim the win (0: they may now).
    pub claim_in_secs: u64,
}

/// The online game the match follows, as the panels show it.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ServerGame {
    /// The seat as a saved game keeps it: the server, the game, its invite
    /// code, the side this window plays (0 White, 1 Black, 2 Red) and the
    /// seat's token.
    pub place: OnlineSeat,
    /// Each seat's display name, by side number (None: not given).
    pub names: Vec<Option<String>>,
    pub connection: Connection,
    /// The move sent and not yet answered.
    pub sent: Option<String>,
    /// The server's reason for refusing the last request.
    pub refused: Option<String>,
    /// Seats that offer a draw now.
    pub draw_offers: Vec<u8>,
    /// The takeback asked for: the seat that asked, and the seats that
    /// have accepted it so far.
    pub takeback: Option<(u8, Vec<u8>)>,
    /// The players away from the game now.
    pub away: Vec<Away>,
    /// After the end: the seats that offer a rematch.
    pub rematch_offers: Vec<u8>,
    /// The result as the server words it, once it ends the game.
    pub ended: Option<String>,
}

impl ServerGame {
    pub fn seat(&self) -> u8 {
        self.place.seat
    }

    /// What the panels call the player of `seat`: their name, else their
    /// colour.
    pub fn name_of(&self, seat: u8) -> String {
        match self.names.get(usize::from(seat)).cloned().flatten() {
            Some(name) => name,
            None => Side(seat).name().to_string(),
        }
    }

    /// Whether another seat offers a draw this seat has not offered.
    pub fn draw_offered_to_me(&self) -> bool {
        !self.draw_offers.is_empty() && !self.draw_offers.contains(&self.seat())
    }

    /// The seat asking this one to accept a takeback, if any.
    pub fn takeback_asked_of_me(&self) -> Option<u8> {
        let (asker, accepted) = self.takeback.as_ref()?;
        let me = self.seat();
        (*asker != me && !accepted.contains(&me)).then_some(*asker)
    }

    /// Whether the win may be claimed now: every other player still in the
    /// game is away, and their time to come back is over.
    pub fn may_claim(&self) -> bool {
        self.ended.is_none()
            && !self.away.is_empty()
            && self.away.iter().all(|a| a.claim_in_secs == 0)
    }

    /// Whether another seat offers a rematch this seat has not offered.
    pub fn rematch_offered_to_me(&self) -> bool {
        !self.rematch_offers.is_empty() && !self.rematch_offers.contains(&self.seat())
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

/// The server took moves back: the board goes back to the position after
/// `ply` moves (before any [`ServerMoved`] of the same frame).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerTookBack {
    pub ply: usize,
}

/// What the person asks of the server beside moves.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatAction {
    Resign,
    /// Offer a draw, or accept the one offered.
    OfferDraw,
    DeclineDraw,
    /// End the game unscored (before the second move).
    Abort,
    /// Ask to take back this seat's last move (Undo on an online game).
    Takeback,
    AcceptTakeback,
    /// Refuse the takeback asked for, or withdraw this seat's own.
    DeclineTakeback,
    /// Win against the players away for longer than the server waits.
    ClaimWin,
    /// After the end: offer a rematch, or accept the one offered.
    Rematch,
    DeclineRematch,
}

/// Open a saved online game: the window takes its seat on the server again.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OnlineResumeRequested(pub OnlineSeat);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveProposed>()
        .add_message::<ServerMoved>()
        .add_message::<ServerTookBack>()
        .add_message::<SeatAction>()
        .add_message::<OnlineResumeRequested>();
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
        "expired" => "The game expired: its seats were not all taken in time".to_string(),
        _ => {
            let mut chars = status.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}
