//! The teams of a search of more than two players (BRS+ or paranoid): the
//! root side plays against a coalition of all the others, and scores are
//! from the point of view of the side to move's team. With two players in
//! the game every helper here leaves negamax as it is.

use super::score::MATE;
use super::searcher::Searcher;
use crate::rules::{Position, Side};

impl<P: Position> Searcher<'_, P> {
    /// Whether the side to move now is on the same team as `before` (always
    /// false with two sides: negamax).
    #[inline]
    pub(super) fn same_team(&self, before: Side, pos: &P) -> bool {
        self.team_root
            .is_some_and(|root| (before == root) == (pos.side_to_move() == root))
    }

    /// A score from the root side's point of view, turned to the point of
    /// view of the side to move's team.
    #[inline]
    pub(super) fn for_mover(&self, pos: &P, root_score: i32) -> i32 {
        match self.team_root {
            Some(root) if pos.side_to_move() != root => -root_score,
            _ => root_score,
        }
    }

    /// More than two players: the root side eliminated while the game goes
    /// on is its loss.
    #[inline]
    pub(super) fn root_out(&self, pos: &P, ply: usize) -> Option<i32> {
        let root = self.team_root?;
        (!pos.in_game(root)).then(|| self.for_mover(pos, -(MATE - ply as i32)))
    }
}
