//! The bots: each is one WebSocket connection speaking the server's
//! protocol. Two bots make a game: one creates it, the other joins it by
//! its invite code; then each plays random legal moves on its turn until
//! the game ends by the rules or reaches the move cap, where the side to
//! move resigns. The mover notes when it sent each move, and its opponent
//! how long after that the `moved` event reached it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

use variantarium::net::client::GameView;
use variantarium::net::player::SeatTicket;
use variantarium::net::protocol::{
    ClientMessage, GameEvent, PROTOCOL_VERSION, ServerMessage, to_json,
};
use variantarium::rules::random::Rng;

type Socket = WebSocketStream<TcpStream>;

/// What every bot of a run is told.
pub struct Plan {
    pub addr: String,
    pub variant: String,
    /// Moves after which the side to move resigns.
    pub plies: usize,
    /// The longest any one read waits.
    pub wait: Duration,
    /// A bot thinks a random time from 0 to twice this before each move.
    pub think: Duration,
    /// Whether the bots are sent the views a browser draws from.
    pub views: bool,
    /// When a soak run ends: no new game is started after it.
    pub until: Option<Instant>,
    /// Counts and latencies as they come, for a soak run's samples.
    pub live: Arc<crate::monitor::Live>,
}

/// A game's two bots, connected, and seated in their current game.
pub struct Pair {
    sockets: [Socket; 2],
    tickets: [SeatTicket; 2],
    /// When each ply's move of the current game was sent, by ply.
    sent: SentTimes,
}

struct SentTimes(Mutex<Vec<Option<Instant>>>);

/// What one bot did in one game.
#[derive(Default)]
pub struct Played {
    /// Moves this bot sent.
    pub moves: usize,
    /// For each of the opponent's moves: microseconds from its sending to
    /// this bot reading the `moved` event.
    pub latencies_us: Vec<u64>,
    /// How the game ended, as the server words it (seat 0's bot only, so
    /// that each game is counted once).
    pub ended: Option<String>,
}

/// The most messages one bot reads in a game (a game of `plies` moves
/// sends each bot about two per move).
const MAX_MESSAGES: usize = 100_000;

/// Connects a game's two bots and seats them in their first game. `gate`
/// bounds how many connections are being opened at once.
pub async fn open_pair(plan: &Plan, gate: &Semaphore) -> Result<Pair, String> {
    let creator = connect(plan, gate).await?;
    let joiner = connect(plan, gate).await?;
    let mut pair = Pair {
        sockets: [creator, joiner],
        tickets: [none(), none()],
        sent: SentTimes(Mutex::new(Vec::new())),
    };
    pair.seat(plan).await?;
    Ok(pair)
}

fn none() -> SeatTicket {
    SeatTicket {
        game: String::new(),
        code: String::new(),
        seat: 0,
        token: String::new(),
    }
}

impl Pair {
    /// A new game: the first bot creates it (as White, unlisted), the
    /// second joins it with its code.
    async fn seat(&mut self, plan: &Plan) -> Result<(), String> {
        let [creator, joiner] = &mut self.sockets;
        let create = ClientMessage::Create {
            variant: plan.variant.clone(),
            pawn: None,
            promotion: None,
            position: None,
            clock: None,
            seat: Some(0),
            listed: false,
            name: None,
        };
        send(creator, &create).await?;
        let first = await_seat(creator, plan.wait).await?;
        let join = ClientMessage::Join {
            code: first.code.clone(),
            seat: None,
            name: None,
        };
        send(joiner, &join).await?;
        self.tickets = [first, await_seat(joiner, plan.wait).await?];
        self.sent = SentTimes(Mutex::new(vec![None; plan.plies]));
        Ok(())
    }
}

/// Plays the pair's game to its end, then `games - 1` more one after
/// another on the same connections, the moves drawn from `seed`; each
/// game's two records.
pub async fn play_games(
    mut pair: Pair,
    plan: Arc<Plan>,
    seed: u64,
    games: usize,
) -> Result<Vec<Played>, String> {
    let mut rngs = [Rng::new(seed), Rng::new(seed ^ 0x5eed)];
    let mut all = Vec::new();
    for round in 0..games {
        if round > 0 && plan.until.is_some_and(|end| Instant::now() >= end) {
            break;
        }
        if round > 0 {
            pair.seat(&plan).await?;
        }
        let ([a, b], [ra, rb]) = (&mut pair.sockets, &mut rngs);
        let (first, second) = futures_util::future::try_join(
            play(a, &pair.tickets[0], &pair.sent, &plan, ra),
            play(b, &pair.tickets[1], &pair.sent, &plan, rb),
        )
        .await?;
        all.extend([first, second]);
    }
    for socket in &mut pair.sockets {
        let _ = socket.close(None).await;
    }
    Ok(all)
}

/// A WebSocket to the server, past its `welcome`.
async fn connect(plan: &Plan, gate: &Semaphore) -> Result<Socket, String> {
    let _permit = gate.acquire().await.map_err(|e| e.to_string())?;
    let opening = async {
        let stream = TcpStream::connect(&plan.addr)
            .await
            .map_err(|e| format!("cannot connect to {}: {e}", plan.addr))?;
        let _ = stream.set_nodelay(true);
        // The bots replay the events themselves, as the window does,
        // unless they stand for browsers.
        let query = if plan.views { "" } else { "?views=0" };
        let url = format!("ws://{}/{query}", plan.addr);
        let (mut socket, _) = tokio_tungstenite::client_async(url, stream)
            .await
            .map_err(|e| format!("cannot open a WebSocket to {}: {e}", plan.addr))?;
        match recv(&mut socket, plan.wait).await? {
            ServerMessage::Welcome { protocol } if protocol == PROTOCOL_VERSION => Ok(socket),
            other => Err(format!("the server did not welcome us: {other:?}")),
        }
    };
    tokio::time::timeout(plan.wait, opening)
        .await
        .map_err(|_| format!("no welcome from {} in {:?}", plan.addr, plan.wait))?
}

