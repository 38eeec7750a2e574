//! The scene a player sits at: every game's `screenshot` shows a room, not
//! a flat colour; the men fill their cells; the board and piece themes of
//! the settings restyle the picture, and a theme changed while the window
//! is open restyles the boards and men at once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::display::PrivateDisplay;

/// Small pictures: each costs seconds on a CPU renderer.
const SIZE: (u32, u32) = (480, 270);

/// A scratch folder for one test, with its own settings and data folders.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("variantarium-scene-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config/variantarium")).expect("a scratch folder");
    dir
}

struct Shot {
    image: image::RgbImage,
    cells: HashMap<String, (f32, f32)>,
}

/// `screenshot` of a game after `moves`, with `settings` (JSON, or none for
/// the defaults) in a config folder of its own.
fn screenshot(
    display: &PrivateDisplay,
    dir: &Path,
    variant: &str,
    moves: &str,
    settings: Option<&str>,
    name: &str,
) -> Shot {
    let config = dir.join(format!("config-{name}"));
    std::fs::create_dir_all(config.join("variantarium")).expect("a config folder");
    if let Some(settings) = settings {
        std::fs::write(config.join("variantarium/settings.json"), settings).expect("settings");
    }
    let out = dir.join(format!("{name}.png"));
    let map = dir.join(format!("{name}.json"));
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["screenshot", "--variant", variant, "--moves", moves])
        .args(["--size", &format!("{}x{}", SIZE.0, SIZE.1)])
        .arg("--out")
        .arg(&out)
        .arg("--cell-map")
        .arg(&map)
        .env("DISPLAY", &display.name)
        .env("XDG_CONFIG_HOME", &config)
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "screenshot of {variant} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    #[derive(serde::Deserialize)]
    struct ScreenMap {
        cells: HashMap<String, [f32; 2]>,
    }
    let text = std::fs::read_to_string(&map).expect("the cell map");
    let map: ScreenMap = serde_json::from_str(&text).expect("JSON");
    Shot {
        image: image::open(&out).expect("a PNG").to_rgb8(),
        cells: map
            .cells
            .into_iter()
            .map(|(k, [x, y])| (k, (x, y)))
            .collect(),
    }
}

fn difference(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter().zip(b).map(|(x, y)| x.abs_diff(y) as u32).sum()
}

/// The share of the most common colour among `pixels` (colours binned to
/// 4 levels a channel, so that dithering does not hide a flat fill) and
/// the spread of their brightness.
fn flatness(pixels: &[[u8; 3]]) -> (f32, f32) {
    let mut bins: HashMap<[u8; 3], usize> = HashMap::new();
    for p in pixels {
        *bins.entry(p.map(|c| c >> 2)).or_default() += 1;
    }
    let top = bins.values().copied().max().unwrap_or(0) as f32 / pixels.len().max(1) as f32;
    let light: Vec<f32> = pixels
        .iter()
        .map(|p| p.iter().map(|&c| c as f32).sum::<f32>() / 3.0)
        .collect();
    let mean = light.iter().sum::<f32>() / light.len().max(1) as f32;
    let spread =
        (light.iter().map(|l| (l - mean).powi(2)).sum::<f32>() / light.len().max(1) as f32).sqrt();
    (top, spread)
}

/// Screen distance from a cell to its nearest neighbour: the cell's size.
fn cell_size(shot: &Shot, cell: &str) -> f32 {
    let (x, y) = shot.cells[cell];
    shot.cells
        .iter()
        .filter(|(name, _)| name.as_str() != cell)
        .map(|(_, &(a, b))| ((a - x).powi(2) + (b - y).powi(2)).sqrt())
        .fold(f32::MAX, f32::min)
}

