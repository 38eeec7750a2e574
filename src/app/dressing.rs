//! Gives Cell, Piece and ghost entities their meshes and materials: a set of
//! wooden boards and turned pieces, ivory against ebony.

use std::collections::HashMap;

use bevy::prelude::*;

use super::board::{Cell, spawn_cells};
use super::game::Match;
use super::meshes::{PieceMeshes, model_name};
use super::pieces::{Ghost, Piece, PieceSystems};
use crate::rules::Side;
use crate::rules::view::{CellShape, ManState};

/// Meshes and materials shared by every cell and piece.
#[derive(Resource)]
pub struct Palette {
    point: Handle<Mesh>,
    square: Handle<Mesh>,
    hex: Handle<Mesh>,
    /// Board materials by (board index, colour index, colour count).
    cells: HashMap<(u8, u8, u8), Handle<StandardMaterial>>,
    sides: [Handle<StandardMaterial>; 3],
    prisoners: [Handle<StandardMaterial>; 3],
    /// Men with a mode (the view's knight and king modes), by side.
    modal: [Handle<StandardMaterial>; 3],
    /// Men that belong to nobody.
    unowned: Handle<StandardMaterial>,
}

/// Height of a square or hex tile; its top is the board surface (y = 0).
pub const TILE_DEPTH: f32 = 0.06;
/// A hex whose neighbours' centres are 1 apart has this circumradius.
pub const HEX_RADIUS: f32 = 0.577_350_3;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_palette)
        // In the frame the entities appear: a cell or man dressed a frame
        // later is missing from the picture for one frame.
        .add_systems(
            Update,
            (
                dress_cells.after(spawn_cells),
                dress_pieces.after(PieceSystems),
            ),
        );
}

fn material(
    materials: &mut Assets<StandardMaterial>,
    rgb: [f32; 3],
    roughness: f32,
    metallic: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: Color::srgb(rgb[0], rgb[1], rgb[2]),
        perceptual_roughness: roughness,
        metallic,
        ..default()
    })
}

/// The colours of the boards: chequers, Tapestry's four colours, the hex
/// board's three, the Loom's parchment and Flaxman's points.
fn cell_colour(board: u8, colour: u8, colours: u8) -> [f32; 3] {
    match (board, colours) {
        (1, _) => [0.86, 0.80, 0.66],
        (_, 1) => [0.22, 0.14, 0.08],
        (_, 2) => [[0.87, 0.78, 0.60], [0.46, 0.30, 0.18]][colour as usize % 2],
        (_, 3) => [[0.90, 0.82, 0.64], [0.70, 0.54, 0.36], [0.44, 0.30, 0.18]][colour as usize % 3],
        _ => [
            [0.78, 0.34, 0.28],
            [0.30, 0.45, 0.72],
            [0.36, 0.60, 0.38],
            [0.86, 0.72, 0.34],
        ][colour as usize % 4],
    }
}

fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let down = Transform::from_xyz(0.0, -TILE_DEPTH / 2.0, 0.0);
    let flat_hex = Transform::from_rotation(
        Quat::from_rotation_y(std::f32::consts::FRAC_PI_6)
            * Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2),
    );
    let hex = Mesh::from(Extrusion::new(
        RegularPolygon::new(HEX_RADIUS * 0.96, 6),
        TILE_DEPTH,
    ))
    .transformed_by(flat_hex)
    .transformed_by(down);
    let mut side = |rgb, roughness, metallic| material(&mut materials, rgb, roughness, metallic);
    let sides = [
        side([0.93, 0.88, 0.78], 0.32, 0.0),
        side([0.09, 0.07, 0.07], 0.28, 0.0),
        side([0.62, 0.10, 0.08], 0.30, 0.0),
    ];
    let prisoners = [
        side([0.62, 0.58, 0.50], 0.7, 0.0),
        side([0.22, 0.19, 0.18], 0.7, 0.0),
        side([0.38, 0.10, 0.08], 0.7, 0.0),
    ];
    let modal = [
        side([0.72, 0.86, 0.95], 0.25, 0.3),
        side([0.22, 0.14, 0.42], 0.25, 0.3),
        side([0.70, 0.30, 0.20], 0.25, 0.3),
    ];
    let unowned = side([0.82, 0.62, 0.26], 0.3, 0.85);
    commands.insert_resource(Palette {
        point: meshes.add(Cylinder::new(0.16, 0.02).mesh().resolution(24)),
        square: meshes.add(Mesh::from(Cuboid::new(0.98, TILE_DEPTH, 0.98)).transformed_by(down)),
        hex: meshes.add(hex),
        cells: HashMap::new(),
        sides,
        prisoners,
        modal,
        unowned,
    });
}

