//! A player of `match`: a level with engine options, written
//! `LEVEL[:KEY=VALUE,…]` (`3`, `3:nodes=20000`, `4:depth=5,noise=0`,
//! `3:search=paranoid`, `3:eval=original`), or `random`.

use std::fmt;
use std::time::Duration;

use super::selfplay::Mover;
use crate::engine::{Level, MultiSearch, Pruning, SearchLimits, WeightSet};

/// One side of a match, as the command line wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct Contender {
    text: String,
    /// None: a uniformly random legal move.
    level: Option<Level>,
    nodes: Option<u64>,
    depth: Option<u32>,
    noise: Option<i32>,
    movetime: Option<u64>,
    /// The search of three players in the game.
    search: Option<MultiSearch>,
    /// The evaluation's weights.
    eval: Option<WeightSet>,
    /// The pruning near the horizon of a search of more than two players.
    prune: Option<Pruning>,
}

/// The options a level takes after its colon.
const KEYS: &str = "nodes, depth, noise, movetime, search, eval, prune";

impl Contender {
    /// Reads `random`, `LEVEL` or `LEVEL:KEY=VALUE,…` with the keys
    /// `nodes` (node budget, for two players and three alike), `depth`
    /// (deepest iteration), `noise` (evaluation noise, 0 for none) and
    /// `movetime` (milliseconds a move in place of the node budget),
    /// `search` (`brs+` or `paranoid`: the search of more than two players
    /// in the game), `eval` (`tuned` or `original`: which of the
    /// evaluation's weights) and `prune` (`on` or `off`: the pruning near
    /// the horizon of a search of more than two players).
    pub fn parse(text: &str) -> Result<Contender, String> {
        let mut contender = Contender {
            text: text.to_string(),
            level: None,
            nodes: None,
            depth: None,
            noise: None,
            movetime: None,
            search: None,
            eval: None,
            prune: None,
        };
        if text == "random" {
            return Ok(contender);
        }
        let (level, options) = match text.split_once(':') {
            Some((level, options)) => (level, Some(options)),
            None => (text, None),
        };
        contender.level = Some(level.parse::<Level>().map_err(|_| {
            format!("player must be 'random' or a level 1 to 6 with options, not '{text}'")
        })?);
        for option in options.into_iter().flat_map(|o| o.split(',')) {
            contender.set(option)?;
        }
        Ok(contender)
    }

