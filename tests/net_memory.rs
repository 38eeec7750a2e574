//! What a busy server keeps: a finished game stays in memory only while a
//! connection follows it (and `keep_finished` after), an expired seek not
//! at all once its creator is told, and a connection that goes on to its
//! next game stops following the finished one. The counts of the server's
//! maps come back to what is being played, however many games were.

use std::thread;
use std::time::Duration;

use variantarium::net::client::Client;
use variantarium::net::protocol::ClientMessage;
use variantarium::net::server::{Limits, LobbyCounts, RunningServer};

use crate::net::{answer, connect, create, create_with, join, serve_in_process};
use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(finished_games_and_expired_seeks_leave_the_servers_maps);

/// Waits (boundedly) until the server's counts are `wanted`.
fn counts_become(server: &RunningServer, wanted: LobbyCounts) -> LobbyCounts {
    let mut now = server.lobby_counts();
    for _ in 0..600 {
        if now == wanted {
            break;
        }
        thread::sleep(Duration::from_millis(50));
        now = server.lobby_counts();
    }
    now
}

fn finished_games_and_expired_seeks_leave_the_servers_maps(backend: Backend) {
    let db = TestDb::new("memory", backend);
    let limits = Limits {
        keep_finished: Duration::from_millis(200),
        listed_expiry: Duration::from_secs(1),
        ..Limits::default()
    };
    let server = serve_in_process(&db, limits);
    let addr = server.addr.to_string();
    // Seeks that nobody takes, their creator connected all along.
    let mut seeker = connect(&addr);
    for _ in 0..3 {
        let listed = ClientMessage::Create {
            variant: "chakra".into(),
            pawn: None,
            promotion: None,
            position: None,
            clock: None,
            seat: Some(0),
            listed: true,
            name: None,
        };
        create_with(&mut seeker, &listed);
    }
    // Two players play game after game on the same two connections (listed
    // games, so that every map of the lobby is used), each game resigned.
    let mut white: Client = connect(&addr);
    let mut black: Client = connect(&addr);
    let games = 25;
    for _ in 0..games {
        let w = create(&mut white, "flaxman", None, Some(0));
        join(&mut black, &w.code);
        let resign = ClientMessage::Resign {
            game: w.game.clone(),
            token: w.token.clone(),
        };
        assert_eq!(answer(&mut white, &resign), None);
    }
    // Left in memory: the last game, which both still follow.
    let last = LobbyCounts {
        games: 1,
        codes: 1,
        ..LobbyCounts::default()
    };
    assert_eq!(counts_become(&server, last), last);
    white.close();
    black.close();
    assert_eq!(
        counts_become(&server, LobbyCounts::default()),
        LobbyCounts::default(),
        "with {games} games played and 3 seeks expired"
    );
    // The seeks' creator is still connected: it was told, and let go.
    drop(seeker);
}
