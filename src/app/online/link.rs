//! The link to a game server: a thread of its own owns the blocking
//! [`Client`], so that no frame ever waits on the network. The frame sends
//! it [`Ask`]s and takes its [`Heard`] reports through channels, as it talks
//! to the computer player's thread.
//!
//! The thread reconnects by itself when the connection drops: a seated
//! player resumes its seat from the last event it saw and sends again the
//! move the server never acknowledged (the server plays a move sent twice
//! once). Dropping the [`Link`] ends the thread and closes the connection.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::app::play::remote::SeatAction;
use crate::net::client::Client;
use crate::net::player::SeatTicket;
use crate::net::protocol::{ClientMessage, ClockSpec, GameEvent, Seek, ServerMessage};

/// The longest a connect or a write may take before the link counts as down.
const CONNECT_WAIT: Duration = Duration::from_secs(5);
/// How long one read waits before the thread looks at the frame's asks.
const POLL: Duration = Duration::from_millis(40);
/// The wait before the first retry, doubled after each failure up to the
/// longest.
const FIRST_RETRY: Duration = Duration::from_millis(500);
const LONGEST_RETRY: Duration = Duration::from_secs(5);

/// What the frame asks of the server.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    Seeks,
    Create {
        variant: String,
        pawn: Option<String>,
        promotion: Option<String>,
        clock: Option<ClockSpec>,
        seat: Option<u8>,
        listed: bool,
        /// The player's display name, as the others see it.
        name: Option<String>,
    },
    Join {
        code: String,
        name: Option<String>,
    },
    /// A move for the position after `ply` moves.
    Move {
        ply: u32,
        text: String,
    },
    /// The seat's requests beside moves.
    Seat(SeatAction),
}

/// The protocol's message for a seat's request beside moves.
fn seat_message(action: SeatAction, game: String, token: String) -> ClientMessage {
    match action {
        SeatAction::Resign => ClientMessage::Resign { game, token },
        SeatAction::OfferDraw => ClientMessage::OfferDraw { game, token },
        SeatAction::DeclineDraw => ClientMessage::DeclineDraw { game, token },
        SeatAction::Abort => ClientMessage::Abort { game, token },
        SeatAction::Takeback => ClientMessage::Takeback { game, token },
        SeatAction::AcceptTakeback => ClientMessage::AcceptTakeback { game, token },
        SeatAction::DeclineTakeback => ClientMessage::DeclineTakeback { game, token },
        SeatAction::ClaimWin => ClientMessage::ClaimWin { game, token },
        SeatAction::Rematch => ClientMessage::Rematch { game, token },
        SeatAction::DeclineRematch => ClientMessage::DeclineRematch { game, token },
    }
}

/// What the thread tells the frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// Connected (again): the server welcomed us.
    Connected,
    /// The connection failed or dropped, with why; the thread tries again.
    Down(String),
    Seeks(Vec<Seek>),
    Seated(SeatTicket),
    /// The seated game's event numbered `version`.
    Event {
        version: u64,
        event: GameEvent,
    },
    /// Every event so far has come; each side's time left now.
    Following {
        clock_ms: Option<Vec<u64>>,
    },
    Refused(String),
    /// The player of `seat` lost their connection: the others may claim
    /// the win after `claim_in_ms` if they do not come back.
    Away {
        seat: u8,
        claim_in_ms: u64,
    },
    /// The player of `seat` is connected again.
    Back {
        seat: u8,
    },
}

/// The frame's end of the link.
#[derive(Resource)]
pub struct Link {
    pub addr: String,
    asks: Sender<Ask>,
    // A Receiver may not be shared between threads; the frame is its only
    // reader, the lock only satisfies Bevy's resource bounds.
    heard: Mutex<Receiver<Heard>>,
}

impl Link {
    /// Starts the thread that connects to `addr` (HOST:PORT) and keeps
    /// connected. A thread that cannot start is reported as a link down.
    pub fn open(addr: &str) -> Link {
        Link::start(addr, None)
    }

    /// Starts the thread that comes back to a seat taken earlier (a saved
    /// online game): it resumes the seat from the game's first event.
    pub fn resume(addr: &str, seat: SeatTicket) -> Link {
        Link::start(addr, Some(seat))
    }

