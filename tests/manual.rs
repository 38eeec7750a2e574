//! `variantarium manual`: the site is well-formed (every page read by a
//! strict XML reader), every link and picture names a file of the site
//! (and an anchor of it), nothing points outside the folder, every man and
//! lesson of the game is on its page, every command a page shows runs as
//! shown, and bad input ends in one line and exit status 2. With the
//! window: the Flaxman manual records each lesson once as a WebM and a GIF
//! and shows them on its page.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use variantarium::learn::{Library, Step};
use variantarium::rules::glossary::man_info;
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::view::ManState;

use super::xml::{Element, parse_xml};

/// A fresh folder of this test's own.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-manual-{}", std::process::id()))
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.parent().unwrap()).expect("a scratch folder");
    dir
}

fn manual(args: &[&str], display: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    command.arg("manual").args(args);
    match display {
        Some(name) => command.env("DISPLAY", name),
        None => command.env_remove("DISPLAY"),
    };
    command.output().expect("the binary runs")
}

/// The Flaxman page alone (and the index), without videos, into `dir`.
fn build_flaxman_only(dir: &Path) {
    succeeded(&manual(
        &[
            "--out",
            dir.to_str().unwrap(),
            "--only",
            "flaxman",
            "--no-videos",
        ],
        None,
    ));
}

fn succeeded(output: &Output) {
    assert!(
        output.status.success(),
        "manual failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A page read strictly: the doctype, then one well-formed `<html>`.
fn page(path: &Path) -> (String, Vec<Element>) {
    let text = std::fs::read_to_string(path).expect("a page");
    let body = text
        .strip_prefix("<!DOCTYPE html>\n")
        .unwrap_or_else(|| panic!("{} does not start with the doctype", path.display()));
    let elements = parse_xml(body).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(elements[0].name, "html", "{}", path.display());
    (text, elements)
}

fn ids(elements: &[Element]) -> BTreeSet<String> {
    elements
        .iter()
        .filter_map(|e| e.attributes.get("id").cloned())
        .collect()
}

/// Checks every page of the site in `dir` and returns their file names.
fn check_site(dir: &Path) -> BTreeSet<String> {
    let pages: BTreeSet<String> = std::fs::read_dir(dir)
        .expect("the site")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".html"))
        .collect();
    assert!(pages.contains("index.html"), "{pages:?}");
    for name in &pages {
        let (_, elements) = page(&dir.join(name));
        for element in &elements {
            for attribute in ["href", "src"] {
                if let Some(target) = element.attributes.get(attribute) {
                    check_link(dir, name, target);
                }
            }
        }
    }
    let css = std::fs::read_to_string(dir.join("style.css")).expect("the style sheet");
    assert!(
        !css.contains("url(") && !css.contains("@import"),
        "the CSS loads nothing"
    );
    pages
}

/// A link names a file of the site by a relative path, and its anchor an
/// `id` of that page.
fn check_link(dir: &Path, from: &str, target: &str) {
    assert!(
        !target.contains(':') && !target.starts_with('/'),
        "{from}: {target} is not a relative link"
    );
    let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
    let file = if file.is_empty() { from } else { file };
    let path = dir.join(file);
    assert!(path.is_file(), "{from}: {target} names no file of the site");
    if !anchor.is_empty() {
        let (_, elements) = page(&path);
        assert!(
            ids(&elements).contains(anchor),
            "{from}: no id {anchor} in {file}"
        );
    }
}

/// Text as the pages write it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// Every Flaxman man (his name from the rules) and every Flaxman lesson
/// (title, goal, each caption and exercise prompt) is on the page.
fn check_flaxman_page(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("flaxman.html")).expect("the Flaxman page");
    let variant = Variant::new(VariantId::Flaxman);
    let mut names = BTreeSet::new();
    for letter in ['K', 'S'] {
        for state in [ManState::Normal, ManState::Prisoner] {
            names.insert(
                man_info(variant, letter, state)
                    .expect("a Flaxman man")
                    .name,
            );
        }
    }
    assert_eq!(names.len(), 3, "King, Soldier, Prisoner: {names:?}");
    for name in names {
        assert!(
            text.contains(&format!("<h3>{name}")),
            "the {name} is on the page"
        );
    }
    for svg in ["men/flaxman-king.svg", "men/flaxman-soldier.svg"] {
        assert!(text.contains(&format!("src=\"{svg}\"")), "{svg}");
    }
    let library = Library::shipped().expect("the lessons");
    let lessons: Vec<_> = library
        .entries
        .iter()
        .filter_map(|e| e.playable())
        .filter(|l| l.variant == "flaxman")
        .collect();
    assert!(lessons.len() >= 5, "Flaxman has its lessons");
    for lesson in &lessons {
        let article = format!("id=\"lesson-{}\"", lesson.id);
        let mut at = text
            .find(&article)
            .unwrap_or_else(|| panic!("{}", lesson.id));
        assert!(text.contains(&escaped(&lesson.title)), "{}", lesson.title);
        assert!(text.contains(&escaped(&lesson.goal)), "{}", lesson.goal);
        for step in &lesson.steps {
            let said = match step {
                Step::Caption { text, .. } => text,
                Step::Exercise(exercise) => &exercise.prompt,
                _ => continue,
            };
            let found = text[at..]
                .find(&escaped(said))
                .unwrap_or_else(|| panic!("{}: {said:?} in order", lesson.id));
            at += found;
        }
    }
    lessons.iter().map(|l| l.id.clone()).collect()
}

