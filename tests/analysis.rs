//! The analysis in the real window (issue 18): "Analyse" shows the
//! evaluation bar and draws the best move as a green arrow on the board;
//! pressing it again takes both away.

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, scratch};

const SIZE: &str = "1000x700";

/// Pixels of the analysis arrow's green (0.3, 0.85, 0.35 in sRGB).
fn arrow_pixels(picture: &image::RgbImage) -> usize {
    picture
        .pixels()
        .filter(|p| {
            let [r, g, b] = p.0.map(i32::from);
            (g - 217).abs() < 30 && (r - 77).abs() < 35 && (b - 89).abs() < 35
        })
        .count()
}

fn brightness(picture: &image::RgbImage, [x, y]: [f32; 2]) -> u32 {
    let p = picture.get_pixel(x.round() as u32, y.round() as u32).0;
    p.iter().map(|&c| u32::from(c)).sum::<u32>() / 3
}

/// Clicks a control once the game lists it.
fn click(window: &GameWindow, name: &str) {
    let at = window.wait(&format!("control '{name}'"), || {
        window.screen().controls.get(name).copied()
    });
    let (x, y) = (at[0].round().to_string(), at[1].round().to_string());
    window.xdotool(&["mousemove", "--window", &window.id, &x, &y]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    window.xdotool(&["click", "1"]);
    window.frames("the click to be handled", 2);
}

#[test]
fn analyse_shows_the_evaluation_bar_and_the_best_move_arrow() {
    let display = PrivateDisplay::start();
    let dir = scratch("analysis", "glinski");
    let window = GameWindow::open(&display, &dir, SIZE, &["--variant", "glinski"]);
    window.frames("the board to settle", 3);
    let before = arrow_pixels(&window.picture("before.png"));
    click(&window, "analyse");
    // The bar shows once the first depth is in.
    let bar = window.wait_frames("the evaluation bar", 200, || {
        window.screen().controls.get("evaluation-bar").copied()
    });
    // The picture lags the frame count by a frame or two: look until the
    // arrow shows.
    let during = window.wait_frames("the green arrow", 30, || {
        let picture = window.picture("analysis.png");
        (arrow_pixels(&picture) > before + 150).then_some(picture)
    });
    // Near an even start the bar is part light (White), part dark.
    let quarter = 220.0 / 4.0;
    let left = brightness(&during, [bar[0] - quarter, bar[1]]);
    let right = brightness(&during, [bar[0] + quarter, bar[1]]);
    assert!(left > 180 && right < 90, "bar light {left}, dark {right}");
    click(&window, "analyse");
    window.wait("the bar to go", || {
        (!window.screen().controls.contains_key("evaluation-bar")).then_some(())
    });
    window.wait_frames("the arrow to go", 30, || {
        let after = arrow_pixels(&window.picture("after.png"));
        (after < before + 50).then_some(())
    });
    window.close("after the analysis");
}

/// With the analysis open, at a wide and a small window, no cell lies under
/// the panel: the camera frames the boards in what all panels leave free.
#[test]
fn the_analysis_panel_covers_no_cell() {
    let display = PrivateDisplay::start();
    for size in ["1280x720", "800x600"] {
        let dir = scratch("analysis", &format!("chakra-{size}"));
        let window = GameWindow::open(&display, &dir, size, &["--variant", "chakra"]);
        window.frames("the board to settle", 3);
        click(&window, "analyse");
        window.wait_frames("the evaluation bar", 200, || {
            window.screen().controls.get("evaluation-bar").copied()
        });
        // The camera frames again after the panel has grown.
        window.frames("the camera to frame the boards again", 4);
        let screen = window.screen();
        let corner = screen.controls["analysis-panel-corner"];
        let half_cell = 12.0;
        let covered: Vec<&String> = screen
            .cells
            .iter()
            .filter(|(_, at)| at[0] - half_cell < corner[0] && at[1] - half_cell < corner[1])
            .map(|(name, _)| name)
            .collect();
        assert!(
            covered.is_empty(),
            "{size}: the analysis panel (to {corner:?}) covers {covered:?}"
        );
        window.close("after the analysis");
    }
}
