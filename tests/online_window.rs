//! Online play in the window: the real server (`variantarium serve`) on a
//! free port of 127.0.0.1, a headless client that creates a game, and the
//! game window that joins it by code (`play --online ADDR --join CODE`)
//! and plays it by mouse. Every wait is bounded by frames, by the client's
//! read timeout, or by a count.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, command, scratch};
use crate::player::{FRAMES_FOR_A_REPLY, PlayerActions, simple_move_in};
use variantarium::app::online::follow::{LinkState, Online};
use variantarium::app::online::keep::OnlineSaves;
use variantarium::app::online::link::Ask;
use variantarium::app::play::file_actions::LoadRequested;
use variantarium::app::play::game::{HistoryRequested, HistoryStep};
use variantarium::app::play::remote::{SeatAction, ServerGame};
use variantarium::app::{CorePlugin, Match, MoveRequested, Screen};
use variantarium::net::client::{Client, GameView};
use variantarium::net::player::{SeatTicket, await_seat, follow, rejoin};
use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::net::server::{Limits, RunningServer, ServerConfig, start};

/// The longest the headless client waits for one message.
const WAIT: Duration = Duration::from_secs(120);

/// `variantarium serve` on this port and database; killed when dropped.
struct Server {
    child: Child,
    /// Kept open: the server writes a line more after its address.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start(port: u16, db: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variantarium"))
            .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("its output"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("its first line");
        assert_eq!(line.trim(), format!("listening 127.0.0.1:{port}"));
        Server {
            child,
            _stdout: stdout,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGKILL: the way a crash ends it, and what the restart must survive.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nobody listens on now (the OS's pick, let go at once).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// Reads the client's messages until its view has `plies` moves; the view
/// it built.
fn until_plies(
    client: &mut Client,
    ticket: &SeatTicket,
    view: &mut Option<GameView>,
    plies: usize,
) {
    for _ in 0..200 {
        if view
            .as_ref()
            .is_some_and(|v| v.session.ply_count() >= plies)
        {
            return;
        }
        let message = client.recv().expect("the server's next message");
        let refused = follow(view, &ticket.game, message).expect("the game follows");
        assert_eq!(refused, None, "the server refused the client");
    }
    panic!("the game never reached {plies} moves");
}

/// The client's move for the position its view shows (the first legal).
fn reply(client: &mut Client, ticket: &SeatTicket, view: &GameView) -> String {
    let text = view.session.legal_moves()[0].text.clone();
    client
        .send(&ClientMessage::Move {
            game: ticket.game.clone(),
            token: ticket.token.clone(),
            ply: view.session.ply_count() as u32,
            text: text.clone(),
        })
        .expect("the move goes");
    text
}

/// The window plays the first clickable move of the position `view` shows;
/// returns it.
fn click_a_move(window: &GameWindow, view: &GameView) -> String {
    let (mv, from, to) = simple_move_in(view.session.as_ref(), &window.screen());
    window.click_cell(&from);
    window.click_cell(&to);
    mv.text
}

/// The moves the window's board shows (as its Save writes them), once it
/// shows `plies` of them.
fn board_moves(window: &GameWindow, plies: usize) -> Vec<String> {
    window.wait_frames(
        &format!("{plies} moves on the board"),
        FRAMES_FOR_A_REPLY,
        || {
            let record = window.saved();
            (record.moves.len() == plies).then_some(record.moves)
        },
    )
}

#[test]
fn the_window_joins_by_code_plays_through_a_server_restart_and_resigns() {
    let dir = scratch("online", "join");
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let db = dir.join("games.sqlite");
    let server = Server::start(port, &db);
    // The headless client creates the game and plays Black.
    let mut client = Client::connect(&addr, WAIT).expect("the client connects");
    client
        .send(&ClientMessage::Create {
            variant: "flaxman".into(),
            pawn: None,
            promotion: None,
            position: None,
            clock: None,
            seat: Some(1),
            listed: false,
            name: Some("Friend".into()),
        })
        .expect("create");
    let ticket = await_seat(&mut client).expect("seated");
    let display = PrivateDisplay::start();
    let window = GameWindow::open(
        &display,
        &scratch("online", "window"),
        "1100x700",
        &["--online", &addr, "--join", &ticket.code],
    );
    // The board comes up with the online lines of the panel, and no Undo.
    window.wait_frames("the online game", FRAMES_FOR_A_REPLY, || {
        window.screen().controls.get("resign").map(|_| ())
    });
    assert!(!window.screen().controls.contains_key("undo"));
    assert!(!window.screen().controls.contains_key("hint"));

    // The window's move reaches the client; the client's reply the board.
    let mut view = None;
    until_plies(&mut client, &ticket, &mut view, 0);
    let first = click_a_move(&window, view.as_ref().expect("a view"));
    until_plies(&mut client, &ticket, &mut view, 1);
    let seen = view.as_ref().expect("a view");
    assert_eq!(seen.session.moves(), std::slice::from_ref(&first));
    let answer = reply(&mut client, &ticket, seen);
    assert_eq!(board_moves(&window, 2), [first.clone(), answer.clone()]);

    // The server dies and comes back on its port: the window resumes its
    // seat by itself, and its next move reaches the client on a new
    // connection.
    drop(server);
    client.cut();
    let _server = Server::start(port, &db);
    let mut view = view.expect("a view");
    let mut client = rejoin(&addr, WAIT, &ticket, &mut view, None).expect("the client rejoins");
    let third = click_a_move(&window, &view);
    let mut view = Some(view);
    until_plies(&mut client, &ticket, &mut view, 3);
    assert_eq!(
        view.as_ref().expect("a view").session.moves(),
        [first, answer, third]
    );

    // Resigning asks once more, then ends the game on the server; the end
    // shows in the game-over dialog, whose rematch is offered to the
    // client through the server.
    window.click_control("resign");
    window.click_control("resign-yes");
    let status = wait_for_end(&mut client, &ticket);
    assert_eq!(status, "0-1 resignation");
    window.wait_frames("the game-over dialog", FRAMES_FOR_A_REPLY, || {
        window.screen().controls.get("game-over-close").map(|_| ())
    });
    window.click_control("rematch");
    until_event(&mut client, &ticket, |e| {
        matches!(e, GameEvent::RematchOffered { seat: 0 })
    });
}

/// Reads the client's messages until the game ends; its status.
fn wait_for_end(client: &mut Client, ticket: &SeatTicket) -> String {
    for _ in 0..200 {
        if let ServerMessage::Event {
            game,
            event: GameEvent::Ended { status, .. },
            ..
        } = client.recv().expect("the server's next message")
            && game == ticket.game
        {
            return status;
        }
    }
    panic!("the game never ended");
}

#[test]
fn play_online_refuses_a_bad_address_or_code_in_one_line() {
    let dir = scratch("online", "cli");
    // Checked before any window is needed: no display here.
    let ours = [
        (vec!["--online", "nowhere"], "--online must be HOST:PORT"),
        (
            vec!["--online", "127.0.0.1:99999"],
            "--online must be HOST:PORT",
        ),
        (
            vec!["--online", "127.0.0.1:7878", "--join", "no such code!"],
            "--join must be an invite code",
        ),
    ];
    for (args, says) in ours {
        let out = command(&dir, &[&["play"], &args[..]].concat())
            .env_remove("DISPLAY")
            .output()
            .expect("the command runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // What the argument parser refuses: --join alone, --online with a game.
    for args in [
        vec!["play", "--join", "abc"],
        vec!["play", "--online", "127.0.0.1:7878", "--variant", "flaxman"],
    ] {
        let out = command(&dir, &args)
            .env_remove("DISPLAY")
            .output()
            .expect("the command runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// The app without a window (its core plugins, as the ECS tests run it),
/// updated every few milliseconds until `done` says so.
fn update_until<T>(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> Option<T>) -> T {
    for _ in 0..3000 {
        app.update();
        if let Some(found) = done(app) {
            return found;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the app never saw {what}");
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

fn board_moves_now(app: &App) -> Vec<String> {
    app.world()
        .get_resource::<Match>()
        .map(|game| game.session.moves())
        .unwrap_or_default()
}

/// A server in this process on a free local port, its games in an SQLite
/// file in `dir`.
fn sqlite_server(dir: &Path, limits: Limits) -> RunningServer {
    start(&ServerConfig {
        listen: "127.0.0.1:0".parse().expect("an address"),
        db: variantarium::net::server::Database::Sqlite(dir.join("games.sqlite")),
        limits,
    })
    .expect("the server starts")
}

/// Asks the server, through the app's link, for a listed Flaxman game with
/// the app's player White; waits until the seeks show it with Black's seat
/// free, and returns its code.
fn create_a_listed_flaxman_game(app: &mut App) -> String {
    online(app).link.ask(Ask::Create {
        variant: "flaxman".into(),
        pawn: None,
        promotion: None,
        clock: None,
        seat: Some(0),
        listed: true,
        name: None,
    });
    let code = update_until(app, "the seat", |app| {
        online(app).ticket.as_ref().map(|t| t.code.clone())
    });
    // Listed: the seeks show it, with Black's seat free.
    online(app).link.ask(Ask::Seeks);
    update_until(app, "the game among the seeks", |app| {
        let seeks = online(app).seeks.clone().unwrap_or_default();
        seeks
            .iter()
            .any(|s| s.code == code && s.free_seats == [1])
            .then_some(())
    });
    code
}

/// A draw offer reaches the client; a resignation ends the game for both.
/// One update hands each to the link's thread, which sends it.
fn a_draw_offer_and_a_resignation(app: &mut App, client: &mut Client, ticket: &SeatTicket) {
    app.world_mut().write_message(SeatAction::OfferDraw);
    app.update();
    until_event(client, ticket, |e| {
        matches!(e, GameEvent::DrawOffered { seat: 0 })
    });
    app.world_mut().write_message(SeatAction::Resign);
    app.update();
    assert_eq!(wait_for_end(client, ticket), "0-1 resignation");
    update_until(app, "the end on the board", |app| {
        let ended = app.world().resource::<ServerGame>().ended.clone();
        (ended.as_deref() == Some("0-1 resignation")).then_some(())
    });
}

#[test]
fn a_game_created_in_the_app_starts_when_a_client_joins_and_shows_only_accepted_moves() {
    let dir = scratch("online", "ecs");
    let server = sqlite_server(&dir, Limits::default());
    let addr = server.addr.to_string();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    // After the first update: entering the title screen ends any online
    // session, and the app starts on it.
    app.update();
    app.insert_resource(Online::open(&addr));
    update_until(&mut app, "the link up", |app| {
        (online(app).state == LinkState::Up).then_some(())
    });
    let code = create_a_listed_flaxman_game(&mut app);
    assert!(
        app.world().get_resource::<ServerGame>().is_none(),
        "started alone"
    );

    let mut client = Client::connect(&addr, WAIT).expect("the client connects");
    client
        .send(&ClientMessage::Join {
            code: code.clone(),
            seat: None,
            name: None,
        })
        .expect("join");
    let ticket = await_seat(&mut client).expect("seated");
    update_until(&mut app, "the board of the online game", |app| {
        let playing = *app.world().resource::<State<Screen>>().get() == Screen::Playing;
        (playing && app.world().get_resource::<ServerGame>().is_some()).then_some(())
    });

    // A move asked for is sent, not played: it shows once the server has it.
    let first = app.world().resource::<Match>().session.legal_moves()[0]
        .text
        .clone();
    app.world_mut().write_message(MoveRequested {
        text: first.clone(),
    });
    app.update();
    assert!(
        board_moves_now(&app).is_empty(),
        "played before the server had it"
    );
    let sent = app.world().resource::<ServerGame>().sent.clone();
    assert_eq!(sent, Some(first.clone()));
    update_until(&mut app, "the move played", |app| {
        (board_moves_now(app) == [first.clone()]).then_some(())
    });
    let mut view = None;
    until_plies(&mut client, &ticket, &mut view, 1);
    let answer = reply(&mut client, &ticket, view.as_ref().expect("a view"));
    update_until(&mut app, "the reply on the board", |app| {
        (board_moves_now(app) == [first.clone(), answer.clone()]).then_some(())
    });

    // A move the server refuses stays off the board, with its reason.
    app.world_mut().write_message(MoveRequested {
        text: "a1-a9".into(),
    });
    let reason = update_until(&mut app, "the refusal", |app| {
        app.world().resource::<ServerGame>().refused.clone()
    });
    assert!(!reason.is_empty());
    assert_eq!(board_moves_now(&app).len(), 2);

    a_draw_offer_and_a_resignation(&mut app, &mut client, &ticket);
}

/// Reads the client's messages until an event of its game passes `wanted`.
fn until_event(client: &mut Client, ticket: &SeatTicket, wanted: impl Fn(&GameEvent) -> bool) {
    for _ in 0..200 {
        if let ServerMessage::Event { game, event, .. } = client.recv().expect("a message")
            && game == ticket.game
            && wanted(&event)
        {
            return;
        }
    }
    panic!("the event never came");
}

/// The app with its online games kept in `saves`, linked to `addr`, the
/// link up.
fn online_app(addr: &str, saves: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    app.update();
    app.insert_resource(OnlineSaves(Some(saves.to_path_buf())));
    app.insert_resource(Online::open(addr));
    update_until(&mut app, "the link up", |app| {
        (online(app).state == LinkState::Up).then_some(())
    });
    app
}

fn server_game(app: &App) -> &ServerGame {
    app.world().resource::<ServerGame>()
}

/// The client reads its game's events until its view passes `done`.
fn until_view(
    client: &mut Client,
    ticket: &SeatTicket,
    view: &mut Option<GameView>,
    done: impl Fn(&GameView) -> bool,
) {
    for _ in 0..200 {
        if view.as_ref().is_some_and(&done) {
            return;
        }
        let message = client.recv().expect("the server's next message");
        follow(view, &ticket.game, message).expect("the game follows");
    }
    panic!("the client's view never got there");
}

fn seat_message(ticket: &SeatTicket, make: fn(String, String) -> ClientMessage) -> ClientMessage {
    make(ticket.game.clone(), ticket.token.clone())
}

/// The other player in an online game: a client of the server, its seat
/// and the game as it last saw it.
struct Other {
    client: Client,
    ticket: SeatTicket,
    view: Option<GameView>,
}

/// Ann in the app creates an unlisted Anglojewish game with the Straight
/// promotion and White's seat; Bob joins as a client. Both see the option
/// and both names. The app, Bob, and the game's code.
fn ann_in_the_app_and_bob_seated(addr: &str, saves: &Path) -> (App, Other, String) {
    let mut app = online_app(addr, saves);
    online(&app).link.ask(Ask::Create {
        variant: "aj-glinski".into(),
        pawn: None,
        promotion: Some("straight".into()),
        clock: None,
        seat: Some(0),
        listed: false,
        name: Some("Ann".into()),
    });
    let code = update_until(&mut app, "the seat", |app| {
        online(app).ticket.as_ref().map(|t| t.code.clone())
    });
    let mut client = Client::connect(addr, WAIT).expect("the client connects");
    client
        .send(&ClientMessage::Join {
            code: code.clone(),
            seat: None,
            name: Some("Bob".into()),
        })
        .expect("join");
    let ticket = await_seat(&mut client).expect("seated");
    let mut view = None;
    until_view(&mut client, &ticket, &mut view, GameView::started);
    let seen = view.as_ref().expect("a view");
    assert_eq!(
        seen.promotion.as_deref(),
        Some("straight"),
        "the option went"
    );
    assert_eq!(
        seen.names,
        [Some("Ann".to_string()), Some("Bob".to_string())]
    );
    update_until(&mut app, "both names in the panel", |app| {
        let game = app.world().get_resource::<ServerGame>()?;
        (game.name_of(1) == "Bob" && game.name_of(0) == "Ann").then_some(())
    });
    (
        app,
        Other {
            client,
            ticket,
            view,
        },
        code,
    )
}

/// Undo asks for a takeback; accepted, the board goes back. The first move
/// and Bob's answer.
fn undo_asks_a_takeback_bob_accepts(app: &mut App, bob: &mut Other) -> (String, String) {
    let first = app.world().resource::<Match>().session.legal_moves()[0]
        .text
        .clone();
    app.world_mut().write_message(MoveRequested {
        text: first.clone(),
    });
    update_until(app, "the first move", |app| {
        (board_moves_now(app).len() == 1).then_some(())
    });
    until_plies(&mut bob.client, &bob.ticket, &mut bob.view, 1);
    let answer = reply(
        &mut bob.client,
        &bob.ticket,
        bob.view.as_ref().expect("a view"),
    );
    update_until(app, "the reply", |app| {
        (board_moves_now(app).len() == 2).then_some(())
    });
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::Undo));
    app.update();
    until_view(&mut bob.client, &bob.ticket, &mut bob.view, |v| {
        v.takeback.as_ref().is_some_and(|(asker, _)| *asker == 0)
    });
    bob.client
        .send(&seat_message(&bob.ticket, |game, token| {
            ClientMessage::AcceptTakeback { game, token }
        }))
        .expect("accept");
    update_until(app, "the board taken back", |app| {
        board_moves_now(app).is_empty().then_some(())
    });
    let taken = app.world().resource::<Match>();
    assert!(!taken.session.can_redo(), "moves taken back are gone");
    (first, answer)
}

/// The other side's takeback, accepted in the app.
fn bobs_takeback_accepted_in_the_app(app: &mut App, bob: &mut Other, first: &str, answer: &str) {
    app.world_mut().write_message(MoveRequested {
        text: first.to_string(),
    });
    update_until(app, "the first move again", |app| {
        (board_moves_now(app).len() == 1).then_some(())
    });
    until_view(&mut bob.client, &bob.ticket, &mut bob.view, |v| {
        v.session.ply_count() == 1
    });
    let answer_again = reply(
        &mut bob.client,
        &bob.ticket,
        bob.view.as_ref().expect("a view"),
    );
    assert_eq!(answer_again, answer);
    until_plies(&mut bob.client, &bob.ticket, &mut bob.view, 2);
    bob.client
        .send(&seat_message(&bob.ticket, |game, token| {
            ClientMessage::Takeback { game, token }
        }))
        .expect("ask");
    update_until(app, "the takeback asked of the app", |app| {
        (server_game(app).takeback_asked_of_me() == Some(1)).then_some(())
    });
    app.world_mut().write_message(SeatAction::AcceptTakeback);
    update_until(app, "the reply taken back", |app| {
        (board_moves_now(app) == [first]).then_some(())
    });
}

#[test]
fn the_app_names_the_seats_takes_back_claims_keeps_and_rematches_an_online_game() {
    let dir = scratch("online", "ecs-features");
    let limits = Limits {
        grace: Duration::from_millis(800),
        ..Limits::default()
    };
    let server = sqlite_server(&dir, limits);
    let addr = server.addr.to_string();
    let saves = dir.join("saves");
    let (mut app, mut bob, code) = ann_in_the_app_and_bob_seated(&addr, &saves);
    let (first, answer) = undo_asks_a_takeback_bob_accepts(&mut app, &mut bob);
    let kept = saves.join(format!("online-{code}.json"));
    let record = update_until(&mut app, "the kept game at no moves", |_| {
        let text = std::fs::read_to_string(&kept).ok()?;
        let record = variantarium::record::GameRecord::from_json(&text).ok()?;
        record.moves.is_empty().then_some(record)
    });
    let seat = record.online.expect("the seat is kept");
    assert_eq!(
        (seat.server.as_str(), seat.code.as_str(), seat.seat),
        (addr.as_str(), code.as_str(), 0)
    );

    bobs_takeback_accepted_in_the_app(&mut app, &mut bob, &first, &answer);

    // The client goes: after the grace, the app claims the win.
    bob.client.close();
    update_until(&mut app, "the claim", |app| {
        server_game(app).may_claim().then_some(())
    });
    app.world_mut().write_message(SeatAction::ClaimWin);
    let ended = update_until(&mut app, "the claimed end", |app| {
        server_game(app).ended.clone()
    });
    assert!(ended.starts_with("1-0"), "{ended}");

    // Back, the client offers a rematch; accepted, the app's board starts
    // it with the seats turned round.
    let mut back = bob.view.expect("a view");
    let mut client = rejoin(&addr, WAIT, &bob.ticket, &mut back, None).expect("back");
    client
        .send(&seat_message(&bob.ticket, |game, token| {
            ClientMessage::Rematch { game, token }
        }))
        .expect("rematch");
    update_until(&mut app, "the rematch offered", |app| {
        server_game(app).rematch_offered_to_me().then_some(())
    });
    app.world_mut().write_message(SeatAction::Rematch);
    let rematch = update_until(&mut app, "the rematch on the board", |app| {
        let game = app.world().get_resource::<ServerGame>()?;
        (game.place.code != code && game.ended.is_none()).then(|| game.place.clone())
    });
    assert_eq!(rematch.seat, 1, "White plays Black in the rematch");
    assert!(board_moves_now(&app).is_empty());

    // Opened from the saved games, the rematch takes its seat again.
    let file = saves.join(format!("online-{}.json", rematch.code));
    update_until(&mut app, "the rematch kept", |_| {
        file.exists().then_some(())
    });
    drop(app);
    let mut again = online_app(&addr, &saves);
    again.world_mut().write_message(LoadRequested(file));
    update_until(&mut again, "the seat taken again", |app| {
        let playing = *app.world().resource::<State<Screen>>().get() == Screen::Playing;
        let game = app.world().get_resource::<ServerGame>()?;
        (playing && game.place == rematch).then_some(())
    });
}
