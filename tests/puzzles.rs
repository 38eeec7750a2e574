//! Puzzles: every shipped puzzle proved (legality and end; uniqueness on a
//! seeded sample), a generator run reproducible whatever its threads and
//! its puzzles passing the check, a merged run keeping the file, and broken
//! puzzles named by file and index.

use std::path::PathBuf;

use crate::cli::variantarium;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

/// One pass over every shipped file (the slow part of this module): each
/// puzzle's legality and end, and the uniqueness proof on a seeded sample
/// of two a file.
#[test]
fn every_shipped_puzzle_is_legal_and_ends_as_stated_and_a_sample_is_unique() {
    let (code, out, err) = variantarium(&[
        "puzzles",
        "--check",
        "--uniqueness",
        "sample",
        "2",
        "--seed",
        "7",
    ]);
    assert_eq!(code, 0, "{err}");
    let count: usize = out
        .trim()
        .strip_prefix("puzzles ")
        .and_then(|s| s.strip_suffix(" ok"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output {out:?}"));
    assert!(count >= 100, "only {count} puzzles shipped");
}

fn generate(out: &PathBuf, extra: &[&str]) -> String {
    let path = out.to_str().expect("a path");
    let mut args = vec![
        "puzzles",
        "generate",
        "--variant",
        "flaxman",
        "--games",
        "3",
        "--seed",
        "2",
        "--out",
        path,
    ];
    args.extend_from_slice(extra);
    let (code, stdout, err) = variantarium(&args);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.starts_with("puzzles "), "{stdout}");
    std::fs::read_to_string(out).expect("the puzzle file")
}

#[test]
fn a_generator_run_is_reproducible_and_passes_the_check() {
    let (a, b) = (scratch("gen-a.json"), scratch("gen-b.json"));
    let first = generate(&a, &[]);
    assert_eq!(
        first,
        generate(&b, &["--threads", "2"]),
        "two runs from one seed differ (one thread, then two)"
    );
    let puzzles = variantarium::puzzles::parse_puzzles(&first).expect("a puzzle file");
    assert!(!puzzles.is_empty(), "the run found no puzzle");
    let (code, out, err) = variantarium(&["puzzles", "--check", a.to_str().expect("a path")]);
    assert_eq!(
        (code, out),
        (0, format!("puzzles {} ok\n", puzzles.len())),
        "{err}"
    );
}

#[test]
fn blunders_played_aside_add_puzzles_reproducibly_and_keep_the_games_own() {
    use variantarium::puzzles::parse_puzzles;
    let (plain, a, b) = (
        scratch("gen-plain.json"),
        scratch("gen-blunders-a.json"),
        scratch("gen-blunders-b.json"),
    );
    let own = parse_puzzles(&generate(&plain, &[])).expect("a puzzle file");
    let first = generate(&a, &["--blunders", "1"]);
    assert_eq!(
        first,
        generate(&b, &["--blunders", "1", "--threads", "2"]),
        "two runs with blunders from one seed differ (one thread, then two)"
    );
    let with_blunders = parse_puzzles(&first).expect("a puzzle file");
    assert!(
        own.iter().all(|p| with_blunders.contains(p)),
        "a puzzle of the game itself was lost"
    );
    assert!(
        with_blunders.len() > own.len(),
        "the blunders added nothing: {} puzzles, {} without them",
        with_blunders.len(),
        own.len()
    );
    let (code, out, err) = variantarium(&["puzzles", "--check", a.to_str().expect("a path")]);
    assert_eq!(
        (code, out),
        (0, format!("puzzles {} ok\n", with_blunders.len())),
        "{err}"
    );
}

#[test]
fn a_merged_run_keeps_the_file_and_adds_only_new_ids() {
    use variantarium::puzzles::parse_puzzles;
    let file = scratch("merge.json");
    let first = parse_puzzles(&generate(&file, &[])).expect("a puzzle file");
    // The same run merged into its own file adds nothing.
    let again = parse_puzzles(&generate(&file, &["--merge"])).expect("a puzzle file");
    assert_eq!(first, again);
    let path = file.to_str().expect("a path");
    let (code, out, err) = variantarium(&[
        "puzzles",
        "generate",
        "--variant",
        "flaxman",
        "--games",
        "3",
        "--seed",
        "5",
        "--out",
        path,
        "--merge",
    ]);
    assert_eq!(code, 0, "{err}");
    let merged = parse_puzzles(&std::fs::read_to_string(&file).expect("read")).expect("puzzles");
    let added: usize = out
        .split("new ")
        .nth(1)
        .and_then(|s| s.split(';').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of new puzzles in {out:?}"));
    assert_eq!(merged.len(), first.len() + added);
    assert!(
        first.iter().all(|p| merged.contains(p)),
        "a kept puzzle was lost"
    );
    assert!(
        merged.windows(2).all(|w| w[0].id < w[1].id),
        "not sorted by id"
    );
}

/// A shipped material puzzle, to break by hand.
fn shipped_material() -> variantarium::puzzles::Puzzle {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("assets/puzzles")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).expect("a puzzle file");
            variantarium::puzzles::parse_puzzles(&text).expect("puzzles")
        })
        .find(|p| matches!(p.end, variantarium::puzzles::End::Material { .. }))
        .expect("a material puzzle")
}

#[test]
fn broken_puzzles_are_named_by_file_and_index() {
    use variantarium::puzzles::{End, puzzles_json};
    let good = shipped_material();
    let mut illegal = good.clone();
    illegal.solution[0] = "a1-a1".into();
    let mut mislabelled = good.clone();
    mislabelled.end = End::Mate;
    let mut greedy = good.clone();
    greedy.end = End::Material { gain: 5000 };
    let mut even = good.clone();
    even.solution.pop();
    let file = scratch("broken.json");
    let set = [good, illegal, mislabelled, greedy, even];
    std::fs::write(&file, puzzles_json(&set)).expect("written");
    let name = file.to_str().expect("a path");
    let (code, out, err) = variantarium(&["puzzles", "--check", "--uniqueness", "none", name]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    for (line, index) in lines.iter().zip([1, 2, 3, 4]) {
        assert!(line.contains(name), "{line}");
        assert!(line.contains(&format!("puzzle {index} ")), "{line}");
    }
    assert!(lines[0].contains("'a1-a1'"), "{}", lines[0]);
    assert!(lines[1].contains("solver's win"), "{}", lines[1]);
    assert!(lines[2].contains("not the 5000 stated"), "{}", lines[2]);
    assert!(lines[3].contains("end with a solver move"), "{}", lines[3]);
    std::fs::write(&file, "{not json").expect("written");
    let (code, _, err) = variantarium(&["puzzles", "--check", name]);
    assert_eq!(code, 2);
    assert!(
        err.contains(name) && err.contains("not a puzzle file"),
        "{err}"
    );
}
