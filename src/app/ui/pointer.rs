//! The name of the man under the pointer and how it moves, and what the
//! cell under it does when the rules say (a Loom square).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::layout::{AnalysisRect, PanelRect};
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
    panel: Res<PanelRect>,
    analysis: Res<AnalysisRect>,
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
    let panels: Vec<egui::Rect> = [panel.0, analysis.0].into_iter().flatten().collect();
    let at = tooltip_at(pointer, size, screen, &panels);
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

/// Where a tooltip of `size` beside the pointer begins: below right of it,
/// else below left, above right or above left, the first place that is on
/// `screen` and clear of the `panels` (a tooltip over a panel's words hides
/// them); failing all, below right kept on screen.
pub fn tooltip_at(
    pointer: egui::Pos2,
    size: egui::Vec2,
    screen: egui::Rect,
    panels: &[egui::Rect],
) -> egui::Pos2 {
    let (right, below) = (pointer.x + 18.0, pointer.y + 20.0);
    let (left, above) = (pointer.x - 12.0 - size.x, pointer.y - 20.0 - size.y);
    let places = [(right, below), (left, below), (right, above), (left, above)];
    let fits = |at: egui::Pos2| {
        let rect = egui::Rect::from_min_size(at, size).expand(5.0);
        screen.contains_rect(rect) && !panels.iter().any(|p| p.intersects(rect))
    };
    places
        .into_iter()
        .map(|(x, y)| egui::pos2(x, y))
        .find(|&at| fits(at))
        .unwrap_or_else(|| {
            let x = right
                .min(screen.right() - size.x - 8.0)
                .max(screen.left() + 4.0);
            let y = match below + size.y > screen.bottom() - 4.0 {
                true => above,
                false => below,
            };
            egui::pos2(x, y)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A man's tooltip near the lesson panel goes to the pointer's other
    /// side rather than over the panel's words; near the window's bottom
    /// it goes above the pointer; with room, below right of it.
    #[test]
    fn a_tooltip_keeps_off_the_panels() {
        let screen = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1280.0, 720.0));
        let panel = egui::Rect::from_min_max(egui::pos2(1000.0, 8.0), egui::pos2(1272.0, 400.0));
        let size = egui::vec2(300.0, 60.0);
        let open = tooltip_at(egui::pos2(300.0, 300.0), size, screen, &[panel]);
        assert_eq!(open, egui::pos2(318.0, 320.0));
        for pointer in [
            egui::pos2(900.0, 200.0),
            egui::pos2(990.0, 380.0),
            egui::pos2(700.0, 690.0),
        ] {
            let at = tooltip_at(pointer, size, screen, &[panel]);
            let rect = egui::Rect::from_min_size(at, size).expand(5.0);
            assert!(
                !rect.intersects(panel),
                "over the panel at {pointer:?}: {rect:?}"
            );
            assert!(
                screen.contains_rect(rect),
                "off the screen at {pointer:?}: {rect:?}"
            );
            assert!(!rect.contains(pointer), "under the pointer at {pointer:?}");
        }
    }
}
