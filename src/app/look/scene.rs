//! The set: a studio room with a graded backdrop and a dark floor, a wooden
//! table under soft light, a frame under each board in the board theme, a
//! soft shadow where each board stands, and the lines the
//! game inks on its boards (its registry entry's decor).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;

use crate::app::look::dressing::TILE_DEPTH;
use crate::app::look::textures::Textures;
use crate::app::look::themes::{Finish, frame_finish, ink_colour};
use crate::app::play::board::{CellIndex, layout_to_world, spawn_cells};
use crate::app::play::game::{GameStarted, Match};
use crate::app::play::settings::{BoardTheme, Settings};
use crate::app::profile::Quality;
use crate::rules::registry;
use crate::rules::view::{BoardLayout, CellShape, InkLine};

/// A large surface the low render profile draws unlit, in the colour it
/// shows when lit (`seen`, multiplied by its texture).
#[derive(Component)]
pub struct Table {
    pub seen: Color,
}

/// Everything spawned for the current boards, replaced with them.
#[derive(Component)]
struct BoardDecor;

/// The materials of the frames and of the inked lines.
type FrameLooks = (Handle<StandardMaterial>, Handle<StandardMaterial>);

/// A board's frame: restyled with the board theme.
#[derive(Component)]
struct BoardFrame;

/// A board's inked lines: restyled with the board theme.
#[derive(Component)]
struct BoardInk;

/// The table top's height (the boards' frames stand on it).
const TABLE_TOP: f32 = -0.32;
/// The table top's size, and how far below it the floor lies.
const TABLE_SIZE: Vec2 = Vec2::new(26.0, 18.0);
const TABLE_THICKNESS: f32 = 0.5;
const FLOOR_DROP: f32 = 7.0;
/// The room: a dome whose inside is graded from the floor to the ceiling.
const ROOM_RADIUS: f32 = 90.0;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.10, 0.09, 0.09)))
        .add_systems(Startup, (light_the_room, build_the_room))
        .add_systems(
            Update,
            (
                (build_board_decor, restyle_board_decor)
                    .chain()
                    .after(spawn_cells),
                dress_the_table,
            ),
        );
}

fn light_the_room(mut commands: Commands) {
    commands.spawn((
        Name::new("sun"),
        DirectionalLight {
            illuminance: 7_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 7.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 300.0,
        ..default()
    });
}

/// The table, the floor and the room's dome.
fn build_the_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    textures: Res<Textures>,
) {
    spawn_the_table(&mut commands, &mut meshes, &mut materials, &textures);
    let mut floor = Finish {
        rgb: [0.20, 0.15, 0.13],
        texture: crate::app::look::themes::Grain::Wood,
        roughness: 0.8,
        metallic: 0.0,
    }
    .material(&textures);
    floor.uv_transform = bevy::math::Affine2::from_scale_angle_translation(
        Vec2::new(40.0, 6.0),
        std::f32::consts::FRAC_PI_2,
        Vec2::ZERO,
    );
    commands.spawn((
        Name::new("floor"),
        Table {
            seen: Color::srgb(0.17, 0.13, 0.12),
        },
        Mesh3d(
            meshes.add(
                Plane3d::default()
                    .mesh()
                    .size(ROOM_RADIUS * 1.6, ROOM_RADIUS * 1.6),
            ),
        ),
        MeshMaterial3d(materials.add(floor)),
        Transform::from_xyz(0.0, TABLE_TOP - FLOOR_DROP, 0.0),
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("room"),
        Mesh3d(meshes.add(room_dome())),
        MeshMaterial3d(materials.add(StandardMaterial {
            unlit: true,
            // Only the far, inner side: seen from within, the dome's
            // outward faces turn away.
            cull_mode: Some(bevy::render::render_resource::Face::Front),
            fog_enabled: false,
            ..default()
        })),
        Transform::from_xyz(0.0, TABLE_TOP - FLOOR_DROP, 0.0),
        Pickable::IGNORE,
    ));
}

