//! The keyboard during play, through the ECS without a window: each key
//! makes its request (a step in the history, undo and redo, save, leave,
//! the camera's turn and top view), and none fires while a text field has
//! the keys. Keys arrive as the window sends them: `KeyboardInput`
//! messages through Bevy's input plugin.

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use variantarium::app::play::file_actions::{LeaveRequested, SaveRequested};
use variantarium::app::{
    CorePlugin, HistoryRequested, HistoryStep, KeyCommand, Match, MoveRequested, NewGameRequested,
    OrbitCamera, Players, TypingText, key_command,
};
use variantarium::engine::Level;
use variantarium::rules::history::DrawRules;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::Variant;

use crate::app::update_until;

#[derive(Resource, Default)]
struct Heard {
    history: Vec<HistoryStep>,
    saves: usize,
    leaves: usize,
}

fn listen(
    mut heard: ResMut<Heard>,
    mut history: MessageReader<HistoryRequested>,
    mut saves: MessageReader<SaveRequested>,
    mut leaves: MessageReader<LeaveRequested>,
) {
    heard.history.extend(history.read().map(|r| r.0));
    heard.saves += saves.read().count();
    heard.leaves += leaves.read().count();
}

/// A world with Bevy's keyboard input, a camera and the requests heard.
fn keyboard_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin, CorePlugin))
        .init_resource::<OrbitCamera>()
        .init_resource::<Heard>()
        .add_systems(PostUpdate, listen);
    app
}

/// A game of Chakra three moves in, with keyboard input and a camera.
fn app() -> App {
    let mut app = keyboard_app();
    let variant = Variant::parse("chakra", None).expect("a variant");
    let session = new_session(variant, DrawRules::default(), None).expect("implemented");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
    for _ in 0..3 {
        let text = app.world().resource::<Match>().session.legal_moves()[0]
            .text
            .clone();
        app.world_mut().write_message(MoveRequested { text });
        app.update();
    }
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>());
    app
}

/// One key going down or up, as the window reports it.
fn key_event(code: KeyCode, state: ButtonState) -> KeyboardInput {
    let logical_key = match code {
        KeyCode::ControlLeft | KeyCode::ControlRight => Key::Control,
        _ => Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
    };
    KeyboardInput {
        key_code: code,
        logical_key,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// Presses the keys together for one frame, then lets them go in the next.
fn press(app: &mut App, keys: &[KeyCode]) -> Heard {
    for &key in keys {
        app.world_mut()
            .write_message(key_event(key, ButtonState::Pressed));
    }
    app.update();
    for &key in keys.iter().rev() {
        app.world_mut()
            .write_message(key_event(key, ButtonState::Released));
    }
    app.update();
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>())
}

/// The whole chord, each key down in order and up in reverse, within one
/// frame, as a CPU renderer's few frames a second deliver a quick Ctrl+Z.
fn chord_in_one_frame(app: &mut App, keys: &[KeyCode]) -> Heard {
    for &key in keys {
        app.world_mut()
            .write_message(key_event(key, ButtonState::Pressed));
    }
    for &key in keys.iter().rev() {
        app.world_mut()
            .write_message(key_event(key, ButtonState::Released));
    }
    app.update();
    app.update();
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>())
}

fn ply(app: &App) -> usize {
    app.world().resource::<Match>().session.ply_count()
}

