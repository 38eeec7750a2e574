//! Where the window's parts are: the panels egui draws and the free area
//! the camera frames the boards in. The camera and the panels both read
//! it; neither owns it.

use bevy::prelude::*;
use bevy_egui::egui;

/// Logical width the game panel takes on the right while playing.
pub const PANEL_WIDTH: f32 = 280.0;

/// The part of the window the boards may use, in logical pixels: all of it
/// left of the game panel (whose left edge is `panel_left` when it is up)
/// and clear of the panel in the top left corner (the analysis, when it is
/// up), less a margin. Beside the corner panel or below it, whichever
/// leaves the larger area.
pub fn free_area(width: f32, height: f32, panel_left: Option<f32>, corner: Option<Rect>) -> Rect {
    let right = match panel_left {
        // A window too narrow for the panel beside the boards: they share it.
        Some(left) if left > width * 0.4 => left,
        _ => width,
    };
    let margin = 12.0;
    let whole = Rect::new(margin, margin, right - margin, height - margin);
    let Some(corner) = corner.filter(|c| !c.intersect(whole).is_empty()) else {
        return whole;
    };
    let beside = Rect::new(corner.max.x + margin, whole.min.y, whole.max.x, whole.max.y);
    let below = Rect::new(whole.min.x, corner.max.y + margin, whole.max.x, whole.max.y);
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

/// The panels and dialogs; labels over the board are laid out after them.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct UiSystems;
