//! Errors for move and position text, and the pieces of notation that every
//! game shares (`from-to`, `=X` promotion suffixes).

use std::fmt;

use super::geometry::grid::Grid;
use super::side::Side;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Malformed { text: String, reason: String },
    /// Well-formed, but not a legal move here.
    Illegal { text: String },
    /// No move is played: the game has ended (a side lost on time).
    Over { text: String, outcome: String },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, reason } => {
                write!(f, "malformed move '{text}': {reason}")
            }
            MoveError::Illegal { text } => write!(f, "illegal move '{text}' in this position"),
            MoveError::Over { text, outcome } => {
                write!(f, "{text} was not played: the game is over ({outcome})")
            }
        }
    }
}

impl std::error::Error for MoveError {}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    pub reason: String,
}

impl PositionError {
    pub fn new(reason: impl Into<String>) -> Self {
        PositionError {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position text: {}", self.reason)
    }
}

impl std::error::Error for PositionError {}

/// Splits `from-to` (with an optional `=X` suffix) into its parts. Every game's
/// ordinary move has this shape; a game checks that the parts name cells.
pub fn split_from_to(text: &str) -> Result<(&str, &str, Option<char>), String> {
    let (body, promotion) = match text.split_once('=') {
        Some((body, suffix)) => {
            let mut chars = suffix.chars();
            match (chars.next(), chars.next()) {
                (Some(letter), None) if letter.is_ascii_uppercase() => (body, Some(letter)),
                _ => {
                    return Err(format!(
                        "'={suffix}' is not a promotion to one piece letter"
                    ));
                }
            }
        }
        None => (text, None),
    };
    let (from, to) = body
        .split_once('-')
        .ok_or_else(|| "expected the form from-to".to_string())?;
    if from.is_empty() || to.is_empty() {
        return Err("expected the form from-to".to_string());
    }
    Ok((from, to, promotion))
}

/// The placement field of a FEN-like position text: ranks from the last down
/// to the first separated by `/`, each listing its files from `a`; a man is
/// its letter, upper case for White and lower case otherwise, and a digit
/// counts empty cells.
pub fn placement_text(grid: Grid, man_at: impl Fn(u8) -> Option<(char, Side)>) -> String {
    let mut text = String::new();
    for y in (0..grid.ranks).rev() {
        let mut empty = 0;
        for x in 0..grid.files {
            match man_at(grid.index(x, y)) {
                None => empty += 1,
                Some((letter, side)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(if side == Side::WHITE {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if y > 0 {
            text.push('/');
        }
    }
    text
}

/// A man as the placement field writes it: its cell, its letter in upper
/// case, its side (from the case) and the character as written, for errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WrittenMan {
    pub cell: u8,
    pub letter: char,
    pub side: Side,
    pub written: char,
}

/// Reads a placement field as [`placement_text`] writes it, handing each man
/// to `put` (which refuses a letter that is no man of the game); a rank of
/// the wrong length is refused here. `cells` names the grid's cells in
/// errors ("points", "squares").
pub fn read_placement(
    grid: Grid,
    text: &str,
    cells: &str,
    mut put: impl FnMut(WrittenMan) -> Result<(), PositionError>,
) -> Result<(), PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != usize::from(grid.ranks) {
        return Err(PositionError::new(format!(
            "expected {} ranks separated by '/', got {}",
            grid.ranks,
            ranks.len()
        )));
    }
    let files = u32::from(grid.files);
    for (row, rank_text) in ranks.iter().enumerate() {
        let y = grid.ranks - 1 - row as u8;
        let mut x = 0u32;
        for c in rank_text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=files).contains(d)) {
                x += run;
            } else if x < files {
                put(WrittenMan {
                    cell: grid.index(x as u8, y),
                    letter: c.to_ascii_uppercase(),
                    side: if c.is_ascii_uppercase() {
                        Side::WHITE
                    } else {
                        Side::BLACK
                    },
                    written: c,
                })?;
                x += 1;
            } else {
                x += 1;
            }
            if x > files {
                break;
            }
        }
        if x != files {
            return Err(PositionError::new(format!(
                "rank {} ('{rank_text}') does not describe exactly {files} {cells}",
                y + 1
            )));
        }
    }
    Ok(())
}

/// The side-to-move field of a position text: `w` or `b`.
pub fn side_to_move_field(text: &str) -> Result<Side, PositionError> {
    match text {
        "w" => Ok(Side::WHITE),
        "b" => Ok(Side::BLACK),
        other => Err(PositionError::new(format!(
            "side to move must be 'w' or 'b', not '{other}'"
        ))),
    }
}

/// Splits a whitespace-separated move list, keeping each move's 1-based place.
pub fn move_list(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace().enumerate().map(|(i, m)| (i + 1, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_to_splits_and_rejects_other_shapes() {
        assert_eq!(split_from_to("e2-e3"), Ok(("e2", "e3", None)));
        assert_eq!(split_from_to("c5-c6=Q"), Ok(("c5", "c6", Some('Q'))));
        assert!(split_from_to("e2e3").is_err());
        assert!(split_from_to("-e3").is_err());
        assert!(split_from_to("c5-c6=q").is_err());
        assert!(split_from_to("c5-c6=QR").is_err());
    }
}
