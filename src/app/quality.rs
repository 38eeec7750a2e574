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

use super::Screen;
use super::camera::MainCamera;
use super::game::StartNotice;
use super::scene::Table;

/// How much the renderer does per frame.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Quality {
    Low,
    Medium,
    #[default]
    High,
}

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::Low, Quality::Medium, Quality::High];

    pub fn name(self) -> &'static str {
        match self {
            Quality::Low => "low",
            Quality::Medium => "medium",
            Quality::High => "high",
        }
    }

    pub fn parse(text: &str) -> Result<Quality, String> {
        Quality::ALL
            .into_iter()
            .find(|q| q.name() == text)
            .ok_or_else(|| format!("--quality must be low, medium or high, not '{text}'"))
    }

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

/// Where the window's choice comes from.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum QualitySource {
    /// The command line set it (`record --quality`): nothing is remembered.
    Given,
    /// The player chose it in the menu (remembered in the config folder, beside the settings).
    Chosen,
    /// Nobody chose: the window picks from the adapter.
    Automatic,
}

/// Seen far enough for the boards and the table under them.
const SHADOW_DISTANCE: f32 = 40.0;
/// The file, in the config folder, that keeps the player's choice.
const REMEMBERED: &str = "quality";

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
        (
            pick_for_the_adapter,
            apply_quality,
            shade_the_sun,
            dress_the_table,
        )
            .chain(),
    )
    .add_systems(
        EguiPrimaryContextPass,
        choose_quality.run_if(in_state(Screen::Menu)),
    );
}

fn remembered() -> Option<Quality> {
    let path = crate::record::config_dir()?.join(REMEMBERED);
    let text = std::fs::read_to_string(path).ok()?;
    Quality::parse(text.trim()).ok()
}

pub(super) fn remember(quality: Quality) {
    let Some(dir) = crate::record::config_dir() else {
        return;
    };
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        crate::record::write_atomically(&dir.join(REMEMBERED), &format!("{}\n", quality.name()))
    });
    if let Err(e) = written {
        warn!("cannot remember the render quality: {e}");
    }
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

/// The table's two looks.
#[derive(Component)]
struct TableLooks {
    lit: Handle<StandardMaterial>,
    unlit: Handle<StandardMaterial>,
}

fn dress_the_table(
    mut commands: Commands,
    quality: Res<Quality>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    tables: Query<(
        Entity,
        &Table,
        &MeshMaterial3d<StandardMaterial>,
        Option<&TableLooks>,
    )>,
) {
    for (table, surface, worn, looks) in &tables {
        let Some(looks) = looks else {
            // How the lit surface looks from the player's seat: the low
            // profile paints it so, grain and all, instead of shading
            // every pixel of it.
            let Some(lit) = materials.get(&worn.0).cloned() else {
                continue;
            };
            let unlit = materials.add(StandardMaterial {
                base_color: surface.seen,
                unlit: true,
                ..lit
            });
            commands.entity(table).insert(TableLooks {
                lit: worn.0.clone(),
                unlit,
            });
            continue;
        };
        let wanted = if *quality == Quality::Low {
            &looks.unlit
        } else {
            &looks.lit
        };
        if worn.0 != *wanted {
            commands
                .entity(table)
                .insert(MeshMaterial3d(wanted.clone()));
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
