//! The clocks: the picker of the new-game form (none, 5+3, 15+10 or a
//! custom control) and the players' times beside the board during play,
//! the running side's in bold, low time in red.

use bevy_egui::egui;

use crate::app::layout::ControlMap;
use crate::app::play::clock::{
    ClockChoice, ClockMode, GameClock, LOW_TIME, TimeControl, clock_text,
};
use crate::rules::Side;
use crate::rules::session::Session;

/// Time shown in the panel: large enough to read at a glance.
const CLOCK_SIZE: f32 = 17.0;
/// The running clock's ink, and a low one's.
const RUNNING: egui::Color32 = egui::Color32::from_rgb(255, 240, 200);
const LOW: egui::Color32 = egui::Color32::from_rgb(255, 110, 100);
const IDLE: egui::Color32 = egui::Color32::from_rgb(170, 170, 170);
/// The custom control's limits.
const MAX_MINUTES: u64 = 180;
const MAX_INCREMENT: u64 = 60;

/// The time control of the next game, one row (two with custom).
pub fn clock_picker(ui: &mut egui::Ui, choice: &mut ClockChoice, controls: &mut ControlMap) {
    ui.horizontal(|ui| {
        ui.label("Clock:");
        for mode in ClockMode::ALL {
            let (label, id) = match mode {
                ClockMode::None => ("none".to_string(), "none"),
                ClockMode::Blitz => (TimeControl::BLITZ.label(), "blitz"),
                ClockMode::Rapid => (TimeControl::RAPID.label(), "rapid"),
                ClockMode::Custom => ("custom".to_string(), "custom"),
            };
            let response = ui.selectable_label(choice.mode == mode, label);
            if controls.note(format!("clock:{id}"), response).clicked() {
                choice.mode = mode;
            }
        }
    });
    if choice.mode == ClockMode::Custom {
        ui.horizontal(|ui| {
            let mut minutes = choice.custom.base.as_secs() / 60;
            let mut increment = choice.custom.increment.as_secs();
            let minutes_field = ui.add(
                egui::DragValue::new(&mut minutes)
                    .range(1..=MAX_MINUTES)
                    .suffix(" min"),
            );
            controls.note("clock:minutes", minutes_field);
            ui.label("+");
            let increment_field = ui.add(
                egui::DragValue::new(&mut increment)
                    .range(0..=MAX_INCREMENT)
                    .suffix(" s a move"),
            );
            controls.note("clock:increment", increment_field);
            let custom = TimeControl::minutes(minutes, increment);
            if custom != choice.custom {
                choice.custom = custom;
            }
        });
    }
}

/// Each player's time, in turn order, while the game has clocks.
pub(super) fn clock_display(ui: &mut egui::Ui, state: &GameClock, session: &dyn Session) {
    let Some(clock) = &state.clock else { return };
    let count = session.side_count();
    // Turn order from the first mover: three-player games start with Red.
    let order: Vec<Side> = (0..count).map(|k| Side((count - 1 + k) % count)).collect();
    let order = if count == 2 {
        vec![Side::WHITE, Side::BLACK]
    } else {
        order
    };
    ui.horizontal(|ui| {
        for side in order {
            let left = clock.left(side);
            let running = state.running == Some(side);
            let text = format!("{} {}", side.name(), clock_text(left));
            let mut rich = egui::RichText::new(text).monospace().size(CLOCK_SIZE);
            rich = if left < LOW_TIME || clock.flagged() == Some(side) {
                rich.color(LOW)
            } else if running {
                rich.color(RUNNING)
            } else {
                rich.color(IDLE)
            };
            let frame = egui::Frame::group(ui.style()).fill(if running {
                ui.visuals().selection.bg_fill
            } else {
                ui.visuals().extreme_bg_color
            });
            frame.show(ui, |ui| ui.add(egui::Label::new(rich).extend()));
        }
    });
    let how = match clock.flagged() {
        Some(side) => format!("{}'s flag fell", side.name()),
        None if state.running.is_none() => "paused".to_string(),
        None => "running".to_string(),
    };
    ui.small(format!("Clock {}: {how}", clock.control.label()));
}
