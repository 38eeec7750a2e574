//! `variantarium match` and its statistics: the log-likelihood ratio and
//! the Elo estimate against fishtest's formulas on known results, the stop
//! rule, bad flags, and real matches that reach their verdict.
//!
//! The expected numbers come from `scripts/sprt_reference.py`, written
//! from the published mathematics (Van den Bergh's generalized SPRT for the
//! expected score, fishtest's `LLR_logistic` and `get_elo`) independently
//! of `src/engine/sprt.rs`: it solves the secular equation by Newton steps
//! where the Rust code bisects, and computes the Elo interval in fishtest's
//! own 2n+1-cell form. `python3 scripts/sprt_reference.py` prints them.

use variantarium::engine::sprt::{Sprt, Verdict, estimate, llr, logistic};

use crate::cli::{usage_error, variantarium};

/// (results, ELO0, ELO1, LLR, Elo, low and high end of the 95% interval).
/// The first two are the pentanomial examples of fishtest's `stat_util.py`;
/// the fourth has empty cells (regularised); the last is thirteen cells,
/// three-player runs by quarter points.
const CASES: [(&[u64], f64, f64, f64, f64, f64, f64); 5] = [
    (
        &[10789, 19328, 33806, 19402, 10543],
        -3.0,
        1.0,
        2.131067811780,
        -0.773577336,
        -2.051167692,
        0.503992100,
    ),
    (
        &[39, 2226, 31451, 2412, 40],
        0.2,
        0.9,
        2.162542580049,
        0.902981049,
        0.240452846,
        1.565515818,
    ),
    (
        &[1, 3, 4, 3, 1],
        0.0,
        50.0,
        -0.415616311045,
        0.0,
        -109.666020001,
        109.666020001,
    ),
    (
        &[0, 2, 5, 8, 5],
        0.0,
        50.0,
        2.670414671842,
        147.161763565,
        69.235950674,
        242.555241254,
    ),
    (
        &[0, 0, 1, 0, 2, 0, 3, 1, 4, 0, 2, 0, 1],
        0.0,
        100.0,
        0.747839727333,
        62.657095927,
        -16.192969205,
        148.597903451,
    ),
];

fn close(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 1e-6 * expected.abs().max(1.0),
        "{what}: {actual} against {expected}"
    );
}

#[test]
fn the_ratio_and_the_estimate_match_fishtests_formulas() {
    for (counts, elo0, elo1, ratio, elo, low, high) in CASES {
        let test = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
        close(test.llr(counts), ratio, &format!("LLR of {counts:?}"));
        close(
            llr(logistic(elo0), logistic(elo1), counts),
            ratio,
            "LLR of scores",
        );
        let e = estimate(counts).unwrap();
        close(e.elo, elo, &format!("Elo of {counts:?}"));
        close(e.low, low, &format!("low end of {counts:?}"));
        close(e.high, high, &format!("high end of {counts:?}"));
    }
}

#[test]
fn the_bounds_are_walds() {
    let (lower, upper) = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().bounds();
    close(lower, (0.05f64 / 0.95).ln(), "lower");
    close(upper, (0.95f64 / 0.05).ln(), "upper");
    close(upper, 2.944438979166, "upper, by hand");
    let (lower, upper) = Sprt::new(0.0, 5.0, 0.1, 0.01).unwrap().bounds();
    close(lower, (0.01f64 / 0.9).ln(), "lower");
    close(upper, (0.99f64 / 0.1).ln(), "upper");
}

/// Feeds pair scores (points out of 2) until the test decides: the pairs
/// it took, the last ratio and the pentanomial.
fn run_until_decided(test: &Sprt, scores: &[f64]) -> Option<(usize, f64, Vec<u64>, Verdict)> {
    let mut counts = vec![0u64; 5];
    for (k, &score) in scores.iter().cycle().take(scores.len() * 10).enumerate() {
        counts[(score * 2.0) as usize] += 1;
        let ratio = test.llr(&counts);
        if let Some(verdict) = test.verdict(ratio) {
            return Some((k + 1, ratio, counts, verdict));
        }
    }
    None
}

