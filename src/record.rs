//! Game records: the saved game (JSON, human-readable) and the plain-text
//! export (PGN-like, with a `[Variant]` tag). Both replay every move through
//! the rules when read, so a record that loads is a legal game.
//!
//! Saved games carry a format version. A file of a newer version is refused
//! with a message naming its version; older versions are migrated on
//! reading. A file whose moves stop replaying (the rules were corrected
//! since it was written) loads up to the last legal move, and the load says
//! which move failed ([`Loaded::stopped`]).
//!
//! Versions: 1, the first; 2 adds `players` (who played each side, so that
//! a resumed game goes on against the same computer). A game lost on time
//! also carries `timeout`, the side whose clock ran out (an optional field
//! of version 2: older builds read the moves and ignore it). An Anglojewish
//! game set up with a promotion option carries `promotion` (optional: a
//! record without it is `curved`). A game played with clocks carries
//! `clock`: the time control and each side's time left (optional too; the
//! side to move is the one whose time runs). A game played on a server
//! carries `online`: the server, the game and the seat with its token, so
//! that opening the save takes the seat again (the text record leaves it
//! out: the token is the seat's only proof). A game played in the window
//! carries `move_ms`: the milliseconds each move took, from the move (or
//! the start) before it, for the moves and then the moves taken back, `null`
//! where not known (optional too: `record --real-time` replays a game at
//! this pace).

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::Level;
use crate::rules::history::DrawRules;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::{Variant, VariantId};
use crate::rules::{GameResult, Side};

mod text;

const FORMAT: &str = "variantarium-game";
/// The version this build writes, and the newest it reads.
pub const VERSION: u32 = 2;

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub variant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn: Option<String>,
    /// Anglojewish games: what men promote to, when the game was set up
    /// with the option (absent: `curved`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
    pub repetition_draws: bool,
    pub fifty_move_draws: bool,
    /// Position text of the start, when it is not the variant's own start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    pub moves: Vec<String>,
    /// Moves taken back and not replayed (so undo survives a save).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, `3/4-1/4`, `1/4-3/4` or `*`; three-player
    /// wins `1-0-0` (Red), `0-1-0` (White), `0-0-1` (Black).
    pub result: String,
    /// Who plays each side in turn order: `human` or a computer level `1`
    /// to `6` (version 2; empty when not known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// The side whose clock ran out after the last move (`white`, `black`
    /// or `red`): the game ended with its loss on time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<String>,
    /// The clocks when the game was saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<SavedClock>,
    /// The seat of a game played on a server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<OnlineSeat>,
    /// Milliseconds each move took (the moves, then those taken back);
    /// `None` where not known, empty when none is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_ms: Vec<Option<u64>>,
}

/// A seat of a game on a server, as its save keeps it.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlineSeat {
    /// The server's address, HOST:PORT.
    pub server: String,
    /// The game's id on the server, and its invite code.
    pub game: String,
    pub code: String,
    /// The side this player plays (0 White, 1 Black, 2 Red).
    pub seat: u8,
    /// The proof of the seat the server gave.
    pub token: String,
    /// Whether the server is the one this computer's window hosts: its
    /// games are in the window's own file, whichever port it listens on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hosted: bool,
}

/// A game's clocks as saved: the time control and each side's time left,
/// in turn order, in milliseconds.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedClock {
    pub base_ms: u64,
    pub increment_ms: u64,
    pub left_ms: Vec<u64>,
}

/// A game read from a file.
pub struct Loaded {
    pub session: Box<dyn Session>,
    /// When the record's moves stopped replaying: which move failed and
    /// why. The game then holds the moves before it.
    pub stopped: Option<String>,
    /// Who played each side, when the file says (version 2 saves).
    pub players: Option<Vec<Option<Level>>>,
    /// The clocks, when the game was played with them.
    pub clock: Option<SavedClock>,
    /// The seat, when the game was played on a server.
    pub online: Option<OnlineSeat>,
    /// The result the record gives (`*` while the game goes on).
    pub result: String,
    /// Milliseconds each move of the game took, where known (one entry per
    /// move, then per move taken back; empty when none is known).
    pub move_ms: Vec<Option<u64>>,
}

