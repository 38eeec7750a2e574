//! The messages of online play, as JSON over WebSocket: what a client asks
//! ([`ClientMessage`]), what the server answers ([`ServerMessage`]), and the
//! numbered events of one game ([`GameEvent`]). Every message is an object
//! whose `type` names it.
//!
//! A game is its events, numbered from 1 with no gap: a client that has
//! seen events up to `version` asks for the rest with `since: version` and
//! gets exactly the ones it missed, as lichess's round protocol does.

use serde::{Deserialize, Serialize};

/// The protocol's version; the server names it in its `welcome`.
pub const PROTOCOL_VERSION: u32 = 1;

/// A game clock: time per side and the increment added after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockSpec {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

impl ClockSpec {
    /// `M+I`: minutes per side and seconds of increment (`5+3`, `0.5+0`).
    pub fn parse(text: &str) -> Result<ClockSpec, String> {
        let bad = || format!("clock must be MINUTES+SECONDS (like 5+3), not '{text}'");
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
        })
    }
}

/// What a client asks.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A new game: its variant id, a hex game's pawn kind, an Anglojewish
    /// game's promotion option (`curved`, `straight`, `straight-curved`),
    /// its clock (none for an untimed game), the creator's seat (a side
    /// number; none for a random one) and whether it is listed among the
    /// open seeks.
    Create {
        variant: String,
        #[serde(default)]
        pawn: Option<String>,
        #[serde(default)]
        promotion: Option<String>,
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
}

/// An open seek, as the lobby lists it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Seek {
    pub code: String,
    pub variant: String,
    pub pawn: Option<String>,
    #[serde(default)]
    pub promotion: Option<String>,
    pub clock: Option<ClockSpec>,
    pub free_seats: Vec<u8>,
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
