//! The interface's shared look: its ink colours and how a file's note is
//! shown.

use bevy_egui::egui;

use crate::app::play::files::FileNote;

/// Soft ink for explanations, red for what went wrong.
pub const EXPLAIN: egui::Color32 = egui::Color32::from_rgb(250, 205, 130);
pub const DONE: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);

pub fn show_file_note(ui: &mut egui::Ui, note: &FileNote) {
    let colour = if note.error {
        egui::Color32::LIGHT_RED
    } else {
        DONE
    };
    ui.add(egui::Label::new(egui::RichText::new(&note.text).color(colour)).wrap());
}
