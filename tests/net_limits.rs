//! The server bounded and fair: sockets that never finish their handshake
//! hold no place for long and cannot lock anyone else out; a connection
//! closed for its size or rate hears why, after the replies it was due;
//! SIGTERM stops the server gracefully, every player told and every
//! acknowledged move stored.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use tungstenite::Message;
use tungstenite::protocol::frame::coding::CloseCode;
use variantarium::net::client::Client;
use variantarium::net::player::SeatTicket;
use variantarium::net::protocol::{ClientMessage, ServerMessage};
use variantarium::net::server::Limits;

use crate::net::{ServerProcess, connect, create, first_moves, join, move_message, play_moves};
use crate::net::{serve_in_process, stored};
use crate::net_db::{Backend, TestDb};
use crate::net_http::{parse_answer, websocket_on};

crate::on_both_backends!(
    an_oversize_frame_is_closed_with_1009_after_the_replies_already_due,
    sigterm_tells_every_player_1001_and_keeps_every_acknowledged_move,
);

/// A socket to the server from the loopback address `source` (the whole of
/// 127.0.0.0/8 is this machine: each one is another address to the server).
fn connect_from(source: &str, server: SocketAddr) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    let stream = runtime
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(format!("{source}:0").parse().unwrap())?;
            socket.connect(server).await
        })
        .unwrap()
        .into_std()
        .unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream
}

/// Whether the server has closed the socket: it reads to the end (what the
/// server sent first, if anything, is returned) or fails with a reset.
fn read_until_closed(stream: &mut TcpStream) -> Result<String, String> {
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return Ok(String::from_utf8_lossy(&got).into_owned()),
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Ok(String::from_utf8_lossy(&got).into_owned());
            }
            Err(e) => return Err(format!("still open: {e}")),
        }
    }
}

