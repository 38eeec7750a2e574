//! The interface's shared look: its ink colours, its smallest text, how a
//! file's note is shown, and the status box where the game's words appear.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::play::files::FileNote;

/// Soft ink for explanations, red for what went wrong.
pub const EXPLAIN: egui::Color32 = egui::Color32::from_rgb(250, 205, 130);
pub const DONE: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);
pub const FAILED: egui::Color32 = egui::Color32::LIGHT_RED;

/// The smallest text anywhere (egui's own small text is 9 points, too
/// small to read over a 3D scene).
const SMALLEST_TEXT: f32 = 11.5;

/// Sets the interface's look once the window's egui is up: small text a
/// readable size, weak text a readable contrast, and scroll bars that show
/// whenever a panel has more than it can hold (egui's floating bars hide
/// until the pointer comes near, and a panel cut off at the window's edge
/// then looks as if it simply ends).
pub(super) fn apply_theme(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.all_styles_mut(|style| {
        if let Some(small) = style.text_styles.get_mut(&egui::TextStyle::Small) {
            small.size = small.size.max(SMALLEST_TEXT);
        }
        style.visuals.weak_text_alpha = style.visuals.weak_text_alpha.max(0.75);
        style.spacing.scroll = egui::style::ScrollStyle::solid();
    });
    *done = true;
    Ok(())
}

/// Lines of text the status box keeps room for.
const STATUS_LINES: f32 = 4.0;

pub fn file_note_colour(note: &FileNote) -> egui::Color32 {
    if note.error { FAILED } else { DONE }
}

pub fn show_file_note(ui: &mut egui::Ui, note: &FileNote) {
    let colour = file_note_colour(note);
    ui.add(egui::Label::new(egui::RichText::new(&note.text).color(colour)).wrap());
}

/// The game's latest words in a box of fixed height: whatever comes and
/// goes in it, nothing below it moves (a click aimed at a button lands on
/// it). Words too long for the box show whole when the pointer rests on it.
pub fn status_box(ui: &mut egui::Ui, lines: &[(&str, egui::Color32)]) {
    let height = ui.text_style_height(&egui::TextStyle::Body) * STATUS_LINES + 8.0;
    let size = egui::vec2(ui.available_width(), height);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    ui.painter()
        .rect_filled(rect, 4.0, egui::Color32::from_black_alpha(70));
    let layout = egui::Layout::top_down(egui::Align::Min);
    let mut inside = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink(4.0))
            .layout(layout),
    );
    inside.set_clip_rect(rect.intersect(ui.clip_rect()));
    for &(text, colour) in lines {
        inside.add(egui::Label::new(egui::RichText::new(text).color(colour)).wrap());
    }
    if inside.min_rect().bottom() > rect.bottom() {
        let whole: Vec<&str> = lines.iter().map(|&(text, _)| text).collect();
        response.on_hover_text(whole.join("\n"));
    }
}

/// A small round light in `colour` before a status's words (the fonts have
/// no round bullet of their own).
pub fn status_dot(ui: &mut egui::Ui, colour: egui::Color32) -> egui::Response {
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), size * 0.3, colour);
    response
}
