//! The computer player for a game held as a [`Session`] (the app's view):
//! the position is rebuilt from its text for the variant's own type, so the
//! search runs at full speed, and the move comes back as notation.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::levels::Level;
use super::search::{SearchLimits, mate_in};
use super::think::{hint_limits, search, search_with_progress, spare_threads};
use crate::rules::dispatch::VariantVisitor;
use crate::rules::session::Session;
use crate::rules::{Position, Side};

/// The move the computer plays at `level` in this game, in notation; None
/// when the side to move has no move.
pub fn computer_move(session: &dyn Session, level: Level, seed: u64) -> Option<String> {
    think(session, Some((level, seed)), true)
}

/// The computer's move as [`computer_move`] finds it, but without the
/// level's time cap: the same move from the same seed however busy the
/// machine is (a recording's games replay exactly).
pub fn replayable_move(session: &dyn Session, level: Level, seed: u64) -> Option<String> {
    think(session, Some((level, seed)), false)
}

/// A suggestion for the person to move, in notation.
pub fn hint_move(session: &dyn Session) -> Option<String> {
    think(session, None, true)
}

fn think(session: &dyn Session, level: Option<(Level, u64)>, time_cap: bool) -> Option<String> {
    let visitor = Think {
        text: session.position_text(),
        history: session.earlier_hashes(),
        fifty_move_clock: session.fifty_move_clock(),
        level,
        time_cap,
    };
    session.variant().visit(visitor).ok().flatten()
}

struct Think {
    text: String,
    history: Vec<u64>,
    fifty_move_clock: Option<u32>,
    level: Option<(Level, u64)>,
    /// Whether the level's wall-clock cap applies.
    time_cap: bool,
}

impl VariantVisitor for Think {
    type Output = Option<String>;

    fn visit<P: Position>(self, options: P::Options) -> Option<String> {
        let pos = P::from_text(&self.text, &options).ok()?;
        let limits = match self.level {
            Some((level, seed)) => level.limits(seed),
            None => hint_limits(),
        };
        // A hint takes all cores but one; the computer's own moves keep one
        // thread, so that a game replays the same from its seeds.
        let threads = if self.level.is_some() {
            1
        } else {
            spare_threads()
        };
        let limits = SearchLimits {
            threads,
            time: limits.time.filter(|_| self.time_cap),
            ..limits.with_fifty_move_clock(self.fifty_move_clock)
        };
        let best = search(&pos, &self.history, &limits)?.best;
        Some(pos.move_text(best))
    }
}

/// One finished iteration of an analysis, in the window's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side whose point of view `score` takes: the side to move.
    pub side: Side,
    /// In evaluation units (about a hundred to a pawn-like man), from the
    /// side to move's point of view; with three players its standing against
    /// the other two together.
    pub score: i32,
    /// Plies to mate when the score is a mate: positive when the side to
    /// move mates.
    pub mate: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    /// The best line in notation, starting with the best move.
    pub line: Vec<String>,
}

/// The deepest an analysis goes (it stops sooner when told to).
pub const ANALYSIS_DEPTH: u32 = 40;

/// Analyses the game's position until `stop` is set or [`ANALYSIS_DEPTH`] is
/// reached, on all cores but one, telling `report` each iteration. Returns
/// the last analysis; None when the side to move has no move.
pub fn analyse(
    session: &dyn Session,
    stop: Arc<AtomicBool>,
    report: impl FnMut(Analysis),
) -> Option<Analysis> {
    let visitor = Analyse {
        text: session.position_text(),
        history: session.earlier_hashes(),
        fifty_move_clock: session.fifty_move_clock(),
        stop,
        report,
    };
    session.variant().visit(visitor).ok().flatten()
}

struct Analyse<F> {
    text: String,
    history: Vec<u64>,
    fifty_move_clock: Option<u32>,
    stop: Arc<AtomicBool>,
    report: F,
}

impl<F: FnMut(Analysis)> VariantVisitor for Analyse<F> {
    type Output = Option<Analysis>;

    fn visit<P: Position>(mut self, options: P::Options) -> Option<Analysis> {
        let pos = P::from_text(&self.text, &options).ok()?;
        let limits = SearchLimits {
            depth: Some(ANALYSIS_DEPTH),
            stop: Some(self.stop.clone()),
            tt_megabytes: 64,
            threads: spare_threads(),
            fifty_move_clock: self.fifty_move_clock,
            ..SearchLimits::default()
        };
        let result = search_with_progress(&pos, &self.history, &limits, |r| {
            (self.report)(analysis(&pos, r.score, r.depth, r.nodes, &r.pv));
        })?;
        Some(analysis(
            &pos,
            result.score,
            result.depth,
            result.nodes,
            &result.pv,
        ))
    }
}

/// A search's result with its line in notation (played out move by move).
fn analysis<P: Position>(pos: &P, score: i32, depth: u32, nodes: u64, pv: &[P::Move]) -> Analysis {
    let mut line = Vec::with_capacity(pv.len());
    let mut at = pos.clone();
    for &mv in pv {
        line.push(at.move_text(mv));
        at.play(mv);
    }
    Analysis {
        side: pos.side_to_move(),
        score,
        mate: mate_in(score),
        depth,
        nodes,
        line,
    }
}
