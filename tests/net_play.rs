//! A game's options and the requests beside the moves, online: the
//! promotion option, over real sockets on 127.0.0.1 with the games in a
//! database of the test's own (each test on SQLite and on PostgreSQL).
//! Every wait is bounded by the clients' read timeout and every loop by a
//! count.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use variantarium::net::client::{Client, GameView};
use variantarium::net::player::{SeatTicket, follow};
use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::room::{Room, game_session};
use variantarium::net::server::Limits;
use variantarium::rules::zobrist::splitmix64;

use crate::net::{
    ServerProcess, answer, connect, create_timed, create_with, first_moves, join, move_message,
    play_moves, serve_in_process, stored,
};
use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(
    a_promotion_only_its_option_allows_is_played_online_and_refused_without_it,
    the_bot_creates_a_game_with_the_promotion_option_it_is_given,
    display_names_reach_every_seat_and_spectator_and_outlive_a_restart,
    a_takeback_asked_and_accepted_undoes_the_last_moves_and_outlives_kill_9,
    a_three_player_takeback_waits_for_both_others,
    a_player_gone_past_the_grace_loses_on_the_other_players_claim,
    after_a_restart_a_seat_that_never_comes_back_can_be_claimed_against,
    a_rematch_every_seat_accepts_is_a_new_game_with_the_seats_turned_round,
    a_correspondence_game_keeps_its_days_per_move_through_a_restart,
    the_bot_takes_a_move_back_when_asked_and_accepts_a_rematch,
);

/// A `create` of an untimed, unlisted game with the creator on `seat`.
pub fn create_message(variant: &str, promotion: Option<&str>, seat: u8) -> ClientMessage {
    ClientMessage::Create {
        variant: variant.into(),
        pawn: None,
        promotion: promotion.map(str::to_string),
        position: None,
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
        let mut with = game_session(variant, None, Some(promotion), None).unwrap();
        let mut plain = game_session(variant, None, None, None).unwrap();
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

/// A seated player's request without fields of its own (`resign`,
/// `takeback`, `claim_win`, `rematch`…) for `ticket`'s seat.
pub fn request(kind: &str, ticket: &SeatTicket) -> ClientMessage {
    let text = format!(
        r#"{{"type":"{kind}","game":"{}","token":"{}"}}"#,
        ticket.game, ticket.token
    );
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{kind}: {e}"))
}

/// Sends a request that must be refused; its reason must say `says`.
pub fn refused(client: &mut Client, message: &ClientMessage, says: &str) {
    let reason = answer(client, message).unwrap_or_else(|| panic!("{message:?} was accepted"));
    assert!(
        reason.contains(says),
        "{message:?}: '{reason}' lacks '{says}'"
    );
}

/// The moves of a stored game as the server replays them (takebacks
/// included), and its events.
pub fn replayed(db: &TestDb, game: &str) -> (Vec<String>, Vec<GameEvent>) {
    let events = db.store().game(game).unwrap().expect("stored").events;
    let room = Room::replay(&events, std::time::Instant::now()).expect("the events replay");
    (room.moves(), events)
}

fn a_takeback_asked_and_accepted_undoes_the_last_moves_and_outlives_kill_9(backend: Backend) {
    let db = TestDb::new("takeback", backend);
    let server = ServerProcess::start(&db);
    let clock = Some(variantarium::net::protocol::ClockSpec::parse("10+0").unwrap());
    let mut white = connect(&server.addr);
    let w = create_timed(&mut white, "flaxman", None, Some(0), clock);
    let mut black = connect(&server.addr);
    let b = join(&mut black, &w.code);
    refused(&mut white, &request("takeback", &w), "no move to take back");
    let moves = first_moves("flaxman", 4);
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &moves[..1]);
    let [(white, _), (mut black, _)] = seats;
    refused(
        &mut black,
        &request("takeback", &b),
        "you have made no move",
    );
    let mut forged = b.clone();
    forged.token = "0".repeat(32);
    refused(&mut black, &request("takeback", &forged), "no seat");
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &moves[..3]);
    let [(mut white, _), (mut black, _)] = seats;
    // Black, to move after White's third move, asks: back before its own
    // move, two moves gone. Asked twice, accepted by itself, declined.
    assert_eq!(answer(&mut black, &request("takeback", &b)), None);
    refused(&mut black, &request("takeback", &b), "already");
    refused(&mut black, &request("accept_takeback", &b), "you asked");
    assert_eq!(answer(&mut white, &request("decline_takeback", &w)), None);
    refused(&mut white, &request("accept_takeback", &w), "no takeback");
    assert_eq!(answer(&mut black, &request("takeback", &b)), None);
    assert_eq!(answer(&mut white, &request("accept_takeback", &w)), None);
    let (kept, events) = replayed(&db, &w.game);
    assert_eq!(kept, moves[..1]);
    let clocks = events.iter().find_map(|e| match e {
        GameEvent::TakenBack { ply: 1, clock_ms } => clock_ms.clone(),
        _ => None,
    });
    let clocks = clocks.expect("a taken-back event with the clocks");
    assert!(
        clocks.iter().all(|&ms| ms <= 600_000 && ms > 500_000),
        "{clocks:?}"
    );
    // Killed and started again: the game is where the takeback left it,
    // Black to move, and goes on.
    server.kill();
    let server = ServerProcess::start(&db);
    let mut black = connect(&server.addr);
    let view = view_of(&mut black, &b.game, Some(&b.token));
    assert_eq!(view.session.moves(), moves[..1]);
    assert_eq!(view.clock_ms.as_ref(), Some(&clocks));
    assert_eq!(answer(&mut black, &move_message(&b, 1, &moves[1])), None);
    refused(&mut black, &move_message(&b, 2, &moves[2]), "not your turn");
    let mut white = connect(&server.addr);
    view_of(&mut white, &w.game, Some(&w.token));
    assert_eq!(answer(&mut white, &request("resign", &w)), None);
    refused(&mut black, &request("takeback", &b), "over");
    assert_eq!(replayed(&db, &w.game).0, moves[..2]);
}

