//! Online play over real sockets and a real database: the server on a free
//! port of 127.0.0.1 (in this process, or the built binary where it must be
//! killed), its games in an SQLite file or a PostgreSQL database of the
//! test's own ([`crate::net_db`]; each test that stores games runs on both),
//! and headless clients playing through it. Every wait is bounded by the
//! clients' read timeout and every loop by a count.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::Duration;
use std::time::Instant;

use variantarium::net::client::{Client, GameView};
use variantarium::net::player::{SeatTicket, await_seat, follow, play_to_end, rejoin};
use variantarium::net::protocol::{ClientMessage, ClockSpec, GameEvent, ServerMessage};
use variantarium::net::room::rules_status;
use variantarium::net::server::{Limits, RunningServer, ServerConfig, start};
use variantarium::rules::DrawRules;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::zobrist::splitmix64;

use crate::net_db::{Backend, TestDb};

/// The longest a client waits for one message.
const WAIT: Duration = Duration::from_secs(60);

crate::on_both_backends!(
    every_two_player_variant_is_played_to_its_end_online,
    a_three_player_game_is_played_to_its_end_and_a_spectator_sees_it_all,
    illegal_late_foreign_and_spectator_moves_are_refused_while_the_game_beside_goes_on,
    resign_draw_and_abort_end_games_as_the_rules_of_play_say,
    thousands_of_malformed_messages_are_refused_and_the_games_go_on,
    a_player_cut_off_mid_game_reconnects_with_its_token_and_loses_or_doubles_no_move,
    a_server_killed_mid_games_restarts_with_every_acknowledged_move_and_its_clocks,
    a_flag_falls_on_the_server_when_the_side_to_move_runs_out_of_time,
    two_bots_play_a_game_through_the_serve_command,
);

pub fn serve_in_process(db: &TestDb, limits: Limits) -> RunningServer {
    let config = ServerConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        db: db.db.clone(),
        limits,
    };
    start(&config).expect("the server starts")
}

pub fn connect(server: &str) -> Client {
    Client::connect(server, WAIT).expect("the client connects")
}

/// A quick player that ends games: a capture when there is one, else a
/// move picked by the seed and the ply.
pub fn quick_mover(seed: u64) -> impl FnMut(&dyn Session) -> Option<String> {
    move |session: &dyn Session| {
        let moves = session.legal_moves();
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let pick = splitmix64(seed ^ session.ply_count() as u64) as usize;
        if captures.is_empty() {
            moves.get(pick % moves.len().max(1)).map(|m| m.text.clone())
        } else {
            Some(captures[pick % captures.len()].text.clone())
        }
    }
}

pub fn create(
    client: &mut Client,
    variant: &str,
    pawn: Option<&str>,
    seat: Option<u8>,
) -> SeatTicket {
    create_timed(client, variant, pawn, seat, None)
}

pub fn create_timed(
    client: &mut Client,
    variant: &str,
    pawn: Option<&str>,
    seat: Option<u8>,
    clock: Option<ClockSpec>,
) -> SeatTicket {
    let message = ClientMessage::Create {
        variant: variant.into(),
        pawn: pawn.map(str::to_string),
        promotion: None,
        position: None,
        clock,
        seat,
        listed: true,
        name: None,
    };
    create_with(client, &message)
}

/// Sends a `create` (or `join`) and waits for the seat.
pub fn create_with(client: &mut Client, message: &ClientMessage) -> SeatTicket {
    client.send(message).unwrap();
    await_seat(client).expect("seated")
}

pub fn join(client: &mut Client, code: &str) -> SeatTicket {
    client
        .send(&ClientMessage::Join {
            code: code.into(),
            seat: None,
            name: None,
        })
        .unwrap();
    await_seat(client).expect("seated")
}

/// Plays one game between `players` clients to its end, each on its own
/// thread; returns each player's finished view.
fn play_game(server: &str, variant: &str, pawn: Option<&str>, seed: u64) -> Vec<GameView> {
    let sides = new_session(
        Variant::parse(variant, pawn).unwrap(),
        DrawRules::default(),
        None,
    )
    .unwrap()
    .side_count();
    let mut creator = connect(server);
    let ticket = create(&mut creator, variant, pawn, Some(0));
    let mut handles = Vec::new();
    for k in 1..sides {
        let (server, code) = (server.to_string(), ticket.code.clone());
        handles.push(thread::spawn(move || {
            let mut client = connect(&server);
            let seat = join(&mut client, &code);
            play_to_end(&mut client, &seat, &mut quick_mover(seed + k as u64)).unwrap()
        }));
    }
    let mut views = vec![play_to_end(&mut creator, &ticket, &mut quick_mover(seed)).unwrap()];
    views.extend(handles.into_iter().map(|h| h.join().expect("a player")));
    views
}