/// The widest run of pixels that a man leaving `cell` changes, along rows
/// from his foot up to a cell's size above it, centred on his cell.
fn man_width(before: &Shot, after: &Shot, cell: &str) -> f32 {
    let (cx, cy) = before.cells[cell];
    let size = cell_size(before, cell);
    let (w, h) = before.image.dimensions();
    let changed = |x: i32, y: i32| {
        x >= 0
            && y >= 0
            && (x as u32) < w
            && (y as u32) < h
            && difference(
                before.image.get_pixel(x as u32, y as u32).0,
                after.image.get_pixel(x as u32, y as u32).0,
            ) > 90
    };
    let mut widest = 0;
    let top = (cy - size) as i32;
    for y in top..=(cy - size * 0.1) as i32 {
        let centre = cx as i32;
        let reach = size as i32;
        // The run of changed pixels through the man's axis (or next to it).
        let Some(start) = (-3..=3).map(|d| centre + d).find(|&x| changed(x, y)) else {
            continue;
        };
        let mut left = start;
        while left > centre - reach && changed(left - 1, y) {
            left -= 1;
        }
        let mut right = start;
        while right < centre + reach && changed(right + 1, y) {
            right += 1;
        }
        widest = widest.max(right - left + 1);
    }
    widest as f32 / size
}

/// Every game in the acceptance list, with a first move of a man near the
/// player's edge (whose cell is measured).
const GAMES: [(&str, &str); 7] = [
    ("flaxman", "d1-d4"),
    ("tapestry", "b2-b3"),
    ("chakra", "e2-e3"),
    ("glinski", "f5-f6"),
    ("aj-glinski", "f3-f6"),
    ("aj-compact", "e3-e6"),
    ("aj-glinski-3p", "f3-c3"),
];

#[test]
fn every_game_sits_in_a_room_and_its_men_fill_their_cells() {
    let display = PrivateDisplay::start();
    let dir = scratch("room");
    for (variant, first_move) in GAMES {
        let start = screenshot(&display, &dir, variant, "", None, &format!("{variant}-0"));
        let (w, h) = start.image.dimensions();
        let pixel = |x: u32, y: u32| start.image.get_pixel(x, y).0;
        // The frame's border: a band a tenth of the picture deep all round.
        let band = (h / 10).max(4);
        let border: Vec<[u8; 3]> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| x < band || y < band || x >= w - band || y >= h - band)
            .map(|(x, y)| pixel(x, y))
            .collect();
        let (top, spread) = flatness(&border);
        assert!(
            top < 0.35 && spread > 2.0,
            "{variant}: the frame's border is flat (one colour covers {top:.2}, brightness spread {spread:.1})"
        );
        // Away from the boards: pixels further than two cells from any cell.
        let size = cell_size(&start, start.cells.keys().next().expect("cells"));
        let outside: Vec<[u8; 3]> = (0..h)
            .step_by(2)
            .flat_map(|y| (0..w).step_by(2).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                start.cells.values().all(|&(cx, cy)| {
                    ((cx - x as f32).powi(2) + (cy - y as f32).powi(2)).sqrt() > size * 2.0
                })
            })
            .map(|(x, y)| pixel(x, y))
            .collect();
        assert!(
            outside.len() > 200,
            "{variant}: the boards leave {} pixels",
            outside.len()
        );
        let (top, spread) = flatness(&outside);
        eprintln!("{variant}: the surroundings' top colour covers {top:.3}, spread {spread:.1}");
        assert!(
            top < 0.35 && spread > 2.0,
            "{variant}: the surroundings are flat (one colour covers {top:.2}, brightness spread {spread:.1})"
        );
        // The man who moves filled his cell before he left it.
        let after = screenshot(
            &display,
            &dir,
            variant,
            first_move,
            None,
            &format!("{variant}-1"),
        );
        let from = first_move.split('-').next().expect("from");
        let fill = man_width(&start, &after, from);
        eprintln!("{variant}: the man on {from} is {fill:.2} of his cell wide");
        // A hexagonal board is seen from higher up (so that a file's men
        // do not stand behind one another), so its cells look deeper and
        // its men a little narrower against them: at this size the
        // Glinski man on f5 covers 0.52 of his cell (a pixel is 0.055 of
        // it). Below 0.5 a man would read as a peg.
        let least = if variant == "glinski" { 0.5 } else { 0.55 };
        assert!(
            (least..1.3).contains(&fill),
            "{variant}: the man on {from} is {fill:.2} of his cell wide"
        );
    }
}

