//! Invariant checks over random playouts, shared by every game's tests: no
//! panic, exact undo, incremental hash equal to a fresh one, position text and
//! move text that round-trip, and an outcome exactly when no move is left.

use super::legal::sorted_moves;
use super::position::Position;
use super::random::Rng;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutReport {
    pub games: usize,
    pub plies: usize,
    /// Games that reached an end by the rules (mate, stalemate …).
    pub finished: usize,
}

/// Plays `games` random games of at most `max_plies` plies from `start`,
/// checking every invariant at every ply. Returns the first violation.
pub fn random_playouts<P: Position>(
    start: &P,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<PlayoutReport, String> {
    let mut rng = Rng::new(seed);
    let mut report = PlayoutReport::default();
    let mut moves = Vec::new();
    for game in 0..games {
        let mut pos = start.clone();
        let mut line: Vec<String> = Vec::new();
        for _ in 0..max_plies {
            let fail = |what: String| format!("game {game}, after [{}]: {what}", line.join(" "));
            check_position(&pos).map_err(fail)?;
            moves.clear();
            pos.legal_moves(&mut moves);
            if pos.count_legal_moves() != moves.len() as u64 {
                return Err(fail("count_legal_moves disagrees with legal_moves".into()));
            }
            if pos.outcome().is_some() != moves.is_empty() {
                return Err(fail(format!(
                    "outcome {:?} with {} legal moves",
                    pos.outcome(),
                    moves.len()
                )));
            }
            if moves.is_empty() {
                report.finished += 1;
                break;
            }
            let named = sorted_moves(&pos);
            if named.windows(2).any(|w| w[0].0 == w[1].0) {
                return Err(fail("two legal moves share one notation".into()));
            }
            let mv = moves[rng.below(moves.len())];
            let text = pos.move_text(mv);
            match pos.parse_move(&text) {
                Ok(parsed) if parsed == mv => {}
                other => return Err(fail(format!("'{text}' parses to {other:?}"))),
            }
            let before = pos.clone();
            let undo = pos.play(mv);
            if pos.hash() != pos.hash_from_scratch() {
                return Err(fail(format!("hash drifts after {text}")));
            }
            pos.undo(mv, undo);
            if pos != before || pos.hash() != before.hash() {
                return Err(fail(format!(
                    "undo of {text} does not restore the position"
                )));
            }
            pos.play(mv);
            line.push(text);
            report.plies += 1;
        }
        report.games += 1;
    }
    Ok(report)
}

/// The per-position checks: hash and text round-trip.
pub fn check_position<P: Position>(pos: &P) -> Result<(), String> {
    if pos.hash() != pos.hash_from_scratch() {
        return Err("incremental hash differs from a fresh one".into());
    }
    let text = pos.to_text();
    match P::from_text(&text, pos.options()) {
        Ok(back) if back == *pos => Ok(()),
        Ok(back) => Err(format!("text '{text}' reads back as {back:?}")),
        Err(e) => Err(format!("text '{text}' does not read back: {e}")),
    }
}
