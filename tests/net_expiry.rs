//! Games waiting for players expire: a listed one after `listed_expiry`, one
//! by invite only after `invite_expiry`, a correspondence game after
//! `correspondence_expiry`, counted from when it was made. An expired game
//! ends (`expired`), its seat holder is told, its seek leaves the lobby,
//! it no longer counts against its address's cap of waiting games, and a
//! restart does not bring it back.

use std::thread;
use std::time::Duration;

use variantarium::net::client::Client;
use variantarium::net::player::SeatTicket;
use variantarium::net::protocol::{ClientMessage, ClockSpec, GameEvent, ServerMessage};
use variantarium::net::server::Limits;

use crate::net::{connect, create_with, serve_in_process, stored};
use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(
    waiting_games_expire_by_kind_leave_the_lobby_and_free_the_address_cap,
    a_restart_ends_the_games_that_expired_meanwhile_and_resumes_the_rest,
);

fn create_message(listed: bool, clock: Option<ClockSpec>) -> ClientMessage {
    ClientMessage::Create {
        variant: "flaxman".into(),
        pawn: None,
        promotion: None,
        position: None,
        clock,
        seat: Some(0),
        listed,
        name: None,
    }
}

/// The status of the `ended` event the client is sent for `game`, waiting
/// at most `wait`.
fn ended_within(client: &mut Client, game: &str, wait: Duration) -> Option<String> {
    let until = std::time::Instant::now() + wait;
    while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
        match client.recv_within(left).ok().flatten() {
            Some(ServerMessage::Event {
                game: g,
                event: GameEvent::Ended { status, .. },
                ..
            }) if g == game => return Some(status),
            Some(_) => {}
            None => return None,
        }
    }
    None
}

fn seek_codes(client: &mut Client) -> Vec<String> {
    client.send(&ClientMessage::Seeks).unwrap();
    for _ in 0..1000 {
        if let ServerMessage::Seeks { seeks } = client.recv().unwrap() {
            return seeks.into_iter().map(|s| s.code).collect();
        }
    }
    panic!("no seeks");
}

