//! One game on the server, as plain data: its events, the rules session
//! they lead to, its seats and its clock. A room decides whether a request
//! is allowed and which events it makes ([`Room::decide`]) without changing
//! anything; the events change it only once they are stored
//! ([`Room::apply`]). Replaying the stored events rebuilds the same room, so
//! a restarted server carries on where it stopped.

use std::time::{Duration, Instant};

use super::protocol::{ClockSpec, GameEvent, Playing, every_side_has_moved};
use crate::rules::Side;
use crate::rules::session::Session;

mod ending;
mod rematch;
mod start;
mod status;
mod takeback;

use status::ended;

/// The status of a game that expired before its seats were all taken.
pub const EXPIRED: &str = "expired";
pub use start::{MAX_POSITION_TEXT, game_session};
pub use status::rules_status;

/// What a seated player (or the clock) asks of a game.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    Sit {
        seat: Option<u8>,
        name: Option<String>,
    },
    Move {
        seat: u8,
        ply: u32,
        text: String,
    },
    Resign {
        seat: u8,
    },
    OfferDraw {
        seat: u8,
    },
    DeclineDraw {
        seat: u8,
    },
    Abort {
        seat: u8,
    },
    Takeback {
        seat: u8,
    },
    AcceptTakeback {
        seat: u8,
    },
    DeclineTakeback {
        seat: u8,
    },
    /// Claim the win against the seats in `gone`: the server found them
    /// away for the grace period.
    ClaimWin {
        seat: u8,
        gone: Vec<u8>,
    },
    /// After the end.
    Rematch {
        seat: u8,
    },
    DeclineRematch {
        seat: u8,
    },
}

impl Action {
    /// The seat of a seated player's request other than a move.
    fn seat(&self) -> Option<u8> {
        match self {
            Action::Resign { seat }
            | Action::OfferDraw { seat }
            | Action::DeclineDraw { seat }
            | Action::Abort { seat }
            | Action::Takeback { seat }
            | Action::AcceptTakeback { seat }
            | Action::DeclineTakeback { seat }
            | Action::ClaimWin { seat, .. }
            | Action::Rematch { seat }
            | Action::DeclineRematch { seat } => Some(*seat),
            Action::Sit { .. } | Action::Move { .. } => None,
        }
    }
}

/// What a room decided: events to store, or a move it already has.
#[derive(Clone, PartialEq, Debug)]
pub enum Decision {
    Events(Vec<GameEvent>),
    /// The same move was sent again (after a reconnect): it is the event
    /// numbered `version`, and nothing new happens.
    AlreadyPlayed {
        version: u64,
    },
}

/// A takeback asked for and not yet answered by everyone.
#[derive(Clone, PartialEq, Debug)]
struct Takeback {
    asker: u8,
    /// The number of moves the game will have after it.
    ply: u32,
    accepted: Vec<u8>,
}

/// What the server needs to make a rematch: the new game's first event and
/// the display name of each of its seats.
#[derive(Clone, PartialEq, Debug)]
pub struct RematchPlan {
    pub created: GameEvent,
    pub names: Vec<Option<String>>,
}

/// The seat the player of `seat` takes in the rematch of a game of
/// `sides` seats: the next one, the last seat's player the first.
pub fn rematch_seat(seat: u8, sides: u8) -> u8 {
    (seat + 1) % sides
}

pub struct Room {
    session: Box<dyn Session>,
    sides: u8,
    clock: Option<ClockSpec>,
    events: Vec<GameEvent>,
    /// The version of each move's event, by ply.
    move_versions: Vec<u64>,
    taken: Vec<bool>,
    /// Each seat's display name, if its player gave one.
    names: Vec<Option<String>>,
    /// Each side's time left when its turn began.
    clock_ms: Vec<u64>,
    /// When the clock of the side to move began to run; None while it
    /// does not (before every side has moved once, after the end). A room
    /// rebuilt after a restart starts it again at the restart, so the time
    /// the server was down is charged to nobody.
    turn_started: Option<Instant>,
    draw_offers: Vec<u8>,
    takeback: Option<Takeback>,
    ended: Option<String>,
    /// After the end: the seats that offered a rematch, and the rematch
    /// once it is made (its id and invite code).
    rematch_offers: Vec<u8>,
    rematch: Option<(String, String)>,
}

