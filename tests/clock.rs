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
fn a_saved_game_keeps_its_clocks_and_an_old_one_has_none() {
    use variantarium::record::SavedClock;
    let session = game("flaxman", 3);
    let clock = SavedClock {
        base_ms: 300_000,
        increment_ms: 3_000,
        left_ms: vec![172_000, 288_500],
    };
    let json = GameRecord::of(session.as_ref())
        .with_clock(Some(clock.clone()))
        .to_json();
    let loaded = variantarium::record::read(&json).expect("reads");
    assert_eq!(loaded.clock, Some(clock.clone()));
    let old = GameRecord::of(session.as_ref()).to_json();
    assert!(!old.contains("clock"), "{old}");
    assert_eq!(variantarium::record::read(&old).expect("reads").clock, None);
    let three = SavedClock {
        left_ms: vec![1, 2, 3],
        ..clock
    };
    let wrong = GameRecord::of(session.as_ref()).with_clock(Some(three));
    let error = wrong.restore().err().expect("refused");
    assert_eq!(error, "the clock keeps 3 times for a game of 2 players");
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
    use variantarium::app::play::file_actions::{LoadRequested, SaveToRequested};
    use variantarium::app::{
        Clock, ClockChoice, ClockMode, CorePlugin, FlyIn, GameClock, Match, MoveRequested,
        NewGameRequested, ResumeRequested, TimeControl,
    };
    use variantarium::record;
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
        assert_eq!(clock_text(Duration::from_secs(3 * 3600 + 65)), "3:01:05");
        assert_eq!(clock_text(Duration::from_secs(3 * 86_400 - 3600)), "2d 23h");
        assert_eq!(
            TimeControl::minutes(3 * 24 * 60, 0).label(),
            "3 days a move"
        );
        assert_eq!(TimeControl::minutes(15, 10).label(), "15+10");
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

    /// A window's core plugins with the autosave at `autosave`, each update
    /// seven seconds of wall-clock time.
    fn clocked_app(autosave: &std::path::Path, choice: ClockMode) -> App {
        let mut app = crate::app::core_app_with_autosave(autosave);
        app.insert_resource(ClockChoice {
            mode: choice,
            ..default()
        });
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(7)));
        app.update();
        app
    }

    fn left(app: &App) -> Vec<Duration> {
        let clock = app.world().resource::<GameClock>();
        let clock = clock.clock.as_ref().expect("a clock");
        vec![clock.left(Side::WHITE), clock.left(Side::BLACK)]
    }

    /// A new Flaxman game, then `plies` moves (each the first legal one),
    /// `updates` frames after each.
    fn start_flaxman_and_play(app: &mut App, plies: usize, updates: usize) {
        let variant = Variant::parse("flaxman", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("implemented");
        app.world_mut().write_message(NewGameRequested { session });
        app.update();
        app.update();
        for _ in 0..plies {
            let first = app.world().resource::<Match>().session.legal_moves()[0]
                .text
                .clone();
            app.world_mut().write_message(MoveRequested { text: first });
            for _ in 0..updates {
                app.update();
            }
        }
    }

    #[test]
    fn no_time_runs_while_the_camera_flies_in() {
        let dir = std::env::temp_dir().join(format!("variantarium-fly-{}", std::process::id()));
        let mut app = clocked_app(&dir.join("autosave.json"), ClockMode::Blitz);
        let variant = Variant::parse("flaxman", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("implemented");
        app.world_mut().write_message(NewGameRequested { session });
        app.world_mut().insert_resource(FlyIn::default());
        for _ in 0..4 {
            app.update();
        }
        let full = Duration::from_secs(300);
        assert_eq!(left(&app), [full, full], "the fly-in costs nobody time");
        app.world_mut().remove_resource::<FlyIn>();
        app.update();
        app.update();
        assert!(left(&app)[0] < full, "White's time runs once it has landed");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Leave → Continue goes on with the clocks as they stood when the
    /// game was left, not as the last move saved them; while "Leave this
    /// game?" is asked, the game against the computer is paused.
    #[test]
    fn leaving_keeps_the_clock_as_it_stands_and_the_question_pauses_it() {
        use variantarium::app::Screen;
        use variantarium::app::play::file_actions::LeaveRequested;
        use variantarium::app::play::leaving::LeaveAsked;
        let dir = std::env::temp_dir().join(format!("variantarium-leave-{}", std::process::id()));
        let autosave = dir.join("autosave.json");
        let mut app = clocked_app(&autosave, ClockMode::Blitz);
        start_flaxman_and_play(&mut app, 2, 1);
        // White thinks for five frames of seven seconds after the last save.
        for _ in 0..5 {
            app.update();
        }
        app.world_mut().write_message(LeaveRequested);
        app.update();
        assert!(app.world().resource::<LeaveAsked>().open, "the question");
        let asked_at = left(&app);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(left(&app), asked_at, "no time runs while it is asked");
        // "Leave": the question closes and the menu opens.
        app.world_mut().resource_mut::<LeaveAsked>().open = false;
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        app.update();
        let kept = record::open(&autosave).expect("an autosave");
        let kept = kept.clock.expect("the clocks");
        let kept: Vec<Duration> = kept
            .left_ms
            .iter()
            .map(|&ms| Duration::from_millis(ms))
            .collect();
        assert_eq!(
            kept, asked_at,
            "the autosave keeps the clocks as they stood"
        );
        // Continue, with the camera flying in so that no time runs yet.
        app.world_mut().insert_resource(FlyIn::default());
        app.world_mut().write_message(ResumeRequested);
        app.update();
        app.update();
        assert_eq!(
            left(&app),
            asked_at,
            "White's {} is not given back",
            clock_text(asked_at[0])
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn saved_loaded_and_continued_games_keep_both_clocks() {
        let dir = std::env::temp_dir().join(format!("variantarium-keep-{}", std::process::id()));
        let autosave = dir.join("autosave.json");
        let mut app = clocked_app(&autosave, ClockMode::Blitz);
        start_flaxman_and_play(&mut app, 3, 2);
        let kept = left(&app);
        assert!(kept[0] < Duration::from_secs(300) && kept[1] < Duration::from_secs(300));
        assert_ne!(kept[0], kept[1]);
        let file = dir.join("game.json");
        app.world_mut().write_message(SaveToRequested(file.clone()));
        app.update();
        let text = std::fs::read_to_string(&file).expect("saved");
        assert!(text.contains("\"increment_ms\": 3000"), "{text}");
        let saved = record::open(&file).expect("loads").clock.expect("a clock");
        let saved_at = saved.left_ms.iter().map(|&ms| Duration::from_millis(ms));
        let saved_at: Vec<Duration> = saved_at.collect();
        assert!(saved_at[0] <= kept[0] && saved_at[1] <= kept[1]);
        drop(app);

        // Loaded, with no clock chosen in the menu: the saved clocks.
        let mut loaded = clocked_app(&autosave, ClockMode::None);
        loaded
            .world_mut()
            .write_message(LoadRequested(file.clone()));
        loaded.update();
        loaded.update();
        let clock = loaded.world().resource::<GameClock>();
        let clock = clock.clock.as_ref().expect("the saved clock");
        assert_eq!(clock.control, TimeControl::BLITZ);
        // Black is to move: White's time stands as saved, Black's runs on.
        assert_eq!(clock.left(Side::WHITE), saved_at[0]);
        let black = clock.left(Side::BLACK);
        assert!(
            black <= saved_at[1] && black + Duration::from_secs(20) > saved_at[1],
            "Black's {black:?} from {:?}",
            saved_at[1]
        );
        drop(loaded);

        // Continued from the menu: the autosave's clocks.
        let autosaved = record::open(&autosave).expect("an autosave");
        let kept = autosaved.clock.expect("the autosave keeps the clocks");
        let mut resumed = clocked_app(&autosave, ClockMode::Rapid);
        resumed.world_mut().write_message(ResumeRequested);
        resumed.update();
        resumed.update();
        let clock = resumed.world().resource::<GameClock>();
        let clock = clock.clock.as_ref().expect("the autosaved clock");
        assert_eq!(clock.control, TimeControl::BLITZ, "not the menu's 15+10");
        assert_eq!(
            clock.left(Side::WHITE),
            Duration::from_millis(kept.left_ms[0])
        );
        assert!(clock.left(Side::BLACK) <= Duration::from_millis(kept.left_ms[1]));
        let _ = std::fs::remove_dir_all(&dir);
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
