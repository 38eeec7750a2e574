//! The Tapestry evaluation (RULES.md §2). The Fates on the Loom decide how
//! everything moves, so the Loom is worth whatever mobility it gives one
//! side over the other:
//! - Material: Q 900, R 500, B 300, N 300, P 100 on the 6×6 Tapestry.
//! - Loom control: the mover's legal moves under the current Loom minus
//!   those the opponent would have under it (a cheap proxy for "the Loom
//!   suits me"; a Fate step that cripples the enemy's pieces scores).
//! - Pawn progress toward the last rank (promotion is two or three steps
//!   away on this board).

use crate::rules::tapestry::{Kind, Move, Tapestry};
use crate::rules::{Position, Side};

use super::game_eval::GameEval;

/// A pawn's bonus by the ranks it has advanced (0 to 4; 5 is promoted).
const PAWN_ADVANCED: [i32; 5] = [0, 10, 30, 70, 0];
const LOOM_MOVE: i32 = 4;
const TEMPO: i32 = 10;

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Queen => 900,
        Kind::Rook => 500,
        Kind::Bishop | Kind::Knight => 300,
        Kind::Pawn => 100,
    }
}

impl GameEval for Tapestry {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let mine = self.count_legal_moves().min(200) as i32;
        let theirs = self.count_moves_for(me.opponent()).min(200) as i32;
        material(self) + LOOM_MOVE * (mine - theirs) + TEMPO
    }

    fn estimate(&self) -> Option<(i32, i32)> {
        Some((material(self) + TEMPO, LOOM_MARGIN))
    }

    fn noisy_gain(&self, mv: Move) -> i32 {
        match mv {
            Move::Tapestry { to, promotion, .. } => {
                let taken = self.piece_at(to).map_or(0, |p| value(p.kind));
                taken + promotion.map_or(0, |kind| value(kind) - value(Kind::Pawn))
            }
            Move::Loom { .. } => 0,
        }
    }

    fn mover_value(&self, mv: Move) -> i32 {
        match mv {
            Move::Tapestry { from, .. } => self.piece_at(from).map_or(0, |p| value(p.kind)),
            Move::Loom { .. } => 0,
        }
    }
}

/// How far the Loom term strays from nothing in play: one side rarely has
/// 50 moves more than the other on the 6×6 board.
const LOOM_MARGIN: i32 = LOOM_MOVE * 50;

/// Men and pawns' progress, for the side to move.
fn material(pos: &Tapestry) -> i32 {
    let me = pos.side_to_move();
    let mut score = 0;
    for s in 0..36u8 {
        let Some(p) = pos.piece_at(s) else { continue };
        let mut v = value(p.kind);
        if p.kind == Kind::Pawn {
            let y = usize::from(s / 6);
            let advanced = if p.side == Side::WHITE {
                y - y.min(1)
            } else {
                4 - y.min(4)
            };
            v += PAWN_ADVANCED.get(advanced).copied().unwrap_or(0);
        }
        score += if p.side == me { v } else { -v };
    }
    score
}

super::game_eval::own_evaluation!(Tapestry, "tapestry");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_material_counts() {
        let start = Tapestry::start(&());
        assert_eq!(start.evaluate(), TEMPO);
        let down =
            Tapestry::from_text("rbqkbn/pppppp/6/6/PPPPPP/RB1KBN w NNN -", &()).expect("valid");
        assert!(down.evaluate() < -800, "{}", down.evaluate());
    }
}
