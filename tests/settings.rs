//! Settings persist: a change made in the window's resource is written to
//! the config folder at once, and a new run of the game reads it back.

use std::path::PathBuf;
use std::process::Command;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use variantarium::app::play::settings::{BoardTheme, CameraStart, PieceTheme};
use variantarium::app::{AnimationSpeed, CorePlugin, Settings, SettingsFile};

use crate::display::PrivateDisplay;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

#[test]
fn a_changed_setting_is_written_and_a_restart_reads_it() {
    let config = scratch();
    let file = config.join("variantarium").join("settings.json");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    app.insert_resource(SettingsFile(Some(file.clone())));
    app.update();
    assert!(!file.exists(), "nothing is written before a change");
    let chosen = Settings {
        board_theme: BoardTheme::Marble,
        piece_theme: PieceTheme::Stone,
        volume: 0.3,
        animation_seconds: 1.2,
        camera_start: CameraStart::Top,
        ..Settings::default()
    };
    *app.world_mut().resource_mut::<Settings>() = chosen.clone();
    app.update();
    assert_eq!(Settings::load(&file), Ok(chosen.clone()), "written at once");
    assert_eq!(
        app.world().resource::<AnimationSpeed>().0,
        1.2,
        "moves follow"
    );

    // A new run of the game, with this config folder, reads them.
    let display = PrivateDisplay::start();
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["screenshot", "--variant", "flaxman", "--size", "320x200"])
        .arg("--out")
        .arg(config.join("shot.png"))
        .env("DISPLAY", &display.name)
        .env("XDG_CONFIG_HOME", &config)
        // A screenshot says nothing but warnings unless asked.
        .env("RUST_LOG", "warn,variantarium=info")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let line = stderr
        .lines()
        .find(|l| l.contains("settings from"))
        .unwrap_or_else(|| panic!("no settings line: {stderr}"));
    assert!(line.contains(&file.display().to_string()), "{line}");
    let json = &line[line.find('{').expect("the values")..];
    let read: Settings = serde_json::from_str(json).expect("the values as JSON");
    assert_eq!(read, chosen);
    assert_eq!(
        Settings::load(&file),
        Ok(chosen),
        "the run left them as they were"
    );
}
