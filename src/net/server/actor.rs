//! One task per game, the only owner of its [`Room`]: requests arrive in its
//! mailbox one at a time, so a game's events are numbered without races.
//! Each step is stored first (queued for the store's writer, which commits
//! the steps of many games together), then acknowledged to the player who
//! made it, then sent to every follower. The task also watches the clock and ends
//! the game when a flag falls.
//!
//! The store is the truth and the room a copy of it: servers sharing a
//! database each run an actor for the game. When another one stored an
//! event first (a commit refused), or tells of a commit ([`RoomRequest::CatchUp`]),
//! the actor loads the events it lacks, sends them to its followers, and
//! decides the request again on the game as it now is.
//!
//! The actor also knows which seats have a connection here ([`Presence`]):
//! it tells the followers when a seat's last connection ends and when the
//! seat comes back, and judges a claim of the win against a seat away for
//! the grace period.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::host::{RoomHost, seated_names};
use super::mailbox::{PlayerRequest, RoomHandle, RoomRequest};
use super::outbox::Outbox;
use super::presence::Presence;
use super::secret::random_hex;
use crate::net::board_geometry::{board_geometry, position_view};
use crate::net::protocol::{GameEvent, ServerMessage, to_json};
use crate::net::room::{Action, Decision, Room};
use crate::net::store::Commit;

mod away;
mod rematch;

/// Mailbox size of a game: requests beyond wait in their connections.
const MAILBOX: usize = 256;

/// How long a game whose flag fell waits before storing its end again
/// after the store failed.
const RETRY: std::time::Duration = std::time::Duration::from_millis(500);

/// A game as the server runs it: its id, invite code, room and tokens, and
/// since when its seats are away (brought back after a restart) or None
/// (a new game, or one another server made).
pub struct RunningGame {
    pub id: String,
    pub code: String,
    pub room: Room,
    pub tokens: Vec<Option<String>>,
    pub away_from: Option<Instant>,
    /// When it expires if its seats are not all taken by then.
    pub expires: Option<Instant>,
}

pub fn spawn_room(game: RunningGame, host: Arc<dyn RoomHost>) -> RoomHandle {
    let (tx, rx) = mpsc::channel(MAILBOX);
    let RunningGame {
        id,
        code,
        room,
        tokens,
        away_from,
        expires,
    } = game;
    let presence = Presence::new(tokens.len() as u8, away_from);
    // Brought back after a restart: the clocks stand until a player is back.
    let mut room = room;
    let held = away_from.is_some() && room.ended().is_none();
    if held {
        room.hold_clock();
    }
    let actor = RoomActor {
        held,
        id,
        code,
        room,
        tokens,
        expires,
        followers: Vec::new(),
        presence,
        grace: host.grace(),
        host,
    };
    tokio::spawn(actor.run(rx));
    tx
}

struct RoomActor {
    id: String,
    code: String,
    room: Room,
    /// Brought back after a restart and no seated player back yet: the
    /// clocks stand still.
    held: bool,
    tokens: Vec<Option<String>>,
    expires: Option<Instant>,
    followers: Vec<Follower>,
    presence: Presence,
    grace: Duration,
    host: Arc<dyn RoomHost>,
}

/// A connection following the game, as the seat it holds or a spectator.
struct Follower {
    outbox: Outbox,
    seat: Option<u8>,
}

impl RoomActor {
    async fn run(mut self, mut mailbox: mpsc::Receiver<RoomRequest>) {
        let mut last_request = Instant::now();
        loop {
            if let Some((at, retire)) = self.retire_at(last_request) {
                let waited = tokio::time::timeout_at(at.into(), mailbox.recv()).await;
                match waited {
                    Ok(Some(request)) => {
                        if request.is_asked() {
                            last_request = Instant::now();
                        }
                        self.handle(request).await;
                        continue;
                    }
                    Ok(None) => break,
                    Err(_) if retire => return self.retire(mailbox).await,
                    // Followed still: look again later.
                    Err(_) => continue,
                }
            }
            let request = match self.deadline() {
                Some(deadline) => {
                    let next = mailbox.recv();
                    match tokio::time::timeout_at(deadline.into(), next).await {
                        Ok(request) => request,
                        Err(_) => {
                            self.deadline_passed().await;
                            continue;
                        }
                    }
                }
                None => mailbox.recv().await,
            };
            let Some(request) = request else { break };
            if request.is_asked() {
                last_request = Instant::now();
            }
            self.handle(request).await;
        }
    }

    /// The next moment the game changes by itself: a flag falls, or it
    /// expires, still waiting for players.
    fn deadline(&self) -> Option<Instant> {
        match (self.room.flag_deadline(), self.expiry_deadline()) {
            (Some(flag), Some(expiry)) => Some(flag.min(expiry)),
            (flag, expiry) => flag.or(expiry),
        }
    }