impl GameRecord {
    pub fn of(session: &dyn Session) -> GameRecord {
        let variant = session.variant();
        let standard = new_session(variant, session.draw_rules(), None)
            .map(|s| s.position_text())
            .ok();
        let start = session.start_text();
        let rules = session.draw_rules();
        GameRecord {
            format: FORMAT.into(),
            version: VERSION,
            variant: variant.id.id().into(),
            pawn: variant.pawn.map(|p| p.id().into()),
            promotion: variant.promotion.map(|p| p.id().into()),
            repetition_draws: rules.repetition,
            fifty_move_draws: rules.fifty_moves,
            start: (Some(&start) != standard.as_ref()).then_some(start),
            moves: session.moves(),
            redo: session.redo_moves(),
            result: result_text(session),
            players: Vec::new(),
            timeout: session
                .time_loss()
                .filter(|&(ply, _)| ply == session.ply_count())
                .map(|(_, side)| side.name().to_lowercase()),
            clock: None,
            online: None,
            move_ms: Vec::new(),
        }
    }

    /// The record with the time each move took, in milliseconds by ply
    /// (the moves, then those taken back); times beyond the game's moves
    /// are left out, and none at all when none is known.
    pub fn with_move_times(mut self, move_ms: &[Option<u64>]) -> GameRecord {
        let plies = self.moves.len() + self.redo.len();
        let kept = &move_ms[..move_ms.len().min(plies)];
        self.move_ms = if kept.iter().any(Option::is_some) {
            kept.to_vec()
        } else {
            Vec::new()
        };
        self
    }

    /// The record with the seat of the server's game it was played in.
    pub fn with_online(mut self, online: Option<OnlineSeat>) -> GameRecord {
        self.online = online;
        self
    }

    /// The record with the game's clocks.
    pub fn with_clock(mut self, clock: Option<SavedClock>) -> GameRecord {
        self.clock = clock;
        self
    }

    /// The record with who plays each side (None a person, else the
    /// computer at that level).
    pub fn with_players(mut self, players: &[Option<Level>]) -> GameRecord {
        self.players = players
            .iter()
            .map(|p| p.map_or_else(|| "human".into(), |level| level.number().to_string()))
            .collect();
        self
    }

    /// Replays the record into a game; any move that does not replay is an
    /// error naming it. See [`GameRecord::restore`] for the forgiving read.
    pub fn replay(&self) -> Result<Box<dyn Session>, String> {
        let loaded = self.restore()?;
        match loaded.stopped {
            Some(stopped) => Err(stopped),
            None => Ok(loaded.session),
        }
    }

    /// Replays the record into a game as far as its moves go: a move that
    /// no longer replays ends the game there, and [`Loaded::stopped`] says
    /// which. Errors are for what leaves no game at all (an unknown
    /// variant, a bad start position, a newer version).
    pub fn restore(&self) -> Result<Loaded, String> {
        if self.format != FORMAT {
            return Err(format!(
                "not a Variantarium game (format '{}')",
                self.format
            ));
        }
        check_version(u64::from(self.version))?;
        let id = VariantId::from_id_or_title(&self.variant)?;
        let variant = Variant::parse(id.id(), self.pawn.as_deref())?
            .with_promotion_text(self.promotion.as_deref())?;
        let rules = DrawRules {
            repetition: self.repetition_draws,
            fifty_moves: self.fifty_move_draws,
        };
        let mut session = new_session(variant, rules, self.start.as_deref())?;
        let mut stopped = self.play_the_moves(session.as_mut());
        if stopped.is_none()
            && let Some(name) = &self.timeout
        {
            let side = side_named(name, session.side_count())?;
            if !session.lose_on_time(side) {
                stopped = Some(format!(
                    "the record says {name} lost on time, but the game had already ended"
                ));
            }
        }
        if let Some(clock) = &self.clock
            && clock.left_ms.len() != usize::from(session.side_count())
        {
            return Err(format!(
                "the clock keeps {} times for a game of {} players",
                clock.left_ms.len(),
                session.side_count()
            ));
        }
        let plies = self.moves.len() + self.redo.len();
        if self.move_ms.len() > plies {
            return Err(format!(
                "the record keeps {} move times for {plies} moves",
                self.move_ms.len()
            ));
        }
        let players = (!self.players.is_empty()).then(|| {
            self.players
                .iter()
                .map(|p| p.parse::<Level>().ok())
                .collect()
        });
        Ok(Loaded {
            session,
            stopped,
            players,
            clock: self.clock.clone(),
            online: self.online.clone(),
            result: self.result.clone(),
            move_ms: self.move_ms.clone(),
        })
    }

