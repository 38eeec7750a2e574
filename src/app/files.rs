//! Save, export and load from the window, each answered by one line for the
//! player that names the file and its folder, and says whether it went wrong.

use std::path::{Path, PathBuf};

use crate::record;
use crate::rules::session::Session;

/// A line about a file, and whether it reports a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileNote {
    pub text: String,
    pub error: bool,
}

impl FileNote {
    fn done(text: String) -> Self {
        FileNote { text, error: false }
    }

    fn failed(text: String) -> Self {
        FileNote { text, error: true }
    }
}

/// "name in folder", the folder made absolute so the player can find it.
fn where_is(path: &Path) -> String {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let name = full.file_name().map_or_else(
        || full.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    match full.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => {
            format!("{name} in {}", folder.display())
        }
        _ => name,
    }
}

/// Saves the game (all of it for `.json`, else the text record).
pub fn save_game(session: &dyn Session, path: &str) -> FileNote {
    let path = PathBuf::from(path.trim());
    match record::save(session, &path) {
        Ok(()) => FileNote::done(format!("Saved {}", where_is(&path))),
        Err(e) => FileNote::failed(e),
    }
}

/// Writes the plain-text record beside the save, as `.txt`.
pub fn export_game(session: &dyn Session, path: &str) -> FileNote {
    let path = PathBuf::from(path.trim()).with_extension("txt");
    match record::save(session, &path) {
        Ok(()) => FileNote::done(format!("Exported {}", where_is(&path))),
        Err(e) => FileNote::failed(e),
    }
}

/// Reads a saved game or a text record.
pub fn load_game(path: &str) -> (FileNote, Option<Box<dyn Session>>) {
    let path = PathBuf::from(path.trim());
    match record::open(&path) {
        // A record whose moves stopped replaying says which move failed.
        Ok(loaded) => (
            match loaded.stopped {
                Some(stopped) => FileNote::failed(stopped),
                None => FileNote::done(format!("Loaded {}", where_is(&path))),
            },
            Some(loaded.session),
        ),
        Err(e) => (FileNote::failed(e), None),
    }
}
