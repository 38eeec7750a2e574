//! The top view's letters: seen from straight above, the men's models are
//! round blobs alike, so each man's notation letter is drawn on his top, in
//! a disc of his side's colour. Under the panels, above the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::look::camera::{MainCamera, OrbitCamera};
use crate::app::look::meshes::man_extent;
use crate::app::play::game::Match;
use crate::app::play::pieces::Piece;
use crate::app::screen::Screen;
use crate::rules::Side;
use crate::rules::view::{CellId, ManState};

pub(super) fn plugin(app: &mut App) {
    // The letters (and every label drawn over the scene) follow the men and
    // the camera of this frame: egui's pass runs after the transforms are
    // propagated and the camera is updated, never one frame behind them.
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::EndPass
            .after(TransformSystems::Propagate)
            .after(bevy::camera::CameraUpdateSystems),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        letter_the_men
            .before(crate::app::layout::UiSystems)
            .run_if(in_state(Screen::Playing))
            .run_if(|orbit: Res<OrbitCamera>| orbit.top_down),
    );
}

/// A side's disc and ink: White light on dark letters, Black dark with
/// light ones, a third army red; men of nobody (the Fates) gold.
fn disc_colours(side: Option<Side>) -> (egui::Color32, egui::Color32) {
    match side.map(|s| s.0) {
        Some(0) => (
            egui::Color32::from_rgb(238, 232, 218),
            egui::Color32::from_rgb(30, 30, 30),
        ),
        Some(1) => (
            egui::Color32::from_rgb(36, 34, 40),
            egui::Color32::from_rgb(240, 240, 240),
        ),
        Some(_) => (
            egui::Color32::from_rgb(170, 40, 36),
            egui::Color32::from_rgb(250, 240, 230),
        ),
        None => (
            egui::Color32::from_rgb(214, 170, 60),
            egui::Color32::from_rgb(40, 28, 10),
        ),
    }
}

/// The letters' sizes: a glyph is drawn only once it is in the font atlas,
/// and these are among the sizes laid out at start-up
/// ([`crate::app::ui::glyphs`]), so no letter shows missing while the
/// camera zooms.
const LETTER_SIZES: [f32; 5] = [12.5, 15.0, 18.0, 21.0, 24.0];

/// The largest letter size that fits a disc of this radius.
fn letter_size(radius: f32) -> f32 {
    LETTER_SIZES
        .into_iter()
        .rev()
        .find(|&size| size <= radius * 1.3)
        .unwrap_or(LETTER_SIZES[0])
}

/// Where the top view draws the disc of a man whose top is at `top`: its
/// centre on screen and its radius.
pub fn letter_disc(camera: &Camera, eye: &GlobalTransform, top: Vec3) -> Option<(egui::Pos2, f32)> {
    let centre = camera.world_to_viewport(eye, top).ok()?;
    let edge = camera.world_to_viewport(eye, top + Vec3::X * 0.2).ok()?;
    Some((
        egui::pos2(centre.x, centre.y),
        centre.distance(edge).max(6.0),
    ))
}

fn letter_the_men(
    mut contexts: EguiContexts,
    game: Res<Match>,
    pieces: Query<(&Piece, &GlobalTransform)>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let Ok((camera, eye)) = cameras.single() else {
        return Ok(());
    };
    let variant = game.session.variant();
    // Only the topmost man of a cell shows: a piece on a chakra hides it.
    // Drawn in the cells' order, the same in every frame and every run
    // (where two discs touch, the same one lies on top).
    let mut topmost: std::collections::BTreeMap<CellId, (&Piece, Vec3)> = Default::default();
    // The chakras that carry a man, by cell, with their mode.
    let mut carried: std::collections::BTreeMap<CellId, ManState> = Default::default();
    for (piece, at) in &pieces {
        if let Some(mode) = chakra_mode(piece) {
            carried.insert(piece.cell, mode);
        }
        let top = at.translation() + Vec3::Y * man_extent(variant, piece).height;
        let higher = topmost
            .get(&piece.cell)
            .is_none_or(|(p, _)| p.level < piece.level);
        if higher {
            topmost.insert(piece.cell, (piece, top));
        }
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    for (piece, top) in topmost.values() {
        let Some((centre, radius)) = letter_disc(camera, eye, *top) else {
            continue;
        };
        // A vacant chakra's face, drawn with its mode's sign, reads from
        // above as it is: a disc over it would hide a flip.
        if chakra_mode(piece).is_some() {
            continue;
        }
        let (disc, ink) = disc_colours(piece.side);
        painter.circle(centre, radius, disc, egui::Stroke::new(1.5, ink));
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            piece.letter,
            egui::FontId::proportional(letter_size(radius)),
            ink,
        );
        if let Some(mode) = carried.get(&piece.cell) {
            badge_the_chakra(&painter, centre, radius, *mode);
        }
    }
    Ok(())
}

/// A chakra's mode, for a chakra; nothing for any other man.
fn chakra_mode(piece: &Piece) -> Option<ManState> {
    matches!(piece.state, ManState::KnightMode | ManState::KingMode).then_some(piece.state)
}

/// The chakra under a man, seen from above: a small disc at the lower right
/// of the man's, gold with `K` when it lies king side up, pale with `N`
/// knight side up, so that a flip shows even when somebody stands on it.
fn badge_the_chakra(painter: &egui::Painter, centre: egui::Pos2, radius: f32, mode: ManState) {
    let (fill, ink, sign) = if mode == ManState::KingMode {
        (
            egui::Color32::from_rgb(232, 184, 60),
            egui::Color32::from_rgb(40, 28, 10),
            "K",
        )
    } else {
        (
            egui::Color32::from_rgb(190, 222, 240),
            egui::Color32::from_rgb(20, 40, 60),
            "N",
        )
    };
    let small = (radius * 0.55).max(7.0);
    let at = centre + egui::vec2(radius * 0.8, radius * 0.8);
    painter.circle(at, small, fill, egui::Stroke::new(1.0, ink));
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        sign,
        egui::FontId::proportional(LETTER_SIZES[0]),
        ink,
    );
}
