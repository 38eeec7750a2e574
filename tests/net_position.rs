//! A game created from a position (the `create` message's `position`),
//! online: every seat and spectator starts there, the lobby says so, the
//! server refuses a position it cannot read or one where the game is over,
//! and the game carries on from its position after a restart (each test on
//! SQLite and on PostgreSQL, over real sockets on 127.0.0.1).

use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::server::Limits;

use crate::net::{answer, connect, create_with, join, move_message, serve_in_process, stored};
use crate::net_db::{Backend, TestDb};
use crate::net_play::view_of;

crate::on_both_backends!(
    a_game_created_from_a_position_starts_there_for_everyone_and_after_a_restart
);

/// White's pawn on b7 and White's Queen in the pool: a promotion is on
/// the board from the first move.
const PROMOTION_AT_ONCE: &str = "acmqksca/1Pppppp1/8/8/8/8/2PPPPP1/ACM1KSCA w Ta2n,Th2n,ta7n,th7n";
/// Black is checkmated: the game is over there.
const OVER: &str = "k7/1Q6/1K6/8/8/8/8/8 b -";

fn create(position: &str, listed: bool) -> ClientMessage {
    ClientMessage::Create {
        variant: "chakra".into(),
        pawn: None,
        promotion: None,
        position: Some(position.into()),
        clock: None,
        seat: Some(0),
        listed,
        name: None,
    }
}

fn a_game_created_from_a_position_starts_there_for_everyone_and_after_a_restart(backend: Backend) {
    let db = TestDb::new("position", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let mut white = connect(&addr);
    for (position, says) in [
        ("acmqksca/8 w -", "position"),
        (OVER, "over"),
        (&"k".repeat(500)[..], "at most 400"),
    ] {
        let reason = answer(&mut white, &create(position, false)).expect("refused");
        assert!(reason.starts_with("position"), "{position}: {reason}");
        assert!(reason.contains(says), "{position}: {reason}");
    }
    let w = create_with(&mut white, &create(PROMOTION_AT_ONCE, true));
    // The lobby tells a visitor the game starts from a position.
    let mut visitor = connect(&addr);
    visitor.send(&ClientMessage::Seeks).unwrap();
    let seeks = (0..1000)
        .find_map(|_| match visitor.recv().unwrap() {
            ServerMessage::Seeks { seeks } => Some(seeks),
            _ => None,
        })
        .expect("the seeks");
    let seek = seeks.iter().find(|s| s.code == w.code).expect("listed");
    assert_eq!(seek.position.as_deref(), Some(PROMOTION_AT_ONCE));
    let mut black = connect(&addr);
    let b = join(&mut black, &w.code);
    // Both seats and a spectator see the position's moves, promotion first.
    for (client, token) in [(&mut white, Some(&w.token)), (&mut black, Some(&b.token))] {
        let view = view_of(client, &w.game, token.map(String::as_str));
        assert!(
            view.session
                .legal_moves()
                .iter()
                .any(|m| m.text == "b7-a8=Q")
        );
    }
    let mut spectator = connect(&addr);
    let watched = view_of(&mut spectator, &w.game, None);
    assert_eq!(watched.position.as_deref(), Some(PROMOTION_AT_ONCE));
    assert_eq!(answer(&mut white, &move_message(&w, 0, "b7-a8=Q")), None);
    // The stored game starts from its position, and a restarted server
    // plays on from there.
    drop(server);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let events = db.store().game(&w.game).unwrap().unwrap().events;
    assert!(matches!(
        &events[0],
        GameEvent::Created { position: Some(p), .. } if p == PROMOTION_AT_ONCE
    ));
    let mut black = connect(&addr);
    let view = view_of(&mut black, &b.game, Some(&b.token));
    assert_eq!(view.session.moves(), vec!["b7-a8=Q".to_string()]);
    let reply = view.session.legal_moves()[0].text.clone();
    assert_eq!(answer(&mut black, &move_message(&b, 1, &reply)), None);
    assert_eq!(stored(&db, &w.game).0, vec!["b7-a8=Q".to_string(), reply]);
}
