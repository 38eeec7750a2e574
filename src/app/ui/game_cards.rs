//! The game cards of the title screen, one for each family of games
//! ([`crate::rules::families`]): the picture of the game chosen in it, its
//! name, one-line description and number of players, with links to its
//! rules and its lessons. The pictures are the project's own screenshots
//! (`scripts/thumbnails.sh` renders them into `assets/thumbnails/`); a game
//! without one shows its name on a plain tile.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::layout::ControlMap;
use crate::rules::families::{FAMILIES, Family};
use crate::rules::registry;
use crate::rules::variant::VariantId;

/// Lines a card gives its game's summary.
const DESCRIPTION_ROWS: usize = 3;

/// Pictures are this wide for this high.
const PICTURE_ASPECT: f32 = 16.0 / 9.0;
const CARD_ROUNDING: u8 = 8;
const CARD_FILL: egui::Color32 = egui::Color32::from_rgba_premultiplied(24, 22, 20, 235);
const CHOSEN_STROKE: egui::Color32 = egui::Color32::from_rgb(230, 180, 90);
const CARD_STROKE: egui::Color32 = egui::Color32::from_rgb(70, 64, 58);
const NAME_SIZE: f32 = 15.5;
const SUMMARY_SIZE: f32 = 12.5;
const TILE: egui::Color32 = egui::Color32::from_rgb(60, 50, 40);

/// What a click on a card asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CardClick {
    Choose(VariantId),
    Rules(VariantId),
    Learn(VariantId),
}

/// The thumbnails, read once (None: the game has none).
#[derive(Resource, Default)]
pub(super) struct Thumbnails(HashMap<VariantId, Option<egui::TextureHandle>>);

fn read_picture(png: &[u8]) -> Option<egui::ColorImage> {
    let image = image::load_from_memory(png).ok()?.to_rgba8();
    let size = [image.width() as usize, image.height() as usize];
    Some(egui::ColorImage::from_rgba_unmultiplied(
        size,
        image.as_raw(),
    ))
}

impl Thumbnails {
    fn get(&mut self, ctx: &egui::Context, id: VariantId) -> Option<egui::TextureHandle> {
        self.0
            .entry(id)
            .or_insert_with(|| {
                let picture = read_picture(crate::data::thumbnail(id.id())?)?;
                Some(ctx.load_texture(id.id(), picture, egui::TextureOptions::LINEAR))
            })
            .clone()
    }
}

/// The cards in a grid of `columns`, the chosen one outlined.
pub(super) fn game_cards(
    ui: &mut egui::Ui,
    chosen: VariantId,
    columns: usize,
    has_lessons: &dyn Fn(VariantId) -> bool,
    thumbnails: &mut Thumbnails,
    controls: &mut ControlMap,
) -> Option<CardClick> {
    let gap = 12.0;
    let width = ((ui.available_width() - gap * (columns as f32 - 1.0)) / columns as f32).floor();
    let mut click = None;
    egui::Grid::new("game cards")
        .spacing([gap, gap])
        .show(ui, |ui| {
            for (i, family) in FAMILIES.iter().enumerate() {
                let is_chosen = family.members.contains(&chosen);
                let shown = if is_chosen { chosen } else { family.members[0] };
                let lessons = family.members.iter().any(|&id| has_lessons(id));
                let face = Face { family, shown };
                let card = card(ui, &face, is_chosen, width, lessons, thumbnails);
                if let Some(clicked) = card.clicked(controls) {
                    click = Some(clicked);
                }
                if (i + 1) % columns == 0 {
                    ui.end_row();
                }
            }
        });
    click
}

/// What a card shows: its family, and the game of it that is chosen (or
/// the family's first).
struct Face<'a> {
    family: &'a Family,
    shown: VariantId,
}

impl Face<'_> {
    /// "2 players", "2 or 3 players".
    fn players(&self) -> String {
        let mut counts: Vec<u8> = self
            .family
            .members
            .iter()
            .map(|&id| registry::describe(id).players)
            .collect();
        counts.sort_unstable();
        counts.dedup();
        let counts: Vec<String> = counts.iter().map(u8::to_string).collect();
        format!("{} players", counts.join(" or "))
    }
}

/// A card's responses: the card itself, its picture and its two links.
struct Card {
    /// The family's key, as scripts name the card.
    key: &'static str,
    id: VariantId,
    body: egui::Response,
    picture: egui::Response,
    rules: egui::Response,
    learn: Option<egui::Response>,
}

impl Card {
    fn clicked(self, controls: &mut ControlMap) -> Option<CardClick> {
        let key = self.key;
        let rules = controls.note(format!("rules:{key}"), self.rules).clicked();
        let learn = self
            .learn
            .map(|learn| controls.note(format!("learn:{key}"), learn).clicked());
        // The picture is what a script clicks: the card's middle.
        let body =
            self.body.clicked() || controls.note(format!("game:{key}"), self.picture).clicked();
        if rules {
            Some(CardClick::Rules(self.id))
        } else if learn == Some(true) {
            Some(CardClick::Learn(self.id))
        } else {
            body.then_some(CardClick::Choose(self.id))
        }
    }
}

