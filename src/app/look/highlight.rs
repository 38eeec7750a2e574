//! Draws the marks planned in [`crate::app::play::marks`]: the selected piece, its
//! targets (a dot where it may move, a ring round what it may capture, both
//! green: red means forbidden or attacked), the last move, and a King in
//! check.

use bevy::prelude::*;

use crate::app::play::board::CellIndex;
use crate::app::play::marks::{MarkKind, MarkShape, Marks, RING_INNER, RING_WIDTH};

#[derive(Component)]
struct Mark;

#[derive(Resource)]
struct MarkStyle {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    pad: Handle<Mesh>,
    target: Handle<StandardMaterial>,
    capture: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    last: Handle<StandardMaterial>,
    check: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_mark_style)
        .add_systems(PostUpdate, redraw_marks.before(TransformSystems::Propagate));
}

fn glow(materials: &mut Assets<StandardMaterial>, rgba: [f32; 4]) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: Color::srgba(rgba[0], rgba[1], rgba[2], rgba[3]),
        emissive: LinearRgba::rgb(rgba[0], rgba[1], rgba[2]) * 0.6,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    })
}

fn make_mark_style(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(MarkStyle {
        dot: meshes.add(Cylinder::new(0.13, 0.01)),
        ring: meshes.add(
            Annulus::new(RING_INNER, RING_INNER + RING_WIDTH)
                .mesh()
                .resolution(32),
        ),
        pad: meshes.add(Cylinder::new(0.44, 0.008)),
        target: glow(&mut materials, [0.25, 0.85, 0.35, 0.85]),
        capture: glow(&mut materials, [0.25, 0.85, 0.35, 0.95]),
        selected: glow(&mut materials, [1.0, 0.85, 0.2, 0.9]),
        last: glow(&mut materials, [0.95, 0.75, 0.25, 0.35]),
        check: glow(&mut materials, [1.0, 0.1, 0.05, 0.6]),
    });
}

fn redraw_marks(
    mut commands: Commands,
    planned: Res<Marks>,
    index: Res<CellIndex>,
    style: Option<Res<MarkStyle>>,
    marks: Query<Entity, With<Mark>>,
) {
    let Some(style) = style else {
        return;
    };
    if !(planned.is_changed() || index.is_changed()) {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let flat_ring = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    for mark in &planned.0 {
        let (mesh, rotation) = match mark.shape {
            MarkShape::Dot => (&style.dot, Quat::IDENTITY),
            MarkShape::Ring => (&style.ring, flat_ring),
            MarkShape::Pad => (&style.pad, Quat::IDENTITY),
        };
        let material = match mark.kind {
            MarkKind::Selected => &style.selected,
            MarkKind::Target => &style.target,
            MarkKind::Capture => &style.capture,
            MarkKind::LastMove => &style.last,
            MarkKind::Check => &style.check,
        };
        commands.spawn((
            Mark,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(index.place(mark.cell) + Vec3::Y * mark.lift)
                .with_rotation(rotation),
            Pickable::IGNORE,
        ));
    }
}
