//! What the whole server shares: the store, the running games by id and by
//! invite code, and the open seeks. Every game's own state lives in its
//! actor ([`super::actor`]); the lobby only finds it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use futures_util::future::BoxFuture;

use super::actor::{RunningGame, spawn_room};
use super::config::Limits;
use super::gate::Owner;
use super::host::{MadeRematch, RoomHost, seated_names};
use super::mailbox::{RoomHandle, RoomRequest};
use super::secret::{random_hex, random_seat, random_text};
use crate::net::batch::Committer;
use crate::net::protocol::{ClockSpec, GameEvent, Playing, Seek, ServerMessage, display_name};
use crate::net::room::{RematchPlan, Room};
use crate::net::store::{Commit, NewGame, Store, StoredGame, now_ms};

pub struct Lobby {
    /// The reads; the steps go through the store's writer, `committer`.
    store: Mutex<Box<dyn Store>>,
    committer: Committer,
    state: Mutex<LobbyState>,
    pub limits: Limits,
    /// Games that left memory since the allocator was last trimmed.
    pub retired: std::sync::atomic::AtomicUsize,
}

#[derive(Default)]
struct LobbyState {
    games: HashMap<String, RoomHandle>,
    codes: HashMap<String, String>,
    /// Games waiting for players: their seek, whether it is listed, and
    /// who created them (None after a restart).
    waiting: HashMap<String, (Seek, bool, Option<Owner>)>,
    /// The listed games, and those of them being played now.
    listed: std::collections::HashSet<String>,
    playing: HashMap<String, Playing>,
}

/// The sizes of the lobby's maps: what the server holds in memory beside
/// the games' actors.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LobbyCounts {
    /// Games running here (each an actor with its room).
    pub games: usize,
    /// Their invite codes.
    pub codes: usize,
    /// Games waiting for players.
    pub waiting: usize,
    /// Listed games, waiting or being played.
    pub listed: usize,
    /// Listed games being played.
    pub playing: usize,
}

/// A new game's request, as the client sent it.
pub struct NewGameRequest {
    pub variant: String,
    pub pawn: Option<String>,
    pub promotion: Option<String>,
    pub position: Option<String>,
    pub clock: Option<ClockSpec>,
    pub seat: Option<u8>,
    pub listed: bool,
    /// The creator's display name, as the client sent it.
    pub name: Option<String>,
}