fn a_three_player_takeback_waits_for_both_others(backend: Backend) {
    let db = TestDb::new("takeback3", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let variant = "aj-glinski-3p";
    let mut clients = vec![connect(&addr)];
    let mut tickets = vec![create_with(
        &mut clients[0],
        &create_message(variant, None, 0),
    )];
    for _ in 1..3 {
        let mut client = connect(&addr);
        tickets.push(join(&mut client, &tickets[0].code));
        clients.push(client);
    }
    let mut rules = game_session(variant, None, None, None).unwrap();
    let moves = first_moves(variant, 4);
    let mut movers = Vec::new();
    for (ply, text) in moves.iter().enumerate() {
        let seat = rules.side_to_move().0 as usize;
        movers.push(seat);
        let message = move_message(&tickets[seat], ply as u32, text);
        assert_eq!(answer(&mut clients[seat], &message), None);
        rules.play(text).unwrap();
    }
    // The second mover asks: back before its move, three moves gone.
    let asker = movers[1];
    let others: Vec<usize> = (0..3).filter(|&s| s != asker).collect();
    let message = request("takeback", &tickets[asker]);
    assert_eq!(answer(&mut clients[asker], &message), None);
    let accept = |k: usize| request("accept_takeback", &tickets[k]);
    assert_eq!(answer(&mut clients[others[0]], &accept(others[0])), None);
    refused(&mut clients[others[0]], &accept(others[0]), "already");
    assert_eq!(
        replayed(&db, &tickets[0].game).0,
        moves,
        "one acceptance is not all"
    );
    assert_eq!(answer(&mut clients[others[1]], &accept(others[1])), None);
    assert_eq!(replayed(&db, &tickets[0].game).0, moves[..1]);
    let mut watcher = connect(&addr);
    let view = view_of(&mut watcher, &tickets[0].game, None);
    assert_eq!(view.session.moves(), moves[..1]);
    assert_eq!(view.session.side_to_move().0 as usize, asker);
    assert_eq!(view.takeback, None);
}

/// Reads until a message `wanted` picks out comes (events on the way are
/// skipped): what it picked.
pub fn await_message<T>(client: &mut Client, wanted: impl Fn(ServerMessage) -> Option<T>) -> T {
    for _ in 0..10_000 {
        if let Some(found) = wanted(client.recv().unwrap()) {
            return found;
        }
    }
    panic!("the awaited message never came");
}

fn disconnected(message: ServerMessage) -> Option<(u8, u64)> {
    match message {
        ServerMessage::Disconnected {
            seat, claim_in_ms, ..
        } => Some((seat, claim_in_ms)),
        _ => None,
    }
}

fn a_player_gone_past_the_grace_loses_on_the_other_players_claim(backend: Backend) {
    let db = TestDb::new("claim", backend);
    let grace = Duration::from_millis(1500);
    let limits = Limits {
        grace,
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    let mut seats = pair(&addr, &create_message("flaxman", None, 0));
    play_moves(&mut seats, &first_moves("flaxman", 2));
    let [(mut white, w), (black, b)] = seats;
    refused(&mut white, &request("claim_win", &w), "connected");
    black.cut();
    assert_eq!(await_message(&mut white, disconnected), (1, 1500));
    refused(&mut white, &request("claim_win", &w), "in 2 s");
    // Back within the grace: the others hear it, and nothing is claimed.
    let mut black = connect(&addr);
    view_of(&mut black, &b.game, Some(&b.token));
    let back = await_message(&mut white, |m| match m {
        ServerMessage::Reconnected { seat, .. } => Some(seat),
        _ => None,
    });
    assert_eq!(back, 1);
    refused(&mut white, &request("claim_win", &w), "connected");
    // Gone again, past the grace: a spectator is told how long is left,
    // and White's claim wins.
    black.close();
    assert_eq!(await_message(&mut white, disconnected).0, 1);
    let mut spectator = connect(&addr);
    spectator
        .send(&ClientMessage::Watch {
            game: w.game.clone(),
            since: 0,
        })
        .unwrap();
    let (seat, left) = await_message(&mut spectator, disconnected);
    assert!(seat == 1 && left <= 1500, "{seat} {left}");
    std::thread::sleep(grace + Duration::from_millis(100));
    assert_eq!(answer(&mut white, &request("claim_win", &w)), None);
    assert_eq!(stored(&db, &w.game).1, "1-0 abandonment");
    refused(&mut white, &request("claim_win", &w), "over");
}

fn after_a_restart_a_seat_that_never_comes_back_can_be_claimed_against(backend: Backend) {
    let db = TestDb::new("claim-restart", backend);
    let server = ServerProcess::start_with(&db, &["--grace-seconds", "1"]);
    let variant = "aj-glinski-3p";
    let mut clients = vec![connect(&server.addr)];
    let mut tickets = vec![create_with(
        &mut clients[0],
        &create_message(variant, None, 0),
    )];
    for _ in 1..3 {
        let mut client = connect(&server.addr);
        tickets.push(join(&mut client, &tickets[0].code));
        clients.push(client);
    }
    let mut rules = game_session(variant, None, None, None).unwrap();
    for (ply, text) in first_moves(variant, 3).iter().enumerate() {
        let seat = rules.side_to_move().0 as usize;
        let message = move_message(&tickets[seat], ply as u32, text);
        assert_eq!(answer(&mut clients[seat], &message), None);
        rules.play(text).unwrap();
    }
    server.kill();
    drop(clients);
    let server = ServerProcess::start_with(&db, &["--grace-seconds", "1"]);
    // White and Black come back; Red does not.
    let mut white = connect(&server.addr);
    view_of(&mut white, &tickets[0].game, Some(&tickets[0].token));
    let mut black = connect(&server.addr);
    view_of(&mut black, &tickets[1].game, Some(&tickets[1].token));
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(answer(&mut white, &request("claim_win", &tickets[0])), None);
    assert_eq!(
        stored(&db, &tickets[0].game).1,
        "draw between white and black abandonment\nred abandoned"
    );
}

fn seated(message: ServerMessage) -> Option<SeatTicket> {
    SeatTicket::given_by(&message)
}

fn a_rematch_every_seat_accepts_is_a_new_game_with_the_seats_turned_round(backend: Backend) {
    let db = TestDb::new("rematch", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let clock = variantarium::net::protocol::ClockSpec::parse("5+3").unwrap();
    let mut create = named(&create_message("tapestry", None, 0), "Ada");
    if let ClientMessage::Create { clock: c, .. } = &mut create {
        *c = Some(clock);
    }
    let mut white = connect(&addr);
    let w = create_with(&mut white, &create);
    let mut black = connect(&addr);
    let join = ClientMessage::Join {
        code: w.code.clone(),
        seat: None,
        name: Some("Bea".into()),
    };
    let b = create_with(&mut black, &join);
    refused(&mut white, &request("rematch", &w), "not over");
    assert_eq!(answer(&mut white, &request("resign", &w)), None);
    assert_eq!(answer(&mut white, &request("rematch", &w)), None);
    refused(&mut white, &request("rematch", &w), "already");
    refused(
        &mut white,
        &request("decline_rematch", &w),
        "no rematch offer",
    );
    assert_eq!(answer(&mut black, &request("decline_rematch", &b)), None);
    assert_eq!(answer(&mut white, &request("rematch", &w)), None);
    assert_eq!(answer(&mut black, &request("rematch", &b)), None);
    // Each player is seated in the new game, colours swapped, with a
    // token of its own.
    let w2 = await_message(&mut white, seated);
    let b2 = await_message(&mut black, seated);
    assert_eq!((w2.seat, b2.seat), (1, 0));
    assert_eq!(w2.game, b2.game);
    assert_ne!(w2.game, w.game);
    assert_ne!(w2.token, b2.token);
    let mut spectator = connect(&addr);
    let new = view_of(&mut spectator, &w2.game, None);
    assert_eq!(new.variant, "tapestry");
    assert_eq!(new.clock, Some(clock));
    assert_eq!(new.names, vec![Some("Bea".into()), Some("Ada".into())]);
    assert!(new.started() && new.session.moves().is_empty());
    let old = view_of(&mut spectator, &w.game, None);
    assert_eq!(old.rematch, Some((w2.game.clone(), w2.code.clone())));
    refused(&mut black, &request("rematch", &b), "made already");
    // The new seats play: Black of the old game is White now.
    let text = first_moves("tapestry", 1).remove(0);
    refused(&mut white, &move_message(&w2, 0, &text), "not your turn");
    assert_eq!(answer(&mut black, &move_message(&b2, 0, &text)), None);
    // Coming back to the old game, after a restart too, a seat is told
    // its seat in the rematch again.
    drop(server);
    let server = serve_in_process(&db, Limits::default());
    let mut again = connect(&server.addr.to_string());
    again
        .send(&ClientMessage::Resume {
            game: w.game.clone(),
            token: w.token.clone(),
            since: 0,
        })
        .unwrap();
    assert_eq!(await_message(&mut again, seated), w2);
}

fn a_correspondence_game_keeps_its_days_per_move_through_a_restart(backend: Backend) {
    let db = TestDb::new("correspondence", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let clock = variantarium::net::protocol::ClockSpec::parse("3d").unwrap();
    let mut create = create_message("tapestry", None, 0);
    if let ClientMessage::Create {
        clock: c,
        listed,
        name,
        ..
    } = &mut create
    {
        *c = Some(clock);
        *listed = true;
        *name = Some("Ann".into());
    }
    let mut white = connect(&addr);
    let w = create_with(&mut white, &create);
    let mut seeker = connect(&addr);
    seeker.send(&ClientMessage::Seeks).unwrap();
    let seeks = await_message(&mut seeker, |m| match m {
        ServerMessage::Seeks { seeks } => Some(seeks),
        _ => None,
    });
    assert_eq!(seeks[0].clock, Some(clock), "the seek names its clock");
    assert_eq!(seeks[0].players, ["Ann"], "the seek names who waits");
    let mut black = connect(&addr);
    let b = join(&mut black, &w.code);
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &first_moves("tapestry", 3));
    let whole = 3 * variantarium::net::protocol::DAY_MS;
    let (_, events) = replayed(&db, &w.game);
    let clocks: Vec<Option<Vec<u64>>> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Moved { clock_ms, .. } => Some(clock_ms.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        clocks,
        vec![Some(vec![whole, whole]); 3],
        "whole after each move"
    );
    drop(seats);
    drop(server);
    let restarted_at = std::time::Instant::now();
    let server = serve_in_process(&db, Limits::default());
    let mut watcher = connect(&server.addr.to_string());
    let view = view_of(&mut watcher, &w.game, None);
    assert_eq!(view.clock, Some(clock));
    watcher
        .send(&ClientMessage::Watch {
            game: w.game.clone(),
            since: view.version,
        })
        .unwrap();
    let now = await_message(&mut watcher, |m| match m {
        ServerMessage::Following { clock_ms, .. } => clock_ms,
        _ => None,
    });
    // Black is to move: its days run from the restart, White's are whole.
    let charged = whole - now[1];
    assert_eq!(now[0], whole);
    assert!(
        charged <= restarted_at.elapsed().as_millis() as u64,
        "{charged} ms charged"
    );
    let mut black = connect(&server.addr.to_string());
    view_of(&mut black, &b.game, Some(&b.token));
    let text = first_moves("tapestry", 4).remove(3);
    assert_eq!(answer(&mut black, &move_message(&b, 3, &text)), None);
}

/// The event of `ticket`'s game that `wanted` picks.
fn await_event<T>(
    client: &mut Client,
    ticket: &SeatTicket,
    wanted: impl Fn(&GameEvent) -> Option<T>,
) -> T {
    await_message(client, |m| match m {
        ServerMessage::Event { game, event, .. } if game == ticket.game => wanted(&event),
        _ => None,
    })
}

fn the_bot_takes_a_move_back_when_asked_and_accepts_a_rematch(backend: Backend) {
    let db = TestDb::new("bot-manners", backend);
    let server = ServerProcess::start(&db);
    let mut bot = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["bot", "--server", &server.addr, "--create", "flaxman"])
        .args(["--side", "black", "--games", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bot starts");
    let mut out = BufReader::new(bot.stdout.take().expect("its output"));
    let mut line = String::new();
    out.read_line(&mut line).expect("the code");
    let mut white = connect(&server.addr);
    let w = join(&mut white, line.trim());
    let first = first_moves("flaxman", 1).remove(0);
    assert_eq!(answer(&mut white, &move_message(&w, 0, &first)), None);
    await_event(&mut white, &w, |e| match e {
        GameEvent::Moved { ply: 1, .. } => Some(()),
        _ => None,
    });
    let seat = |make: fn(String, String) -> ClientMessage| make(w.game.clone(), w.token.clone());
    white
        .send(&seat(|game, token| ClientMessage::Takeback { game, token }))
        .unwrap();
    let back_to = await_event(&mut white, &w, |e| match e {
        GameEvent::TakenBack { ply, .. } => Some(*ply),
        _ => None,
    });
    assert_eq!(back_to, 0, "the bot accepted: White is to move again");
    white
        .send(&seat(|game, token| ClientMessage::Resign { game, token }))
        .unwrap();
    await_event(&mut white, &w, |e| match e {
        GameEvent::Ended { .. } => Some(()),
        _ => None,
    });
    white
        .send(&seat(|game, token| ClientMessage::Rematch { game, token }))
        .unwrap();
    let again = await_message(&mut white, |m| match m {
        ServerMessage::Seated {
            game, seat, token, ..
        } => Some((game, seat, token)),
        _ => None,
    });
    assert_eq!(again.1, 1, "the seats turned round");
    white
        .send(&ClientMessage::Resign {
            game: again.0.clone(),
            token: again.2,
        })
        .unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(bot.wait().unwrap().success());
    let lines: Vec<&str> = rest.lines().collect();
    assert_eq!(lines.len(), 3, "{rest}");
    assert_eq!(lines[0], "0-1 resignation");
    assert_eq!(lines[2], "1-0 resignation");
    assert_ne!(lines[1], line.trim(), "the rematch has its own code");
}