    fn start(addr: &str, seat: Option<SeatTicket>) -> Link {
        let (asks, asked) = channel();
        let (tell, heard) = channel();
        let worker = Worker {
            addr: addr.to_string(),
            asks: asked,
            heard: tell.clone(),
            seat,
            version: 0,
            moves_seen: 0,
            unacked: None,
        };
        if let Err(e) = std::thread::Builder::new()
            .name("online".into())
            .spawn(move || worker.run())
        {
            let _ = tell.send(Heard::Down(format!("cannot start the network thread: {e}")));
        }
        Link {
            addr: addr.to_string(),
            asks,
            heard: Mutex::new(heard),
        }
    }

    /// Hands a request to the thread (sent when connected).
    pub fn ask(&self, ask: Ask) {
        // The thread ends only when the link is dropped: a send fails only
        // after it stopped for good, which Down has already said.
        let _ = self.asks.send(ask);
    }

    /// Everything the thread reported since the last call.
    pub fn heard(&self) -> Vec<Heard> {
        let Ok(heard) = self.heard.lock() else {
            return Vec::new();
        };
        heard.try_iter().collect()
    }
}

/// Why a connection's service ended.
enum Ended {
    /// The frame dropped the link.
    Stop,
    Lost(String),
}

struct Worker {
    addr: String,
    asks: Receiver<Ask>,
    heard: Sender<Heard>,
    seat: Option<SeatTicket>,
    /// The number of the last event of the seated game seen.
    version: u64,
    /// Moves the seated game has had.
    moves_seen: u32,
    /// The move sent and not acknowledged, with its ply.
    unacked: Option<(u32, String)>,
}

impl Worker {
    fn run(mut self) {
        let mut retry = FIRST_RETRY;
        loop {
            let ended = match self.connect() {
                Ok(client) => {
                    retry = FIRST_RETRY;
                    self.serve(client)
                }
                Err(why) => Ended::Lost(why),
            };
            match ended {
                Ended::Stop => return,
                Ended::Lost(why) => self.tell(Heard::Down(why)),
            }
            if !self.wait(retry) {
                return;
            }
            retry = (retry * 2).min(LONGEST_RETRY);
        }
    }

    fn tell(&self, heard: Heard) {
        let _ = self.heard.send(heard);
    }

    /// A welcomed connection; a seated player's seat resumed on it.
    fn connect(&mut self) -> Result<Client, String> {
        let mut client = Client::connect(&self.addr, CONNECT_WAIT)?;
        if let Some(seat) = &self.seat {
            client.send(&ClientMessage::Resume {
                game: seat.game.clone(),
                token: seat.token.clone(),
                since: self.version,
            })?;
        }
        self.tell(Heard::Connected);
        Ok(client)
    }

    /// Passes asks and answers between the frame and the server until the
    /// connection drops or the link does.
    fn serve(&mut self, mut client: Client) -> Ended {
        loop {
            loop {
                match self.asks.try_recv() {
                    Ok(ask) => {
                        if let Err(why) = self.send(&mut client, ask) {
                            return Ended::Lost(why);
                        }
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        client.close();
                        return Ended::Stop;
                    }
                }
            }
            let taken = match client.recv_within(POLL) {
                Ok(Some(message)) => self.take(&mut client, message),
                Ok(None) => Ok(()),
                Err(why) => Err(why),
            };
            if let Err(why) = taken {
                return Ended::Lost(why);
            }
        }
    }

    fn send(&mut self, client: &mut Client, ask: Ask) -> Result<(), String> {
        if let Ask::Move { ply, text } = &ask {
            self.unacked = Some((*ply, text.clone()));
        }
        match self.message(ask) {
            Some(message) => client.send(&message),
            None => {
                self.tell(Heard::Refused("there is no game to play yet".into()));
                Ok(())
            }
        }
    }

