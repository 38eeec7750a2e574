//! The Chakra evaluation (RULES.md §4). Chakra is chess with a few twists,
//! each with its own term, summed for both sides and subtracted:
//! - Material: Q 900, Samurai (King + Rook) 700, Monk (King + Bishop) 450,
//!   Courtesan 350, Ape (a Knight) 300, Pawn 100; the King nothing.
//! - The Transmitter: both chakras on the board are a second way to move
//!   (and to check), worth something, more with own pieces near them; a side
//!   whose Transmitter a King has captured has lost it for good.
//! - The promotion pool: a pawn may promote only to one of its side's
//!   captured pieces, so an advanced pawn is worth more when the pool holds
//!   something (and more the better that something is).
//! - Courtesan line mobility: a Courtesan that sees her own King slides along
//!   that line; each square she can reach counts a little.

use crate::rules::chakra::{Chakra, GRID, Kind, PROMOTABLE};
use crate::rules::geometry::king_distance;
use crate::rules::geometry::square::DIRECTIONS;
use crate::rules::{EvalWeights, Position, Side};

use super::game_eval::GameEval;

super::weights::eval_weights!(men 6, "chakra.weights";
    QUEEN "queen" 900,
    SAMURAI "samurai" 700,
    MONK "monk" 450,
    COURTESAN "courtesan" 350,
    APE "ape" 300,
    PAWN "pawn" 100,
    TRANSMITTER "transmitter" 40,
    TRANSMITTER_LOST "transmitter_lost" 120,
    // Per own piece (not pawn, not King) within two King steps of an own
    // chakra: it could probably reach the Transmitter soon.
    TRANSMITTER_USER "transmitter_user" 8,
    // Per rank a pawn has advanced (the double step counts as one).
    PAWN_STEP "pawn_step" 4,
    // Extra for a pawn 3, 2 and 1 steps from the last rank when the pool is
    // not empty, scaled by the best piece in the pool (per mille of a Queen).
    PROMOTION_NEAR_3 "promotion_near_3" 40,
    PROMOTION_NEAR_2 "promotion_near_2" 90,
    PROMOTION_NEAR_1 "promotion_near_1" 200,
    COURTESAN_SQUARE "courtesan_square" 5,
    TEMPO "tempo" 10,
);

/// The fixed values that measure the promotion pool (in per mille of a
/// Queen, whatever the weights).
fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Queen => 900,
        Kind::Samurai => 700,
        Kind::Monk => 450,
        Kind::Courtesan => 350,
        Kind::Ape => 300,
        Kind::Pawn => 100,
    }
}

/// A man's weight; the King's is nothing (losing it is mate).
#[inline(always)]
fn weighted_value(kind: Kind, w: &[i32; WEIGHT_COUNT]) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Queen => w[QUEEN],
        Kind::Samurai => w[SAMURAI],
        Kind::Monk => w[MONK],
        Kind::Courtesan => w[COURTESAN],
        Kind::Ape => w[APE],
        Kind::Pawn => w[PAWN],
    }
}

/// Squares a Courtesan on `s` could slide to along the line to her King
/// (pieces block her sight, chakras are ignored here).
fn courtesan_line(pos: &Chakra, s: u8, side: Side) -> i32 {
    for (dx, dy) in DIRECTIONS {
        let mut steps = 0;
        let mut at = s;
        while let Some(t) = GRID.offset(at, dx, dy) {
            match pos.piece_at(t) {
                None => steps += 1,
                Some(p) if p.side == side && p.kind == Kind::King => {
                    // Toward the King: `steps` squares; away: to the first
                    // piece, an enemy one included.
                    let mut away = 0;
                    let mut back = s;
                    while let Some(a) = GRID.offset(back, -dx, -dy) {
                        match pos.piece_at(a) {
                            None => away += 1,
                            Some(q) => {
                                away += i32::from(q.side != side);
                                break;
                            }
                        }
                        back = a;
                    }
                    return steps + away;
                }
                Some(_) => break,
            }
            at = t;
        }
    }
    0
}

