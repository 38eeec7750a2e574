//! The docs keep their word. The rules reference (`docs/rules.md`) quotes
//! each game's start position text exactly; every relative link in the
//! README and `docs/*.md` reaches a file (and a heading, when it names one);
//! and every `variantarium …` command shown in their code blocks works.
//!
//! Commands that finish at once (`perft`, `moves`, `status`, `learn --list`,
//! `learn --check`, any `--help`) are run: they must exit with status 0, and
//! in a `console` block, where a command is written `$ variantarium …`, the
//! lines under it are its exact standard output. The others open a window,
//! render, or run for long (`play`, `screenshot`, `record`, `learn` without
//! `--list`/`--check`, `bench`, `selfplay`): for them the subcommand's
//! `--help` must list every `--flag` the doc gives it. `record` exists only
//! with the `app` feature, so without it its commands are passed over.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use variantarium::rules::DrawRules;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::{Variant, VariantId};

const RULES_DOC: &str = include_str!("../docs/rules.md");

#[test]
fn the_rules_reference_quotes_the_start_positions_exactly() {
    let quoted = [
        VariantId::Flaxman,
        VariantId::Tapestry,
        VariantId::Chakra,
        VariantId::Glinski,
        VariantId::McCooey,
        VariantId::AjGlinski,
        VariantId::AjCompact,
        VariantId::AjGlinski3p,
    ];
    for id in quoted {
        let start = new_session(Variant::new(id), DrawRules::default(), None)
            .expect("every game starts")
            .position_text();
        assert!(
            RULES_DOC.contains(&start),
            "docs/rules.md does not quote the {id} start: {start}"
        );
    }
}

/// A game in the registry is in the rules reference: its id is written
/// there (as `id`), in the section that explains it.
#[test]
fn the_rules_reference_names_every_registered_game() {
    for game in &variantarium::rules::registry::GAMES {
        assert!(
            RULES_DOC.contains(&format!("`{}`", game.key)),
            "docs/rules.md does not name {}",
            game.key
        );
    }
}

/// The README and every `docs/*.md`, as (path from the repository root,
/// text), README first.
fn doc_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |relative: &str| {
        std::fs::read_to_string(root.join(relative))
            .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
    };
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("the docs folder")
        .map(|entry| entry.expect("a docs entry").file_name())
        .filter_map(|name| name.to_str().map(str::to_string))
        .filter(|name| name.ends_with(".md"))
        .collect();
    names.sort();
    let mut files = vec![("README.md".to_string(), read("README.md"))];
    for name in names {
        let path = format!("docs/{name}");
        let text = read(&path);
        files.push((path, text));
    }
    files
}

/// One `variantarium …` command line of a doc.
#[derive(Debug)]
struct Shown {
    /// `file:line`, for the messages.
    place: String,
    /// The arguments after `variantarium`.
    args: Vec<String>,
    /// In a `console` block: the standard output written under it.
    output: Option<Vec<String>>,
}

/// The words of a shell line: blanks split them, single and double quotes
/// group them, a backslash escapes the next character and `#` at the start
/// of a word begins a comment.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(done) = word.take() {
                    words.push(done);
                }
            }
            '#' if word.is_none() => break,
            '"' | '\'' => {
                let text = word.get_or_insert_with(String::new);
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    text.push(q);
                }
            }
            '\\' => {
                if let Some(next) = chars.next() {
                    word.get_or_insert_with(String::new).push(next);
                }
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// The arguments after the word `variantarium`, if the line runs it (after
/// `xvfb-run …` or environment settings, say).
fn variantarium_args(line: &str) -> Option<Vec<String>> {
    let words = shell_words(line);
    let at = words.iter().position(|w| w == "variantarium")?;
    Some(words[at + 1..].to_vec())
}

/// Every `variantarium` command in the code blocks of one doc.
fn shown_commands(file: &str, text: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut fence: Option<String> = None;
    let mut pending = String::new();
    let mut pending_line = 0;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            fence = match fence {
                None => Some(info.trim().to_string()),
                Some(_) => None,
            };
            pending.clear();
            continue;
        }
        let Some(info) = &fence else { continue };
        if info == "console" {
            if let Some(command) = trimmed.strip_prefix("$ ") {
                if let Some(args) = variantarium_args(command) {
                    shown.push(Shown {
                        place: format!("{file}:{}", index + 1),
                        args,
                        output: Some(Vec::new()),
                    });
                }
            } else if let Some(last) = shown.last_mut()
                && let Some(output) = &mut last.output
            {
                output.push(line.to_string());
            }
            continue;
        }
        if pending.is_empty() {
            pending_line = index + 1;
        }
        match line.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head);
                pending.push(' ');
            }
            None => {
                pending.push_str(line);
                if let Some(args) = variantarium_args(&pending) {
                    shown.push(Shown {
                        place: format!("{file}:{pending_line}"),
                        args,
                        output: None,
                    });
                }
                pending.clear();
            }
        }
    }
    shown
}

