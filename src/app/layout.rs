//! Where the window's parts are: the panels egui draws and the free area
//! the camera frames the boards in. The camera and the panels both read
//! it; neither owns it.

use bevy::prelude::*;
use bevy_egui::egui;

/// Logical width a side panel (the game's, a lesson's, a puzzle's) takes
/// on the right while playing, its frame included, in a window wide enough.
pub const PANEL_WIDTH: f32 = 280.0;

/// The narrowest a side panel gets: two of its buttons still fit in a row.
const PANEL_MIN_WIDTH: f32 = 200.0;

/// The gap between a side panel and the window's right edge.
pub const PANEL_GAP: f32 = 8.0;

/// What a side panel's frame and scroll bar take of its width.
const PANEL_FRAME: f32 = 30.0;

/// The least share of the window's width the boards' free area keeps
/// beside a side panel (in a window wider than about 580 pixels).
pub const BOARD_SHARE: f32 = 0.6;

/// The margin the boards keep from the window's edges and the panels.
const MARGIN: f32 = 12.0;

/// Below this window width the corner panel (the analysis) is a strip of
/// two lines across the top instead of a column: a column beside the side
/// panel would leave the boards well under [`BOARD_SHARE`] of the width.
const COMPACT_CORNER_BELOW: f32 = 1000.0;

/// Whether the corner panel is a strip in a window `window_width` wide.
pub fn compact_corner(window_width: f32) -> bool {
    window_width < COMPACT_CORNER_BELOW
}

/// The width the corner panel's contents may take in a window
/// `window_width` wide: a column's, or in a narrow window the room left of
/// the side panel.
pub fn corner_content_width(window_width: f32, column: f32) -> f32 {
    if compact_corner(window_width) {
        (panel_left(window_width) - 2.0 * PANEL_GAP - PANEL_FRAME).max(column)
    } else {
        column
    }
}

/// The width a side panel takes in a window `window_width` wide, its frame
/// included: [`PANEL_WIDTH`], narrower in a narrow window so that the
/// boards keep [`BOARD_SHARE`] of the width beside it.
pub fn panel_width(window_width: f32) -> f32 {
    let room = window_width * (1.0 - BOARD_SHARE) - PANEL_GAP - 2.0 * MARGIN;
    room.clamp(PANEL_MIN_WIDTH, PANEL_WIDTH)
}

/// The width of what a side panel holds (its words wrap to it and its
/// rows of buttons wrap within it) in a window `window_width` wide.
pub fn panel_content_width(window_width: f32) -> f32 {
    panel_width(window_width) - PANEL_FRAME
}

/// Where a side panel's left edge is in a window `window_width` wide.
pub fn panel_left(window_width: f32) -> f32 {
    window_width - PANEL_GAP - panel_width(window_width)
}

/// The part of the window the boards may use, in logical pixels: all of it
/// left of the game panel (whose left edge is `panel_left` when it is up)
/// and clear of the panel in the top left corner (the analysis, when it is
/// up), less a margin. Beside the corner panel or below it, whichever
/// leaves the larger area; below it, as far from the bottom as the panel
/// reaches from the top, since the camera shifts the picture sideways
/// only and keeps the boards centred on the window's height.
pub fn free_area(width: f32, height: f32, panel_left: Option<f32>, corner: Option<Rect>) -> Rect {
    let right = match panel_left {
        // A window too narrow for the panel beside the boards: they share it.
        Some(left) if left > width * 0.4 => left,
        _ => width,
    };
    let margin = MARGIN;
    let whole = Rect::new(margin, margin, right - margin, height - margin);
    let Some(corner) = corner.filter(|c| !c.intersect(whole).is_empty()) else {
        return whole;
    };
    let beside = Rect::new(corner.max.x + margin, whole.min.y, whole.max.x, whole.max.y);
    let top = corner.max.y + margin;
    let below = Rect::new(
        whole.min.x,
        top,
        whole.max.x,
        whole.max.y - (top - whole.min.y),
    );
    let area = |r: Rect| r.width().max(0.0) * r.height().max(0.0);
    if area(beside) >= area(below) {
        beside
    } else {
        below
    }
}

/// A band along the bottom of the window, as a fraction of its height,
/// that the boards keep clear of (a recording's caption strip).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ReservedBottom(pub f32);

/// Where the named controls of this frame are on screen (logical pixels):
/// scripts and the player's-path test click them by name. Only controls
/// that take a click now are listed: not a disabled one, nor one scrolled
/// out of sight.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ControlMap(pub std::collections::BTreeMap<String, [f32; 2]>);

