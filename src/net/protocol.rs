//! The messages of online play, as JSON over WebSocket: what a client asks
//! ([`ClientMessage`]), what the server answers ([`ServerMessage`]), and the
//! numbered events of one game ([`GameEvent`]). Every message is an object
//! whose `type` names it.
//!
//! A game is its events, numbered from 1 with no gap: a client that has
//! seen events up to `version` asks for the rest with `since: version` and
//! gets exactly the ones it missed, as lichess's round protocol does.

use serde::{Deserialize, Serialize};

use super::board_geometry::{BoardGeometry, PositionView};

/// The protocol's version; the server names it in its `welcome`.
pub const PROTOCOL_VERSION: u32 = 1;

/// A game clock: time per side and the increment added after each move;
/// or a correspondence clock, `days_per_move` (then `initial_ms` and
/// `increment_ms` are 0): each move must be made within that many days,
/// and a side's time is whole again after each of its moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockSpec {
    #[serde(default)]
    pub initial_ms: u64,
    #[serde(default)]
    pub increment_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

/// A day of a correspondence clock, in milliseconds.
pub const DAY_MS: u64 = 86_400_000;

impl ClockSpec {
    /// A correspondence clock of `days` per move.
    pub fn correspondence(days: u32) -> ClockSpec {
        ClockSpec {
            initial_ms: 0,
            increment_ms: 0,
            days_per_move: Some(days),
        }
    }

    /// The time a side has when its turn begins, at the start: a whole
    /// correspondence allowance, or the time per side.
    pub fn allowance_ms(&self) -> u64 {
        match self.days_per_move {
            Some(days) => u64::from(days) * DAY_MS,
            None => self.initial_ms,
        }
    }

    /// `M+I`: minutes per side and seconds of increment (`5+3`, `0.5+0`);
    /// or `Dd`, a correspondence clock of D days per move (`3d`).
    pub fn parse(text: &str) -> Result<ClockSpec, String> {
        if let Some(days) = text.trim().strip_suffix('d') {
            return match days.trim().parse::<u32>() {
                Ok(days) if (1..=MAX_DAYS_PER_MOVE).contains(&days) => {
                    Ok(ClockSpec::correspondence(days))
                }
                _ => Err(format!(
                    "a correspondence clock is 1d to {MAX_DAYS_PER_MOVE}d (days per move), not '{text}'"
                )),
            };
        }
        let bad =
            || format!("clock must be MINUTES+SECONDS (like 5+3) or DAYSd (like 3d), not '{text}'");
        let (minutes, increment) = text.split_once('+').ok_or_else(bad)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
        let increment: f64 = increment.trim().parse().map_err(|_| bad())?;
        let fits = |v: f64, most: f64| v.is_finite() && (0.0..=most).contains(&v);
        if !fits(minutes, 600.0) || !fits(increment, 600.0) || minutes == 0.0 {
            return Err(bad());
        }
        Ok(ClockSpec {
            initial_ms: (minutes * 60_000.0).round() as u64,
            increment_ms: (increment * 1000.0).round() as u64,
            days_per_move: None,
        })
    }

    /// Whether the server keeps this clock: 1 ms to 10 hours a side and
    /// an increment of at most 10 minutes, or 1 to 14 days per move.
    pub fn check(&self) -> Result<(), String> {
        match self.days_per_move {
            Some(days)
                if (1..=MAX_DAYS_PER_MOVE).contains(&days)
                    && self.initial_ms == 0
                    && self.increment_ms == 0 =>
            {
                Ok(())
            }
            Some(_) => Err(format!(
                "a correspondence clock gives 1 to {MAX_DAYS_PER_MOVE} days per move, and no minutes or increment"
            )),
            None if self.initial_ms == 0
                || self.initial_ms > 36_000_000
                || self.increment_ms > 600_000 =>
            {
                Err("clock must give 1 ms to 10 hours, increment at most 10 minutes".into())
            }
            None => Ok(()),
        }
    }
}

/// The most days per move a correspondence clock gives.
pub const MAX_DAYS_PER_MOVE: u32 = 14;

