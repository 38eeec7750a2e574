//! The set on the table: light and shadows, the table top, a wooden base
//! under each board, and the lines the game inks on its boards (its
//! registry entry's decor).

use bevy::prelude::*;

use super::board::{CellIndex, layout_to_world, spawn_cells};
use super::dressing::TILE_DEPTH;
use super::game::{GameStarted, Match};
use crate::rules::registry;
use crate::rules::view::{BoardLayout, CellShape, InkLine};

/// The table top, which the low render profile draws unlit.
#[derive(Component)]
pub struct Table;

/// Everything spawned for the current boards, replaced with them.
#[derive(Component)]
struct BoardDecor;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.10, 0.11, 0.13)))
        .add_systems(Startup, light_the_room)
        .add_systems(Update, build_board_decor.after(spawn_cells));
}

fn light_the_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Name::new("sun"),
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 7.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 320.0,
        ..default()
    });
    commands.spawn((
        Name::new("table"),
        Table,
        Mesh3d(meshes.add(Plane3d::default().mesh().size(60.0, 60.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.24, 0.15, 0.09),
            perceptual_roughness: 0.85,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.32, 0.0),
        Pickable::IGNORE,
    ));
}

fn build_board_decor(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    game: Option<Res<Match>>,
    index: Res<CellIndex>,
    old: Query<Entity, With<BoardDecor>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if started.read().count() == 0 {
        return;
    }
    let Some(game) = game else { return };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.52, 0.34, 0.19),
        perceptual_roughness: 0.6,
        ..default()
    });
    let ink_material = materials.add(StandardMaterial {
        base_color: Color::srgb(0.12, 0.08, 0.05),
        perceptual_roughness: 0.9,
        ..default()
    });
    let mut place =
        |commands: &mut Commands, mesh: Mesh, centre: Vec3, material: &Handle<StandardMaterial>| {
            commands.spawn((
                BoardDecor,
                Mesh3d(meshes.add(mesh)),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(centre),
                Pickable::IGNORE,
            ));
        };
    let decor = (registry::describe(game.session.variant().id).decor)();
    // A base under each board, a little wider than its cells.
    for board in 0..game.layout.boards.len() as u8 {
        let places: Vec<Vec3> = game
            .layout
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.board == board)
            .map(|(i, _)| index.place(i as u16))
            .collect();
        let Some(first) = places.first() else {
            continue;
        };
        let (min, max) = places
            .iter()
            .fold((*first, *first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
        let centre = Vec3::new(
            (min.x + max.x) / 2.0,
            -TILE_DEPTH - 0.12,
            (min.z + max.z) / 2.0,
        );
        let hexagonal = game.layout.cells.iter().all(|c| c.shape == CellShape::Hex);
        if hexagonal {
            // A hexagonal board on a hexagonal base, a vertex toward each player.
            let reach = places
                .iter()
                .map(|p| p.xz().distance(centre.xz()))
                .fold(0.0, f32::max);
            let prism = Mesh::from(Extrusion::new(RegularPolygon::new(reach + 1.0, 6), 0.24))
                .rotated_by(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2));
            place(&mut commands, prism, centre, &wood);
            continue;
        }
        let margin = decor.base_margin;
        let size = Vec3::new(max.x - min.x + margin, 0.24, max.z - min.z + margin);
        place(&mut commands, slab(size), centre, &wood);
    }
    for line in &decor.lines {
        let (mesh, centre) = ink(&game.layout, line);
        place(&mut commands, mesh, centre, &ink_material);
    }
}

/// Height of the ink: it stands just proud of the tiles (whose top is the
/// board surface) and below the top of a point cell's disc, which is 0.02
/// thick about the surface.
const INK_HEIGHT: f32 = 0.01;

/// A line as a thin slab in the world, and where its centre goes.
fn ink(layout: &BoardLayout, line: &InkLine) -> (Mesh, Vec3) {
    let from = layout_to_world(layout, line.from);
    let to = layout_to_world(layout, line.to);
    let along = to - from;
    let length = along.length() + line.width;
    let turn = Quat::from_rotation_y(-along.z.atan2(along.x));
    let mesh = slab(Vec3::new(length, INK_HEIGHT, line.width)).rotated_by(turn);
    let centre = (from + to) / 2.0 + Vec3::Y * (INK_HEIGHT / 2.0 - 0.001);
    (mesh, centre)
}

fn slab(size: Vec3) -> Mesh {
    Cuboid::from_size(size).into()
}