#[test]
fn the_test_stops_where_the_ratio_first_crosses_a_bound() {
    // The reference script's SEQUENCE, repeated.
    let scores = [
        2.0, 1.5, 1.0, 2.0, 0.5, 1.5, 2.0, 1.0, 1.5, 2.0, 0.0, 1.5, 2.0, 2.0, 1.0, 1.5,
    ];
    let test = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
    let (pairs, ratio, counts, verdict) = run_until_decided(&test, &scores).unwrap();
    assert_eq!((pairs, verdict), (18, Verdict::H1));
    close(ratio, 3.176962753139, "LLR at the stop");
    assert_eq!(counts, [1, 1, 3, 6, 7]);
    let test = Sprt::new(300.0, 500.0, 0.05, 0.05).unwrap();
    let (pairs, ratio, counts, verdict) = run_until_decided(&test, &scores).unwrap();
    assert_eq!((pairs, verdict), (6, Verdict::H0));
    close(ratio, -3.425492268546, "LLR at the stop");
    assert_eq!(counts, [0, 1, 1, 2, 2]);
    // Between the bounds nothing is decided.
    assert_eq!(test.verdict(0.0), None);
    assert_eq!(test.verdict(2.9), None);
    assert_eq!(test.verdict(-2.9), None);
}

#[test]
fn bad_flags_give_one_line_and_status_two() {
    let base = ["match", "--variant", "flaxman", "--a", "3", "--b", "1"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        base.iter().chain(extra).copied().collect()
    };
    usage_error(&with(&[]), "--sprt");
    usage_error(&with(&["--sprt", "5"]), "--sprt");
    usage_error(&with(&["--sprt", "10", "5"]), "ELO0 below ELO1");
    usage_error(&with(&["--sprt", "0", "5", "--alpha", "0"]), "--alpha");
    usage_error(&with(&["--sprt", "0", "5", "--beta", "0.7"]), "--beta");
    usage_error(&with(&["--sprt", "0", "5", "--threads", "0"]), "--threads");
    usage_error(
        &with(&["--sprt", "0", "5", "--max-games", "0"]),
        "--max-games",
    );
    usage_error(&with(&["--sprt", "0", "5", "--seed", "x"]), "--seed");
    let bad_player = [
        "match",
        "--variant",
        "flaxman",
        "--a",
        "3:speed=1",
        "--b",
        "1",
        "--sprt",
        "0",
        "5",
    ];
    usage_error(&bad_player, "--a: unknown player option 'speed'");
    let bad_level = [
        "match",
        "--variant",
        "flaxman",
        "--a",
        "3",
        "--b",
        "9",
        "--sprt",
        "0",
        "5",
    ];
    usage_error(&bad_level, "--b: player must be");
    let bad_variant = [
        "match",
        "--variant",
        "nope",
        "--a",
        "3",
        "--b",
        "1",
        "--sprt",
        "0",
        "5",
    ];
    usage_error(&bad_variant, "nope");
}

/// Runs a match; its standard output's lines.
fn run_match(args: &[&str]) -> Vec<String> {
    let (code, out, err) = variantarium(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines().map(str::to_string).collect()
}

#[test]
fn a_small_match_reaches_its_verdict_line() {
    let lines = run_match(&[
        "match",
        "--variant",
        "flaxman",
        "--a",
        "1",
        "--b",
        "3",
        "--sprt",
        "0",
        "50",
        "--max-games",
        "4",
        "--seed",
        "5",
    ]);
    assert!(
        lines[0].starts_with("match flaxman: A 1 against B 3"),
        "{lines:?}"
    );
    let last = lines.last().unwrap();
    let verdicts = ["H1 accepted: ", "H0 accepted: ", "no decision: "];
    assert!(verdicts.iter().any(|v| last.starts_with(v)), "{last}");
    assert!(last.ends_with(" games"), "{last}");
    let pairs = &lines[1..lines.len() - 1];
    assert!(!pairs.is_empty() && pairs.len() <= 2, "{lines:?}");
    assert!(pairs[0].starts_with("pair 1: games 2, W-D-L "), "{lines:?}");
    assert!(pairs[0].contains(", penta ") && pairs[0].contains(", LLR "));
}

#[test]
fn without_a_decision_the_match_ends_at_the_game_limit_in_whole_pairs() {
    let lines = run_match(&[
        "match",
        "--variant",
        "flaxman",
        "--a",
        "1",
        "--b",
        "1",
        "--sprt",
        "-5",
        "5",
        "--max-games",
        "3",
    ]);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].contains("SPRT [-5, 5]"), "{lines:?}");
    assert!(lines[2].starts_with("pair 2: games 4, "), "{lines:?}");
    assert!(lines[3].starts_with("no decision: Elo "), "{lines:?}");
    assert!(lines[3].ends_with(", 4 games"), "{lines:?}");
}

