//! `status`: where a game stands, in two lines a script can read.

use crate::rules::session::Session;

/// The result (or `ongoing`) with its reason, then whether the side to move
/// is in check; for three players, who is out instead.
pub fn lines(session: &dyn Session) -> [String; 2] {
    if let Some(lines) = session.multi_player_status() {
        return lines;
    }
    let standing = match session.outcome() {
        None => "ongoing".to_string(),
        Some(end) => format!("{} {}", end.result.score(), end.reason.id()),
    };
    let check = if session.in_check() {
        "check"
    } else {
        "no-check"
    };
    [standing, check.to_string()]
}
