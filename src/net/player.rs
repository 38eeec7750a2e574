//! A seated player's whole game over a [`Client`]: follow the events, move
//! when it is this seat's turn, stop at the end. The bot plays this way, and
//! so do the tests.

use super::client::{Client, GameView};
use super::protocol::{ClientMessage, GameEvent, ServerMessage};
use crate::rules::session::Session;

/// A seat the server gave: its game, the game's invite code and the token.
#[derive(Clone, PartialEq, Debug)]
pub struct SeatTicket {
    pub game: String,
    pub code: String,
    pub seat: u8,
    pub token: String,
}

/// The most messages one game may take (a game of thousands of moves with
/// every event, ack and draw offer stays far below it).
const MAX_MESSAGES: usize = 200_000;

impl SeatTicket {
    /// The seat a `seated` message gives (None for any other message).
    pub fn given_by(message: &ServerMessage) -> Option<SeatTicket> {
        match message {
            ServerMessage::Seated {
                game,
                code,
                seat,
                token,
            } => Some(SeatTicket {
                game: game.clone(),
                code: code.clone(),
                seat: *seat,
                token: token.clone(),
            }),
            _ => None,
        }
    }
}

/// Waits for the `seated` answer to a `create` or `join`.
pub fn await_seat(client: &mut Client) -> Result<SeatTicket, String> {
    for _ in 0..100 {
        let message = client.recv()?;
        if let Some(ticket) = SeatTicket::given_by(&message) {
            return Ok(ticket);
        }
        if let ServerMessage::Refused { reason, .. } = message {
            return Err(reason);
        }
    }
    Err("the server did not seat us".into())
}

/// Takes in one server message about `game`: the view it builds, and
/// whether it was a refusal (returned as its reason).
pub fn follow(
    view: &mut Option<GameView>,
    game: &str,
    message: ServerMessage,
) -> Result<Option<String>, String> {
    match message {
        ServerMessage::Event {
            game: of,
            version,
            event,
        } if of == game => match view {
            Some(v) => v.apply(version, &event).map(|_| None),
            None if version == 1 => GameView::new(game, &event).map(|v| {
                *view = Some(v);
                None
            }),
            None => Err(format!("game {game}: event {version} before event 1")),
        },
        ServerMessage::Refused {
            game: Some(of),
            reason,
        } if of == game => Ok(Some(reason)),
        ServerMessage::Refused { game: None, reason } => Ok(Some(reason)),
        _ => Ok(None),
    }
}

/// Plays `ticket`'s seat to the end of its game, choosing each move with
/// `choose`; returns the finished game's view (its `ended` is the result).
/// A takeback another player asks for is accepted: the position goes back
/// and the seat plays from there.
pub fn play_to_end(
    client: &mut Client,
    ticket: &SeatTicket,
    choose: &mut dyn FnMut(&dyn Session) -> Option<String>,
) -> Result<GameView, String> {
    let mut view: Option<GameView> = None;
    let mut sent_for: Option<usize> = None;
    // Moves wait until the server has sent every event so far: a view
    // still catching up would answer a position long gone.
    let mut caught_up = false;
    // The takeback on the table has been answered (once is enough).
    let mut answered = false;
    for _ in 0..MAX_MESSAGES {
        if let Some(v) = view.as_ref().filter(|_| caught_up) {
            if v.ended.is_some() {
                return view.ok_or_else(|| "no game".into());
            }
            answered &= v.takeback.is_some();
            if !answered && takeback_asked_of(v, ticket.seat) {
                client.send(&ClientMessage::AcceptTakeback {
                    game: ticket.game.clone(),
                    token: ticket.token.clone(),
                })?;
                answered = true;
            }
            let ply = v.session.ply_count();
            // A move that ends the game by the rules is followed by the
            // server's `ended`: nothing to play until it comes.
            let ours = v.started()
                && v.session.outcome().is_none()
                && v.session.side_to_move().0 == ticket.seat;
            if ours && sent_for != Some(ply) {
                let text = choose(v.session.as_ref()).ok_or("no move to play")?;
                client.send(&ClientMessage::Move {
                    game: ticket.game.clone(),
                    token: ticket.token.clone(),
                    ply: ply as u32,
                    text,
                })?;
                sent_for = Some(ply);
            }
        }
        let message = client.recv()?;
        match &message {
            ServerMessage::Following { game, .. } => caught_up |= *game == ticket.game,
            // The position of a move sent may come again.
            ServerMessage::Event {
                event: GameEvent::TakenBack { .. },
                ..
            } => sent_for = None,
            _ => {}
        }
        if let Some(reason) = follow(&mut view, &ticket.game, message)? {
            return Err(format!("the server refused: {reason}"));
        }
    }
    Err(format!(
        "game {}: no end after {MAX_MESSAGES} messages",
        ticket.game
    ))
}

