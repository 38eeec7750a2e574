//! The clocks across a restart: a game brought back stands with its clocks
//! as the last stored event left them — neither the thought before the
//! server stopped nor the time it was down is charged — until the first
//! seated player comes back; then the clock of the side to move runs
//! again, and every follower is told with `resumed`.

use std::thread;
use std::time::{Duration, Instant};

use variantarium::net::client::Client;
use variantarium::net::protocol::{ClientMessage, ClockSpec, GameEvent, ServerMessage};
use variantarium::net::server::Limits;

use crate::net::{
    answer, connect, create_timed, first_moves, join, move_message, play_moves, serve_in_process,
};
use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(a_restart_mid_think_charges_nothing_until_a_player_is_back_and_says_so);

/// The clocks of the game's latest `moved` event, as stored.
fn stored_clock(db: &TestDb, game: &str) -> Vec<u64> {
    let mut store = db.store();
    let game = store.game(game).unwrap().expect("stored");
    game.events
        .iter()
        .rev()
        .find_map(|e| match e {
            GameEvent::Moved { clock_ms, .. } => clock_ms.clone(),
            _ => None,
        })
        .expect("a timed game's moves carry clocks")
}

/// Sends `request` (a watch or resume) and reads to its `following`; the
/// clocks it tells.
fn follow_clock(client: &mut Client, request: &ClientMessage) -> Vec<u64> {
    client.send(request).unwrap();
    let told = (0..1000).find_map(|_| match client.recv().unwrap() {
        ServerMessage::Following { clock_ms, .. } => Some(clock_ms),
        _ => None,
    });
    told.flatten().expect("the clocks of a timed game")
}

/// The clocks of the next `resumed` message, within `wait`.
fn resumed_clock(client: &mut Client, wait: Duration) -> Option<Vec<u64>> {
    let until = Instant::now() + wait;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        if let ServerMessage::Resumed { clock_ms, .. } = client.recv_within(left).ok().flatten()? {
            return clock_ms;
        }
    }
    None
}

fn a_restart_mid_think_charges_nothing_until_a_player_is_back_and_says_so(backend: Backend) {
    let db = TestDb::new("restart_clock", backend);
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    let clock = ClockSpec::parse("1+0").unwrap();
    let mut white = connect(&addr);
    let w = create_timed(&mut white, "flaxman", None, Some(0), Some(clock));
    let mut black = connect(&addr);
    let b = join(&mut black, &w.code);
    let moves = first_moves("flaxman", 3);
    let mut seats = [(white, w.clone()), (black, b.clone())];
    play_moves(&mut seats, &moves[..2]);
    let before = stored_clock(&db, &w.game);
    // White thinks, then the server stops; it is down a while, and up a
    // while before anyone comes back.
    thread::sleep(Duration::from_millis(1500));
    drop(seats);
    drop(server);
    thread::sleep(Duration::from_millis(1500));
    let server = serve_in_process(&db, Limits::default());
    let addr = server.addr.to_string();
    thread::sleep(Duration::from_millis(3000));
    let mut spectator = connect(&addr);
    let watch = ClientMessage::Watch {
        game: w.game.clone(),
        since: 0,
    };
    assert_eq!(follow_clock(&mut spectator, &watch), before, "held");
    // White comes back: told the clocks as they stood, then `resumed`.
    let mut white = connect(&addr);
    let asked = Instant::now();
    let resume = ClientMessage::Resume {
        game: w.game.clone(),
        token: w.token.clone(),
        since: 0,
    };
    assert_eq!(follow_clock(&mut white, &resume), before);
    let wait = Duration::from_secs(30);
    assert_eq!(resumed_clock(&mut white, wait), Some(before.clone()));
    assert_eq!(resumed_clock(&mut spectator, wait), Some(before.clone()));
    // Only the time since White asked to come back is charged to White.
    assert_eq!(answer(&mut white, &move_message(&w, 2, &moves[2])), None);
    let since_asked = asked.elapsed().as_millis() as u64;
    let after = stored_clock(&db, &w.game);
    let charged = before[0] - after[0];
    assert!(
        charged <= since_asked,
        "{charged} ms charged to White, {since_asked} ms since White came back"
    );
    assert_eq!(after[1], before[1], "Black's clock stood");
}