    /// Plays the record's moves, then its moves taken back (replayed and
    /// taken back again, as far as they go, so that redo survives); where
    /// they stop replaying, which move failed.
    fn play_the_moves(&self, session: &mut dyn Session) -> Option<String> {
        for (i, text) in self.moves.iter().enumerate() {
            if let Err(e) = session.play(text) {
                return Some(format!(
                    "move {} of the record: {e}; the game stops after the {i} moves before it",
                    i + 1
                ));
            }
        }
        let mut stopped = None;
        let mut redone = 0;
        for (i, text) in self.redo.iter().enumerate() {
            if let Err(e) = session.play(text) {
                stopped = Some(format!(
                    "move {} of the record (taken back): {e}; redo keeps the {i} before it",
                    self.moves.len() + i + 1
                ));
                break;
            }
            redone += 1;
        }
        for _ in 0..redone {
            session.undo();
        }
        stopped
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a saved game, of this version or an older one (migrated). The
    /// format and version are read first, so that a newer file is named as
    /// such even when the rest of it has changed shape.
    pub fn from_json(text: &str) -> Result<GameRecord, String> {
        let unreadable = |e: serde_json::Error| format!("not a readable saved game: {e}");
        let value: serde_json::Value = serde_json::from_str(text).map_err(unreadable)?;
        if let Some(format) = value.get("format").and_then(|f| f.as_str())
            && format != FORMAT
        {
            return Err(format!("not a Variantarium game (format '{format}')"));
        }
        match value.get("version") {
            Some(serde_json::Value::Number(n)) => match n.as_u64() {
                Some(version) => check_version(version)?,
                None if n.as_f64().is_some_and(|v| v > f64::from(VERSION)) => {
                    return Err(newer(&n.to_string()));
                }
                None => return Err(format!("not a readable saved game: version {n}")),
            },
            Some(other) => return Err(format!("not a readable saved game: version {other}")),
            None => return Err("not a readable saved game: it has no version".into()),
        }
        let record: GameRecord = serde_json::from_value(value).map_err(unreadable)?;
        Ok(record.migrated())
    }

    /// The record in this version's terms. Version 1 knew nothing of the
    /// players: they stay unknown (the game opens with people on both sides).
    fn migrated(mut self) -> GameRecord {
        if self.version < 2 {
            self.players.clear();
        }
        self.version = VERSION;
        self
    }
}

/// The side a record names (`white`, `black`, `red`), in a game of
/// `count` sides.
fn side_named(name: &str, count: u8) -> Result<Side, String> {
    (0..count)
        .map(Side)
        .find(|side| side.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("the record's timeout names no player of this game: '{name}'"))
}

fn check_version(version: u64) -> Result<(), String> {
    if version > u64::from(VERSION) {
        Err(newer(&version.to_string()))
    } else if version == 0 {
        Err("not a readable saved game: version 0 does not exist".into())
    } else {
        Ok(())
    }
}

fn newer(version: &str) -> String {
    format!(
        "this saved game is format version {version}, newer than this Variantarium \
         reads (up to version {VERSION}): open it with a newer Variantarium"
    )
}

fn result_text(session: &dyn Session) -> String {
    let Some(outcome) = session.outcome() else {
        return "*".into();
    };
    if session.side_count() == 3 {
        // Three players, in turn order Red, White, Black.
        return match outcome.result {
            GameResult::Win(Side(2)) => "1-0-0".into(),
            GameResult::Win(Side::WHITE) => "0-1-0".into(),
            GameResult::Win(_) => "0-0-1".into(),
            _ => "1/2-1/2".into(),
        };
    }
    outcome.result.score().into()
}

/// Writes `contents` to `path` so that a failure at any point — a full
/// disk, a crash, a `kill -9` — leaves the previous file intact: a temporary
/// file beside it (named for this process, so that two windows writing one
/// file never share it), flushed to disk, then renamed over it.
pub fn write_atomically(path: &Path, contents: &(impl AsRef<[u8]> + ?Sized)) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(contents.as_ref())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// [`write_atomically`], a failure as one line naming the file.
pub fn write_file(path: &Path, contents: &(impl AsRef<[u8]> + ?Sized)) -> Result<(), String> {
    write_atomically(path, contents).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Where this user's game data lives: `$XDG_DATA_HOME/variantarium` (else
/// `~/.local/share/variantarium`) on Linux and other Unixes,
/// `~/Library/Application Support/Variantarium` on macOS,
/// `%APPDATA%\Variantarium` on Windows. None when the system names no home.
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if cfg!(windows) {
        return var("APPDATA").map(|d| d.join("Variantarium"));
    }
    if cfg!(target_os = "macos") {
        return var("HOME").map(|h| h.join("Library/Application Support/Variantarium"));
    }
    var("XDG_DATA_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".local/share")))
        .map(|d| d.join("variantarium"))
}

/// Where this user's settings live: `$XDG_CONFIG_HOME/variantarium` (else
/// `~/.config/variantarium`); on macOS and Windows the data folder. None
/// when the system names no home.
pub fn config_dir() -> Option<PathBuf> {
    if cfg!(any(windows, target_os = "macos")) {
        return data_dir();
    }
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    var("XDG_CONFIG_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".config")))
        .map(|d| d.join("variantarium"))
}

/// The file the window keeps the current game in (a saved game like any
/// other: `play --record` and `status --record` read it).
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.json"))
}

/// Saves the game as JSON (`.json`) or as the plain-text export (any other
/// extension), atomically.
pub fn save(session: &dyn Session, path: &Path) -> Result<(), String> {
    let record = GameRecord::of(session);
    let text = if path.extension().is_some_and(|e| e == "json") {
        record.to_json()
    } else {
        record.to_text()
    };
    write_atomically(path, &text).map_err(|e| format!("cannot save {}: {e}", path.display()))
}

/// Loads a saved game or a plain-text record, whichever the file holds; a
/// game whose moves stop replaying loads up to the last legal one (use
/// [`open`] to learn which move failed).
pub fn load(path: &Path) -> Result<Box<dyn Session>, String> {
    open(path).map(|loaded| loaded.session)
}

/// Reads a saved game or a plain-text record from text, like [`load`].
pub fn parse(text: &str) -> Result<Box<dyn Session>, String> {
    read(text).map(|loaded| loaded.session)
}

/// Loads a saved game or a plain-text record, with what the load has to
/// say (a move that failed, who played). The notes name the file.
pub fn open(path: &Path) -> Result<Loaded, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{} is not a text file", path.display()))?;
    let mut loaded = read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    loaded.stopped = loaded
        .stopped
        .map(|why| format!("{}: {why}", path.display()));
    Ok(loaded)
}

/// Reads a saved game or a plain-text record from text, like [`open`].
pub fn read(text: &str) -> Result<Loaded, String> {
    let trimmed = text.trim_start();
    let record = if trimmed.starts_with('{') {
        GameRecord::from_json(trimmed)?
    } else if trimmed.starts_with('[') {
        GameRecord::from_text(trimmed)?
    } else {
        return Err("neither a saved game nor a game record".into());
    };
    record.restore()
}
