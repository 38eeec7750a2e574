//! Gives Cell, Piece and ghost entities their meshes and materials: boards
//! and men in the themes the settings name, restyled live when they change,
//! each man on a soft round shadow.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::app::look::meshes::{PieceMeshes, man_extent, model_name};
use crate::app::look::textures::{self, Textures};
use crate::app::look::themes::{ManKind, cell_finish, man_finish};
use crate::app::play::board::{Cell, spawn_cells};
use crate::app::play::game::Match;
use crate::app::play::pieces::{Ghost, Piece, PieceSystems};
use crate::app::play::settings::{BoardTheme, PieceTheme, Settings};
use crate::app::profile::Quality;
use crate::rules::Side;
use crate::rules::view::{CellShape, ManState};

/// Meshes and materials shared by every cell and piece, made as first
/// needed for each theme.
#[derive(Resource)]
pub struct Palette {
    point: Handle<Mesh>,
    square: Handle<Mesh>,
    hex: Handle<Mesh>,
    /// A unit square lying flat, for the shadows under the men.
    shadow_quad: Handle<Mesh>,
    shadow: Handle<StandardMaterial>,
    /// Board materials by (theme, drawn flat, board index, colour index,
    /// colour count).
    cells: HashMap<CellKey, Handle<StandardMaterial>>,
    men: HashMap<(PieceTheme, ManKind), Handle<StandardMaterial>>,
}

impl Palette {
    pub fn cell(
        &mut self,
        materials: &mut Assets<StandardMaterial>,
        textures: &Textures,
        key: CellKey,
    ) -> Handle<StandardMaterial> {
        self.cells
            .entry(key)
            .or_insert_with(|| {
                let (theme, flat, board, colour, colours) = key;
                let finish = cell_finish(theme, board, colour, colours);
                materials.add(if flat {
                    finish.flat_material(textures)
                } else {
                    finish.material(textures)
                })
            })
            .clone()
    }

    fn man(
        &mut self,
        materials: &mut Assets<StandardMaterial>,
        textures: &Textures,
        key: (PieceTheme, ManKind),
    ) -> Handle<StandardMaterial> {
        self.men
            .entry(key)
            .or_insert_with(|| materials.add(man_finish(key.0, key.1).material(textures)))
            .clone()
    }
}

/// A cell material's key: theme, drawn flat (the low render profile),
/// board index, colour index and colour count.
type CellKey = (BoardTheme, bool, u8, u8, u8);

/// Whether the boards are drawn flat: in the low render profile.
fn flat(quality: Option<Res<Quality>>) -> bool {
    quality.is_some_and(|q| *q == Quality::Low)
}

/// The soft round shadow under a man: drawn in the medium and high render
/// profiles (the low one keeps a CPU renderer's frames cheap).
#[derive(Component)]
struct ManShadow;

/// What a man's body wears: restyled when the piece theme changes.
#[derive(Component, Clone, Copy, Debug)]
struct ManBody(ManKind);

/// The key of a cell's material in the current theme.
#[derive(Component, Clone, Copy, Debug)]
struct CellLook {
    board: u8,
    colour: u8,
    colours: u8,
}

/// Height of a square or hex tile; its top is the board surface (y = 0).
pub const TILE_DEPTH: f32 = 0.06;
/// A hex whose neighbours' centres are 1 apart has this circumradius.
pub const HEX_RADIUS: f32 = 0.577_350_3;
/// A man's shadow reaches this far beyond his base.
const SHADOW_SPREAD: f32 = 1.45;
/// The shadow lies just above the board (and above a point cell's disc).
const SHADOW_LIFT: f32 = 0.013;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(textures::plugin)
        .add_systems(Startup, make_palette)
        // In the frame the entities appear: a cell or man dressed a frame
        // later is missing from the picture for one frame.
        .add_systems(
            Update,
            (
                (dress_cells, restyle_cells).chain().after(spawn_cells),
                (dress_pieces, restyle_men, show_man_shadows)
                    .chain()
                    .after(PieceSystems),
            ),
        );
}

fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    textures: Res<Textures>,
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
    let shadow = materials.add(StandardMaterial {
        base_color: Color::srgba(0.0, 0.0, 0.0, 0.55),
        base_color_texture: Some(textures.shadow.clone()),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    commands.insert_resource(Palette {
        point: meshes.add(Cylinder::new(0.16, 0.02).mesh().resolution(24)),
        square: meshes.add(Mesh::from(Cuboid::new(0.98, TILE_DEPTH, 0.98)).transformed_by(down)),
        hex: meshes.add(hex),
        shadow_quad: meshes.add(Plane3d::default().mesh().size(1.0, 1.0)),
        shadow,
        cells: HashMap::new(),
        men: HashMap::new(),
    });
}

fn dress_cells(
    mut commands: Commands,
    cells: Query<(Entity, &Cell), Added<Cell>>,
    game: Option<Res<Match>>,
    palette: Option<ResMut<Palette>>,
    settings: Res<Settings>,
    quality: Option<Res<Quality>>,
    textures: Res<Textures>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Some(game), Some(mut palette)) = (game, palette) else {
        return;
    };
    let flat = flat(quality);
    for (entity, cell) in &cells {
        let Some(info) = game.layout.cells.get(cell.id as usize) else {
            continue;
        };
        let colours = game
            .layout
            .boards
            .get(info.board as usize)
            .map_or(2, |b| b.colours);
        let look = CellLook {
            board: info.board,
            colour: info.colour,
            colours,
        };
        let key = (
            settings.board_theme,
            flat,
            look.board,
            look.colour,
            look.colours,
        );
        let material = palette.cell(&mut materials, &textures, key);
        let mesh = match info.shape {
            CellShape::Point => palette.point.clone(),
            CellShape::Square => palette.square.clone(),
            CellShape::Hex => palette.hex.clone(),
        };
        commands
            .entity(entity)
            .insert((Mesh3d(mesh), MeshMaterial3d(material), look));
    }
}

/// A new board theme (or render profile) restyles every cell at once.
fn restyle_cells(
    settings: Res<Settings>,
    quality: Option<Res<Quality>>,
    palette: Option<ResMut<Palette>>,
    textures: Res<Textures>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cells: Query<(&CellLook, &mut MeshMaterial3d<StandardMaterial>)>,
    mut shown: Local<Option<(BoardTheme, bool)>>,
) {
    let Some(mut palette) = palette else { return };
    let (theme, flat) = (settings.board_theme, flat(quality));
    if *shown == Some((theme, flat)) {
        return;
    }
    *shown = Some((theme, flat));
    for (look, mut worn) in &mut cells {
        let key = (theme, flat, look.board, look.colour, look.colours);
        let wanted = palette.cell(&mut materials, &textures, key);
        if worn.0 != wanted {
            worn.0 = wanted;
        }
    }
}

/// A new piece theme restyles every man at once.
fn restyle_men(
    settings: Res<Settings>,
    palette: Option<ResMut<Palette>>,
    textures: Res<Textures>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut bodies: Query<(&ManBody, &mut MeshMaterial3d<StandardMaterial>)>,
    mut shown: Local<Option<PieceTheme>>,
) {
    let Some(mut palette) = palette else { return };
    let theme = settings.piece_theme;
    if *shown == Some(theme) {
        return;
    }
    *shown = Some(theme);
    for (body, mut worn) in &mut bodies {
        let wanted = palette.man(&mut materials, &textures, (theme, body.0));
        if worn.0 != wanted {
            worn.0 = wanted;
        }
    }
}

/// The men's shadows come and go with the render profile.
fn show_man_shadows(
    quality: Option<Res<Quality>>,
    mut shadows: Query<&mut Visibility, With<ManShadow>>,
) {
    let Some(quality) = quality else { return };
    if !quality.is_changed() {
        return;
    }
    let wanted = if *quality == Quality::Low {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut shown in &mut shadows {
        if *shown != wanted {
            *shown = wanted;
        }
    }
}

fn dress_pieces(
    mut commands: Commands,
    pieces: Query<(Entity, Option<&Piece>, Option<&Ghost>), Or<(Added<Piece>, Added<Ghost>)>>,
    game: Option<Res<Match>>,
    palette: Option<ResMut<Palette>>,
    models: Res<PieceMeshes>,
    settings: Res<Settings>,
    quality: Option<Res<Quality>>,
    textures: Res<Textures>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Some(game), Some(mut palette)) = (game, palette) else {
        return;
    };
    let flat_board = flat(quality);
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
        let kind = match (piece.side, piece.state) {
            (None, _) => ManKind::Unowned,
            (_, ManState::Prisoner) => ManKind::Prisoner(side),
            (_, ManState::KnightMode | ManState::KingMode) => ManKind::Modal(side),
            _ => ManKind::Side(side),
        };
        let material = palette.man(&mut materials, &textures, (settings.piece_theme, kind));
        let spread = man_extent(variant, &piece).radius * 2.0 * SHADOW_SPREAD;
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
                    ManBody(kind),
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material),
                    Transform::from_rotation(facing),
                ));
                parent.spawn((
                    ManShadow,
                    if flat_board {
                        Visibility::Hidden
                    } else {
                        Visibility::Inherited
                    },
                    Mesh3d(palette.shadow_quad.clone()),
                    MeshMaterial3d(palette.shadow.clone()),
                    Transform::from_xyz(0.0, SHADOW_LIFT, 0.0).with_scale(Vec3::splat(spread)),
                    Pickable::IGNORE,
                ));
            });
    }
}