    /// Takes one `KEY=VALUE` option.
    fn set(&mut self, option: &str) -> Result<(), String> {
        let Some((key, value)) = option.split_once('=') else {
            return Err(format!(
                "player option '{option}' must be KEY=VALUE ({KEYS})"
            ));
        };
        let number = |low: u64, high: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| {
                    format!("player option {key} must be {low} to {high}, not '{value}'")
                })
        };
        match key {
            "nodes" => self.nodes = Some(number(1, 1_000_000_000)?),
            "depth" => self.depth = Some(number(1, 64)? as u32),
            "noise" => self.noise = Some(number(0, 10_000)? as i32),
            "movetime" => self.movetime = Some(number(1, 3_600_000)?),
            "search" => self.search = Some(value.parse().map_err(|e| format!("player {e}"))?),
            "eval" => self.eval = Some(value.parse().map_err(|e| format!("player {e}"))?),
            "prune" => self.prune = Some(value.parse().map_err(|e| format!("player {e}"))?),
            _ => {
                return Err(format!(
                    "unknown player option '{key}' (the options: {KEYS})"
                ));
            }
        }
        Ok(())
    }

    /// How this player chooses its moves: its level's search by node
    /// budget alone (no time cap, so that games replay from their seed),
    /// with the options replacing the level's own values; one thread.
    pub fn mover(&self) -> Mover {
        let Some(level) = self.level else {
            return Mover::Random;
        };
        let limits = level.limits(0);
        let (nodes, multi_nodes, time) = match (self.movetime, self.nodes) {
            (Some(ms), _) => (None, None, Some(Duration::from_millis(ms))),
            // One budget given replaces both of the level's.
            (None, Some(n)) => (Some(n), None, None),
            (None, None) => (limits.nodes, limits.multi_nodes, None),
        };
        Mover::Search(SearchLimits {
            nodes,
            multi_nodes,
            time,
            // A depth or noise given replaces both of the level's values.
            depth: self.depth.or(limits.depth),
            multi_depth: limits.multi_depth.filter(|_| self.depth.is_none()),
            noise: self.noise.unwrap_or(limits.noise),
            multi_noise: limits.multi_noise.filter(|_| self.noise.is_none()),
            multi: self.search.unwrap_or(limits.multi),
            weights: self.eval.unwrap_or(limits.weights),
            pruning: self.prune.unwrap_or(limits.pruning),
            threads: 1,
            ..limits
        })
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(text: &str) -> SearchLimits {
        match Contender::parse(text).unwrap().mover() {
            Mover::Search(limits) => limits,
            Mover::Random => panic!("{text} is an engine"),
        }
    }

    #[test]
    fn a_level_alone_is_its_node_budget_without_the_time_cap() {
        let three = limits("3");
        let level = Level::new(3).unwrap().limits(0);
        assert_eq!(three.nodes, level.nodes);
        assert_eq!(three.multi_nodes, level.multi_nodes);
        assert_eq!(
            (three.depth, three.multi_depth),
            (level.depth, level.multi_depth)
        );
        assert_eq!(three.noise, level.noise);
        assert_eq!(three.time, None);
        let two = limits("2");
        let level = Level::new(2).unwrap().limits(0);
        assert_eq!(
            (two.noise, two.multi_noise),
            (level.noise, level.multi_noise)
        );
        assert_eq!(limits("1").depth, Some(1));
    }

    #[test]
    fn options_replace_the_levels_values() {
        let custom = limits("3:nodes=20000,depth=4,noise=0");
        assert_eq!(
            (custom.nodes, custom.depth, custom.noise),
            (Some(20_000), Some(4), 0)
        );
        // The one budget, depth and noise given hold for three players too.
        assert_eq!(
            (custom.multi_nodes, custom.multi_depth, custom.multi_noise),
            (None, None, None)
        );
        let timed = limits("3:movetime=50");
        assert_eq!((timed.nodes, timed.multi_nodes), (None, None));
        assert_eq!(timed.time, Some(Duration::from_millis(50)));
        assert!(matches!(
            Contender::parse("random").unwrap().mover(),
            Mover::Random
        ));
    }

    #[test]
    fn the_search_option_picks_the_multi_player_search() {
        assert_eq!(limits("3").multi, MultiSearch::default());
        assert_eq!(limits("3:search=paranoid").multi, MultiSearch::Paranoid);
        assert_eq!(
            limits("2:search=brs+,nodes=500").multi,
            MultiSearch::BrsPlus
        );
    }

    #[test]
    fn the_eval_option_picks_the_weights() {
        assert_eq!(limits("3").weights, WeightSet::Tuned);
        assert_eq!(limits("3:eval=original").weights, WeightSet::Original);
        assert_eq!(limits("3:nodes=500,eval=tuned").weights, WeightSet::Tuned);
    }

    #[test]
    fn the_prune_option_turns_the_pruning_off() {
        assert_eq!(limits("4").pruning, Pruning::On);
        assert_eq!(limits("4:prune=off").pruning, Pruning::Off);
        assert_eq!(limits("4:nodes=500,prune=on").pruning, Pruning::On);
    }

    #[test]
    fn bad_players_are_refused_with_what_is_wrong() {
        for (text, needle) in [
            ("7", "level 1 to 6"),
            ("", "level 1 to 6"),
            ("3:", "KEY=VALUE"),
            ("3:nodes", "KEY=VALUE"),
            ("3:nodes=0", "nodes must be 1 to"),
            ("3:depth=x", "depth must be 1 to 64"),
            ("3:speed=2", "unknown player option 'speed'"),
            ("3:search=maxn", "search must be 'brs+' or 'paranoid'"),
            ("3:eval=best", "eval must be 'tuned' or 'original'"),
            ("3:prune=deep", "prune must be 'on' or 'off'"),
        ] {
            let error = Contender::parse(text).unwrap_err();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }
}