impl Room {
    /// The first event of a new game, checked against the rules.
    pub fn created(
        variant: &str,
        pawn: Option<&str>,
        promotion: Option<&str>,
        position: Option<&str>,
        clock: Option<ClockSpec>,
    ) -> Result<GameEvent, String> {
        if position.is_some_and(|text| text.len() > MAX_POSITION_TEXT) {
            return Err(format!("position: at most {MAX_POSITION_TEXT} characters"));
        }
        // The rules name the command line's flags; a client sent fields.
        let session = game_session(variant, pawn, promotion, position).map_err(|e| {
            e.replace("--pawn", "pawn")
                .replace("--promotion", "promotion")
        })?;
        if session.outcome().is_some() {
            return Err("position: the game is already over there".into());
        }
        if let Some(spec) = clock {
            spec.check()?;
        }
        Ok(GameEvent::Created {
            variant: variant.to_string(),
            pawn: pawn.map(str::to_string),
            promotion: promotion.map(str::to_string),
            position: position.map(str::to_string),
            sides: session.side_count(),
            clock,
        })
    }

    /// The room its first event makes (see [`Room::created`]).
    pub fn new(created: &GameEvent) -> Result<Room, String> {
        let GameEvent::Created {
            variant,
            pawn,
            promotion,
            position,
            clock,
            ..
        } = created
        else {
            return Err("a game's first event must be `created`".into());
        };
        let session = game_session(
            variant,
            pawn.as_deref(),
            promotion.as_deref(),
            position.as_deref(),
        )?;
        let sides = session.side_count();
        Ok(Room {
            session,
            sides,
            clock: *clock,
            events: vec![created.clone()],
            move_versions: Vec::new(),
            taken: vec![false; sides as usize],
            names: vec![None; sides as usize],
            clock_ms: vec![clock.map_or(0, |c| c.allowance_ms()); sides as usize],
            turn_started: None,
            draw_offers: Vec::new(),
            takeback: None,
            ended: None,
            rematch_offers: Vec::new(),
            rematch: None,
        })
    }

    /// A room rebuilt from all its stored events.
    pub fn replay(events: &[GameEvent], now: Instant) -> Result<Room, String> {
        let (first, rest) = events.split_first().ok_or("a game without events")?;
        let mut room = Room::new(first)?;
        for event in rest {
            room.apply(event.clone(), now)?;
        }
        Ok(room)
    }

    /// The number of the latest event.
    pub fn version(&self) -> u64 {
        self.events.len() as u64
    }

    /// The events after `since`, with their numbers.
    pub fn events_since(&self, since: u64) -> impl Iterator<Item = (u64, &GameEvent)> {
        let from = (since as usize).min(self.events.len());
        (from..self.events.len()).map(|i| (i as u64 + 1, &self.events[i]))
    }

    pub fn ended(&self) -> Option<&str> {
        self.ended.as_deref()
    }

    /// Whether the player of `seat` is still in the game (not eliminated).
    pub fn in_game(&self, seat: u8) -> bool {
        self.session.in_game(Side(seat))
    }

    pub fn started(&self) -> bool {
        self.taken.iter().all(|&t| t)
    }

    pub fn free_seats(&self) -> Vec<u8> {
        (0..self.sides)
            .filter(|&s| !self.taken[s as usize])
            .collect()
    }

    /// Each seat's display name, by side number.
    pub fn names(&self) -> &[Option<String>] {
        &self.names
    }

    /// The game as the lobby lists it for spectators while it is being
    /// played: every seat taken and no end yet.
    pub fn listing(&self, game: &str) -> Option<Playing> {
        if !self.started() || self.ended().is_some() {
            return None;
        }
        let Some(GameEvent::Created {
            variant,
            pawn,
            promotion,
            position,
            clock,
            ..
        }) = self.events.first()
        else {
            return None;
        };
        Some(Playing {
            game: game.to_string(),
            variant: variant.clone(),
            pawn: pawn.clone(),
            promotion: promotion.clone(),
            position: position.clone(),
            clock: *clock,
            players: self.names.clone(),
            ply: self.session.ply_count() as u32,
        })
    }

    /// The rules session of the game as it stands, taken out of the room.
    pub fn into_session(self) -> Box<dyn Session> {
        self.session
    }

    /// The rules session of the game as it stands.
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    pub fn moves(&self) -> Vec<String> {
        self.session.moves()
    }

    /// The rules session of the game's start, as its first event made it.
    fn fresh_session(&self) -> Result<Box<dyn Session>, String> {
        match self.events.first() {
            Some(GameEvent::Created {
                variant,
                pawn,
                promotion,
                position,
                ..
            }) => game_session(
                variant,
                pawn.as_deref(),
                promotion.as_deref(),
                position.as_deref(),
            ),
            _ => Err("a game's first event must be `created`".into()),
        }
    }

    /// Stops the running clock where the stored events left it: a game
    /// brought back after a restart waits for its players so, charging
    /// nobody for the time the server was down nor for the thought before
    /// it stopped.
    pub fn hold_clock(&mut self) {
        self.turn_started = None;
    }

