//! Clocks: a loss on time in the rules session (its outcome, its words, a
//! saved game keeping it, undo before it), the clock's arithmetic, and a
//! flag falling in the app's ECS ending the game.

use variantarium::record::GameRecord;
use variantarium::rules::history::DrawRules;
use variantarium::rules::notation::MoveError;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::Variant;
use variantarium::rules::{EndReason, GameResult, Outcome, Side};

fn game(id: &str, moves: usize) -> Box<dyn Session> {
    let variant = Variant::parse(id, None).expect("a variant");
    let mut session = new_session(variant, DrawRules::default(), None).expect("implemented");
    for _ in 0..moves {
        let first = session.legal_moves()[0].text.clone();
        session.play(&first).expect("legal");
    }
    session
}

#[test]
fn a_flag_fall_is_a_loss_on_time_in_the_rules() {
    let mut session = game("flaxman", 2);
    assert_eq!(session.outcome(), None);
    assert!(session.lose_on_time(Side::WHITE), "White to move loses");
    let outcome = session.outcome().expect("the game is over");
    assert_eq!(
        outcome,
        Outcome {
            result: GameResult::Win(Side::BLACK),
            reason: EndReason::Timeout(Side::WHITE),
        }
    );
    assert_eq!(outcome.to_string(), "Black wins on time");
    assert_eq!(session.time_loss(), Some((2, Side::WHITE)));
    // No move is played after it, and no second loss is recorded.
    let next = session.legal_moves()[0].text.clone();
    assert!(matches!(session.play(&next), Err(MoveError::Over { .. })));
    assert!(!session.lose_on_time(Side::BLACK));
    assert_eq!(session.ply_count(), 2);
}

#[test]
fn a_saved_game_keeps_the_loss_on_time() {
    let mut session = game("chakra", 3);
    assert!(session.lose_on_time(Side::BLACK));
    let record = GameRecord::of(session.as_ref());
    assert_eq!(record.result, "1-0");
    assert_eq!(record.timeout.as_deref(), Some("black"));
    let json = record.to_json();
    assert!(json.contains("\"timeout\": \"black\""), "{json}");
    let loaded = GameRecord::from_json(&json)
        .expect("reads")
        .replay()
        .expect("replays");
    assert_eq!(loaded.outcome(), session.outcome());
    assert_eq!(loaded.moves(), session.moves());
    // The plain-text export keeps it too.
    let text = record.to_text();
    assert!(text.contains("[Timeout \"black\"]"), "{text}");
    let from_text = GameRecord::from_text(&text)
        .expect("reads")
        .replay()
        .expect("replays");
    assert_eq!(
        from_text.outcome().map(|o| o.to_string()).as_deref(),
        Some("White wins on time")
    );
    // A game without a clock writes no timeout.
    let plain = GameRecord::of(game("chakra", 3).as_ref());
    assert_eq!(plain.timeout, None);
    assert!(!plain.to_json().contains("timeout"));
}

#[test]
fn a_record_naming_nobody_as_out_of_time_is_an_error() {
    let mut record = GameRecord::of(game("flaxman", 1).as_ref());
    record.timeout = Some("purple".into());
    let error = record.replay().err().expect("refused");
    assert!(error.contains("purple"), "{error}");
}

#[test]
fn undo_steps_back_before_the_loss_and_a_new_move_forgets_it() {
    let mut session = game("tapestry", 2);
    let undone_text = session.moves()[1].clone();
    assert!(session.lose_on_time(Side::WHITE));
    assert!(session.undo());
    assert_eq!(session.outcome(), None, "the position before the loss");
    assert!(session.redo());
    assert!(matches!(
        session.outcome().map(|o| o.reason),
        Some(EndReason::Timeout(Side::WHITE))
    ));
    assert!(session.undo());
    let other = session
        .legal_moves()
        .into_iter()
        .map(|m| m.text)
        .find(|t| *t != undone_text)
        .expect("another move");
    session.play(&other).expect("legal");
    assert_eq!(session.time_loss(), None);
    assert_eq!(session.outcome(), None);
}

#[test]
fn in_a_three_player_game_the_two_left_share_a_draw() {
    let mut session = game("aj-glinski-3p", 0);
    assert!(session.lose_on_time(Side(2)));
    let outcome = session.outcome().expect("over");
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(outcome.to_string(), "draw: Red lost on time");
    let status = session.multi_player_status().expect("three players");
    assert_eq!(status[0], "draw between white and black timeout");
    assert_eq!(status[1], "eliminated: red");
    let record = GameRecord::of(session.as_ref());
    assert_eq!(
        (record.result.as_str(), record.timeout.as_deref()),
        ("1/2-1/2", Some("red"))
    );
    let loaded = record.replay().expect("replays");
    assert_eq!(loaded.outcome(), Some(outcome));
}

