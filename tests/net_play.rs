//! A game's options and the requests beside the moves, online: the
//! promotion option, over real sockets on 127.0.0.1 with the games in a
//! database of the test's own (each test on SQLite and on PostgreSQL).
//! Every wait is bounded by the clients' read timeout and every loop by a
//! count.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use variantarium::net::client::{Client, GameView};
use variantarium::net::player::{SeatTicket, follow};
use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::room::game_session;
use variantarium::net::server::Limits;
use variantarium::rules::zobrist::splitmix64;

use crate::net::{
    ServerProcess, answer, connect, create_with, join, move_message, play_moves, serve_in_process,
    stored,
};
use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(
    a_promotion_only_its_option_allows_is_played_online_and_refused_without_it,
    the_bot_creates_a_game_with_the_promotion_option_it_is_given,
    display_names_reach_every_seat_and_spectator_and_outlive_a_restart,
);

/// A `create` of an untimed, unlisted game with the creator on `seat`.
pub fn create_message(variant: &str, promotion: Option<&str>, seat: u8) -> ClientMessage {
    ClientMessage::Create {
        variant: variant.into(),
        pawn: None,
        promotion: promotion.map(str::to_string),
        clock: None,
        seat: Some(seat),
        listed: false,
        name: None,
    }
}

/// A two-player game with both seats taken: the creator (White) first.
pub fn pair(addr: &str, create: &ClientMessage) -> [(Client, SeatTicket); 2] {
    let mut white = connect(addr);
    let w = create_with(&mut white, create);
    let mut black = connect(addr);
    let b = join(&mut black, &w.code);
    [(white, w), (black, b)]
}

/// Moves from the start of `variant` under the promotion option `promotion`
/// up to a position where a move is legal that the default option refuses:
/// the moves before it (legal under both) and that move. Random play from
/// a run of seeds, each game bounded.
fn moves_to_an_option_only_move(variant: &str, promotion: &str) -> (Vec<String>, String) {
    for seed in 0..200u64 {
        let mut with = game_session(variant, None, Some(promotion)).unwrap();
        let mut plain = game_session(variant, None, None).unwrap();
        let mut played = Vec::new();
        for ply in 0..300u64 {
            if with.outcome().is_some() {
                break;
            }
            let plain_moves: HashSet<String> =
                plain.legal_moves().into_iter().map(|m| m.text).collect();
            let moves: Vec<String> = with.legal_moves().into_iter().map(|m| m.text).collect();
            if let Some(special) = moves.iter().find(|m| !plain_moves.contains(*m)) {
                return (played, special.clone());
            }
            let shared: Vec<&String> = moves.iter().filter(|m| plain_moves.contains(*m)).collect();
            if shared.is_empty() {
                break;
            }
            let text = shared[splitmix64(seed * 1000 + ply) as usize % shared.len()].clone();
            with.play(&text).unwrap();
            plain.play(&text).unwrap();
            played.push(text);
        }
    }
    panic!("no move of {variant} only {promotion} allows in 200 random games");
}

