//! A three-player elimination shown: the army that leaves the board sinks
//! away slowly once the move that caused it has landed
//! ([`crate::app::play::pieces`] times its ghosts with
//! [`crate::app::play::pieces::ELIMINATION_SECONDS`]), and the cells it left stay marked (see
//! [`crate::app::play::hints`]) until the next move, so that the caption that
//! explains it has something to point at.

use bevy::prelude::*;

use crate::app::play::game::{GameStarted, GameSystems, Match, MoveApplied, PositionChanged};
use crate::rules::Side;
use crate::rules::view::{CellId, eliminated_sides};

/// The cells an eliminated army left, and whose army it was.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Vacated {
    pub cells: Vec<CellId>,
    pub sides: Vec<Side>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Vacated>()
        .add_systems(Update, show_eliminations.after(GameSystems));
}

/// Notes the players a move eliminated and the cells their armies left
/// (the pieces' animation reads them in the same frame); any other move, a
/// new game or a jump in the game's history clears them.
pub fn show_eliminations(
    mut applied: MessageReader<MoveApplied>,
    mut started: MessageReader<GameStarted>,
    mut changed: MessageReader<PositionChanged>,
    game: Option<Res<Match>>,
    mut vacated: ResMut<Vacated>,
) {
    let jumped = started.read().count() + changed.read().count() > 0;
    let last = applied.read().last();
    if jumped && last.is_none() {
        clear(&mut vacated);
        return;
    }
    let (Some(last), Some(game)) = (last, game) else {
        return;
    };
    let sides = eliminated_sides(&last.before, &game.session.placements());
    if sides.is_empty() {
        clear(&mut vacated);
        return;
    }
    let mut cells: Vec<CellId> = last
        .before
        .iter()
        .filter(|p| p.side.is_some_and(|s| sides.contains(&s)))
        .map(|p| p.cell)
        .collect();
    cells.sort();
    cells.dedup();
    *vacated = Vacated { cells, sides };
}

fn clear(vacated: &mut Vacated) {
    if !vacated.cells.is_empty() {
        *vacated = Vacated::default();
    }
}
