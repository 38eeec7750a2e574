//! Procedural 3D pieces: each model is a lathe profile plus simple parts,
//! kept as data in `assets/pieces.json` and turned into one mesh per model.

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;
use serde::Deserialize;

use crate::app::play::pieces::Piece;
use crate::rules::glossary::man_info;
use crate::rules::variant::Variant;

const PIECES_JSON: &str = include_str!("../../../assets/pieces.json");
/// Facets round a turned body and a round part: enough for a smooth
/// outline at the default camera, few enough for a CPU renderer to draw
/// fifty men (three armies) each frame.
const LATHE_SEGMENTS: usize = 28;
const ROUND_SEGMENTS: u32 = 16;
/// Every model drawn this much larger than its data, so that a man fills
/// his cell (cells are one unit apart)...
const FILL: f32 = 1.4;
/// ...but never wider than this, so neighbours never touch.
pub const MAX_RADIUS: f32 = 0.43;

#[derive(Deserialize, Debug)]
struct ModelData {
    /// `[radius, height]` from the bottom centre up to the top centre.
    #[serde(default)]
    profile: Vec<[f32; 2]>,
    #[serde(default)]
    parts: Vec<PartData>,
}

#[derive(Deserialize, Debug)]
struct PartData {
    shape: String,
    /// Shape sizes: sphere [r]; box [x, y, z]; cylinder and cone [r, h];
    /// torus [minor, major]; capsule [r, length].
    size: Vec<f32>,
    #[serde(default)]
    at: [f32; 3],
    /// Degrees about x, y, z.
    #[serde(default)]
    rotate: [f32; 3],
}

/// The mesh of every model, by name.
#[derive(Resource, Default)]
pub struct PieceMeshes(pub HashMap<String, Handle<Mesh>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceMeshes>()
        .add_systems(Startup, build_piece_meshes);
}

fn build_piece_meshes(mut meshes: ResMut<Assets<Mesh>>, mut store: ResMut<PieceMeshes>) {
    match model_meshes() {
        Ok(models) => {
            store.0 = models
                .into_iter()
                .map(|(name, mesh)| (name, meshes.add(mesh)))
                .collect();
        }
        Err(e) => error!("assets/pieces.json: {e}"),
    }
}

