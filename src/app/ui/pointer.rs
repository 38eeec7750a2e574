//! The name of the man under the pointer and how it moves, and what the
//! cell under it does when the rules say (a Loom square).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::play::game::Match;
use crate::app::play::hints::HoveredCell;
use crate::app::play::selection::Selection;
use crate::rules::glossary;

/// The man under the pointer: its name and how it moves, in a line beside
/// the pointer (drawn, not a window, so it never takes the pointer's
/// clicks).
pub(super) fn name_under_pointer(
    mut contexts: EguiContexts,
    game: Res<Match>,
    hovered: Res<HoveredCell>,
    selection: Res<Selection>,
) -> Result {
    // Not while a man is picked up: its targets and their words matter
    // more then, and the line would hide some.
    let Some(cell) = hovered.0.filter(|_| selection.from.is_none()) else {
        return Ok(());
    };
    let session = game.session.as_ref();
    // The man, and what the cell he stands on does (a Loom square), or the
    // cell alone when it stands empty.
    let man = glossary::man_on(session, cell).map(|(placement, info)| {
        let owner = placement
            .side
            .map_or(String::new(), |s| format!("{}'s ", s.name()));
        (format!("{owner}{}", info.name), info.summary.to_string())
    });
    let place = session
        .cell_words(cell)
        .map(|words| (words.name, words.summary));
    let (title, summary) = match (man, place) {
        (Some((man, moves)), Some((place, does))) => {
            (format!("{man} on {place}"), format!("{moves}\n{does}"))
        }
        (Some(man), None) => man,
        (None, Some(place)) => place,
        (None, None) => return Ok(()),
    };
    let ctx = contexts.ctx_mut()?;
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return Ok(());
    };
    if ctx.is_pointer_over_egui() {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        "man-under-pointer".into(),
    ));
    let title = painter.layout_no_wrap(
        title,
        egui::FontId::proportional(15.0),
        egui::Color32::WHITE,
    );
    let line = painter.layout(
        summary,
        egui::FontId::proportional(13.0),
        egui::Color32::from_rgb(225, 220, 205),
        300.0,
    );
    let size = egui::vec2(
        title.size().x.max(line.size().x),
        title.size().y + line.size().y + 2.0,
    );
    let screen = ctx.content_rect();
    // Below right of the pointer, kept on screen.
    let mut at = pointer + egui::vec2(18.0, 20.0);
    at.x =
        at.x.min(screen.right() - size.x - 8.0)
            .max(screen.left() + 4.0);
    if at.y + size.y > screen.bottom() - 4.0 {
        at.y = pointer.y - size.y - 20.0;
    }
    let rect = egui::Rect::from_min_size(at, size).expand(5.0);
    painter.rect_filled(rect, 4.0, egui::Color32::from_black_alpha(200));
    let title_height = title.size().y;
    painter.galley(at, title, egui::Color32::WHITE);
    painter.galley(
        at + egui::vec2(0.0, title_height + 2.0),
        line,
        egui::Color32::WHITE,
    );
    Ok(())
}
