//! Group commit under `kill -9`: forty players in twenty games move at once
//! through a `serve` process, so that many games' moves share each commit,
//! and the process is killed with SIGKILL in the middle of play. Restarted
//! on the same database, the server has every move that was acknowledged
//! to its player or sent to the opponent, at the number it was given.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use variantarium::net::client::{Client, GameView};
use variantarium::net::player::SeatTicket;
use variantarium::net::protocol::{ClientMessage, GameEvent, ServerMessage};
use variantarium::rules::random::Rng;

use crate::net::{ServerProcess, connect, create, join, move_message, resume};
use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(
    a_server_killed_while_many_games_commit_at_once_keeps_every_acknowledged_move
);

const GAMES: usize = 20;

/// Moves acknowledged or seen before the kill, over all games.
const MOVES_BEFORE_KILL: usize = 400;

/// A move a player was told of: acknowledged to its mover (the ack's
/// number is the step's last event, after the move if it ended the game),
/// or sent as an event with its number.
#[derive(Clone, PartialEq, Debug)]
struct Told {
    game: String,
    ply: u32,
    text: String,
    version: Option<u64>,
}

/// What every player thread shares: the moves told, and how many.
#[derive(Default)]
struct Record {
    told: Mutex<Vec<Told>>,
    count: AtomicUsize,
}

impl Record {
    fn note(&self, game: &str, ply: u32, text: &str, version: Option<u64>) {
        let told = Told {
            game: game.to_string(),
            ply,
            text: text.to_string(),
            version,
        };
        self.told.lock().unwrap().push(told);
        self.count.fetch_add(1, Ordering::Relaxed);
    }
}

/// A player that moves at random on its turn (resigning at ply 150) and
/// notes every move it is told of, until the connection is cut.
fn play_until_cut(mut client: Client, ticket: SeatTicket, seed: u64, record: &Record) {
    let mut rng = Rng::new(seed);
    let mut view: Option<GameView> = None;
    let mut caught_up = false;
    // The ply this player moved at, and its move until acknowledged.
    let mut moved_at = None;
    let mut unacked: Option<(u32, String)> = None;
    for _ in 0..100_000 {
        if let Some(v) = view.as_ref().filter(|_| caught_up) {
            let ply = v.session.ply_count();
            let my_turn = v.started()
                && v.ended.is_none()
                && v.session.outcome().is_none()
                && v.session.side_to_move().0 == ticket.seat;
            if my_turn && moved_at != Some(ply) {
                let message = if ply >= 150 {
                    ClientMessage::Resign {
                        game: ticket.game.clone(),
                        token: ticket.token.clone(),
                    }
                } else {
                    let moves = v.session.legal_moves();
                    let text = moves[rng.below(moves.len())].text.clone();
                    unacked = Some((ply as u32, text.clone()));
                    move_message(&ticket, ply as u32, &text)
                };
                if client.send(&message).is_err() {
                    return;
                }
                moved_at = Some(ply);
            }
        }
        let Ok(message) = client.recv() else { return };
        match message {
            ServerMessage::Following { .. } => caught_up = true,
            ServerMessage::Ack { .. } => {
                if let Some((ply, text)) = unacked.take() {
                    record.note(&ticket.game, ply, &text, None);
                }
            }
            ServerMessage::Event { version, event, .. } => {
                if let GameEvent::Moved { ply, text, .. } = &event {
                    record.note(&ticket.game, *ply, text, Some(version));
                }
                match view.as_mut() {
                    Some(v) => {
                        v.apply(version, &event).expect("the server's events apply");
                    }
                    None => view = Some(GameView::new(&ticket.game, &event).unwrap()),
                }
            }
            ServerMessage::Refused { reason, .. } => panic!("{}: refused: {reason}", ticket.game),
            _ => {}
        }
    }
}

fn a_server_killed_while_many_games_commit_at_once_keeps_every_acknowledged_move(backend: Backend) {
    let db = TestDb::new("kill-many", backend);
    let server = ServerProcess::start(&db);
    let record = Arc::new(Record::default());
    let mut tickets = Vec::new();
    let mut players = Vec::new();
    for game in 0..GAMES {
        let mut white = connect(&server.addr);
        let w = create(&mut white, "flaxman", None, Some(0));
        let mut black = connect(&server.addr);
        let b = join(&mut black, &w.code);
        tickets.push(w.clone());
        for (k, (client, ticket)) in [(white, w), (black, b)].into_iter().enumerate() {
            let record = Arc::clone(&record);
            let seed = (game * 2 + k) as u64;
            players.push(thread::spawn(move || {
                play_until_cut(client, ticket, seed, &record)
            }));
        }
    }
    let started = Instant::now();
    while record.count.load(Ordering::Relaxed) < MOVES_BEFORE_KILL {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the games hardly move"
        );
        thread::sleep(Duration::from_millis(5));
    }
    server.kill();
    for player in players {
        player.join().expect("a player");
    }
    let told = record.told.lock().unwrap().clone();
    let restarted = ServerProcess::start(&db);
    let mut store = db.store();
    let mut stored_moves = 0;
    for ticket in &tickets {
        let game = store.game(&ticket.game).unwrap().expect("stored");
        stored_moves += game
            .events
            .iter()
            .filter(|e| matches!(e, GameEvent::Moved { .. }))
            .count();
        // The restarted server sends each seat the game as it was stored.
        let (_, events) = resume(&restarted.addr, ticket, 0);
        let sent: Vec<&GameEvent> = events.iter().map(|(_, e)| e).collect();
        assert_eq!(sent, game.events.iter().collect::<Vec<_>>());
        let moves: Vec<Told> = (1..)
            .zip(&game.events)
            .filter_map(|(version, event)| match event {
                GameEvent::Moved { ply, text, .. } => Some(Told {
                    game: ticket.game.clone(),
                    ply: *ply,
                    text: text.clone(),
                    version: Some(version),
                }),
                _ => None,
            })
            .collect();
        for move_told in told.iter().filter(|t| t.game == ticket.game) {
            let at = moves.iter().find(|m| m.ply == move_told.ply);
            assert!(
                at.is_some_and(|m| m.text == move_told.text
                    && move_told.version.is_none_or(|v| m.version == Some(v))),
                "{move_told:?} was told, and the store has {at:?}"
            );
        }
    }
    // Each move was told up to three times: acknowledged to its mover and
    // sent as an event to both players.
    let mut distinct: Vec<(&str, u32)> = told.iter().map(|t| (t.game.as_str(), t.ply)).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(
        stored_moves >= distinct.len() && distinct.len() * 3 >= MOVES_BEFORE_KILL,
        "{stored_moves} moves stored, {} told",
        distinct.len()
    );
    // Killed mid-play: games were left to resume.
    assert!(!store.unfinished().unwrap().is_empty());
}
