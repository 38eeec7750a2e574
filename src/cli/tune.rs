//! `variantarium tune`: Texel tuning of a game's evaluation weights from
//! self-play games (the method: `crate::engine::tune`; the games and
//! positions: `tune_games`). Prints its progress, the error before and
//! after and each weight's change, and writes the weights file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use super::selfplay::MAX_THREADS;
use super::setup::{GameChoice, io_error};
use super::tune_games::{GamePlan, Labelled};
use crate::engine::eval::MAX_EVAL;
use crate::engine::eval::weights::format_weights;
use crate::engine::tune::{best_scale, fit_weights, mean_error, weight_bounds};
use crate::engine::{Level, SearchLimits, WeightSet};
use crate::record::write_file;
use crate::rules::dispatch::VariantVisitor;
use crate::rules::{EvalWeights, Position};

/// `tune`: self-play games, then the weights that best predict their
/// results.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(flatten)]
    pub game: GameChoice,
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// The level that plays them (1 to 6), by node budget alone.
    #[arg(long, default_value = "3")]
    pub level: String,
    /// The node budget a move, in place of the level's.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Game i (from 0) is played from seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, one per thread (the result is the same).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Keep the men's values at their original values; tune only the
    /// other terms.
    #[arg(long)]
    pub keep_men: bool,
    /// Write the weights file here (through a temporary file in the same
    /// folder, then renamed); without it the file is only printed.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the training positions here: the result for the side to
    /// move, a tab and the position's text, one a line.
    #[arg(long)]
    pub positions: Option<PathBuf>,
}

pub fn run(args: &TuneArgs, out: &mut dyn Write) -> Result<(), String> {
    let variant = args.game.variant()?;
    let level: Level = args
        .level
        .parse()
        .map_err(|_| format!("--level must be 1 to 6, not '{}'", args.level))?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    if !(1..=MAX_THREADS).contains(&args.threads) {
        return Err(format!(
            "--threads must be 1 to {MAX_THREADS}, not {}",
            args.threads
        ));
    }
    for path in args.out.iter().chain(&args.positions) {
        writable_folder(path)?;
    }
    let limits = SearchLimits {
        nodes: Some(args.nodes),
        time: None,
        threads: 1,
        weights: WeightSet::Original,
        ..level.limits(0)
    };
    variant.visit(TuneRun { args, limits, out })?
}

/// Refuses a path whose folder does not exist, before the games are played.
fn writable_folder(path: &Path) -> Result<(), String> {
    let folder = folder_of(path);
    if folder.is_dir() {
        Ok(())
    } else {
        Err(format!(
            "no folder {} for {}",
            folder.display(),
            path.display()
        ))
    }
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

struct TuneRun<'a> {
    args: &'a TuneArgs,
    limits: SearchLimits,
    out: &'a mut dyn Write,
}

/// What the fit found.
struct Fitted {
    weights: Vec<i32>,
    scale: f64,
    error_before: f64,
    error_model: f64,
    error_after: f64,
}

impl VariantVisitor for TuneRun<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let start = P::start(&options);
        let variant = &self.args.game.variant;
        let own = P::own_evaluation()
            .filter(|own| !own.weights.names.is_empty() && start.side_count() == 2)
            .ok_or_else(|| format!("{variant}'s evaluation has no weights to tune"))?;
        let (weights, name) = (own.weights, own.name);
        let clock = Instant::now();
        let plan = GamePlan {
            start,
            limits: self.limits.clone(),
            seed: self.args.seed,
            games: self.args.games,
            evaluate: own.evaluate,
            weights: weights.original,
        };
        let out = self.out;
        let step = (self.args.games / 10).max(1);
        let mut written = Ok(());
        let labelled = plan.play_all(self.args.threads, |games, positions| {
            if written.is_ok() && (games % step == 0 || games == self.args.games) {
                written = writeln!(out, "games {games}, positions {positions}");
            }
        });
        written.map_err(io_error)?;
        if labelled.is_empty() {
            return Err("the games gave no quiet position to learn from".into());
        }
        let fitted = fit(&labelled, own.evaluate, &weights, self.args.keep_men);
        report(out, &weights, &fitted, clock.elapsed().as_secs_f64())?;
        let text = weights_file(self.args, name, labelled.len(), &weights, &fitted);
        finish(self.args, out, &text, &labelled)
    }
}

