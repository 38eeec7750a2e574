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
use crate::rules::{EvalWeights, Position, Side};

use super::game_eval::GameEval;

super::weights::eval_weights!(men 5, "tapestry.weights";
    QUEEN "queen" 900,
    ROOK "rook" 500,
    BISHOP "bishop" 300,
    KNIGHT "knight" 300,
    PAWN "pawn" 100,
    // A pawn's bonus by the ranks it has advanced (none on its first rank;
    // on the fifth it has promoted).
    PAWN_ADVANCED_1 "pawn_advanced_1" 10,
    PAWN_ADVANCED_2 "pawn_advanced_2" 30,
    PAWN_ADVANCED_3 "pawn_advanced_3" 70,
    LOOM_MOVE "loom_move" 4,
    TEMPO "tempo" 10,
);

/// The fixed values that order captures (whatever the weights).
fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Queen => 900,
        Kind::Rook => 500,
        Kind::Bishop | Kind::Knight => 300,
        Kind::Pawn => 100,
    }
}

/// A man's weight; the King's is nothing (losing it is mate).
#[inline(always)]
fn weighted_value(kind: Kind, w: &[i32; WEIGHT_COUNT]) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Queen => w[QUEEN],
        Kind::Rook => w[ROOK],
        Kind::Bishop => w[BISHOP],
        Kind::Knight => w[KNIGHT],
        Kind::Pawn => w[PAWN],
    }
}

impl GameEval for Tapestry {
    fn weights() -> EvalWeights {
        eval_weights()
    }

    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        let w = weight_array(weights);
        material(self, w) + w[TEMPO] + mobility_term(self, w)
    }

    fn estimate_with(&self, weights: &[i32]) -> Option<(i32, i32)> {
        let w = weight_array(weights);
        Some((material(self, w) + w[TEMPO], loom_margin(w)))
    }

    fn rest_with(&self, weights: &[i32]) -> Option<i32> {
        Some(mobility_term(self, weight_array(weights)))
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
fn loom_margin(w: &[i32; WEIGHT_COUNT]) -> i32 {
    w[LOOM_MOVE].abs() * 50
}

/// The Loom term: the side to move's legal moves against the opponent's.
fn mobility_term(pos: &Tapestry, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let mine = pos.count_legal_moves().min(200) as i32;
    let theirs = pos.count_moves_for(pos.side_to_move().opponent()).min(200) as i32;
    w[LOOM_MOVE] * (mine - theirs)
}

/// Men and pawns' progress, for the side to move.
fn material(pos: &Tapestry, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let me = pos.side_to_move();
    let advanced_bonus = [
        0,
        w[PAWN_ADVANCED_1],
        w[PAWN_ADVANCED_2],
        w[PAWN_ADVANCED_3],
        0,
    ];
    let mut score = 0;
    for s in 0..36u8 {
        let Some(p) = pos.piece_at(s) else { continue };
        let mut v = weighted_value(p.kind, w);
        if p.kind == Kind::Pawn {
            let y = usize::from(s / 6);
            let advanced = if p.side == Side::WHITE {
                y - y.min(1)
            } else {
                4 - y.min(4)
            };
            v += advanced_bonus.get(advanced).copied().unwrap_or(0);
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
        assert_eq!(start.evaluate_with(&ORIGINAL), ORIGINAL[TEMPO]);
        let down =
            Tapestry::from_text("rbqkbn/pppppp/6/6/PPPPPP/RB1KBN w NNN -", &()).expect("valid");
        assert!(down.evaluate_with(&ORIGINAL) < -800);
    }
}
