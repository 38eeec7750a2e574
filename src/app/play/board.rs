//! One `Cell` entity per playable place of every board of the match, placed
//! in the world from the layout's 2D coordinates.

use bevy::prelude::*;

use crate::app::play::game::{GameStarted, GameSystems, Match};
use crate::rules::view::{BoardLayout, CellId};

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub id: CellId,
    pub board: u8,
}

/// The Cell entity of each cell id, and where boards sit in the world.
#[derive(Resource, Default, Debug)]
pub struct CellIndex {
    pub entities: Vec<Entity>,
    /// World position of each cell's centre on the board surface.
    pub places: Vec<Vec3>,
    /// Half extents of everything the boards cover, for the camera and table.
    pub half_extent: Vec2,
}

impl CellIndex {
    pub fn place(&self, cell: CellId) -> Vec3 {
        self.places
            .get(cell as usize)
            .copied()
            .unwrap_or(Vec3::ZERO)
    }

    pub fn entity(&self, cell: CellId) -> Option<Entity> {
        self.entities.get(cell as usize).copied()
    }
}

/// The corners of the box around a layout's cells; None without cells.
fn bounds(layout: &BoardLayout) -> Option<(Vec2, Vec2)> {
    let mut places = layout.cells.iter().map(|c| Vec2::from(c.place));
    let first = places.next()?;
    Some(places.fold((first, first), |(min, max), p| (min.min(p), max.max(p))))
}

/// Layout units are one cell apart; the world uses the same unit, centred
/// on the middle of the cells. White sits at +z, so the layout's y (away
/// from White) becomes −z.
fn to_world(centre: Vec2, place: [f32; 2]) -> Vec3 {
    let p = Vec2::from(place) - centre;
    Vec3::new(p.x, 0.0, -p.y)
}

/// A point given in the layout's units (a cell's place, the end of an inked
/// line) in the world, on the board surface.
pub fn layout_to_world(layout: &BoardLayout, place: [f32; 2]) -> Vec3 {
    let centre = bounds(layout).map_or(Vec2::ZERO, |(min, max)| (min + max) / 2.0);
    to_world(centre, place)
}

/// Every cell's place in the world, and the half extents of the boards.
pub fn world_places(layout: &BoardLayout) -> (Vec<Vec3>, Vec2) {
    let Some((min, max)) = bounds(layout) else {
        return (Vec::new(), Vec2::ZERO);
    };
    let centre = (min + max) / 2.0;
    let places = layout
        .cells
        .iter()
        .map(|c| to_world(centre, c.place))
        .collect();
    (places, (max - min) / 2.0 + Vec2::splat(0.5))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CellIndex>()
        .add_systems(Update, spawn_cells.after(GameSystems));
}

pub fn spawn_cells(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    game: Option<Res<Match>>,
    old: Query<Entity, With<Cell>>,
    mut index: ResMut<CellIndex>,
) {
    if started.read().count() == 0 {
        return;
    }
    let Some(game) = game else { return };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let (places, half_extent) = world_places(&game.layout);
    let entities = game
        .layout
        .cells
        .iter()
        .enumerate()
        .map(|(id, cell)| {
            commands
                .spawn((
                    Name::new(format!("cell {}", cell.name)),
                    Cell {
                        id: id as CellId,
                        board: cell.board,
                    },
                    Transform::from_translation(places[id]),
                ))
                .id()
        })
        .collect();
    *index = CellIndex {
        entities,
        places,
        half_extent,
    };
}
