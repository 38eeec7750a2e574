//! What a spectator or a client author meets beyond the moves: a game
//! watched by its invite code (all a spectator is given), and refusals
//! worded in the protocol's own fields.

use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::server::Limits;

use crate::net::{connect, create, serve_in_process};
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
            other => panic!("the spectator got {other:?}"),
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
    match spectator.recv().unwrap() {
        ServerMessage::Refused { reason, .. } => assert!(reason.contains("nosuchgame"), "{reason}"),
        other => panic!("not refused: {other:?}"),
    }
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