/// Builds every model of the data file; an error names the model and part.
pub fn model_meshes() -> Result<Vec<(String, Mesh)>, String> {
    let data: HashMap<String, ModelData> =
        serde_json::from_str(PIECES_JSON).map_err(|e| e.to_string())?;
    let mut out: Vec<(String, Mesh)> = data
        .into_iter()
        .map(|(name, model)| {
            build_model(&model)
                .map(|m| (name.clone(), m))
                .map_err(|e| format!("{name}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

fn build_model(model: &ModelData) -> Result<Mesh, String> {
    let mut mesh = lathe(&model.profile);
    for (i, part) in model.parts.iter().enumerate() {
        let piece = part_mesh(part).map_err(|e| format!("part {i}: {e}"))?;
        mesh.merge(&piece).map_err(|e| format!("part {i}: {e}"))?;
    }
    let radius = match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
        Some(VertexAttributeValues::Float32x3(points)) => points
            .iter()
            .map(|&[x, _, z]| (x * x + z * z).sqrt())
            .fold(0.0, f32::max),
        _ => 0.0,
    };
    let scale = if radius > 0.0 {
        FILL.min(MAX_RADIUS / radius)
    } else {
        FILL
    };
    Ok(mesh.scaled_by(Vec3::splat(scale)))
}

fn part_mesh(part: &PartData) -> Result<Mesh, String> {
    let s = |i: usize| {
        part.size
            .get(i)
            .copied()
            .ok_or_else(|| format!("{} needs {} sizes", part.shape, i + 1))
    };
    let mesh: Mesh = match part.shape.as_str() {
        "sphere" => Sphere::new(s(0)?)
            .mesh()
            .uv(ROUND_SEGMENTS, ROUND_SEGMENTS * 2 / 3),
        "box" => Cuboid::new(s(0)?, s(1)?, s(2)?).into(),
        "cylinder" => Cylinder::new(s(0)?, s(1)?)
            .mesh()
            .resolution(ROUND_SEGMENTS)
            .into(),
        "cone" => Cone::new(s(0)?, s(1)?)
            .mesh()
            .resolution(ROUND_SEGMENTS)
            .into(),
        "torus" => Torus::new(s(1)? - s(0)?, s(1)? + s(0)?)
            .mesh()
            .minor_resolution(10)
            .major_resolution(ROUND_SEGMENTS as usize + 4)
            .into(),
        "capsule" => Capsule3d::new(s(0)?, s(1)?).into(),
        other => return Err(format!("unknown shape '{other}'")),
    };
    let [rx, ry, rz] = part.rotate.map(f32::to_radians);
    let transform = Transform::from_translation(Vec3::from(part.at))
        .with_rotation(Quat::from_euler(EulerRot::XYZ, rx, ry, rz));
    Ok(mesh.transformed_by(transform))
}

/// How far a model reaches: its radius about the upright axis and its
/// height above its base.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    pub radius: f32,
    pub height: f32,
}

/// The extent of every model, measured once from its mesh.
fn extents() -> &'static HashMap<String, Extent> {
    static EXTENTS: std::sync::OnceLock<HashMap<String, Extent>> = std::sync::OnceLock::new();
    EXTENTS.get_or_init(|| {
        model_meshes()
            .unwrap_or_default()
            .into_iter()
            .map(|(name, mesh)| {
                let mut extent = Extent {
                    radius: 0.0,
                    height: 0.0,
                };
                if let Some(VertexAttributeValues::Float32x3(points)) =
                    mesh.attribute(Mesh::ATTRIBUTE_POSITION)
                {
                    for &[x, y, z] in points {
                        extent.radius = extent.radius.max((x * x + z * z).sqrt());
                        extent.height = extent.height.max(y);
                    }
                }
                (name, extent)
            })
            .collect()
    })
}

/// How far the man drawn for `piece` reaches (a tall piece's if its model is
/// unknown).
pub fn man_extent(variant: Variant, piece: &Piece) -> Extent {
    extents()
        .get(model_name(variant, piece))
        .copied()
        .unwrap_or(Extent {
            radius: 0.3,
            height: 0.9,
        })
}

/// A surface of revolution about the y axis through the profile points.
fn lathe(profile: &[[f32; 2]]) -> Mesh {
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices = Vec::new();
    let rings = profile.len();
    for (j, &[r, y]) in profile.iter().enumerate() {
        // The profile's slope gives the normal's tilt.
        let prev = profile[j.saturating_sub(1)];
        let next = profile[(j + 1).min(rings - 1)];
        let (dr, dy) = (next[0] - prev[0], next[1] - prev[1]);
        let (nr, ny) = (dy, -dr);
        let len = (nr * nr + ny * ny).sqrt().max(1e-6);
        for i in 0..=LATHE_SEGMENTS {
            let a = i as f32 / LATHE_SEGMENTS as f32 * std::f32::consts::TAU;
            let (sin, cos) = a.sin_cos();
            positions.push([r * cos, y, r * sin]);
            normals.push([nr / len * cos, ny / len, nr / len * sin]);
            uvs.push([
                i as f32 / LATHE_SEGMENTS as f32,
                j as f32 / rings.max(1) as f32,
            ]);
        }
    }
    let width = (LATHE_SEGMENTS + 1) as u32;
    for j in 0..rings.saturating_sub(1) as u32 {
        for i in 0..LATHE_SEGMENTS as u32 {
            let a = j * width + i;
            let b = a + width;
            // Counter-clockwise seen from outside, as Bevy culls back faces.
            indices.extend_from_slice(&[a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// The model that shows a piece of this variant, as the rules name it (an
/// unknown man gets a model of its own, drawn as none).
pub fn model_name(variant: Variant, piece: &Piece) -> &'static str {
    man_info(variant, piece.letter, piece.state).map_or("unknown", |info| info.model)
}
