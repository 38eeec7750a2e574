//! One game on the server, as plain data: its events, the rules session
//! they lead to, its seats and its clock. A room decides whether a request
//! is allowed and which events it makes ([`Room::decide`]) without changing
//! anything; the events change it only once they are stored
//! ([`Room::apply`]). Replaying the stored events rebuilds the same room, so
//! a restarted server carries on where it stopped.

use std::time::{Duration, Instant};

use super::protocol::{ClockSpec, GameEvent, every_side_has_moved};
use crate::rules::history::DrawRules;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::Variant;
use crate::rules::{GameResult, Side};

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
    ended: Option<String>,
}

impl Room {
    /// The first event of a new game, checked against the rules.
    pub fn created(
        variant: &str,
        pawn: Option<&str>,
        promotion: Option<&str>,
        clock: Option<ClockSpec>,
    ) -> Result<GameEvent, String> {
        let session = game_session(variant, pawn, promotion)?;
        if let Some(spec) = clock
            && (spec.initial_ms == 0 || spec.initial_ms > 36_000_000 || spec.increment_ms > 600_000)
        {
            return Err("clock must give 1 ms to 10 hours, increment at most 10 minutes".into());
        }
        Ok(GameEvent::Created {
            variant: variant.to_string(),
            pawn: pawn.map(str::to_string),
            promotion: promotion.map(str::to_string),
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
            clock,
            ..
        } = created
        else {
            return Err("a game's first event must be `created`".into());
        };
        let session = game_session(variant, pawn.as_deref(), promotion.as_deref())?;
        let sides = session.side_count();
        Ok(Room {
            session,
            sides,
            clock: *clock,
            events: vec![created.clone()],
            move_versions: Vec::new(),
            taken: vec![false; sides as usize],
            names: vec![None; sides as usize],
            clock_ms: vec![clock.map_or(0, |c| c.initial_ms); sides as usize],
            turn_started: None,
            draw_offers: Vec::new(),
            ended: None,
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

    pub fn moves(&self) -> Vec<String> {
        self.session.moves()
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
        if let Some(status) = &self.ended {
            return Err(format!("the game is over: {}", status.replace('\n', "; ")));
        }
        if let Action::Resign { seat } | Action::OfferDraw { seat } | Action::DeclineDraw { seat } =
            action
            && !self.session.in_game(Side(*seat))
        {
            return Err("you are out of this game".into());
        }
        let events = match action {
            Action::Sit { seat, name } => vec![self.sit(*seat, name.clone())?],
            Action::Move { seat, ply, text } => return self.decide_move(*seat, *ply, text, now),
            _ if !self.started() => {
                if let Action::Abort { .. } = action {
                    vec![ended("aborted")]
                } else {
                    return Err("the game has not started: seats are free".into());
                }
            }
            Action::Resign { seat } => vec![ended(&self.resignation(Side(*seat)))],
            Action::OfferDraw { seat } => vec![self.draw_offer(*seat)?],
            Action::DeclineDraw { seat } => {
                if self.draw_offers.iter().all(|s| s == seat) {
                    return Err("no draw offer to decline".into());
                }
                vec![GameEvent::DrawDeclined { seat: *seat }]
            }
            Action::Abort { .. } => {
                if every_side_has_moved(self.session.ply_count(), self.sides) {
                    return Err("too late to abort: every side has moved".into());
                }
                vec![ended("aborted")]
            }
        };
        Ok(Decision::Events(events))
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
            left[mover.index()] = left[mover.index()].saturating_sub(spent) + spec.increment_ms;
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

    fn draw_offer(&self, seat: u8) -> Result<GameEvent, String> {
        if self.draw_offers.contains(&seat) {
            return Err("you have offered a draw already".into());
        }
        let agreed = (0..self.sides)
            .filter(|&s| self.session.in_game(Side(s)) && s != seat)
            .all(|s| self.draw_offers.contains(&s));
        if !agreed {
            return Ok(GameEvent::DrawOffered { seat });
        }
        let status = if self.sides == 2 {
            "1/2-1/2 agreement".to_string()
        } else {
            format!("draw between {} agreement", self.playing_names(None))
        };
        Ok(ended(&status))
    }

    fn resignation(&self, loser: Side) -> String {
        if self.sides == 2 {
            let score = GameResult::Win(loser.opponent()).score();
            return format!("{score} resignation");
        }
        let left: Vec<Side> = self.playing(Some(loser));
        let standing = match left.as_slice() {
            [winner] => format!("{} wins resignation", winner.name().to_lowercase()),
            _ => format!(
                "draw between {} resignation",
                self.playing_names(Some(loser))
            ),
        };
        format!("{standing}\n{} resigned", loser.name().to_lowercase())
    }

    /// The sides still playing (but `except`), in the order the
    /// three-player status lists them: Red first.
    fn playing(&self, except: Option<Side>) -> Vec<Side> {
        let n = self.sides;
        (0..n)
            .map(|k| Side((n - 1 + k) % n))
            .filter(|&s| self.session.in_game(s) && Some(s) != except)
            .collect()
    }

    fn playing_names(&self, except: Option<Side>) -> String {
        let names: Vec<String> = self
            .playing(except)
            .into_iter()
            .map(|s| s.name().to_lowercase())
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }

    /// Makes a stored event part of the room.
    pub fn apply(&mut self, event: GameEvent, now: Instant) -> Result<(), String> {
        let turn_changes = matches!(event, GameEvent::Moved { .. });
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
            }
            GameEvent::DrawOffered { seat } => self.draw_offers.push(*seat),
            GameEvent::DrawDeclined { .. } => self.draw_offers.clear(),
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

/// A new game's rules session: the variant with its pawn kind and
/// promotion option, as the `created` event names them.
pub fn game_session(
    variant: &str,
    pawn: Option<&str>,
    promotion: Option<&str>,
) -> Result<Box<dyn Session>, String> {
    let parsed = Variant::parse(variant, pawn)?.with_promotion_text(promotion)?;
    new_session(parsed, DrawRules::default(), None)
}

fn ended(status: &str) -> GameEvent {
    GameEvent::Ended {
        status: status.to_string(),
        clock_ms: None,
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A finished game's result as `variantarium status` words it: the score and
/// the reason (`1-0 checkmate`), or for three players both status lines.
pub fn rules_status(session: &dyn Session) -> String {
    if let Some(lines) = session.multi_player_status() {
        return lines.join("\n");
    }
    match session.outcome() {
        None => "ongoing".to_string(),
        Some(end) => format!("{} {}", end.result.score(), end.reason.id()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply_all(room: &mut Room, action: Action, now: Instant) {
        match room.decide(&action, now).expect("accepted") {
            Decision::Events(events) => {
                for event in events {
                    room.apply(event, now).expect("applies");
                }
            }
            Decision::AlreadyPlayed { .. } => panic!("a new action"),
        }
    }

    /// Time spent before a draw offer stays spent: the offer does not
    /// restart the running clock.
    #[test]
    fn a_draw_offer_does_not_restart_the_running_clock() {
        let clock = ClockSpec {
            initial_ms: 60_000,
            increment_ms: 0,
        };
        let created = Room::created("flaxman", None, None, Some(clock)).expect("a game");
        let mut room = Room::new(&created).expect("a room");
        let start = Instant::now();
        for seat in [0, 1] {
            let sit = Action::Sit {
                seat: Some(seat),
                name: None,
            };
            apply_all(&mut room, sit, start);
        }
        let moves = ["d1-a1", "e6-d6"];
        for (ply, text) in moves.iter().enumerate() {
            let seat = ply as u8 % 2;
            let action = Action::Move {
                seat,
                ply: ply as u32,
                text: text.to_string(),
            };
            apply_all(&mut room, action, start);
        }
        // White thinks 10 s, Black offers a draw, White thinks 5 s more.
        let offer = start + Duration::from_secs(10);
        apply_all(&mut room, Action::OfferDraw { seat: 1 }, offer);
        let later = offer + Duration::from_secs(5);
        let left = room.clock_now(later).expect("a timed game");
        assert_eq!(left[0], 45_000, "White has spent 15 s of 60: {left:?}");
        assert_eq!(left[1], 60_000);
    }
}
