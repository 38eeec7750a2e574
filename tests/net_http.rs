//! The server's HTTP on the port of the game protocol: the page shell on
//! the page routes, the embedded files with their types and headers, 404
//! for everything else (no file outside the embedded set, however the path
//! is spelled), and the WebSocket still taken on `/` and `/ws`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use tungstenite::Message;
use variantarium::net::client::Client;
use variantarium::net::player::SeatTicket;
use variantarium::net::protocol::ServerMessage;
use variantarium::net::server::Limits;

use crate::net::{connect, create, first_moves, join, play_moves, serve_in_process, stored};
use crate::net_db::{Backend, TestDb};

/// An HTTP answer as it came over the socket.
pub struct HttpAnswer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpAnswer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `request` (raw bytes, the request line and headers with their
/// CRLFs) and reads the answer to the end of the connection.
pub fn http(addr: &str, request: &str) -> HttpAnswer {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    parse_answer(&String::from_utf8_lossy(&raw))
}

pub fn parse_answer(text: &str) -> HttpAnswer {
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((text, ""));
    let mut lines = head.lines();
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    HttpAnswer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// A file of the browser's client, as the source tree has it.
fn web_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("web")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn get(addr: &str, path: &str) -> HttpAnswer {
    http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
}

#[test]
fn the_page_routes_answer_the_shell_with_a_strict_policy_and_assets_their_files() {
    let db = TestDb::new("http_pages", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    for path in ["/", "/g/k7pm2xq9ra", "/watch/h3x9abcdef12"] {
        let page = get(&addr, path);
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(page.header("cache-control"), Some("no-cache"));
        assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
        let policy = page.header("content-security-policy").unwrap_or_default();
        assert!(policy.contains("default-src 'self'"), "{policy}");
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(!policy.contains("http"), "another host allowed: {policy}");
        assert_eq!(page.body, web_file("index.html"));
        assert!(page.body.contains(r#"src="/assets/app.js""#));
    }
    let script = get(&addr, "/assets/app.js");
    assert_eq!(script.status, 200);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(script.header("cache-control").unwrap().contains("max-age="));
    assert_eq!(script.body, web_file("app.js"));
    // The browser's copy is still good: 304 without a body.
    let etag = script.header("etag").expect("an ETag").to_string();
    let again = http(
        &addr,
        &format!(
            "GET /assets/app.js HTTP/1.1\r\nHost: {addr}\r\nIf-None-Match: {etag}\r\n\
             Connection: close\r\n\r\n"
        ),
    );
    assert_eq!((again.status, again.body.as_str()), (304, ""));
    let head = http(
        &addr,
        &format!("HEAD / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!((head.status, head.body.as_str()), (200, ""));
    let post = http(
        &addr,
        &format!(
            "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    );
    assert_eq!(post.status, 405);
}

#[test]
fn every_other_path_is_404_and_no_file_outside_the_embedded_set_is_served() {
    let db = TestDb::new("http_404", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    for path in [
        "/nope",
        "/index.html",
        "/ws",
        "/g/",
        "/g/bad code",
        "/assets/",
        "/assets/nope.js",
        "/assets/../Cargo.toml",
        "/assets/../../../../etc/passwd",
        "/assets/%2e%2e/Cargo.toml",
        "/assets/%2E%2E%2FCargo.toml",
        "/assets/..%2f..%2fCargo.toml",
        "/assets//etc/passwd",
        "/assets/.%2e/src/main.rs",
        "/../Cargo.toml",
        "http://127.0.0.1/assets/../Cargo.toml",
        "/assets/app.js/..",
    ] {
        let answer = get(&addr, path);
        assert!(
            answer.status == 404 || answer.status == 400,
            "{path}: {}",
            answer.status
        );
        assert!(answer.body.len() < 100, "{path}: {}", answer.body);
        assert!(!answer.body.contains("[package]") && !answer.body.contains("root:"));
    }
    assert_eq!(get(&addr, "/nope").body, "not found\n");
}

/// A WebSocket client of the server at `addr` on `path`, its welcome read.
pub fn websocket_on(addr: &str, path: &str) -> tungstenite::WebSocket<TcpStream> {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let (mut socket, _) = tungstenite::client(format!("ws://{addr}{path}"), stream).unwrap();
    match socket.read().unwrap() {
        Message::Text(text) => assert!(text.as_str().contains(r#""type":"welcome""#)),
        other => panic!("no welcome: {other:?}"),
    }
    socket
}

#[test]
fn clients_on_the_root_and_on_ws_play_a_game_through_the_same_port() {
    let db = TestDb::new("http_ws", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    // The window's and the bot's client opens the WebSocket on `/`.
    let mut white = connect(&addr);
    let white_ticket = create(&mut white, "flaxman", None, Some(0));
    let mut black = connect(&addr);
    let black_ticket = join(&mut black, &white_ticket.code);
    let moves = first_moves("flaxman", 6);
    let mut seats: [(Client, SeatTicket); 2] = [(white, white_ticket), (black, black_ticket)];
    play_moves(&mut seats, &moves);
    assert_eq!(stored(&db, &seats[0].1.game).0, moves);
    // A browser's page opens it on `/ws`, and is served the same protocol.
    let mut page = websocket_on(&addr, "/ws");
    page.send(Message::text(r#"{"type":"seeks"}"#)).unwrap();
    let Message::Text(text) = page.read().unwrap() else {
        panic!("no answer");
    };
    let seeks: ServerMessage = serde_json::from_str(text.as_str()).unwrap();
    assert!(matches!(seeks, ServerMessage::Seeks { .. }), "{seeks:?}");
}
