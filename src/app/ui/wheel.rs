//! The mouse wheel into egui, applied in the frame it turns. egui spreads a
//! wheel notch over the frames that follow (90 % in the first, 9 % in the
//! next, …); at the few frames a second of a CPU renderer that tail lasts
//! seconds, and a list keeps sliding under the pointer after it looks
//! still: a click aimed at what the player saw lands a few points off, on
//! the gap between two lessons or on the next one. Here each frame's wheel
//! is handed to egui as a touch scroll (begun, moved, ended in the next
//! frame), which egui applies at once and in full.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy_egui::input::{EguiInputEvent, ModifierKeysState};
use bevy_egui::{EguiGlobalSettings, EguiInputSet, PrimaryEguiContext, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, take_over_the_wheel).add_systems(
        PreUpdate,
        wheel_to_egui.in_set(EguiInputSet::ReadBevyMessages),
    );
}

fn take_over_the_wheel(settings: Option<ResMut<EguiGlobalSettings>>) {
    if let Some(mut settings) = settings {
        settings
            .input_system_settings
            .run_write_mouse_wheel_messages_system = false;
    }
}

/// One turn of the wheel, as the window reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WheelTurn {
    pub delta: Vec2,
    pub in_lines: bool,
}

/// egui's events for this frame's wheel `turns`; `scrolling` says whether
/// a scroll was begun in an earlier frame and not yet ended, and is left
/// as this frame leaves it.
pub fn wheel_events(
    scrolling: &mut bool,
    turns: &[WheelTurn],
    modifiers: egui::Modifiers,
) -> Vec<egui::Event> {
    let event = |turn: Option<&WheelTurn>, phase| egui::Event::MouseWheel {
        unit: match turn {
            Some(turn) if !turn.in_lines => egui::MouseWheelUnit::Point,
            _ => egui::MouseWheelUnit::Line,
        },
        delta: turn.map_or(egui::Vec2::ZERO, |t| egui::vec2(t.delta.x, t.delta.y)),
        modifiers,
        phase,
    };
    let mut events = Vec::new();
    if turns.is_empty() {
        if std::mem::take(scrolling) {
            events.push(event(None, egui::TouchPhase::End));
        }
        return events;
    }
    if !std::mem::replace(scrolling, true) {
        events.push(event(None, egui::TouchPhase::Start));
    }
    events.extend(turns.iter().map(|t| event(Some(t), egui::TouchPhase::Move)));
    events
}

fn wheel_to_egui(
    mut wheels: MessageReader<MouseWheel>,
    modifiers: Res<ModifierKeysState>,
    mut scrolling: Local<bool>,
    contexts: Query<Entity, With<PrimaryEguiContext>>,
    mut out: MessageWriter<EguiInputEvent>,
) {
    let turns: Vec<WheelTurn> = wheels
        .read()
        .map(|wheel| WheelTurn {
            delta: Vec2::new(wheel.x, wheel.y),
            in_lines: wheel.unit == MouseScrollUnit::Line,
        })
        .collect();
    let events = wheel_events(&mut scrolling, &turns, modifiers.to_egui_modifiers());
    let Ok(context) = contexts.single() else {
        return;
    };
    out.write_batch(
        events
            .into_iter()
            .map(|event| EguiInputEvent { context, event }),
    );
}
