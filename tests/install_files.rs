//! What a package installs beside the binary, made by the binary from its
//! own command-line definitions: the manual pages and the completion
//! scripts.

use crate::cli::{usage_error, variantarium};

/// The subcommands a player sees in `--help`.
const SUBCOMMANDS: [&str; 6] = ["perft", "play", "screenshot", "learn", "manual", "serve"];

#[test]
fn the_manual_page_names_the_subcommands_and_their_options() {
    let (code, page, err) = variantarium(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        page.contains(".TH variantarium 1"),
        "roff with its title line"
    );
    for name in SUBCOMMANDS {
        assert!(page.contains(name), "the page names {name}");
    }
    // Packagers' subcommands stay out of the player's page.
    assert!(!page.contains("completions"), "{page}");
}

#[test]
fn man_out_writes_a_page_per_subcommand() {
    let dir = std::env::temp_dir().join(format!("variantarium-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().expect("a UTF-8 temporary folder");
    let (code, listed, err) = variantarium(&["man", "--out", dir_arg]);
    assert_eq!(code, 0, "{err}");
    let top = std::fs::read_to_string(dir.join("variantarium.1")).expect("the program's page");
    assert!(top.contains("perft"));
    let perft = std::fs::read_to_string(dir.join("variantarium-perft.1")).expect("perft's page");
    assert!(
        perft.contains("\\-\\-depth"),
        "perft's page lists --depth:\n{perft}"
    );
    for name in SUBCOMMANDS {
        let file = dir.join(format!("variantarium-{name}.1"));
        assert!(file.is_file(), "{} is written", file.display());
        assert!(listed.contains(&file.display().to_string()), "{listed}");
    }
    assert!(
        !dir.join("variantarium-man.1").exists(),
        "no page for a hidden subcommand"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_shell_gets_a_completion_script_that_knows_the_subcommands() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, script, err) = variantarium(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(script.contains("perft"), "{shell}'s script names perft");
        assert!(
            script.contains("--variant"),
            "{shell}'s script names perft's options"
        );
    }
}

#[test]
fn an_unknown_shell_is_one_line() {
    usage_error(&["completions", "tcsh"], "tcsh");
    usage_error(&["completions"], "SHELL");
    usage_error(&["man", "--out"], "--out");
}

#[test]
fn a_man_folder_that_cannot_be_made_is_one_line() {
    usage_error(
        &["man", "--out", "/proc/variantarium-man"],
        "/proc/variantarium-man",
    );
}

#[test]
fn the_packagers_subcommands_are_not_in_the_help() {
    let (_, help, _) = variantarium(&["--help"]);
    assert!(help.contains("perft"), "{help}");
    assert!(!help.contains("completions"), "{help}");
    assert!(
        !help.lines().any(|l| l.trim_start().starts_with("man ")),
        "{help}"
    );
}
