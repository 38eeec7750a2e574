//! A position's legal moves by their notation.

use super::notation::MoveError;
use super::position::Position;

/// Finds the legal move whose notation is `text` (trimmed); otherwise reports
/// `syntax_error` when the text is not even well-formed, else "illegal".
pub fn find_legal_move<P: Position>(
    pos: &P,
    text: &str,
    syntax_error: impl FnOnce(&str) -> Option<String>,
) -> Result<P::Move, MoveError> {
    let text = text.trim();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(mv) = moves.into_iter().find(|&mv| pos.move_text(mv) == text) {
        return Ok(mv);
    }
    match syntax_error(text) {
        Some(reason) => Err(MoveError::Malformed {
            text: text.to_string(),
            reason,
        }),
        None => Err(MoveError::Illegal {
            text: text.to_string(),
        }),
    }
}

/// The legal moves of a position with their notation, sorted by the text in
/// byte order (the order the CLI prints).
pub fn sorted_moves<P: Position>(pos: &P) -> Vec<(String, P::Move)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut named: Vec<(String, P::Move)> = moves
        .into_iter()
        .map(|mv| (pos.move_text(mv), mv))
        .collect();
    named.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    named
}
