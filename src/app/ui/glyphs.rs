//! No frame shows text with letters missing: egui draws a glyph only once
//! it is in the font atlas, and a glyph first laid out in a frame reaches
//! the atlas the renderer holds a frame later. So the glyphs are laid out
//! before they are needed: every character the panels use, at every size
//! the interface draws, when the window starts (and again if its scale
//! changes), and every character of a lesson when the lesson is opened.

use std::collections::BTreeSet;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::learn::player::LessonPlayer;

/// The characters the panels, dialogs and labels are written in.
const PANEL_CHARACTERS: &str = "·×—–…←→⏩⏪⏮⏵⏸◀✔✖°²¼½¾√";

/// Sizes the interface writes at besides the style's own: headings, the
/// cards, the clocks, the result, the title, the rule overlays' labels
/// (14) and the top view's letters (12.5 to 24).
const SIZES: [f32; 12] = [
    13.0, 14.0, 15.0, 15.5, 16.0, 17.0, 18.0, 19.0, 21.0, 24.0, 34.0, 12.5,
];

/// Lays out `characters` at every size of `sizes` and of the context's
/// text styles, so that the atlas holds their glyphs from the next frame.
/// egui draws a glyph at one of four sub-pixel offsets, each a bitmap of
/// its own: every character is laid out at each of them.
pub fn preload(ctx: &egui::Context, characters: &str, sizes: &[f32]) {
    let mut fonts: Vec<egui::FontId> = ctx.global_style().text_styles.values().cloned().collect();
    fonts.extend(sizes.iter().map(|&size| egui::FontId::proportional(size)));
    // The clocks: digits in the monospace hand.
    fonts.push(egui::FontId::monospace(CLOCK_SIZE));
    let pixel = 1.0 / ctx.pixels_per_point();
    ctx.fonts_mut(|f| {
        for font in &fonts {
            for character in characters.chars() {
                for bin in 0..SUBPIXEL_BINS {
                    let mut job = egui::text::LayoutJob::simple_singleline(
                        character.to_string(),
                        font.clone(),
                        egui::Color32::WHITE,
                    );
                    if let Some(section) = job.sections.first_mut() {
                        section.leading_space = bin as f32 * pixel / SUBPIXEL_BINS as f32;
                    }
                    f.layout_job(job);
                }
            }
        }
    });
}

/// The sub-pixel offsets egui rasterises a glyph at.
const SUBPIXEL_BINS: u8 = 4;

/// The clocks' size (monospace).
const CLOCK_SIZE: f32 = 17.0;

/// Every character of the panels: printable ASCII and the symbols used.
pub fn panel_characters() -> String {
    (' '..='~').chain(PANEL_CHARACTERS.chars()).collect()
}

/// Every character a lesson writes anywhere (its title, goal, captions,
/// prompts, answers and labels).
pub fn lesson_characters(lesson: &crate::learn::Lesson) -> String {
    fn strings(value: &serde_json::Value, into: &mut BTreeSet<char>) {
        match value {
            serde_json::Value::String(text) => into.extend(text.chars()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, into)),
            serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, into)),
            _ => {}
        }
    }
    let mut characters = BTreeSet::new();
    if let Ok(value) = serde_json::to_value(lesson) {
        strings(&value, &mut characters);
    }
    characters.into_iter().collect()
}

/// The lesson whose glyphs are in the atlas: its words may be drawn.
#[derive(Resource, Default, Debug)]
pub struct LessonGlyphs {
    /// Laid out in an earlier frame: in the atlas the renderer holds.
    ready: Option<String>,
    /// Laid out in this frame.
    laid_out: Option<String>,
}

impl LessonGlyphs {
    /// Whether the words of lesson `id` can be drawn whole.
    pub fn ready_for(&self, id: &str) -> bool {
        self.ready.as_deref() == Some(id)
    }
}

pub(super) fn preload_glyphs(
    mut contexts: EguiContexts,
    lesson: Option<Res<LessonPlayer>>,
    mut glyphs: ResMut<LessonGlyphs>,
    mut done_for: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if glyphs.ready != glyphs.laid_out {
        glyphs.ready = glyphs.laid_out.clone();
    }
    let scale = ctx.pixels_per_point();
    if *done_for != Some(scale) {
        *done_for = Some(scale);
        preload(ctx, &panel_characters(), &SIZES);
        // At a new scale every glyph is drawn anew.
        glyphs.ready = None;
        glyphs.laid_out = None;
    }
    if let Some(player) = lesson
        && glyphs.laid_out.as_deref() != Some(player.lesson.id.as_str())
    {
        preload(ctx, &lesson_characters(&player.lesson), &SIZES);
        glyphs.laid_out = Some(player.lesson.id.clone());
    }
    Ok(())
}