#[test]
fn the_pages_are_well_formed_and_link_only_files_of_the_site() {
    let dir = scratch("all");
    let output = manual(&["--out", dir.to_str().unwrap(), "--no-videos"], None);
    succeeded(&output);
    let pages = check_site(&dir);
    for key in ["flaxman", "tapestry", "anglojewish", "hexagonal", "chakra"] {
        assert!(pages.contains(&format!("{key}.html")), "{key}: {pages:?}");
    }
    check_flaxman_page(&dir);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("href=\"chakra.html\"") && index.contains("thumbnails/chakra.png"));
    let chakra = std::fs::read_to_string(dir.join("chakra.html")).unwrap();
    for part in [
        "Courtesan",
        "Transmitter",
        "### Position text",
        "Move notation",
    ] {
        let part = part.trim_start_matches("### ");
        assert!(chakra.contains(part), "the Chakra page tells of {part}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("manual ") && stdout.contains("6 pages"),
        "{stdout}"
    );
}

#[test]
fn one_game_only_marks_the_others_not_built() {
    let dir = scratch("only");
    build_flaxman_only(&dir);
    let pages = check_site(&dir);
    assert_eq!(
        pages,
        BTreeSet::from(["flaxman.html".to_string(), "index.html".to_string()])
    );
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("href=\"flaxman.html\""));
    assert!(!index.contains("href=\"tapestry.html\""));
    assert!(index.contains("Not built in this copy"));
    // A variant id names its game's page.
    succeeded(&manual(
        &[
            "--out",
            dir.to_str().unwrap(),
            "--only",
            "aj-mccooey",
            "--no-videos",
        ],
        None,
    ));
    assert!(dir.join("anglojewish.html").is_file() && !dir.join("chakra.html").exists());
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("href=\"flaxman.html\"") && index.contains("href=\"anglojewish.html\""));
}

/// What a manual with videos asks for when it cannot record: a display,
/// or in a build without the window, `--no-videos`.
const NEEDS_VIDEOS: &str = if cfg!(feature = "app") {
    "DISPLAY"
} else {
    "--no-videos"
};

#[test]
fn bad_input_is_one_line_exit_2_and_writes_nothing() {
    let dir = scratch("bad");
    let out = dir.to_str().unwrap().to_string();
    let file =
        std::env::temp_dir().join(format!("variantarium-manual-file-{}", std::process::id()));
    std::fs::write(&file, "x").unwrap();
    let cases: [(Vec<&str>, &str); 6] = [
        (vec!["--out", &out, "--only", "go"], "unknown game 'go'"),
        (vec!["--out", &out, "--size", "big"], "--size"),
        (vec!["--out", &out, "--fps", "0"], "--fps"),
        (vec!["--out", &out, "--fps", "many"], "--fps"),
        (vec![], "--out"),
        (vec!["--out", &out], NEEDS_VIDEOS),
    ];
    for (args, says) in cases {
        let output = manual(&args, None);
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err:?}");
        assert!(err.contains(says), "{args:?}: {err:?} names {says}");
        assert!(!dir.exists(), "{args:?} wrote the folder");
    }
    let output = manual(&["--out", file.to_str().unwrap(), "--no-videos"], None);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("is a file") && err.lines().count() == 1,
        "{err:?}"
    );
    let _ = std::fs::remove_file(&file);
}

