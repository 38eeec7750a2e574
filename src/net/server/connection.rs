//! One task per connection: it reads the client's messages, checks their
//! size, rate and form, and passes each to the lobby or to its game's
//! actor. A bad message gets a `refused` answer; a connection that breaks
//! the protocol, keeps over the rate or stays silent is closed with a close
//! frame that says why, after the replies already due to it. Nothing a
//! client sends can stop the server or another game.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use futures_util::stream::SplitStream;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{oneshot, watch};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as SocketError, Message, Utf8Bytes};

use super::config::{Limits, RateLimit};
use super::gate::Owner;
use super::lobby::{Lobby, NewGameRequest};
use super::mailbox::{PlayerRequest, RoomHandle, RoomRequest};
use super::outbox::Outbox;
use super::writer::{Writer, linger};
use crate::net::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage, display_name};

/// Messages over the rate in a row after which the connection is closed.
const MAX_STRIKES: u32 = 50;

/// Why a connection ends.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ending {
    /// The client closed it, or it broke: nobody to tell.
    Gone,
    TooBig,
    OverRate,
    /// Not a WebSocket as the standard has it (unmasked, bad UTF-8...).
    BadFrames,
    /// Nothing heard, not even a pong, for the idle timeout.
    Silent,
    Shutdown,
}

impl Ending {
    fn from_error(error: &SocketError) -> Ending {
        match error {
            SocketError::Capacity(_) => Ending::TooBig,
            SocketError::Protocol(_) | SocketError::Utf8(_) => Ending::BadFrames,
            _ => Ending::Gone,
        }
    }

    /// The close frame that tells the client why, if it can still hear.
    fn close_frame(self, limits: &Limits) -> Option<CloseFrame> {
        let (code, reason) = match self {
            Ending::Gone => return None,
            Ending::TooBig => (
                CloseCode::Size,
                format!(
                    "message too big: at most {} bytes",
                    limits.max_message_bytes
                ),
            ),
            Ending::OverRate => (CloseCode::Policy, "too many messages".to_string()),
            Ending::BadFrames => (CloseCode::Protocol, "not a valid WebSocket frame".into()),
            Ending::Silent => (
                CloseCode::Away,
                format!("nothing heard for {} s", limits.idle_timeout.as_secs()),
            ),
            Ending::Shutdown => (CloseCode::Away, "the server is shutting down".to_string()),
        };
        Some(CloseFrame {
            code,
            reason: Utf8Bytes::from(reason),
        })
    }
}

type Source<S> = SplitStream<WebSocketStream<S>>;

/// Serves one WebSocket until it ends, then closes it saying why, after
/// the replies to everything it asked.
pub async fn serve_connection<S>(
    socket: WebSocketStream<S>,
    lobby: Arc<Lobby>,
    conn: u64,
    peer: IpAddr,
    views: bool,
    mut shutdown: watch::Receiver<bool>,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let limits = lobby.limits;
    let (sink, mut source) = socket.split();
    let (outbox, queue) = Outbox::new(conn, views);
    let writer = Writer::spawn(sink, queue);
    outbox.send(&ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
    });
    let mut reader = Reader {
        rate: RateLimit::new(limits),
        strikes: 0,
        rooms: Vec::new(),
        owner: Owner::of(peer, conn, &limits),
        lobby,
        outbox,
    };
    let ending = reader.read(&mut source, &writer, &mut shutdown).await;
    let close = ending.close_frame(&limits);
    if close.is_some() {
        reader.flush_rooms(limits.shutdown_wait).await;
    }
    let sink = writer.finish(close, limits.shutdown_wait).await;
    // Each game this connection spoke to hears that it has ended, so that
    // a seat left without a connection is known at once.
    for room in reader.rooms {
        let _ = room.send(RoomRequest::Left { conn }).await;
    }
    if ending != Ending::Gone
        && let Some(socket) = sink.and_then(|sink| source.reunite(sink).ok())
    {
        linger(socket).await;
    }
}

/// A connection's reading side: it checks each message's size, rate and
/// form and passes it on.
struct Reader {
    rate: RateLimit,
    strikes: u32,
    /// The games this connection has spoken to.
    rooms: Vec<RoomHandle>,
    /// Who the games it creates count against.
    owner: Owner,
    lobby: Arc<Lobby>,
    outbox: Outbox,
}