/// The mean colour of a small box around a point of the picture.
fn colour_near(shot: &Shot, (x, y): (f32, f32)) -> [u8; 3] {
    let mut sum = [0u32; 3];
    let mut count = 0;
    for dy in -2..=2 {
        for dx in -2..=2 {
            let (px, py) = ((x as i32 + dx) as u32, (y as i32 + dy) as u32);
            if px < shot.image.width() && py < shot.image.height() {
                for (s, c) in sum.iter_mut().zip(shot.image.get_pixel(px, py).0) {
                    *s += c as u32;
                }
                count += 1;
            }
        }
    }
    sum.map(|s| (s / count.max(1)) as u8)
}

#[test]
fn the_themes_restyle_the_board_and_the_men() {
    let display = PrivateDisplay::start();
    let dir = scratch("themes");
    let shot = |board: &str, pieces: &str| {
        let settings = format!("{{\"board_theme\": \"{board}\", \"piece_theme\": \"{pieces}\"}}");
        screenshot(
            &display,
            &dir,
            "chakra",
            "",
            Some(&settings),
            &format!("{board}-{pieces}"),
        )
    };
    let walnut = shot("walnut", "wood");
    let marble = shot("marble", "stone");
    let lacquer = shot("lacquer", "wood");
    // An empty cell of each colour, and the body of a man.
    for cell in ["d4", "d5"] {
        let at = walnut.cells[cell];
        let [w, m, l] = [&walnut, &marble, &lacquer].map(|s| colour_near(s, at));
        for (a, b, what) in [
            (w, m, "walnut/marble"),
            (w, l, "walnut/lacquer"),
            (m, l, "marble/lacquer"),
        ] {
            assert!(
                difference(a, b) > 30,
                "{cell} looks the same in {what}: {a:?} {b:?}"
            );
        }
    }
    for cell in ["e1", "d8"] {
        let (x, y) = walnut.cells[cell];
        let body = (x, y - cell_size(&walnut, cell) * 0.4);
        let (wood, stone) = (colour_near(&walnut, body), colour_near(&marble, body));
        assert!(
            difference(wood, stone) > 20,
            "the man on {cell} looks the same in wood and stone: {wood:?} {stone:?}"
        );
    }
}

/// The materials worn by every cell and by every man's meshes.
fn worn(
    app: &mut bevy::prelude::App,
) -> (
    Vec<bevy::asset::AssetId<bevy::prelude::StandardMaterial>>,
    Vec<bevy::asset::AssetId<bevy::prelude::StandardMaterial>>,
) {
    use bevy::prelude::*;
    use variantarium::app::{Cell, Piece};
    let world = app.world_mut();
    let cells = world
        .query_filtered::<&MeshMaterial3d<StandardMaterial>, With<Cell>>()
        .iter(world)
        .map(|m| m.0.id())
        .collect();
    let mut men = Vec::new();
    let mut pieces = world.query_filtered::<&Children, With<Piece>>();
    let mut bodies = world.query::<&MeshMaterial3d<StandardMaterial>>();
    for children in pieces.iter(world) {
        men.extend(
            children
                .iter()
                .filter_map(|c| bodies.get(world, c).ok())
                .map(|m| m.0.id()),
        );
    }
    (cells, men)
}

#[test]
fn a_theme_changed_during_a_game_restyles_it_at_once() {
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use variantarium::app::play::settings::{BoardTheme, PieceTheme};
    use variantarium::app::{CorePlugin, LookPlugin, NewGameRequested, Settings};
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::{Variant, VariantId};
    for id in [
        VariantId::Flaxman,
        VariantId::AjGlinski,
        VariantId::Tapestry,
    ] {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin, LookPlugin))
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>()
            .insert_resource(Settings::default());
        let session = new_session(Variant::new(id), DrawRules::default(), None).expect("a game");
        app.world_mut().write_message(NewGameRequested { session });
        app.update();
        app.update();
        let (cells, men) = worn(&mut app);
        assert!(!cells.is_empty() && !men.is_empty(), "{id:?}: dressed");
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.board_theme = BoardTheme::Marble;
        app.update();
        let (marble_cells, marble_men) = worn(&mut app);
        assert!(
            cells.iter().zip(&marble_cells).all(|(a, b)| a != b),
            "{id:?}: every cell restyled in marble"
        );
        assert_eq!(men, marble_men, "{id:?}: the men keep their theme");
        app.world_mut().resource_mut::<Settings>().piece_theme = PieceTheme::Stone;
        app.update();
        let (_, stone_men) = worn(&mut app);
        let restyled = men.iter().zip(&stone_men).filter(|(a, b)| a != b).count();
        // Each man's body changes; his shadow stays.
        assert!(
            restyled * 2 >= men.len(),
            "{id:?}: {restyled} of {} meshes restyled in stone",
            men.len()
        );
    }
}

