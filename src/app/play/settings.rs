//! The player's settings — look, sound, motion and camera — kept in
//! `settings.json` in the user's config folder. They are read once at
//! start-up and written atomically whenever they change; a missing file
//! means the defaults, an unreadable one the defaults and a line in the
//! status bar (the file is rewritten on the next change).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::play::game::{AnimationSpeed, StartNotice};

const SETTINGS_FILE: &str = "settings.json";

/// A choice among named options, listed in the settings window.
pub trait Named: Sized + Copy + PartialEq + 'static {
    const ALL: &'static [Self];
    fn name(self) -> &'static str;
}

/// The material set of every board shape (squares, hexagons, points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardTheme {
    /// Maple and walnut inlay on a walnut frame.
    #[default]
    Walnut,
    /// Pale and grey-veined marble on a slate frame.
    Marble,
    /// Red and black lacquer on a gilded frame.
    Lacquer,
}

impl Named for BoardTheme {
    const ALL: &'static [Self] = &[BoardTheme::Walnut, BoardTheme::Marble, BoardTheme::Lacquer];
    fn name(self) -> &'static str {
        match self {
            BoardTheme::Walnut => "Walnut",
            BoardTheme::Marble => "Marble",
            BoardTheme::Lacquer => "Lacquer",
        }
    }
}

/// The material set (and shape family) of the men.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PieceTheme {
    /// Turned boxwood and ebony.
    #[default]
    Wood,
    /// Polished white and black stone.
    Stone,
}

impl Named for PieceTheme {
    const ALL: &'static [Self] = &[PieceTheme::Wood, PieceTheme::Stone];
    fn name(self) -> &'static str {
        match self {
            PieceTheme::Wood => "Wood",
            PieceTheme::Stone => "Stone",
        }
    }
}

/// Where the camera sits when a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CameraStart {
    /// Behind the player to move, looking down at an angle.
    #[default]
    Seated,
    /// Straight down over the board.
    Top,
}

impl Named for CameraStart {
    const ALL: &'static [Self] = &[CameraStart::Seated, CameraStart::Top];
    fn name(self) -> &'static str {
        match self {
            CameraStart::Seated => "Seated",
            CameraStart::Top => "Top view",
        }
    }
}

/// Everything the player sets once and expects to find again.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub board_theme: BoardTheme,
    pub piece_theme: PieceTheme,
    /// Coordinates along the board's edges.
    pub coordinates: bool,
    /// Gilman's cell numbers on the hexagonal boards.
    pub cell_numbers: bool,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    pub muted: bool,
    /// Seconds a man takes to make a move.
    pub animation_seconds: f32,
    pub camera_start: CameraStart,
    /// The camera flies in when a game starts.
    pub fly_in: bool,
    /// The online server last played on, `HOST:PORT`.
    pub server_address: String,
    /// The name the player goes by online.
    pub display_name: String,
    /// The new-game form as the player left it.
    pub setup: SetupChoices,
}

/// The new-game form's choices that differ from a first start's: the
/// game, who plays each side of each game, and the clock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SetupChoices {
    /// The game chosen, by its id (`chakra`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Who plays each side, by game id, in side order: 0 a person, 1 to 6
    /// the computer at that level.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub players: BTreeMap<String, Vec<u8>>,
    /// `blitz`, `rapid` or `custom` (none: no clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// The custom clock: minutes each and seconds added a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_clock: Option<[u64; 2]>,
}

/// The server the Play online screen offers first.
pub const DEFAULT_SERVER: &str = "127.0.0.1:7878";

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board_theme: BoardTheme::default(),
            piece_theme: PieceTheme::default(),
            coordinates: true,
            cell_numbers: false,
            volume: 0.7,
            muted: false,
            animation_seconds: 0.45,
            camera_start: CameraStart::default(),
            fly_in: true,
            server_address: DEFAULT_SERVER.to_string(),
            display_name: String::new(),
            setup: SetupChoices::default(),
        }
    }
}