    fn expiry_deadline(&self) -> Option<Instant> {
        self.expires.filter(|_| self.room.expiry().is_some())
    }

    async fn deadline_passed(&mut self) {
        if self
            .expiry_deadline()
            .is_some_and(|at| at <= Instant::now())
        {
            self.expire().await;
        } else {
            self.check_flag(None).await;
        }
        // Still overdue: the store refused the end; try again in a
        // while, not at once.
        if self.deadline().is_some_and(|d| d <= Instant::now()) {
            tokio::time::sleep(RETRY).await;
        }
    }

    /// Ends the game as expired: its seats were not all taken in time.
    /// Its seek leaves the lobby, and its followers get the `ended` event.
    async fn expire(&mut self) {
        let Some(event) = self.room.expiry() else {
            return;
        };
        if let Err(reason) = self.store(vec![event], None, None).await {
            // Another server stored an event first (a player sat down, or
            // the same end): the game as it now is decides.
            if !self.catch_up() {
                eprintln!("variantarium serve: game {}: {reason}", self.id);
            }
        }
        // Told of the end, its followers have nothing more to hear from
        // it (no rematch for a game that never started): it may leave
        // memory.
        if self.room.ended().is_some() {
            self.followers.clear();
        }
    }

    /// For a finished game: when it leaves memory (`true`), or when to
    /// look again while someone follows it (`false`). A follower whose
    /// connection has ended without saying so (one seated here by a
    /// rematch) no longer counts.
    fn retire_at(&mut self, last_request: Instant) -> Option<(Instant, bool)> {
        self.room.ended()?;
        self.followers.retain(|f| !f.outbox.is_closed());
        let keep = self.host.keep_finished();
        if self.followers.is_empty() {
            Some((last_request + keep, true))
        } else {
            Some((Instant::now() + keep, false))
        }
    }

    /// Leaves memory: the lobby forgets this game (the next request for it
    /// reads it back from the store), and the requests already sent here
    /// are still answered.
    async fn retire(mut self, mut mailbox: mpsc::Receiver<RoomRequest>) {
        self.host.retire(&self.id, &self.code);
        mailbox.close();
        while let Some(request) = mailbox.recv().await {
            self.handle(request).await;
        }
    }

    async fn handle(&mut self, request: RoomRequest) {
        match request {
            RoomRequest::Act {
                token,
                request,
                outbox,
            } => {
                if !self.check_flag(Some(&outbox)).await {
                    self.act(&token, request, &outbox).await;
                }
            }
            RoomRequest::Join { seat, name, outbox } => self.join(seat, name, &outbox).await,
            RoomRequest::Follow {
                since,
                token,
                outbox,
            } => self.follow(since, token, outbox),
            RoomRequest::CatchUp { version } => {
                if version > self.room.version() {
                    self.catch_up();
                }
            }
            RoomRequest::Left { conn } => {
                self.followers.retain(|f| f.outbox.conn != conn);
                self.presence_changed();
            }
            // A finished game has nothing more to tell a connection that
            // has gone on to another game (a rematch offered here still
            // reaches the players who stay).
            RoomRequest::MovedOn { conn } if self.room.ended().is_some() => {
                self.followers.retain(|f| f.outbox.conn != conn);
            }
            RoomRequest::MovedOn { .. } => {}
            // The requests before it are done: each was stored and
            // answered in turn.
            RoomRequest::Flush { done } => {
                let _ = done.send(());
            }
        }
    }

    fn refuse(&self, outbox: &Outbox, reason: String) {
        outbox.refuse(Some(&self.id), reason);
    }

    /// Ends the game if the side to move is out of time; true if it was.
    async fn check_flag(&mut self, asking: Option<&Outbox>) -> bool {
        let Some(event) = self.room.flag_fall(Instant::now()) else {
            return false;
        };
        if let Err(reason) = self.store(vec![event], None, None).await {
            // Another server stored an event first: the same end, or a move
            // made in time, which goes on with the game.
            if !self.catch_up() {
                eprintln!("variantarium serve: game {}: {reason}", self.id);
            } else if self.room.ended().is_none() {
                return false;
            }
        }
        if let Some(outbox) = asking {
            self.refuse(outbox, "the game is over: time ran out".into());
        }
        true
    }

    fn seat_of(&self, token: &str) -> Option<u8> {
        self.tokens
            .iter()
            .position(|t| t.as_deref() == Some(token))
            .map(|s| s as u8)
    }

