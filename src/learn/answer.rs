//! What a lesson says to a legal move that is not the exercise's answer:
//! words about that move. The lesson's own `wrong` line is written for a
//! wrong move of the man the exercise is about, so it is said only when the
//! move starts where an accepted answer starts; any other move is named,
//! with the man it moved, and the exercise's prompt is said again.

use crate::learn::lesson::Exercise;
use crate::rules::glossary::{man_on, owned_name};
use crate::rules::session::{MoveInfo, Session};

/// The feedback for `played`, a legal move of `before` (the position the
/// exercise asks in) that the exercise does not accept.
pub fn wrong_answer(exercise: &Exercise, before: &dyn Session, played: &MoveInfo) -> String {
    let legal = before.legal_moves();
    let answers_start_here = legal
        .iter()
        .filter(|m| exercise.accept.contains(&m.text))
        .any(|m| m.route.from == played.route.from);
    if answers_start_here {
        return format!("{}: {}", played.text, exercise.wrong);
    }
    let mover = man_on(before, played.route.from)
        .map(|(placement, info)| format!(" moves {}", owned_name(&placement, &info)))
        .unwrap_or_default();
    format!(
        "{}{mover}: a legal move, but not what this exercise asks. {}",
        played.text, exercise.prompt
    )
}
