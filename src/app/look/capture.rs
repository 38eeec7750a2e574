//! Screenshots: `variantarium screenshot` renders the position with the
//! scene a player sees, writes a PNG and exits. A move diagram's picture
//! (`variantarium diagram --out F.png`) is one too: seen from above, with
//! one man selected, so that his targets are marked as the window marks a
//! selected man's.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::layout::ControlMap;
use crate::app::look::camera::{CameraSystems, MainCamera, OrbitCamera};
use crate::app::play::board::CellIndex;
use crate::app::play::game::{CellClicked, Match};
use crate::app::play::hints::HoveredCell;
use crate::app::screen::{CellMapOut, Screen};
use crate::rules::view::{CellId, HintKind};

/// Take one screenshot after the scene has settled, then exit.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    /// Frames to render first, so that meshes, shadows and egui are in place.
    pub settle_frames: u32,
    /// Print the mean frame time of the settling frames (after the first
    /// [`WARM_UP_FRAMES`]) to standard output.
    pub frame_time: bool,
    /// A move diagram: the camera looks straight down and the man on this
    /// cell is selected (clicked, as a player would).
    pub select: Option<CellId>,
    /// A move diagram's legend (see [`crate::diagram::legend::window_legend`]):
    /// each kind of mark and what it means, drawn in the picture's corner.
    pub legend: Vec<(&'static str, &'static str)>,
}

/// The frame (counted from the first with the game on the board) in which
/// a diagram's man is clicked: by then the new game's own clearing of the
/// selection is done.
const SELECT_FRAME: u32 = 2;

/// Frames left out of `--frame-time`: the first ones compile pipelines and
/// upload meshes and textures.
pub const WARM_UP_FRAMES: u32 = 4;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (take_requested_screenshot, show_the_man.after(CameraSystems))
            .run_if(resource_exists::<ScreenshotRequest>)
            .run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw_legend
            .after(crate::app::layout::UiSystems)
            .run_if(resource_exists::<ScreenshotRequest>)
            .run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        PostUpdate,
        write_screen_map
            .after(TransformSystems::Propagate)
            .run_if(resource_exists::<CellMapOut>),
    );
}

fn write_screen_map(
    out: Res<CellMapOut>,
    game: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    controls: Res<ControlMap>,
    hovered: Res<HoveredCell>,
    index: Res<CellIndex>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    windows: Query<&Window>,
    request: Option<Res<ScreenshotRequest>>,
    mut last: Local<String>,
    mut frame: Local<u64>,
) {
    *frame += 1;
    let scale = windows.iter().next().map_or(1.0, |w| w.scale_factor());
    let point = |x: f32, y: f32| serde_json::json!([(x * scale).round(), (y * scale).round()]);
    let mut cells = serde_json::Map::new();
    let mut hovered_name = None;
    if let (Some(game), Ok((camera, at)), Screen::Playing) = (game, cameras.single(), screen.get())
    {
        hovered_name = hovered
            .0
            .and_then(|c| game.layout.cells.get(c as usize))
            .map(|c| c.name.clone());
        for (i, cell) in game.layout.cells.iter().enumerate() {
            if let Ok(p) = camera.world_to_viewport(at, index.place(i as u16)) {
                cells.insert(cell.name.clone(), point(p.x, p.y));
            }
        }
    }
    let controls: serde_json::Map<String, serde_json::Value> = controls
        .0
        .iter()
        .map(|(name, [x, y])| (name.clone(), point(*x, *y)))
        .collect();
    let legend: Vec<&str> = request
        .iter()
        .flat_map(|r| r.legend.iter().map(|e| e.1))
        .collect();
    let text = serde_json::json!({ "cells": cells, "controls": controls, "hovered": hovered_name, "frame": *frame, "legend": legend })
        .to_string();
    if *last != text {
        if let Err(e) = crate::record::write_atomically(&out.0, &text) {
            error!("cannot write the screen map: {e}");
        }
        *last = text;
    }
}

/// A diagram's legend in the picture's lower left corner, in the window's
/// own colours of the marks it names; its corners are noted in the
/// control map as `legend` and `legend-end`.
fn draw_legend(
    request: Res<ScreenshotRequest>,
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
) -> Result {
    if request.legend.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let frame = egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(20, 16, 12, 220))
        .corner_radius(6.0)
        .inner_margin(10.0);
    let shown = egui::Area::new(egui::Id::new("diagram-legend"))
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(16.0, -16.0))
        .show(ctx, |ui| {
            frame.show(ui, |ui| {
                for &(kind, words) in &request.legend {
                    ui.horizontal(|ui| {
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(22.0, 18.0), egui::Sense::hover());
                        swatch(ui.painter(), kind, rect.center());
                        ui.label(
                            egui::RichText::new(words)
                                .size(15.0)
                                .color(egui::Color32::WHITE),
                        );
                    });
                }
            });
        });
    let rect = shown.response.rect;
    controls.place("legend", rect.min);
    controls.place("legend-end", rect.max);
    Ok(())
}