#[test]
fn a_clear_difference_stops_early_and_the_content_follows_the_seed() {
    let args = |threads: &'static str| {
        vec![
            "match",
            "--variant",
            "flaxman",
            "--a",
            "2:nodes=3000",
            "--b",
            "random",
            "--sprt",
            "0",
            "150",
            "--max-games",
            "200",
            "--seed",
            "9",
            "--threads",
            threads,
        ]
    };
    let two = run_match(&args("2"));
    let last = two.last().unwrap();
    assert!(last.starts_with("H1 accepted: Elo +"), "{two:?}");
    let games: u64 = last
        .rsplit(", ")
        .next()
        .unwrap()
        .trim_end_matches(" games")
        .parse()
        .unwrap();
    assert!(games < 200, "{last}");
    // One thread or three: the same pairs in the same order.
    assert_eq!(run_match(&args("1")), two);
    assert_eq!(run_match(&args("3")), two);
    // The weaker side tested: H0.
    let weaker = run_match(&[
        "match",
        "--variant",
        "flaxman",
        "--a",
        "random",
        "--b",
        "2:nodes=3000",
        "--sprt",
        "0",
        "150",
        "--max-games",
        "200",
        "--seed",
        "9",
    ]);
    assert!(
        weaker.last().unwrap().starts_with("H0 accepted: Elo -"),
        "{weaker:?}"
    );
}

#[test]
fn a_three_player_match_plays_runs_of_three_games() {
    let lines = run_match(&[
        "match",
        "--variant",
        "aj-glinski-3p",
        "--a",
        "1:nodes=2000",
        "--b",
        "random",
        "--sprt",
        "0",
        "100",
        "--max-games",
        "3",
        "--opening-plies",
        "2",
    ]);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[1].starts_with("run 1: games 3, W-D-L "), "{lines:?}");
    let runs = lines[1].split(", runs ").nth(1).unwrap();
    let cells: Vec<&str> = runs.split(", LLR").next().unwrap().split(' ').collect();
    assert_eq!(cells.len(), 13, "{runs}");
    assert!(lines[2].ends_with(", 3 games"), "{lines:?}");
}

/// A match stopped part-way and started again with the same journal goes
/// on where it stopped: the pairs it kept are not played again, and the
/// output is the uninterrupted match's, line for line. A journal of
/// another match is refused.
#[test]
fn a_match_with_a_journal_goes_on_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("variantarium-journal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let journal = dir.join("flaxman.journal");
    let _ = std::fs::remove_file(&journal);
    let journal_text = journal.to_str().expect("a UTF-8 path");
    let args = |games: &'static str, journal: Option<&str>| {
        let mut args = vec![
            "match",
            "--variant",
            "flaxman",
            "--a",
            "1",
            "--b",
            "1:noise=400",
            "--sprt",
            "-5",
            "5",
            "--max-games",
            games,
            "--seed",
            "3",
        ];
        args.extend(journal.map(|j| ["--journal", j]).into_iter().flatten());
        args.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    let run = |args: Vec<String>| run_match(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let whole = run(args("8", None));
    let first = run(args("4", Some(journal_text)));
    assert_eq!(first[1..3], whole[1..3], "{first:?}");
    let kept = std::fs::read_to_string(&journal).expect("the journal");
    assert_eq!(kept.lines().count(), 4, "{kept}");
    assert_eq!(run(args("8", Some(journal_text))), whole);
    assert_eq!(
        std::fs::read_to_string(&journal).unwrap().lines().count(),
        6
    );
    let mut other = args("8", Some(journal_text));
    other[13] = "4".to_string();
    let other: Vec<&str> = other.iter().map(String::as_str).collect();
    usage_error(&other, "another match's");
    let _ = std::fs::remove_dir_all(&dir);
}
