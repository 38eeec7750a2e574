//! `variantarium bench`: bulk-counted perft from each game's start, deepening
//! until one depth takes the time asked for, then the engine's searched nodes
//! per second from the same start.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::engine::{self, SearchLimits};

use crate::rules::Position;
use crate::rules::perft::perft;
use crate::rules::variant::{Variant, VariantVisitor};

pub(super) fn run(only: Option<Variant>, seconds: f64, out: &mut dyn Write) -> Result<(), String> {
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(format!(
            "--seconds must be a positive number, not {seconds}"
        ));
    }
    let variants = match only {
        Some(variant) => {
            variant.visit(Nothing)?;
            vec![variant]
        }
        None => Variant::implemented(),
    };
    for variant in variants {
        let line = variant.visit(PerftBench { seconds })?;
        writeln!(out, "{:<18} {line}", variant.id.id())
            .map_err(|e| format!("cannot write output: {e}"))?;
        let line = variant.visit(SearchBench { seconds })?;
        writeln!(out, "{:<18} {line}", variant.id.id())
            .map_err(|e| format!("cannot write output: {e}"))?;
    }
    Ok(())
}

struct Nothing;

impl VariantVisitor for Nothing {
    type Output = ();
    fn visit<P: Position>(self, _options: P::Options) {}
}

struct PerftBench {
    seconds: f64,
}

impl VariantVisitor for PerftBench {
    type Output = String;

    fn visit<P: Position>(self, options: P::Options) -> String {
        let mut pos = P::start(&options);
        let mut depth = 1;
        loop {
            let clock = Instant::now();
            let nodes = perft(&mut pos, depth);
            let elapsed = clock.elapsed().as_secs_f64();
            if elapsed >= self.seconds || depth >= 20 || nodes == 0 {
                let rate = nodes as f64 / elapsed.max(1e-9);
                return format!(
                    "perft({depth}) {nodes} nodes in {elapsed:.3} s: {:.2} Mnps",
                    rate / 1e6
                );
            }
            depth += 1;
        }
    }
}

/// The engine's speed: a search from the start without noise, stopped after
/// [`SEARCH_BENCH_NODES`] nodes (the same work every run), or after ten
/// times the time asked for when a game is that slow.
struct SearchBench {
    seconds: f64,
}

const SEARCH_BENCH_NODES: u64 = 1_000_000;

impl VariantVisitor for SearchBench {
    type Output = String;

    fn visit<P: Position>(self, options: P::Options) -> String {
        let pos = P::start(&options);
        let limits = SearchLimits {
            nodes: Some(SEARCH_BENCH_NODES),
            time: Duration::try_from_secs_f64(self.seconds * 10.0).ok(),
            ..SearchLimits::default()
        };
        match engine::search(&pos, &[], &limits) {
            Some(r) => {
                let elapsed = r.elapsed.as_secs_f64().max(1e-9);
                format!(
                    "search {} nodes to depth {} in {elapsed:.3} s: {:.2} Mnps",
                    r.nodes,
                    r.depth,
                    r.nodes as f64 / elapsed / 1e6
                )
            }
            None => "search: no legal move at the start".to_string(),
        }
    }
}
