//! Puzzles in the window, driven headless as a player drives them: a
//! shipped puzzle of every game is solved click by click
//! (`CellClicked`), and another attempt goes wrong (the red ring's cell,
//! the refutation's words, the move taken back); the player's rating goes
//! up after the one and down after the other, and the record is kept on
//! disk; a puzzle opened from the title screen leaves the user's autosaved
//! game as it was. Then the command line's answer to a puzzle id it does
//! not know.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::cli::variantarium;
use variantarium::app::{
    CorePlugin, HumanSides, Match, PlayMode, PuzzleLibrary, PuzzleProfile, PuzzleRequested,
    PuzzleRun, Said,
};
use variantarium::puzzles::serve::{Library, PuzzleSet};
use variantarium::puzzles::{PuzzleRecord, Rating};
use variantarium::rules::GameResult;
use variantarium::rules::families::FAMILIES;

/// The longest any wait here lasts: the refutation is a search on a worker
/// thread of a loaded machine.
const PATIENCE: Duration = Duration::from_secs(120);

fn record_file(test: &str, game: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "variantarium-puzzles-{test}-{game}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("config/puzzles.json")
}

/// The core of the window with the shipped puzzles and a record kept in
/// `record`, on the next puzzle of `game`, waiting for the solver's move.
fn puzzle_app(game: &'static str, record: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    app.insert_resource(PuzzleProfile::at(record.to_path_buf()));
    app.world_mut().write_message(PuzzleRequested {
        set: PuzzleSet::Game(game),
        id: None,
    });
    wait_for(&mut app, "the puzzle to wait for a move", |app| {
        run(app).is_some_and(PuzzleRun::awaiting_move) && mode(app) == Some(PlayMode::Puzzle)
    });
    app
}

fn run(app: &App) -> Option<&PuzzleRun> {
    app.world().get_resource::<PuzzleRun>()
}

fn mode(app: &App) -> Option<PlayMode> {
    app.world()
        .get_resource::<State<PlayMode>>()
        .map(|s| *s.get())
}

fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < PATIENCE, "waited too long for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Every game's key; each must have shipped puzzles.
fn every_game() -> Vec<&'static str> {
    let library = Library::shipped().expect("the shipped puzzles");
    FAMILIES
        .iter()
        .map(|f| f.key)
        .inspect(|&key| {
            let shipped = library.of(PuzzleSet::Game(key)).next().is_some();
            assert!(shipped, "{key} has no shipped puzzle");
        })
        .collect()
}

fn kept(record: &Path) -> PuzzleRecord {
    PuzzleRecord::load(record).expect("the record was written")
}

fn solve(app: &mut App) {
    while let Some(expected) = run(app).and_then(|r| r.attempt.expected().map(str::to_string)) {
        let solver = run(app).expect("a puzzle").solver.index();
        let humans = app.world().resource::<HumanSides>().0.clone();
        let only_solver: Vec<bool> = (0..3).map(|side| side == solver).collect();
        assert_eq!(humans, only_solver, "only the solver's side takes clicks");
        crate::app::click_move(app, &expected);
        wait_for(app, "the reply", |app| {
            run(app).is_some_and(|r| r.awaiting_move() || r.attempt.solved())
        });
    }
}

#[test]
fn every_games_puzzle_solved_by_clicks_raises_the_rating_and_is_kept() {
    for game in every_game() {
        let path = record_file("solved", game);
        let mut app = puzzle_app(game, &path);
        solve(&mut app);
        let run = run(&app).expect("the puzzle");
        assert_eq!(run.said, Some(Said::Solved), "{game}");
        let change = run.change.expect("the result counted");
        assert!(
            change.after.rating > change.before.rating,
            "{game}: {change:?}"
        );
        let session = &app.world().resource::<Match>().session;
        let line = &run.attempt.puzzle.solution;
        assert_eq!(
            &session.moves(),
            line,
            "{game}: the whole line is on the board"
        );
        if run.attempt.puzzle.end == variantarium::puzzles::End::Mate {
            let outcome = session.outcome().expect("mate ends the game");
            assert_eq!(outcome.result, GameResult::Win(run.solver));
        }
        let record = kept(&path);
        assert!(
            record.rating(game).rating > Rating::default().rating,
            "{game}"
        );
        assert_eq!((record.streak, record.history.len()), (1, 1), "{game}");
        assert!(record.history[0].solved);
    }
}

/// A legal move of the solver's that is not the line's and does not win.
fn wrong_move(app: &App) -> (String, u16) {
    let run = run(app).expect("a puzzle");
    let expected = run.attempt.expected().expect("a move to find");
    let session = &app.world().resource::<Match>().session;
    session
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut tried = session.clone_box();
            let played = tried.play(&m.text).is_ok();
            m.text != expected && played && tried.outcome().is_none()
        })
        .map(|m| (m.text, m.route.to))
        .expect("a wrong move")
}