/// The game as the server stored it: its moves and its result.
pub fn stored(db: &TestDb, game: &str) -> (Vec<String>, String) {
    let mut store = db.store();
    let game = store.game(game).unwrap().expect("the game is stored");
    let mut moves = Vec::new();
    let mut status = String::new();
    for event in game.events {
        match event {
            GameEvent::Moved { text, .. } => moves.push(text),
            GameEvent::Ended { status: s, .. } => status = s,
            _ => {}
        }
    }
    (moves, status)
}

/// The players' views agree with each other, with the server's record and
/// with the rules replaying the moves.
pub fn check_agreement(db: &TestDb, variant: &str, pawn: Option<&str>, views: &[GameView]) {
    let first = &views[0];
    for view in views {
        assert_eq!(view.session.moves(), first.session.moves(), "{variant}");
        assert_eq!(view.ended, first.ended, "{variant}");
        assert_eq!(view.version, first.version, "{variant}");
    }
    let (moves, status) = stored(db, &first.game);
    assert_eq!(moves, first.session.moves(), "{variant}: the record");
    assert_eq!(Some(&status), first.ended.as_ref(), "{variant}: the result");
    let mut replay = new_session(
        Variant::parse(variant, pawn).unwrap(),
        DrawRules::default(),
        None,
    )
    .unwrap();
    for text in &moves {
        replay
            .play(text)
            .expect("the rules accept every stored move");
    }
    assert!(replay.outcome().is_some(), "{variant}: ended by the rules");
    assert_eq!(rules_status(replay.as_ref()), status, "{variant}");
}