/// With the window: each Flaxman lesson recorded once, small and slow, as
/// a WebM and a GIF that its page plays; no scratch or partial file left.
#[cfg(feature = "app")]
#[test]
fn the_flaxman_manual_records_each_lesson_as_webm_and_gif() {
    use crate::display::PrivateDisplay;

    let display = PrivateDisplay::start();
    let dir = scratch("videos");
    let output = manual(
        &[
            "--out",
            dir.to_str().unwrap(),
            "--only",
            "flaxman",
            "--size",
            "320x180",
            "--fps",
            "2",
        ],
        Some(&display.name),
    );
    succeeded(&output);
    check_site(&dir);
    let lessons = check_flaxman_page(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let page = std::fs::read_to_string(dir.join("flaxman.html")).unwrap();
    for (n, id) in lessons.iter().enumerate() {
        let progress = format!("lesson {}/{}: {id} …", n + 1, lessons.len());
        assert!(stderr.contains(&progress), "{progress} in {stderr}");
        let webm = std::fs::read(dir.join(format!("videos/{id}.webm"))).expect("the WebM");
        let gif = std::fs::read(dir.join(format!("videos/{id}.gif"))).expect("the GIF");
        assert!(
            webm.starts_with(&[0x1a, 0x45, 0xdf, 0xa3]),
            "{id}: a WebM (EBML)"
        );
        assert!(gif.starts_with(b"GIF89a"), "{id}: a GIF");
        assert_eq!(
            u16::from_le_bytes([gif[6], gif[7]]),
            320,
            "{id}: the GIF's width"
        );
        assert!(page.contains(&format!(
            "<source src=\"videos/{id}.webm\" type=\"video/webm\" />"
        )));
        assert!(page.contains(&format!("<img src=\"videos/{id}.gif\"")));
    }
    let hidden: Vec<String> = walk(&dir)
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(hidden.is_empty(), "left behind: {hidden:?}");
}

/// Every file and folder under `dir`.
#[cfg(feature = "app")]
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(walk(&path));
        }
        found.push(path);
    }
    found
}

/// The commands a site's pages show a player, each once, as written
/// between `<code>` and `</code>` (entities undone).
#[cfg(feature = "app")]
fn shown_commands(dir: &Path) -> BTreeSet<String> {
    let mut commands = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("the site").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".html") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for piece in text.split("<code>").skip(1) {
            let code = piece.split("</code>").next().unwrap();
            if code.starts_with("variantarium ") {
                let code = code
                    .replace("&#39;", "'")
                    .replace("&apos;", "'")
                    .replace("&quot;", "\"")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&");
                commands.insert(code);
            }
        }
    }
    commands
}

/// `sh -c` with the command as a player pastes it, the test's binary first
/// on the PATH.
#[cfg(feature = "app")]
fn shell(command: &str) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_variantarium"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shell = Command::new("sh");
    shell.args(["-c", command]).env("PATH", path);
    shell
}

/// Every command a page shows runs as shown: the index's command for a
/// game not built (into a folder whose name needs quoting) builds that
/// game's page into the same folder, and each lesson's command opens the
/// window on that lesson and closes with success.
#[cfg(feature = "app")]
#[test]
fn every_command_the_pages_show_runs_as_shown() {
    use crate::display::{PrivateDisplay, send_delete_window};
    use crate::game_window::wait_for;

    let dir = scratch("shown").join("the player's manual");
    build_flaxman_only(&dir);
    let commands = shown_commands(&dir);
    let builds: Vec<&String> = commands.iter().filter(|c| c.contains(" manual ")).collect();
    let lessons: Vec<&String> = commands.iter().filter(|c| c.contains(" learn ")).collect();
    assert_eq!(
        builds.len(),
        4,
        "a command per game not built: {commands:?}"
    );
    assert_eq!(
        builds.len() + lessons.len(),
        commands.len(),
        "only manual and learn commands are shown: {commands:?}"
    );
    assert!(
        lessons.len() >= 5,
        "the Flaxman lessons' commands: {commands:?}"
    );
    for command in &builds {
        let output = shell(command).env_remove("DISPLAY").output().unwrap();
        succeeded(&output);
    }
    for key in ["tapestry", "anglojewish", "hexagonal", "chakra"] {
        assert!(
            dir.join(format!("{key}.html")).is_file(),
            "{key}: built as shown"
        );
    }
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(
        !index.contains("Not built in this copy"),
        "every game built now"
    );

    let display = PrivateDisplay::start();
    let home = scratch("shown-home");
    for command in lessons {
        let mut window = crate::display::with_default_settings(&mut shell(command))
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", home.join("data"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let id = wait_for(&format!("the window of `{command}`"), 120, || {
            if let Ok(Some(status)) = window.try_wait() {
                panic!("`{command}` ended ({status}) before its window opened");
            }
            let found = Command::new("xdotool")
                .args(["search", "--onlyvisible", "--name", "Variantarium"])
                .env("DISPLAY", &display.name)
                .output()
                .ok()?;
            let found = String::from_utf8_lossy(&found.stdout).into_owned();
            found.lines().next().map(str::to_string)
        });
        send_delete_window(&display.name, &id);
        let status = wait_for(&format!("`{command}` to close"), 120, || {
            window.try_wait().ok().flatten()
        });
        assert!(status.success(), "`{command}` ended with {status}");
    }
}
