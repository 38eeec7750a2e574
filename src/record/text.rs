//! The plain-text export of a game (PGN-like, with a `[Variant]` tag) and
//! its reading back.

use std::fmt::Write as _;

use super::{FORMAT, GameRecord, VERSION};

impl GameRecord {
    /// The plain-text export: tags, then numbered moves and the result.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[Event \"Variantarium game\"]");
        let _ = writeln!(out, "[Variant \"{}\"]", self.variant);
        if let Some(pawn) = &self.pawn {
            let _ = writeln!(out, "[Pawn \"{pawn}\"]");
        }
        if let Some(promotion) = &self.promotion {
            let _ = writeln!(out, "[Promotion \"{promotion}\"]");
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
        if let Some(side) = &self.timeout {
            let _ = writeln!(out, "[Timeout \"{side}\"]");
        }
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
            promotion: None,
            repetition_draws: true,
            fifty_move_draws: true,
            start: None,
            moves: Vec::new(),
            redo: Vec::new(),
            result: "*".into(),
            players: Vec::new(),
            timeout: None,
            clock: None,
            online: None,
            move_ms: Vec::new(),
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
                    "Promotion" => record.promotion = Some(value.into()),
                    "Position" => record.start = Some(value.into()),
                    "Result" => record.result = value.into(),
                    "Timeout" => record.timeout = Some(value.into()),
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
