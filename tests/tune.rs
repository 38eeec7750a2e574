//! `tune` (Texel tuning) and the evaluation weight sets: bad flags, a
//! reproducible tiny run that lowers its training error, the weights files
//! and `eval=original|tuned` reaching the search's evaluation.

use std::path::PathBuf;

use crate::cli::{usage_error, variantarium};
use variantarium::engine::eval::weights::parse_weights;
use variantarium::engine::{Evaluator, WeightSet};
use variantarium::rules::dispatch::VariantVisitor;
use variantarium::rules::random::Rng;
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::{Evaluated, Position};

#[test]
fn bad_flags_give_one_line_and_status_two() {
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        ["tune", "--variant", "flaxman"]
            .iter()
            .chain(extra)
            .copied()
            .collect()
    };
    usage_error(&with(&["--games", "0"]), "--games must be at least 1");
    usage_error(&with(&["--games", "x"]), "--games");
    usage_error(&with(&["--level", "9"]), "--level must be 1 to 6");
    usage_error(&with(&["--nodes", "0"]), "--nodes must be at least 1");
    usage_error(&with(&["--threads", "0"]), "--threads must be 1 to");
    usage_error(&with(&["--out", "/no/such/folder/x.weights"]), "no folder");
    usage_error(&with(&["--speed", "2"]), "--speed");
    usage_error(
        &["tune", "--variant", "aj-glinski-3p"],
        "evaluation has no weights to tune",
    );
    usage_error(&["tune", "--variant", "nope"], "nope");
}

fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("variantarium-tune-{}-{name}", std::process::id()))
}

/// The number after `label` on the line that starts with it.
fn figure(out: &str, label: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label:?} in {out}"));
    line[label.len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number in {line:?}"))
}

/// A tiny run: the same file whatever the thread count, a lower error on
/// its own positions, and a file the game's evaluation reads.
#[test]
fn a_tiny_run_is_reproducible_and_lowers_the_error() {
    let run = |threads: &str, file: &PathBuf| {
        let path = file.to_str().expect("a path");
        let args = [
            "tune",
            "--variant",
            "flaxman",
            "--games",
            "8",
            "--nodes",
            "400",
            "--seed",
            "5",
            "--threads",
            threads,
            "--out",
            path,
        ];
        let (code, out, err) = variantarium(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let (one, two) = (temporary("one.weights"), temporary("two.weights"));
    let out = run("1", &one);
    run("2", &two);
    let (first, second) = (
        std::fs::read_to_string(&one).expect("written"),
        std::fs::read_to_string(&two).expect("written"),
    );
    let _ = (std::fs::remove_file(&one), std::fs::remove_file(&two));
    assert_eq!(first, second, "the thread count changed the weights");
    let (before, after) = (figure(&out, "E original"), figure(&out, "E tuned"));
    assert!(after < before, "E {before} -> {after}\n{out}");
    assert!(figure(&out, "games 8, positions") > 0.0);
    let weights = variantarium::rules::flaxman::Flaxman::own_evaluation()
        .expect("Flaxman's own evaluation")
        .weights;
    let values = parse_weights(&first, weights.names).expect("the file reads back");
    assert_eq!(values.len(), weights.original.len());
}

/// Every shipped weights file names exactly its evaluation's weights, so
/// the tuned set is never the silent fallback to the original one.
#[test]
fn every_weights_file_names_its_evaluations_weights() {
    use variantarium::engine::eval::{chakra, flaxman, hexchess, tapestry};
    for (file, names) in [
        (flaxman::TUNED_FILE, &flaxman::NAMES[..]),
        (tapestry::TUNED_FILE, &tapestry::NAMES[..]),
        (chakra::TUNED_FILE, &chakra::NAMES[..]),
        (hexchess::TUNED_FILE, &hexchess::NAMES[..]),
    ] {
        let values = parse_weights(file, names).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(values.len(), names.len());
    }
}

/// Both weight sets reach the evaluator the search is built with: each
/// gives the evaluation with its own values, in random positions, and they
/// differ somewhere when the sets do.
struct BothSets;

impl VariantVisitor for BothSets {
    type Output = ();

    fn visit<P: Position>(self, options: P::Options) {
        let own = P::own_evaluation().expect("the game's own evaluation");
        let weights = own.weights;
        assert!(!weights.names.is_empty(), "{}", own.name);
        let mut rng = Rng::new(3);
        let mut differ = false;
        let mut moves = Vec::new();
        for _ in 0..30 {
            let mut pos = P::start(&options);
            for _ in 0..rng.below(40) {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
            for (set, values) in [
                (WeightSet::Original, weights.original),
                (WeightSet::Tuned, weights.tuned),
            ] {
                let evaluator = Evaluator::<P>::for_game(set);
                assert_eq!(evaluator.evaluate(&pos), (own.evaluate)(&pos, values));
                assert_eq!(
                    evaluator.estimate(&pos),
                    (own.estimate)(&pos, values),
                    "{}",
                    own.name
                );
            }
            let original = Evaluator::<P>::for_game(WeightSet::Original).evaluate(&pos);
            differ |= original != Evaluator::<P>::for_game(WeightSet::Tuned).evaluate(&pos);
        }
        assert_eq!(differ, weights.original != weights.tuned, "{}", own.name);
    }
}

#[test]
fn each_weight_set_reaches_the_evaluator() {
    for id in [
        VariantId::Flaxman,
        VariantId::Tapestry,
        VariantId::Chakra,
        VariantId::AjGlinski,
        VariantId::Glinski,
    ] {
        Variant::new(id).visit(BothSets).expect("a game");
    }
}

/// A match player takes the weights it plays with.
#[test]
fn a_match_player_takes_eval_original() {
    let args = [
        "match",
        "--variant",
        "flaxman",
        "--a",
        "1:nodes=200,eval=original",
        "--b",
        "1:nodes=200,eval=tuned",
        "--sprt",
        "0",
        "100",
        "--max-games",
        "2",
        "--threads",
        "1",
    ];
    let (code, out, err) = variantarium(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("A 1:nodes=200,eval=original"), "{out}");
    usage_error(
        &[
            "match",
            "--variant",
            "flaxman",
            "--a",
            "1:eval=best",
            "--b",
            "1",
            "--sprt",
            "0",
            "5",
        ],
        "--a: player eval must be 'tuned' or 'original'",
    );
}
