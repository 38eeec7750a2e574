//! The player's files: saved games in the data folder's `saves/` under
//! names made from the game and the time, the list of them (a file that
//! cannot be read is listed as such, never hidden), and save, export, load
//! and delete, each answered by one line for the player that names the
//! file and its folder and says whether it went wrong.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::engine::Level;
use crate::record::{self, GameRecord, Loaded, SavedClock};
use crate::rules::Side;
pub use crate::rules::glossary::capitalised;
use crate::rules::session::Session;

/// The folder of saved games inside the data folder.
const SAVES: &str = "saves";
/// The folder of recorded videos inside the data folder.
const VIDEOS: &str = "videos";

/// A line about a file, and whether it reports a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileNote {
    pub text: String,
    pub error: bool,
}

impl FileNote {
    pub fn done(text: String) -> Self {
        FileNote { text, error: false }
    }

    pub fn failed(text: String) -> Self {
        FileNote { text, error: true }
    }
}

/// "name in folder", the folder made absolute so the player can find it.
pub fn where_is(path: &Path) -> String {
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

/// Saves the game (all of it, with who plays each side, the clocks and
/// the time each move took, for `.json`; else the text record), making the
/// folder if need be.
pub fn save_game(
    session: &dyn Session,
    players: &[Option<Level>],
    clock: Option<SavedClock>,
    move_ms: &[Option<u64>],
    path: &Path,
) -> FileNote {
    let seats = usize::from(session.side_count()).min(players.len());
    let record = GameRecord::of(session)
        .with_players(&players[..seats])
        .with_clock(clock)
        .with_move_times(move_ms);
    save_record(&record, path)
}

/// Writes a record at `path` (JSON for `.json`, else the text record),
/// making the folder if need be.
pub fn save_record(record: &GameRecord, path: &Path) -> FileNote {
    let text = if path.extension().is_some_and(|e| e == "json") {
        record.to_json()
    } else {
        record.to_text()
    };
    let written = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
        _ => Ok(()),
    }
    .and_then(|()| record::write_atomically(path, &text));
    match written {
        Ok(()) => FileNote::done(format!("Saved {}", where_is(path))),
        Err(e) => FileNote::failed(format!("Cannot save {}: {e}", where_is(path))),
    }
}

/// Writes the plain-text record at `path` made `.txt`.
pub fn export_game(session: &dyn Session, path: &Path) -> FileNote {
    let path = path.with_extension("txt");
    let note = save_game(session, &[], None, &[], &path);
    if note.error {
        return note;
    }
    FileNote::done(format!("Exported {}", where_is(&path)))
}

/// Reads a saved game or a text record.
pub fn load_game(path: &Path) -> (FileNote, Option<Loaded>) {
    match record::open(path) {
        // A record whose moves stopped replaying says which move failed.
        Ok(loaded) => (
            match &loaded.stopped {
                Some(stopped) => FileNote::failed(stopped.clone()),
                None => FileNote::done(format!("Loaded {}", where_is(path))),
            },
            Some(loaded),
        ),
        Err(e) => (FileNote::failed(e), None),
    }
}

/// Deletes a saved game.
pub fn delete_game(path: &Path) -> FileNote {
    match std::fs::remove_file(path) {
        Ok(()) => FileNote::done(format!("Deleted {}", where_is(path))),
        Err(e) => FileNote::failed(format!("Cannot delete {}: {e}", where_is(path))),
    }
}

/// Where saved games go: `saves` in the user's data folder.
pub fn saves_dir() -> Option<PathBuf> {
    record::data_dir().map(|d| d.join(SAVES))
}

/// A new file in `dir` for this game: its title and the local time, e.g.
/// `Flaxman 2026-12-01 14.05.json`, with ` (2)` and on when taken.
pub fn fresh_name(dir: &Path, session: &dyn Session, now: SystemTime) -> PathBuf {
    fresh_file(dir, session, now, "json")
}

/// Where recorded videos go: `videos` in the user's data folder, beside
/// the saved games.
pub fn videos_dir() -> Option<PathBuf> {
    record::data_dir().map(|d| d.join(VIDEOS))
}

/// A new file in `dir` named as [`fresh_name`] names saves, with the
/// extension `ext`.
pub fn fresh_file(dir: &Path, session: &dyn Session, now: SystemTime, ext: &str) -> PathBuf {
    let stem = format!("{} {}", session.variant().id.title(), stamp(now, '.'));
    let stem: String = stem
        .chars()
        .map(|c| if "/\\:*?\"<>|".contains(c) { '-' } else { c })
        .collect();
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.{ext}")),
            n => dir.join(format!("{stem} ({n}).{ext}")),
        })
        .find(|path| !path.exists())
        .expect("a free name")
}

