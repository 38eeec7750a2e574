//! PNG move diagrams: the game window's scene from above, the man selected.
//! For one man of each game family (Flaxman, Tapestry, Anglojewish, the
//! hexagonal games, Chakra) the cells marked in the picture, read at the
//! places its cell map gives, are exactly the targets `moves` lists for
//! him, and the captures among them are the ones marked with a ring round
//! the man (a move onto an empty cell is a dot in the middle; both are the
//! green of a place he may go). (Every man of every game is checked in SVG, see `diagram.rs`:
//! on the CPU renderer a picture of each would take too long.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use variantarium::diagram::{Request, draw};
use variantarium::rules::session::new_session;
use variantarium::rules::variant::Variant;

use super::diagram::listed_targets;
use crate::display::{PrivateDisplay, with_default_settings};

/// What a cell shows in the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Plain,
    Target,
    Capture,
}

/// Pixels of a mark's colour a cell must show to count as marked: a
/// dot's disc is some hundred pixels at this size, a ring's more.
const MARK_PIXELS: usize = 12;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-diagram-png-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The window's target green, about (80, 207, 100): unlit and brighter
/// than any board's green (Tapestry's green squares are about
/// (119, 158, 128)).
fn is_target_green([r, g, b]: [u8; 3]) -> bool {
    let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
    g > 170 && g > r + 80 && g > b + 70
}

/// Where each cell appears in the picture.
fn cell_map(path: &Path) -> BTreeMap<String, (f32, f32)> {
    let text = std::fs::read_to_string(path).expect("the cell map");
    let map: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    map["cells"]
        .as_object()
        .expect("cells")
        .iter()
        .map(|(name, at)| {
            let x = at[0].as_f64().expect("x") as f32;
            let y = at[1].as_f64().expect("y") as f32;
            (name.clone(), (x, y))
        })
        .collect()
}

/// What each cell shows: the mark colours within the disc the cell's
/// nearest neighbour leaves it (a ring around a man reaches almost to the
/// cell's edge, so the disc goes nearly half way to the neighbour).
fn seen_cells(
    picture: &image::RgbImage,
    cells: &BTreeMap<String, (f32, f32)>,
) -> BTreeMap<String, Seen> {
    let mut seen = BTreeMap::new();
    for (name, &(x, y)) in cells {
        let nearest = cells
            .iter()
            .filter(|(other, _)| *other != name)
            .map(|(_, &(ox, oy))| ((ox - x).powi(2) + (oy - y).powi(2)).sqrt())
            .fold(f32::MAX, f32::min);
        let radius = nearest * 0.48;
        // Green in the middle of the cell is a dot; green only around the
        // man standing there is a capture's ring.
        let (mut green, mut middle) = (0, 0);
        let r = radius.ceil() as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                if ((dx * dx + dy * dy) as f32).sqrt() > radius {
                    continue;
                }
                let (px, py) = (x as i32 + dx, y as i32 + dy);
                if px < 0 || py < 0 || px >= picture.width() as i32 || py >= picture.height() as i32
                {
                    continue;
                }
                let pixel = picture.get_pixel(px as u32, py as u32).0;
                let marked = is_target_green(pixel);
                green += usize::from(marked);
                let near_middle = ((dx * dx + dy * dy) as f32).sqrt() <= radius * 0.3;
                middle += usize::from(marked && near_middle);
            }
        }
        let kind = if green < MARK_PIXELS {
            Seen::Plain
        } else if middle >= 3 {
            Seen::Target
        } else {
            Seen::Capture
        };
        seen.insert(name.clone(), kind);
    }
    seen
}