    /// The protocol's message for an ask (None for a seat's request
    /// without a seat).
    fn message(&self, ask: Ask) -> Option<ClientMessage> {
        let ticket = self.seat.as_ref();
        let seat = || ticket.map(|t| (t.game.clone(), t.token.clone()));
        Some(match ask {
            Ask::Seeks => ClientMessage::Seeks,
            Ask::Create {
                variant,
                pawn,
                promotion,
                clock,
                seat,
                listed,
                name,
            } => ClientMessage::Create {
                variant,
                pawn,
                promotion,
                // The window's form starts every game at its own start.
                position: None,
                clock,
                seat,
                listed,
                name,
            },
            Ask::Join { code, name } => ClientMessage::Join {
                code,
                seat: None,
                name,
            },
            Ask::Move { ply, text } => {
                let (game, token) = seat()?;
                ClientMessage::Move {
                    game,
                    token,
                    ply,
                    text,
                }
            }
            Ask::Seat(request) => {
                let (game, token) = seat()?;
                seat_message(request, game, token)
            }
        })
    }

    /// Takes in one server message, telling the frame what matters to it.
    fn take(&mut self, client: &mut Client, message: ServerMessage) -> Result<(), String> {
        let seated_in = self.seat.as_ref().map(|s| s.game.clone());
        let ours = |game: &str| seated_in.as_deref() == Some(game);
        if let Some(ticket) = SeatTicket::given_by(&message) {
            self.seat = Some(ticket.clone());
            self.version = 0;
            self.moves_seen = 0;
            self.tell(Heard::Seated(ticket));
            return Ok(());
        }
        match message {
            ServerMessage::Seeks { seeks } => self.tell(Heard::Seeks(seeks)),
            ServerMessage::Event {
                game,
                version,
                event,
            } if ours(&game) => self.event(version, event),
            ServerMessage::Following { game, clock_ms, .. } if ours(&game) => {
                self.resend_unacked(client)?;
                self.tell(Heard::Following { clock_ms });
            }
            ServerMessage::Disconnected {
                game,
                seat,
                claim_in_ms,
            } if ours(&game) => self.tell(Heard::Away { seat, claim_in_ms }),
            ServerMessage::Reconnected { game, seat } if ours(&game) => {
                self.tell(Heard::Back { seat });
            }
            ServerMessage::Ack { .. } => self.unacked = None,
            ServerMessage::Refused { reason, .. } => {
                self.unacked = None;
                self.tell(Heard::Refused(reason));
            }
            _ => {}
        }
        Ok(())
    }

    fn event(&mut self, version: u64, event: GameEvent) {
        // A resume sends nothing seen before; this guards a server that would.
        if version <= self.version {
            return;
        }
        self.version = version;
        if let GameEvent::Moved { ply, .. } = &event {
            self.moves_seen = ply + 1;
            if self.unacked.as_ref().is_some_and(|(at, _)| at == ply) {
                self.unacked = None;
            }
        }
        if let GameEvent::TakenBack { ply, .. } = &event {
            self.moves_seen = *ply;
        }
        self.tell(Heard::Event { version, event });
    }

    /// After a resume: the move the server never had goes again, if its
    /// position is still the game's.
    fn resend_unacked(&mut self, client: &mut Client) -> Result<(), String> {
        let Some((ply, text)) = self.unacked.clone() else {
            return Ok(());
        };
        if ply != self.moves_seen {
            self.unacked = None;
            return Ok(());
        }
        match self.message(Ask::Move { ply, text }) {
            Some(message) => client.send(&message),
            None => Ok(()),
        }
    }

    /// Waits `how_long` before the next try. Asks that come meanwhile are
    /// answered as refused (a move waits, to go on the next connection).
    /// False when the frame dropped the link.
    fn wait(&mut self, how_long: Duration) -> bool {
        let until = Instant::now() + how_long;
        while Instant::now() < until {
            match self.asks.try_recv() {
                Ok(Ask::Move { ply, text }) if self.seat.is_some() => {
                    self.unacked = Some((ply, text));
                }
                Ok(_) => self.tell(Heard::Refused(format!(
                    "not connected to {}: trying again",
                    self.addr
                ))),
                Err(TryRecvError::Empty) => std::thread::sleep(POLL),
                Err(TryRecvError::Disconnected) => return false,
            }
        }
        true
    }
}