impl Reader {
    /// Reads until the connection ends, pinging it when it is silent.
    async fn read<S>(
        &mut self,
        source: &mut Source<S>,
        writer: &Writer<S>,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Ending
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let limits = self.lobby.limits;
        let mut heard = Instant::now();
        let mut pinged = false;
        loop {
            let wake = if pinged {
                heard + limits.idle_timeout
            } else {
                heard + limits.ping_interval.min(limits.idle_timeout)
            };
            let read = tokio::select! {
                biased;
                _ = shutdown.wait_for(|stop| *stop) => return Ending::Shutdown,
                read = tokio::time::timeout_at(wake.into(), source.next()) => read,
            };
            let frame = match read {
                Err(_) if pinged => return Ending::Silent,
                Err(_) => {
                    writer.ping();
                    pinged = true;
                    continue;
                }
                Ok(None) => return Ending::Gone,
                Ok(Some(Err(error))) => return Ending::from_error(&error),
                Ok(Some(Ok(frame))) => frame,
            };
            heard = Instant::now();
            pinged = false;
            match frame {
                Message::Text(text) => {
                    if let Err(ending) = self.take(text.as_str()).await {
                        return ending;
                    }
                }
                Message::Binary(_) => {
                    self.outbox
                        .refuse(None, "messages are JSON text frames".into());
                }
                Message::Close(_) => return Ending::Gone,
                _ => {}
            }
        }
    }

    /// One text message: within the rate, parsed, passed on.
    async fn take(&mut self, text: &str) -> Result<(), Ending> {
        if !self.rate.take(Instant::now()) {
            self.strikes += 1;
            if self.strikes > MAX_STRIKES {
                return Err(Ending::OverRate);
            }
            self.outbox
                .refuse(None, "too many messages: slow down".into());
            return Ok(());
        }
        self.strikes = 0;
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(message) => {
                let follows = matches!(
                    message,
                    ClientMessage::Create { .. }
                        | ClientMessage::Join { .. }
                        | ClientMessage::Watch { .. }
                        | ClientMessage::Resume { .. }
                );
                if let Some(room) = handle(message, &self.lobby, &self.outbox, self.owner).await {
                    self.spoke_to(room, follows).await;
                }
            }
            Err(e) => self.outbox.refuse(None, format!("bad message: {e}")),
        }
        Ok(())
    }

    /// Notes a game this connection spoke to. Following it, the
    /// connection leaves the finished games it followed, so that they may
    /// leave memory; the games that have left it are forgotten here too.
    async fn spoke_to(&mut self, room: RoomHandle, follows: bool) {
        self.rooms.retain(|r| !r.is_closed());
        if follows {
            let conn = self.outbox.conn;
            for other in self.rooms.iter().filter(|r| !r.same_channel(&room)) {
                // A full mailbox: that game is busy, and not over.
                let _ = other.try_send(RoomRequest::MovedOn { conn });
            }
        }
        if !self.rooms.iter().any(|r| r.same_channel(&room)) {
            self.rooms.push(room);
        }
    }

    /// Waits (at most `wait`) until every game this connection spoke to
    /// has done what it was asked and queued its replies.
    async fn flush_rooms(&self, wait: Duration) {
        let flushes = self.rooms.iter().map(|room| async move {
            let (done, answered) = oneshot::channel();
            if room.send(RoomRequest::Flush { done }).await.is_ok() {
                let _ = answered.await;
            }
        });
        let _ = tokio::time::timeout(wait, futures_util::future::join_all(flushes)).await;
    }
}