/// The PNG of `man` (on `cell`, in `position` when given) and its cell map.
fn picture(
    display: &PrivateDisplay,
    variant: &str,
    man: char,
    spot: Option<(&str, &str)>,
) -> (image::RgbImage, BTreeMap<String, (f32, f32)>) {
    let dir = scratch(&format!("{variant}-{man}"));
    let out = dir.join("diagram.png");
    let map = dir.join("cells.json");
    let mut command = Command::new(env!("CARGO_BIN_EXE_variantarium"));
    with_default_settings(&mut command)
        .args(["diagram", "--variant", variant, "--man", &man.to_string()])
        .args(["--size", "1280x720"]);
    if let Some((cell, position)) = spot {
        command.args(["--cell", cell, "--position", position]);
    }
    let output = command
        .arg("--out")
        .arg(&out)
        .arg("--cell-map")
        .arg(&map)
        .env("DISPLAY", &display.name)
        .output()
        .expect("the binary runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{variant} {man}: {said}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("diagram "), "{stdout}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "the picture and the map alone: {names:?}");
    let picture = image::open(&out).expect("a PNG").to_rgb8();
    assert_eq!(picture.dimensions(), (1280, 720));
    (picture, cell_map(&map))
}

/// Draws one man and checks the picture's marks against `moves`.
fn check(display: &PrivateDisplay, variant_key: &str, man: char, spot: Option<(&str, &str)>) {
    let variant = Variant::parse(variant_key, None).expect("variant");
    let diagram = draw(&Request {
        variant,
        letter: man,
        cell: spot.map(|(cell, _)| cell.to_string()),
        position: spot.map(|(_, position)| position.to_string()),
    })
    .expect("a diagram");
    let panel = &diagram.panels[0];
    let session = new_session(variant, Default::default(), Some(&panel.position)).expect("drawn");
    let names: Vec<String> = session
        .layout()
        .cells
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let from = &names[usize::from(panel.man)];
    let (targets, _) = listed_targets(variant, &panel.position, from);
    assert!(!targets.is_empty(), "{variant_key} {man} has moves");
    let captures: BTreeSet<String> = session
        .legal_moves()
        .iter()
        .filter(|m| m.route.from == panel.man && m.is_capture())
        .map(|m| names[usize::from(m.route.to)].clone())
        .collect();
    let (picture, cells) = picture(display, variant_key, man, spot);
    assert_eq!(cells.len(), names.len(), "every cell is in the map");
    let seen = seen_cells(&picture, &cells);
    let marked: BTreeSet<String> = seen
        .iter()
        .filter(|(name, kind)| **kind != Seen::Plain && *name != from)
        .map(|(name, _)| name.clone())
        .collect();
    let ringed: BTreeSet<String> = seen
        .iter()
        .filter(|(_, kind)| **kind == Seen::Capture)
        .map(|(name, _)| name.clone())
        .collect();
    let what = format!("{variant_key} {man} on {from} in {}", panel.position);
    assert_eq!(marked, targets, "the cells marked for the {what}");
    assert_eq!(ringed, captures, "the captures marked for the {what}");
}

/// A position of `variant` reached by its first legal moves in which the
/// side to move can capture: the capturing man's letter and cell.
fn a_capture_in(variant_key: &str) -> (char, String, String) {
    let variant = Variant::parse(variant_key, None).expect("variant");
    let mut game = new_session(variant, Default::default(), None).expect("start");
    for ply in 0..200 {
        let moves = game.legal_moves();
        // Not in check: the window marks a King in check in red too.
        let capture = moves
            .iter()
            .find(|m| m.is_capture())
            .filter(|_| !game.in_check());
        if let Some(capture) = capture {
            let names: Vec<String> = game.layout().cells.iter().map(|c| c.name.clone()).collect();
            let man = game
                .placements()
                .into_iter()
                .filter(|p| p.cell == capture.route.from)
                .max_by_key(|p| p.level)
                .expect("a man moves");
            let cell = names[usize::from(capture.route.from)].clone();
            return (man.letter, cell, game.position_text());
        }
        // A spread of moves, the same every run.
        let pick = &moves[(ply * 7 + 3) % moves.len()];
        game.play(&pick.text.clone()).expect("legal");
    }
    panic!("{variant_key}: no capture within 200 moves");
}

#[test]
fn a_png_diagram_marks_exactly_the_legal_targets_of_a_man_of_each_family() {
    let display = PrivateDisplay::start();
    check(&display, "flaxman", 'S', None);
    check(&display, "tapestry", 'Q', None);
    check(&display, "aj-glinski", 'F', None);
    check(&display, "chakra", 'T', None);
    let (man, cell, position) = a_capture_in("glinski");
    check(&display, "glinski", man, Some((&cell, &position)));
}
