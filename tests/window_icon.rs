//! The window wears the game's icon: the X property a window manager and a
//! task switcher read (`_NET_WM_ICON`) holds the 256 px picture of
//! assets/icon, pixel for pixel.

use std::process::Command;

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, scratch};

/// `_NET_WM_ICON` as numbers: width, height, then one ARGB value per pixel,
/// row by row; None until the window has it.
fn net_wm_icon(window: &GameWindow) -> Option<Vec<u32>> {
    let out = Command::new("xprop")
        .args(["-id", &window.id, "-notype"])
        // All of it: xprop stops at 250000 bytes unless told.
        .args(["-len", "1000000"])
        // Plain numbers, not xprop's picture of the icon.
        .args(["-f", "_NET_WM_ICON", "32c", " $0+\n", "_NET_WM_ICON"])
        .env("DISPLAY", &window.display.name)
        .output()
        .expect("xprop runs (install x11-utils)");
    let text = String::from_utf8_lossy(&out.stdout);
    let (_, values) = text.split_once(' ')?;
    let numbers: Vec<u32> = values
        .split(',')
        .map(|v| v.trim().parse().ok())
        .collect::<Option<_>>()?;
    (numbers.len() > 2).then_some(numbers)
}

#[test]
fn the_window_wears_the_game_icon() {
    let display = PrivateDisplay::start();
    let dir = scratch("window-icon", "icon");
    let window = GameWindow::open(&display, &dir, "640x400", &["--variant", "flaxman"]);
    let icon = window.wait("the window's icon", || net_wm_icon(&window));
    assert!(window.close("after reading its icon").success());

    let drawn = image::open("assets/icon/variantarium-256.png")
        .expect("the icon's picture")
        .to_rgba8();
    assert_eq!(&icon[..2], &[256, 256], "the icon's size");
    assert_eq!(icon.len(), 2 + 256 * 256, "one value per pixel");
    for (x, y) in [(128, 128), (128, 20), (40, 200), (0, 0)] {
        let [r, g, b, a] = drawn.get_pixel(x, y).0.map(u32::from);
        let argb = a << 24 | r << 16 | g << 8 | b;
        assert_eq!(
            icon[2 + (y * 256 + x) as usize],
            argb,
            "pixel ({x}, {y}) of the window's icon"
        );
    }
}