/// One file of the saves folder.
pub struct SavedGame {
    pub path: PathBuf,
    pub modified: Option<SystemTime>,
    /// What the file holds, or why it cannot be read.
    pub about: Result<About, String>,
}

/// What the saved-games list says of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    pub game: String,
    /// `White: Human, Black: Club player`; empty when the file does not say.
    pub players: String,
    /// "4 moves", as the move list counts them.
    pub moves: String,
    /// `White wins by checkmate`, or `White to move`.
    pub result: String,
}

impl SavedGame {
    fn read(path: PathBuf) -> SavedGame {
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        // The list names the file: its reason need not.
        let named = format!("{}: ", path.display());
        let about = record::open(&path)
            .map(|loaded| about(&loaded))
            .map_err(|e| e.strip_prefix(&named).map_or(e.clone(), capitalised));
        SavedGame {
            path,
            modified,
            about,
        }
    }

    /// The file's name without `.json`.
    pub fn name(&self) -> String {
        let name = self.path.file_name().unwrap_or_default().to_string_lossy();
        name.strip_suffix(".json").unwrap_or(&name).to_string()
    }

    /// When it was saved, in local time.
    pub fn date(&self) -> String {
        self.modified
            .map_or_else(|| "unknown date".into(), |t| stamp(t, ':'))
    }
}

fn about(loaded: &Loaded) -> About {
    let session = loaded.session.as_ref();
    let players = loaded.players.as_ref().map_or_else(String::new, |seats| {
        let seat = |(i, level): (usize, &Option<Level>)| {
            let who = level.map_or("Human", Level::name);
            format!("{}: {who}", Side(i as u8).name())
        };
        seats
            .iter()
            .enumerate()
            .map(seat)
            .collect::<Vec<_>>()
            .join(", ")
    });
    About {
        game: session.variant().id.title().into(),
        players,
        moves: moves_phrase(session),
        result: match session.outcome() {
            Some(outcome) => capitalised(&outcome.to_string()),
            None => format!("{} to move", session.side_to_move().name()),
        },
    }
}

/// "4 moves": moves counted as the move list numbers them, one for each
/// round of turns (seven turns of a two-player game are four moves).
pub fn moves_phrase(session: &dyn Session) -> String {
    crate::rules::glossary::rounds_phrase(session.moves().len(), session.side_count())
}

/// The games in `dir`, newest first; a missing folder has none. Files
/// whose names begin with `.` (a write in progress) are not games.
pub fn list_saves(dir: &Path) -> Result<Vec<SavedGame>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("Cannot read the folder {}: {e}", dir.display())),
    };
    let mut games: Vec<SavedGame> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .filter(|path| {
            !path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(SavedGame::read)
        .collect();
    games.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
    Ok(games)
}

/// `2026-12-01 14:05` (with `sep` between hours and minutes) in local time.
fn stamp(time: SystemTime, sep: char) -> String {
    let [year, month, day, hour, minute] = local_time(time);
    format!("{year:04}-{month:02}-{day:02} {hour:02}{sep}{minute:02}")
}

/// Year, month, day, hour and minute of `time` in the local time zone
/// (UTC where the system offers no time zone to this program).
fn local_time(time: SystemTime) -> [i64; 5] {
    let seconds = match time.duration_since(SystemTime::UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    let offset = utc_offset(seconds);
    let local = seconds + offset;
    let (days, rest) = (local.div_euclid(86_400), local.rem_euclid(86_400));
    let [year, month, day] = civil_from_days(days);
    [year, month, day, rest / 3600, rest % 3600 / 60]
}

#[cfg(unix)]
fn utc_offset(seconds: i64) -> i64 {
    let t = seconds as libc::time_t;
    // SAFETY: localtime_r reads `t` and writes only into `tm`, which it
    // owns for the call; an all-zero `tm` is a valid value to overwrite.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() {
            0
        } else {
            tm.tm_gmtoff as i64
        }
    }
}

#[cfg(not(unix))]
fn utc_offset(_seconds: i64) -> i64 {
    0
}

/// The proleptic Gregorian date of a day counted from 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> [i64; 3] {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    [year, month, day]
}