/// The table: a top in its pool of light and the body under it.
fn spawn_the_table(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    textures: &Textures,
) {
    let wood = |rgb: [f32; 3], roughness| Finish {
        rgb,
        texture: crate::app::look::themes::Grain::Wood,
        roughness,
        metallic: 0.0,
    };
    let mut table_top = wood([0.34, 0.20, 0.13], 0.55).material(textures);
    // The grain runs across the view, as planks laid along the table, wide
    // enough to be seen in a small picture without shadows (the CPU
    // renderer's profile) rather than blurred into one brown.
    table_top.uv_transform = bevy::math::Affine2::from_scale_angle_translation(
        Vec2::new(4.0, 1.0),
        std::f32::consts::FRAC_PI_2,
        Vec2::ZERO,
    );
    let table_top = materials.add(table_top);
    let seen = Color::srgb(0.31, 0.19, 0.13);
    commands.spawn((
        Name::new("table top"),
        Table { seen },
        Mesh3d(meshes.add(lamplit_table_top())),
        MeshMaterial3d(table_top.clone()),
        Transform::from_xyz(0.0, TABLE_TOP, 0.0),
        Pickable::IGNORE,
    ));
    // The body stands a hair below the top, so that the two never fight
    // over the same pixels.
    commands.spawn((
        Name::new("table"),
        Table { seen },
        Mesh3d(meshes.add(Cuboid::new(TABLE_SIZE.x, TABLE_THICKNESS, TABLE_SIZE.y))),
        MeshMaterial3d(table_top),
        Transform::from_xyz(0.0, TABLE_TOP - TABLE_THICKNESS / 2.0 - 0.002, 0.0),
        Pickable::IGNORE,
    ));
}

/// The table's top, lit as a lamp over the boards lights it: full light
/// in the middle, fading towards the edges. Drawn with vertex colours, so
/// the low render profile (unlit, no shadows) shows the same pool of light
/// at no cost a frame.
fn lamplit_table_top() -> Mesh {
    let mut mesh = Plane3d::default()
        .mesh()
        .size(TABLE_SIZE.x, TABLE_SIZE.y)
        .subdivisions(23)
        .build();
    let Some(VertexAttributeValues::Float32x3(positions)) =
        mesh.attribute(Mesh::ATTRIBUTE_POSITION)
    else {
        return mesh;
    };
    let colours: Vec<[f32; 4]> = positions
        .iter()
        .map(|&[x, _, z]| {
            // 0 at the centre, 1 at the middle of each edge.
            let reach = Vec2::new(x / (TABLE_SIZE.x / 2.0), z / (TABLE_SIZE.y / 2.0)).length();
            let light = 1.0 - 0.5 * smoothstep(0.2, 1.2, reach);
            [light, light, light, 1.0]
        })
        .collect();
    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
    mesh.asset_usage = RenderAssetUsages::RENDER_WORLD;
    mesh
}

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A dome seen from inside, coloured by height: the floor's dark at its
/// foot, a warm glow along the horizon, a deep slate overhead.
fn room_dome() -> Mesh {
    let mut dome = Sphere::new(ROOM_RADIUS).mesh().uv(48, 24);
    let colours: Vec<[f32; 4]> = match dome.attribute(Mesh::ATTRIBUTE_POSITION) {
        Some(VertexAttributeValues::Float32x3(points)) => points
            .iter()
            .map(|p| {
                let h = (p[1] / ROOM_RADIUS).clamp(-1.0, 1.0);
                let glow = (-(h - 0.12).powi(2) * 18.0).exp();
                let low = [0.05, 0.04, 0.04];
                let high = [0.10, 0.11, 0.15];
                let warm = [0.52, 0.40, 0.30];
                // Below the horizon the floor's dark; above, toward slate.
                let rise = h.max(0.0).sqrt();
                let mix = |i: usize| {
                    let sky = low[i] + (high[i] - low[i]) * rise;
                    let c = sky + (warm[i] - sky) * glow;
                    Color::srgb(c, c, c).to_linear().red
                };
                [mix(0), mix(1), mix(2), 1.0]
            })
            .collect(),
        _ => Vec::new(),
    };
    dome.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
    dome.asset_usage = RenderAssetUsages::RENDER_WORLD;
    dome
}

