//! What the server hands a browser: the moves it offers with each position
//! are exactly `variantarium moves` for that position, in every game, over
//! random playouts; and over a real server each follower gets the board and
//! a position after every move, whose move texts are what it may play.

use std::collections::BTreeSet;
use std::time::Duration;

use std::ffi::OsString;

use variantarium::cli::run;
use variantarium::net::board_geometry::{MoveView, board_geometry, position_view};
use variantarium::net::client::Client;
use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::server::Limits;
use variantarium::rules::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::registry::GAMES;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::{Promotion, Variant};

use crate::net::{create, join, serve_in_process};
use crate::net_db::{Backend, TestDb};

/// `variantarium moves` for the position after `moves` from the start.
fn cli_moves(variant: &str, promotion: Option<&str>, moves: &[String]) -> Vec<String> {
    let mut args: Vec<OsString> = ["variantarium", "moves", "--variant", variant]
        .into_iter()
        .map(OsString::from)
        .collect();
    if let Some(promotion) = promotion {
        args.extend(["--promotion".into(), promotion.into()]);
    }
    args.extend(["--moves".into(), moves.join(" ").into()]);
    let mut out = Vec::new();
    run(args, &mut out).expect("variantarium moves answers");
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Plays `plies` random moves from the start, checking before each one
/// that the moves a browser is offered are `variantarium moves` (both ways)
/// and that each names its own cells. Returns the moves offered, to tell
/// which kinds of move came up.
fn check_playout(variant: Variant, seed: u64, plies: usize) -> Vec<MoveView> {
    let key = variant.id.id();
    let promotion = variant.promotion.map(Promotion::id);
    let mut session = new_session(variant, DrawRules::default(), None).unwrap();
    let geometry = board_geometry(session.as_ref());
    let names: BTreeSet<&str> = geometry.cells.iter().map(|c| c.name.as_str()).collect();
    let mut rng = Rng::new(seed);
    let mut seen = Vec::new();
    for _ in 0..plies {
        let view = position_view(session.as_ref(), false);
        let offered: Vec<String> = view.moves.iter().map(|m| m.text.clone()).collect();
        let expected = cli_moves(key, promotion, &session.moves());
        assert_eq!(
            offered,
            expected,
            "{key} after {:?}: the offered moves differ from `variantarium moves`",
            session.moves()
        );
        for m in &view.moves {
            assert!(names.contains(m.from.as_str()) && names.contains(m.to.as_str()));
        }
        for man in &view.men {
            assert!(
                names.contains(man.cell.as_str()),
                "{key}: man on {}",
                man.cell
            );
        }
        assert_eq!(view.ply as usize, session.ply_count());
        if view.moves.is_empty() {
            break;
        }
        let pick = &view.moves[rng.below(view.moves.len())];
        session.play(&pick.text).unwrap();
        let after = position_view(session.as_ref(), false);
        let last = after.last.expect("the last move is marked");
        assert_eq!((last.from, last.to), (pick.from.clone(), pick.to.clone()));
        seen.extend(view.moves);
    }
    seen
}

#[test]
fn the_moves_a_browser_is_offered_are_variantarium_moves_in_every_game() {
    let mut all = Vec::new();
    for game in GAMES {
        let variant = Variant {
            id: game.id,
            pawn: None,
            promotion: None,
        };
        for seed in 0..3 {
            all.extend(check_playout(variant, seed, 40));
        }
    }
    for promotion in [Promotion::Straight, Promotion::StraightCurved] {
        let variant = Variant::parse("aj-glinski", None)
            .unwrap()
            .with_promotion(Some(promotion))
            .unwrap();
        all.extend(check_playout(variant, 7, 40));
    }
    // The playouts met the moves a browser must offer beyond one from-to
    // pick: made without leaving the cell, and several on one route.
    assert!(all.iter().any(|m| m.from == m.to), "a move in place");
    let shared = all.iter().enumerate().any(|(k, a)| {
        all[k + 1..]
            .iter()
            .take(60)
            .any(|b| (&a.from, &a.to) == (&b.from, &b.to) && a.text != b.text)
    });
    assert!(shared, "a route with several moves");
}

fn next_position(
    client: &mut Client,
    game: &str,
) -> (u64, variantarium::net::board_geometry::PositionView) {
    for _ in 0..200 {
        if let ServerMessage::Position {
            game: g,
            version,
            position,
        } = client.recv().unwrap()
            && g == game
        {
            return (version, *position);
        }
    }
    panic!("no position for {game}");
}

/// A follower that draws gets the board, then a position after each move;
/// one that asked `?views=0` gets the same events and no view.
#[test]
fn every_follower_gets_the_board_then_a_position_after_each_move() {
    let db = TestDb::new("web-positions", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let wait = Duration::from_secs(60);
    let mut white = Client::connect_with_views(&addr, wait).unwrap();
    let ticket = create(&mut white, "tapestry", None, Some(0));
    let mut black = Client::connect_with_views(&addr, wait).unwrap();
    let black_ticket = join(&mut black, &ticket.code);
    let mut watcher = Client::connect_with_views(&addr, wait).unwrap();
    // A client that replays the events itself asks for no views.
    let mut replaying = Client::connect(&addr, wait).unwrap();
    for client in [&mut watcher, &mut replaying] {
        client
            .send(&ClientMessage::Watch {
                game: ticket.game.clone(),
                since: 0,
            })
            .unwrap();
    }
    let board = loop {
        if let ServerMessage::Board { board, .. } = watcher.recv().unwrap() {
            break board;
        }
    };
    assert_eq!(board.variant, "tapestry");
    assert!(
        board.cells.iter().any(|c| c.board == 1),
        "the Loom is drawn"
    );
    let mut session = new_session(
        Variant::parse("tapestry", None).unwrap(),
        DrawRules::default(),
        None,
    )
    .unwrap();
    let (_, mut seen) = next_position(&mut watcher, &ticket.game);
    for ply in 0..6u32 {
        let expected: Vec<String> = session.legal_moves().into_iter().map(|m| m.text).collect();
        let offered: Vec<String> = seen.moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(offered, expected, "ply {ply}");
        let text = seen.moves[(ply as usize * 7) % seen.moves.len()]
            .text
            .clone();
        let (mover, mover_ticket) = if ply % 2 == 0 {
            (&mut white, &ticket)
        } else {
            (&mut black, &black_ticket)
        };
        mover
            .send(&crate::net::move_message(mover_ticket, ply, &text))
            .unwrap();
        session.play(&text).unwrap();
        let (_, position) = next_position(&mut watcher, &ticket.game);
        assert_eq!(position.ply, ply + 1);
        assert_eq!(
            position.last.as_ref().map(|m| m.text.as_str()),
            Some(text.as_str())
        );
        seen = position;
    }
    let mut moved = 0;
    for _ in 0..200 {
        match replaying.recv().unwrap() {
            ServerMessage::Board { .. } | ServerMessage::Position { .. } => {
                panic!("a view sent to a client that asked for none")
            }
            ServerMessage::Event {
                event: GameEvent::Moved { .. },
                ..
            } => moved += 1,
            _ => {}
        }
        if moved == 6 {
            break;
        }
    }
    assert_eq!(moved, 6, "the replaying client has every move");
}
