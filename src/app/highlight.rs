//! Marks on the board: the selected piece, its targets (captures ringed in
//! red), the last move, and a King in check.

use bevy::prelude::*;

use super::board::CellIndex;
use super::game::Match;
use super::selection::Selection;

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
        ring: meshes.add(Annulus::new(0.33, 0.42).mesh().resolution(32)),
        pad: meshes.add(Cylinder::new(0.44, 0.008)),
        target: glow(&mut materials, [0.25, 0.85, 0.35, 0.85]),
        capture: glow(&mut materials, [0.95, 0.2, 0.15, 0.9]),
        selected: glow(&mut materials, [1.0, 0.85, 0.2, 0.9]),
        last: glow(&mut materials, [0.95, 0.75, 0.25, 0.35]),
        check: glow(&mut materials, [1.0, 0.1, 0.05, 0.6]),
    });
}

fn redraw_marks(
    mut commands: Commands,
    game: Option<Res<Match>>,
    selection: Res<Selection>,
    index: Res<CellIndex>,
    style: Option<Res<MarkStyle>>,
    marks: Query<Entity, With<Mark>>,
) {
    let (Some(game), Some(style)) = (game, style) else {
        return;
    };
    if !(game.is_changed() || selection.is_changed() || index.is_changed()) {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let flat_ring = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    let mut mark = |cell: u16,
                    mesh: &Handle<Mesh>,
                    material: &Handle<StandardMaterial>,
                    lift: f32,
                    rotation: Quat| {
        commands.spawn((
            Mark,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(index.place(cell) + Vec3::Y * lift).with_rotation(rotation),
            Pickable::IGNORE,
        ));
    };
    if let Some(last) = &game.last_move {
        mark(
            last.route.from,
            &style.pad,
            &style.last,
            0.006,
            Quat::IDENTITY,
        );
        mark(
            last.route.to,
            &style.pad,
            &style.last,
            0.006,
            Quat::IDENTITY,
        );
    }
    if game.session.in_check() {
        let side = game.session.side_to_move();
        for p in game.session.placements() {
            if p.side == Some(side) && matches!(p.letter, 'K' | 'G') {
                mark(p.cell, &style.pad, &style.check, 0.012, Quat::IDENTITY);
            }
        }
    }
    if let Some(from) = selection.from {
        mark(from, &style.ring, &style.selected, 0.02, flat_ring);
    }
    for target in &selection.targets {
        if target.capture {
            mark(target.cell, &style.ring, &style.capture, 0.02, flat_ring);
        } else {
            mark(target.cell, &style.dot, &style.target, 0.02, Quat::IDENTITY);
        }
    }
}
