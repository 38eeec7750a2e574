//! The time each move took: from the previous move (or the game's start, or
//! the last step in its history) to this one, in wall-clock milliseconds.
//! Saves keep them (`move_ms`), a loaded game goes on with its own, and
//! `record --real-time` replays a game at this pace.

use bevy::prelude::*;

use crate::app::play::clock::ClockSystems;
use crate::app::play::game::{GameStarted, GameSystems, Match, MoveApplied, PositionChanged};

/// The milliseconds each move of the current game took, by ply (the
/// moves, then those taken back); None where not known (a game loaded
/// without them).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct MoveTimes {
    pub ms: Vec<Option<u64>>,
    /// When the position last changed, in seconds of wall-clock time.
    since: f64,
}

/// The move times the next game to start comes with (a loaded game's);
/// taken when it starts.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct NextMoveTimes(pub Vec<Option<u64>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveTimes>()
        .init_resource::<NextMoveTimes>()
        .add_systems(
            Update,
            time_the_moves.in_set(ClockSystems).after(GameSystems),
        );
}

/// A new game takes the times it came with; each move played notes the
/// time since the position last changed; undo, redo and jumps restart the
/// count, keeping the times of the moves they pass.
fn time_the_moves(
    // Wall-clock time: the game's own time is capped per frame.
    time: Res<Time<Real>>,
    game: Option<Res<Match>>,
    mut started: MessageReader<GameStarted>,
    mut applied: MessageReader<MoveApplied>,
    mut changed: MessageReader<PositionChanged>,
    mut next: ResMut<NextMoveTimes>,
    mut times: ResMut<MoveTimes>,
) {
    let now = time.elapsed_secs_f64();
    if started.read().count() > 0 {
        times.ms = std::mem::take(&mut next.0);
        times.since = now;
    }
    if changed.read().count() > 0 {
        times.since = now;
    }
    let moves = applied.read().count();
    let Some(game) = game else { return };
    if moves == 0 {
        return;
    }
    // Several moves in one frame share its time: the first took it all.
    let ply = game.session.ply_count();
    let first = ply.saturating_sub(moves);
    let took = ((now - times.since).max(0.0) * 1000.0).round() as u64;
    times.ms.resize(first, None);
    times.ms.push(Some(took));
    times.ms.resize(ply, Some(0));
    times.since = now;
}
