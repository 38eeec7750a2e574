//! The six playing levels the app offers, from a beginner that looks one
//! move ahead and errs at random to a several-seconds search.
//!
//! Each level is a node budget (so that games replay exactly from a seed)
//! plus a time cap (so that a slow game or a busy machine never makes the
//! player wait much longer). The budgets are calibrated on Flaxman in a
//! release build on the development machine (1.2 to 1.7 M nodes/s on a core
//! shared with other work); level 3 stays within 0.1 s a move there.
//!
//! | level | name        | search                         | noise | cap   |
//! |-------|-------------|--------------------------------|-------|-------|
//! | 1     | Novice      | 1 ply + quiescence, 5k nodes   | ±150  | 0.05 s|
//! | 2     | Apprentice  | 2 plies + quiescence, 20k nodes| ±60   | 0.05 s|
//! | 3     | Club player | 80k nodes                      | ±8    | 0.1 s |
//! | 4     | Expert      | 600k nodes                     | ±4    | 0.6 s |
//! | 5     | Master      | 2.5M nodes                     | ±2    | 2.5 s |
//! | 6     | Grandmaster | 6M nodes                       | ±2    | 6 s   |
//!
//! In a three-player game the three lowest levels stand further apart
//! below level 4: level 3 searches two plies in at most 5k nodes, and
//! levels 1 and 2 err more (noise ±1500 and ±600), through the whole game,
//! after an elimination too. There a level's strength grows less with its
//! budget (each ply costs more, and a third player's moves decide much),
//! and with their two-player settings levels 2, 3 and 4 stood less than
//! +100 Elo apart in the Glinski games (docs/engine.md, Strength).
//!
//! The noise (in evaluation units, a Soldier lost to a Prisoner is 300 in
//! Flaxman) is a fixed function of the position and the seed: it makes the
//! low levels err and varies the games of the high ones.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::search::{MultiSearch, SearchLimits};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

struct Spec {
    name: &'static str,
    depth: Option<u32>,
    /// The deepest iteration in a game of more than two players,
    /// where it differs from `depth`.
    multi_depth: Option<u32>,
    nodes: u64,
    /// The budget in a game of more than two players, where it
    /// differs from `nodes`.
    multi_nodes: Option<u64>,
    millis: u64,
    noise: i32,
    /// The noise in a game of more than two players, where it
    /// differs from `noise`.
    multi_noise: Option<i32>,
    tt_megabytes: usize,
}

const SPECS: [Spec; 6] = [
    Spec {
        name: "Novice",
        depth: Some(1),
        multi_depth: None,
        nodes: 5_000,
        multi_nodes: None,
        millis: 50,
        noise: 150,
        multi_noise: Some(1_500),
        tt_megabytes: 1,
    },
    Spec {
        name: "Apprentice",
        depth: Some(2),
        multi_depth: None,
        nodes: 20_000,
        multi_nodes: None,
        millis: 50,
        noise: 60,
        multi_noise: Some(600),
        tt_megabytes: 1,
    },
    Spec {
        name: "Club player",
        depth: None,
        multi_depth: Some(2),
        nodes: 80_000,
        multi_nodes: Some(5_000),
        millis: 100,
        noise: 8,
        multi_noise: None,
        tt_megabytes: 4,
    },
    Spec {
        name: "Expert",
        depth: None,
        multi_depth: None,
        nodes: 600_000,
        multi_nodes: None,
        millis: 600,
        noise: 4,
        multi_noise: None,
        tt_megabytes: 16,
    },
    Spec {
        name: "Master",
        depth: None,
        multi_depth: None,
        nodes: 2_500_000,
        multi_nodes: None,
        millis: 2_500,
        noise: 2,
        multi_noise: None,
        tt_megabytes: 64,
    },
    Spec {
        name: "Grandmaster",
        depth: None,
        multi_depth: None,
        nodes: 6_000_000,
        multi_nodes: None,
        millis: 6_000,
        noise: 2,
        multi_noise: None,
        tt_megabytes: 64,
    },
];

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(6);

    /// Levels 1 to 6, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=6).map(Level)
    }

    /// Level `n` (1 to 6).
    pub fn new(n: u8) -> Option<Level> {
        (1..=6).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    fn spec(self) -> &'static Spec {
        &SPECS[usize::from(self.0.clamp(1, 6) - 1)]
    }

    /// The name shown in the app.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The longest this level thinks about one move.
    pub fn time_cap(self) -> Duration {
        Duration::from_millis(self.spec().millis)
    }

    /// The search limits of this level; `seed` drives its randomness.
    pub fn limits(self, seed: u64) -> SearchLimits {
        let spec = self.spec();
        SearchLimits {
            depth: spec.depth,
            multi_depth: spec.multi_depth,
            nodes: Some(spec.nodes),
            multi_nodes: spec.multi_nodes,
            time: Some(self.time_cap()),
            stop: None,
            noise: spec.noise,
            multi_noise: spec.multi_noise,
            seed,
            tt_megabytes: spec.tt_megabytes,
            threads: 1,
            fifty_move_clock: None,
            multi: MultiSearch::default(),
            weights: Default::default(),
            pruning: Default::default(),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        text.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("level must be 1 to 6, not '{text}'"))
    }
}
