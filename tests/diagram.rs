//! Move diagrams: for every man of every game the SVG marks exactly the
//! cells the `moves` command lists for him, the document is well-formed
//! XML, and bad requests end in one line and exit status 2.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use variantarium::diagram::{Request, draw, svg};
use variantarium::rules::glossary::man_info;
use variantarium::rules::registry::GAMES;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::Variant;
use variantarium::rules::view::{ManState, Placement};

use super::cli::variantarium;
use super::xml::{Element, parse_xml};

/// The man's targets as the `moves` command lists them for a position:
/// (the cells he moves to, whether he has a move that stays put).
pub fn listed_targets(variant: Variant, position: &str, man: &str) -> (BTreeSet<String>, bool) {
    let mut args = vec![
        "moves",
        "--variant",
        variant.id.id(),
        "--position",
        position,
    ];
    let pawn = variant.pawn.map(|p| p.id());
    if let Some(pawn) = &pawn {
        args.extend(["--pawn", pawn]);
    }
    let (code, out, err) = variantarium(&args);
    assert_eq!(code, 0, "moves on {position}: {err}");
    let mut cells = BTreeSet::new();
    let mut stays = false;
    for line in out.lines() {
        // `from-to`, `from-to=X`, `from-to^`, `from^` (a flip in place).
        let text = line.split('=').next().unwrap_or(line).trim_end_matches('^');
        let (from, to) = text.split_once('-').unwrap_or((text, text));
        if from != man {
            continue;
        }
        if to == man {
            stays = true;
        } else {
            cells.insert(to.to_string());
        }
    }
    (cells, stays)
}

/// Whether a man other than a chakra stands on the cell (a move there
/// takes him).
fn holds_a_man(placements: &[Placement], layout_names: &[String], cell: &str) -> bool {
    placements.iter().any(|p| {
        layout_names[usize::from(p.cell)] == cell
            && !matches!(p.state, ManState::KnightMode | ManState::KingMode)
    })
}

/// Checks one diagram against the rules; returns how many boards it had.
fn check_diagram(variant: Variant, document: &str) -> usize {
    let elements = parse_xml(document).unwrap_or_else(|e| panic!("{}: {e}", variant.id));
    let panels: Vec<&Element> = elements
        .iter()
        .filter(|e| e.attributes.get("class").map(String::as_str) == Some("panel"))
        .collect();
    assert!(!panels.is_empty(), "{}: no board", variant.id);
    for panel in &panels {
        check_panel(variant, panel, &elements);
    }
    panels.len()
}

/// The `data-position` of the panel an element stands in.
fn panel_of<'a>(element: &Element, elements: &'a [Element]) -> Option<&'a String> {
    element
        .parents
        .iter()
        .rev()
        .map(|&at| &elements[at])
        .find(|e| e.attributes.get("class").map(String::as_str) == Some("panel"))
        .and_then(|e| e.attributes.get("data-position"))
}

fn check_panel(variant: Variant, panel: &Element, elements: &[Element]) {
    let position = &panel.attributes["data-position"];
    let man = &panel.attributes["data-man"];
    let session = new_session(variant, Default::default(), Some(position)).expect("drawn position");
    let names: Vec<String> = session
        .layout()
        .cells
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let placements = session.placements();
    let (targets, stays) = listed_targets(variant, position, man);
    let mut moves = BTreeSet::new();
    let mut captures = BTreeSet::new();
    let mut stay_marks = 0;
    for mark in elements.iter().filter(|e| {
        panel_of(e, elements) == Some(position)
            && e.attributes.get("class").map(String::as_str) == Some("mark")
    }) {
        assert_eq!(mark.name, "g", "a mark is a group of shapes");
        let cell = mark.attributes["data-cell"].clone();
        assert!(names.contains(&cell), "{cell} is no cell of {}", variant.id);
        let kinds: Vec<&str> = mark.attributes["data-kind"].split(' ').collect();
        for kind in &kinds {
            match *kind {
                "move" => assert!(moves.insert(cell.clone()), "{cell} marked twice"),
                "capture" => assert!(captures.insert(cell.clone()), "{cell} marked twice"),
                "stay" => stay_marks += 1,
                "capture-if-enemy" => check_probe(variant, man, &cell, mark, &placements),
                other => panic!("unknown mark kind {other}"),
            }
        }
    }
    let (want_captures, want_moves): (BTreeSet<String>, BTreeSet<String>) = targets
        .into_iter()
        .partition(|cell| holds_a_man(&placements, &names, cell));
    let what = format!("{} man on {man} in {position}", variant.id);
    assert_eq!(moves, want_moves, "moves of the {what}");
    assert_eq!(captures, want_captures, "captures of the {what}");
    assert_eq!(stay_marks, usize::from(stays), "stays of the {what}");
}

