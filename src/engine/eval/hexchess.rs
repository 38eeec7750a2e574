//! The hexagonal chess evaluation (RULES.md §3), for every hex variant:
//! material per army, pawn-like pieces' progress toward their promotion
//! edge, and a small mobility term (the mover's legal moves; the other
//! side's are not known without playing a move).
//!
//! Values: classical Queen 1000 (she has twelve directions on the hex
//! board), Rook 500, Bishop 320, Knight 280; Anglojewish Cohen 900, Finch
//! 450, Rabbi 400, Sennight 300, Rook 500; pawn-like pieces 100; royal
//! pieces nothing (losing them is mate, which the search scores).

use crate::rules::Position;
use crate::rules::hexchess::{HexChess, Kind};

use super::GameEval;

/// A pawn's bonus by the steps it still has to go (0 would be promoted).
const PAWN_TO_GO: [i32; 11] = [0, 90, 45, 25, 15, 8, 4, 2, 0, 0, 0];
const MOBILITY: i32 = 2;
const TEMPO: i32 = 10;

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King | Kind::General => 0,
        Kind::Queen => 1000,
        Kind::Rook => 500,
        Kind::Bishop => 320,
        Kind::Knight => 280,
        Kind::Cohen => 900,
        Kind::Finch => 450,
        Kind::Rabbi => 400,
        Kind::Sennight => 300,
        Kind::Pawn => 100,
    }
}

impl GameEval for HexChess {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let mut score = 0;
        for cell in 0..self.grid().len() as u8 {
            let Some((kind, side)) = self.piece_at(cell) else {
                continue;
            };
            let mut v = value(kind);
            if kind == Kind::Pawn {
                let to_go = usize::from(self.promotion_distance(cell, side));
                v += PAWN_TO_GO.get(to_go).copied().unwrap_or(0);
            }
            score += if side == me { v } else { -v };
        }
        score + MOBILITY * self.count_legal_moves().min(200) as i32 + TEMPO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hexchess::HexOptions;
    use crate::rules::variant::VariantId;

    #[test]
    fn material_counts_per_army() {
        for id in [
            VariantId::Glinski,
            VariantId::AjGlinski,
            VariantId::AjCompact,
        ] {
            let options = HexOptions::for_variant(id, None).expect("hex");
            let start = HexChess::start(&options);
            let mobility = MOBILITY * start.count_legal_moves() as i32;
            assert_eq!(start.evaluate(), mobility + TEMPO, "{id:?}");
        }
    }
}
