//! A puzzle as the data files hold it, and the files' JSON.

use serde::{Deserialize, Serialize};

use crate::rules::variant::Variant;

/// How a puzzle's line ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum End {
    /// The solver's last move ends the game in its favour.
    Mate,
    /// After the solver's last move its material (its men's values minus
    /// the opponent's, [`super::material`]) stands at least `gain` above
    /// the start's, and a search of the puzzle's depth still scores the
    /// position a win for it.
    Material { gain: i32 },
}

/// One puzzle: the position, the solver (its side to move) to play, and the
/// line, solver and opponent moves alternating, ending with the solver's.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Puzzle {
    /// `<variant>-<16 hex digits>`: the position's hash with the first
    /// move's, so that a transposed copy has the same id.
    pub id: String,
    /// The variant's id, as the command line writes it.
    pub variant: String,
    /// Hex games: the pawn-like piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn: Option<String>,
    /// Anglojewish games: what men promote to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
    /// The position text.
    pub position: String,
    /// The moves in the game's notation, solver first.
    pub solution: Vec<String>,
    pub end: End,
    /// The depth (plies) of the searches that found the line and that prove
    /// no other solver move wins.
    pub depth: u32,
    pub themes: Vec<String>,
    pub rating: u32,
}

impl Puzzle {
    /// The variant the puzzle plays, options included.
    pub fn game(&self) -> Result<Variant, String> {
        Variant::parse(&self.variant, self.pawn.as_deref())?
            .with_promotion_text(self.promotion.as_deref())
    }

    /// The solver's moves in the line.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}

/// The variant's pawn and promotion options as puzzles write them.
pub fn option_texts(variant: Variant) -> (Option<String>, Option<String>) {
    (
        variant.pawn.map(|p| p.id().to_string()),
        variant.promotion.map(|p| p.id().to_string()),
    )
}

/// A puzzle file's text: a JSON array, one puzzle an entry, a final newline.
pub fn puzzles_json(puzzles: &[Puzzle]) -> String {
    let mut text = serde_json::to_string_pretty(puzzles).unwrap_or_else(|_| "[]".into());
    text.push('\n');
    text
}

/// The puzzles of a file's text.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, String> {
    serde_json::from_str(text).map_err(|e| format!("not a puzzle file: {e}"))
}
