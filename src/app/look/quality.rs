//! Render profiles: `high` (multisampling, four shadow cascades), `medium`
//! and `low` (no multisampling, no shadow maps, no tonemapping pass: the
//! renderer's big costs on a machine drawing without a GPU; and a depth
//! prepass, so that each pixel is shaded once). The window remembers the
//! player's choice; without one it picks `low` by itself on a CPU renderer
//! and says so in the status bar. `record --quality` sets it for a video.

use bevy::core_pipeline::prepass::DepthPrepass;
use bevy::core_pipeline::tonemapping::{DebandDither, Tonemapping};
use bevy::light::{CascadeShadowConfig, CascadeShadowConfigBuilder, DirectionalLightShadowMap};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::render::view::Msaa;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::look::camera::MainCamera;
use crate::app::play::game::StartNotice;
use crate::app::profile::{Quality, QualitySource, remember, remembered};
use crate::app::screen::Screen;

impl Quality {
    fn msaa(self) -> Msaa {
        match self {
            Quality::High => Msaa::Sample4,
            Quality::Medium => Msaa::Sample4,
            Quality::Low => Msaa::Off,
        }
    }

    /// The low profile draws straight to the screen: no tonemapping pass.
    fn tonemapping(self) -> (Tonemapping, DebandDither) {
        match self {
            Quality::Low => (Tonemapping::None, DebandDither::Disabled),
            // ACES keeps the wood's depth of colour under the same light
            // as the low profile; the default (TonyMcMapface) washed the
            // room out to a pale haze.
            _ => (Tonemapping::AcesFitted, DebandDither::Enabled),
        }
    }

    /// Depth first, then colour: only for the CPU renderer's profile,
    /// whose cost is in shading pixels rather than in drawing triangles.
    fn depth_prepass(self) -> bool {
        self == Quality::Low
    }

    /// Shadow cascades and the size of each map; None draws no shadows.
    fn shadows(self) -> Option<(usize, usize)> {
        match self {
            Quality::High => Some((4, 2048)),
            Quality::Medium => Some((1, 1024)),
            Quality::Low => None,
        }
    }
}

/// Seen far enough for the boards and the table under them.
const SHADOW_DISTANCE: f32 = 40.0;
pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Quality>() {
        let remembered = remembered();
        app.insert_resource(remembered.unwrap_or_default())
            .insert_resource(if remembered.is_some() {
                QualitySource::Chosen
            } else {
                QualitySource::Automatic
            });
    } else {
        app.insert_resource(QualitySource::Given);
    }
    app.add_systems(
        Update,
        (pick_for_the_adapter, apply_quality, shade_the_sun).chain(),
    )
    .add_systems(
        EguiPrimaryContextPass,
        choose_quality.run_if(in_state(Screen::Menu)),
    );
}

/// Whether the adapter is a CPU renderer (lavapipe, llvmpipe, SwiftShader).
fn is_cpu(info: &RenderAdapterInfo) -> bool {
    format!("{:?}", info.0.device_type) == "Cpu"
}

/// With no choice made, `low` on a CPU renderer, once, with a note.
fn pick_for_the_adapter(
    mut source: ResMut<QualitySource>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut quality: ResMut<Quality>,
    mut notice: ResMut<StartNotice>,
) {
    if *source != QualitySource::Automatic {
        return;
    }
    let Some(adapter) = adapter else { return };
    *source = QualitySource::Given;
    if is_cpu(&adapter) {
        info!("render quality low: {} is a CPU renderer", adapter.0.name);
        *quality = Quality::Low;
        notice.0.get_or_insert(format!(
            "Render quality low: {} draws without a GPU (choose another in the menu)",
            adapter.0.name
        ));
    }
}

/// Multisampling on the camera, its depth prepass, and the sun's shadows.
fn apply_quality(
    mut commands: Commands,
    quality: Res<Quality>,
    cameras: Query<
        (
            Entity,
            Option<&Msaa>,
            Option<&Tonemapping>,
            Has<DepthPrepass>,
        ),
        With<MainCamera>,
    >,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
) {
    for (camera, msaa, tonemapping, prepass) in &cameras {
        if msaa != Some(&quality.msaa()) {
            commands.entity(camera).insert(quality.msaa());
        }
        if tonemapping != Some(&quality.tonemapping().0) {
            commands.entity(camera).insert(quality.tonemapping());
        }
        // On a CPU renderer every shaded pixel costs: the room, the table
        // and the board lie behind one another, and a depth pass first
        // lets each pixel be shaded once (a third off the frame time).
        match (quality.depth_prepass(), prepass) {
            (true, false) => {
                commands.entity(camera).insert(DepthPrepass);
            }
            (false, true) => {
                commands.entity(camera).remove::<DepthPrepass>();
            }
            _ => {}
        }
    }
    if let Some((_, size)) = quality.shadows()
        && shadow_map.size != size
    {
        shadow_map.size = size;
    }
}

fn shade_the_sun(
    mut commands: Commands,
    quality: Res<Quality>,
    mut suns: Query<(Entity, &mut DirectionalLight)>,
) {
    let new_sun = suns.iter_mut().any(|(_, light)| light.is_added());
    if !quality.is_changed() && !new_sun {
        return;
    }
    for (sun, mut light) in &mut suns {
        light.shadow_maps_enabled = quality.shadows().is_some();
        if let Some((cascades, _)) = quality.shadows() {
            let config: CascadeShadowConfig = CascadeShadowConfigBuilder {
                num_cascades: cascades,
                maximum_distance: SHADOW_DISTANCE,
                ..default()
            }
            .into();
            commands.entity(sun).insert(config);
        }
    }
}

/// A small chooser in the menu's corner.
fn choose_quality(
    mut contexts: EguiContexts,
    mut quality: ResMut<Quality>,
    mut source: ResMut<QualitySource>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("quality"))
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Render quality");
                for choice in Quality::ALL {
                    if ui
                        .selectable_label(*quality == choice, choice.name())
                        .clicked()
                        && *quality != choice
                    {
                        *quality = choice;
                        *source = QualitySource::Chosen;
                        remember(choice);
                    }
                }
            });
        });
    Ok(())
}