impl Settings {
    /// The settings kept in `path`: the defaults when there is no file.
    pub fn load(path: &Path) -> Result<Settings, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let settings: Settings = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a settings file: {e}", path.display()))?;
        Ok(settings.clamped())
    }

    /// Writes the settings to `path` atomically, making its folder.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        crate::record::write_atomically(path, &format!("{text}\n"))
            .map_err(|e| format!("cannot save {}: {e}", path.display()))
    }

    /// The volume to play at, mute included.
    pub fn loudness(&self) -> f32 {
        if self.muted { 0.0 } else { self.volume }
    }

    /// Values a hand-edited file may carry out of range, brought back in.
    fn clamped(mut self) -> Settings {
        self.volume = self.volume.clamp(0.0, 1.0);
        if !self.animation_seconds.is_finite() {
            self.animation_seconds = Settings::default().animation_seconds;
        }
        self.animation_seconds = self.animation_seconds.clamp(0.0, 3.0);
        self
    }
}

/// `settings.json` in the user's config folder.
pub fn settings_path() -> Option<PathBuf> {
    crate::record::config_dir().map(|d| d.join(SETTINGS_FILE))
}

/// The settings window, opened from the title screen and the game panel.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsWindow {
    pub open: bool,
}

/// Where the settings are kept; None keeps them for this run only.
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsFile(pub Option<PathBuf>);

pub(super) fn plugin(app: &mut App) {
    let file = SettingsFile(settings_path());
    let (settings, problem) = match file.0.as_deref().map(Settings::load) {
        Some(Ok(settings)) => (settings, None),
        Some(Err(e)) => (Settings::default(), Some(e)),
        None => (Settings::default(), None),
    };
    app.insert_resource(settings)
        .insert_resource(file)
        .init_resource::<SettingsWindow>()
        .init_resource::<StartNotice>()
        .add_systems(Startup, say_where_settings_come_from)
        .add_systems(Startup, move |mut notice: ResMut<StartNotice>| {
            if let Some(problem) = &problem {
                let line = format!("{problem}; using the default settings");
                notice.0 = Some(match notice.0.take() {
                    Some(earlier) => format!("{earlier}; {line}"),
                    None => line,
                });
            }
        })
        .add_systems(Update, follow_animation_seconds)
        .add_systems(Last, save_changed_settings);
}

/// One line in the log: which file the settings came from and what they
/// are (a restart's proof that they were kept), or that there is none yet.
fn say_where_settings_come_from(settings: Res<Settings>, file: Res<SettingsFile>) {
    let Some(path) = &file.0 else { return };
    if !path.exists() {
        info!(
            "no settings yet: the defaults until a change writes {}",
            path.display()
        );
        return;
    }
    let values = serde_json::to_string(&*settings).unwrap_or_default();
    info!("settings from {}: {values}", path.display());
}

/// Moves take as long as the settings say.
fn follow_animation_seconds(settings: Res<Settings>, mut speed: ResMut<AnimationSpeed>) {
    if settings.is_changed() && speed.0 != settings.animation_seconds {
        speed.0 = settings.animation_seconds;
    }
}

/// Writes the settings after any change (not the first frame's insertion).
fn save_changed_settings(settings: Res<Settings>, file: Res<SettingsFile>) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    let Some(path) = &file.0 else { return };
    if let Err(e) = settings.save(path) {
        warn!("{e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "variantarium-settings-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("variantarium").join(SETTINGS_FILE)
    }

    #[test]
    fn settings_survive_a_save_and_a_load() {
        let path = scratch("roundtrip");
        assert_eq!(Settings::load(&path), Ok(Settings::default()));
        let chosen = Settings {
            board_theme: BoardTheme::Lacquer,
            piece_theme: PieceTheme::Stone,
            cell_numbers: true,
            muted: true,
            volume: 0.25,
            camera_start: CameraStart::Top,
            ..Settings::default()
        };
        chosen.save(&path).expect("saved");
        assert_eq!(Settings::load(&path), Ok(chosen));
    }

    #[test]
    fn a_broken_settings_file_is_named_in_the_error() {
        let path = scratch("broken");
        std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
        std::fs::write(&path, "{\"board_theme\": \"plaid\"}").expect("written");
        let error = Settings::load(&path).expect_err("a bad theme");
        assert!(
            error.contains("settings.json") && error.contains("plaid"),
            "{error}"
        );
    }

    #[test]
    fn out_of_range_values_are_brought_back() {
        let path = scratch("range");
        std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
        std::fs::write(&path, "{\"volume\": 7.5, \"animation_seconds\": -1}").expect("written");
        let loaded = Settings::load(&path).expect("loads");
        assert_eq!((loaded.volume, loaded.animation_seconds), (1.0, 0.0));
    }
}
