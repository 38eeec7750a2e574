//! `variantarium bench`: bulk-counted perft from each game's start, deepening
//! until one depth takes the time asked for, then the engine's searched nodes
//! per second from the same start.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;

use super::selfplay::MAX_THREADS;
use crate::engine::{self, MultiSearch, Pruning, SearchLimits};

use crate::rules::Position;
use crate::rules::perft::perft;
use crate::rules::{dispatch::VariantVisitor, variant::Variant};

/// `bench`: move-generation speed (bulk-counted perft) for every game,
/// then the engine's search speed.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this variant.
    #[arg(long)]
    pub variant: Option<String>,
    /// With --variant, a hex game: the pawn-like piece.
    #[arg(long, requires = "variant")]
    pub pawn: Option<String>,
    /// With --variant, an Anglojewish game: what men promote to (curved,
    /// straight, straight-curved).
    #[arg(long, requires = "variant")]
    pub promotion: Option<String>,
    /// Seconds to spend on each game, at least.
    #[arg(long, default_value_t = 1.0)]
    pub seconds: f64,
    /// Search threads for the engine's part (Lazy SMP).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Search to this depth instead of one million nodes (time to depth).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Skip the move-generation (perft) part.
    #[arg(long)]
    pub search_only: bool,
    /// The search of three players: `brs+` (the default) or `paranoid`.
    #[arg(long, default_value_t = MultiSearch::default())]
    pub search: MultiSearch,
    /// The pruning near the horizon of the three-player search: `on` (the
    /// default) or `off`.
    #[arg(long, default_value_t = Pruning::default())]
    pub prune: Pruning,
}

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<(), String> {
    let only = args
        .variant
        .as_deref()
        .map(|id| {
            Variant::parse(id, args.pawn.as_deref())?.with_promotion_text(args.promotion.as_deref())
        })
        .transpose()?;
    let spec = Bench {
        seconds: args.seconds,
        threads: args.threads,
        depth: args.depth,
        search_only: args.search_only,
        multi: args.search,
        pruning: args.prune,
    };
    spec.run(only, out)
}

/// What `bench` measures.
struct Bench {
    pub seconds: f64,
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Search to this depth instead of [`SEARCH_BENCH_NODES`].
    pub depth: Option<u32>,
    /// Leave out the perft line.
    pub search_only: bool,
    /// How a game of three players is searched.
    pub multi: MultiSearch,
    /// Whether the three-player search prunes near the horizon.
    pub pruning: Pruning,
}

impl Bench {
    fn run(self, only: Option<Variant>, out: &mut dyn Write) -> Result<(), String> {
        if !(self.seconds.is_finite() && self.seconds > 0.0) {
            return Err(format!(
                "--seconds must be a positive number, not {}",
                self.seconds
            ));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(format!(
                "--threads must be 1 to {MAX_THREADS}, not {}",
                self.threads
            ));
        }
        if let Some(depth) = self.depth
            && !(1..=MAX_BENCH_DEPTH).contains(&depth)
        {
            return Err(format!(
                "--depth must be 1 to {MAX_BENCH_DEPTH}, not {depth}"
            ));
        }
        let variants = match only {
            Some(variant) => {
                variant.visit(Nothing)?;
                vec![variant]
            }
            None => Variant::implemented(),
        };
        let io = |e: std::io::Error| format!("cannot write output: {e}");
        for variant in variants {
            if !self.search_only {
                let line = variant.visit(PerftBench {
                    seconds: self.seconds,
                })?;
                writeln!(out, "{:<18} {line}", variant.id.id()).map_err(io)?;
            }
            let line = variant.visit(SearchBench { spec: &self })?;
            writeln!(out, "{:<18} {line}", variant.id.id()).map_err(io)?;
        }
        Ok(())
    }
}

/// The deepest `--depth` accepted.
const MAX_BENCH_DEPTH: u32 = 40;

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
/// [`SEARCH_BENCH_NODES`] nodes (the same work every run with one thread) or
/// at `--depth`, or after ten times the time asked for when a game is that
/// slow.
struct SearchBench<'a> {
    spec: &'a Bench,
}

const SEARCH_BENCH_NODES: u64 = 1_000_000;

impl VariantVisitor for SearchBench<'_> {
    type Output = String;

    fn visit<P: Position>(self, options: P::Options) -> String {
        let pos = P::start(&options);
        let limits = SearchLimits {
            nodes: match self.spec.depth {
                Some(_) => None,
                None => Some(SEARCH_BENCH_NODES),
            },
            depth: self.spec.depth,
            time: Duration::try_from_secs_f64(self.spec.seconds * 10.0).ok(),
            threads: self.spec.threads,
            multi: self.spec.multi,
            pruning: self.spec.pruning,
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