/// A new board theme (or render profile) restyles the frames and the
/// inked lines; the low profile draws the frames unlit.
fn restyle_board_decor(
    settings: Res<Settings>,
    quality: Option<Res<Quality>>,
    textures: Res<Textures>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut frames: Query<&mut MeshMaterial3d<StandardMaterial>, (With<BoardFrame>, Without<BoardInk>)>,
    mut inks: Query<&mut MeshMaterial3d<StandardMaterial>, (With<BoardInk>, Without<BoardFrame>)>,
    added: Query<(), Or<(Added<BoardFrame>, Added<BoardInk>)>>,
    mut shown: Local<Option<((BoardTheme, bool), FrameLooks)>>,
) {
    let look = (
        settings.board_theme,
        quality.is_some_and(|q| *q == Quality::Low),
    );
    let (theme, flat) = look;
    let fresh = shown.as_ref().is_none_or(|(t, _)| *t != look);
    if fresh {
        let finish = frame_finish(theme);
        let frame = materials.add(if flat {
            finish.flat_material(&textures)
        } else {
            finish.material(&textures)
        });
        let [r, g, b] = ink_colour(theme);
        let ink = materials.add(StandardMaterial {
            base_color: Color::srgb(r, g, b),
            perceptual_roughness: 0.6,
            ..default()
        });
        *shown = Some((look, (frame, ink)));
    } else if added.is_empty() {
        return;
    }
    let Some((_, (frame, ink))) = shown.as_ref() else {
        return;
    };
    for mut worn in &mut frames {
        if worn.0 != *frame {
            worn.0 = frame.clone();
        }
    }
    for mut worn in &mut inks {
        if worn.0 != *ink {
            worn.0 = ink.clone();
        }
    }
}

fn build_board_decor(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    game: Option<Res<Match>>,
    index: Res<CellIndex>,
    old: Query<Entity, With<BoardDecor>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    textures: Res<Textures>,
) {
    if started.read().count() == 0 {
        return;
    }
    let Some(game) = game else { return };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    // The board theme's materials come from `restyle_board_decor`.
    let unset = Handle::<StandardMaterial>::default();
    let shadow = materials.add(StandardMaterial {
        base_color: Color::srgba(0.0, 0.0, 0.0, 0.6),
        base_color_texture: Some(textures.shadow.clone()),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let quad = meshes.add(Plane3d::default().mesh().size(1.0, 1.0));
    let mut place = |commands: &mut Commands, mesh: Mesh, centre: Vec3, ink: bool| {
        let mut entity = commands.spawn((
            BoardDecor,
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(unset.clone()),
            Transform::from_translation(centre),
            Pickable::IGNORE,
        ));
        if ink {
            entity.insert(BoardInk);
        } else {
            entity.insert(BoardFrame);
        }
    };
    let lay_shadow = |commands: &mut Commands, centre: Vec3, size: Vec2| {
        commands.spawn((
            BoardDecor,
            Mesh3d(quad.clone()),
            MeshMaterial3d(shadow.clone()),
            Transform::from_xyz(centre.x, TABLE_TOP + 0.005, centre.z)
                .with_scale(Vec3::new(size.x, 1.0, size.y)),
            Pickable::IGNORE,
        ));
    };
    let decor = (registry::describe(game.session.variant().id).decor)();
    // A base under each board, a little wider than its cells.
    for board in 0..game.layout.boards.len() as u8 {
        if let Some((base, centre, shadow)) =
            board_base(&game.layout, &index, board, decor.base_margin)
        {
            place(&mut commands, base, centre, false);
            lay_shadow(&mut commands, centre, shadow);
        }
    }
    for line in &decor.lines {
        let (mesh, centre) = ink(&game.layout, line);
        place(&mut commands, mesh, centre, true);
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

/// The base under one board, a little wider than its cells: its mesh, its
/// centre and the size of the shadow it casts on the table. A hexagonal
/// board stands on a hexagonal base, a vertex toward each player.
fn board_base(
    layout: &BoardLayout,
    index: &CellIndex,
    board: u8,
    margin: f32,
) -> Option<(Mesh, Vec3, Vec2)> {
    let places: Vec<Vec3> = layout
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.board == board)
        .map(|(i, _)| index.place(i as u16))
        .collect();
    let first = places.first()?;
    let (min, max) = places
        .iter()
        .fold((*first, *first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let centre = Vec3::new(
        (min.x + max.x) / 2.0,
        -TILE_DEPTH - 0.12,
        (min.z + max.z) / 2.0,
    );
    if layout.cells.iter().all(|c| c.shape == CellShape::Hex) {
        let reach = places
            .iter()
            .map(|p| p.xz().distance(centre.xz()))
            .fold(0.0, f32::max);
        let prism = Mesh::from(Extrusion::new(RegularPolygon::new(reach + 1.0, 6), 0.24))
            .rotated_by(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2));
        return Some((prism, centre, Vec2::splat((reach + 1.0) * 2.9)));
    }
    let size = Vec3::new(max.x - min.x + margin, 0.24, max.z - min.z + margin);
    Some((slab(size), centre, size.xz() * 1.45 + Vec2::splat(1.0)))
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