fn every_two_player_variant_is_played_to_its_end_online(backend: Backend) {
    let db = TestDb::new("two", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let mut games: Vec<(String, Option<&str>)> = VariantId::ALL
        .into_iter()
        .filter(|v| !v.is_three_player())
        .map(|v| (v.id().to_string(), None))
        .collect();
    games.push(("aj-glinski".into(), Some("corporal")));
    for (k, (variant, pawn)) in games.iter().enumerate() {
        let views = play_game(&addr, variant, *pawn, 100 + k as u64);
        assert_eq!(views.len(), 2);
        assert!(!views[0].session.moves().is_empty(), "{variant}");
        check_agreement(&db, variant, *pawn, &views);
    }
}

fn a_three_player_game_is_played_to_its_end_and_a_spectator_sees_it_all(backend: Backend) {
    let db = TestDb::new("three", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let views = play_game(&addr, "aj-mccooey-3p", None, 7);
    assert_eq!(views.len(), 3);
    check_agreement(&db, "aj-mccooey-3p", None, &views);
    // A spectator afterwards sees the same game, event by event, no token.
    let mut watcher = connect(&addr);
    let game = views[0].game.clone();
    watcher
        .send(&ClientMessage::Watch {
            game: game.clone(),
            since: 0,
        })
        .unwrap();
    let mut view = None;
    for _ in 0..100_000 {
        let message = watcher.recv().unwrap();
        let text = format!("{message:?}");
        assert!(!text.contains("token"), "a spectator sees no token: {text}");
        assert_eq!(follow(&mut view, &game, message).unwrap(), None);
        if view.as_ref().is_some_and(|v: &GameView| v.ended.is_some()) {
            break;
        }
    }
    let view = view.expect("the spectator follows the game");
    assert_eq!(view.session.moves(), views[0].session.moves());
    assert_eq!(view.ended, views[0].ended);
}

/// Sends `message` and reads up to the answer: the reason of a refusal, or
/// None for an acknowledgement; events on the way are skipped.
pub fn answer(client: &mut Client, message: &ClientMessage) -> Option<String> {
    client.send(message).unwrap();
    for _ in 0..1000 {
        match client.recv().unwrap() {
            ServerMessage::Refused { reason, .. } => return Some(reason),
            ServerMessage::Ack { .. } => return None,
            _ => {}
        }
    }
    panic!("no answer to {message:?}");
}

pub fn move_message(ticket: &SeatTicket, ply: u32, text: &str) -> ClientMessage {
    ClientMessage::Move {
        game: ticket.game.clone(),
        token: ticket.token.clone(),
        ply,
        text: text.into(),
    }
}

/// A game of `variant` with both seats taken: White's client and ticket,
/// then Black's.
fn seated_pair(addr: &str, variant: &str) -> ((Client, SeatTicket), (Client, SeatTicket)) {
    let mut white = connect(addr);
    let white_ticket = create(&mut white, variant, None, Some(0));
    let mut black = connect(addr);
    let black_ticket = join(&mut black, &white_ticket.code);
    assert_eq!((white_ticket.seat, black_ticket.seat), (0, 1));
    ((white, white_ticket), (black, black_ticket))
}

pub fn first_moves(variant: &str, count: usize) -> Vec<String> {
    let mut session = new_session(
        Variant::parse(variant, None).unwrap(),
        DrawRules::default(),
        None,
    )
    .unwrap();
    let mut mover = quick_mover(3);
    (0..count)
        .map(|_| {
            let text = mover(session.as_ref()).unwrap();
            session.play(&text).unwrap();
            text
        })
        .collect()
}

fn illegal_late_foreign_and_spectator_moves_are_refused_while_the_game_beside_goes_on(
    backend: Backend,
) {
    let db = TestDb::new("refusals", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let ((mut white, w), (mut black, b)) = seated_pair(&addr, "flaxman");
    let beside = thread::spawn({
        let addr = addr.clone();
        move || play_game(&addr, "chakra", None, 11)
    });
    let moves = first_moves("flaxman", 2);
    let refused = |client: &mut Client, message: ClientMessage, says: &str| {
        let reason = answer(client, &message).unwrap_or_else(|| panic!("{message:?} was accepted"));
        assert!(
            reason.contains(says),
            "{message:?}: '{reason}' lacks '{says}'"
        );
    };
    refused(&mut white, move_message(&w, 0, "a1-a9"), "");
    refused(&mut black, move_message(&b, 0, &moves[0]), "not your turn");
    refused(&mut white, move_message(&b, 0, &moves[0]), "not your turn");
    let mut forged = w.clone();
    forged.token = "0".repeat(32);
    refused(&mut white, move_message(&forged, 0, &moves[0]), "no seat");
    refused(&mut white, move_message(&w, 5, &moves[0]), "at move 0");
    let mut spectator = connect(&addr);
    spectator
        .send(&ClientMessage::Watch {
            game: w.game.clone(),
            since: 0,
        })
        .unwrap();
    refused(
        &mut spectator,
        move_message(&forged, 0, &moves[0]),
        "no seat",
    );
    let tokenless = format!(
        r#"{{"type":"move","game":"{}","ply":0,"text":"{}"}}"#,
        w.game, moves[0]
    );
    spectator.send_text(&tokenless).unwrap();
    let reason = loop {
        if let ServerMessage::Refused { reason, .. } = spectator.recv().unwrap() {
            break reason;
        }
    };
    assert!(reason.contains("token"), "{reason}");
    refused(
        &mut spectator,
        ClientMessage::Resume {
            game: w.game.clone(),
            token: forged.token.clone(),
            since: 0,
        },
        "no seat",
    );
    // The refusals changed nothing: the first move is still White's.
    assert_eq!(answer(&mut white, &move_message(&w, 0, &moves[0])), None);
    // Sent again (as after a reconnect), it is acknowledged, not replayed.
    assert_eq!(answer(&mut white, &move_message(&w, 0, &moves[0])), None);
    refused(&mut white, move_message(&w, 0, &moves[1]), "move 0 was");
    assert_eq!(answer(&mut black, &move_message(&b, 1, &moves[1])), None);
    assert_eq!(stored(&db, &w.game).0, moves);
    let views = beside.join().expect("the game beside");
    check_agreement(&db, "chakra", None, &views);
}

/// Plays `moves` in a game, each by the side to move, acknowledged.
pub fn play_moves(seats: &mut [(Client, SeatTicket)], moves: &[String]) {
    for (ply, text) in moves.iter().enumerate() {
        let (client, ticket) = &mut seats[ply % 2];
        assert_eq!(
            answer(client, &move_message(ticket, ply as u32, text)),
            None
        );
    }
}

fn ended_status(db: &TestDb, game: &str) -> String {
    stored(db, game).1
}

fn resign_draw_and_abort_end_games_as_the_rules_of_play_say(backend: Backend) {
    let db = TestDb::new("lobby", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let moves = first_moves("tapestry", 3);
    // Resignation.
    let (white, black) = seated_pair(&addr, "tapestry");
    let mut seats = [white, black];
    play_moves(&mut seats, &moves);
    let [(mut white, w), (mut black, b)] = seats;
    let resign = |t: &SeatTicket| ClientMessage::Resign {
        game: t.game.clone(),
        token: t.token.clone(),
    };
    let abort = |t: &SeatTicket| ClientMessage::Abort {
        game: t.game.clone(),
        token: t.token.clone(),
    };
    let offer = |t: &SeatTicket| ClientMessage::OfferDraw {
        game: t.game.clone(),
        token: t.token.clone(),
    };
    let too_late = answer(&mut white, &abort(&w)).expect("no abort after both moved");
    assert!(too_late.contains("too late"), "{too_late}");
    assert_eq!(answer(&mut black, &resign(&b)), None);
    assert_eq!(ended_status(&db, &w.game), "1-0 resignation");
    let over = answer(&mut white, &move_message(&w, 3, &moves[0])).expect("over");
    assert!(over.contains("over"), "{over}");
    // A draw offered, declined, offered again and accepted.
    let ((mut white, w), (mut black, b)) = seated_pair(&addr, "tapestry");
    assert_eq!(answer(&mut white, &offer(&w)), None);
    let decline = ClientMessage::DeclineDraw {
        game: b.game.clone(),
        token: b.token.clone(),
    };
    assert_eq!(answer(&mut black, &decline), None);
    assert_eq!(answer(&mut white, &offer(&w)), None);
    assert!(answer(&mut white, &offer(&w)).is_some(), "offered twice");
    assert_eq!(answer(&mut black, &offer(&b)), None);
    assert_eq!(ended_status(&db, &w.game), "1/2-1/2 agreement");
    // Abort after one move; a seek lists only games with a free seat.
    let ((mut white, w), (_black, _)) = seated_pair(&addr, "tapestry");
    assert_eq!(answer(&mut white, &move_message(&w, 0, &moves[0])), None);
    assert_eq!(answer(&mut white, &abort(&w)), None);
    assert_eq!(ended_status(&db, &w.game), "aborted");
    let mut seeker = connect(&addr);
    let open = create(&mut seeker, "chakra", None, None);
    seeker.send(&ClientMessage::Seeks).unwrap();
    let seeks = loop {
        if let ServerMessage::Seeks { seeks } = seeker.recv().unwrap() {
            break seeks;
        }
    };
    let codes: Vec<&str> = seeks.iter().map(|s| s.code.as_str()).collect();
    assert_eq!(
        codes,
        vec![open.code.as_str()],
        "only the open game is a seek"
    );
    assert_eq!(seeks[0].free_seats, vec![1 - open.seat]);
}

/// Malformed and hostile messages, made from a seed: broken JSON, unknown
/// types, wrong field types, real messages with bytes changed.
fn hostile_message(seed: u64, real: &str) -> String {
    let r = splitmix64(seed);
    match r % 6 {
        0 => {
            let cut = (r >> 8) as usize % real.len();
            real[..cut].to_string()
        }
        1 => format!(r#"{{"type":"t{}","game":"x"}}"#, r >> 40),
        2 => r#"{"type":"move","game":7,"token":[],"ply":-1,"text":null}"#.to_string(),
        3 => {
            let mut bytes = real.as_bytes().to_vec();
            let at = (r >> 8) as usize % bytes.len();
            bytes[at] = b"{}[]\":,0x\\"[(r >> 20) as usize % 10];
            String::from_utf8_lossy(&bytes).into_owned()
        }
        4 => "[".repeat(1 + (r >> 8) as usize % 2000),
        _ => (0..(r >> 8) % 64)
            .map(|k| char::from(32 + (splitmix64(r + k) % 95) as u8))
            .collect(),
    }
}

fn thousands_of_malformed_messages_are_refused_and_the_games_go_on(backend: Backend) {
    let db = TestDb::new("fuzz", backend);
    let limits = Limits {
        messages_per_second: 1e6,
        message_burst: 1e6,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    let ((white, w), (black, b)) = seated_pair(&addr, "flaxman");
    let moves = first_moves("flaxman", 4);
    let real = variantarium::net::protocol::to_json(&move_message(&w, 0, &moves[0]));
    let mut fuzzer = connect(&addr);
    let (mut refused, mut reconnects) = (0, 0);
    for seed in 0..3000u64 {
        let text = hostile_message(seed, &real);
        let answered = fuzzer.send_text(&text).and_then(|()| fuzzer.recv());
        match answered {
            Ok(ServerMessage::Refused { .. }) => refused += 1,
            // Some mutations are still valid requests (a move on another
            // token, say); those are answered too.
            Ok(_) => {}
            Err(_) => {
                reconnects += 1;
                fuzzer = connect(&addr);
            }
        }
    }
    assert!(
        refused > 2500,
        "only {refused} refusals ({reconnects} reconnects)"
    );
    // A binary frame and a frame over the size limit.
    fuzzer.send_binary(vec![0xff; 64]).unwrap();
    assert!(matches!(fuzzer.recv(), Ok(ServerMessage::Refused { .. })));
    let huge = "x".repeat(limits.max_message_bytes + 1);
    let _ = fuzzer.send_text(&huge);
    assert!(
        fuzzer.recv().is_err(),
        "an oversized frame closes the connection"
    );
    // The game in progress goes on, and a new one is played to its end.
    let mut seats = [(white, w), (black, b)];
    play_moves(&mut seats, &moves);
    let views = play_game(&addr, "flaxman", None, 5);
    check_agreement(&db, "flaxman", None, &views);
}

#[test]
fn a_connection_over_the_message_rate_is_refused_then_closed() {
    let db = TestDb::new("rate", Backend::Sqlite);
    let limits = Limits {
        messages_per_second: 0.001,
        message_burst: 5.0,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let mut client = connect(&server.addr.to_string());
    let mut answers = Vec::new();
    for _ in 0..20 {
        client.send(&ClientMessage::Seeks).unwrap();
        answers.push(match client.recv().unwrap() {
            ServerMessage::Seeks { .. } => "seeks".to_string(),
            ServerMessage::Refused { reason, .. } => reason,
            other => format!("{other:?}"),
        });
    }
    assert_eq!(answers[..5], vec!["seeks"; 5]);
    assert!(
        answers[5..].iter().all(|a| a.contains("too many messages")),
        "{answers:?}"
    );
    // Keeping on closes the connection; another connection is served.
    let closed = (0..200).any(|_| {
        client
            .send(&ClientMessage::Seeks)
            .and_then(|()| client.recv())
            .is_err()
    });
    assert!(closed, "the connection stays open");
    let mut other = connect(&server.addr.to_string());
    other.send(&ClientMessage::Seeks).unwrap();
    assert!(matches!(other.recv(), Ok(ServerMessage::Seeks { .. })));
}

/// Comes back to a seat (or watches, without a token) from the event after
/// `since`: the new client, the events it was sent, and the version the
/// server says it has sent them up to.
pub fn resume(addr: &str, ticket: &SeatTicket, since: u64) -> (Client, Vec<(u64, GameEvent)>) {
    let mut client = connect(addr);
    client
        .send(&ClientMessage::Resume {
            game: ticket.game.clone(),
            token: ticket.token.clone(),
            since,
        })
        .unwrap();
    let mut events = Vec::new();
    for _ in 0..100_000 {
        match client.recv().unwrap() {
            ServerMessage::Event { version, event, .. } => events.push((version, event)),
            ServerMessage::Following { version, .. } => {
                assert_eq!(events.last().map_or(since, |e| e.0), version.max(since));
                return (client, events);
            }
            other => panic!("resuming: {other:?}"),
        }
    }
    panic!("no end to the missed events");
}

/// Finishes a game from new connections of every seat.
fn finish(addr: &str, tickets: &[SeatTicket], seed: u64) -> Vec<GameView> {
    let seats: Vec<(&str, &SeatTicket)> = tickets.iter().map(|t| (addr, t)).collect();
    finish_across(&seats, seed)
}

/// Finishes a game from new connections, each seat on the server given
/// beside its ticket.
pub fn finish_across(seats: &[(&str, &SeatTicket)], seed: u64) -> Vec<GameView> {
    let handles: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(k, &(addr, ticket))| {
            let (addr, ticket) = (addr.to_string(), ticket.clone());
            thread::spawn(move || {
                let mut client = connect(&addr);
                client
                    .send(&ClientMessage::Resume {
                        game: ticket.game.clone(),
                        token: ticket.token.clone(),
                        since: 0,
                    })
                    .unwrap();
                play_to_end(&mut client, &ticket, &mut quick_mover(seed + k as u64)).unwrap()
            })
        })
        .collect();
    handles
        .into_iter()
        .map(|h| h.join().expect("a player"))
        .collect()
}

fn a_player_cut_off_mid_game_reconnects_with_its_token_and_loses_or_doubles_no_move(
    backend: Backend,
) {
    let db = TestDb::new("reconnect", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let ((white, w), (black, b)) = seated_pair(&addr, "chakra");
    let moves = first_moves("chakra", 5);
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &moves[..4]);
    let [(mut white, _), (mut black, _)] = seats;
    // White has seen every event up to its last acknowledgement.
    let seen = 2 + 1 + 4;
    white.send(&move_message(&w, 4, &moves[4])).unwrap();
    white.cut();
    // Black's side goes on meanwhile: the move arrives there.
    let arrived = (0..1000).any(|_| {
        matches!(
            black.recv().unwrap(),
            ServerMessage::Event {
                event: GameEvent::Moved { ply: 4, .. },
                ..
            }
        )
    });
    assert!(arrived, "Black sees White's move");
    let (mut white, missed) = resume(&addr, &w, seen);
    let versions: Vec<u64> = missed.iter().map(|e| e.0).collect();
    assert_eq!(versions, vec![seen + 1], "exactly the missed event");
    assert!(matches!(&missed[0].1, GameEvent::Moved { ply: 4, text, .. } if *text == moves[4]));
    // Sent again after the reconnect, the move is acknowledged, not doubled.
    assert_eq!(answer(&mut white, &move_message(&w, 4, &moves[4])), None);
    assert_eq!(stored(&db, &w.game).0, moves);
    // Black's move is lost with its connection before the server reads
    // it: rejoining catches up and sends it again, once.
    let (black, events) = resume(&addr, &b, 0);
    let mut view = None;
    for (version, event) in events {
        let message = ServerMessage::Event {
            game: b.game.clone(),
            version,
            event,
        };
        assert_eq!(follow(&mut view, &b.game, message), Ok(None));
    }
    let mut view = view.expect("Black's view");
    let reply = first_moves("chakra", 6)[5].clone();
    black.cut();
    let pending = Some((5, reply.clone()));
    let mut black = rejoin(&addr, WAIT, &b, &mut view, pending.clone()).unwrap();
    let acked = (0..1000).find_map(|_| match black.recv().unwrap() {
        ServerMessage::Ack { version, .. } => Some(version),
        ServerMessage::Refused { reason, .. } => panic!("{reason}"),
        _ => None,
    });
    assert_eq!(acked, Some(seen + 2));
    // Rejoining again with the same move pending sends nothing twice.
    let _black = rejoin(&addr, WAIT, &b, &mut view, pending).unwrap();
    assert_eq!(view.session.moves(), first_moves("chakra", 6));
    assert_eq!(stored(&db, &w.game).0, first_moves("chakra", 6));
    let views = finish(&addr, &[w, b], 21);
    check_agreement(&db, "chakra", None, &views);
    assert_eq!(views[0].session.moves()[..6], first_moves("chakra", 6)[..]);
}

/// The server as its own process, so that it can be killed with SIGKILL.
pub struct ServerProcess {
    child: Child,
    pub addr: String,
    /// Kept open: the server writes a line more after its address.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl ServerProcess {
    pub fn start(db: &TestDb) -> ServerProcess {
        ServerProcess::start_with(db, &[])
    }

    /// A server with more flags of `serve`.
    pub fn start_with(db: &TestDb, flags: &[&str]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variantarium"))
            .args(["serve", "--listen", "127.0.0.1:0", "--db", &db.arg])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening ")
            .unwrap_or_else(|| panic!("the server says '{line}'"))
            .to_string();
        ServerProcess {
            child,
            addr,
            _stdout: stdout,
        }
    }

    /// SIGTERM, then waits (a bounded time) for the server to stop by
    /// itself; its exit status. It says `stopped` last.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        // SAFETY: kill only sends a signal to the child's process id.
        let sent = unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM) };
        assert_eq!(sent, 0, "SIGTERM to the server");
        for _ in 0..600 {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut rest = String::new();
                let _ = self._stdout.read_to_string(&mut rest);
                assert!(
                    rest.trim_end().ends_with("stopped"),
                    "the server said {rest:?}"
                );
                return status;
            }
            thread::sleep(Duration::from_millis(50));
        }
        panic!("the server did not stop within 30 s of SIGTERM");
    }

    /// `kill -9`: no chance to finish anything.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The clocks after the last move of a run of events.
fn last_clock(events: &[(u64, GameEvent)]) -> Option<Vec<u64>> {
    events.iter().rev().find_map(|(_, e)| match e {
        GameEvent::Moved { clock_ms, .. } => clock_ms.clone(),
        _ => None,
    })
}

/// The clocks a spectator who starts watching `game` is told.
fn clocks_a_spectator_sees(addr: &str, game: &str) -> Vec<u64> {
    let mut watcher = connect(addr);
    watcher
        .send(&ClientMessage::Watch {
            game: game.to_string(),
            since: 0,
        })
        .unwrap();
    let now = (0..1000).find_map(|_| match watcher.recv().unwrap() {
        ServerMessage::Following { clock_ms, .. } => Some(clock_ms),
        _ => None,
    });
    now.flatten().expect("a spectator is told the clocks")
}

fn a_server_killed_mid_games_restarts_with_every_acknowledged_move_and_its_clocks(
    backend: Backend,
) {
    let db = TestDb::new("kill", backend);
    let first = ServerProcess::start(&db);
    let untimed = first_moves("flaxman", 7);
    let timed = first_moves("tapestry", 4);
    let (white, black) = seated_pair(&first.addr, "flaxman");
    let mut plain = [white, black];
    play_moves(&mut plain, &untimed[..6]);
    let mut clocked_white = connect(&first.addr);
    let clock = ClockSpec::parse("10+0").unwrap();
    let cw = create_timed(&mut clocked_white, "tapestry", None, Some(0), Some(clock));
    let mut clocked_black = connect(&first.addr);
    let cb = join(&mut clocked_black, &cw.code);
    let mut clocked = [(clocked_white, cw.clone()), (clocked_black, cb.clone())];
    play_moves(&mut clocked, &timed);
    // One move in flight when the server dies: stored or not, never half.
    let (w, b) = (plain[0].1.clone(), plain[1].1.clone());
    plain[0].0.send(&move_message(&w, 6, &untimed[6])).unwrap();
    first.kill();
    // Time passes while the server is down; nobody's clock runs.
    thread::sleep(Duration::from_millis(1500));
    let restarted_at = Instant::now();
    let second = ServerProcess::start(&db);
    let (mut white, events) = resume(&second.addr, &w, 0);
    let moved: Vec<String> = events
        .iter()
        .filter_map(|(_, e)| match e {
            GameEvent::Moved { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(moved.len() == 6 || moved.len() == 7, "{moved:?}");
    assert_eq!(moved[..], untimed[..moved.len()], "every acknowledged move");
    assert_eq!(answer(&mut white, &move_message(&w, 6, &untimed[6])), None);
    assert_eq!(stored(&db, &w.game).0, untimed);
    // The timed game: the clocks as they were, White to move, still on.
    let (mut clocked_white, events) = resume(&second.addr, &cw, 0);
    let before = last_clock(&events).expect("a timed game's moves carry clocks");
    let now = clocks_a_spectator_sees(&second.addr, &cw.game);
    assert!(
        now[0] <= before[0] && now[1] == before[1],
        "{now:?} {before:?}"
    );
    let waited = before[0] - now[0];
    assert!(
        waited <= restarted_at.elapsed().as_millis() as u64,
        "{waited} ms charged"
    );
    let text = first_moves("tapestry", 5)[4].clone();
    assert_eq!(
        answer(&mut clocked_white, &move_message(&cw, 4, &text)),
        None
    );
    let (_, after) = resume(&second.addr, &cw, events.len() as u64);
    let after = last_clock(&after).expect("the clocks after the move");
    let charged = before[0] - after[0];
    let since_restart = restarted_at.elapsed().as_millis() as u64;
    assert!(
        charged <= since_restart,
        "{charged} ms charged, {since_restart} ms since the restart"
    );
    assert_eq!(after[1], before[1], "Black's clock stood still");
    // Both games go on to their ends on the restarted server.
    let plain_views = finish(&second.addr, &[w, b], 31);
    check_agreement(&db, "flaxman", None, &plain_views);
    let clocked_views = finish(&second.addr, &[cw, cb], 41);
    check_agreement(&db, "tapestry", None, &clocked_views);
}

fn two_bots_play_a_game_through_the_serve_command(backend: Backend) {
    let db = TestDb::new("bots", backend);
    let server = ServerProcess::start(&db);
    let bot = |address: &str, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_variantarium"))
            .args(["bot", "--server", address, "--level", "1"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the bot starts")
    };
    let mut creator = bot(
        &server.addr,
        &[
            "--create",
            "aj-glinski",
            "--pawn",
            "migrant",
            "--clock",
            "30+1",
        ],
    );
    let mut out = BufReader::new(creator.stdout.take().unwrap());
    let mut code = String::new();
    out.read_line(&mut code).unwrap();
    let code = code.trim().to_string();
    assert_eq!(code.len(), 10, "the invite code first: '{code}'");
    // The address as the server prints it, ws:// and all.
    let url = format!("ws://{}/", server.addr);
    let joiner = bot(&url, &["--join", &code]).wait_with_output().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(creator.wait().unwrap().success());
    assert!(
        joiner.status.success(),
        "{}",
        String::from_utf8_lossy(&joiner.stderr)
    );
    let joined = String::from_utf8_lossy(&joiner.stdout).to_string();
    assert_eq!(rest, joined, "both bots print the same result");
    let result = rest.trim();
    let scores = ["1-0 ", "0-1 ", "1/2-1/2 ", "3/4-1/4 ", "1/4-3/4 "];
    assert!(scores.iter().any(|s| result.starts_with(s)), "'{result}'");
}

#[test]
fn serve_and_bot_refuse_bad_arguments_with_one_line_and_status_2() {
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr).to_string();
        (output.status.code(), err)
    };
    let cases: [&[&str]; 10] = [
        &[
            "bot",
            "--server",
            "http://127.0.0.1:1",
            "--create",
            "flaxman",
        ],
        &["bot", "--server", "ws://127.0.0.1", "--create", "flaxman"],
        &["serve", "--listen", "nowhere"],
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            "postgres://nobody@127.0.0.1:1/games",
        ],
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            "host=/nonexistent dbname=games",
        ],
        &[
            "bot",
            "--server",
            "127.0.0.1:1",
            "--level",
            "9",
            "--create",
            "flaxman",
        ],
        &[
            "bot",
            "--server",
            "127.0.0.1:1",
            "--create",
            "flaxman",
            "--clock",
            "five",
        ],
        &["bot", "--server", "127.0.0.1:1", "--create", "nochess"],
        &[
            "bot",
            "--server",
            "127.0.0.1:1",
            "--create",
            "glinski",
            "--promotion",
            "straight",
        ],
        &[
            "bot",
            "--server",
            "127.0.0.1:1",
            "--join",
            "abc",
            "--games",
            "2",
        ],
    ];
    for args in cases {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// An address is typed as HOST:PORT or as the ws:// URL the server
/// prints; anything else is refused in a few words before any connection.
#[test]
fn a_server_address_is_host_port_or_a_ws_url() {
    use variantarium::net::address::server_address;
    for (typed, read) in [
        ("127.0.0.1:7878", "127.0.0.1:7878"),
        ("ws://127.0.0.1:7878", "127.0.0.1:7878"),
        (" ws://example.org:80/ ", "example.org:80"),
        ("WS://[::1]:7878", "[::1]:7878"),
    ] {
        assert_eq!(server_address(typed).as_deref(), Ok(read), "{typed}");
    }
    for (typed, why) in [
        ("nowhere", "no port"),
        ("ws://127.0.0.1", "no port"),
        ("wss://127.0.0.1:7878", "wss:// is not spoken"),
        ("http://127.0.0.1:7878", "http:// is not spoken"),
        ("ws://127.0.0.1:7878/games", "has a path"),
        (":7878", "no host"),
        ("127.0.0.1:99999", "no port 1 to 65535"),
        ("127.0.0.1:0", "no port 1 to 65535"),
    ] {
        let error = server_address(typed).expect_err(typed);
        assert!(error.contains(why), "{typed}: {error}");
        assert_eq!(error.lines().count(), 1, "{error}");
    }
    // Both forms reach a real server.
    let db = TestDb::new("address", Backend::Sqlite);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    for typed in [
        addr.clone(),
        format!("ws://{addr}"),
        format!("ws://{addr}/"),
    ] {
        Client::connect(&typed, WAIT)
            .unwrap_or_else(|e| panic!("{typed}: {e}"))
            .close();
    }
    let refused = Client::connect(&format!("http://{addr}"), WAIT).err();
    let refused = refused.expect("no connection to an http:// address");
    assert!(refused.contains("ws://HOST:PORT"), "{refused}");
}

fn a_flag_falls_on_the_server_when_the_side_to_move_runs_out_of_time(backend: Backend) {
    let db = TestDb::new("flag", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let mut white = connect(&addr);
    let clock = ClockSpec {
        initial_ms: 300,
        increment_ms: 0,
        days_per_move: None,
    };
    let w = create_timed(&mut white, "flaxman", None, Some(0), Some(clock));
    let mut black = connect(&addr);
    let b = join(&mut black, &w.code);
    let mut seats = [(white, w.clone()), (black, b)];
    // The clocks start once both sides have moved; then White waits.
    play_moves(&mut seats, &first_moves("flaxman", 2));
    // The flag may fall before or after the resume has caught up.
    let (mut watcher, missed) = resume(&addr, &w, 0);
    let end_of = |event: GameEvent| match event {
        GameEvent::Ended { status, clock_ms } => Some((status, clock_ms)),
        _ => None,
    };
    let ended = missed
        .into_iter()
        .find_map(|(_, event)| end_of(event))
        .or_else(|| {
            (0..100).find_map(|_| match watcher.recv().unwrap() {
                ServerMessage::Event { event, .. } => end_of(event),
                _ => None,
            })
        });
    let (status, clock_ms) = ended.expect("the game ends on time");
    assert_eq!(status, "0-1 timeout");
    assert_eq!(clock_ms.expect("the clocks")[0], 0, "White's flag fell");
    let late = answer(&mut seats[0].0, &move_message(&w, 2, "b1-b2")).expect("refused");
    assert!(late.contains("over"), "{late}");
    assert_eq!(stored(&db, &w.game).1, "0-1 timeout");
}