    async fn act(&mut self, token: &str, request: PlayerRequest, outbox: &Outbox) {
        let Some(seat) = self.seat_of(token) else {
            return self.refuse(outbox, "that token holds no seat in this game".into());
        };
        self.release();
        let action = match request {
            PlayerRequest::Move { ply, text } => Action::Move { seat, ply, text },
            PlayerRequest::Resign => Action::Resign { seat },
            PlayerRequest::OfferDraw => Action::OfferDraw { seat },
            PlayerRequest::DeclineDraw => Action::DeclineDraw { seat },
            PlayerRequest::Abort => Action::Abort { seat },
            PlayerRequest::Takeback => Action::Takeback { seat },
            PlayerRequest::AcceptTakeback => Action::AcceptTakeback { seat },
            PlayerRequest::DeclineTakeback => Action::DeclineTakeback { seat },
            PlayerRequest::ClaimWin => match self.claimable(seat) {
                Ok(gone) => Action::ClaimWin { seat, gone },
                Err(reason) => return self.refuse(outbox, reason),
            },
            // Every seat offered, and the server stopped before it made
            // the rematch: it makes it now.
            PlayerRequest::Rematch if self.room.rematch_due() => {
                return self.make_rematch(Some((seat, outbox))).await;
            }
            PlayerRequest::Rematch => Action::Rematch { seat },
            PlayerRequest::DeclineRematch => Action::DeclineRematch { seat },
        };
        for attempt in 0..2 {
            match self.room.decide(&action, Instant::now()) {
                // The player may have seen a move this copy has not yet
                // (it reached another server first).
                Err(_) if attempt == 0 && self.catch_up() => continue,
                Err(reason) => return self.refuse(outbox, reason),
                Ok(Decision::AlreadyPlayed { version }) => {
                    outbox.send(&ServerMessage::Ack {
                        game: self.id.clone(),
                        version,
                    });
                    return;
                }
                Ok(Decision::Events(events)) => {
                    match self.store(events, None, Some(outbox)).await {
                        Ok(()) if self.room.rematch_due() => {
                            return self.make_rematch(Some((seat, outbox))).await;
                        }
                        Ok(()) => return,
                        // Another server stored this number first.
                        Err(_) if attempt == 0 && self.catch_up() => continue,
                        Err(reason) => return self.refuse(outbox, reason),
                    }
                }
            }
        }
    }

    async fn join(&mut self, seat: Option<u8>, name: Option<String>, outbox: &Outbox) {
        let token = match random_hex(16) {
            Ok(token) => token,
            Err(reason) => return self.refuse(outbox, reason),
        };
        let mut taken = None;
        for attempt in 0..2 {
            let sit = Action::Sit {
                seat,
                name: name.clone(),
            };
            let decided = self.room.decide(&sit, Instant::now());
            let Ok(Decision::Events(events)) = decided else {
                let reason = decided.err().unwrap_or_else(|| "cannot sit".into());
                return self.refuse(outbox, reason);
            };
            let Some(GameEvent::SeatTaken { seat, .. }) = events.first().cloned() else {
                return self.refuse(outbox, "cannot sit".into());
            };
            match self.store(events, Some((seat, token.clone())), None).await {
                Ok(()) => {
                    taken = Some(seat);
                    break;
                }
                // Someone sat down through another server first.
                Err(_) if attempt == 0 && self.catch_up() => continue,
                Err(reason) => return self.refuse(outbox, reason),
            }
        }
        let Some(seat) = taken else { return };
        self.tokens[seat as usize] = Some(token.clone());
        let code = self.code.clone();
        outbox.send(&ServerMessage::Seated {
            game: self.id.clone(),
            code,
            seat,
            token: token.clone(),
        });
        self.follow(0, Some(token), outbox.clone());
    }

    fn follow(&mut self, since: u64, token: Option<String>, outbox: Outbox) {
        let seat = token.as_deref().map(|t| self.seat_of(t));
        if let Some(None) = seat {
            return self.refuse(&outbox, "that token holds no seat in this game".into());
        }
        let mut alive = true;
        for (version, event) in self.room.events_since(since) {
            alive &= outbox.send(&ServerMessage::Event {
                game: self.id.clone(),
                version,
                event: event.clone(),
            });
        }
        alive &= outbox.send(&ServerMessage::Following {
            game: self.id.clone(),
            version: self.room.version(),
            clock_ms: self.room.clock_now(Instant::now()),
        });
        if outbox.views {
            alive &= outbox.send(&ServerMessage::Board {
                game: self.id.clone(),
                board: Box::new(board_geometry(self.room.session())),
            });
            alive &= outbox.send(&self.position());
        }
        self.followers.retain(|f| f.outbox.conn != outbox.conn);
        if alive {
            self.followers.push(Follower {
                outbox: outbox.clone(),
                seat: seat.flatten(),
            });
        }
        self.presence_changed();
        self.tell_away(&outbox);
        if let Some(Some(_)) = seat {
            self.release();
        }
        if let Some(Some(seat)) = seat {
            self.pass_on_to_rematch(seat, &outbox);
        }
    }

