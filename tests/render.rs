//! Render tests: the real binary draws each game through Vulkan (lavapipe on
//! machines without a GPU) in an X window (Xvfb when no display is set),
//! and the pictures are checked pixel by pixel.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::display::{PrivateDisplay, with_default_settings};

use variantarium::rules::variant::{Variant, VariantId};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

struct Shot {
    image: image::RgbImage,
    cells: HashMap<String, (u32, u32)>,
}

fn screenshot(display: &PrivateDisplay, variant: &str, moves: &str, name: &str) -> Shot {
    let out = scratch(&format!("{name}.png"));
    let map = scratch(&format!("{name}.json"));
    let output = with_default_settings(&mut Command::new(env!("CARGO_BIN_EXE_variantarium")))
        .args([
            "screenshot",
            "--variant",
            variant,
            "--moves",
            moves,
            "--size",
            "640x400",
        ])
        .arg("--out")
        .arg(&out)
        .arg("--cell-map")
        .arg(&map)
        .env("DISPLAY", &display.name)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "screenshot of {variant} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let image = image::open(&out).expect("a PNG").to_rgb8();
    let cells: HashMap<String, (u32, u32)> = read_map(&map);
    Shot { image, cells }
}

fn read_map(path: &Path) -> HashMap<String, (u32, u32)> {
    let text = std::fs::read_to_string(path).expect("the screen map");
    #[derive(serde::Deserialize)]
    struct ScreenMap {
        cells: HashMap<String, [f32; 2]>,
    }
    let map: ScreenMap = serde_json::from_str(&text).expect("JSON");
    map.cells
        .into_iter()
        .map(|(k, [x, y])| (k, (x.max(0.0) as u32, y.max(0.0) as u32)))
        .collect()
}

const BACKGROUND: [u8; 3] = [26, 28, 33];

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter().zip(b).map(|(x, y)| x.abs_diff(y) as u32).sum()
}

/// Mean colour difference between two pictures over the box where a piece on
/// `cell` would stand (its base and the body rising above it).
fn change_at(a: &Shot, b: &Shot, cell: &str) -> u32 {
    let (cx, cy) = a.cells[cell];
    let mut total = 0;
    let mut count = 0;
    for y in cy.saturating_sub(24)..=cy + 4 {
        for x in cx.saturating_sub(8)..=cx + 8 {
            if x < a.image.width() && y < a.image.height() {
                total += distance(a.image.get_pixel(x, y).0, b.image.get_pixel(x, y).0);
                count += 1;
            }
        }
    }
    total / count.max(1)
}

fn pixel(shot: &Shot, cell: &str) -> [u8; 3] {
    let (x, y) = shot.cells[cell];
    shot.image
        .get_pixel(
            x.min(shot.image.width() - 1),
            y.min(shot.image.height() - 1),
        )
        .0
}

/// The six games of the acceptance list that this build implements.
fn games() -> Vec<(&'static str, &'static str)> {
    let first_moves = [
        ("flaxman", "d1-d4"),
        ("tapestry", "b2-b3"),
        ("chakra", "e2-e3"),
        ("glinski", "f5-f6"),
        ("aj-mccooey", "f4-f5"),
        ("aj-compact", "e4-e5"),
    ];
    let implemented: Vec<VariantId> = Variant::implemented().into_iter().map(|v| v.id).collect();
    first_moves
        .into_iter()
        .filter(|(id, _)| implemented.iter().any(|v| v.id() == *id))
        .collect()
}