fn waiting_games_expire_by_kind_leave_the_lobby_and_free_the_address_cap(backend: Backend) {
    let db = TestDb::new("expire", backend);
    let limits = Limits {
        listed_expiry: Duration::from_secs(2),
        invite_expiry: Duration::from_secs(600),
        correspondence_expiry: Duration::from_secs(2),
        open_games_per_address: 3,
        cap_loopback: true,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    // Three games from one address, each on a connection of its own.
    let mut listed = connect(&addr);
    let listed_game = create_with(&mut listed, &create_message(true, None));
    let mut invite = connect(&addr);
    let invite_game = create_with(&mut invite, &create_message(false, None));
    let mut post = connect(&addr);
    let correspondence = Some(ClockSpec::correspondence(3));
    let post_game = create_with(&mut post, &create_message(false, correspondence));
    let mut lobby = connect(&addr);
    assert_eq!(seek_codes(&mut lobby), [listed_game.code.as_str()]);
    lobby.send(&create_message(true, None)).unwrap();
    let refused = (0..100).find_map(|_| match lobby.recv().unwrap() {
        ServerMessage::Refused { reason, .. } => Some(reason),
        ServerMessage::Seated { .. } => Some("seated".into()),
        _ => None,
    });
    assert!(
        refused
            .as_deref()
            .is_some_and(|r| r.contains("at most 3 games waiting")),
        "{refused:?}"
    );
    // The listed and the correspondence game expire, their creators told.
    let wait = Duration::from_secs(30);
    let told = ended_within(&mut listed, &listed_game.game, wait);
    assert_eq!(told.as_deref(), Some("expired"));
    let told = ended_within(&mut post, &post_game.game, wait);
    assert_eq!(told.as_deref(), Some("expired"));
    assert_eq!(stored(&db, &listed_game.game).1, "expired");
    assert_eq!(stored(&db, &post_game.game).1, "expired");
    // The game by invite waits on.
    assert_eq!(
        ended_within(&mut invite, &invite_game.game, Duration::from_millis(500)),
        None
    );
    assert_eq!(stored(&db, &invite_game.game).1, "");
    assert!(seek_codes(&mut lobby).is_empty());
    // An expired game cannot be joined.
    let mut late = connect(&addr);
    late.send(&ClientMessage::Join {
        code: listed_game.code.clone(),
        seat: None,
        name: None,
    })
    .unwrap();
    let reason = (0..100)
        .find_map(|_| match late.recv().unwrap() {
            ServerMessage::Refused { reason, .. } => Some(reason),
            ServerMessage::Seated { .. } => Some("seated".into()),
            _ => None,
        })
        .unwrap();
    assert!(
        reason.contains("over") && reason.contains("expired"),
        "{reason}"
    );
    // Two places are free again under the address's cap.
    let again: Vec<SeatTicket> = (0..2)
        .map(|_| create_with(&mut lobby, &create_message(true, None)))
        .collect();
    assert_eq!(again.len(), 2);
}

fn a_restart_ends_the_games_that_expired_meanwhile_and_resumes_the_rest(backend: Backend) {
    let db = TestDb::new("expire_restart", backend);
    let limits = Limits {
        listed_expiry: Duration::from_secs(2),
        invite_expiry: Duration::from_secs(600),
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    let mut creator = connect(&addr);
    let listed = create_with(&mut creator, &create_message(true, None));
    let invite = create_with(&mut creator, &create_message(false, None));
    creator.close();
    server.shutdown();
    // Down for longer than a listed game waits.
    thread::sleep(Duration::from_millis(2500));
    let server = serve_in_process(&db, limits);
    assert_eq!(server.resumed, 1, "only the game by invite comes back");
    assert_eq!(stored(&db, &listed.game).1, "expired");
    assert_eq!(stored(&db, &invite.game).1, "");
    let mut store = db.store();
    let unfinished: Vec<String> = store
        .unfinished()
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(unfinished, [invite.game.as_str()]);
    // Its creator, coming back, learns of the end from the events.
    let mut back = connect(&server.addr.to_string());
    back.send(&ClientMessage::Resume {
        game: listed.game.clone(),
        token: listed.token.clone(),
        since: 0,
    })
    .unwrap();
    let told = ended_within(&mut back, &listed.game, Duration::from_secs(30));
    assert_eq!(told.as_deref(), Some("expired"));
    drop(server);
    // Started again later, nothing more is resumed or ended.
    let server = serve_in_process(&db, limits);
    assert_eq!(server.resumed, 1);
}

#[test]
fn an_sqlite_file_made_before_games_kept_their_making_time_opens_and_its_games_wait_from_now() {
    let db = TestDb::new("expire_old_schema", Backend::Sqlite);
    let variantarium::net::server::Database::Sqlite(path) = &db.db else {
        unreachable!("an SQLite test database");
    };
    let old = rusqlite::Connection::open(path).unwrap();
    old.execute_batch(
        "CREATE TABLE games (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, \
             listed INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
         CREATE TABLE seats (game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, \
             token TEXT NOT NULL, PRIMARY KEY (game, seat));
         CREATE TABLE events (game TEXT NOT NULL REFERENCES games(id), \
             version INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game, version));
         INSERT INTO games (id, code, listed) VALUES ('old', 'oldcode', 1);
         INSERT INTO seats VALUES ('old', 0, 'oldtoken');
         INSERT INTO events VALUES ('old', 1, \
             '{\"kind\":\"created\",\"variant\":\"flaxman\",\"pawn\":null,\"sides\":2,\"clock\":null}');
         INSERT INTO events VALUES ('old', 2, '{\"kind\":\"seat_taken\",\"seat\":0}');",
    )
    .unwrap();
    drop(old);
    let limits = Limits {
        listed_expiry: Duration::from_secs(2),
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    // Its waiting time counts from this start, not from 1970.
    assert_eq!(server.resumed, 1);
    let mut lobby = connect(&server.addr.to_string());
    assert_eq!(seek_codes(&mut lobby), ["oldcode"]);
    let mut creator = connect(&server.addr.to_string());
    creator
        .send(&ClientMessage::Resume {
            game: "old".into(),
            token: "oldtoken".into(),
            since: 0,
        })
        .unwrap();
    let told = ended_within(&mut creator, "old", Duration::from_secs(30));
    assert_eq!(told.as_deref(), Some("expired"));
}