/// A world that frames a game as the window does: the camera's own systems
/// on a window of `size`, the game panel where the layout puts it and the
/// analysis panel as measured in the window (its "Analyse" toggle alone,
/// or open with its bar, score and line).
fn framed_game(
    variant: variantarium::rules::variant::Variant,
    size: (f32, f32),
    analysis: Option<bevy::prelude::Rect>,
) -> bevy::prelude::App {
    use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use bevy::window::WindowResolution;
    use variantarium::app::layout::{AnalysisRect, PanelRect};
    use variantarium::app::{CorePlugin, LookPlugin, NewGameRequested, Screen, Settings};
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin, LookPlugin))
        .add_plugins(variantarium::app::look::camera::plugin)
        .init_resource::<Assets<Mesh>>()
        .init_resource::<Assets<StandardMaterial>>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<AccumulatedMouseMotion>()
        .init_resource::<AccumulatedMouseScroll>()
        .init_resource::<bevy_egui::input::EguiWantsInput>()
        .init_resource::<PanelRect>()
        .insert_resource(AnalysisRect(analysis.map(|r| {
            bevy_egui::egui::Rect::from_min_max(
                bevy_egui::egui::pos2(r.min.x, r.min.y),
                bevy_egui::egui::pos2(r.max.x, r.max.y),
            )
        })))
        .insert_resource(Settings::default());
    app.world_mut().spawn(Window {
        resolution: WindowResolution::new(size.0 as u32, size.1 as u32),
        ..default()
    });
    let session = new_session(variant, DrawRules::default(), None).expect("a game");
    app.world_mut().write_message(NewGameRequested { session });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    for _ in 0..3 {
        app.update();
    }
    app
}

/// How a man shows in a picture of the men alone.
struct ManSeen {
    /// His cell's name.
    cell: String,
    /// The pixels of his outline were he alone on the board.
    outline: usize,
    /// Those of them in sight and not against another man of his file (the
    /// man in front of him or behind him): where the eye sees where he
    /// ends and the next man of the file begins.
    outline_seen: usize,
    /// The same of his head: the top of him, two fifths of his height,
    /// whose shape tells what he is.
    head: usize,
    head_seen: usize,
}

