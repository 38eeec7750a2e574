//! What a search is asked (its limits) and what it answers.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::engine::eval::WeightSet;

/// When to stop, and how the evaluation is perturbed.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest iteration (plies), if limited.
    pub depth: Option<u32>,
    /// Deepest iteration in a game of more than two players (after an
    /// elimination too), where it differs from [`Self::depth`] (a level's
    /// own cap for such games); None: [`Self::depth`].
    pub multi_depth: Option<u32>,
    /// Nodes (positions visited, quiescence included) at most.
    pub nodes: Option<u64>,
    /// Nodes at most in a game of more than two players (after an
    /// elimination too), where it differs from [`Self::nodes`] (a level's
    /// own budget for such games); None: [`Self::nodes`].
    pub multi_nodes: Option<u64>,
    /// Wall-clock time at most. The only limit that reads the clock.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search; it then returns the best
    /// move found so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// Amplitude of the evaluation noise in evaluation units (0: none). The
    /// noise is a fixed function of the position hash and [`Self::seed`], so
    /// it is consistent inside one search and reproducible.
    pub noise: i32,
    /// The noise in a game of more than two players (after an elimination
    /// too), where it differs from [`Self::noise`]; None: [`Self::noise`].
    pub multi_noise: Option<i32>,
    pub seed: u64,
    /// Transposition table size; 0 means 16 MB.
    pub tt_megabytes: usize,
    /// Search threads (Lazy SMP: they share the table); 0 and 1 mean one.
    /// More than one thread makes the result depend on timing.
    pub threads: usize,
    /// When the fifty-move rule is in force: the plies played at the root
    /// since the last move that reset the count. None: the rule is off.
    pub fifty_move_clock: Option<u32>,
    /// How a game of more than two players still in it is searched.
    pub multi: MultiSearch,
    /// Which of the game's evaluation weights the search uses.
    pub weights: WeightSet,
    /// Whether a search of more than two players prunes near the horizon.
    pub pruning: Pruning,
}

/// Whether a search of more than two players prunes near the horizon
/// (futility, late-move pruning and deeper reductions: see `prune`). A
/// two-player search never does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pruning {
    #[default]
    On,
    Off,
}

impl Pruning {
    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            Pruning::On => "on",
            Pruning::Off => "off",
        }
    }
}

impl std::fmt::Display for Pruning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Pruning {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        [Pruning::On, Pruning::Off]
            .into_iter()
            .find(|p| p.name() == text)
            .ok_or_else(|| format!("prune must be 'on' or 'off', not '{text}'"))
    }
}

/// The search of a game with more than two players still in it. With two
/// left every choice is the plain two-player search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MultiSearch {
    /// Best-Reply Search plus: between two moves of the root side only
    /// the opponent with the best reply searches its moves; the others
    /// play their best-ordered move.
    #[default]
    BrsPlus,
    /// Paranoid: every opponent searches its moves, as a coalition.
    Paranoid,
}

impl MultiSearch {
    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            MultiSearch::BrsPlus => "brs+",
            MultiSearch::Paranoid => "paranoid",
        }
    }
}

impl std::fmt::Display for MultiSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for MultiSearch {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        [MultiSearch::BrsPlus, MultiSearch::Paranoid]
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| format!("search must be 'brs+' or 'paranoid', not '{text}'"))
    }
}

/// The node budget, noise and depth cap that one search applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    pub nodes: Option<u64>,
    pub noise: i32,
    pub depth: Option<u32>,
}

impl SearchLimits {
    /// The budget, noise and depth cap for a game of `seats` players: a
    /// level's own values for a game of more than two hold through the
    /// whole game, after an elimination too, so that the level a player
    /// chose stays the level it meets.
    pub fn applied(&self, seats: u8) -> Applied {
        if seats > 2 {
            Applied {
                nodes: self.multi_nodes.or(self.nodes),
                noise: self.multi_noise.unwrap_or(self.noise),
                depth: self.multi_depth.or(self.depth),
            }
        } else {
            Applied {
                nodes: self.nodes,
                noise: self.noise,
                depth: self.depth,
            }
        }
    }

    /// These limits, for a game whose fifty-move count stands at `clock`
    /// plies (None when the rule is off).
    pub fn with_fifty_move_clock(self, clock: Option<u32>) -> Self {
        SearchLimits {
            fifty_move_clock: clock,
            ..self
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    pub best: M,
    /// In evaluation units from the mover's point of view; see [`mate_in`](super::mate_in).
    pub score: i32,
    /// The last iteration that finished (0 when stopped inside the first).
    pub depth: u32,
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<M>,
    pub elapsed: Duration,
}