#[test]
fn arrows_home_and_end_walk_the_history() {
    let mut app = app();
    assert_eq!(ply(&app), 3);
    let heard = press(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(heard.history, [HistoryStep::GoTo(2)]);
    assert_eq!(ply(&app), 2, "one move back");
    press(&mut app, &[KeyCode::Home]);
    assert_eq!(ply(&app), 0, "the start");
    let heard = press(&mut app, &[KeyCode::ArrowLeft]);
    assert!(heard.history.is_empty(), "nothing before the start");
    press(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(ply(&app), 1, "one move forward");
    let heard = press(&mut app, &[KeyCode::End]);
    assert_eq!(heard.history, [HistoryStep::GoTo(3)]);
    assert_eq!(ply(&app), 3, "the newest position");
}

#[test]
fn control_z_and_y_undo_and_redo() {
    let mut app = app();
    let heard = press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(heard.history, [HistoryStep::Undo]);
    assert_eq!(ply(&app), 2);
    let heard = press(&mut app, &[KeyCode::ControlRight, KeyCode::KeyY]);
    assert_eq!(heard.history, [HistoryStep::Redo]);
    assert_eq!(ply(&app), 3);
    // Z alone is no undo.
    let heard = press(&mut app, &[KeyCode::KeyZ]);
    assert!(heard.history.is_empty());
}

/// Three players, White the person's and Black and Red the computer's:
/// Ctrl+Z takes back the person's move and both replies, Ctrl+Y plays them
/// again, whether the keys come over several frames or all within one.
#[test]
fn control_z_and_y_in_a_three_player_game_against_two_computers() {
    let mut app = keyboard_app();
    let novice: Level = "1".parse().expect("a level");
    app.insert_resource(Players(vec![None, Some(novice), Some(novice)]));
    let variant = Variant::parse("aj-glinski-3p", None).expect("a variant");
    let session = new_session(variant, DrawRules::default(), None).expect("implemented");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
    let white_to_move = |app: &App| {
        let session = &app.world().resource::<Match>().session;
        session.side_to_move().index() == 0 && session.ply_count() > 0
    };
    // Red opens: the person's turn comes after the computer's move.
    update_until(&mut app, "White's turn", white_to_move);
    let before = ply(&app);
    let text = app.world().resource::<Match>().session.legal_moves()[0]
        .text
        .clone();
    app.world_mut().write_message(MoveRequested { text });
    update_until(&mut app, "Black's and Red's replies", |app| {
        ply(app) == before + 3
    });
    assert!(white_to_move(&app), "White's turn again");
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>());
    let ways: [fn(&mut App, &[KeyCode]) -> Heard; 2] = [chord_in_one_frame, press];
    for keys in ways {
        let heard = keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
        assert_eq!(heard.history, [HistoryStep::Undo]);
        assert_eq!(ply(&app), before, "back to the person's turn");
        let heard = keys(&mut app, &[KeyCode::ControlRight, KeyCode::KeyY]);
        assert_eq!(heard.history, [HistoryStep::Redo]);
        assert_eq!(
            ply(&app),
            before + 3,
            "the person's move and both replies again"
        );
    }
}

#[test]
fn control_s_saves_escape_leaves_f_and_t_move_the_camera() {
    let mut app = app();
    let heard = press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyS]);
    assert_eq!((heard.saves, heard.leaves), (1, 0));
    let heard = press(&mut app, &[KeyCode::Escape]);
    assert_eq!((heard.saves, heard.leaves), (0, 1));
    let yaw = app.world().resource::<OrbitCamera>().yaw;
    press(&mut app, &[KeyCode::KeyF]);
    let turned = app.world().resource::<OrbitCamera>().yaw;
    assert!(
        (turned - yaw).abs() > 3.0,
        "F turns the board: {yaw} to {turned}"
    );
    assert!(!app.world().resource::<OrbitCamera>().top_down);
    press(&mut app, &[KeyCode::KeyT]);
    assert!(app.world().resource::<OrbitCamera>().top_down);
    press(&mut app, &[KeyCode::KeyT]);
    assert!(!app.world().resource::<OrbitCamera>().top_down);
}

#[test]
fn no_key_fires_while_a_text_field_has_the_keys() {
    let mut app = app();
    app.insert_resource(TypingText(true));
    for keys in [
        &[KeyCode::ArrowLeft][..],
        &[KeyCode::ControlLeft, KeyCode::KeyS],
        &[KeyCode::Escape],
        &[KeyCode::KeyF],
    ] {
        let heard = press(&mut app, keys);
        assert!(heard.history.is_empty() && heard.saves == 0 && heard.leaves == 0);
    }
    assert_eq!(ply(&app), 3);
    assert_eq!(app.world().resource::<OrbitCamera>().yaw, 0.0);
    app.insert_resource(TypingText(false));
    assert_eq!(press(&mut app, &[KeyCode::Escape]).leaves, 1);
}

#[test]
fn the_key_map() {
    assert_eq!(key_command(KeyCode::KeyS, true), Some(KeyCommand::Save));
    assert_eq!(key_command(KeyCode::KeyS, false), None);
    assert_eq!(key_command(KeyCode::KeyF, true), None);
    assert_eq!(key_command(KeyCode::Escape, false), Some(KeyCommand::Leave));
}

/// A whole Ctrl+A within one frame (as a CPU renderer's few frames a
/// second deliver it) reaches egui as A with Control held, which selects
/// all, and types no letter; a plain A after it types one.
#[test]
fn ctrl_a_in_one_frame_selects_all_and_types_nothing() {
    use bevy::input::keyboard::Key;
    use bevy_egui::egui;
    use variantarium::app::ui::keyboard::{Held, KeyEvent, egui_events};
    let key = |logical: Key, code: KeyCode, pressed: bool| KeyEvent {
        logical,
        code,
        pressed,
    };
    let a = || Key::Character("a".into());
    let chord = [
        key(Key::Control, KeyCode::ControlLeft, true),
        key(a(), KeyCode::KeyA, true),
        key(a(), KeyCode::KeyA, false),
        key(Key::Control, KeyCode::ControlLeft, false),
        key(a(), KeyCode::KeyA, true),
    ];
    let mut held = Held::default();
    let events = egui_events(&mut held, &chord);
    let typed: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            egui::Event::Text(t) => Some(t),
            _ => None,
        })
        .collect();
    assert_eq!(
        typed,
        ["a"],
        "only the A after Control was let go types: {events:?}"
    );
    let select_all = events.iter().position(|e| {
        matches!(e, egui::Event::Key { key: egui::Key::A, pressed: true, modifiers, .. } if modifiers.command)
    });
    let typed_at = events
        .iter()
        .position(|e| matches!(e, egui::Event::Text(_)));
    assert!(
        select_all.is_some_and(|s| typed_at.is_some_and(|t| s < t)),
        "Ctrl+A comes first, with Control: {events:?}"
    );
    assert_eq!(held, Held::default(), "every key is up again");
}