/// Whether a shown command is run (it finishes at once and opens no
/// window) rather than checked against its subcommand's help.
fn is_run(args: &[String]) -> bool {
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if has("--help") || has("-h") {
        return true;
    }
    match args.first().map(String::as_str) {
        Some("perft" | "moves" | "status") => true,
        Some("learn") => has("--list") || has("--check"),
        _ => false,
    }
}

/// The flags of a command line, without their `=value`.
fn flags(args: &[String]) -> BTreeSet<String> {
    args.iter()
        .filter(|a| a.starts_with("--") && a.len() > 2)
        .map(|a| a.split('=').next().unwrap_or(a).to_string())
        .collect()
}

/// Whether clap's help text lists `flag` (as a whole word).
fn help_lists(help: &str, flag: &str) -> bool {
    help.match_indices(flag).any(|(at, _)| {
        let before = help[..at].chars().next_back();
        let after = help[at + flag.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric() && c != '-')
            && after.is_none_or(|c| !c.is_alphanumeric() && c != '-' && c != '_')
    })
}

/// A folder of its own for the commands to run in, with the files the docs
/// name: `game.json` (a saved game) and `game.txt` (an exported record).
fn scratch_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-docs-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::create_dir_all(dir.join("config")).unwrap();
    let mut game =
        new_session(Variant::new(VariantId::Flaxman), DrawRules::default(), None).unwrap();
    for text in ["d1-a1", "e6-d6"] {
        game.play(text).unwrap();
    }
    for name in ["game.json", "game.txt"] {
        variantarium::record::save(game.as_ref(), &dir.join(name)).unwrap();
    }
    dir
}

/// Runs the binary in `dir`, with its data and config folders there too:
/// exit status, standard output, standard error.
fn run_in(dir: &Path, args: &[String]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_command_the_docs_show_works() {
    let dir = scratch_folder();
    let (mut ran, mut outputs, mut flags_checked, mut passed_over) = (0, 0, 0, 0);
    let mut subcommands = BTreeSet::new();
    let mut problems = Vec::new();
    for (file, text) in doc_files() {
        for shown in shown_commands(&file, &text) {
            let place = &shown.place;
            let line = shown.args.join(" ");
            let Some(sub) = shown.args.first() else {
                continue; // The bare command: the window's title screen.
            };
            if sub == "record" && !cfg!(feature = "app") {
                passed_over += 1;
                continue;
            }
            subcommands.insert(sub.clone());
            if is_run(&shown.args) {
                let (code, out, err) = run_in(&dir, &shown.args);
                ran += 1;
                if code != 0 {
                    problems.push(format!(
                        "{place}: `variantarium {line}` exits {code}: {err}"
                    ));
                    continue;
                }
                if let Some(expected) = &shown.output {
                    outputs += 1;
                    let got: Vec<&str> = out.lines().collect();
                    if got != *expected {
                        problems.push(format!(
                            "{place}: `variantarium {line}` prints {got:?}, the doc says {expected:?}"
                        ));
                    }
                }
                continue;
            }
            // A subcommand's own subcommand (`puzzles generate`) has its own help.
            let mut asked: Vec<String> = shown.args.iter().take(2).cloned().collect();
            asked.retain(|a| !a.starts_with('-'));
            asked.push("--help".into());
            let (code, help, err) = run_in(&dir, &asked);
            if code != 0 {
                let asked = asked.join(" ");
                problems.push(format!("{place}: `variantarium {asked}` fails: {err}"));
                continue;
            }
            for flag in flags(&shown.args) {
                flags_checked += 1;
                if !help_lists(&help, &flag) {
                    problems.push(format!(
                        "{place}: `variantarium {line}`: {sub} takes no {flag}"
                    ));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "docs: {ran} commands run ({outputs} outputs compared), {flags_checked} flags checked \
         against their subcommand's help, {passed_over} passed over without the window"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The docs show at least these, so that a broken collector cannot pass.
    for sub in [
        "perft", "moves", "status", "learn", "play", "bench", "selfplay",
    ] {
        assert!(subcommands.contains(sub), "no `variantarium {sub}` shown");
    }
    assert!(ran >= 10 && outputs >= 5 && flags_checked >= 30);
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens,
/// other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown text's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_code = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.insert(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of the inline links and images `[text](target)` in a text.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_string());
        }
    }
    targets
}

#[test]
fn every_relative_link_of_the_docs_reaches_its_file_and_heading() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    let mut checked = 0;
    for (file, text) in doc_files() {
        let here = root.join(&file);
        let folder = here.parent().unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, fragment) = match target.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() {
                here.clone()
            } else {
                folder.join(path)
            };
            if !linked.exists() {
                problems.push(format!("{file}: ({target}): no such file"));
                continue;
            }
            if let Some(fragment) = fragment
                && linked.extension().is_some_and(|e| e == "md")
            {
                let text = std::fs::read_to_string(&linked).unwrap();
                if !anchors(&text).contains(fragment) {
                    problems.push(format!("{file}: ({target}): no such heading"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 20, "only {checked} links found");
}