impl ControlMap {
    pub fn note(&mut self, name: impl Into<String>, response: egui::Response) -> egui::Response {
        let name = name.into();
        let visible = response.interact_rect;
        if response.enabled() && visible.width() > 2.0 && visible.height() > 2.0 {
            let c = visible.center();
            self.0.insert(name, [c.x, c.y]);
        } else {
            self.0.remove(&name);
        }
        response
    }

    /// A named point that is no control: where a panel ends, for scripts
    /// that must keep clear of it.
    pub fn place(&mut self, name: impl Into<String>, at: egui::Pos2) {
        self.0.insert(name.into(), [at.x, at.y]);
    }
}

/// The screen rectangle the game panel took in the last frame, for the
/// labels drawn over the board to keep clear of.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PanelRect(pub Option<egui::Rect>);

/// The screen rectangle the analysis panel took in the last frame (top
/// left), None when it was not shown: the boards keep clear of it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct AnalysisRect(pub Option<egui::Rect>);

/// Where the words written over the boards in this frame are on screen
/// (the coordinates and the Loom's square names): a hint's label keeps
/// clear of them.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct BoardWords(pub Vec<egui::Rect>);

/// The panels and dialogs; labels over the board are laid out after them.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct UiSystems;

#[cfg(test)]
mod tests {
    use super::*;

    /// Beside a side panel the boards keep at least 60 % of the window's
    /// width, from an 800×600 window up; the panel keeps its full width
    /// where there is room and never shrinks below what its rows need.
    #[test]
    fn the_boards_keep_most_of_the_width_beside_a_panel() {
        for (w, h) in [
            (800.0, 600.0),
            (640.0, 480.0),
            (1024.0, 768.0),
            (1280.0, 720.0),
            (1920.0, 1080.0),
        ] {
            let free = free_area(w, h, Some(panel_left(w)), None);
            assert!(
                free.width() >= BOARD_SHARE * w,
                "{w}x{h}: the boards get {} of {w} pixels",
                free.width()
            );
            let panel = panel_width(w);
            assert!((PANEL_MIN_WIDTH..=PANEL_WIDTH).contains(&panel));
            assert!(free.max.x <= panel_left(w), "{w}x{h}: under the panel");
        }
        assert_eq!(panel_width(1280.0), PANEL_WIDTH);
        assert!(panel_width(640.0) < PANEL_WIDTH);
        // Where 60 % cannot be had the panel keeps its least width.
        assert_eq!(panel_width(400.0), PANEL_MIN_WIDTH);
    }

    /// In a narrow window the corner panel (the analysis) is a strip of
    /// two lines across the top, left of the side panel: the boards below
    /// it keep at least 60 % of the width.
    #[test]
    fn a_corner_strip_leaves_the_boards_most_of_the_width() {
        for (w, h) in [(800.0, 600.0), (640.0, 480.0), (960.0, 600.0)] {
            assert!(compact_corner(w), "{w}: a strip");
            let width = corner_content_width(w, 220.0) + PANEL_FRAME;
            let strip = Rect::new(PANEL_GAP, PANEL_GAP, PANEL_GAP + width, 64.0);
            assert!(
                strip.max.x <= panel_left(w),
                "{w}x{h}: the strip meets the panel"
            );
            let free = free_area(w, h, Some(panel_left(w)), Some(strip));
            assert!(
                free.width() >= BOARD_SHARE * w,
                "{w}x{h}: the boards get {} of {w} pixels",
                free.width()
            );
            assert!(free.min.y > strip.max.y, "{w}x{h}: the boards are below it");
        }
        assert!(!compact_corner(1280.0));
        assert_eq!(corner_content_width(1280.0, 220.0), 220.0);
    }

    /// The camera keeps the boards centred on the window's height, so the
    /// free area is too; beside the analysis column of a wide window the
    /// boards get the whole height, not a band below the column.
    #[test]
    fn the_free_area_beside_a_corner_column_keeps_the_whole_height() {
        let (w, h) = (1280.0, 720.0);
        let column = Rect::new(PANEL_GAP, PANEL_GAP, 348.0, 180.0);
        let free = free_area(w, h, Some(panel_left(w)), Some(column));
        assert!(free.min.x > column.max.x, "beside the column: {free:?}");
        assert_eq!(free.height(), h - 2.0 * MARGIN);
        for corner in [Some(column), Some(Rect::new(8.0, 8.0, 900.0, 64.0)), None] {
            let free = free_area(w, h, Some(panel_left(w)), corner);
            assert_eq!(free.center().y, h / 2.0, "{corner:?}");
        }
    }
}
