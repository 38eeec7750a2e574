//! The command line as a user meets it: exact output, exit status 2 and one
//! line on stderr for every kind of bad input.

use std::process::Command;

/// Runs the binary: its exit status, standard output and standard error.
pub fn variantarium(args: &[&str]) -> (i32, String, String) {
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

/// A command that must fail on bad input: exit status 2, nothing on
/// standard output, one line on standard error naming `needle`, no panic.
pub fn usage_error(args: &[&str], needle: &str) {
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
    usage_error(&["bench", "--prune", "deep"], "prune must be 'on' or 'off'");
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

/// A display but no Vulkan driver (the loader pointed at none): one line
/// naming what to install, exit status 2, no panic.
#[cfg(feature = "app")]
#[test]
fn the_window_without_a_gpu_driver_says_what_to_install() {
    let display = crate::display::PrivateDisplay::start();
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["screenshot", "--variant", "flaxman", "--out"])
        .arg(std::env::temp_dir().join("variantarium-no-gpu.png"))
        .env("DISPLAY", &display.name)
        .env("VK_ICD_FILENAMES", "/nonexistent/none.json")
        .env("VK_DRIVER_FILES", "/nonexistent/none.json")
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("no GPU driver"), "{err}");
    assert!(err.contains("mesa-vulkan-drivers"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `status` on a position (`--variant V --position TEXT`, more flags after).
fn status(variant: &str, position: &str, more: &[&str]) -> String {
    let mut args = vec!["status", "--variant", variant, "--position", position];
    args.extend_from_slice(more);
    let (code, out, err) = variantarium(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Positions and what `status` says of them: the result and reason, then
/// whether the side to move is in check.
const STATUS_CASES: [(&str, &str, &str); 14] = [
    // Flaxman: every mobile man pinned is a stalemate even in check.
    (
        "flaxman",
        "2s2k/6/6/2K2s/5P/P5 w",
        "1/2-1/2 stalemate\ncheck\n",
    ),
    (
        "flaxman",
        "6/6/3s2/6/2k1s1/1S1PK1 w",
        "0-1 checkmate\ncheck\n",
    ),
    (
        "flaxman",
        "1kp1s1/1S1K2/6/2S3/6/6 b",
        "1-0 checkmate\ncheck\n",
    ),
    (
        "flaxman",
        "3kS1/3K2/1s4/6/1S4/4p1 b",
        "1/2-1/2 stalemate\nno-check\n",
    ),
    ("flaxman", "1sk1s1/6/6/6/6/1S1KS1 w", "ongoing\nno-check\n"),
    // Tapestry: a player with no legal move loses, in check or not.
    (
        "tapestry",
        "2R2k/6/6/6/6/K5 b EEE -",
        "1-0 checkmate\ncheck\n",
    ),
    (
        "tapestry",
        "3k2/4P1/5N/5N/6/K5 b EEE -",
        "1-0 no-move\nno-check\n",
    ),
    (
        "tapestry",
        "5k/6/n5/n5/1p4/2K3 w EEE -",
        "0-1 no-move\nno-check\n",
    ),
    // Chakra.
    (
        "chakra",
        "7k/5A2/5K2/6A1/8/8/8/8 b Tf6n,Tg8n",
        "1-0 checkmate\ncheck\n",
    ),
    (
        "chakra",
        "7k/5Q2/8/8/8/8/8/K7 b -",
        "1/2-1/2 stalemate\nno-check\n",
    ),
    // Glinski scores a stalemate ¾ to the side that gave it.
    (
        "glinski",
        "6/7/K7/9/10/8Q1k/10/9/8/7/6 b -",
        "1-0 checkmate\ncheck\n",
    ),
    (
        "glinski",
        "6/7/K7/7Q1/10/8P1k/10/9/8/7/6 b -",
        "3/4-1/4 stalemate\nno-check\n",
    ),
    (
        "glinski",
        "6/7/7k/1q7/10/K1p8/10/9/8/7/6 w -",
        "1/4-3/4 stalemate\nno-check\n",
    ),
    // Anglojewish scores a stalemate as a draw.
    (
        "aj-glinski",
        "6/7/G7/9/8P1/9Pg/10/9/8/7/6 b -",
        "1/2-1/2 stalemate\nno-check\n",
    ),
];

#[test]
fn status_names_each_games_end_and_the_check() {
    for (variant, position, expected) in STATUS_CASES {
        assert_eq!(
            status(variant, position, &[]),
            expected,
            "{variant} {position}"
        );
    }
}

#[test]
fn status_applies_the_draw_rules_unless_switched_off() {
    let cycle = "d1-a1 c6-f6 a1-d1 f6-c6";
    let twice = format!("{cycle} {cycle}");
    let start = "1sk1s1/6/6/6/6/1S1KS1 w";
    let moves = ["--moves", twice.as_str()];
    assert_eq!(
        status("flaxman", start, &moves),
        "1/2-1/2 repetition\nno-check\n"
    );
    let off = ["--moves", twice.as_str(), "--no-repetition"];
    assert_eq!(status("flaxman", start, &off), "ongoing\nno-check\n");
    let fifty = vec![cycle; 25].join(" ");
    let moves = ["--moves", fifty.as_str(), "--no-repetition"];
    assert_eq!(
        status("flaxman", start, &moves),
        "1/2-1/2 fifty-moves\nno-check\n"
    );
    let moves = [
        "--moves",
        fifty.as_str(),
        "--no-repetition",
        "--no-fifty-moves",
    ];
    assert_eq!(status("flaxman", start, &moves), "ongoing\nno-check\n");
}

#[test]
fn status_moves_and_perft_read_a_record() {
    let dir = std::env::temp_dir().join(format!("variantarium-status-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mate.txt");
    let record = "[Variant \"flaxman\"]\n\n1. d1-a1 e6-d6 2. a1-a4 d6-d5 3. b1-b6 *\n";
    std::fs::write(&path, record).unwrap();
    let file = path.to_str().unwrap();
    let (code, out, err) = variantarium(&["moves", "--record", file]);
    assert_eq!((code, out.as_str()), (0, "c6-a2\n"), "{err}");
    let (code, out, _) = variantarium(&["perft", "--record", file, "--depth", "1"]);
    assert_eq!((code, out.as_str()), (0, "nodes 1\n"));
    let (code, out, _) = variantarium(&["status", "--record", file]);
    assert_eq!((code, out.as_str()), (0, "ongoing\nno-check\n"));
    // --moves go on from where the record stands.
    let (code, out, _) = variantarium(&["moves", "--record", file, "--moves", "c6-a2"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().take(3).collect::<Vec<_>>(),
        ["a4-f1", "b6-b1", "b6-e2"]
    );
    usage_error(&["moves", "--record", file, "--moves", "c6-c5"], "move 1");
    usage_error(
        &["status", "--record", file, "--variant", "flaxman"],
        "--record",
    );
    usage_error(&["status"], "--variant");
    usage_error(
        &["status", "--record", "/nonexistent/game.txt"],
        "/nonexistent/game.txt",
    );
    usage_error(
        &["status", "--variant", "chakra", "--moves", "e2-e5"],
        "move 1",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_and_bench_take_a_pawn_kind() {
    let (code, out, err) = variantarium(&[
        "bench",
        "--variant",
        "aj-glinski",
        "--pawn",
        "broker",
        "--seconds",
        "0.01",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.lines().all(|l| l.starts_with("aj-glinski ")), "{out}");
    let (code, out, err) = variantarium(&[
        "selfplay",
        "--variant",
        "glinski",
        "--pawn",
        "corporal",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "1",
        "--max-plies",
        "6",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("0-1-0\n"), "{out}");
    usage_error(&["bench", "--pawn", "broker"], "--variant");
    usage_error(
        &[
            "selfplay",
            "--variant",
            "chakra",
            "--pawn",
            "point",
            "--white",
            "1",
        ]
        .iter()
        .chain(&["--black", "1", "--games", "1"])
        .copied()
        .collect::<Vec<_>>(),
        "hex games only",
    );
    usage_error(
        &["bench", "--variant", "glinski", "--pawn", "knight"],
        "unknown pawn kind 'knight'",
    );
}

/// `--promotion` on every command that takes `--pawn`: the Anglojewish games
/// take it, the classical ones and the other games refuse it in one line
/// with exit status 2, and a bad value is named.
#[test]
fn the_promotion_option_on_the_command_line() {
    // Compact: White's Finch on e8 takes the Rabbi on e9, its edge.
    let text = crate::hexchess::text_of(
        variantarium::rules::geometry::hex::HexGrid::COMPACT,
        &[("e8", 'F'), ("e9", 'b'), ("a1", 'G'), ("i5", 'g')],
        'w',
        "-",
    );
    let moves = |promotion: &str| {
        let (code, out, err) = variantarium(&[
            "moves",
            "--variant",
            "aj-compact",
            "--promotion",
            promotion,
            "--position",
            &text,
        ]);
        assert_eq!(code, 0, "{err}");
        out.lines().map(String::from).collect::<Vec<_>>()
    };
    let upgrading = moves("straight-curved");
    assert!(upgrading.iter().any(|m| m == "e8-e9"), "{upgrading:?}");
    assert!(upgrading.iter().any(|m| m == "e8-e9=R"), "{upgrading:?}");
    for promotion in ["curved", "straight"] {
        let plain = moves(promotion);
        assert!(plain.iter().any(|m| m == "e8-e9"), "{promotion}");
        assert!(plain.iter().all(|m| !m.contains('=')), "{promotion}");
    }
    let (code, out, err) = variantarium(&[
        "perft",
        "--variant",
        "aj-glinski-3p",
        "--promotion",
        "straight",
        "--depth",
        "2",
    ]);
    assert_eq!((code, out.as_str()), (0, "nodes 1297\n"), "{err}");
    for args in [
        &["perft", "--variant", "glinski", "--depth", "1"][..],
        &["moves", "--variant", "mccooey"],
        &["status", "--variant", "glinski"],
        &["bench", "--variant", "glinski", "--seconds", "0.01"],
        &["perft", "--variant", "chakra", "--depth", "1"],
    ] {
        let mut args = args.to_vec();
        args.extend(["--promotion", "straight"]);
        usage_error(&args, "--promotion applies to Anglojewish games only");
    }
    usage_error(
        &["selfplay", "--variant", "glinski", "--promotion", "curved"]
            .iter()
            .chain(&["--white", "1", "--black", "1", "--games", "1"])
            .copied()
            .collect::<Vec<_>>(),
        "--promotion applies to Anglojewish games only",
    );
    usage_error(
        &[
            "perft",
            "--variant",
            "aj-glinski",
            "--promotion",
            "bent",
            "--depth",
            "1",
        ],
        "unknown promotion 'bent' (known: curved, straight, straight-curved)",
    );
    usage_error(&["bench", "--promotion", "straight"], "--variant");
}

#[test]
fn selfplay_and_bench_take_a_promotion_option() {
    let (code, out, err) = variantarium(&[
        "bench",
        "--variant",
        "aj-compact",
        "--promotion",
        "straight-curved",
        "--seconds",
        "0.01",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().all(|l| l.starts_with("aj-compact ")), "{out}");
    let (code, out, err) = variantarium(&[
        "selfplay",
        "--variant",
        "aj-compact",
        "--promotion",
        "straight",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "2",
        "--max-plies",
        "400",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().count() >= 3, "{out}");
}