/// A capture shown on an empty board: its board is the drawn one with one
/// man more, of another side, on that cell, and there the rules list the
/// move.
fn check_probe(variant: Variant, man: &str, cell: &str, mark: &Element, base: &[Placement]) {
    let probe = &mark.attributes["data-probe"];
    let session = new_session(variant, Default::default(), Some(probe)).expect("probe position");
    let names: Vec<String> = session
        .layout()
        .cells
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let mut extra: Vec<Placement> = session.placements();
    extra.retain(|p| !base.contains(p));
    assert_eq!(extra.len(), 1, "{probe}: one man more than the drawn board");
    assert_eq!(names[usize::from(extra[0].cell)], cell);
    let mover = base
        .iter()
        .find(|p| names[usize::from(p.cell)] == man)
        .and_then(|p| p.side);
    assert_ne!(extra[0].side, mover, "{probe}: the man to take is an enemy");
    let (targets, _) = listed_targets(variant, probe, man);
    assert!(
        targets.contains(cell),
        "{man} takes nothing on {cell} in {probe}"
    );
}

/// The letters that name a man of the game in some state.
fn candidate_letters(variant: Variant) -> Vec<char> {
    let states = [ManState::Normal, ManState::Prisoner, ManState::KnightMode];
    ('A'..='Z')
        .filter(|&l| states.iter().any(|&s| man_info(variant, l, s).is_some()))
        .collect()
}

#[test]
fn every_man_of_every_game_marks_exactly_his_legal_targets() {
    for entry in &GAMES {
        let variant = Variant::new(entry.id);
        let start = new_session(variant, Default::default(), None).expect("start");
        let mover = start.side_to_move();
        let army: BTreeSet<char> = start
            .placements()
            .iter()
            .filter(|p| p.side == Some(mover))
            .map(|p| p.letter)
            .collect();
        let mut drawn = BTreeSet::new();
        for letter in candidate_letters(variant) {
            let request = Request {
                variant,
                letter,
                cell: None,
                position: None,
            };
            match draw(&request) {
                Ok(diagram) => {
                    check_diagram(variant, &svg::render(&diagram));
                    drawn.insert(letter);
                }
                Err(why) => assert!(
                    why.starts_with(&format!("'{letter}' is not a man of {}", entry.key)),
                    "{}: {letter}: {why}",
                    entry.key
                ),
            }
        }
        assert!(
            army.is_subset(&drawn),
            "{}: {army:?} not all in {drawn:?}",
            entry.key
        );
    }
}

fn diagram_of(variant: &str, man: char, cell: Option<&str>) -> String {
    let variant = Variant::parse(variant, None).expect("variant");
    let diagram = draw(&Request {
        variant,
        letter: man,
        cell: cell.map(String::from),
        position: None,
    })
    .expect("a diagram");
    svg::render(&diagram)
}

fn marks_of(document: &str, kind: &str) -> BTreeSet<String> {
    parse_xml(document)
        .expect("well-formed")
        .into_iter()
        .filter(|e| e.attributes.get("class").map(String::as_str) == Some("mark"))
        .filter(|e| e.attributes["data-kind"].split(' ').any(|k| k == kind))
        .map(|e| e.attributes["data-cell"].clone())
        .collect()
}

fn set(cells: &[&str]) -> BTreeSet<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

#[test]
fn a_glinski_pawn_steps_forward_and_captures_where_an_enemy_would_stand() {
    // Glinski's pawn nearest the centre starts on f5: one step or the
    // double step forward, and the Migrant's two half-forward captures.
    let doc = diagram_of("glinski", 'P', None);
    assert!(doc.contains("data-man=\"f5\""), "{doc}");
    assert_eq!(marks_of(&doc, "move"), set(&["f6", "f7"]));
    assert_eq!(marks_of(&doc, "capture-if-enemy"), set(&["e5", "g5"]));
    assert!(marks_of(&doc, "capture").is_empty());
}

#[test]
fn a_queen_on_an_empty_board_captures_wherever_she_moves() {
    let doc = diagram_of("chakra", 'Q', Some("d4"));
    let moves = marks_of(&doc, "move");
    assert!(moves.len() >= 20, "{moves:?}");
    assert_eq!(marks_of(&doc, "capture-if-enemy"), moves);
}

