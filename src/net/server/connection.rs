//! One task per connection: it reads the client's messages, checks their
//! size, rate and form, and passes each to the lobby or to its game's
//! actor. A bad message gets a `refused` answer; a connection that breaks
//! the protocol or keeps over the rate is closed. Nothing a client sends
//! can stop the server or another game.

use std::sync::Arc;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::config::RateLimit;
use super::lobby::{Lobby, NewGameRequest};
use super::mailbox::{PlayerRequest, RoomHandle, RoomRequest};
use super::outbox::Outbox;
use crate::net::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage, display_name};

/// Messages over the rate in a row after which the connection is closed.
const MAX_STRIKES: u32 = 50;

pub async fn serve_connection(stream: TcpStream, lobby: Arc<Lobby>, conn: u64) {
    let limit = lobby.limits.max_message_bytes;
    let config = WebSocketConfig::default()
        .max_message_size(Some(limit))
        .max_frame_size(Some(limit));
    let Ok(socket) = tokio_tungstenite::accept_async_with_config(stream, Some(config)).await else {
        return;
    };
    let (mut sink, mut source) = socket.split();
    let (outbox, mut queue) = Outbox::new(conn);
    let writer = tokio::spawn(async move {
        while let Some(text) = queue.recv().await {
            if sink.send(Message::text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    outbox.send(&ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
    });
    let mut rate = RateLimit::new(lobby.limits);
    let mut strikes = 0;
    let mut rooms: Vec<RoomHandle> = Vec::new();
    while let Some(Ok(frame)) = source.next().await {
        let text = match frame {
            Message::Text(text) => text,
            Message::Binary(_) => {
                outbox.refuse(None, "messages are JSON text frames".into());
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        if !rate.take(Instant::now()) {
            strikes += 1;
            if strikes > MAX_STRIKES {
                break;
            }
            outbox.refuse(None, "too many messages: slow down".into());
            continue;
        }
        strikes = 0;
        match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Ok(message) => {
                if let Some(room) = handle(message, &lobby, &outbox).await
                    && !rooms.iter().any(|r| r.same_channel(&room))
                {
                    rooms.push(room);
                }
            }
            Err(e) => outbox.refuse(None, format!("bad message: {e}")),
        }
    }
    // Followers hold clones of the outbox; ending the writer closes the
    // queue. Each game this connection spoke to hears that it has ended, so
    // that a seat left without a connection is known at once.
    writer.abort();
    for room in rooms {
        let _ = room.send(RoomRequest::Left { conn }).await;
    }
}

/// Passes a message on; the game it went to, if any.
async fn handle(message: ClientMessage, lobby: &Arc<Lobby>, outbox: &Outbox) -> Option<RoomHandle> {
    let routed = match message {
        ClientMessage::Create {
            variant,
            pawn,
            promotion,
            clock,
            seat,
            listed,
            name,
        } => {
            let request = NewGameRequest {
                variant,
                pawn,
                promotion,
                clock,
                seat,
                listed,
                name,
            };
            match lobby.create(request, outbox.conn) {
                Ok((seated, room)) => {
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
                Err(reason) => Err((None, reason)),
            }
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
    match lobby.room(&game) {
        Ok(room) => Ok((room, request)),
        Err(reason) => Err((Some(game), reason)),
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
