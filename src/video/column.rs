//! A lesson's words in a recording: a column down the right of the frame
//! that says what the window's lesson panel says (the lesson's title, how
//! far it has come, the caption in force, the exercise's prompt, the
//! answer's praise, the end), without the panel's controls, in a hand
//! sized to the frame so that it reads at 640×360.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::layout::PanelRect;
use crate::app::{Feedback, LessonPlayer};

/// The column's share of the frame's width.
const WIDTH: f32 = 0.34;
/// The body text's size, as a share of the frame's height; the heading is
/// larger, the progress line smaller.
const BODY: f32 = 0.046;
const HEADING: f32 = 1.2;
const SMALL: f32 = 0.78;
/// Smaller hands tried, in turn, when the words do not fit the column.
const SHRINK: [f32; 4] = [1.0, 0.88, 0.77, 0.68];

const SHADE: egui::Color32 = egui::Color32::from_rgba_premultiplied(10, 11, 15, 228);
const HEADING_INK: egui::Color32 = egui::Color32::from_rgb(250, 232, 196);
const LINE_INK: egui::Color32 = egui::Color32::from_rgb(190, 186, 178);
const CAPTION_INK: egui::Color32 = egui::Color32::from_rgb(250, 250, 245);
const PROMPT_INK: egui::Color32 = egui::Color32::from_rgb(250, 205, 130);
const RIGHT_INK: egui::Color32 = egui::Color32::from_rgb(150, 230, 150);
const BAR_BACK: egui::Color32 = egui::Color32::from_rgb(60, 62, 70);

/// Where the column stands in a frame.
pub fn column_rect(screen: egui::Rect) -> egui::Rect {
    egui::Rect::from_min_max(
        egui::pos2(screen.right() - screen.width() * WIDTH, screen.top()),
        screen.max,
    )
}

/// The boards keep clear of the column, as of the window's lesson panel
/// (`shown` false: no column, the boards have the whole frame).
pub fn reserve_the_column(shown: bool, windows: Query<&Window>, mut panel: ResMut<PanelRect>) {
    let Some(window) = windows.iter().next() else {
        return;
    };
    let screen = egui::Rect::from_min_size(
        egui::Pos2::ZERO,
        egui::vec2(window.width(), window.height()),
    );
    let rect = if shown {
        column_rect(screen)
    } else {
        egui::Rect::from_min_max(egui::pos2(screen.right(), 0.0), screen.max)
    };
    if panel.0 != Some(rect) {
        panel.0 = Some(rect);
    }
}

/// Every text size the column may write in, for the font atlas to hold
/// their glyphs before the first frame.
pub fn sizes(screen: egui::Rect) -> Vec<f32> {
    let body = screen.height() * BODY;
    SHRINK
        .iter()
        .flat_map(|k| [body * k * HEADING, body * k, body * k * SMALL])
        .collect()
}

/// The characters the column writes besides the lesson's own.
pub const CHARACTERS: &str = "✔ stepofLsncmpl.0123456789";

/// One block of words: its text, ink and size (a share of the body's).
struct Block {
    text: String,
    ink: egui::Color32,
    scale: f32,
    /// Room above it, in body lines.
    gap: f32,
}

/// What the lesson panel says now, block by block.
fn blocks(player: &LessonPlayer) -> (Vec<Block>, f32) {
    let lesson = &player.lesson;
    let block = |text: &str, ink, scale, gap| Block {
        text: text.to_owned(),
        ink,
        scale,
        gap,
    };
    let mut blocks = vec![block(&lesson.title, HEADING_INK, HEADING, 0.0)];
    let total = lesson.shown_steps(lesson.steps.len()).max(1);
    let done = lesson.shown_steps(player.frame.done);
    let progress = format!("step {done} of {total}");
    blocks.push(block(&progress, LINE_INK, SMALL, 0.3));
    let words = player.words();
    if let Some(caption) = words.caption {
        blocks.push(block(caption, CAPTION_INK, 1.0, 0.9));
    }
    if let Some(prompt) = words.prompt {
        blocks.push(block(prompt, PROMPT_INK, 1.0, 0.7));
    }
    if let Some(Feedback::Right(text)) = words.feedback {
        blocks.push(block(&format!("✔ {text}"), RIGHT_INK, 1.0, 0.7));
    }
    if words.complete {
        blocks.push(block("Lesson complete.", RIGHT_INK, 1.0, 0.7));
    }
    (blocks, done as f32 / total as f32)
}

/// Draws the column for the lesson as it stands.
pub fn draw(painter: &egui::Painter, screen: egui::Rect, player: &LessonPlayer) {
    let column = column_rect(screen);
    painter.rect_filled(column, 0.0, SHADE);
    let margin = screen.height() * 0.035;
    let room = column.width() - 2.0 * margin;
    let (blocks, share) = blocks(player);
    let body = screen.height() * BODY;
    // The largest hand in which every word fits the column.
    let mut laid = Vec::new();
    for k in SHRINK {
        laid = lay_out(painter, &blocks, body * k, room);
        let height: f32 = laid.iter().map(|(gap, g)| gap + g.size().y).sum();
        if height <= column.height() - 2.0 * margin - body {
            break;
        }
    }
    let mut y = column.top() + margin;
    for (i, (gap, galley)) in laid.into_iter().enumerate() {
        y += gap;
        let height = galley.size().y;
        painter.galley(egui::pos2(column.left() + margin, y), galley, CAPTION_INK);
        y += height;
        // The progress bar under the progress line.
        if i == 1 {
            let bar = egui::Rect::from_min_size(
                egui::pos2(column.left() + margin, y + body * 0.2),
                egui::vec2(room, (body * 0.18).max(2.0)),
            );
            painter.rect_filled(bar, 2.0, BAR_BACK);
            let filled = egui::Rect::from_min_size(bar.min, egui::vec2(room * share, bar.height()));
            painter.rect_filled(filled, 2.0, HEADING_INK);
            y += body * 0.4;
        }
    }
}

/// Each block laid out at `body` size, wrapped to `room`, with the room
/// above it.
fn lay_out(
    painter: &egui::Painter,
    blocks: &[Block],
    body: f32,
    room: f32,
) -> Vec<(f32, std::sync::Arc<egui::Galley>)> {
    blocks
        .iter()
        .map(|b| {
            let font = egui::FontId::proportional(body * b.scale);
            let galley = painter.layout(b.text.clone(), font, b.ink, room);
            (b.gap * body, galley)
        })
        .collect()
}
