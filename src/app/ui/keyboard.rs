//! Keys into egui in the order they were pressed. bevy_egui reads the
//! modifier keys once a frame and applies that state to every key of the
//! frame; at the few frames a second of a CPU renderer a whole Ctrl+A
//! (Control down, A down, A up, Control up) arrives in one frame, the
//! frame ends with Control up, and the A was typed as a letter instead of
//! selecting all. Here each key carries the modifiers held when it went
//! down.
//!
//! egui moves the focus for a Tab as a frame begins, before the focused
//! field reads the frame's typing: minutes typed and a Tab that arrive in
//! one frame would go to the next field. A Tab after other keys therefore
//! waits for the next frame.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardFocusLost, KeyboardInput};
use bevy::prelude::*;
use bevy_egui::helpers::{bevy_to_egui_key, bevy_to_egui_physical_key};
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{EguiGlobalSettings, EguiInputSet, PrimaryEguiContext, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, take_over_the_keys).add_systems(
        PreUpdate,
        keys_to_egui.in_set(EguiInputSet::ReadBevyMessages),
    );
}

fn take_over_the_keys(settings: Option<ResMut<EguiGlobalSettings>>) {
    if let Some(mut settings) = settings {
        settings
            .input_system_settings
            .run_write_keyboard_input_messages_system = false;
    }
}

/// The modifier keys held down, as the keys so far have left them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    shift: bool,
    ctrl: bool,
    alt: bool,
    logo: bool,
}

impl Held {
    fn modifiers(self) -> egui::Modifiers {
        let mac = cfg!(target_os = "macos");
        egui::Modifiers {
            alt: self.alt,
            ctrl: self.ctrl,
            shift: self.shift,
            mac_cmd: mac && self.logo,
            command: if mac { self.logo } else { self.ctrl },
        }
    }

    /// Whether a key now types its character: not under Control or the
    /// logo key, except Control with Alt (AltGr, off macOS).
    fn types(self) -> bool {
        let mac = cfg!(target_os = "macos");
        !self.logo && !self.ctrl || !mac && self.ctrl && self.alt
    }
}

/// One key going down or up, as egui needs it.
#[derive(Clone, Debug)]
pub struct KeyEvent {
    pub logical: Key,
    pub code: KeyCode,
    pub pressed: bool,
}

/// egui's events for these keys, in their order, each with the modifiers
/// held at its moment; `held` is left as the last key left it.
pub fn egui_events(held: &mut Held, keys: &[KeyEvent]) -> Vec<egui::Event> {
    let mut events = Vec::new();
    for key in keys {
        match key.logical {
            Key::Shift => held.shift = key.pressed,
            Key::Control => held.ctrl = key.pressed,
            Key::Alt => held.alt = key.pressed,
            Key::Super | Key::Meta => held.logo = key.pressed,
            _ => {}
        }
        if key.pressed && held.types() {
            match &key.logical {
                Key::Character(text) if !text.chars().any(char::is_control) => {
                    events.push(egui::Event::Text(text.to_string()));
                }
                Key::Space => events.push(egui::Event::Text(" ".into())),
                _ => {}
            }
        }
        let physical_key = bevy_to_egui_physical_key(&key.code);
        if let Some(egui_key) = bevy_to_egui_key(&key.logical).or(physical_key) {
            events.push(egui::Event::Key {
                key: egui_key,
                physical_key,
                pressed: key.pressed,
                repeat: false,
                modifiers: held.modifiers(),
            });
        }
    }
    events
}

/// Whether an event moves egui's focus as the frame begins (Tab, Shift+Tab).
fn moves_focus(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Key {
            key: egui::Key::Tab,
            pressed: true,
            ..
        }
    )
}

/// The events for egui this frame, from those `waiting` since an earlier
/// frame and the `new` ones: up to the first Tab that follows other events;
/// that Tab and all after it wait in `waiting` for the next frame.
pub fn this_frame(waiting: &mut Vec<egui::Event>, new: Vec<egui::Event>) -> Vec<egui::Event> {
    let mut events = std::mem::take(waiting);
    events.extend(new);
    if let Some(at) = events.iter().skip(1).position(moves_focus) {
        *waiting = events.split_off(at + 1);
    }
    events
}

fn keys_to_egui(
    mut keys: MessageReader<KeyboardInput>,
    mut lost: MessageReader<KeyboardFocusLost>,
    mut held: Local<Held>,
    mut waiting: Local<Vec<egui::Event>>,
    contexts: Query<Entity, With<PrimaryEguiContext>>,
    mut out: MessageWriter<EguiInputEvent>,
) {
    if lost.read().count() > 0 {
        *held = Held::default();
    }
    let keys: Vec<KeyEvent> = keys
        .read()
        .map(|k| KeyEvent {
            logical: k.logical_key.clone(),
            code: k.key_code,
            pressed: k.state == ButtonState::Pressed,
        })
        .collect();
    let events = this_frame(&mut waiting, egui_events(&mut held, &keys));
    let Ok(context) = contexts.single() else {
        return;
    };
    out.write_batch(
        events
            .into_iter()
            .map(|event| EguiInputEvent { context, event }),
    );
}