/// Writes the weights file (or prints it) and the positions file.
fn finish<P: Position>(
    args: &TuneArgs,
    out: &mut dyn Write,
    text: &str,
    labelled: &[Labelled<P>],
) -> Result<(), String> {
    match &args.out {
        Some(path) => {
            write_file(path, text)?;
            writeln!(out, "wrote {}", path.display()).map_err(io_error)?;
        }
        None => write!(out, "{text}").map_err(io_error)?,
    }
    if let Some(path) = &args.positions {
        let lines: String = labelled
            .iter()
            .map(|(pos, sample)| format!("{}\t{}\n", sample.result, pos.to_text()))
            .collect();
        write_file(path, &lines)?;
    }
    Ok(())
}

/// K with the original weights, the fitted weights, and E before, in the
/// linear model and with the real evaluation after.
fn fit<P: Position>(
    labelled: &[Labelled<P>],
    evaluate: fn(&P, &[i32]) -> i32,
    weights: &EvalWeights,
    keep_men: bool,
) -> Fitted {
    let before: Vec<(f64, f64)> = labelled.iter().map(|(_, s)| (s.result, s.value)).collect();
    let scale = best_scale(&before);
    let samples: Vec<_> = labelled.iter().map(|(_, s)| s.clone()).collect();
    let tuned = fit_weights(
        &samples,
        weights.original,
        &weight_bounds(weights, keep_men),
        scale,
    );
    let model: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (s.result, s.model_value(weights.original, &tuned)))
        .collect();
    let after: Vec<(f64, f64)> = labelled
        .iter()
        .map(|(pos, s)| {
            let value = evaluate(pos, &tuned).clamp(-MAX_EVAL, MAX_EVAL);
            (s.result, f64::from(value))
        })
        .collect();
    Fitted {
        weights: tuned,
        scale,
        error_before: mean_error(scale, &before),
        error_model: mean_error(scale, &model),
        error_after: mean_error(scale, &after),
    }
}

/// The error before and after, and each weight's change.
fn report(
    out: &mut dyn Write,
    weights: &EvalWeights,
    fitted: &Fitted,
    seconds: f64,
) -> Result<(), String> {
    let mut lines = vec![
        format!("K {:.4}", fitted.scale),
        format!("E original {:.6}", fitted.error_before),
        format!(
            "E tuned {:.6} (linear model {:.6})",
            fitted.error_after, fitted.error_model
        ),
    ];
    for ((name, old), new) in weights
        .names
        .iter()
        .zip(weights.original)
        .zip(&fitted.weights)
    {
        lines.push(format!("{name} {old} -> {new}"));
    }
    lines.push(format!("in {seconds:.1} s"));
    for line in lines {
        writeln!(out, "{line}").map_err(io_error)?;
    }
    Ok(())
}

/// The weights file: how it was made, then the weights.
fn weights_file(
    args: &TuneArgs,
    evaluation: &str,
    positions: usize,
    weights: &EvalWeights,
    fitted: &Fitted,
) -> String {
    let comments = vec![
        format!("The {evaluation} evaluation's weights, tuned by Texel's method:"),
        format!(
            "variantarium tune --variant {} --games {} --level {} --nodes {} --seed {}{}",
            args.game.variant,
            args.games,
            args.level,
            args.nodes,
            args.seed,
            if args.keep_men { " --keep-men" } else { "" }
        ),
        format!(
            "{positions} positions, K {:.4}, E original {:.6}, tuned {:.6}",
            fitted.scale, fitted.error_before, fitted.error_after
        ),
    ];
    format_weights(&comments, weights.names, &fitted.weights)
}