#[test]
fn a_wrong_move_is_ringed_refuted_taken_back_and_lowers_the_rating() {
    for game in every_game() {
        let path = record_file("wrong", game);
        let mut app = puzzle_app(game, &path);
        let (played, cell) = wrong_move(&app);
        crate::app::click_move(&mut app, &played);
        let wrong = run(&app).and_then(|r| r.wrong.as_ref()).expect("ringed");
        assert_eq!(wrong.cell, cell, "{game}: the ring is on the cell moved to");
        assert_eq!(app.world().resource::<Match>().session.ply_count(), 1);
        wait_for(&mut app, "the refutation's words", |app| {
            run(app).is_some_and(|r| r.wrong.as_ref().is_none_or(|w| w.words.is_some()))
        });
        wait_for(&mut app, "the move taken back", |app| {
            run(app).is_some_and(PuzzleRun::awaiting_move)
        });
        assert_eq!(app.world().resource::<Match>().session.ply_count(), 0);
        let run_now = run(&app).expect("the puzzle");
        match &run_now.said {
            Some(Said::Wrong(words)) => {
                assert!(words.starts_with(&format!("{played}: That ")), "{words}")
            }
            other => panic!("{game}: {other:?}"),
        }
        let change = run_now.change.expect("the result counted");
        assert!(change.after.rating < change.before.rating, "{game}");
        let record = kept(&path);
        assert!(
            record.rating(game).rating < Rating::default().rating,
            "{game}"
        );
        assert_eq!(record.streak, 0);
        // Solved after all, the puzzle counts no more: it counted once.
        solve(&mut app);
        assert_eq!(run(&app).expect("the puzzle").said, Some(Said::Solved));
        assert_eq!(kept(&path), record, "{game}: counted once");
    }
}

#[test]
fn show_solution_plays_the_line_and_counts_as_failed() {
    let game = every_game()[0];
    let path = record_file("shown", game);
    let mut app = puzzle_app(game, &path);
    app.world_mut()
        .write_message(variantarium::app::PuzzleControl::ShowSolution);
    wait_for(&mut app, "the solution shown", |app| {
        run(app).is_some_and(|r| matches!(r.said, Some(Said::Solution(_))))
    });
    let run = run(&app).expect("the puzzle");
    let session = &app.world().resource::<Match>().session;
    assert_eq!(session.moves(), run.attempt.puzzle.solution);
    assert!(kept(&path).rating(game).rating < Rating::default().rating);
    let library = app.world().resource::<PuzzleLibrary>();
    assert!(library.library.find(&run.attempt.puzzle.id).is_some());
}

#[test]
fn a_puzzle_never_replaces_the_autosaved_game() {
    use variantarium::app::{MoveRequested, NewGameRequested};
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::Variant;
    let path = record_file("autosave", "flaxman");
    let autosave = path.with_file_name("autosave.json");
    let mut app = crate::app::core_app_with_autosave(&autosave);
    app.insert_resource(PuzzleProfile::at(path));
    let variant = Variant::parse("chakra", None).expect("a variant");
    let session = new_session(variant, DrawRules::default(), None).expect("a game");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.world_mut().write_message(MoveRequested {
        text: "e2-e4".into(),
    });
    wait_for(&mut app, "the user's move kept", |_| {
        std::fs::read_to_string(&autosave).is_ok_and(|t| t.contains("e2-e4"))
    });
    let kept = std::fs::read_to_string(&autosave).expect("the autosave");
    // As from the title screen's Puzzles window.
    app.world_mut()
        .resource_mut::<NextState<variantarium::app::Screen>>()
        .set(variantarium::app::Screen::Menu);
    app.update();
    app.world_mut().write_message(PuzzleRequested {
        set: PuzzleSet::Game("flaxman"),
        id: None,
    });
    wait_for(&mut app, "the puzzle to wait for a move", |app| {
        run(app).is_some_and(PuzzleRun::awaiting_move) && mode(app) == Some(PlayMode::Puzzle)
    });
    solve(&mut app);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    app.update();
    assert_eq!(
        std::fs::read_to_string(&autosave).expect("the autosave"),
        kept,
        "the puzzle was autosaved over the user's game"
    );
}

#[test]
fn an_unknown_puzzle_id_is_one_line_and_status_2() {
    let out = std::env::temp_dir().join("variantarium-no-such-puzzle.png");
    let out = out.to_string_lossy().into_owned();
    for args in [
        vec!["screenshot", "--puzzle", "flaxman-0000", "--out", &out],
        vec!["record", "--puzzle", "flaxman-0000", "--out", "x.mp4"],
    ] {
        let (code, stdout, stderr) = variantarium(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
        assert!(stderr.contains("no puzzle 'flaxman-0000'"), "{stderr}");
    }
    let (code, _, stderr) = variantarium(&["puzzles", "--play", "--variant", "draughts"]);
    assert_eq!(code, 2);
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(stderr.contains("no game 'draughts'"), "{stderr}");
}

/// Today's puzzle is one of at least two moves of the solver's, and once
/// solved the title screen says so.
#[test]
fn the_daily_puzzle_is_deep_and_says_solved_once_solved() {
    use variantarium::app::DailyPuzzle;
    let record = record_file("daily", "mixed");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    app.insert_resource(PuzzleProfile::at(record.clone()));
    wait_for(&mut app, "today's puzzle", |app| {
        app.world().get_resource::<DailyPuzzle>().is_some()
    });
    let daily = app.world().resource::<DailyPuzzle>().clone();
    assert!(!daily.solved, "not solved yet");
    let library = Library::shipped().expect("the shipped puzzles");
    let puzzle = library.find(&daily.id).expect("a shipped puzzle");
    assert!(
        puzzle.solution.len() >= 3,
        "{} is solved in one move: {:?}",
        daily.id,
        puzzle.solution
    );
    app.world_mut().write_message(PuzzleRequested {
        set: PuzzleSet::Mixed,
        id: Some(daily.id.clone()),
    });
    wait_for(&mut app, "the puzzle to wait for a move", |app| {
        run(app).is_some_and(PuzzleRun::awaiting_move)
    });
    solve(&mut app);
    wait_for(&mut app, "the title screen to know it was solved", |app| {
        app.world().resource::<DailyPuzzle>().solved
    });
    assert_eq!(app.world().resource::<DailyPuzzle>().id, daily.id);
}