async fn send(socket: &mut Socket, message: &ClientMessage) -> Result<(), String> {
    socket
        .send(Message::text(to_json(message)))
        .await
        .map_err(|e| format!("connection lost: {e}"))
}

/// The next message from the server, within `wait`.
async fn recv(socket: &mut Socket, wait: Duration) -> Result<ServerMessage, String> {
    for _ in 0..1000 {
        let frame = tokio::time::timeout(wait, socket.next())
            .await
            .map_err(|_| format!("no message from the server in {wait:?}"))?;
        match frame {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(text.as_str())
                    .map_err(|e| format!("the server sent a bad message: {e}"));
            }
            Some(Ok(Message::Close(_))) | None => {
                return Err("the server closed the connection".into());
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(format!("connection lost: {e}")),
        }
    }
    Err("the server sent only control frames".into())
}

async fn await_seat(socket: &mut Socket, wait: Duration) -> Result<SeatTicket, String> {
    for _ in 0..100 {
        let message = recv(socket, wait).await?;
        if let Some(ticket) = SeatTicket::given_by(&message) {
            return Ok(ticket);
        }
        if let ServerMessage::Refused { reason, .. } = message {
            return Err(format!("refused: {reason}"));
        }
    }
    Err("the server did not seat us".into())
}

/// Plays one bot's seat of the pair's current game to its end.
async fn play(
    socket: &mut Socket,
    ticket: &SeatTicket,
    sent: &SentTimes,
    plan: &Plan,
    rng: &mut Rng,
) -> Result<Played, String> {
    let mut view: Option<GameView> = None;
    // Moves wait until the server has sent every event so far.
    let mut caught_up = false;
    let mut sent_for: Option<usize> = None;
    let mut played = Played::default();
    for _ in 0..MAX_MESSAGES {
        if let Some(v) = view.as_ref().filter(|_| caught_up) {
            if v.ended.is_some() {
                played.ended = v.ended.clone().filter(|_| ticket.seat == 0);
                if ticket.seat == 0 {
                    plan.live.game_over();
                }
                return Ok(played);
            }
            let ply = v.session.ply_count();
            if my_turn(v, ticket.seat) && sent_for != Some(ply) {
                if !plan.think.is_zero() {
                    let most = plan.think.as_millis() as usize * 2;
                    let pause = Duration::from_millis(rng.below(most + 1) as u64);
                    tokio::time::sleep(pause).await;
                }
                let message = turn(v, ticket, sent, plan, rng, &mut played)?;
                send(socket, &message).await?;
                sent_for = Some(ply);
            }
        }
        match recv(socket, plan.wait).await? {
            ServerMessage::Following { game, .. } if game == ticket.game => caught_up = true,
            ServerMessage::Event {
                game,
                version,
                event,
            } if game == ticket.game => {
                if let GameEvent::Moved { ply, .. } = &event
                    && sent_for != Some(*ply as usize)
                {
                    note_latency(sent, *ply as usize, &mut played, &plan.live);
                }
                take_event(&mut view, &game, version, &event)?;
            }
            ServerMessage::Refused { reason, .. } => return Err(format!("refused: {reason}")),
            _ => {}
        }
    }
    Err(format!(
        "game {}: no end after {MAX_MESSAGES} messages",
        ticket.game
    ))
}

fn my_turn(view: &GameView, seat: u8) -> bool {
    view.started() && view.session.outcome().is_none() && view.session.side_to_move().0 == seat
}

/// This bot's message on its turn: a random legal move, or its
/// resignation at the cap. A move's sending time is noted here.
fn turn(
    view: &GameView,
    ticket: &SeatTicket,
    sent: &SentTimes,
    plan: &Plan,
    rng: &mut Rng,
    played: &mut Played,
) -> Result<ClientMessage, String> {
    let (game, token) = (ticket.game.clone(), ticket.token.clone());
    let ply = view.session.ply_count();
    if ply >= plan.plies {
        return Ok(ClientMessage::Resign { game, token });
    }
    let moves = view.session.legal_moves();
    if moves.is_empty() {
        return Err(format!("game {game}: no legal move and no end"));
    }
    let text = moves[rng.below(moves.len())].text.clone();
    sent.0.lock().map_err(|e| e.to_string())?[ply] = Some(Instant::now());
    played.moves += 1;
    plan.live.moved();
    Ok(ClientMessage::Move {
        game,
        token,
        ply: ply as u32,
        text,
    })
}

fn note_latency(sent: &SentTimes, ply: usize, played: &mut Played, live: &crate::monitor::Live) {
    let at = sent
        .0
        .lock()
        .ok()
        .and_then(|times| times.get(ply).copied().flatten());
    if let Some(at) = at {
        let us = at.elapsed().as_micros() as u64;
        played.latencies_us.push(us);
        live.latency(us);
    }
}

fn take_event(
    view: &mut Option<GameView>,
    game: &str,
    version: u64,
    event: &GameEvent,
) -> Result<(), String> {
    match view {
        Some(v) => v.apply(version, event).map(|_| ()),
        None if version == 1 => {
            *view = Some(GameView::new(game, event)?);
            Ok(())
        }
        None => Err(format!("game {game}: event {version} before event 1")),
    }
}
