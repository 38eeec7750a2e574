//! Where the marks on the board go: the selected man, its targets (captures
//! ringed), the last move and a King in check. Every mark lies on top of
//! whatever flat man covers its cell (a Chakra chakra) and rings whatever
//! tall man stands there (a piece, a Fate), so that nothing standing on a
//! cell hides its mark. Planning needs no window, so it runs in the core and
//! the ECS tests see it; [`crate::app::look::highlight`] draws.

use bevy::prelude::*;

use crate::app::look::meshes::man_extent;
use crate::app::play::game::{GameSystems, Match};
use crate::app::play::hints::{CheckShown, decide_check_shown};
use crate::app::play::pieces::Piece;
use crate::app::play::selection::Selection;
use crate::rules::glossary::man_info;
use crate::rules::view::CellId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Selected,
    Target,
    Capture,
    LastMove,
    Check,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkShape {
    /// A small disc in the middle of an empty cell.
    Dot,
    /// A ring wider than any man, around what stands on the cell.
    Ring,
    /// A wide flat tint under everything on the cell.
    Pad,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub cell: CellId,
    pub kind: MarkKind,
    pub shape: MarkShape,
    /// Height of the mark above the board surface.
    pub lift: f32,
}

/// The marks in force, recomputed when the game or the selection change.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Marks(pub Vec<Mark>);

/// Inner radius of a ring mark: wider than every man's model.
pub const RING_INNER: f32 = crate::app::look::meshes::MAX_RADIUS + 0.01;
/// A ring's width: inner and width together stay inside a cell, whose
/// nearest neighbour's edge is half a unit away.
pub const RING_WIDTH: f32 = 0.07;
/// A man lower than this is flat: others stand on it, marks lie on it.
const FLAT: f32 = 0.15;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Marks>().add_systems(
        Update,
        plan_marks
            .after(GameSystems)
            .after(decide_check_shown)
            .after(crate::app::play::selection::clear_on_change),
    );
}

/// What covers a cell: the height of the top of its flat men (0 for bare
/// board), and whether a tall man stands there.
fn cover(game: &Match, cell: CellId) -> (f32, bool) {
    let variant = game.session.variant();
    let mut floor: f32 = 0.0;
    let mut tall = false;
    for p in game.session.placements().iter().filter(|p| p.cell == cell) {
        let man = Piece::of(p);
        let extent = man_extent(variant, &man);
        if extent.height < FLAT {
            floor = floor.max(man.height_above_board() + extent.height);
        } else {
            tall = true;
        }
    }
    (floor, tall)
}

/// The marks of this frame; a King's check mark shows when the check line
/// does ([`CheckShown`]).
fn plan_marks(
    game: Option<Res<Match>>,
    selection: Res<Selection>,
    check_shown: Res<CheckShown>,
    mut marks: ResMut<Marks>,
) {
    let Some(game) = game else { return };
    if !(game.is_changed() || selection.is_changed() || check_shown.is_changed()) {
        return;
    }
    let planned = marks_for(&game, &selection, check_shown.0);
    if marks.0 != planned {
        marks.0 = planned;
    }
}

pub fn marks_for(game: &Match, selection: &Selection, check_shown: bool) -> Vec<Mark> {
    let mut marks = Vec::new();
    let mut mark = |cell: CellId, kind: MarkKind, shape: Option<MarkShape>, above: f32| {
        let (floor, tall) = cover(game, cell);
        let shape = shape.unwrap_or(if tall {
            MarkShape::Ring
        } else {
            MarkShape::Dot
        });
        marks.push(Mark {
            cell,
            kind,
            shape,
            lift: floor + above,
        });
    };
    if let Some(last) = &game.last_move {
        for cell in [last.route.from, last.route.to] {
            mark(cell, MarkKind::LastMove, Some(MarkShape::Pad), 0.006);
        }
    }
    if check_shown && game.session.in_check() {
        let side = game.session.side_to_move();
        let variant = game.session.variant();
        for p in game.session.placements() {
            let royal = man_info(variant, p.letter, p.state).is_some_and(|m| m.royal);
            if p.side == Some(side) && royal {
                mark(p.cell, MarkKind::Check, Some(MarkShape::Pad), 0.012);
            }
        }
    }
    if let Some(from) = selection.from {
        mark(from, MarkKind::Selected, Some(MarkShape::Ring), 0.02);
    }
    for target in &selection.targets {
        if target.capture {
            mark(target.cell, MarkKind::Capture, Some(MarkShape::Ring), 0.02);
        } else {
            mark(target.cell, MarkKind::Target, None, 0.02);
        }
    }
    marks
}
