//! The words of a game's end, as `variantarium status` prints results.

use crate::net::protocol::GameEvent;
use crate::rules::Side;
use crate::rules::session::Session;

/// "white", "white and black", "red, white and black".
pub(super) fn listed(sides: &[Side]) -> String {
    let names: Vec<String> = sides.iter().map(|s| s.name().to_lowercase()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

pub(super) fn ended(status: &str) -> GameEvent {
    GameEvent::Ended {
        status: status.to_string(),
        clock_ms: None,
    }
}

/// A finished game's result as `variantarium status` words it: the score and
/// the reason (`1-0 checkmate`), or for three players both status lines.
pub fn rules_status(session: &dyn Session) -> String {
    if let Some(lines) = session.multi_player_status() {
        return lines.join("\n");
    }
    match session.outcome() {
        None => "ongoing".to_string(),
        Some(end) => format!("{} {}", end.result.score(), end.reason.id()),
    }
}