/// The value for `side` alone (material and its own assets).
fn side_value(pos: &Chakra, side: Side, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let mut counts = [0u32; 7];
    let mut material = 0;
    let mut pawns: [u8; 16] = [0; 16];
    let mut pawn_count = 0;
    let mut pieces: [u8; 16] = [0; 16];
    let mut piece_count = 0;
    let mut courtesans = 0;
    let mut chakras: [u8; 2] = [0; 2];
    let mut chakra_count = 0;
    for s in 0..64u8 {
        if let Some((owner, _)) = pos.chakra_at(s)
            && owner == side
            && chakra_count < 2
        {
            chakras[chakra_count] = s;
            chakra_count += 1;
        }
        let Some(p) = pos.piece_at(s) else { continue };
        if p.side != side {
            continue;
        }
        counts[p.kind as usize] += 1;
        material += weighted_value(p.kind, w);
        match p.kind {
            Kind::Pawn if pawn_count < 16 => {
                pawns[pawn_count] = s;
                pawn_count += 1;
            }
            Kind::Pawn | Kind::King => {}
            _ => {
                if piece_count < 16 {
                    pieces[piece_count] = s;
                    piece_count += 1;
                }
                if p.kind == Kind::Courtesan {
                    courtesans += w[COURTESAN_SQUARE] * courtesan_line(pos, s, side);
                }
            }
        }
    }
    // The best piece a pawn could promote to now, in per mille of a Queen.
    let best_in_pool = PROMOTABLE
        .iter()
        .filter(|&&(kind, start)| counts[kind as usize] < start)
        .map(|&(kind, _)| value(kind))
        .max()
        .unwrap_or(0);
    let pawn_value = pawn_value(side, &pawns[..pawn_count], best_in_pool, w);
    let transmitter = match chakra_count {
        2 => {
            let users = pieces[..piece_count]
                .iter()
                .filter(|&&p| chakras.iter().any(|&c| king_distance(GRID, p, c) <= 2))
                .count() as i32;
            w[TRANSMITTER] + w[TRANSMITTER_USER] * users.min(4)
        }
        0 => -w[TRANSMITTER_LOST],
        _ => 0,
    };
    material + pawn_value + transmitter + courtesans
}

/// The pawns' value for `side`: a bonus a rank advanced, and one for a pawn
/// near promotion, in proportion to the best piece (`best_in_pool`, per
/// mille of a Queen) it could promote to now.
fn pawn_value(side: Side, pawns: &[u8], best_in_pool: i32, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let promotion_near = [
        w[PROMOTION_NEAR_3],
        w[PROMOTION_NEAR_2],
        w[PROMOTION_NEAR_1],
    ];
    let mut value = 0;
    for &s in pawns {
        let y = GRID.coords(s).1 as i8;
        // Progress in moves: by its double step a pawn on its second rank is
        // as near the fourth as one on the third.
        let advanced = match if side == Side::WHITE { y - 1 } else { 6 - y } {
            0 => 1,
            ranks => ranks.max(0),
        };
        value += w[PAWN_STEP] * i32::from(advanced);
        let to_go = if side == Side::WHITE { 7 - y } else { y };
        if (1..=3).contains(&to_go) {
            value += promotion_near[(3 - to_go) as usize] * best_in_pool / 900;
        }
    }
    value
}

impl GameEval for Chakra {
    fn weights() -> EvalWeights {
        eval_weights()
    }

    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        let w = weight_array(weights);
        let me = self.side_to_move();
        side_value(self, me, w) - side_value(self, me.opponent(), w) + w[TEMPO]
    }
}

super::game_eval::own_evaluation!(Chakra, "chakra");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_material_counts() {
        let start = Chakra::start(&());
        assert_eq!(start.evaluate_with(&ORIGINAL), ORIGINAL[TEMPO]);
        let black = Chakra::from_text(
            "acmqksca/1pppppp1/8/8/8/8/1PPPPPP1/ACMQKSCA b Ta2n,Th2n,ta7n,th7n",
            &(),
        )
        .expect("valid");
        assert_eq!(black.evaluate_with(&ORIGINAL), ORIGINAL[TEMPO]);
        // White without its Queen.
        let down = Chakra::from_text(
            "acmqksca/1pppppp1/8/8/8/8/1PPPPPP1/ACM1KSCA w Ta2n,Th2n,ta7n,th7n",
            &(),
        )
        .expect("valid");
        assert!(down.evaluate_with(&ORIGINAL) < -800);
    }
}