fn card(
    ui: &mut egui::Ui,
    face: &Face,
    chosen: bool,
    width: f32,
    lessons: bool,
    thumbnails: &mut Thumbnails,
) -> Card {
    let stroke = if chosen {
        egui::Stroke::new(2.5, CHOSEN_STROKE)
    } else {
        egui::Stroke::new(1.0, CARD_STROKE)
    };
    // The card takes a click anywhere its links do not: its sense comes
    // before them, so that they lie on top of it.
    let scope = ui.scope_builder(egui::UiBuilder::new().sense(egui::Sense::click()), |ui| {
        card_face(ui, face, stroke, width, lessons, thumbnails)
    });
    let body = scope
        .response
        .on_hover_cursor(egui::CursorIcon::PointingHand);
    let (picture, rules, learn) = scope.inner;
    Card {
        key: face.family.key,
        id: face.shown,
        body,
        picture,
        rules,
        learn,
    }
}

/// The card's frame and what is in it; the links' responses.
fn card_face(
    ui: &mut egui::Ui,
    face: &Face,
    stroke: egui::Stroke,
    width: f32,
    lessons: bool,
    thumbnails: &mut Thumbnails,
) -> (egui::Response, egui::Response, Option<egui::Response>) {
    egui::Frame::new()
        .fill(CARD_FILL)
        .stroke(stroke)
        .corner_radius(CARD_ROUNDING)
        .inner_margin(8)
        .show(ui, |ui| {
            let inner_width = width - 16.0;
            ui.set_width(inner_width);
            ui.vertical(|ui| card_contents(ui, face, inner_width, lessons, thumbnails))
                .inner
        })
        .inner
}

/// Picture, name, description, players and links, top to bottom.
fn card_contents(
    ui: &mut egui::Ui,
    face: &Face,
    inner_width: f32,
    lessons: bool,
    thumbnails: &mut Thumbnails,
) -> (egui::Response, egui::Response, Option<egui::Response>) {
    let size = egui::vec2(inner_width, inner_width / PICTURE_ASPECT);
    let picture = picture(ui, face.shown, size, thumbnails);
    ui.add_space(4.0);
    // Name and description take two lines each, always, so that the cards
    // of a row line up.
    let name_ink = ui.visuals().strong_text_color();
    fixed_lines(
        ui,
        face.family.title,
        egui::FontId::proportional(NAME_SIZE),
        name_ink,
        inner_width,
    );
    let weak = ui.visuals().weak_text_color();
    let summary = capital(face.family.summary);
    fixed_lines(
        ui,
        &summary,
        egui::FontId::proportional(SUMMARY_SIZE),
        weak,
        inner_width,
    );
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(face.players()).small());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let learn = lessons.then(|| {
                ui.link("Learn")
                    .on_hover_text("Lessons: watch each rule, then try it")
            });
            let rules = ui.link("Rules").on_hover_text("The rules of this game");
            (picture, rules, learn)
        })
        .inner
    })
    .inner
}

/// Text in a box three lines high, whatever its length (every game's
/// summary fits in three at the narrowest card): a longer text ends its
/// last line at a word with "…", and shows whole on hover.
fn fixed_lines(ui: &mut egui::Ui, text: &str, font: egui::FontId, ink: egui::Color32, width: f32) {
    let height = DESCRIPTION_ROWS as f32 * ui.fonts_mut(|f| f.row_height(&font)) + 2.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let mut job = egui::text::LayoutJob::simple(text.to_string(), font, ink, width);
    job.wrap.max_rows = DESCRIPTION_ROWS;
    job.wrap.break_anywhere = false;
    job.wrap.overflow_character = Some('…');
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    if galley.elided {
        response.on_hover_text(text);
    }
    ui.painter()
        .with_clip_rect(rect)
        .galley(rect.min, galley, ink);
}

/// The game's picture (or its name on a tile), taking clicks.
fn picture(
    ui: &mut egui::Ui,
    id: VariantId,
    size: egui::Vec2,
    thumbnails: &mut Thumbnails,
) -> egui::Response {
    match thumbnails.get(ui.ctx(), id) {
        Some(texture) => ui.add(
            egui::Image::new((texture.id(), size))
                .corner_radius(CARD_ROUNDING / 2)
                .sense(egui::Sense::click()),
        ),
        None => {
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
            ui.painter().rect_filled(rect, CARD_ROUNDING / 2, TILE);
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                id.title(),
                egui::FontId::proportional(15.0),
                ui.visuals().weak_text_color(),
            );
            response
        }
    }
}

/// The summary as a sentence's start.
fn capital(text: &str) -> String {
    crate::app::play::files::capitalised(text)
}

/// The rules of a game, in a window of their own until closed.
pub(super) fn rules_window(
    ctx: &egui::Context,
    open: &mut Option<VariantId>,
    controls: &mut ControlMap,
) {
    let Some(id) = *open else { return };
    let game = registry::describe(id);
    let mut keep = true;
    let height = (ctx.content_rect().height() - 160.0).max(160.0);
    egui::Window::new(format!("Rules of {}", game.title))
        .id(egui::Id::new("rules window"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(520.0)
        .open(&mut keep)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(height)
                .show(ui, |ui| {
                    ui.set_width(500.0);
                    ui.label(game.rules);
                });
            ui.add_space(6.0);
            if controls.note("rules-close", ui.button("Close")).clicked() {
                *open = None;
            }
        });
    if !keep {
        *open = None;
    }
}
