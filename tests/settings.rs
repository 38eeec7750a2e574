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

/// The new-game form's choices (the game, who plays each side, the clock
/// and its custom minutes) are the player's settings: a restart finds them
/// as they were left.
#[test]
fn setup_choices_survive_a_restart() {
    use variantarium::app::form::Form;
    use variantarium::app::{ClockChoice, ClockMode, TimeControl};
    use variantarium::engine::Level;
    use variantarium::rules::variant::VariantId;
    let config = std::env::temp_dir().join(format!("variantarium-setup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&config);
    let file = config.join("variantarium").join("settings.json");
    // A run of the window: the settings read from the file at start-up.
    let run = || {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
        app.init_resource::<Form>();
        app.insert_resource(SettingsFile(Some(file.clone())));
        app.insert_resource(Settings::load(&file).expect("loads"));
        app.update();
        app
    };
    let expert: Level = "5".parse().expect("a level");
    let custom = ClockChoice {
        mode: ClockMode::Custom,
        custom: TimeControl::minutes(7, 2),
    };
    let mut first = run();
    {
        let mut form = first.world_mut().resource_mut::<Form>();
        form.variant = VariantId::Chakra;
        *form.seats(VariantId::Chakra) = vec![None, Some(expert)];
    }
    first.insert_resource(custom);
    first.update();
    assert!(file.exists(), "the choices are written");
    drop(first);

    let mut second = run();
    assert_eq!(*second.world().resource::<ClockChoice>(), custom);
    let mut form = second.world_mut().resource_mut::<Form>();
    assert_eq!(form.variant, VariantId::Chakra);
    assert_eq!(*form.seats(VariantId::Chakra), [None, Some(expert)]);
    let _ = std::fs::remove_dir_all(&config);
}
