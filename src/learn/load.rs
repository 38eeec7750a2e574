//! Finds and reads the lesson files: `<dir>/<game>/NN-slug.json`, sorted by
//! folder and name. A file that cannot be read, parsed or proved is kept as
//! a broken entry with its problem, so that a menu lists the others.

use std::path::{Path, PathBuf};

use super::check::check;
use super::lesson::Lesson;
use crate::data::Source;
use crate::rules::registry::describe;
use crate::rules::variant::VariantId;

/// One lesson file and what became of it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    /// The folder it sits in: lessons are grouped by it.
    pub group: String,
    pub lesson: Option<Lesson>,
    /// Why the lesson cannot be played, naming its file (and step).
    pub problem: Option<String>,
}

impl Entry {
    /// The lesson when it is sound.
    pub fn playable(&self) -> Option<&Lesson> {
        self.lesson.as_ref().filter(|_| self.problem.is_none())
    }

    /// The lesson's title, or its file name when it could not be read.
    pub fn title(&self) -> String {
        match &self.lesson {
            Some(lesson) => lesson.title.clone(),
            None => self
                .path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        }
    }
}

/// Every lesson found under a directory.
#[derive(Clone, Debug, Default)]
pub struct Library {
    pub entries: Vec<Entry>,
}

/// The variable naming a folder of lessons to read instead of the
/// built-in ones (for a lesson's author).
pub const LESSONS_VARIABLE: &str = "VARIANTARIUM_LESSONS";

/// Where lessons are read from: the folder `$VARIANTARIUM_LESSONS`, else
/// the lessons built into the program.
pub fn default_source() -> Source {
    match std::env::var_os(LESSONS_VARIABLE).filter(|d| !d.is_empty()) {
        Some(dir) => Source::Folder(PathBuf::from(dir)),
        None => Source::LESSONS,
    }
}

/// The player's own lessons, added to the built-in ones: `lessons/<game>/`
/// in the data folder (`~/.local/share/variantarium/lessons` on Linux).
pub fn own_lessons_dir() -> Option<PathBuf> {
    crate::record::data_dir().map(|d| d.join("lessons"))
}

/// Reads one lesson file, without proving it.
pub fn read_lesson(path: &Path) -> Result<Lesson, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_lesson(path, &text)
}

fn parse_lesson(path: &Path, text: &str) -> Result<Lesson, String> {
    serde_json::from_str(text).map_err(|e| format!("{}: {e}", path.display()))
}

impl Library {
    /// Reads every `*.json` one folder deep under `dir`. Only a missing or
    /// unreadable `dir` is an error; bad files become broken entries.
    pub fn load(dir: &Path) -> Result<Library, String> {
        Library::read(&[Source::Folder(dir.to_path_buf())])
    }

    /// The lessons a player is given: [`default_source`], and with the
    /// built-in ones the player's own ([`own_lessons_dir`]) when that
    /// folder exists.
    pub fn shipped() -> Result<Library, String> {
        let mut sources = vec![default_source()];
        if sources[0] == Source::LESSONS
            && let Some(own) = own_lessons_dir().filter(|d| d.is_dir())
        {
            sources.push(Source::Folder(own));
        }
        Library::read(&sources)
    }

    /// Every lesson of the sources, in order; a lesson whose id an earlier
    /// one took is broken.
    pub fn read(sources: &[Source]) -> Result<Library, String> {
        let mut library = Library::default();
        for source in sources {
            for (path, text) in source.json_files(true)? {
                library.add(path, text);
            }
        }
        // Games in the registry's order, each folder's files in name order.
        let order = library
            .groups()
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>();
        library
            .entries
            .sort_by_key(|e| order.iter().position(|g| *g == e.group));
        Ok(library)
    }

    /// Reads, proves and keeps one file; a second lesson with an id already
    /// taken is broken.
    pub fn add(&mut self, path: PathBuf, text: Result<String, String>) {
        let group = path
            .parent()
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let read = text
            .map_err(|e| format!("{}: {e}", path.display()))
            .and_then(|text| parse_lesson(&path, &text));
        let (lesson, problem) = match read {
            Err(e) => (None, Some(e)),
            Ok(lesson) => {
                let taken = self
                    .entries
                    .iter()
                    .any(|e| e.lesson.as_ref().is_some_and(|l| l.id == lesson.id));
                let problem = if taken {
                    Some(format!(
                        "{}: the id '{}' is taken by another lesson",
                        path.display(),
                        lesson.id
                    ))
                } else {
                    check(&lesson)
                        .err()
                        .map(|p| format!("{} (lesson {}) {p}", path.display(), lesson.id))
                };
                (Some(lesson), problem)
            }
        };
        self.entries.push(Entry {
            path,
            group,
            lesson,
            problem,
        });
    }

    /// The sound lesson with this id.
    pub fn find(&self, id: &str) -> Option<&Lesson> {
        self.entries
            .iter()
            .filter_map(Entry::playable)
            .find(|l| l.id == id)
    }

    /// The problems of the broken entries, in file order.
    pub fn problems(&self) -> Vec<&str> {
        self.entries
            .iter()
            .filter_map(|e| e.problem.as_deref())
            .collect()
    }

    /// The sound lessons, in file order.
    pub fn playable(&self) -> impl Iterator<Item = &Lesson> {
        self.entries.iter().filter_map(Entry::playable)
    }

    /// The sound lessons about the game `id` plays: those of games with the
    /// same rules, and for a game whose pawn-like piece is chosen (the hex
    /// family), those of every such game.
    pub fn for_game(&self, id: VariantId) -> Vec<&Lesson> {
        let game = describe(id);
        self.playable()
            .filter(|lesson| {
                lesson.variant.parse::<VariantId>().is_ok_and(|other| {
                    let other = describe(other);
                    other.rules == game.rules || (other.takes_pawn_kind() && game.takes_pawn_kind())
                })
            })
            .collect()
    }

    /// The folders, in the registry's order of the games their lessons play
    /// (a folder of unreadable lessons only comes last).
    pub fn groups(&self) -> Vec<&str> {
        let rank = |group: &str| {
            self.entries
                .iter()
                .filter(|e| e.group == group)
                .filter_map(|e| e.lesson.as_ref()?.variant.parse::<VariantId>().ok())
                .filter_map(|id| VariantId::ALL.iter().position(|&v| v == id))
                .min()
                .unwrap_or(usize::MAX)
        };
        let mut groups: Vec<&str> = self.entries.iter().map(|e| e.group.as_str()).collect();
        groups.dedup();
        groups.sort_by_key(|g| (rank(g), g.to_string()));
        groups
    }

    /// The sound lesson after the one with this id.
    pub fn next_after(&self, id: &str) -> Option<&Lesson> {
        self.playable().skip_while(|l| l.id != id).nth(1)
    }
}
