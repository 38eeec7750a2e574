//! Game records: the saved game (JSON, human-readable) and the plain-text
//! export (PGN-like, with a `[Variant]` tag). Both replay every move through
//! the rules when read, so a record that loads is a legal game.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::history::DrawRules;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::{PawnKind, Variant, VariantId};
use crate::rules::{GameResult, Side};

const FORMAT: &str = "variantarium-game";
const VERSION: u32 = 1;

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub variant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn: Option<String>,
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
            repetition_draws: rules.repetition,
            fifty_move_draws: rules.fifty_moves,
            start: (Some(&start) != standard.as_ref()).then_some(start),
            moves: session.moves(),
            redo: session.redo_moves(),
            result: result_text(session),
        }
    }

    /// Replays the record into a game; the error names what is wrong.
    pub fn replay(&self) -> Result<Box<dyn Session>, String> {
        if self.format != FORMAT {
            return Err(format!(
                "not a Variantarium game (format '{}')",
                self.format
            ));
        }
        if self.version != VERSION {
            return Err(format!("unsupported record version {}", self.version));
        }
        let id: VariantId = self.variant.parse()?;
        let pawn = self
            .pawn
            .as_deref()
            .map(str::parse::<PawnKind>)
            .transpose()?;
        let variant = Variant::with_pawn(id, pawn)?;
        let rules = DrawRules {
            repetition: self.repetition_draws,
            fifty_moves: self.fifty_move_draws,
        };
        let mut session = new_session(variant, rules, self.start.as_deref())?;
        let all = self.moves.iter().chain(self.redo.iter());
        for (i, text) in all.enumerate() {
            session
                .play(text)
                .map_err(|e| format!("move {} of the record: {e}", i + 1))?;
        }
        for _ in &self.redo {
            session.undo();
        }
        Ok(session)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<GameRecord, String> {
        serde_json::from_str(text).map_err(|e| format!("not a readable saved game: {e}"))
    }

    /// The plain-text export: tags, then numbered moves and the result.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[Event \"Variantarium game\"]");
        let _ = writeln!(out, "[Variant \"{}\"]", self.variant);
        if let Some(pawn) = &self.pawn {
            let _ = writeln!(out, "[Pawn \"{pawn}\"]");
        }
        let draws = match (self.repetition_draws, self.fifty_move_draws) {
            (true, true) => "repetition fifty-moves",
            (true, false) => "repetition",
            (false, true) => "fifty-moves",
            (false, false) => "none",
        };
        let _ = writeln!(out, "[DrawRules \"{draws}\"]");
        if let Some(start) = &self.start {
            let _ = writeln!(out, "[Position \"{start}\"]");
        }
        let _ = writeln!(out, "[Result \"{}\"]", self.result);
        out.push('\n');
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                let _ = write!(line, "{}. ", i / 2 + 1);
            }
            line.push_str(mv);
            line.push(' ');
            if line.len() > 70 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
        }
        line.push_str(&self.result);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads the plain-text export back (tags in any order, move numbers and
    /// `{comments}` ignored).
    pub fn from_text(text: &str) -> Result<GameRecord, String> {
        let mut record = GameRecord {
            format: FORMAT.into(),
            version: VERSION,
            variant: String::new(),
            pawn: None,
            repetition_draws: true,
            fifty_move_draws: true,
            start: None,
            moves: Vec::new(),
            redo: Vec::new(),
            result: "*".into(),
        };
        let mut body = String::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(tag) = line.strip_prefix('[') {
                let (key, value) = parse_tag(tag)
                    .ok_or_else(|| format!("line {}: malformed tag '{line}'", n + 1))?;
                match key {
                    "Variant" => record.variant = value.into(),
                    "Pawn" => record.pawn = Some(value.into()),
                    "Position" => record.start = Some(value.into()),
                    "Result" => record.result = value.into(),
                    "DrawRules" => {
                        record.repetition_draws = value.contains("repetition");
                        record.fifty_move_draws = value.contains("fifty");
                    }
                    _ => {}
                }
            } else {
                body.push_str(line);
                body.push(' ');
            }
        }
        if record.variant.is_empty() {
            return Err("the record has no [Variant \"…\"] tag".into());
        }
        let mut in_comment = false;
        for token in body.split_whitespace() {
            if in_comment || token.starts_with('{') {
                in_comment = !token.ends_with('}');
                continue;
            }
            let is_number = token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
                && token.ends_with('.');
            let is_result = matches!(
                token,
                "1-0"
                    | "0-1"
                    | "1/2-1/2"
                    | "3/4-1/4"
                    | "1/4-3/4"
                    | "1-0-0"
                    | "0-1-0"
                    | "0-0-1"
                    | "*"
            );
            if !is_number && !is_result {
                record.moves.push(token.to_string());
            }
        }
        Ok(record)
    }
}

fn parse_tag(tag: &str) -> Option<(&str, &str)> {
    let inner = tag.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key, value))
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
    match outcome.result {
        GameResult::Win(Side::WHITE) => "1-0".into(),
        GameResult::Win(_) => "0-1".into(),
        GameResult::Draw => "1/2-1/2".into(),
        GameResult::ThreeQuarters(Side::WHITE) => "3/4-1/4".into(),
        GameResult::ThreeQuarters(_) => "1/4-3/4".into(),
    }
}

/// Writes `contents` to `path` so that a failure at any point leaves the
/// previous file intact: a temporary file beside it, flushed to disk, then
/// renamed over it.
pub fn write_atomically(path: &Path, contents: &str) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
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

/// Loads a saved game or a plain-text record, whichever the file holds.
pub fn load(path: &Path) -> Result<Box<dyn Session>, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{} is not a text file", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn parse(text: &str) -> Result<Box<dyn Session>, String> {
    let trimmed = text.trim_start();
    let record = if trimmed.starts_with('{') {
        GameRecord::from_json(trimmed)?
    } else if trimmed.starts_with('[') {
        GameRecord::from_text(trimmed)?
    } else {
        return Err("neither a saved game nor a game record".into());
    };
    record.replay()
}