    /// Runs the clock of the side to move again from `now`, if it runs in
    /// this game at this point; nothing if it runs already.
    pub fn release_clock(&mut self, now: Instant) {
        let runs = self.clock.is_some()
            && self.ended.is_none()
            && every_side_has_moved(self.session.ply_count(), self.sides);
        if runs && self.turn_started.is_none() {
            self.turn_started = Some(now);
        }
    }

    /// The end of a game whose seats were not all taken in time, unless it
    /// has started or ended.
    pub fn expiry(&self) -> Option<GameEvent> {
        (self.ended.is_none() && !self.started()).then(|| ended(EXPIRED))
    }

    /// When the side to move runs out of time, if its clock is running.
    pub fn flag_deadline(&self) -> Option<Instant> {
        let started = self.turn_started?;
        let side = self.session.side_to_move();
        Some(started + Duration::from_millis(self.clock_ms[side.index()]))
    }

    /// The loss on time of the side to move, if its time is up at `now`.
    pub fn flag_fall(&self, now: Instant) -> Option<GameEvent> {
        if self.ended.is_some() || self.flag_deadline()? > now {
            return None;
        }
        let side = self.session.side_to_move();
        let mut session = self.session.clone_box();
        session.lose_on_time(side);
        let mut clock_ms = self.clock_ms.clone();
        clock_ms[side.index()] = 0;
        Some(GameEvent::Ended {
            status: rules_status(session.as_ref()),
            clock_ms: Some(clock_ms),
        })
    }

    /// The events `action` makes, or why it is refused; nothing changes.
    pub fn decide(&self, action: &Action, now: Instant) -> Result<Decision, String> {
        if let Action::Rematch { .. } | Action::DeclineRematch { .. } = action {
            return Ok(Decision::Events(vec![self.decide_rematch(action)?]));
        }
        if let Some(status) = &self.ended {
            return Err(format!("the game is over: {}", status.replace('\n', "; ")));
        }
        let event = match action {
            Action::Sit { seat, name } => self.sit(*seat, name.clone())?,
            Action::Move { seat, ply, text } => return self.decide_move(*seat, *ply, text, now),
            Action::Abort { .. } if !self.started() => ended("aborted"),
            _ if !self.started() => return Err("the game has not started: seats are free".into()),
            Action::Abort { .. } => {
                if every_side_has_moved(self.session.ply_count(), self.sides) {
                    return Err("too late to abort: every side has moved".into());
                }
                ended("aborted")
            }
            _ => self.decide_seated(action, now)?,
        };
        Ok(Decision::Events(vec![event]))
    }

    /// A request of a seated player still in the game, once it has started.
    fn decide_seated(&self, action: &Action, now: Instant) -> Result<GameEvent, String> {
        let seat = action.seat().ok_or("not a seated player's request")?;
        if !self.session.in_game(Side(seat)) {
            return Err("you are out of this game".into());
        }
        match action {
            Action::Resign { .. } => Ok(ended(&self.walkout(&[Side(seat)], "resignation"))),
            Action::OfferDraw { .. } => self.draw_offer(seat),
            Action::DeclineDraw { .. } => {
                if self.draw_offers.iter().all(|s| *s == seat) {
                    return Err("no draw offer to decline".into());
                }
                Ok(GameEvent::DrawDeclined { seat })
            }
            Action::Takeback { .. } => self.ask_takeback(seat),
            Action::AcceptTakeback { .. } => self.accept_takeback(seat, now),
            Action::DeclineTakeback { .. } => self.decline_takeback(seat),
            Action::ClaimWin { gone, .. } => {
                if gone.is_empty() {
                    return Err("every other player is connected: no win to claim".into());
                }
                let gone: Vec<Side> = gone.iter().map(|&s| Side(s)).collect();
                Ok(GameEvent::Ended {
                    status: self.walkout(&gone, "abandonment"),
                    clock_ms: self.clock_now(now),
                })
            }
            _ => Err("not a seated player's request".into()),
        }
    }

    fn sit(&self, seat: Option<u8>, name: Option<String>) -> Result<GameEvent, String> {
        let free = self.free_seats();
        let seat = match seat {
            Some(s) if s >= self.sides => return Err(format!("no seat {s} in this game")),
            Some(s) if !free.contains(&s) => return Err(format!("seat {s} is taken")),
            Some(s) => s,
            None => *free.first().ok_or("no free seat in this game")?,
        };
        Ok(GameEvent::SeatTaken { seat, name })
    }

