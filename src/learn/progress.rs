//! Which lessons the player has finished, kept as a JSON list of ids in the
//! user's config folder and written atomically.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The ids of the finished lessons.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: BTreeSet<String>,
}

/// `$XDG_CONFIG_HOME/variantarium/learn.json` (or under `~/.config`).
pub fn progress_path() -> Option<PathBuf> {
    crate::record::config_dir().map(|d| d.join("learn.json"))
}

impl Progress {
    /// The progress kept in `path`; nothing done when the file is missing
    /// or unreadable (it is rewritten on the next finished lesson).
    pub fn load(path: &Path) -> Progress {
        let done = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str::<Vec<String>>(&text).ok())
            .unwrap_or_default();
        Progress {
            done: done.into_iter().collect(),
        }
    }

    /// Marks a lesson done and writes the file atomically.
    pub fn finish(&mut self, id: &str, path: &Path) -> Result<(), String> {
        self.done.insert(id.to_string());
        let list: Vec<&String> = self.done.iter().collect();
        let text = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        crate::record::write_atomically(path, &text).map_err(|e| format!("{}: {e}", path.display()))
    }
}
