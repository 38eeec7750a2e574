//! Nothing lost, nothing leaks, nothing crashes, in the ECS without a
//! window: the autosave follows the game and continues it, a panic in the
//! computer's thread leaves the game playable, and hundreds of moves, undos
//! and jumps leave exactly the entities the position shows.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use variantarium::app::{
    AutosavePlugin, Cell, CellClicked, CorePlugin, Engine, Ghost, HistoryRequested, HistoryStep,
    Match, MoveRequested, NewGameRequested, Piece, Players, Resumable, ResumeRequested, Screen,
    Thinking, Tween,
};
use variantarium::engine::Level;
use variantarium::record::{self, GameRecord};
use variantarium::rules::history::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::{Variant, VariantId};

use crate::app::update_until;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The core plugins on a manual clock: each update is a tenth of a second.
fn core_app(autosave: Option<PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        CorePlugin,
        AutosavePlugin { path: autosave },
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app.update();
    app
}

fn start(app: &mut App, session: Box<dyn Session>) {
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
}

fn game(variant: VariantId) -> Box<dyn Session> {
    new_session(Variant::new(variant), DrawRules::default(), None).expect("implemented")
}

fn session(app: &App) -> &dyn Session {
    app.world().resource::<Match>().session.as_ref()
}

fn saved(path: &Path) -> GameRecord {
    GameRecord::from_json(&std::fs::read_to_string(path).expect("an autosave"))
        .expect("a readable autosave")
}

fn play_random(app: &mut App, rng: &mut Rng) -> Option<String> {
    let moves = session(app).legal_moves();
    if moves.is_empty() {
        return None;
    }
    let text = moves[rng.below(moves.len())].text.clone();
    app.world_mut()
        .write_message(MoveRequested { text: text.clone() });
    app.update();
    Some(text)
}

#[test]
fn the_autosave_follows_every_move_undo_and_exit() {
    let path = scratch("follow.json");
    let mut app = core_app(Some(path.clone()));
    assert!(!path.exists(), "no game, nothing kept");
    start(&mut app, game(VariantId::Tapestry));
    assert!(saved(&path).moves.is_empty(), "kept as soon as it starts");
    let mut rng = Rng::new(3);
    for n in 1..=6 {
        play_random(&mut app, &mut rng);
        let record = saved(&path);
        assert_eq!(record.moves, session(&app).moves(), "after move {n}");
        assert_eq!(record.players, ["human", "human"]);
    }
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::Undo));
    app.update();
    let record = saved(&path);
    assert_eq!(record.moves.len(), 5);
    assert_eq!(record.redo.len(), 1, "what was taken back is kept for redo");
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::GoTo(2)));
    app.update();
    assert_eq!(saved(&path).moves.len(), 2);
    // Whatever the game is when the app exits is what the file holds: a
    // change no message announced (the draw rules) is written on exit.
    app.world_mut()
        .resource_mut::<Match>()
        .session
        .set_draw_rules(DrawRules::NONE);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let record = saved(&path);
    assert!(!record.repetition_draws && !record.fifty_move_draws);
    // The autosave is an ordinary saved game.
    let loaded = record::load(&path).expect("loads like any save");
    assert_eq!(loaded.position_text(), session(&app).position_text());
    assert_eq!(loaded.redo_moves(), session(&app).redo_moves());
    // No temporary file is left beside it.
    let dir = path.parent().unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(".follow.json"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn the_menu_offers_to_continue_the_autosaved_game_with_its_players() {
    let path = scratch("continue.json");
    // Nothing to continue: no offer.
    let app = core_app(Some(path.clone()));
    assert!(app.world().get_resource::<Resumable>().is_none());
    // A game against the computer, kept and left.
    let mut played = game(VariantId::Flaxman);
    for text in ["d1-a1", "e6-d6", "a1-a4"] {
        played.play(text).unwrap();
    }
    let level: Level = "2".parse().unwrap();
    let record = GameRecord::of(played.as_ref()).with_players(&[None, Some(level)]);
    std::fs::write(&path, record.to_json()).unwrap();
    // A new window: the menu offers it, and continuing restores the game and
    // who plays it.
    let mut app = core_app(Some(path.clone()));
    let offer = app.world().resource::<Resumable>();
    assert!(
        offer.summary.contains("Flaxman: 2 moves"),
        "{}",
        offer.summary
    );
    app.world_mut().write_message(ResumeRequested);
    app.update();
    app.update();
    assert_eq!(session(&app).moves(), played.moves());
    assert_eq!(app.world().resource::<Players>().0, vec![None, Some(level)]);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    // A save whose moves no longer replay continues up to the last legal
    // one, and the status bar says which move failed.
    let broken = record.to_json().replace("a1-a4", "a1-a5");
    std::fs::write(&path, broken).unwrap();
    let mut app = core_app(Some(path.clone()));
    app.world_mut().write_message(ResumeRequested);
    app.update();
    app.update();
    assert_eq!(session(&app).moves(), ["d1-a1", "e6-d6"]);
    let notice = app.world().resource::<Match>().notice.clone();
    assert!(
        notice.as_deref().is_some_and(|n| n.contains("move 3")),
        "{notice:?}"
    );
    // A file that is no saved game at all is not offered (and not lost:
    // the window leaves it alone until a game starts).
    std::fs::write(&path, "{ not json").unwrap();
    let app = core_app(Some(path.clone()));
    assert!(app.world().get_resource::<Resumable>().is_none());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not json");
}

#[test]
fn a_failed_autosave_is_shown_and_the_game_goes_on() {
    // The data folder is a file: nothing can be written under it.
    let blocker = scratch("blocker");
    std::fs::write(&blocker, "a file, not a folder").unwrap();
    let mut app = core_app(Some(blocker.join("autosave.json")));
    start(&mut app, game(VariantId::Flaxman));
    let notice = app.world().resource::<Match>().notice.clone();
    assert!(
        notice.as_deref().is_some_and(|n| n.contains("Autosave")),
        "{notice:?}"
    );
    let mut rng = Rng::new(1);
    play_random(&mut app, &mut rng).expect("a move");
    assert_eq!(session(&app).moves().len(), 1);
}

// ---------------------------------------------------------------------------
// The computer's thread

fn faulty_move(_: &dyn Session, _: Level, _: u64) -> Option<String> {
    panic!("injected fault in the search");
}

fn faulty_hint(_: &dyn Session) -> Option<String> {
    panic!("injected fault in the hint");
}

#[test]
fn a_panic_in_the_computers_thread_is_reported_and_the_game_goes_on() {
    let mut app = core_app(None);
    app.insert_resource(Engine {
        play: faulty_move,
        hint: faulty_hint,
    });
    let level: Level = "1".parse().unwrap();
    app.insert_resource(Players(vec![Some(level), None]));
    start(&mut app, game(VariantId::Chakra));
    update_until(&mut app, "the fault to be reported", |app| {
        app.world().resource::<Match>().notice.is_some()
    });
    let notice = app.world().resource::<Match>().notice.clone().unwrap();
    assert!(
        notice.contains("injected fault in the search") && notice.contains("White"),
        "{notice}"
    );
    assert!(app.world().get_resource::<Thinking>().is_none());
    // White is the person's now: a click selects, a move plays.
    assert_eq!(app.world().resource::<Players>().0, vec![None, None]);
    let mv = session(&app).legal_moves()[0].clone();
    app.world_mut().write_message(CellClicked {
        cell: mv.route.from,
    });
    app.update();
    app.world_mut()
        .write_message(CellClicked { cell: mv.route.to });
    app.update();
    assert_eq!(session(&app).moves().len(), 1, "{notice}");
    // A hint that panics says so and changes nothing else.
    app.world_mut()
        .write_message(variantarium::app::HintRequested);
    update_until(&mut app, "the hint's fault to be reported", |app| {
        app.world()
            .resource::<Match>()
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("injected fault in the hint"))
    });
    assert_eq!(session(&app).moves().len(), 1);
    // The real engine again: the computer plays its side.
    app.insert_resource(Engine::default());
    app.insert_resource(Players(vec![None, Some(level)]));
    update_until(&mut app, "the computer's move", |app| {
        session(app).moves().len() == 2
    });
}