    fn decide_move(
        &self,
        seat: u8,
        ply: u32,
        text: &str,
        now: Instant,
    ) -> Result<Decision, String> {
        let played = self.session.ply_count();
        if (ply as usize) < played {
            let moves = self.session.moves();
            return if moves[ply as usize] == text.trim() {
                Ok(Decision::AlreadyPlayed {
                    version: self.move_versions[ply as usize],
                })
            } else {
                Err(format!(
                    "move {ply} was {}, not {text}",
                    moves[ply as usize]
                ))
            };
        }
        if ply as usize > played {
            return Err(format!("the game is at move {played}, not {ply}"));
        }
        if !self.started() {
            return Err("the game has not started: seats are free".into());
        }
        let mover = self.session.side_to_move();
        if mover.0 != seat {
            return Err(format!("not your turn: {} is to move", mover.name()));
        }
        let mut next = self.session.clone_box();
        let info = next.play(text).map_err(|e| e.to_string())?;
        let clock_ms = self.clock.map(|spec| {
            let mut left = self.clock_ms.clone();
            let spent = self
                .turn_started
                .map_or(0, |t| millis(now.duration_since(t)));
            // A correspondence clock is whole again after each move.
            left[mover.index()] = match spec.days_per_move {
                Some(_) => spec.allowance_ms(),
                None => left[mover.index()].saturating_sub(spent) + spec.increment_ms,
            };
            left
        });
        let mut events = vec![GameEvent::Moved {
            ply,
            text: info.text,
            clock_ms: clock_ms.clone(),
        }];
        if next.outcome().is_some() {
            events.push(GameEvent::Ended {
                status: rules_status(next.as_ref()),
                clock_ms,
            });
        }
        Ok(Decision::Events(events))
    }

    /// Makes a stored event part of the room.
    pub fn apply(&mut self, event: GameEvent, now: Instant) -> Result<(), String> {
        let turn_changes = matches!(event, GameEvent::Moved { .. } | GameEvent::TakenBack { .. });
        match &event {
            GameEvent::Created { .. } => return Err("a second `created` event".into()),
            GameEvent::SeatTaken { seat, name } => {
                let slot = self.taken.get_mut(*seat as usize).ok_or("no such seat")?;
                *slot = true;
                self.names[*seat as usize] = name.clone();
            }
            GameEvent::Moved { text, clock_ms, .. } => {
                self.session.play(text).map_err(|e| e.to_string())?;
                self.move_versions.push(self.version() + 1);
                if let Some(left) = clock_ms {
                    self.clock_ms = left.clone();
                }
                self.draw_offers.clear();
                self.takeback = None;
            }
            GameEvent::DrawOffered { seat } => self.draw_offers.push(*seat),
            GameEvent::DrawDeclined { .. } => self.draw_offers.clear(),
            GameEvent::TakebackAsked { seat, ply } => {
                self.takeback = Some(Takeback {
                    asker: *seat,
                    ply: *ply,
                    accepted: Vec::new(),
                });
            }
            GameEvent::TakebackAccepted { seat } => {
                if let Some(asked) = self.takeback.as_mut() {
                    asked.accepted.push(*seat);
                }
            }
            GameEvent::TakebackDeclined { .. } => self.takeback = None,
            GameEvent::RematchOffered { seat } => self.rematch_offers.push(*seat),
            GameEvent::RematchDeclined { .. } => self.rematch_offers.clear(),
            GameEvent::Rematched { game, code } => {
                self.rematch = Some((game.clone(), code.clone()));
            }
            GameEvent::TakenBack { ply, clock_ms } => {
                self.take_back_to(*ply)?;
                if let Some(left) = clock_ms {
                    self.clock_ms = left.clone();
                }
            }
            GameEvent::Ended { status, clock_ms } => {
                self.ended = Some(status.clone());
                if let Some(left) = clock_ms {
                    self.clock_ms = left.clone();
                }
            }
        }
        self.events.push(event);
        let runs = self.clock.is_some()
            && self.ended.is_none()
            && every_side_has_moved(self.session.ply_count(), self.sides);
        // The running clock starts afresh only with a new turn: a draw offer
        // or a declined one in the middle of a turn leaves it running.
        self.turn_started = match self.turn_started {
            Some(started) if runs && !turn_changes => Some(started),
            _ => runs.then_some(now),
        };
        Ok(())
    }

    /// Each side's time left at `now`, for a timed game.
    pub fn clock_now(&self, now: Instant) -> Option<Vec<u64>> {
        self.clock?;
        let mut left = self.clock_ms.clone();
        if let Some(started) = self.turn_started {
            let side = self.session.side_to_move().index();
            left[side] = left[side].saturating_sub(millis(now.duration_since(started)));
        }
        Some(left)
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests;
