//! The render profile: how much the renderer does per frame, and the
//! player's remembered choice of it. The systems that apply it live with the
//! scene (`look::quality`); the table's and the settings' readers need only
//! this.

use bevy::prelude::*;

/// How much the renderer does per frame.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Quality {
    Low,
    Medium,
    #[default]
    High,
}

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::Low, Quality::Medium, Quality::High];

    pub fn name(self) -> &'static str {
        match self {
            Quality::Low => "low",
            Quality::Medium => "medium",
            Quality::High => "high",
        }
    }

    pub fn parse(text: &str) -> Result<Quality, String> {
        Quality::ALL
            .into_iter()
            .find(|q| q.name() == text)
            .ok_or_else(|| format!("--quality must be low, medium or high, not '{text}'"))
    }
}

/// Where the window's choice comes from.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum QualitySource {
    /// The command line set it (`record --quality`): nothing is remembered.
    Given,
    /// The player chose it in the menu (remembered in the config folder, beside the settings).
    Chosen,
    /// Nobody chose: the window picks from the adapter.
    Automatic,
}

/// The file, in the config folder, that keeps the player's choice.
const REMEMBERED: &str = "quality";

pub fn remembered() -> Option<Quality> {
    let path = crate::record::config_dir()?.join(REMEMBERED);
    let text = std::fs::read_to_string(path).ok()?;
    Quality::parse(text.trim()).ok()
}

pub fn remember(quality: Quality) {
    let Some(dir) = crate::record::config_dir() else {
        return;
    };
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        crate::record::write_atomically(&dir.join(REMEMBERED), &format!("{}\n", quality.name()))
    });
    if let Err(e) = written {
        warn!("cannot remember the render quality: {e}");
    }
}