impl Lobby {
    pub fn new(store: Box<dyn Store>, limits: Limits) -> Arc<Lobby> {
        Arc::new(Lobby {
            committer: store.committer(),
            store: Mutex::new(store),
            state: Mutex::new(LobbyState::default()),
            limits,
            retired: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    fn state(&self) -> MutexGuard<'_, LobbyState> {
        // A panic elsewhere cannot leave these maps half-changed: each
        // change is one insert or remove.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Every call of the store goes through here: it blocks (on a file, or
    /// on a database server's answer), so a runtime worker hands its other
    /// tasks on first; off the runtime's workers it simply runs.
    fn with_store<T>(&self, call: impl FnOnce(&mut dyn Store) -> T) -> T {
        tokio::task::block_in_place(|| {
            let mut store = self.store.lock().unwrap_or_else(|e| e.into_inner());
            call(store.as_mut())
        })
    }

    /// Stores a new game's first step, waiting for its batch: a runtime
    /// worker hands its other tasks on first.
    fn commit_new(&self, commit: Commit) -> Result<(), String> {
        let answers = tokio::task::block_in_place(|| self.committer.commit_together(vec![commit]));
        answers.into_iter().next().unwrap_or(Ok(()))
    }

    fn stored_game(&self, id: &str) -> Result<Option<StoredGame>, String> {
        self.with_store(|store| store.game(id))
    }

    /// Starts the actors of the games a store holds unfinished, but for
    /// the games waiting for players that expired meanwhile: those are
    /// ended (`expired`) and not started. How many were started.
    pub fn resume_all(self: &Arc<Self>) -> Result<usize, String> {
        let games = self.with_store(|store| store.unfinished())?;
        // Nobody is connected yet: every seat is away from now on.
        let now = Instant::now();
        let (expired, games): (Vec<StoredGame>, Vec<StoredGame>) = games
            .into_iter()
            .partition(|game| self.expires_at(game, now).is_some_and(|at| at <= now));
        let ends: Vec<Commit> = expired.iter().filter_map(expiry_commit).collect();
        if !ends.is_empty() {
            let answers = tokio::task::block_in_place(|| self.committer.commit_together(ends));
            if let Some(Err(reason)) = answers.into_iter().find(Result::is_err) {
                return Err(format!("cannot end the expired games: {reason}"));
            }
        }
        let count = games.len();
        for game in games {
            self.start_room(game, Some(now))?;
        }
        Ok(count)
    }

    /// When a game waiting for players expires (None for one whose seats
    /// are all taken): a while after it was made, or after `now` for a
    /// game stored without its making time.
    fn expires_at(&self, game: &StoredGame, now: Instant) -> Option<Instant> {
        if game.tokens.iter().all(Option::is_some) {
            return None;
        }
        let clock = match game.events.first() {
            Some(GameEvent::Created { clock, .. }) => *clock,
            _ => None,
        };
        let wait = self.limits.expiry(game.listed, clock);
        let age = game
            .created_ms
            .map_or(0, |made| now_ms().saturating_sub(made));
        let left = wait.saturating_sub(std::time::Duration::from_millis(age));
        // Too far to count: never.
        now.checked_add(left)
    }

    /// Starts a game's actor, unless one runs already (two requests for a
    /// game not yet running here may race to start it).
    fn start_room(
        self: &Arc<Self>,
        game: StoredGame,
        away_from: Option<Instant>,
    ) -> Result<RoomHandle, String> {
        if let Some(handle) = self.state().games.get(&game.id) {
            return Ok(handle.clone());
        }
        let room = Room::replay(&game.events, Instant::now())
            .map_err(|e| format!("game {}: {e}", game.id))?;
        let seek = seek_of(&game, &room);
        let playing = room.listing(&game.id);
        let mut state = self.state();
        if let Some(handle) = state.games.get(&game.id) {
            return Ok(handle.clone());
        }
        if let Some(seek) = seek {
            state
                .waiting
                .insert(game.id.clone(), (seek, game.listed, None));
        }
        if game.listed {
            state.listed.insert(game.id.clone());
            if let Some(playing) = playing {
                state.playing.insert(game.id.clone(), playing);
            }
        }
        let running = RunningGame {
            id: game.id.clone(),
            code: game.code.clone(),
            expires: self.expires_at(&game, Instant::now()),
            room,
            tokens: game.tokens,
            away_from,
        };
        let handle = spawn_room(running, Arc::clone(self) as Arc<dyn RoomHost>);
        state.codes.insert(game.code, game.id.clone());
        state.games.insert(game.id, handle.clone());
        Ok(handle)
    }

    /// A new game: stored with its creator's seat, then started.
    pub fn create(
        self: &Arc<Self>,
        request: NewGameRequest,
        owner: Owner,
    ) -> Result<(ServerMessage, RoomHandle), String> {
        let open = self
            .state()
            .waiting
            .values()
            .filter(|(_, _, by)| *by == Some(owner))
            .count();
        if open >= self.limits.open_games_per_address {
            return Err(format!(
                "at most {} games waiting for players at once",
                self.limits.open_games_per_address
            ));
        }
        let name = display_name(request.name.as_deref())?;
        let created = Room::created(
            &request.variant,
            request.pawn.as_deref(),
            request.promotion.as_deref(),
            request.position.as_deref(),
            request.clock,
        )?;
        let GameEvent::Created { sides, .. } = created else {
            return Err("a new game must start with `created`".into());
        };
        let seat = match request.seat {
            Some(s) if s >= sides => return Err(format!("no seat {s} in this game")),
            Some(s) => s,
            None => random_seat(sides)?,
        };
        let id = random_text(12)?;
        let code = random_text(10)?;
        let token = random_hex(16)?;
        let events = vec![created, GameEvent::SeatTaken { seat, name }];
        let created_ms = now_ms();
        self.commit_new(Commit {
            game: id.clone(),
            new_game: Some(NewGame {
                code: code.clone(),
                listed: request.listed,
                created_ms,
            }),
            seats: vec![(seat, token.clone())],
            first_version: 1,
            events: events.clone(),
            finished: false,
        })?;
        let mut tokens = vec![None; sides as usize];
        tokens[seat as usize] = Some(token.clone());
        let game = StoredGame {
            id: id.clone(),
            code: code.clone(),
            listed: request.listed,
            tokens,
            events,
            created_ms: Some(created_ms),
        };
        let handle = self.start_room(game, None)?;
        if let Some(entry) = self.state().waiting.get_mut(&id) {
            entry.2 = Some(owner);
        }
        let seated = ServerMessage::Seated {
            game: id,
            code,
            seat,
            token,
        };
        Ok((seated, handle))
    }

    /// A rematch: stored with every seat taken and its token, not listed,
    /// then started.
    fn make_rematch(self: &Arc<Self>, plan: RematchPlan) -> Result<MadeRematch, String> {
        let id = random_text(12)?;
        let code = random_text(10)?;
        let tokens = (0..plan.names.len())
            .map(|_| random_hex(16))
            .collect::<Result<Vec<String>, String>>()?;
        let mut events = vec![plan.created];
        for (seat, name) in plan.names.into_iter().enumerate() {
            let seat = seat as u8;
            events.push(GameEvent::SeatTaken { seat, name });
        }
        self.commit_new(Commit {
            game: id.clone(),
            new_game: Some(NewGame {
                code: code.clone(),
                listed: false,
                created_ms: now_ms(),
            }),
            seats: (0..).zip(tokens.iter().cloned()).collect(),
            first_version: 1,
            events: events.clone(),
            finished: false,
        })?;
        let game = StoredGame {
            id: id.clone(),
            code: code.clone(),
            listed: false,
            tokens: tokens.iter().cloned().map(Some).collect(),
            events,
            created_ms: None,
        };
        let handle = self.start_room(game, None)?;
        Ok(MadeRematch {
            id,
            code,
            tokens,
            handle,
        })
    }

    /// The running game with this id, started from the store if it is
    /// there but not running (a finished game, for spectators).
    pub fn room(self: &Arc<Self>, id: &str) -> Result<RoomHandle, String> {
        if let Some(handle) = self.state().games.get(id) {
            return Ok(handle.clone());
        }
        match self.stored_game(id)? {
            Some(game) => self.start_room(game, None),
            None => Err(format!("no game {id}")),
        }
    }

    /// The game with this invite code: running here, or started from the
    /// store (another server on the same database made it).
    pub fn room_by_code(self: &Arc<Self>, code: &str) -> Result<RoomHandle, String> {
        let running = {
            let state = self.state();
            let id = state.codes.get(code);
            id.and_then(|id| state.games.get(id)).cloned()
        };
        if let Some(handle) = running {
            return Ok(handle);
        }
        match self.with_store(|store| store.game_by_code(code))? {
            Some(game) => self.start_room(game, None),
            None => Err(format!("no game has the invite code '{code}'")),
        }
    }

    /// Another server (or this one) committed game `id` up to `version`:
    /// the game's actor, if it runs here, catches up.
    pub fn committed(&self, id: &str, version: u64) {
        let handle = self.state().games.get(id).cloned();
        if let Some(handle) = handle {
            tokio::spawn(async move { handle.send(RoomRequest::CatchUp { version }).await });
        }
    }

    /// Gives back the room of maps that held many more games at a busier
    /// time than now (a map keeps its capacity when entries leave).
    pub fn shrink_maps(&self) {
        fn shrink<K: std::hash::Hash + Eq, V>(map: &mut HashMap<K, V>) {
            if map.capacity() > 64 && map.len() < map.capacity() / 4 {
                map.shrink_to_fit();
            }
        }
        let mut state = self.state();
        shrink(&mut state.games);
        shrink(&mut state.codes);
        shrink(&mut state.waiting);
        shrink(&mut state.playing);
        if state.listed.capacity() > 64 && state.listed.len() < state.listed.capacity() / 4 {
            state.listed.shrink_to_fit();
        }
    }

    /// How many entries each of the lobby's maps holds.
    pub fn counts(&self) -> LobbyCounts {
        let state = self.state();
        LobbyCounts {
            games: state.games.len(),
            codes: state.codes.len(),
            waiting: state.waiting.len(),
            listed: state.listed.len(),
            playing: state.playing.len(),
        }
    }

    /// The mailboxes of every game running here.
    pub fn running(&self) -> Vec<RoomHandle> {
        self.state().games.values().cloned().collect()
    }

    /// Notices may have been missed: every game running here checks the
    /// store.
    pub fn catch_up_all(&self) {
        let handles: Vec<RoomHandle> = self.state().games.values().cloned().collect();
        for handle in handles {
            let version = u64::MAX;
            tokio::spawn(async move { handle.send(RoomRequest::CatchUp { version }).await });
        }
    }

    /// The listed games being played here now, the longest first.
    pub fn playing(&self) -> Vec<Playing> {
        let mut games: Vec<Playing> = self.state().playing.values().cloned().collect();
        games.sort_by(|a, b| b.ply.cmp(&a.ply).then_with(|| a.game.cmp(&b.game)));
        games.truncate(MAX_PLAYING_LISTED);
        games
    }

    /// The listed games waiting for players, as the store has them (those
    /// of every server on the database); this server's own if the store
    /// cannot answer.
    pub fn seeks(&self) -> Vec<Seek> {
        let stored = self.with_store(|store| store.listed_waiting());
        let mut seeks: Vec<Seek> = match stored {
            Ok(games) => games
                .iter()
                .filter_map(|game| {
                    let room = Room::replay(&game.events, Instant::now()).ok()?;
                    seek_of(game, &room)
                })
                .collect(),
            Err(reason) => {
                eprintln!("variantarium serve: the open seeks: {reason}");
                self.state()
                    .waiting
                    .values()
                    .filter(|(_, listed, _)| *listed)
                    .map(|(seek, _, _)| seek.clone())
                    .collect()
            }
        };
        seeks.retain(|seek| !seek.free_seats.is_empty());
        seeks.sort_by(|a, b| a.code.cmp(&b.code));
        seeks
    }
}

/// The step that ends a stored game waiting for players as expired.
fn expiry_commit(game: &StoredGame) -> Option<Commit> {
    let room = Room::replay(&game.events, Instant::now()).ok()?;
    Some(Commit {
        game: game.id.clone(),
        new_game: None,
        seats: Vec::new(),
        first_version: room.version() + 1,
        events: vec![room.expiry()?],
        finished: true,
    })
}

/// The seek of a game waiting for players (None once it is over or every
/// seat is taken).
fn seek_of(game: &StoredGame, room: &Room) -> Option<Seek> {
    let free = room.free_seats();
    if room.ended().is_some() || free.is_empty() {
        return None;
    }
    let Some(GameEvent::Created {
        variant,
        pawn,
        promotion,
        position,
        clock,
        ..
    }) = game.events.first()
    else {
        return None;
    };
    Some(Seek {
        code: game.code.clone(),
        variant: variant.clone(),
        pawn: pawn.clone(),
        promotion: promotion.clone(),
        position: position.clone(),
        clock: *clock,
        free_seats: free,
        players: seated_names(room.names()),
    })
}

/// The most games being played that the lobby lists at once.
const MAX_PLAYING_LISTED: usize = 50;

impl RoomHost for Lobby {
    fn grace(&self) -> std::time::Duration {
        self.limits.grace
    }

    fn keep_finished(&self) -> std::time::Duration {
        self.limits.keep_finished
    }

    fn retire(&self, id: &str, code: &str) {
        let mut state = self.state();
        state.games.remove(id);
        state.codes.remove(code);
        state.waiting.remove(id);
        self.retired
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    fn rematch(self: Arc<Self>, plan: RematchPlan) -> Result<MadeRematch, String> {
        self.make_rematch(plan)
    }

    fn open(self: Arc<Self>, id: &str) -> Result<RoomHandle, String> {
        self.room(id)
    }

    fn commit(&self, commit: Commit) -> BoxFuture<'static, Result<(), String>> {
        self.committer.commit(commit)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, String> {
        self.stored_game(id)
    }

    fn playing_changed(&self, id: &str, playing: Option<Playing>) {
        let mut state = self.state();
        match playing {
            Some(playing) if state.listed.contains(id) => {
                state.playing.insert(id.to_string(), playing);
            }
            _ => {
                state.playing.remove(id);
            }
        }
    }

    /// A game's seats changed: its seek lists `free`, or goes when none is
    /// left or the game is over.
    fn seats_changed(&self, id: &str, free: Vec<u8>, players: Vec<String>, over: bool) {
        let mut state = self.state();
        if over {
            state.listed.remove(id);
        }
        if free.is_empty() || over {
            state.waiting.remove(id);
        } else if let Some(entry) = state.waiting.get_mut(id) {
            entry.0.free_seats = free;
            entry.0.players = players;
        }
    }
}