/// Whether another seat asks `seat` to accept a takeback it has not yet.
fn takeback_asked_of(view: &GameView, seat: u8) -> bool {
    view.takeback
        .as_ref()
        .is_some_and(|(asker, accepted)| *asker != seat && !accepted.contains(&seat))
}

/// Comes back to a seat after the connection was lost: a new connection
/// resumed from the last event `view` saw, the missed events taken in, and
/// `pending` (a move sent and never acknowledged, with its ply) sent again
/// if the server does not have it. The caller reads its answer.
pub fn rejoin(
    addr: &str,
    wait: std::time::Duration,
    ticket: &SeatTicket,
    view: &mut GameView,
    pending: Option<(u32, String)>,
) -> Result<Client, String> {
    let mut client = Client::connect(addr, wait)?;
    client.send(&ClientMessage::Resume {
        game: ticket.game.clone(),
        token: ticket.token.clone(),
        since: view.version,
    })?;
    for _ in 0..MAX_MESSAGES {
        match client.recv()? {
            ServerMessage::Event {
                game,
                version,
                event,
            } if game == ticket.game => {
                view.apply(version, &event)?;
            }
            ServerMessage::Following { game, .. } if game == ticket.game => {
                if let Some((ply, text)) = pending
                    && view.session.ply_count() == ply as usize
                    && view.ended.is_none()
                {
                    client.send(&ClientMessage::Move {
                        game: ticket.game.clone(),
                        token: ticket.token.clone(),
                        ply,
                        text,
                    })?;
                }
                return Ok(client);
            }
            ServerMessage::Refused { reason, .. } => {
                return Err(format!("the server refused: {reason}"));
            }
            _ => {}
        }
    }
    Err(format!("game {}: no end to the missed events", ticket.game))
}

/// After the end of `view`'s game: waits up to `wait` for another player's
/// rematch offer and accepts it. The seat of the rematch, or None when no
/// offer came in time (or it was declined).
pub fn accept_rematch(
    client: &mut Client,
    ticket: &SeatTicket,
    view: &mut GameView,
    wait: std::time::Duration,
) -> Result<Option<SeatTicket>, String> {
    let until = std::time::Instant::now() + wait;
    let mut accepted = false;
    for _ in 0..MAX_MESSAGES {
        let offered = view.rematch_offers.iter().any(|&s| s != ticket.seat);
        if offered && !accepted {
            client.send(&ClientMessage::Rematch {
                game: ticket.game.clone(),
                token: ticket.token.clone(),
            })?;
            accepted = true;
        }
        let left = until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            return Ok(None);
        }
        let Some(message) = client.recv_within(left)? else {
            return Ok(None);
        };
        if let Some(seated) = SeatTicket::given_by(&message) {
            return Ok(Some(seated));
        }
        match message {
            ServerMessage::Event {
                game,
                version,
                event,
            } if game == ticket.game => {
                view.apply(version, &event)?;
            }
            ServerMessage::Refused { reason, .. } => {
                return Err(format!("the server refused: {reason}"));
            }
            _ => {}
        }
        if accepted && view.rematch_offers.is_empty() {
            return Ok(None);
        }
    }
    Err(format!(
        "game {}: no rematch after {MAX_MESSAGES} messages",
        ticket.game
    ))
}
