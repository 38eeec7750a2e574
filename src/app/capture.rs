//! Screenshots: `variantarium screenshot` renders the position with the
//! scene a player sees, writes a PNG and exits.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::Screen;
use super::board::CellIndex;
use super::camera::MainCamera;
use super::game::Match;

/// Take one screenshot after the scene has settled, then exit.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    /// Frames to render first, so that meshes, shadows and egui are in place.
    pub settle_frames: u32,
}

/// Write where each cell appears in the window (physical pixels) to this
/// JSON file whenever it changes: tests and demo scripts click from it.
#[derive(Resource, Clone, Debug)]
pub struct CellMapOut(pub PathBuf);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_requested_screenshot
            .run_if(resource_exists::<ScreenshotRequest>)
            .run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        PostUpdate,
        write_cell_map
            .after(TransformSystems::Propagate)
            .run_if(resource_exists::<CellMapOut>)
            .run_if(in_state(Screen::Playing)),
    );
}

fn write_cell_map(
    out: Res<CellMapOut>,
    game: Res<Match>,
    index: Res<CellIndex>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    windows: Query<&Window>,
    mut last: Local<String>,
) {
    let Ok((camera, at)) = cameras.single() else {
        return;
    };
    let scale = windows.iter().next().map_or(1.0, |w| w.scale_factor());
    let cells: serde_json::Map<String, serde_json::Value> = game
        .layout
        .cells
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| {
            let p = camera.world_to_viewport(at, index.place(i as u16)).ok()? * scale;
            Some((
                cell.name.clone(),
                serde_json::json!([p.x.round(), p.y.round()]),
            ))
        })
        .collect();
    let text = serde_json::Value::Object(cells).to_string();
    if *last != text {
        if let Err(e) = crate::record::write_atomically(&out.0, &text) {
            error!("cannot write the cell map: {e}");
        }
        *last = text;
    }
}

fn take_requested_screenshot(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    mut frames: Local<u32>,
) {
    *frames += 1;
    if *frames != request.settle_frames {
        return;
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

fn write_png(image: &Image, path: &std::path::Path) -> Result<(), String> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("cannot convert the frame: {e}"))?
        .to_rgb8();
    let tmp = path.with_extension("png.tmp");
    rgb.save_with_format(&tmp, image::ImageFormat::Png)
        .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
