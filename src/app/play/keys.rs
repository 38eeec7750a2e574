//! The keyboard during play: ←/→ step through the history one move at a
//! time, Home/End go to its start and end, Ctrl+Z/Ctrl+Y undo and redo,
//! Ctrl+S saves, F turns the board, T toggles the top view and Esc goes
//! back to the menu. Nothing fires while an egui text field has the keys.
//!
//! Keys are read in the order they went down, each with the Control held
//! at its moment: at the few frames a second of a CPU renderer a whole
//! Ctrl+Z (Control down, Z down, Z up, Control up) arrives in one frame,
//! which ends with Control up.

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::app::look::camera::OrbitCamera;
use crate::app::play::file_actions::{LeaveRequested, SaveRequested};
use crate::app::play::game::{GameSystems, HistoryRequested, HistoryStep, Match};
use crate::app::screen::{PlayMode, Screen, in_lesson};

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    /// One move back in the history (←).
    Back,
    /// One move forward (→).
    Forward,
    /// The start position (Home).
    First,
    /// The newest position (End).
    Last,
    Undo,
    Redo,
    Save,
    Flip,
    TopView,
    Leave,
}

/// The command a key press makes, `ctrl` telling whether Control is held.
pub fn key_command(key: KeyCode, ctrl: bool) -> Option<KeyCommand> {
    let command = match (key, ctrl) {
        (KeyCode::ArrowLeft, false) => KeyCommand::Back,
        (KeyCode::ArrowRight, false) => KeyCommand::Forward,
        (KeyCode::Home, false) => KeyCommand::First,
        (KeyCode::End, false) => KeyCommand::Last,
        (KeyCode::KeyZ, true) => KeyCommand::Undo,
        (KeyCode::KeyY, true) => KeyCommand::Redo,
        (KeyCode::KeyS, true) => KeyCommand::Save,
        (KeyCode::KeyF, false) => KeyCommand::Flip,
        (KeyCode::KeyT, false) => KeyCommand::TopView,
        (KeyCode::Escape, _) => KeyCommand::Leave,
        _ => return None,
    };
    Some(command)
}

/// Whether a text field has the keyboard (egui says so each frame): the
/// game's keys wait meanwhile.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypingText(pub bool);

pub(super) fn plugin(app: &mut App) {
    // The window's input plugin registers the keys' messages; a world
    // without a window gets them here (registering twice is one).
    app.add_message::<KeyboardInput>()
        .init_resource::<TypingText>()
        .add_systems(
            Update,
            (note_typing, read_keys.run_if(in_state(Screen::Playing)))
                .chain()
                .before(GameSystems),
        );
}

fn note_typing(egui: Option<Res<EguiWantsInput>>, mut typing: ResMut<TypingText>) {
    if let Some(egui) = egui {
        let now = egui.wants_keyboard_input();
        if typing.0 != now {
            typing.0 = now;
        }
    }
}

/// Whether a key is one of the two Control keys.
fn is_control(key: KeyCode) -> bool {
    matches!(key, KeyCode::ControlLeft | KeyCode::ControlRight)
}

/// The commands of this frame's key presses, in their order, each with the
/// Control held when it went down; `ctrl` is Control as the frame began and
/// is left as the keys left it.
fn commands_in_order<'a>(
    ctrl: &mut bool,
    keys: impl IntoIterator<Item = &'a KeyboardInput>,
) -> Vec<KeyCommand> {
    let mut commands = Vec::new();
    for key in keys {
        if is_control(key.key_code) {
            *ctrl = key.state.is_pressed();
        } else if key.state.is_pressed() && !key.repeat {
            commands.extend(key_command(key.key_code, *ctrl));
        }
    }
    commands
}

/// Where the game's keys send their requests.
#[derive(bevy::ecs::system::SystemParam)]
struct KeyRequests<'w> {
    history: MessageWriter<'w, HistoryRequested>,
    save: MessageWriter<'w, SaveRequested>,
    leave: MessageWriter<'w, LeaveRequested>,
}

fn read_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut pressed: MessageReader<KeyboardInput>,
    mut ctrl_held: Local<bool>,
    typing: Res<TypingText>,
    game: Option<Res<Match>>,
    mode: Option<Res<State<PlayMode>>>,
    mut orbit: Option<ResMut<OrbitCamera>>,
    mut requests: KeyRequests,
) {
    let commands = commands_in_order(&mut ctrl_held, pressed.read());
    // The held keys as Bevy keeps them (a window losing the keyboard lets
    // every key go) are where the next frame starts.
    if let Some(keys) = keys {
        *ctrl_held = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    }
    if typing.0 {
        return;
    }
    let lesson = in_lesson(mode);
    for command in commands {
        // A lesson steers its own game: only the view and leaving.
        let step = game
            .as_deref()
            .filter(|_| !lesson)
            .and_then(|game| history_step(command, game));
        if let Some(step) = step {
            requests.history.write(HistoryRequested(step));
        }
        match command {
            KeyCommand::Save if !lesson && game.is_some() => {
                requests.save.write(SaveRequested);
            }
            KeyCommand::Flip => {
                if let Some(orbit) = orbit.as_deref_mut() {
                    orbit.flip();
                }
            }
            KeyCommand::TopView => {
                if let Some(orbit) = orbit.as_deref_mut() {
                    orbit.top_down = !orbit.top_down;
                }
            }
            KeyCommand::Leave => {
                requests.leave.write(LeaveRequested);
            }
            _ => {}
        }
    }
}

/// The step in the history a command asks for, if it asks for one and
/// there is somewhere to go.
fn history_step(command: KeyCommand, game: &Match) -> Option<HistoryStep> {
    let session = game.session.as_ref();
    let ply = session.ply_count();
    let newest = ply + session.redo_moves().len();
    match command {
        KeyCommand::Back if ply > 0 => Some(HistoryStep::GoTo(ply - 1)),
        KeyCommand::Forward if ply < newest => Some(HistoryStep::GoTo(ply + 1)),
        KeyCommand::First if ply > 0 => Some(HistoryStep::GoTo(0)),
        KeyCommand::Last if ply < newest => Some(HistoryStep::GoTo(newest)),
        KeyCommand::Undo => Some(HistoryStep::Undo),
        KeyCommand::Redo => Some(HistoryStep::Redo),
        _ => None,
    }
}
