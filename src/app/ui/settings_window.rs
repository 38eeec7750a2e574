//! The settings window: look, sound, motion, render quality and camera,
//! bound to [`Settings`] (written to the config folder on every change by
//! the settings plugin) and the [`Quality`] resource (remembered by the
//! render profiles).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::layout::ControlMap;
use crate::app::play::settings::{BoardTheme, Named, PieceTheme, Settings, SettingsWindow};
use crate::app::profile::{Quality, remember};

/// The slowest a move may be animated, in seconds.
const SLOWEST_MOVE: f32 = 1.5;

pub(super) fn settings_window(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut window: ResMut<SettingsWindow>,
    mut settings: ResMut<Settings>,
    mut quality: ResMut<Quality>,
) -> Result {
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Edited on a copy: the resource changes (and the file is written)
    // only when a value does.
    let mut edited = settings.clone();
    let mut chosen = *quality;
    let mut open = true;
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("settings")
                .num_columns(2)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
                    look(ui, &mut edited, &mut controls);
                    sound_and_motion(ui, &mut edited, &mut controls);
                    ui.label("Render quality");
                    choice_row(
                        ui,
                        "quality",
                        &mut chosen,
                        &Quality::ALL,
                        Quality::name,
                        &mut controls,
                    );
                    ui.end_row();
                    ui.label("Camera at the start");
                    named_row(ui, "camera", &mut edited.camera_start, &mut controls);
                    ui.end_row();
                    ui.label("");
                    let fly = ui.checkbox(&mut edited.fly_in, "Fly in when a game starts");
                    controls.note("settings:fly-in", fly);
                    ui.end_row();
                });
            ui.separator();
            ui.horizontal(|ui| {
                if controls
                    .note("settings:defaults", ui.button("Defaults"))
                    .clicked()
                {
                    edited = Settings::default();
                }
                if controls
                    .note("settings:close", ui.button("Close"))
                    .clicked()
                {
                    window.open = false;
                }
            });
            ui.weak("Settings are kept for the next time.");
        });
    if !open {
        window.open = false;
    }
    if edited != *settings {
        *settings = edited;
    }
    if chosen != *quality {
        *quality = chosen;
        remember(chosen);
    }
    Ok(())
}

/// Board and piece themes, coordinates and Gilman's numbers.
fn look(ui: &mut egui::Ui, settings: &mut Settings, controls: &mut ControlMap) {
    ui.label("Board");
    named_row::<BoardTheme>(ui, "board", &mut settings.board_theme, controls);
    ui.end_row();
    ui.label("Pieces");
    named_row::<PieceTheme>(ui, "pieces", &mut settings.piece_theme, controls);
    ui.end_row();
    ui.label("Labels");
    ui.vertical(|ui| {
        let coordinates = ui.checkbox(&mut settings.coordinates, "Coordinates on the edges");
        controls.note("settings:coordinates", coordinates);
        let numbers = ui
            .checkbox(&mut settings.cell_numbers, "Gilman's cell numbers")
            .on_hover_text("The numbers Gilman gave the cells of the hexagonal boards");
        controls.note("settings:cell-numbers", numbers);
    });
    ui.end_row();
}

/// Volume and mute, and how long a move takes to animate.
fn sound_and_motion(ui: &mut egui::Ui, settings: &mut Settings, controls: &mut ControlMap) {
    ui.label("Sound");
    ui.horizontal(|ui| {
        let volume = ui.add_enabled(
            !settings.muted,
            egui::Slider::new(&mut settings.volume, 0.0..=1.0)
                .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
        );
        controls.note("settings:volume", volume);
        let mute = ui.checkbox(&mut settings.muted, "Mute");
        controls.note("settings:mute", mute);
    });
    ui.end_row();
    ui.label("Move animation");
    let speed = ui.add(
        egui::Slider::new(&mut settings.animation_seconds, 0.0..=SLOWEST_MOVE)
            .suffix(" s")
            .text("0 = instant"),
    );
    controls.note("settings:animation", speed);
    ui.end_row();
}

/// One selectable label per named option.
fn named_row<T: Named>(ui: &mut egui::Ui, id: &str, value: &mut T, controls: &mut ControlMap) {
    choice_row(ui, id, value, T::ALL, |v| v.name(), controls);
}

fn choice_row<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id: &str,
    value: &mut T,
    all: &[T],
    name: impl Fn(T) -> &'static str,
    controls: &mut ControlMap,
) {
    ui.horizontal(|ui| {
        for &option in all {
            let response = ui.selectable_label(*value == option, name(option));
            let key = format!("settings:{id}:{}", name(option).to_lowercase());
            if controls.note(key, response).clicked() {
                *value = option;
            }
        }
    });
}