fn a_promotion_only_its_option_allows_is_played_online_and_refused_without_it(backend: Backend) {
    let db = TestDb::new("promotion", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let (before, special) = moves_to_an_option_only_move("aj-glinski", "straight-curved");
    assert!(special.contains('='), "a promotion: {special}");
    for promotion in [Some("straight-curved"), None] {
        let create = create_message("aj-glinski", promotion, 0);
        let mut seats = pair(&addr, &create);
        let game = seats[0].1.game.clone();
        play_moves(&mut seats, &before);
        let (client, ticket) = &mut seats[before.len() % 2];
        let said = answer(client, &move_message(ticket, before.len() as u32, &special));
        let mut moves = before.clone();
        if promotion.is_some() {
            assert_eq!(said, None, "{special} under {promotion:?}");
            moves.push(special.clone());
        } else {
            assert!(said.is_some(), "{special} is refused without the option");
        }
        assert_eq!(stored(&db, &game).0, moves);
        let events = db.store().game(&game).unwrap().unwrap().events;
        assert!(
            matches!(&events[0], GameEvent::Created { promotion: p, .. } if p.as_deref() == promotion),
            "{:?}",
            events[0]
        );
    }
    // An option the game does not take, or no such option: refused.
    let mut client = connect(&addr);
    for (variant, promotion, says) in [
        ("flaxman", "straight", "Anglojewish"),
        ("aj-glinski", "sideways", "sideways"),
    ] {
        let reason = answer(&mut client, &create_message(variant, Some(promotion), 0));
        let reason = reason.expect("refused");
        assert!(reason.contains(says), "{reason}");
    }
}

fn the_bot_creates_a_game_with_the_promotion_option_it_is_given(backend: Backend) {
    let db = TestDb::new("bot-promotion", backend);
    let server = ServerProcess::start(&db);
    let mut bot = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["bot", "--server", &server.addr, "--create", "aj-mccooey"])
        .args(["--promotion", "straight", "--side", "white"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let mut out = BufReader::new(bot.stdout.take().unwrap());
    let mut code = String::new();
    out.read_line(&mut code).unwrap();
    let mut black = connect(&server.addr);
    let b = join(&mut black, code.trim());
    let created = (0..100).find_map(|_| match black.recv().unwrap() {
        ServerMessage::Event { event, .. } => Some(event),
        _ => None,
    });
    assert!(
        matches!(&created, Some(GameEvent::Created { promotion: Some(p), .. }) if p == "straight"),
        "{created:?}"
    );
    let resign = ClientMessage::Resign {
        game: b.game.clone(),
        token: b.token.clone(),
    };
    assert_eq!(answer(&mut black, &resign), None);
    let mut result = String::new();
    out.read_line(&mut result).unwrap();
    assert_eq!(result.trim(), "1-0 resignation");
    assert!(bot.wait().unwrap().success());
}

/// Follows a game from its first event (as a spectator, or as the seat of
/// `token`) until the server says it has sent every event: the game's view.
pub fn view_of(client: &mut Client, game: &str, token: Option<&str>) -> GameView {
    let message = match token {
        Some(token) => ClientMessage::Resume {
            game: game.into(),
            token: token.into(),
            since: 0,
        },
        None => ClientMessage::Watch {
            game: game.into(),
            since: 0,
        },
    };
    client.send(&message).unwrap();
    let mut view = None;
    for _ in 0..10_000 {
        let message = client.recv().unwrap();
        if matches!(&message, ServerMessage::Following { game: g, .. } if g == game) {
            return view.expect("the game's events");
        }
        assert_eq!(follow(&mut view, game, message), Ok(None));
    }
    panic!("no end to the events of {game}");
}

fn named(create: &ClientMessage, name: &str) -> ClientMessage {
    let mut message = create.clone();
    if let ClientMessage::Create { name: n, .. } | ClientMessage::Join { name: n, .. } =
        &mut message
    {
        *n = Some(name.into());
    }
    message
}

fn display_names_reach_every_seat_and_spectator_and_outlive_a_restart(backend: Backend) {
    let db = TestDb::new("names", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let mut white = connect(&addr);
    // Blank around a name goes; too long a name, or one with a control
    // character, is refused with its reason.
    let create = create_message("flaxman", None, 0);
    for (name, says) in [(&"x".repeat(25)[..], "at most 24"), ("Ad\u{7}a", "control")] {
        let reason = answer(&mut white, &named(&create, name)).expect("refused");
        assert!(reason.contains(says), "{name:?}: {reason}");
    }
    let w = create_with(&mut white, &named(&create, "  Ada Lovelace "));
    let mut black = connect(&addr);
    let join = ClientMessage::Join {
        code: w.code.clone(),
        seat: None,
        name: None,
    };
    let reason = answer(&mut black, &named(&join, "Be\na")).map(|r| r.contains("control"));
    assert_eq!(reason, Some(true), "a newline is a control character");
    let b = create_with(&mut black, &named(&join, "Bea"));
    let expected = vec![Some("Ada Lovelace".to_string()), Some("Bea".to_string())];
    let mut spectator = connect(&addr);
    assert_eq!(view_of(&mut spectator, &w.game, None).names, expected);
    let mut white_again = connect(&addr);
    let view = view_of(&mut white_again, &w.game, Some(&w.token));
    assert_eq!(view.names, expected);
    // The names are events like the others: a restarted server has them.
    drop(server);
    let server = serve_in_process(&db, Limits::default());
    let mut again = connect(&server.addr.to_string());
    assert_eq!(view_of(&mut again, &b.game, Some(&b.token)).names, expected);
    // A nameless seat stays nameless.
    let mut solo = connect(&server.addr.to_string());
    let s = create_with(&mut solo, &create);
    assert_eq!(view_of(&mut solo, &s.game, None).names, vec![None, None]);
}
