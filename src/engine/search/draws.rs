//! The draws the search sees on its line: a repeated position, and the
//! fifty-move count run out.

use super::searcher::Searcher;
use crate::rules::Position;
use crate::rules::history::FIFTY_MOVES;

impl<P: Position> Searcher<'_, P> {
    /// Whether `hash` stands in the path since `floor` (the last move that
    /// reset the fifty-move count).
    #[inline]
    pub(super) fn repeats(&self, hash: u64, floor: usize) -> bool {
        self.path[floor.min(self.path.len())..].contains(&hash)
    }

    /// Whether the fifty-move count, when in force, has run out at a node
    /// `ply` plies from the root whose last reset left `floor` (0: no reset
    /// since the root) in the path.
    #[inline]
    pub(super) fn fifty_moves_run_out(&self, pos: &P, ply: usize, floor: usize) -> bool {
        let Some(at_root) = self.limits.fifty_move_clock else {
            return false;
        };
        let clock = if floor == 0 {
            at_root as usize + ply
        } else {
            self.path.len().saturating_sub(floor)
        };
        clock >= (FIFTY_MOVES * u32::from(pos.players_in_game())) as usize
    }
}