/// Passes a message on; the game it went to, if any.
async fn handle(
    message: ClientMessage,
    lobby: &Arc<Lobby>,
    outbox: &Outbox,
    owner: Owner,
) -> Option<RoomHandle> {
    let routed = match message {
        ClientMessage::Create {
            variant,
            pawn,
            promotion,
            position,
            clock,
            seat,
            listed,
            name,
        } => {
            let request = NewGameRequest {
                variant,
                pawn,
                promotion,
                position,
                clock,
                seat,
                listed,
                name,
            };
            create(request, lobby, outbox, owner)
        }
        ClientMessage::Join { code, seat, name } => display_name(name.as_deref())
            .and_then(|name| Ok((lobby.room_by_code(&code)?, name)))
            .map_err(|r| (None, r))
            .map(|(room, name)| {
                let join = RoomRequest::Join {
                    seat,
                    name,
                    outbox: outbox.clone(),
                };
                (room, join)
            }),
        ClientMessage::Seeks => {
            outbox.send(&ServerMessage::Seeks {
                seeks: lobby.seeks(),
            });
            return None;
        }
        ClientMessage::Games => {
            outbox.send(&ServerMessage::Games {
                games: lobby.playing(),
            });
            return None;
        }
        other => game_request(other, lobby, outbox),
    };
    match routed {
        Ok((room, request)) => {
            if room.send(request).await.is_err() {
                outbox.refuse(None, "that game has stopped".into());
                return None;
            }
            Some(room)
        }
        Err((game, reason)) => {
            outbox.refuse(game.as_deref(), reason);
            None
        }
    }
}

type Routed = Result<(RoomHandle, RoomRequest), (Option<String>, String)>;

/// A new game made: its creator seated and following it.
fn create(request: NewGameRequest, lobby: &Arc<Lobby>, outbox: &Outbox, owner: Owner) -> Routed {
    let (seated, room) = lobby
        .create(request, owner)
        .map_err(|reason| (None, reason))?;
    outbox.send(&seated);
    let token = match seated {
        ServerMessage::Seated { token, .. } => Some(token),
        _ => None,
    };
    let follow = RoomRequest::Follow {
        since: 0,
        token,
        outbox: outbox.clone(),
    };
    Ok((room, follow))
}

/// A message about one game: its actor and what to ask it.
fn game_request(message: ClientMessage, lobby: &Arc<Lobby>, outbox: &Outbox) -> Routed {
    let outbox = outbox.clone();
    let (game, request) = match message {
        ClientMessage::Watch { game, since } => {
            let follow = RoomRequest::Follow {
                since,
                token: None,
                outbox,
            };
            (game, follow)
        }
        ClientMessage::Resume { game, token, since } => {
            let follow = RoomRequest::Follow {
                since,
                token: Some(token),
                outbox,
            };
            (game, follow)
        }
        ClientMessage::Move {
            game,
            token,
            ply,
            text,
        } => act(game, token, PlayerRequest::Move { ply, text }, outbox),
        ClientMessage::Resign { game, token } => act(game, token, PlayerRequest::Resign, outbox),
        ClientMessage::OfferDraw { game, token } => {
            act(game, token, PlayerRequest::OfferDraw, outbox)
        }
        ClientMessage::DeclineDraw { game, token } => {
            act(game, token, PlayerRequest::DeclineDraw, outbox)
        }
        ClientMessage::Abort { game, token } => act(game, token, PlayerRequest::Abort, outbox),
        ClientMessage::Takeback { game, token } => {
            act(game, token, PlayerRequest::Takeback, outbox)
        }
        ClientMessage::AcceptTakeback { game, token } => {
            act(game, token, PlayerRequest::AcceptTakeback, outbox)
        }
        ClientMessage::DeclineTakeback { game, token } => {
            act(game, token, PlayerRequest::DeclineTakeback, outbox)
        }
        ClientMessage::ClaimWin { game, token } => {
            act(game, token, PlayerRequest::ClaimWin, outbox)
        }
        ClientMessage::Rematch { game, token } => act(game, token, PlayerRequest::Rematch, outbox),
        ClientMessage::DeclineRematch { game, token } => {
            act(game, token, PlayerRequest::DeclineRematch, outbox)
        }
        ClientMessage::Create { .. }
        | ClientMessage::Join { .. }
        | ClientMessage::Seeks
        | ClientMessage::Games => {
            return Err((None, "not a game request".into()));
        }
    };
    // A spectator may know the game by its invite code only.
    let by_code = matches!(request, RoomRequest::Follow { token: None, .. });
    match lobby.room(&game) {
        Ok(room) => Ok((room, request)),
        Err(reason) => match by_code.then(|| lobby.room_by_code(&game)) {
            Some(Ok(room)) => Ok((room, request)),
            _ => Err((Some(game), reason)),
        },
    }
}

fn act(
    game: String,
    token: String,
    request: PlayerRequest,
    outbox: Outbox,
) -> (String, RoomRequest) {
    let act = RoomRequest::Act {
        token,
        request,
        outbox,
    };
    (game, act)
}