#[test]
fn every_game_renders_its_board_and_a_move_changes_the_picture() {
    let display = PrivateDisplay::start();
    for (variant, first_move) in games() {
        let start = screenshot(&display, variant, "", &format!("{variant}-start"));
        let (w, h) = start.image.dimensions();
        assert_eq!((w, h), (640, 400), "{variant}: the asked size");
        let colours: std::collections::HashSet<[u8; 3]> =
            start.image.pixels().step_by(7).map(|p| p.0).collect();
        assert!(colours.len() > 50, "{variant}: the picture is not blank");
        let on_board = start
            .cells
            .keys()
            .filter(|c| distance(pixel(&start, c), BACKGROUND) > 30)
            .count();
        assert!(
            on_board * 10 >= start.cells.len() * 9,
            "{variant}: {on_board} of {} cells differ from the background",
            start.cells.len()
        );
        let after = screenshot(&display, variant, first_move, &format!("{variant}-after"));
        let (from, to) = first_move.split_once('-').expect("from-to");
        let to = to.split(['=', '^']).next().unwrap_or(to);
        for cell in [from, to] {
            let change = change_at(&start, &after, cell);
            // The low profile, which a CPU renderer picks by itself, shades
            // flatter: a Point arriving on a light hex changes the box by
            // about 12 there, against 0–2 for a picture that did not change.
            assert!(
                change > 6,
                "{variant}: {cell} looks the same before and after {first_move} ({change})"
            );
        }
    }
}

/// The mean colour over the box where a piece on `cell` stands.
fn mean_colour(shot: &Shot, cell: &str) -> [u32; 3] {
    let (cx, cy) = shot.cells[cell];
    let mut sum = [0u32; 3];
    let mut count = 0;
    for y in cy.saturating_sub(24)..=cy + 4 {
        for x in cx.saturating_sub(8)..=cx + 8 {
            if x < shot.image.width() && y < shot.image.height() {
                let p = shot.image.get_pixel(x, y).0;
                for (s, v) in sum.iter_mut().zip(p) {
                    *s += u32::from(v);
                }
                count += 1;
            }
        }
    }
    sum.map(|s| s / count.max(1))
}

/// Three-player Anglojewish Chess: three armies in three colours (Red's
/// General red, White's light, Black's dark); after a scripted elimination
/// (White, hemmed in, must pass and Black eliminates it) White's men are
/// gone and the other two armies stay.
#[test]
fn three_armies_then_two_after_an_elimination() {
    use variantarium::rules::Position;
    use variantarium::rules::hexchess::{HexChess3, HexOptions};
    let display = PrivateDisplay::start();
    let start = screenshot(&display, "aj-glinski-3p", "", "3p-start");
    let line = "h1-i3 g10-f10 c6-g7 i3-l4 pass";
    let after = screenshot(&display, "aj-glinski-3p", line, "3p-after");
    let [r, g, b] = mean_colour(&start, "g1");
    assert!(
        r > g + 30 && r > b + 30,
        "Red's General is red: {r} {g} {b}"
    );
    let white = mean_colour(&start, "k7").iter().sum::<u32>();
    let black = mean_colour(&start, "a5").iter().sum::<u32>();
    assert!(
        white > black + 150,
        "White's General {white} lighter than Black's {black}"
    );
    let options = HexOptions::for_variant(VariantId::AjGlinski3p, None).expect("hex");
    let pos = HexChess3::start(&options);
    let moved = ["h1", "g10", "c6", "i3", "l4", "f10", "g7"];
    let owned = |side: u8| -> Vec<String> {
        pos.men()
            .filter(|m| m.2.0 == side)
            .map(|m| pos.grid().name(m.0))
            .filter(|name| !moved.contains(&name.as_str()))
            .collect()
    };
    let gone = owned(0);
    let changed = gone
        .iter()
        .filter(|c| change_at(&start, &after, c) > 12)
        .count();
    assert!(
        changed * 10 >= gone.len() * 8,
        "{changed} of {} White cells changed",
        gone.len()
    );
    for side in [1, 2] {
        let kept = owned(side);
        let same = kept
            .iter()
            .filter(|c| change_at(&start, &after, c) <= 12)
            .count();
        assert!(
            same * 10 >= kept.len() * 8,
            "side {side}: {same} of {} unchanged",
            kept.len()
        );
    }
}
