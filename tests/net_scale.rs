//! Two `serve` processes on one PostgreSQL database serving one game, a
//! player connected to each: every move reaches the other player through
//! the database (its commit, then PostgreSQL's notice to the other
//! server), and when both servers see a flag fall, one ends the game and
//! the other takes its end in. A game waiting for a player is listed by
//! both.

use variantarium::net::protocol::{ClientMessage, ClockSpec, GameEvent, ServerMessage};

use crate::net::{
    ServerProcess, answer, check_agreement, connect, create_timed, finish_across, first_moves,
    join, move_message, play_moves, resume, stored,
};
use crate::net_db::{Backend, TestDb};

/// The codes of the open seeks a server lists.
fn seek_codes(client: &mut variantarium::net::client::Client) -> Vec<String> {
    client.send(&ClientMessage::Seeks).unwrap();
    for _ in 0..100 {
        if let ServerMessage::Seeks { seeks } = client.recv().unwrap() {
            return seeks.into_iter().map(|s| s.code).collect();
        }
    }
    panic!("no seeks came");
}

#[test]
fn two_servers_on_one_database_serve_one_game_with_a_player_on_each() {
    let db = TestDb::new("scale", Backend::Postgres);
    let (east, west) = (ServerProcess::start(&db), ServerProcess::start(&db));
    let mut white = connect(&east.addr);
    let w = create_timed(&mut white, "flaxman", None, Some(0), None);
    // The other server lists it among its open seeks, until it is taken.
    let mut seeker = connect(&west.addr);
    assert_eq!(seek_codes(&mut seeker), vec![w.code.clone()]);
    // The invite code works on the other server.
    let mut black = connect(&west.addr);
    let b = join(&mut black, &w.code);
    assert_eq!(b.seat, 1);
    assert!(seek_codes(&mut seeker).is_empty(), "taken, it is no seek");
    let mut watcher = connect(&west.addr);
    watcher
        .send(&ClientMessage::Watch {
            game: w.game.clone(),
            since: 0,
        })
        .unwrap();
    // Each move is answered on the other server as soon as it is acked.
    let moves = first_moves("flaxman", 4);
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &moves);
    // A move sent again through the other server is acknowledged there,
    // not played twice.
    let (mut again, _) = resume(&west.addr, &w, 0);
    assert_eq!(answer(&mut again, &move_message(&w, 2, &moves[2])), None);
    assert_eq!(stored(&db, &w.game).0, moves);
    drop(seats);
    let views = finish_across(&[(&east.addr, &w), (&west.addr, &b)], 60);
    check_agreement(&db, "flaxman", None, &views);
    assert_eq!(views[0].session.moves()[..4], moves[..]);
    // The spectator on the other server saw every event, in order, once.
    let total = views[0].version;
    let mut seen = Vec::new();
    for _ in 0..100_000 {
        if let ServerMessage::Event { version, .. } = watcher.recv().unwrap() {
            seen.push(version);
            if version == total {
                break;
            }
        }
    }
    assert_eq!(seen, (1..=total).collect::<Vec<_>>());
}

#[test]
fn when_both_servers_see_a_flag_fall_the_game_ends_once() {
    let db = TestDb::new("scale-flag", Backend::Postgres);
    let (east, west) = (ServerProcess::start(&db), ServerProcess::start(&db));
    let clock = ClockSpec {
        initial_ms: 400,
        increment_ms: 0,
        days_per_move: None,
    };
    let mut white = connect(&east.addr);
    let w = create_timed(&mut white, "tapestry", None, Some(0), Some(clock));
    let mut black = connect(&west.addr);
    let b = join(&mut black, &w.code);
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &first_moves("tapestry", 2));
    // Each player, on its own server, is told of the same one end.
    let end_of = |client: &mut variantarium::net::client::Client| {
        (0..1000).find_map(|_| match client.recv().unwrap() {
            ServerMessage::Event {
                event: GameEvent::Ended { status, .. },
                version,
                ..
            } => Some((version, status)),
            _ => None,
        })
    };
    let [(mut white, _), (mut black, _)] = seats;
    let white_end = end_of(&mut white).expect("White hears the end");
    let black_end = end_of(&mut black).expect("Black hears the end");
    assert_eq!(white_end, black_end);
    assert_eq!(white_end.1, "0-1 timeout");
    let mut store = db.store();
    let game = store.game(&w.game).unwrap().expect("stored");
    let ends = game
        .events
        .iter()
        .filter(|e| matches!(e, GameEvent::Ended { .. }))
        .count();
    assert_eq!(ends, 1, "{:?}", game.events);
    assert_eq!(game.events.len() as u64, white_end.0);
}