#[cfg(feature = "app")]
mod app {
    use std::time::Duration;

    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    use variantarium::app::play::clock::clock_text;
    use variantarium::app::{
        Clock, ClockChoice, ClockMode, CorePlugin, GameClock, Match, MoveRequested,
        NewGameRequested, TimeControl,
    };
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::Variant;
    use variantarium::rules::{EndReason, Side};

    #[test]
    fn the_clock_counts_down_adds_the_increment_and_flags() {
        assert_eq!(TimeControl::BLITZ.label(), "5+3");
        assert_eq!(TimeControl::RAPID.label(), "15+10");
        let mut clock = Clock::new(TimeControl::BLITZ, 2);
        assert_eq!(clock.left(Side::WHITE), Duration::from_secs(300));
        assert_eq!(clock.run(Side::WHITE, Duration::from_secs(10)), None);
        clock.moved(Side::WHITE);
        assert_eq!(clock.left(Side::WHITE), Duration::from_secs(293));
        assert_eq!(clock.left(Side::BLACK), Duration::from_secs(300));
        assert_eq!(clock.run(Side::BLACK, Duration::from_secs(299)), None);
        assert_eq!(
            clock.run(Side::BLACK, Duration::from_secs(2)),
            Some(Side::BLACK)
        );
        assert_eq!(clock.flagged(), Some(Side::BLACK));
        assert_eq!(clock.left(Side::BLACK), Duration::ZERO);
        // Nothing runs or grows after the flag.
        clock.moved(Side::BLACK);
        assert_eq!(clock.left(Side::BLACK), Duration::ZERO);
        assert_eq!(clock.run(Side::WHITE, Duration::from_secs(500)), None);
        assert_eq!(clock_text(Duration::from_secs(65)), "1:05");
        assert_eq!(clock_text(Duration::from_millis(9_450)), "0:09.4");
        assert_eq!(clock_text(Duration::from_secs(900)), "15:00");
    }

    #[test]
    fn a_flag_fall_in_the_window_ends_the_game_on_time() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
        app.insert_resource(ClockChoice {
            mode: ClockMode::Custom,
            custom: TimeControl::minutes(1, 0),
        });
        // Each frame lasts 7 seconds of wall-clock time (the game's own
        // time would count only a quarter of a second of a slow frame).
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(7)));
        let variant = Variant::parse("chakra", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("implemented");
        app.world_mut().write_message(NewGameRequested { session });
        app.update();
        app.update();
        let first = {
            let game = app.world().resource::<Match>();
            game.session.legal_moves()[0].text.clone()
        };
        app.world_mut().write_message(MoveRequested { text: first });
        app.update();
        let black_left = |app: &App| {
            let clock = app.world().resource::<GameClock>();
            clock.clock.as_ref().expect("a clock").left(Side::BLACK)
        };
        let before = black_left(&app);
        app.update();
        assert!(black_left(&app) < before, "Black's time runs on its turn");
        for _ in 0..12 {
            app.update();
        }
        let game = app.world().resource::<Match>();
        let outcome = game.session.outcome().expect("Black's flag fell");
        assert_eq!(outcome.reason, EndReason::Timeout(Side::BLACK));
        assert_eq!(outcome.to_string(), "White wins on time");
        let white = app
            .world()
            .resource::<GameClock>()
            .clock
            .as_ref()
            .expect("a clock")
            .left(Side::WHITE);
        assert!(
            white > Duration::from_secs(40),
            "White's time stood still on Black's turn: {white:?}"
        );
    }

    #[test]
    fn without_a_clock_no_time_runs() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
        let variant = Variant::parse("flaxman", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("implemented");
        app.world_mut().write_message(NewGameRequested { session });
        app.update();
        app.update();
        assert_eq!(app.world().resource::<GameClock>().clock, None);
    }
}

#[test]
fn outcome_words_are_unchanged_for_other_endings() {
    let mate = Outcome {
        result: GameResult::Win(Side::WHITE),
        reason: EndReason::Checkmate,
    };
    assert_eq!(mate.to_string(), "White wins by checkmate");
}