/// Each man's outline in a picture of the men alone, drawn as the camera
/// sees them: every triangle of every man's body, nearest wins (an
/// object-id mask).
fn men_seen(app: &mut bevy::prelude::App, size: (f32, f32)) -> Vec<ManSeen> {
    use bevy::mesh::{Indices, VertexAttributeValues};
    use bevy::prelude::*;
    use variantarium::app::look::camera::project;
    use variantarium::app::{Match, OrbitCamera, Piece};
    let world = app.world_mut();
    let orbit = *world.resource::<OrbitCamera>();
    let eye = orbit.transform();
    let names: Vec<String> = world
        .resource::<Match>()
        .session
        .layout()
        .cells
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let screen = Vec2::new(size.0, size.1);
    // Each man's triangles on the screen: (x, y, 1/depth) at each corner.
    let mut men: Vec<(String, Vec<[Vec3; 3]>)> = Vec::new();
    let mut pieces = world.query::<(&Piece, &Transform, &Children)>();
    let mut bodies = world.query::<(&Mesh3d, &Transform)>();
    let meshes = world.resource::<Assets<Mesh>>();
    for (piece, at, children) in pieces.iter(world) {
        let mut triangles = Vec::new();
        for child in children.iter() {
            let Ok((mesh, turn)) = bodies.get(world, child) else {
                continue;
            };
            let mesh = meshes.get(&mesh.0).expect("a man's mesh");
            let Some(VertexAttributeValues::Float32x3(points)) =
                mesh.attribute(Mesh::ATTRIBUTE_POSITION)
            else {
                continue;
            };
            // A shadow is a flat quad on the board: no outline of his.
            if points.iter().all(|p| p[1].abs() < 0.05) {
                continue;
            }
            let place = at.to_matrix() * turn.to_matrix();
            let seen: Vec<Option<Vec3>> = points
                .iter()
                .map(|&p| {
                    let p = place.transform_point3(Vec3::from(p));
                    let depth = (p - eye.translation).dot(*eye.forward());
                    project(&orbit, screen, p).map(|s| s.extend(1.0 / depth))
                })
                .collect();
            let indices: Vec<usize> = match mesh.indices() {
                Some(Indices::U32(i)) => i.iter().map(|&i| i as usize).collect(),
                Some(Indices::U16(i)) => i.iter().map(|&i| i as usize).collect(),
                None => (0..points.len()).collect(),
            };
            for t in indices.chunks_exact(3) {
                if let (Some(a), Some(b), Some(c)) = (seen[t[0]], seen[t[1]], seen[t[2]]) {
                    triangles.push([a, b, c]);
                }
            }
        }
        men.push((names[piece.cell as usize].clone(), triangles));
    }
    let (w, h) = (size.0 as usize, size.1 as usize);
    let mut nearest = vec![0.0f32; w * h];
    let mut owner = vec![usize::MAX; w * h];
    // Each man's outline alone: his pixels beside one of not his, with
    // that outer neighbour.
    let mut outlines: Vec<Vec<usize>> = Vec::new();
    let mut mine = vec![false; w * h];
    for (i, (_, triangles)) in men.iter().enumerate() {
        mine.iter_mut().for_each(|m| *m = false);
        let (mut lo, mut hi) = (usize::MAX, 0);
        for tri in triangles {
            fill_triangle(tri, w, h, |x, y, inverse_depth| {
                let at = y * w + x;
                mine[at] = true;
                (lo, hi) = (lo.min(at), hi.max(at));
                if inverse_depth > nearest[at] {
                    nearest[at] = inverse_depth;
                    owner[at] = i;
                }
            });
        }
        let outline = (lo..=hi.min(w * h - 1))
            .filter(|&at| mine[at])
            .flat_map(|at| neighbours(at, w, h).map(move |n| (at, n)))
            .filter(|&(_, n)| !mine[n])
            .collect::<Vec<_>>();
        // One entry a pixel: in sight against the board on any side.
        let mut edge: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for (at, n) in outline {
            edge.entry(at).or_default().push(n);
        }
        outlines.push(
            edge.into_iter()
                .flat_map(|(at, ns)| std::iter::once(at).chain(ns.into_iter().map(|n| n + w * h)))
                .collect(),
        );
    }
    // A man's file: his cell's letters.
    let files: Vec<String> = men
        .iter()
        .map(|(cell, _)| {
            cell.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        })
        .collect();
    men.into_iter()
        .zip(outlines)
        .enumerate()
        .map(|(i, ((cell, _), outline))| {
            // Pixels, each followed by its outer neighbours (offset by w*h).
            let rows = outline.iter().filter(|&&at| at < w * h).map(|&at| at / w);
            let (top, bottom) = rows.fold((usize::MAX, 0), |(t, b), y| (t.min(y), b.max(y)));
            let neck = top + (bottom.saturating_sub(top)) * 2 / 5;
            let [mut pixels, mut seen, mut head, mut head_seen] = [0; 4];
            let mut current: Option<(usize, bool)> = None;
            let mut finish = |c: Option<(usize, bool)>| {
                if let Some((at, against_board)) = c {
                    let shows = owner[at] == i && against_board;
                    pixels += 1;
                    seen += usize::from(shows);
                    if at / w <= neck {
                        head += 1;
                        head_seen += usize::from(shows);
                    }
                }
            };
            for entry in outline {
                if entry < w * h {
                    finish(current.take());
                    current = Some((entry, false));
                } else if let Some((_, against)) = current.as_mut() {
                    let beyond = owner[entry - w * h];
                    *against |= beyond == usize::MAX || files[beyond] != files[i];
                }
            }
            finish(current);
            ManSeen {
                cell,
                outline: pixels,
                outline_seen: seen,
                head,
                head_seen,
            }
        })
        .collect()
}

