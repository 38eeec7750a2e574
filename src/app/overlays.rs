//! Rule overlays drawn: the hints gathered in [`super::hints`] as lines,
//! paths and labelled marks, and the hovered cell read from picking.

use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::board::{Cell, CellIndex};
use super::camera::MainCamera;
use super::hints::{HoveredCell, Overlays, gather_hints};
use super::pieces::Piece;
use crate::rules::view::{Hint, HintKind};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, thicken_lines)
        .add_systems(
            Update,
            (
                track_hovered_cell.before(gather_hints),
                draw_hints.after(gather_hints),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            label_hints.run_if(in_state(Screen::Playing)),
        );
}

fn thicken_lines(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 4.0;
    config.depth_bias = -0.5;
}

/// The cell under the mouse: the nearest hovered cell, or the cell of the
/// nearest hovered piece (its mesh is a child of the piece). Read from the
/// hover map every frame, so it never lags behind enter and leave events.
fn track_hovered_cell(
    hover_map: Res<HoverMap>,
    cells: Query<&Cell>,
    pieces: Query<&Piece>,
    parents: Query<&ChildOf>,
    mut hovered: ResMut<HoveredCell>,
) {
    let cell_of = |entity: Entity| {
        cells
            .get(entity)
            .map(|c| c.id)
            .or_else(|_| pieces.get(entity).map(|p| p.cell))
            .ok()
    };
    let nearest = hover_map
        .get(&PointerId::Mouse)
        .into_iter()
        .flat_map(|hits| hits.iter())
        .filter_map(|(entity, hit)| {
            let cell = cell_of(*entity)
                .or_else(|| parents.get(*entity).ok().and_then(|p| cell_of(p.parent())));
            cell.map(|c| (hit.depth, c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cell)| cell);
    if hovered.0 != nearest {
        hovered.0 = nearest;
    }
}

fn colour(kind: HintKind) -> Color {
    match kind {
        HintKind::Definers => Color::srgb(0.2, 0.85, 0.95),
        HintKind::Leap => Color::srgb(0.95, 0.3, 0.9),
        HintKind::Transmitter => Color::srgb(0.6, 0.45, 1.0),
        HintKind::Route => Color::srgb(0.75, 1.0, 0.3),
        HintKind::Check => Color::srgb(1.0, 0.15, 0.1),
        HintKind::Forbidden => Color::srgb(1.0, 0.5, 0.1),
        HintKind::LoomEffect => Color::srgb(1.0, 0.85, 0.3),
        HintKind::Note => Color::srgb(0.95, 0.95, 0.95),
    }
}

const LIFT: Vec3 = Vec3::new(0.0, 0.12, 0.0);

fn draw_hints(overlays: Res<Overlays>, index: Res<CellIndex>, mut gizmos: Gizmos) {
    for hint in &overlays.0 {
        let colour = colour(hint.kind());
        match hint {
            Hint::Line { from, to, .. } => {
                gizmos.line(index.place(*from) + LIFT, index.place(*to) + LIFT, colour);
            }
            Hint::Path { cells, .. } => {
                gizmos.linestrip(cells.iter().map(|c| index.place(*c) + LIFT), colour);
            }
            Hint::Mark { at, .. } => {
                let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
                gizmos.circle(
                    Isometry3d::new(index.place(*at) + LIFT * 0.3, flat),
                    0.38,
                    colour,
                );
            }
        }
    }
}

/// Each hint's words beside it: a line's at its middle, a mark's on its cell.
fn label_hints(
    mut contexts: EguiContexts,
    overlays: Res<Overlays>,
    index: Res<CellIndex>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let Ok((camera, at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, "hints".into()));
    for hint in &overlays.0 {
        let Some(label) = hint.label() else { continue };
        let cells = hint.cells();
        let Some(first) = cells.first() else { continue };
        let anchor = match hint {
            Hint::Mark { .. } => index.place(*first),
            _ => cells.iter().map(|c| index.place(*c)).sum::<Vec3>() / cells.len() as f32,
        };
        if let Ok(p) = camera.world_to_viewport(at, anchor + LIFT) {
            let [r, g, b, _] = colour(hint.kind()).to_srgba().to_u8_array();
            let text_colour = egui::Color32::from_rgb(r, g, b);
            let galley = painter.layout_no_wrap(
                label.to_string(),
                egui::FontId::proportional(14.0),
                text_colour,
            );
            let rect = egui::Rect::from_center_size(egui::pos2(p.x, p.y - 16.0), galley.size())
                .expand(3.0);
            painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(170));
            painter.galley(rect.min + egui::vec2(3.0, 3.0), galley, text_colour);
        }
    }
    Ok(())
}
