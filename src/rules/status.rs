//! The status lines of a game of more than two players.

use super::outcome::{EndReason, GameResult, Outcome};
use super::position::Position;
use super::side::Side;

/// Where a game of more than two players stands, as the CLI's `status`
/// prints it: the first line `ongoing`, `red wins checkmate`,
/// or `draw between white and black stalemate` (the players still in the
/// game; reasons `checkmate`, `stalemate`, `repetition`, `fifty-moves`);
/// the second `eliminated: black` (several comma-separated, or `-`; once
/// a player has won, everyone else).
/// Players are listed in turn order from the first mover, the last side
/// number (three-player Red is `Side(2)`). None for two-player games, which
/// keep their own form. `outcome` is the game's, draw rules included
/// ([`Game::outcome`](super::history::Game::outcome)).
pub fn multi_player_status<P: Position>(pos: &P, outcome: Option<Outcome>) -> Option<[String; 2]> {
    let count = pos.side_count();
    if count <= 2 {
        return None;
    }
    let order: Vec<Side> = (0..count).map(|k| Side((count - 1 + k) % count)).collect();
    let name = |side: Side| side.name().to_lowercase();
    // "white and black", "red, white and black".
    let listed = |sides: Vec<Side>| {
        let names: Vec<String> = sides.into_iter().map(name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    };
    let timed_out = match outcome.map(|o| o.reason) {
        Some(EndReason::Timeout(side)) => Some(side),
        _ => None,
    };
    let first = match outcome {
        None => "ongoing".to_string(),
        Some(Outcome {
            result: GameResult::Win(side) | GameResult::ThreeQuarters(side),
            reason: r,
        }) => format!("{} wins {}", name(side), r.id()),
        Some(Outcome {
            result: GameResult::Draw,
            reason: r,
        }) => {
            let playing = order
                .iter()
                .copied()
                .filter(|&s| pos.in_game(s) && timed_out != Some(s))
                .collect();
            format!("draw between {} {}", listed(playing), r.id())
        }
    };
    // A win is the last checkmate: every other player is out then.
    let winner = match outcome.map(|o| o.result) {
        Some(GameResult::Win(side) | GameResult::ThreeQuarters(side)) => Some(side),
        _ => None,
    };
    let out: Vec<Side> = order
        .iter()
        .copied()
        .filter(|&s| !pos.in_game(s) || winner.is_some_and(|w| w != s) || timed_out == Some(s))
        .collect();
    let eliminated: Vec<String> = out.into_iter().map(name).collect();
    let second = if eliminated.is_empty() {
        "eliminated: -".to_string()
    } else {
        format!("eliminated: {}", eliminated.join(", "))
    };
    Some([first, second])
}
