//! The `Store` trait's promises, kept by each backend alike: a game comes
//! back as it was committed, a commit is all or nothing, an event number
//! is never used twice, a finished game leaves the unfinished list, and in
//! a batch committed together a step at fault is refused alone.

use variantarium::net::protocol::GameEvent;
use variantarium::net::store::{Commit, NewGame, StoredGame};

use crate::net_db::{Backend, TestDb};

crate::on_both_backends!(
    a_game_is_stored_whole_and_an_event_number_is_never_used_twice,
    a_store_opened_again_has_every_game,
    a_batch_with_a_step_at_fault_stores_the_others_and_refuses_that_one,
);

fn new_game(id: &str) -> Commit {
    Commit {
        game: id.into(),
        new_game: Some(NewGame {
            code: format!("code-{id}"),
            listed: true,
            created_ms: 1_700_000_000_000,
        }),
        seats: vec![(0, format!("token-{id}"))],
        first_version: 1,
        events: vec![
            GameEvent::Created {
                variant: "flaxman".into(),
                pawn: None,
                promotion: None,
                position: None,
                sides: 2,
                clock: None,
            },
            GameEvent::SeatTaken {
                seat: 0,
                name: None,
            },
        ],
        finished: false,
    }
}

fn moved(id: &str, version: u64, text: &str) -> Commit {
    Commit {
        game: id.into(),
        new_game: None,
        seats: Vec::new(),
        first_version: version,
        events: vec![GameEvent::Moved {
            ply: (version - 3) as u32,
            text: text.into(),
            clock_ms: None,
        }],
        finished: false,
    }
}

fn ids(games: &[StoredGame]) -> Vec<&str> {
    games.iter().map(|g| g.id.as_str()).collect()
}

fn a_game_is_stored_whole_and_an_event_number_is_never_used_twice(backend: Backend) {
    let db = TestDb::new("store-whole", backend);
    let mut store = db.store();
    store.commit(&new_game("g1")).unwrap();
    store.commit(&new_game("g2")).unwrap();
    // The same game made twice is refused.
    assert!(store.commit(&new_game("g1")).is_err());
    let mut join = moved("g1", 3, "a2-a3");
    join.seats = vec![(1, "token-b".into())];
    join.events.insert(
        0,
        GameEvent::SeatTaken {
            seat: 1,
            name: Some("Bea".into()),
        },
    );
    join.events[1] = GameEvent::Moved {
        ply: 0,
        text: "a2-a3".into(),
        clock_ms: Some(vec![1, 2]),
    };
    store.commit(&join).unwrap();
    // Event 4 is taken: a commit that reuses it, even with a new seat and
    // a new event after it, writes nothing at all.
    let mut late = moved("g1", 4, "b2-b3");
    late.events.push(GameEvent::DrawOffered { seat: 0 });
    late.seats = vec![(0, "stolen".into())];
    let refused = store.commit(&late).expect_err("event 4 is used");
    assert_eq!(refused.lines().count(), 1, "{refused}");
    let game = store.game("g1").unwrap().expect("g1 is stored");
    assert_eq!(game.code, "code-g1");
    assert!(game.listed);
    assert_eq!(
        game.tokens,
        vec![Some("token-g1".to_string()), Some("token-b".to_string())]
    );
    assert_eq!(game.events.len(), 4);
    assert_eq!(game.events[2..], join.events[..]);
    // Finished games leave the unfinished list, in the order they came.
    assert_eq!(ids(&store.unfinished().unwrap()), ["g1", "g2"]);
    let mut end = moved("g2", 3, "x");
    end.events = vec![GameEvent::Ended {
        status: "aborted".into(),
        clock_ms: None,
    }];
    end.finished = true;
    store.commit(&end).unwrap();
    assert_eq!(ids(&store.unfinished().unwrap()), ["g1"]);
    assert_eq!(store.game("g2").unwrap().expect("kept").events.len(), 3);
    assert_eq!(store.game("nothing").unwrap(), None);
}

fn a_store_opened_again_has_every_game(backend: Backend) {
    let db = TestDb::new("store-again", backend);
    let mut first = db.store();
    first.commit(&new_game("kept")).unwrap();
    first.commit(&moved("kept", 3, "a2-a3")).unwrap();
    drop(first);
    let mut again = db.store();
    let games = again.unfinished().unwrap();
    assert_eq!(ids(&games), ["kept"]);
    assert_eq!(games[0].events.len(), 3);
    // Its numbers go on from where they were.
    assert!(again.commit(&moved("kept", 3, "b2-b3")).is_err());
    again.commit(&moved("kept", 4, "b2-b3")).unwrap();
}

/// The texts of a stored game's moves.
fn moves_of(game: &StoredGame) -> Vec<&str> {
    game.events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Moved { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn a_batch_with_a_step_at_fault_stores_the_others_and_refuses_that_one(backend: Backend) {
    let db = TestDb::new("store-batch", backend);
    let mut store = db.store();
    for id in ["a", "b", "c"] {
        store.commit(&new_game(id)).unwrap();
    }
    store.commit(&moved("b", 3, "b-first")).unwrap();
    // One batch: a move of each game, `b`'s reusing its event 3, a game
    // made again, a new game, and two steps that both take event 4 of `c`.
    let mut again = new_game("a");
    again.new_game.as_mut().unwrap().code = "code-again".into();
    let answers = store.commit_together(vec![
        moved("a", 3, "a-move"),
        moved("b", 3, "b-late"),
        moved("c", 3, "c-move"),
        again,
        new_game("d"),
        moved("c", 4, "c-second"),
        moved("c", 4, "c-twice"),
    ]);
    let refused: Vec<bool> = answers.iter().map(Result::is_err).collect();
    assert_eq!(
        refused,
        [false, true, false, true, false, false, true],
        "{answers:?}"
    );
    for reason in answers.iter().filter_map(|a| a.as_ref().err()) {
        assert_eq!(reason.lines().count(), 1, "{reason}");
    }
    let mut game = |id: &str| store.game(id).unwrap().expect("stored");
    assert_eq!(moves_of(&game("a")), ["a-move"]);
    assert_eq!(moves_of(&game("b")), ["b-first"]);
    assert_eq!(moves_of(&game("c")), ["c-move", "c-second"]);
    assert_eq!(game("a").code, "code-a");
    assert_eq!(game("d").events.len(), 2);
    assert_eq!(ids(&store.unfinished().unwrap()), ["a", "b", "c", "d"]);
    // The store goes on after a refusal.
    store.commit(&moved("b", 4, "b-second")).unwrap();
    let b = store.game("b").unwrap().expect("stored");
    assert_eq!(moves_of(&b), ["b-first", "b-second"]);
}
