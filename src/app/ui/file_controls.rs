//! Saving, loading and exporting from the game panel, and what the last of
//! them said.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{ControlMap, Form, load_into, show_file_note};
use crate::app::files::{export_game, save_game};
use crate::app::game::NewGameRequested;
use crate::rules::session::Session;

/// The file field with save, load and export, and what the last of them
/// said.
pub(super) fn file_controls(
    ui: &mut egui::Ui,
    session: &dyn Session,
    form: &mut Form,
    requests: &mut MessageWriter<NewGameRequested>,
    controls: &mut ControlMap,
) {
    ui.horizontal(|ui| {
        ui.label("File");
        controls.note("path", ui.text_edit_singleline(&mut form.path));
    });
    ui.horizontal(|ui| {
        if controls.note("save", ui.button("Save")).clicked() {
            form.message = Some(save_game(session, &form.path));
        }
        if controls.note("load", ui.button("Load")).clicked() {
            load_into(form, requests);
        }
        if controls.note("export", ui.button("Export text")).clicked() {
            form.message = Some(export_game(session, &form.path));
        }
    });
    if let Some(message) = &form.message {
        show_file_note(ui, message);
    }
}