#[test]
fn the_special_men_show_their_rules() {
    let finch = diagram_of("aj-glinski", 'F', None);
    let routes: Vec<Element> = parse_xml(&finch)
        .expect("well-formed")
        .into_iter()
        .filter(|e| e.attributes.get("class").map(String::as_str) == Some("route"))
        .collect();
    assert!(
        routes.len() > 10,
        "a Finch's curved routes: {}",
        routes.len()
    );
    assert!(
        routes
            .iter()
            .all(|r| r.attributes["data-cells"].split(' ').count() > 2)
    );
    let flaxman = diagram_of("flaxman", 'S', None);
    assert!(flaxman.contains("data-kind=\"definers\""), "{flaxman}");
    assert!(flaxman.contains("√5 (2,1)"), "{flaxman}");
    let chakra = diagram_of("chakra", 'T', None);
    assert!(chakra.contains(">Chakra (knight mode)<") && chakra.contains(">Chakra (king mode)<"));
    assert_eq!(marks_of(&chakra, "stay").len(), 1, "a flip in place");
    let queen = diagram_of("tapestry", 'Q', None);
    for square in ["Opposition", "Light", "Nexus", "Earth", "Avoidance"] {
        assert!(queen.contains(&format!(">{square} active<")), "{square}");
    }
    let fate = diagram_of("tapestry", 'F', None);
    assert_eq!(marks_of(&fate, "move"), set(&["A", "E", "L", "O"]));
}

#[test]
fn a_given_position_marks_real_captures() {
    let variant = Variant::parse("chakra", None).expect("chakra");
    let position = "k7/8/8/3p4/4Q3/8/8/4K3 w -";
    let diagram = draw(&Request {
        variant,
        letter: 'Q',
        cell: Some("e4".into()),
        position: Some(position.into()),
    })
    .expect("a diagram");
    let doc = svg::render(&diagram);
    assert_eq!(check_diagram(variant, &doc), 1);
    assert_eq!(marks_of(&doc, "capture"), set(&["d5"]));
    assert!(marks_of(&doc, "capture-if-enemy").is_empty());
}

/// `variantarium diagram --variant VARIANT --man MAN --out OUT`: its exit
/// code, standard output and standard error.
fn run_diagram(variant: &str, man: &str, out: &Path) -> (i32, String, String) {
    let out = out.to_string_lossy();
    variantarium(&["diagram", "--variant", variant, "--man", man, "--out", &out])
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "variantarium-diagram-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_command_writes_one_svg_file() {
    let dir = scratch("ok");
    let out = dir.join("rabbi.svg");
    let (code, stdout, err) = run_diagram("aj-mccooey-3p", "b", &out);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.starts_with("diagram ") && stdout.lines().count() == 1,
        "{stdout}"
    );
    assert_eq!(
        files_in(&dir),
        vec!["rabbi.svg".to_string()],
        "no temp file left"
    );
    let doc = std::fs::read_to_string(&out).expect("written");
    let variant = Variant::parse("aj-mccooey-3p", None).expect("variant");
    assert_eq!(check_diagram(variant, &doc), 1);
    assert!(doc.len() < 60_000, "small: {} bytes", doc.len());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_requests_end_in_one_line_and_write_nothing() {
    let dir = scratch("bad");
    let svg_path = dir.join("x.svg").to_string_lossy().into_owned();
    let gif_path = dir.join("x.gif").to_string_lossy().into_owned();
    let cases: [(&[&str], &str); 6] = [
        (
            &["--variant", "chakra", "--man", "Q", "--out", &gif_path],
            "an .svg or a .png",
        ),
        (
            &["--variant", "flaxman", "--man", "Q", "--out", &svg_path],
            "not a man of flaxman",
        ),
        (
            &["--variant", "glinski", "--man", "G", "--out", &svg_path],
            "not a man of glinski",
        ),
        (
            &[
                "--variant",
                "chakra",
                "--man",
                "Q",
                "--cell",
                "z9",
                "--out",
                &svg_path,
            ],
            "unknown cell",
        ),
        (
            &[
                "--variant",
                "chakra",
                "--man",
                "Q",
                "--cell",
                "e4",
                "--position",
                "nonsense",
                "--out",
                &svg_path,
            ],
            "bad position",
        ),
        (
            &["--variant", "chakra", "--man", "QQ", "--out", &svg_path],
            "one letter",
        ),
    ];
    for (args, needle) in cases {
        let mut all = vec!["diagram"];
        all.extend_from_slice(args);
        let (code, out, err) = variantarium(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(out.is_empty(), "{all:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err:?}");
        assert!(
            err.contains(needle),
            "{all:?}: {err:?} should say {needle:?}"
        );
    }
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
#[cfg(not(feature = "app"))]
fn a_png_without_the_app_feature_is_refused_in_one_line() {
    let dir = scratch("png");
    let (code, _, err) = run_diagram("chakra", "Q", &dir.join("x.png"));
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains("without the `app` feature"), "{err}");
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    let _ = std::fs::remove_dir_all(dir);
}
