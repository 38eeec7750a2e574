//! A blocking client on one plain WebSocket (tungstenite, no async
//! runtime), meant to run on a thread of its own: the bot plays through
//! it, and the window's online mode talks to it through channels as it does
//! to the computer player.
//!
//! [`Client`] sends and receives messages; [`GameView`] follows one game
//! from its events, with its own rules session, so a player knows whose
//! turn it is and a spectator sees what the server saw.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

use super::address::{ADDRESS_FORM, server_address};
use super::protocol::{ClientMessage, ClockSpec, GameEvent, ServerMessage};
use super::room::{Room, game_session};
use crate::rules::session::Session;

/// The largest message the client takes from a server (a long seek list).
const SERVER_MESSAGE_LIMIT: usize = 1 << 20;

pub struct Client {
    socket: WebSocket<TcpStream>,
    /// The longest a read blocks, as `connect` was told.
    wait: Duration,
}

impl Client {
    /// Connects to a server (`HOST:PORT` or `ws://HOST:PORT`) and reads its
    /// welcome; `wait` is the longest any later read blocks before it fails.
    /// The client replays the events itself: it asks for no `board` or
    /// `position` messages.
    pub fn connect(typed: &str, wait: Duration) -> Result<Client, String> {
        Client::open(typed, wait, false)
    }

    /// Connects as [`Client::connect`] does, and is also sent the `board`
    /// and `position` messages a browser draws from.
    pub fn connect_with_views(typed: &str, wait: Duration) -> Result<Client, String> {
        Client::open(typed, wait, true)
    }

    fn open(typed: &str, wait: Duration, views: bool) -> Result<Client, String> {
        let addr = server_address(typed)
            .map_err(|e| format!("the server's address must be {ADDRESS_FORM}: {e}"))?;
        let addr = addr.as_str();
        let target = addr
            .to_socket_addrs()
            .map_err(|e| format!("cannot find {addr}: {e}"))?
            .next()
            .ok_or_else(|| format!("cannot find {addr}"))?;
        let stream = TcpStream::connect_timeout(&target, wait)
            .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        let _ = stream.set_nodelay(true);
        stream
            .set_read_timeout(Some(wait))
            .and_then(|()| stream.set_write_timeout(Some(wait)))
            .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        let config = WebSocketConfig::default()
            .max_message_size(Some(SERVER_MESSAGE_LIMIT))
            .max_frame_size(Some(SERVER_MESSAGE_LIMIT));
        let url = if views {
            format!("ws://{addr}/")
        } else {
            format!("ws://{addr}/?views=0")
        };
        let (socket, _) = tungstenite::client::client_with_config(url, stream, Some(config))
            .map_err(|e| format!("cannot open a WebSocket to {addr}: {e}"))?;
        let mut client = Client { socket, wait };
        match client.recv()? {
            ServerMessage::Welcome { protocol }
                if protocol == super::protocol::PROTOCOL_VERSION =>
            {
                Ok(client)
            }
            other => Err(format!("the server did not welcome us: {other:?}")),
        }
    }

    pub fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.send_text(&super::protocol::to_json(message))
    }

    /// Sends any text as a message (tests send malformed ones).
    pub fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.socket
            .send(Message::text(text))
            .map_err(|e| format!("connection lost: {e}"))
    }

    /// Sends raw bytes as a binary message.
    pub fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.socket
            .send(Message::binary(bytes))
            .map_err(|e| format!("connection lost: {e}"))
    }

    /// The next message from the server; an error when the connection
    /// closed, broke, or stayed silent longer than the wait.
    pub fn recv(&mut self) -> Result<ServerMessage, String> {
        // Pings and pongs are answered by tungstenite; a bounded number of
        // them in a row is all a well-behaved server sends.
        self.recv_raw()
            .map_err(|e| format!("connection lost: {e}"))?
    }

    /// The next message if one comes within `wait` (None when none did:
    /// the connection stays open), so that a thread can also listen to
    /// others between reads. Later reads block as long as before.
    pub fn recv_within(&mut self, wait: Duration) -> Result<Option<ServerMessage>, String> {
        let stream = self.socket.get_ref();
        // A zero timeout would mean "block forever".
        let _ = stream.set_read_timeout(Some(wait.max(Duration::from_millis(1))));
        let read = self.recv_raw();
        let _ = self.socket.get_ref().set_read_timeout(Some(self.wait));
        match read {
            Ok(message) => message.map(Some),
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(format!("connection lost: {e}")),
        }
    }

    /// One text message read (control frames are answered on the way), or
    /// the socket's own error.
    fn recv_raw(&mut self) -> Result<Result<ServerMessage, String>, tungstenite::Error> {
        for _ in 0..1000 {
            match self.socket.read()? {
                Message::Text(text) => {
                    return Ok(serde_json::from_str(text.as_str())
                        .map_err(|e| format!("the server sent a bad message: {e}")));
                }
                Message::Close(Some(frame)) => {
                    let (code, reason) = (u16::from(frame.code), frame.reason);
                    return Ok(Err(format!(
                        "the server closed the connection ({code}): {reason}"
                    )));
                }
                Message::Close(None) => return Ok(Err("the server closed the connection".into())),
                _ => {}
            }
        }
        Ok(Err("the server sent only control frames".into()))
    }

    /// Closes the connection politely.
    pub fn close(mut self) {
        let _ = self.socket.close(None);
        let _ = self.socket.flush();
    }

    /// Drops the connection without a goodbye, as a cut cable would.
    pub fn cut(self) {
        let _ = self.socket.get_ref().shutdown(std::net::Shutdown::Both);
    }
}

