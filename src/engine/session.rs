//! The computer player for a game held as a [`Session`] (the app's view):
//! the position is rebuilt from its text for the variant's own type, so the
//! search runs at full speed, and the move comes back as notation.

use super::{Level, hint_limits, search};
use crate::rules::Position;
use crate::rules::session::Session;
use crate::rules::variant::VariantVisitor;

/// The move the computer plays at `level` in this game, in notation; None
/// when the side to move has no move.
pub fn computer_move(session: &dyn Session, level: Level, seed: u64) -> Option<String> {
    think(session, Some((level, seed)))
}

/// A suggestion for the person to move, in notation.
pub fn hint_move(session: &dyn Session) -> Option<String> {
    think(session, None)
}

fn think(session: &dyn Session, level: Option<(Level, u64)>) -> Option<String> {
    let visitor = Think {
        text: session.position_text(),
        history: session.earlier_hashes(),
        fifty_move_clock: session.fifty_move_clock(),
        level,
    };
    session.variant().visit(visitor).ok().flatten()
}

struct Think {
    text: String,
    history: Vec<u64>,
    fifty_move_clock: Option<u32>,
    level: Option<(Level, u64)>,
}

impl VariantVisitor for Think {
    type Output = Option<String>;

    fn visit<P: Position>(self, options: P::Options) -> Option<String> {
        let pos = P::from_text(&self.text, &options).ok()?;
        let limits = match self.level {
            Some((level, seed)) => level.limits(seed),
            None => hint_limits(),
        };
        let limits = limits.with_fifty_move_clock(self.fifty_move_clock);
        let best = search(&pos, &self.history, &limits)?.best;
        Some(pos.move_text(best))
    }
}