#[test]
fn silent_sockets_and_half_handshakes_lock_nobody_out_and_are_closed_in_time() {
    let db = TestDb::new("slow_loris", Backend::Sqlite);
    let limits = Limits {
        handshake_timeout: Duration::from_secs(1),
        max_connections_per_address: 4,
        cap_loopback: true,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr;
    // One address takes its four places: two sockets that say nothing,
    // two that stop halfway through the WebSocket handshake.
    let half = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n");
    let started = Instant::now();
    let mut holding = Vec::new();
    for k in 0..4 {
        let mut stream = connect_from("127.0.0.1", addr);
        if k % 2 == 1 {
            stream.write_all(half.as_bytes()).unwrap();
        }
        holding.push(stream);
    }
    // Its fifth and sixth connections are refused at once, and say why.
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..2 {
        let mut over = connect_from("127.0.0.1", addr);
        let refusal = parse_answer(&read_until_closed(&mut over).unwrap());
        assert_eq!(refusal.status, 503);
        assert!(
            refusal
                .body
                .contains("too many connections from your address")
        );
    }
    // Another address plays meanwhile.
    let stream = connect_from("127.0.0.2", addr);
    let (mut other, _) = tungstenite::client(format!("ws://{addr}/"), stream).unwrap();
    let welcome = other.read().unwrap();
    assert!(welcome.to_text().unwrap().contains("welcome"));
    // The four are closed after the handshake timeout, not before.
    for stream in &mut holding {
        read_until_closed(stream).unwrap();
    }
    let held = started.elapsed();
    assert!(held >= Duration::from_millis(900), "closed after {held:?}");
    assert!(held < Duration::from_secs(20), "closed after {held:?}");
    // Their address has its places back.
    let mut again = connect(&addr.to_string());
    again.send(&ClientMessage::Seeks).unwrap();
    assert!(matches!(again.recv(), Ok(ServerMessage::Seeks { .. })));
    other.send(Message::text(r#"{"type":"seeks"}"#)).unwrap();
    assert!(other.read().unwrap().to_text().unwrap().contains("seeks"));
}

/// Reads a raw WebSocket until its close frame: the texts before it and
/// the close code and reason.
fn texts_then_close(socket: &mut tungstenite::WebSocket<TcpStream>) -> (Vec<String>, u16, String) {
    let mut texts = Vec::new();
    for _ in 0..10_000 {
        match socket.read() {
            Ok(Message::Text(text)) => texts.push(text.as_str().to_string()),
            Ok(Message::Close(Some(frame))) => {
                return (texts, u16::from(frame.code), frame.reason.to_string());
            }
            Ok(Message::Close(None)) => return (texts, 0, String::new()),
            Ok(_) => {}
            Err(e) => panic!("no close frame after {texts:?}: {e}"),
        }
    }
    panic!("no close frame");
}

fn an_oversize_frame_is_closed_with_1009_after_the_replies_already_due(backend: Backend) {
    let db = TestDb::new("close_1009", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let mut socket = websocket_on(&addr, "/");
    // Sent at once: a new game (answered by its game's task), three
    // requests for the seeks, then a message over the size limit.
    let create = r#"{"type":"create","variant":"flaxman","seat":0,"listed":true}"#;
    socket.send(Message::text(create)).unwrap();
    for _ in 0..3 {
        socket.send(Message::text(r#"{"type":"seeks"}"#)).unwrap();
    }
    let huge = format!(r#"{{"type":"seeks","pad":"{}"}}"#, "x".repeat(64 * 1024));
    socket.send(Message::text(huge)).unwrap();
    let (texts, code, reason) = texts_then_close(&mut socket);
    assert_eq!(code, u16::from(CloseCode::Size), "{reason}");
    assert!(reason.contains("too big"), "{reason}");
    let count = |kind: &str| {
        let tag = format!(r#""type":"{kind}""#);
        texts.iter().filter(|t| t.contains(&tag)).count()
    };
    assert_eq!(count("seated"), 1, "{texts:?}");
    assert_eq!(count("following"), 1, "{texts:?}");
    assert_eq!(count("seeks"), 3, "{texts:?}");
}

#[test]
fn a_connection_over_the_rate_is_closed_with_1008() {
    let db = TestDb::new("close_1008", Backend::Sqlite);
    let limits = Limits {
        messages_per_second: 0.001,
        message_burst: 2.0,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let mut socket = websocket_on(&server.addr.to_string(), "/");
    for _ in 0..60 {
        socket.send(Message::text(r#"{"type":"seeks"}"#)).unwrap();
    }
    let (texts, code, reason) = texts_then_close(&mut socket);
    assert_eq!(code, u16::from(CloseCode::Policy), "{reason}");
    assert_eq!(texts.len(), 2 + 50, "{texts:?}");
}

#[test]
fn a_websocket_that_answers_no_ping_is_closed_and_one_that_does_stays() {
    let db = TestDb::new("idle", Backend::Sqlite);
    let limits = Limits {
        ping_interval: Duration::from_millis(200),
        idle_timeout: Duration::from_millis(800),
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    // This one reads (and so answers the pings) for three idle timeouts.
    let mut awake = websocket_on(&addr, "/");
    awake
        .get_mut()
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let mut pings = 0;
    let until = Instant::now() + Duration::from_millis(2400);
    while Instant::now() < until {
        match awake.read() {
            Ok(Message::Ping(_)) => pings += 1,
            Ok(other) => panic!("unexpected {other:?}"),
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => panic!("the awake connection was closed: {e}"),
        }
    }
    assert!(pings >= 2, "{pings} pings");
    // This one never read while it was pinged: it is closed, saying why.
    let mut asleep = websocket_on(&addr, "/");
    std::thread::sleep(Duration::from_millis(1500));
    let (_, code, reason) = texts_then_close(&mut asleep);
    assert_eq!(code, u16::from(CloseCode::Away), "{reason}");
    assert!(reason.contains("nothing heard"), "{reason}");
}

fn sigterm_tells_every_player_1001_and_keeps_every_acknowledged_move(backend: Backend) {
    let db = TestDb::new("sigterm", backend);
    let mut server = ServerProcess::start(&db);
    let mut white = connect(&server.addr);
    let white_ticket = create(&mut white, "flaxman", None, Some(0));
    let mut black = connect(&server.addr);
    let black_ticket = join(&mut black, &white_ticket.code);
    let moves = first_moves("flaxman", 7);
    let mut seats: [(Client, SeatTicket); 2] = [(white, white_ticket), (black, black_ticket)];
    play_moves(&mut seats, &moves[..6]);
    // A move on its way as the server is told to stop.
    let [(white, white_ticket), (black, _)] = &mut seats;
    white
        .send(&move_message(white_ticket, 6, &moves[6]))
        .unwrap();
    let status = server.terminate();
    assert!(status.success(), "{status:?}");
    let mut acknowledged = 6;
    for (client, mover) in [(white, true), (black, false)] {
        let closed = loop {
            match client.recv() {
                Ok(ServerMessage::Ack { .. }) if mover => acknowledged = 7,
                Ok(_) => {}
                Err(reason) => break reason,
            }
        };
        assert!(closed.contains("(1001)"), "{closed}");
        assert!(closed.contains("shutting down"), "{closed}");
    }
    let kept = stored(&db, &seats[0].1.game).0;
    assert!(
        kept.len() >= acknowledged && kept == moves[..kept.len()],
        "stored {kept:?}, {acknowledged} acknowledged of {moves:?}"
    );
}

#[test]
fn games_waiting_for_players_are_capped_per_address_not_per_connection() {
    let db = TestDb::new("waiting_cap", Backend::Sqlite);
    let limits = Limits {
        open_games_per_address: 2,
        cap_loopback: true,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    let create_message = ClientMessage::Create {
        variant: "flaxman".into(),
        pawn: None,
        promotion: None,
        position: None,
        clock: None,
        seat: Some(0),
        listed: true,
        name: None,
    };
    let mut first = connect(&addr);
    create(&mut first, "flaxman", None, Some(0));
    // Reconnecting does not make room for more.
    let mut second = connect(&addr);
    create(&mut second, "flaxman", None, Some(0));
    let mut third = connect(&addr);
    third.send(&create_message).unwrap();
    match third.recv().unwrap() {
        ServerMessage::Refused { reason, .. } => {
            assert!(reason.contains("at most 2 games waiting"), "{reason}");
        }
        other => panic!("a third waiting game from one address: {other:?}"),
    }
}