/// One game as its events tell it, on the client's side.
pub struct GameView {
    pub game: String,
    /// The number of the last event seen.
    pub version: u64,
    pub variant: String,
    pub pawn: Option<String>,
    pub promotion: Option<String>,
    /// The position text the game started from, when not its own start.
    pub position: Option<String>,
    pub clock: Option<ClockSpec>,
    pub sides: u8,
    pub seats_taken: Vec<bool>,
    /// Each seat's display name, if its player gave one.
    pub names: Vec<Option<String>>,
    pub session: Box<dyn Session>,
    /// Each side's time left after the last move, in a timed game.
    pub clock_ms: Option<Vec<u64>>,
    pub draw_offers: Vec<u8>,
    /// The seat that asked for a takeback not yet answered, and the seats
    /// that have accepted it.
    pub takeback: Option<(u8, Vec<u8>)>,
    /// The result, once the game is over (see [`GameEvent::Ended`]).
    pub ended: Option<String>,
    /// After the end: the seats that offered a rematch, and the rematch's
    /// game id and invite code once it is made.
    pub rematch_offers: Vec<u8>,
    pub rematch: Option<(String, String)>,
}

impl GameView {
    /// A view from the game's first event.
    pub fn new(game: &str, created: &GameEvent) -> Result<GameView, String> {
        let GameEvent::Created {
            variant,
            pawn,
            promotion,
            position,
            sides,
            clock,
        } = created
        else {
            return Err(format!("game {game}: its first event is not `created`"));
        };
        // Room::new checks the event as the server does, and makes the
        // game's session at its start.
        let session = Room::new(created)?.into_session();
        Ok(GameView {
            game: game.to_string(),
            version: 1,
            variant: variant.clone(),
            pawn: pawn.clone(),
            promotion: promotion.clone(),
            position: position.clone(),
            clock: *clock,
            sides: *sides,
            seats_taken: vec![false; *sides as usize],
            names: vec![None; *sides as usize],
            session,
            clock_ms: None,
            draw_offers: Vec::new(),
            takeback: None,
            ended: None,
            rematch_offers: Vec::new(),
            rematch: None,
        })
    }

    pub fn started(&self) -> bool {
        self.seats_taken.iter().all(|&t| t)
    }

    /// The game back at `ply` moves, as the server took it back: the moves
    /// before replayed from the start.
    fn take_back(&mut self, ply: u32, clock_ms: &Option<Vec<u64>>) -> Result<(), String> {
        let moves = self.session.moves();
        let kept = moves
            .get(..ply as usize)
            .ok_or("a takeback past the start")?;
        let mut session = game_session(
            &self.variant,
            self.pawn.as_deref(),
            self.promotion.as_deref(),
            self.position.as_deref(),
        )?;
        for text in kept {
            session.play(text).map_err(|e| e.to_string())?;
        }
        self.session = session;
        self.clock_ms = clock_ms.clone();
        self.draw_offers.clear();
        self.takeback = None;
        Ok(())
    }

    /// Takes in an event: false for one already seen, an error for one
    /// that skips a number or that the rules refuse.
    pub fn apply(&mut self, version: u64, event: &GameEvent) -> Result<bool, String> {
        if version <= self.version {
            return Ok(false);
        }
        if version != self.version + 1 {
            return Err(format!(
                "game {}: event {version} after {}",
                self.game, self.version
            ));
        }
        match event {
            GameEvent::Created { .. } => return Err("a second `created` event".into()),
            GameEvent::SeatTaken { seat, name } => {
                if let Some(taken) = self.seats_taken.get_mut(*seat as usize) {
                    *taken = true;
                    self.names[*seat as usize] = name.clone();
                }
            }
            GameEvent::Moved { text, clock_ms, .. } => {
                self.session.play(text).map_err(|e| e.to_string())?;
                self.clock_ms = clock_ms.clone();
                self.draw_offers.clear();
                self.takeback = None;
            }
            GameEvent::DrawOffered { seat } => self.draw_offers.push(*seat),
            GameEvent::DrawDeclined { .. } => self.draw_offers.clear(),
            GameEvent::TakebackAsked { seat, .. } => self.takeback = Some((*seat, Vec::new())),
            GameEvent::TakebackAccepted { seat } => {
                if let Some((_, accepted)) = self.takeback.as_mut() {
                    accepted.push(*seat);
                }
            }
            GameEvent::TakebackDeclined { .. } => self.takeback = None,
            GameEvent::TakenBack { ply, clock_ms } => self.take_back(*ply, clock_ms)?,
            GameEvent::RematchOffered { seat } => self.rematch_offers.push(*seat),
            GameEvent::RematchDeclined { .. } => self.rematch_offers.clear(),
            GameEvent::Rematched { game, code } => {
                self.rematch = Some((game.clone(), code.clone()))
            }
            GameEvent::Ended { status, clock_ms } => {
                self.ended = Some(status.clone());
                if clock_ms.is_some() {
                    self.clock_ms = clock_ms.clone();
                }
            }
        }
        self.version = version;
        Ok(true)
    }
}
