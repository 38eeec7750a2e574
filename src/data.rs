//! The data that is part of the program — lessons, puzzles and the games'
//! thumbnails — compiled into the binary, so that it works wherever it is
//! copied or installed. An author reads a folder on disk instead
//! ([`Source::Folder`]), chosen by a flag or an environment variable.

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};

static LESSONS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/lessons");
static PUZZLES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/puzzles");
static THUMBNAILS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/thumbnails");

/// Where a set of data files is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A folder on disk.
    Folder(PathBuf),
    /// The files compiled into the program, named as under `assets/`.
    Builtin(&'static str),
}

/// One data file: the name it is known by, and its text or why none.
pub type DataFile = (PathBuf, Result<String, String>);

impl Source {
    /// The lessons shipped with the program.
    pub const LESSONS: Source = Source::Builtin("lessons");
    /// The puzzles shipped with the program.
    pub const PUZZLES: Source = Source::Builtin("puzzles");

    /// How the source is named in messages.
    pub fn describe(&self) -> String {
        match self {
            Source::Folder(dir) => dir.display().to_string(),
            Source::Builtin(name) => format!("the built-in {name}"),
        }
    }

    /// Its `.json` files, sorted by name: directly in it (`nested` false)
    /// or one folder down (`nested` true). Only a missing or unreadable
    /// folder is an error; a file that cannot be read carries its error.
    pub fn json_files(&self, nested: bool) -> Result<Vec<DataFile>, String> {
        let mut files = match self {
            Source::Folder(dir) => folder_files(dir, nested)?,
            Source::Builtin(name) => builtin_files(name, nested),
        };
        files.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(files)
    }
}

fn builtin(name: &str) -> &'static Dir<'static> {
    match name {
        "lessons" => &LESSONS,
        "puzzles" => &PUZZLES,
        _ => &THUMBNAILS,
    }
}

fn builtin_files(name: &str, nested: bool) -> Vec<DataFile> {
    let root = builtin(name);
    let dirs: Vec<&Dir> = if nested {
        root.dirs().collect()
    } else {
        vec![root]
    };
    dirs.iter()
        .flat_map(|dir| dir.files())
        .filter(|file| file.path().extension().is_some_and(|e| e == "json"))
        .map(|file| {
            let text = file
                .contents_utf8()
                .map(str::to_string)
                .ok_or_else(|| "not UTF-8 text".to_string());
            (Path::new(name).join(file.path()), text)
        })
        .collect()
}

fn folder_files(dir: &Path, nested: bool) -> Result<Vec<DataFile>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if nested {
            if let Ok(inner) = std::fs::read_dir(&path) {
                files.extend(inner.flatten().map(|f| f.path()).filter(|p| is_json(p)));
            }
        } else if is_json(&path) {
            files.push(path);
        }
    }
    Ok(files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string());
            (path, text)
        })
        .collect())
}

fn is_json(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "json")
}

/// A game's thumbnail, a PNG named `<variant id>.png`, when it has one.
pub fn thumbnail(variant_id: &str) -> Option<&'static [u8]> {
    THUMBNAILS
        .get_file(format!("{variant_id}.png"))
        .map(|file| file.contents())
}
