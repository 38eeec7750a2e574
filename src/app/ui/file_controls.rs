//! The game panel's files: Save (into the saved games, no questions),
//! Save as…, Open…, the saved-games list and Export, and what the last of
//! them said; and what the status line offers: the way back to the menu
//! and, after the end, the game-over dialog again.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::game_over::GameOverDialog;
use crate::app::layout::ControlMap;
use crate::app::play::file_actions::{
    ExportRequested, FileMessage, LeaveRequested, OpenRequested, SaveAsRequested, SaveRequested,
    SavedGamesWindow,
};

/// What the panel's file buttons and status line ask for.
#[derive(SystemParam)]
pub(super) struct FileActions<'w> {
    saves: MessageWriter<'w, SaveRequested>,
    saves_as: MessageWriter<'w, SaveAsRequested>,
    opens: MessageWriter<'w, OpenRequested>,
    exports: MessageWriter<'w, ExportRequested>,
    leaves: MessageWriter<'w, LeaveRequested>,
    list: ResMut<'w, SavedGamesWindow>,
    message: Res<'w, FileMessage>,
    game_over: ResMut<'w, GameOverDialog>,
}

impl FileActions<'_> {
    /// Back to the menu (asking first if the game is in progress).
    pub(super) fn leave(&mut self) {
        self.leaves.write(LeaveRequested);
    }

    /// What the last save, load, export or delete said.
    pub(super) fn note(&self) -> Option<&crate::app::play::files::FileNote> {
        self.message.0.as_ref()
    }

    /// The game-over dialog, again.
    pub(super) fn show_result(&mut self) {
        self.game_over.open = true;
    }
}

/// Save, Save as…, Open…, Saved games and Export (what the last of them
/// said is in the status box: [`FileActions::note`]).
pub(super) fn file_controls(ui: &mut egui::Ui, files: &mut FileActions, controls: &mut ControlMap) {
    ui.horizontal_wrapped(|ui| {
        let save = ui
            .button("Save")
            .on_hover_text("Into your saved games (Ctrl+S)");
        if controls.note("save", save).clicked() {
            files.saves.write(SaveRequested);
        }
        if controls.note("save-as", ui.button("Save as…")).clicked() {
            files.saves_as.write(SaveAsRequested);
        }
        if controls.note("open", ui.button("Open…")).clicked() {
            files.opens.write(OpenRequested);
        }
        if controls
            .note("saved-games", ui.button("Saved games"))
            .clicked()
        {
            files.list.open = true;
        }
        let export = ui
            .button("Export text")
            .on_hover_text("The game record as plain text");
        if controls.note("export", export).clicked() {
            files.exports.write(ExportRequested);
        }
    });
}