/// What a client asks.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A new game: its variant id, a hex game's pawn kind, an Anglojewish
    /// game's promotion option (`curved`, `straight`, `straight-curved`),
    /// the position it starts from (the game's position text; none for
    /// the game's own start), its clock (none for an untimed game), the
    /// creator's seat (a side number; none for a random one) and whether
    /// it is listed among the open seeks.
    Create {
        variant: String,
        #[serde(default)]
        pawn: Option<String>,
        #[serde(default)]
        promotion: Option<String>,
        #[serde(default)]
        position: Option<String>,
        #[serde(default)]
        clock: Option<ClockSpec>,
        #[serde(default)]
        seat: Option<u8>,
        #[serde(default)]
        listed: bool,
        /// The creator's display name (see [`display_name`]).
        #[serde(default)]
        name: Option<String>,
    },
    /// Take a free seat of the game with this invite code (a chosen one,
    /// or the first free one).
    Join {
        code: String,
        #[serde(default)]
        seat: Option<u8>,
        /// The player's display name (see [`display_name`]).
        #[serde(default)]
        name: Option<String>,
    },
    /// The open seeks.
    Seeks,
    /// The listed games being played now, to watch.
    Games,
    /// Follow a game as a spectator, from the event after `since`.
    Watch {
        game: String,
        since: u64,
    },
    /// Come back to a game as the seat this token holds, from the event
    /// after `since`.
    Resume {
        game: String,
        token: String,
        since: u64,
    },
    /// A move in the game's notation, for the position after `ply` moves
    /// (so that a move sent again after a reconnect is not played twice).
    Move {
        game: String,
        token: String,
        ply: u32,
        text: String,
    },
    Resign {
        game: String,
        token: String,
    },
    /// Offer a draw, or accept the one on the table.
    OfferDraw {
        game: String,
        token: String,
    },
    DeclineDraw {
        game: String,
        token: String,
    },
    /// End the game unscored: allowed before the second move.
    Abort {
        game: String,
        token: String,
    },
    /// Ask to take back your last move (and the moves played after it).
    Takeback {
        game: String,
        token: String,
    },
    AcceptTakeback {
        game: String,
        token: String,
    },
    /// Refuse the takeback asked for, or withdraw your own.
    DeclineTakeback {
        game: String,
        token: String,
    },
    /// Win against the players who have been disconnected for the grace
    /// period the server sets.
    ClaimWin {
        game: String,
        token: String,
    },
    /// After the end: offer a rematch, or accept the one offered. When
    /// every seat has, the server makes the new game.
    Rematch {
        game: String,
        token: String,
    },
    DeclineRematch {
        game: String,
        token: String,
    },
}

/// An open seek, as the lobby lists it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Seek {
    pub code: String,
    pub variant: String,
    pub pawn: Option<String>,
    #[serde(default)]
    pub promotion: Option<String>,
    /// The position text the game starts from, when not the game's own
    /// start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    pub clock: Option<ClockSpec>,
    pub free_seats: Vec<u8>,
    /// The display names of the players seated so far (those who gave one),
    /// in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
}

/// A listed game being played, as the lobby shows it to spectators.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Playing {
    /// The game's id, for `watch`.
    pub game: String,
    pub variant: String,
    #[serde(default)]
    pub pawn: Option<String>,
    #[serde(default)]
    pub promotion: Option<String>,
    /// The position text the game started from, when not the game's own
    /// start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    pub clock: Option<ClockSpec>,
    /// Each seat's display name (none when its player gave none).
    pub players: Vec<Option<String>>,
    /// Moves played so far.
    pub ply: u32,
}

/// What the server says.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The first message on every connection.
    Welcome {
        protocol: u32,
    },
    /// A seat is yours: keep the token, it is the only proof. Sent for
    /// `create` (with the invite code) and `join`.
    Seated {
        game: String,
        code: String,
        seat: u8,
        token: String,
    },
    Seeks {
        seeks: Vec<Seek>,
    },
    /// The listed games being played on this server now.
    Games {
        games: Vec<Playing>,
    },
    /// The game's event numbered `version` (the first is 1).
    Event {
        game: String,
        version: u64,
        event: GameEvent,
    },
    /// The events missed before a `watch` or `resume` (or a seat) have
    /// all been sent: the game is at event `version`, and every later event
    /// follows as it happens. `clock_ms` is each side's time left at this
    /// moment, in a timed game.
    Following {
        game: String,
        version: u64,
        #[serde(default)]
        clock_ms: Option<Vec<u64>>,
    },
    /// Your move was stored as the game's event `version`.
    Ack {
        game: String,
        version: u64,
    },
    /// The player of `seat` has no connection to the game any more: the
    /// others may claim the win in `claim_in_ms` if it does not come back.
    /// Not an event: sent as it happens, and to a new follower for each
    /// seat away.
    Disconnected {
        game: String,
        seat: u8,
        claim_in_ms: u64,
    },
    /// The player of `seat` is connected again.
    Reconnected {
        game: String,
        seat: u8,
    },
    /// The server was restarted, and the game, held since then with its
    /// clocks as the last stored event left them, goes on: the clock of the
    /// side to move runs again from now (`clock_ms`: each side's time
    /// left, in a timed game). Sent to every follower when the first seated
    /// player comes back. Not an event.
    Resumed {
        game: String,
        #[serde(default)]
        clock_ms: Option<Vec<u64>>,
    },
    /// The game's boards as a client draws them: sent to each follower
    /// before its first `position`.
    Board {
        game: String,
        board: Box<BoardGeometry>,
    },
    /// The game's position at event `version`: the men, the mover's legal
    /// moves with the text a `move` sends for each, the last move and
    /// check. Sent after `following` and after every event that changes
    /// the position or ends the game.
    Position {
        game: String,
        version: u64,
        position: Box<PositionView>,
    },
    /// A request refused, with the reason; `game` when it was about one.
    Refused {
        #[serde(default)]
        game: Option<String>,
        reason: String,
    },
}