// ---------------------------------------------------------------------------
// Entities

fn count<F: bevy::ecs::query::QueryFilter>(app: &mut App) -> usize {
    let mut query = app.world_mut().query_filtered::<Entity, F>();
    query.iter(app.world()).count()
}

/// Lets every animation finish.
fn settle(app: &mut App) {
    for _ in 0..30 {
        app.update();
    }
}

#[test]
fn five_hundred_moves_undos_and_jumps_leave_exactly_the_men_on_the_board() {
    for variant in Variant::implemented() {
        let mut app = core_app(None);
        start(
            &mut app,
            new_session(variant, DrawRules::NONE, None).unwrap(),
        );
        settle(&mut app);
        let cells = session(&app).layout().cells.len();
        let men = session(&app).placements().len();
        let others = app.world().entities().count_spawned() as usize - cells - men;
        let mut rng = Rng::new(500);
        for _ in 0..500 {
            match rng.below(10) {
                0..=4 => {
                    if play_random(&mut app, &mut rng).is_none() {
                        app.world_mut()
                            .write_message(HistoryRequested(HistoryStep::GoTo(0)));
                    }
                }
                5 | 6 => {
                    app.world_mut()
                        .write_message(HistoryRequested(HistoryStep::Undo));
                }
                7 => {
                    app.world_mut()
                        .write_message(HistoryRequested(HistoryStep::Redo));
                }
                8 => {
                    let plies = session(&app).moves().len() + session(&app).redo_moves().len();
                    let to = rng.below(plies + 1);
                    app.world_mut()
                        .write_message(HistoryRequested(HistoryStep::GoTo(to)));
                }
                _ => {
                    // A click on any cell, as a person might.
                    let cell = rng.below(cells) as u16;
                    app.world_mut().write_message(CellClicked { cell });
                }
            }
            // One tenth of a second: most animations are cut short by the
            // next step.
            app.update();
        }
        settle(&mut app);
        let men = session(&app).placements().len();
        assert_eq!(count::<With<Piece>>(&mut app), men, "{variant:?}");
        assert_eq!(count::<With<Cell>>(&mut app), cells, "{variant:?}");
        assert_eq!(count::<With<Ghost>>(&mut app), 0, "{variant:?}");
        assert_eq!(count::<With<Tween>>(&mut app), 0, "{variant:?}");
        assert_eq!(
            app.world().entities().count_spawned() as usize,
            others + cells + men,
            "{variant:?}: entities other than the men and cells came or went"
        );
    }
}
