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
use crate::rules::view::CellId;

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
    for (piece, at) in &pieces {
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
        let (disc, ink) = disc_colours(piece.side);
        painter.circle(centre, radius, disc, egui::Stroke::new(1.5, ink));
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            piece.letter,
            egui::FontId::proportional(letter_size(radius)),
            ink,
        );
    }
    Ok(())
}