/// One step of a game. Every event a game has had is kept and replayed
/// to spectators, to reconnecting players and to the server on restart.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GameEvent {
    /// Always event 1: the game as it was created.
    Created {
        variant: String,
        pawn: Option<String>,
        /// An Anglojewish game's promotion option, when one was chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<String>,
        /// The position text the game starts from, when not the game's
        /// own start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        sides: u8,
        clock: Option<ClockSpec>,
    },
    /// A seat was taken, by a player of this display name if they gave
    /// one; the game starts when every seat is.
    SeatTaken {
        seat: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Move number `ply` (from 0) was played. `clock_ms` is each side's
    /// time left after it, by side number, in a timed game.
    Moved {
        ply: u32,
        text: String,
        #[serde(default)]
        clock_ms: Option<Vec<u64>>,
    },
    DrawOffered {
        seat: u8,
    },
    DrawDeclined {
        seat: u8,
    },
    /// `seat` asks to take back its last move: the game would go back to
    /// `ply` moves, `seat` to move.
    TakebackAsked {
        seat: u8,
        ply: u32,
    },
    /// `seat` accepts the takeback asked for (three players: the other
    /// one has yet to).
    TakebackAccepted {
        seat: u8,
    },
    /// `seat` refused the takeback asked for (or its asker withdrew it).
    TakebackDeclined {
        seat: u8,
    },
    /// Every other player accepted: the game is back at `ply` moves (the
    /// moves from `ply` on are gone). `clock_ms` is each side's time left
    /// then, in a timed game.
    TakenBack {
        ply: u32,
        #[serde(default)]
        clock_ms: Option<Vec<u64>>,
    },
    /// After the end, `seat` offers a rematch (or accepts the one offered).
    RematchOffered {
        seat: u8,
    },
    /// `seat` refused the rematch: the offers so far are void.
    RematchDeclined {
        seat: u8,
    },
    /// Every seat accepted: the rematch is the game `game`, invite code
    /// `code`, with the same options and clock and the seats turned round
    /// (seat N plays seat N + 1 there, the last seat plays seat 0). Each
    /// player learns its new seat's token from its own `seated`.
    Rematched {
        game: String,
        code: String,
    },
    /// The game is over. `status` is its result as `variantarium status`
    /// words it (`1-0 checkmate`, `0-1 resignation`, `1/2-1/2 agreement`,
    /// `aborted`); for three players, its two lines joined by a newline.
    Ended {
        status: String,
        #[serde(default)]
        clock_ms: Option<Vec<u64>>,
    },
}

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A player's display name as the server keeps it: trimmed, none when
/// blank; refused when too long or holding a control character.
pub fn display_name(name: Option<&str>) -> Result<Option<String>, String> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if name.chars().any(char::is_control) {
        return Err("a name may not hold control characters".into());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name is at most {MAX_NAME_CHARS} characters"));
    }
    Ok(Some(name.to_string()))
}

/// The largest message either side accepts, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Whether every side has made its first move: from then on a timed
/// game's clock runs, and it is too late to abort.
pub fn every_side_has_moved(plies: usize, sides: u8) -> bool {
    plies >= usize::from(sides)
}

/// A message as its JSON text.
pub fn to_json<T: Serialize>(message: &T) -> String {
    // Serialising these plain enums cannot fail: no maps with non-string
    // keys, no foreign Serialize impls.
    serde_json::to_string(message).unwrap_or_default()
}
