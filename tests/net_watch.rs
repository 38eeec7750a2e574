//! What a spectator or a client author meets beyond the moves: a game
//! watched by its invite code (all a spectator is given), refusals worded
//! in the protocol's own fields, and a finished game read back from the
//! store once it has left the server's memory.

use std::thread;
use std::time::Duration;

use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::server::Limits;

use crate::net::{answer, connect, create, join, serve_in_process};
use crate::net_db::{Backend, TestDb};

#[test]
fn a_spectator_watches_a_game_by_its_invite_code() {
    let db = TestDb::new("watch_code", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let mut player = connect(&addr);
    let ticket = create(&mut player, "chakra", None, Some(0));
    let mut spectator = connect(&addr);
    spectator
        .send(&ClientMessage::Watch {
            game: ticket.code.clone(),
            since: 0,
        })
        .unwrap();
    let mut events = Vec::new();
    for _ in 0..100 {
        match spectator.recv().unwrap() {
            ServerMessage::Event { game, event, .. } => {
                assert_eq!(game, ticket.game);
                events.push(event);
            }
            ServerMessage::Following { game, version, .. } => {
                assert_eq!((game, version), (ticket.game.clone(), 2));
                break;
            }
            // The board and the positions, for drawing.
            _ => {}
        }
    }
    assert!(
        matches!(events.first(), Some(GameEvent::Created { variant, .. }) if variant == "chakra")
    );
    // Neither an id nor a code: refused, naming what was asked for.
    spectator
        .send(&ClientMessage::Watch {
            game: "nosuchgame".into(),
            since: 0,
        })
        .unwrap();
    let reason = (0..100)
        .find_map(|_| match spectator.recv().unwrap() {
            ServerMessage::Refused { reason, .. } => Some(reason),
            _ => None,
        })
        .expect("refused");
    assert!(reason.contains("nosuchgame"), "{reason}");
}

#[test]
fn a_refused_game_option_is_named_by_its_field_not_by_a_command_line_flag() {
    let db = TestDb::new("refusal_words", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let mut client = connect(&server.addr.to_string());
    for (pawn, promotion, field) in [
        (Some("migrant"), None, "pawn applies to hex games only"),
        (
            None,
            Some("curved"),
            "promotion applies to Anglojewish games only",
        ),
    ] {
        client
            .send(&ClientMessage::Create {
                variant: "flaxman".into(),
                pawn: pawn.map(str::to_string),
                promotion: promotion.map(str::to_string),
                position: None,
                clock: None,
                seat: Some(0),
                listed: false,
                name: None,
            })
            .unwrap();
        match client.recv().unwrap() {
            ServerMessage::Refused { reason, .. } => {
                assert!(reason.contains(field), "{reason}");
                assert!(!reason.contains("--"), "{reason}");
            }
            other => panic!("not refused: {other:?}"),
        }
    }
}

#[test]
fn a_finished_game_no_one_follows_leaves_memory_and_is_read_back_when_watched() {
    let db = TestDb::new("retire", Backend::Sqlite);
    let limits = Limits {
        keep_finished: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    let mut white = connect(&addr);
    let ticket = create(&mut white, "flaxman", None, Some(0));
    let mut black = connect(&addr);
    join(&mut black, &ticket.code);
    let abort = ClientMessage::Abort {
        game: ticket.game.clone(),
        token: ticket.token.clone(),
    };
    assert_eq!(answer(&mut white, &abort), None);
    // Followed, it stays however long.
    thread::sleep(Duration::from_millis(900));
    assert_eq!(server.running_games(), 1);
    white.close();
    black.close();
    let gone = (0..200).any(|_| {
        thread::sleep(Duration::from_millis(50));
        server.running_games() == 0
    });
    assert!(gone, "the finished game is still in memory");
    // Asked for again, it is read back from the store, whole.
    let mut spectator = connect(&addr);
    spectator
        .send(&ClientMessage::Watch {
            game: ticket.game.clone(),
            since: 0,
        })
        .unwrap();
    let mut events = Vec::new();
    for _ in 0..100 {
        match spectator.recv().unwrap() {
            ServerMessage::Event { event, .. } => events.push(event),
            ServerMessage::Following { .. } => break,
            // The board and the positions, for drawing.
            _ => {}
        }
    }
    assert!(
        matches!(events.last(), Some(GameEvent::Ended { status, .. }) if status == "aborted"),
        "{events:?}"
    );
    assert_eq!(server.running_games(), 1);
}