/// A legend entry's mark, drawn as the window draws it on the board.
fn swatch(painter: &egui::Painter, kind: &str, at: egui::Pos2) {
    // The window's target green: a dot where he moves, a ring round a man
    // he takes.
    let target = egui::Color32::from_rgb(64, 217, 89);
    let capture = target;
    let line = |colour: Color| {
        let [r, g, b, _] = colour.to_srgba().to_u8_array();
        let stroke = egui::Stroke::new(3.0, egui::Color32::from_rgb(r, g, b));
        painter.line_segment(
            [at - egui::vec2(9.0, 0.0), at + egui::vec2(9.0, 0.0)],
            stroke,
        );
    };
    match kind {
        "move" => {
            painter.circle_filled(at, 5.5, target);
        }
        "move-only" => {
            painter.circle_stroke(at, 5.5, egui::Stroke::new(2.5, target));
        }
        "capture" => {
            painter.circle_stroke(at, 7.5, egui::Stroke::new(3.0, capture));
        }
        "definers" => line(super::overlays::hint_colour(HintKind::Definers)),
        "transmitter" => line(super::overlays::hint_colour(HintKind::Transmitter)),
        "forbidden" => line(super::overlays::hint_colour(HintKind::Forbidden)),
        "stay" | "route" => line(super::overlays::hint_colour(HintKind::Route)),
        _ => {}
    }
}

/// A diagram's view: from above, and its man clicked once the game stands.
fn show_the_man(
    request: Res<ScreenshotRequest>,
    game: Option<Res<Match>>,
    mut orbit: ResMut<OrbitCamera>,
    mut clicks: MessageWriter<CellClicked>,
    mut frames: Local<u32>,
) {
    let (Some(cell), Some(_)) = (request.select, game) else {
        return;
    };
    // The camera's own start (after every new game) chooses the player's
    // view: this runs after it.
    if !orbit.top_down {
        orbit.top_down = true;
    }
    *frames += 1;
    if *frames == SELECT_FRAME {
        clicks.write(CellClicked { cell });
    }
}

fn take_requested_screenshot(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    time: Res<Time<Real>>,
    mut frames: Local<u32>,
    mut timed: Local<Vec<f32>>,
    mut cpu_at_warm: Local<Option<f32>>,
) {
    *frames += 1;
    if *frames > WARM_UP_FRAMES {
        timed.push(time.delta_secs());
    }
    if *frames == WARM_UP_FRAMES {
        *cpu_at_warm = cpu_seconds();
    }
    if *frames != request.settle_frames {
        return;
    }
    if request.frame_time {
        if timed.is_empty() {
            eprintln!("frame-time unknown: --frames must exceed {WARM_UP_FRAMES}");
        } else {
            let mean = timed.iter().sum::<f32>() / timed.len() as f32;
            eprintln!(
                "frame-time {:.1} ms over {} frames",
                mean * 1000.0,
                timed.len()
            );
        }
    }
    let path = request.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| match write_png(
            &captured.image,
            &path,
        ) {
            Ok(()) => {
                exit.write(AppExit::Success);
            }
            Err(e) => {
                error!("{e}");
                exit.write(AppExit::from_code(3));
            }
        },
    );
}

/// Processor seconds this process has used (user and system, all its
/// threads), where the system tells (`/proc/self/stat` on Linux).
fn cpu_seconds() -> Option<f32> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which may hold spaces) in parens.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f32 = fields.get(11)?.parse::<f32>().ok()? + fields.get(12)?.parse::<f32>().ok()?;
    // Linux counts in USER_HZ, 100 a second on every common platform.
    Some(ticks / 100.0)
}

/// The frame as a PNG file, written atomically (a screenshot is never left
/// half-written under its own name).
fn write_png(image: &Image, path: &std::path::Path) -> Result<(), String> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("cannot convert the frame: {e}"))?
        .to_rgb8();
    let mut png = std::io::Cursor::new(Vec::new());
    rgb.write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode {}: {e}", path.display()))?;
    crate::record::write_file(path, png.get_ref())
}