    /// Commits the events, makes them part of the room, acknowledges them to
    /// `mover` and sends them to every follower.
    async fn store(
        &mut self,
        events: Vec<GameEvent>,
        seat: Option<(u8, String)>,
        mover: Option<&Outbox>,
    ) -> Result<(), String> {
        let first_version = self.room.version() + 1;
        let finished = events.iter().any(|e| matches!(e, GameEvent::Ended { .. }));
        let commit = Commit {
            game: self.id.clone(),
            new_game: None,
            seats: seat.into_iter().collect(),
            first_version,
            events: events.clone(),
            finished,
        };
        // Other steps of this game wait in the mailbox meanwhile.
        self.host.commit(commit).await?;
        let now = Instant::now();
        for event in &events {
            if let Err(reason) = self.room.apply(event.clone(), now) {
                // The rules accepted these events a moment ago in decide().
                eprintln!("variantarium serve: game {}: {reason}", self.id);
            }
        }
        if let Some(outbox) = mover {
            outbox.send(&ServerMessage::Ack {
                game: self.id.clone(),
                version: self.room.version(),
            });
        }
        self.broadcast(first_version, &events);
        let over = self.room.ended().is_some();
        let players = seated_names(self.room.names());
        self.host
            .seats_changed(&self.id, self.room.free_seats(), players, over);
        self.host
            .playing_changed(&self.id, self.room.listing(&self.id));
        Ok(())
    }

    /// Takes in the events the store has after this room's (stored by
    /// another server) and sends them to every follower; true if there
    /// were any.
    fn catch_up(&mut self) -> bool {
        let game = match self.host.load(&self.id) {
            Ok(Some(game)) => game,
            Ok(None) => return false,
            Err(reason) => {
                eprintln!("variantarium serve: game {}: {reason}", self.id);
                return false;
            }
        };
        let first_version = self.room.version() + 1;
        let new = game.events.get(first_version as usize - 1..).unwrap_or(&[]);
        let now = Instant::now();
        let mut applied = Vec::with_capacity(new.len());
        for event in new {
            if let Err(reason) = self.room.apply(event.clone(), now) {
                eprintln!("variantarium serve: game {}: {reason}", self.id);
                break;
            }
            applied.push(event.clone());
        }
        // The game moved on through another server: its clocks run.
        if !applied.is_empty() {
            self.held = false;
        }
        self.tokens = game.tokens;
        self.broadcast(first_version, &applied);
        let over = self.room.ended().is_some();
        let players = seated_names(self.room.names());
        self.host
            .seats_changed(&self.id, self.room.free_seats(), players, over);
        self.host
            .playing_changed(&self.id, self.room.listing(&self.id));
        !applied.is_empty()
    }

    fn broadcast(&mut self, first_version: u64, events: &[GameEvent]) {
        let id = &self.id;
        let moved = events.iter().any(|e| {
            matches!(
                e,
                GameEvent::Moved { .. } | GameEvent::TakenBack { .. } | GameEvent::Ended { .. }
            )
        });
        // Each message is written once for every follower; the position
        // (the mover's legal moves, in words) only if someone draws it.
        let position = (moved && self.followers.iter().any(|f| f.outbox.views))
            .then(|| to_json(&self.position()));
        let texts: Vec<String> = events
            .iter()
            .enumerate()
            .map(|(k, event)| {
                to_json(&ServerMessage::Event {
                    game: id.clone(),
                    version: first_version + k as u64,
                    event: event.clone(),
                })
            })
            .collect();
        self.followers.retain(|follower| {
            let outbox = &follower.outbox;
            let sent = texts.iter().all(|text| outbox.send_text(text.clone()));
            let wanted = position.as_ref().filter(|_| outbox.views);
            sent && wanted.is_none_or(|p| outbox.send_text(p.clone()))
        });
        self.presence_changed();
    }

    /// The game's position now, with the mover's legal moves, for the
    /// clients that draw the board from it.
    fn position(&self) -> ServerMessage {
        ServerMessage::Position {
            game: self.id.clone(),
            version: self.room.version(),
            position: Box::new(position_view(
                self.room.session(),
                self.room.ended().is_some(),
            )),
        }
    }

    /// A seated player is back after a restart: the clocks run again from
    /// now, and every follower is told.
    fn release(&mut self) {
        if !std::mem::take(&mut self.held) {
            return;
        }
        let now = Instant::now();
        self.room.release_clock(now);
        if self.room.ended().is_some() || !self.room.started() {
            return;
        }
        let resumed = ServerMessage::Resumed {
            game: self.id.clone(),
            clock_ms: self.room.clock_now(now),
        };
        for follower in &self.followers {
            follower.outbox.send(&resumed);
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