fn dress_cells(
    mut commands: Commands,
    cells: Query<(Entity, &Cell), Added<Cell>>,
    game: Option<Res<Match>>,
    palette: Option<ResMut<Palette>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Some(game), Some(mut palette)) = (game, palette) else {
        return;
    };
    for (entity, cell) in &cells {
        let Some(info) = game.layout.cells.get(cell.id as usize) else {
            continue;
        };
        let colours = game
            .layout
            .boards
            .get(info.board as usize)
            .map_or(2, |b| b.colours);
        let key = (info.board, info.colour, colours);
        let material = palette
            .cells
            .entry(key)
            .or_insert_with(|| {
                let rgb = cell_colour(info.board, info.colour, colours);
                material(&mut materials, rgb, 0.75, 0.0)
            })
            .clone();
        let mesh = match info.shape {
            CellShape::Point => palette.point.clone(),
            CellShape::Square => palette.square.clone(),
            CellShape::Hex => palette.hex.clone(),
        };
        commands
            .entity(entity)
            .insert((Mesh3d(mesh), MeshMaterial3d(material)));
    }
}

fn dress_pieces(
    mut commands: Commands,
    pieces: Query<(Entity, Option<&Piece>, Option<&Ghost>), Or<(Added<Piece>, Added<Ghost>)>>,
    game: Option<Res<Match>>,
    palette: Option<Res<Palette>>,
    models: Res<PieceMeshes>,
) {
    let (Some(game), Some(palette)) = (game, palette) else {
        return;
    };
    let variant = game.session.variant();
    let three_players = game.session.side_count() == 3;
    for (entity, piece, ghost) in &pieces {
        let Some(piece) = piece.copied().or(ghost.map(|g| g.0)) else {
            continue;
        };
        let Some(mesh) = models.0.get(model_name(variant, &piece)) else {
            continue;
        };
        let side = piece.side.map_or(0, Side::index).min(2);
        let material = match (piece.side, piece.state) {
            (None, _) => palette.unowned.clone(),
            (_, ManState::Prisoner) => palette.prisoners[side].clone(),
            (_, ManState::KnightMode | ManState::KingMode) => palette.modal[side].clone(),
            _ => palette.sides[side].clone(),
        };
        // Each army faces its own forward, an angle on the board (from the
        // layout's +x, anticlockwise): two-player White up the board and
        // Black down; three-player Red up, White and Black turned 120° and
        // 240° from it. A model faces +z (the layout's −y, 270°) unturned.
        let forward: f32 = match (piece.side, three_players) {
            (Some(Side::WHITE), false) | (Some(Side(2)), true) => 90.0,
            (Some(Side::WHITE), true) => 210.0,
            (Some(Side::BLACK), true) => 330.0,
            _ => 270.0,
        };
        let facing = Quat::from_rotation_y((forward + 90.0).to_radians());
        commands
            .entity(entity)
            .insert(Visibility::default())
            .with_children(|parent| {
                parent.spawn((
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material),
                    Transform::from_rotation(facing),
                ));
            });
    }
}
