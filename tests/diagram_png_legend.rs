//! The PNG move diagram (the game window's scene) carries the SVG's legend
//! for the marks it shows: its entries, read from the cell map the picture
//! writes, are the SVG's (less the routes, which the window does not
//! draw), and the picture shows them where the map says: a dark panel with
//! white words and the target's green swatch.

use std::path::PathBuf;
use std::process::Command;

use variantarium::diagram::legend::legend_items;
use variantarium::diagram::{Request, draw};
use variantarium::rules::variant::Variant;

use crate::display::{PrivateDisplay, with_default_settings};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-png-legend-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn svg_legend(variant: &str, man: char) -> Vec<String> {
    let diagram = draw(&Request {
        variant: Variant::parse(variant, None).expect("variant"),
        letter: man,
        cell: None,
        position: None,
    })
    .expect("a diagram");
    legend_items(&diagram)
        .into_iter()
        .map(|(_, words)| words.to_string())
        .filter(|w| w != "the way it goes")
        .collect()
}

fn check(display: &PrivateDisplay, variant: &str, man: char) {
    let dir = scratch(&format!("{variant}-{man}"));
    let (out, map) = (dir.join("diagram.png"), dir.join("map.json"));
    let output = with_default_settings(&mut Command::new(env!("CARGO_BIN_EXE_variantarium")))
        .args(["diagram", "--variant", variant, "--man", &man.to_string()])
        .args(["--size", "1280x720", "--out"])
        .arg(&out)
        .arg("--cell-map")
        .arg(&map)
        .env("DISPLAY", &display.name)
        .output()
        .expect("the binary runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{variant} {man}: {said}");
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&map).expect("the map")).expect("JSON");
    let shown: Vec<String> = map["legend"]
        .as_array()
        .expect("a legend")
        .iter()
        .map(|w| w.as_str().expect("words").to_string())
        .collect();
    assert_eq!(shown, svg_legend(variant, man), "{variant} {man}");
    let corner = |name: &str| {
        let at = &map["controls"][name];
        (
            at[0].as_f64().expect("x") as u32,
            at[1].as_f64().expect("y") as u32,
        )
    };
    let ((x0, y0), (x1, y1)) = (corner("legend"), corner("legend-end"));
    assert!(
        x1 > x0 + 60 && y1 >= y0 + 20 * shown.len() as u32,
        "{x0},{y0} {x1},{y1}"
    );
    let picture = image::open(&out).expect("a PNG").to_rgb8();
    let (mut white, mut green, mut dark) = (0, 0, 0);
    for y in y0..y1.min(picture.height()) {
        for x in x0..x1.min(picture.width()) {
            let [r, g, b] = picture.get_pixel(x, y).0.map(i32::from);
            white += usize::from(r > 220 && g > 220 && b > 220);
            green += usize::from(g > 170 && g > r + 80 && g > b + 70);
            dark += usize::from(r < 40 && g < 40 && b < 40);
        }
    }
    let area = ((x1 - x0) * (y1 - y0)) as usize;
    assert!(
        white > 40 * shown.len(),
        "{variant} {man}: words ({white} white pixels)"
    );
    assert!(
        green > 30,
        "{variant} {man}: the dot's swatch ({green} green pixels)"
    );
    assert!(
        dark > area / 2,
        "{variant} {man}: the legend's panel ({dark} of {area})"
    );
}

#[test]
fn the_png_diagram_carries_the_svgs_legend() {
    let display = PrivateDisplay::start();
    check(&display, "glinski", 'R');
    check(&display, "aj-glinski", 'F');
}