/// The pixels left, right, above and below pixel `at` of a w×h picture.
fn neighbours(at: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (at % w, at / w);
    [
        (x > 0).then(|| at - 1),
        (x + 1 < w).then(|| at + 1),
        (y > 0).then(|| at - w),
        (y + 1 < h).then(|| at + w),
    ]
    .into_iter()
    .flatten()
}

/// Calls `plot` for each pixel centre inside the screen triangle, with the
/// inverse depth there (which is linear across the screen).
fn fill_triangle(
    [a, b, c]: &[bevy::prelude::Vec3; 3],
    w: usize,
    h: usize,
    mut plot: impl FnMut(usize, usize, f32),
) {
    let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if area.abs() < 1e-6 {
        return;
    }
    let lo_x = a.x.min(b.x).min(c.x).floor().max(0.0) as usize;
    let hi_x = (a.x.max(b.x).max(c.x).ceil().max(0.0) as usize).min(w.saturating_sub(1));
    let lo_y = a.y.min(b.y).min(c.y).floor().max(0.0) as usize;
    let hi_y = (a.y.max(b.y).max(c.y).ceil().max(0.0) as usize).min(h.saturating_sub(1));
    for y in lo_y..=hi_y {
        for x in lo_x..=hi_x {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let wa = ((b.x - px) * (c.y - py) - (b.y - py) * (c.x - px)) / area;
            let wb = ((c.x - px) * (a.y - py) - (c.y - py) * (a.x - px)) / area;
            let wc = 1.0 - wa - wb;
            if wa >= 0.0 && wb >= 0.0 && wc >= 0.0 {
                plot(x, y, wa * a.z + wb * b.z + wc * c.z);
            }
        }
    }
}

/// The analysis panel in a 1280×720 window, as the window draws it: its
/// "Analyse" toggle alone, and open with its bar, score, depth and line.
const ANALYSIS_CLOSED: [f32; 4] = [8.0, 8.0, 348.0, 74.0];
const ANALYSIS_OPEN: [f32; 4] = [8.0, 8.0, 348.0, 164.0];

/// Every man on the hexagonal boards' f-file (Glinski's three Bishops,
/// Gilman's General and Rabbis, McCooey's Bishops) is told apart at the
/// default camera in a 1280×720 window, with the analysis panel closed and
/// open: at least half of his head's outline (the top of him, whose shape
/// tells what he is) is in sight, neither hidden by the man in front of
/// him nor lost against the man behind him. Men of one army straight
/// behind one another in a file read as one tower: only their sides show.
#[test]
fn every_f_file_man_is_seen_at_the_default_camera() {
    use bevy::prelude::Rect;
    use variantarium::rules::variant::Variant;
    let size = (1280.0, 720.0);
    let mut worst = Vec::new();
    for id in [
        "glinski",
        "mccooey",
        "aj-glinski",
        "aj-mccooey",
        "aj-compact",
    ] {
        let variant = Variant::parse(id, None).expect("a variant");
        for (panel, [x0, y0, x1, y1]) in [("closed", ANALYSIS_CLOSED), ("open", ANALYSIS_OPEN)] {
            let mut app = framed_game(variant, size, Some(Rect::new(x0, y0, x1, y1)));
            for man in men_seen(&mut app, size) {
                if !man.cell.starts_with('f') {
                    continue;
                }
                let share = man.head_seen as f32 / man.head.max(1) as f32;
                eprintln!(
                    "{id}, analysis {panel}: {} shows {} of {} outline pixels, {} of his head's {} = {share:.2}",
                    man.cell, man.outline_seen, man.outline, man.head_seen, man.head
                );
                worst.push((
                    share,
                    format!("{id} ({panel} analysis): the man on {}", man.cell),
                ));
            }
        }
    }
    worst.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(!worst.is_empty(), "f-file men measured");
    let (share, who) = &worst[0];
    assert!(
        *share >= 0.5,
        "{who} shows {share:.2} of his head's outline"
    );
}
