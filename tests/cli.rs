//! The command line as a user meets it: exact output, exit status 2 and one
//! line on stderr for every kind of bad input.

use std::process::Command;

fn variantarium(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn usage_error(args: &[&str], needle: &str) {
    let (code, out, err) = variantarium(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?} printed {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(
        err.contains(needle),
        "{args:?}: {err:?} should mention {needle:?}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn perft_prints_the_total() {
    let (code, out, _) = variantarium(&["perft", "--variant", "flaxman", "--depth", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out, "nodes 332\n");
    let (_, out, _) = variantarium(&["perft", "--variant", "flaxman", "--depth", "0"]);
    assert_eq!(out, "nodes 1\n");
    let (_, out, _) = variantarium(&[
        "perft",
        "--variant",
        "flaxman",
        "--depth",
        "0",
        "--divide",
        "--moves",
        "",
    ]);
    assert_eq!(out, "nodes 1\n");
}

#[test]
fn perft_divide_lists_moves_in_byte_order_then_the_total() {
    let (code, out, _) =
        variantarium(&["perft", "--variant", "flaxman", "--depth", "2", "--divide"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "b1-a1 7\nb1-b2 7\nb1-c1 7\nd1-a1 7\nd1-d4 7\ne1-c1 6\ne1-e3 6\nnodes 47\n"
    );
}

#[test]
fn moves_after_a_move_list() {
    let (code, out, _) = variantarium(&[
        "moves",
        "--variant",
        "flaxman",
        "--moves",
        "d1-a1 e6-d6 a1-a4 d6-d5 b1-b6",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "c6-a2\n");
    let (_, out, _) = variantarium(&[
        "perft",
        "--variant",
        "flaxman",
        "--depth",
        "1",
        "--position",
        "6/6/3s2/6/2k1s1/1S1PK1 w",
    ]);
    assert_eq!(out, "nodes 0\n", "checkmated: no children");
}

#[test]
fn bad_input_is_one_line_and_status_two() {
    usage_error(
        &["perft", "--variant", "chess", "--depth", "1"],
        "unknown variant 'chess'",
    );
    usage_error(
        &["perft", "--variant", "flaxman", "--depth", "x"],
        "--depth",
    );
    usage_error(&["perft", "--variant", "flaxman", "--depth", "-1"], "-1");
    usage_error(&["perft", "--variant", "flaxman"], "--depth");
    usage_error(
        &["moves", "--variant", "flaxman", "--frobnicate"],
        "--frobnicate",
    );
    usage_error(&["dance"], "dance");
    usage_error(
        &["moves", "--variant", "flaxman", "--moves", "d1-a1 e6e5"],
        "move 2 of --moves: malformed move 'e6e5'",
    );
    usage_error(
        &["moves", "--variant", "flaxman", "--moves", "d1-a1 e6-e2"],
        "move 2 of --moves: illegal move 'e6-e2'",
    );
    usage_error(
        &["moves", "--variant", "flaxman", "--position", "6/6 w"],
        "bad position text",
    );
    usage_error(
        &["moves", "--variant", "flaxman", "--pawn", "broker"],
        "--pawn applies to hex games only",
    );
    usage_error(&["bench", "--seconds", "0"], "--seconds");
}

#[test]
fn help_is_not_an_error() {
    let (code, out, _) = variantarium(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("perft"));
}

#[test]
fn bench_reports_every_implemented_game() {
    let (code, out, _) = variantarium(&["bench", "--seconds", "0.01"]);
    assert_eq!(code, 0);
    let line = out
        .lines()
        .find(|l| l.starts_with("flaxman"))
        .expect("a flaxman line");
    assert!(line.contains("Mnps"), "{line}");
}

#[cfg(feature = "app")]
#[test]
fn the_window_without_a_display_is_a_clear_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args([
            "screenshot",
            "--variant",
            "flaxman",
            "--out",
            "/tmp/never.png",
        ])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("no display for the game window"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
