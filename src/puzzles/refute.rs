//! Why a wrong move is wrong, in a line: the opponent's best answer from a
//! short search, and what it does to the solver ("That loses the Rook to
//! f4-c1", "That allows mate: d8-d1"), in the game's notation and words.

use crate::engine::{SearchLimits, WeightSet, mate_in, search};
use crate::rules::Position;
use crate::rules::dispatch::VariantVisitor;
use crate::rules::glossary::man_on;
use crate::rules::session::{MoveInfo, Session};
use crate::rules::view::Effect;

/// The refuting search: shallow, so that the words come within a moment,
/// deep enough to see a mate in two or a piece lost to a reply.
const DEPTH: u32 = 4;
const NODES: u64 = 200_000;
/// A score (the opponent's view) that leaves the solver no win.
const HOLDS: i32 = -300;

/// The opponent's best answer and its score (the opponent's view).
fn best_reply(after: &dyn Session) -> Option<(String, i32)> {
    let visitor = Reply {
        text: after.position_text(),
        history: after.earlier_hashes(),
    };
    after.variant().visit(visitor).ok().flatten()
}

struct Reply {
    text: String,
    history: Vec<u64>,
}

impl VariantVisitor for Reply {
    type Output = Option<(String, i32)>;

    fn visit<P: Position>(self, options: P::Options) -> Option<(String, i32)> {
        let pos = P::from_text(&self.text, &options).ok()?;
        let limits = SearchLimits {
            depth: Some(DEPTH),
            nodes: Some(NODES),
            noise: 0,
            tt_megabytes: 4,
            threads: 1,
            // The weights the puzzles were proved with (see `line::limits`).
            weights: WeightSet::Original,
            ..SearchLimits::default()
        };
        let found = search(&pos, &self.history, &limits)?;
        Some((pos.move_text(found.best), found.score))
    }
}

/// The man of the solver's a reply takes, by name ("Rook"), if it takes one.
fn taken_by(after: &dyn Session, reply: &MoveInfo) -> Option<&'static str> {
    let solver = Some(after.side_to_move().opponent());
    let victim_cell = reply.effects.iter().find_map(|e| match *e {
        Effect::Capture { at } => Some(at),
        Effect::Swap { b, .. } => Some(b),
        _ => None,
    })?;
    let (placement, info) = man_on(after, victim_cell)?;
    (placement.side == solver).then_some(info.name)
}

/// Why the solver's move that led to `after` (the opponent to move) fails,
/// in one line.
pub fn refutation(after: &dyn Session) -> String {
    if let Some(outcome) = after.outcome() {
        return format!("That ends the game: {outcome}.");
    }
    let opponent = after.side_to_move().name();
    let Some((reply, score)) = best_reply(after) else {
        return "That is not the winning move.".into();
    };
    if let Some(plies) = mate_in(score).filter(|&p| p > 0) {
        let moves = (plies + 1) / 2;
        return if moves == 1 {
            format!("That allows mate: {opponent} answers {reply}.")
        } else {
            format!("That allows mate in {moves}, starting with {reply}.")
        };
    }
    let played = after.legal_moves().into_iter().find(|m| m.text == reply);
    let taken = played.as_ref().and_then(|m| taken_by(after, m));
    match taken {
        Some(name) if score > HOLDS => format!("That loses the {name} to {reply}."),
        _ => format!("That is not the winning move: {opponent} answers {reply}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::DrawRules;
    use crate::rules::session::new_session;
    use crate::rules::variant::Variant;

    /// Flaxman, `position` after `played`.
    fn after(position: &str, played: &str) -> Box<dyn Session> {
        let variant = Variant::parse("flaxman", None).unwrap();
        let mut game = new_session(variant, DrawRules::default(), Some(position)).unwrap();
        game.play(played).unwrap();
        game
    }

    #[test]
    fn a_man_left_to_be_taken_is_named_with_the_move_that_takes_it() {
        let said = refutation(after("1sk3/4sS/5S/6/4K1/6 w", "e2-d2").as_ref());
        assert_eq!(said, "That loses the Soldier to e5-f5.");
    }

    #[test]
    fn a_mate_allowed_is_named_with_its_first_move() {
        let said = refutation(after("1s4/5S/2ks2/6/5K/5S b", "c4-a2").as_ref());
        assert_eq!(said, "That allows mate: White answers f1-c1.");
    }

    #[test]
    fn a_move_that_ends_the_game_says_how() {
        let said = refutation(after("1s4/5S/2ks2/6/5K/5S b", "b6-a6").as_ref());
        assert_eq!(said, "That ends the game: Black wins by checkmate.");
    }
}
