//! The Flaxman evaluation (RULES.md §1). With three men a side, material is
//! only "how many of my men are Prisoners"; the rest of the game is geometry:
//! a man's jump length is the distance between its two definers, so every
//! move of one man changes what the other two can do.
//!
//! Terms, each for both sides and subtracted:
//! - Prisoners: an own Prisoner is a man that never moves again until freed;
//!   an enemy one is the mirror image.
//! - Freeing chances: an own Prisoner that an own mobile man can land on now
//!   is half a Prisoner only.
//! - Mobility: how many jumps each mobile man has (its definer distance laid
//!   around it, minus blocked landings); the King's counts more, because a
//!   King with no jump is one check from mate.
//! - Pinned men: a mobile man whose jump length has no on-board destination
//!   at all (e.g. length √50 away from a corner).
//! - King safety: how many enemy moves would give check — each is an enemy
//!   man whose jump length, after the move, matches its distance to the King.
//! - Threats: enemy Soldiers an own mobile man could capture now.

use crate::rules::flaxman::{Flaxman, GRID, Kind, jumps};
use crate::rules::geometry::{bits, distance_squared};
use crate::rules::{EvalWeights, Position, Side};

use super::game_eval::GameEval;

const POINTS: usize = 36;

super::weights::eval_weights!(men 0, "flaxman.weights";
    PRISONER "prisoner" 300,
    FREEING_CHANCE "freeing_chance" 120,
    SOLDIER_JUMP "soldier_jump" 5,
    KING_JUMP "king_jump" 9,
    PINNED "pinned" 40,
    CHECKING_MOVE "checking_move" 14,
    KING_TRAPPED "king_trapped" 60,
    THREAT "threat" 25,
    TEMPO "tempo" 10,
);

/// `D2[a][b]`: squared distance between two points.
static D2: [[u8; POINTS]; POINTS] = distance_table();

const fn distance_table() -> [[u8; POINTS]; POINTS] {
    let mut table = [[0u8; POINTS]; POINTS];
    let mut a = 0;
    while a < POINTS {
        let mut b = 0;
        while b < POINTS {
            table[a][b] = distance_squared(GRID, a as u8, b as u8);
            b += 1;
        }
        a += 1;
    }
    table
}

fn d2(a: u8, b: u8) -> u8 {
    D2[a as usize % POINTS][b as usize % POINTS]
}

/// One side's three men: index 0 the King, then the two others.
#[derive(Clone, Copy)]
struct Army {
    at: [u8; 3],
    kind: [Kind; 3],
}

impl Army {
    fn of(pos: &Flaxman, side: Side) -> Army {
        let mut army = Army {
            at: [0; 3],
            kind: [Kind::King, Kind::Prisoner, Kind::Prisoner],
        };
        let mut next = 1;
        for p in 0..POINTS as u8 {
            match pos.man_at(p) {
                Some(m) if m.side == side && m.kind == Kind::King => army.at[0] = p,
                Some(m) if m.side == side && next < 3 => {
                    army.at[next] = p;
                    army.kind[next] = m.kind;
                    next += 1;
                }
                _ => {}
            }
        }
        army
    }

    fn length_squared(&self, i: usize) -> u8 {
        d2(self.at[(i + 1) % 3], self.at[(i + 2) % 3])
    }

    fn mobile(&self, i: usize) -> bool {
        self.kind[i] != Kind::Prisoner
    }

    fn mask_of(&self, kind: Kind) -> u64 {
        (0..3)
            .filter(|&i| self.kind[i] == kind)
            .fold(0, |m, i| m | 1 << self.at[i])
    }

    /// Whether a mobile man of this army could jump onto `point`.
    fn attacks(&self, point: u8) -> bool {
        (0..3).any(|i| self.mobile(i) && d2(self.at[i], point) == self.length_squared(i))
    }
}

/// The value for `side` of its own army facing `enemy`'s.
fn side_value(me: &Army, enemy: &Army, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let kings = (1u64 << me.at[0]) | (1u64 << enemy.at[0]);
    let own_soldiers = me.mask_of(Kind::Soldier);
    let enemy_soldiers = enemy.mask_of(Kind::Soldier);
    let mut value = 0;
    let mut reach = 0u64;
    for i in 0..3 {
        if !me.mobile(i) {
            continue;
        }
        let all = jumps(me.length_squared(i), me.at[i]);
        if all == 0 {
            value -= w[PINNED];
            continue;
        }
        reach |= all;
        if i == 0 {
            value += w[KING_JUMP] * (all & !kings).count_ones() as i32;
        } else {
            value += w[SOLDIER_JUMP] * (all & !kings & !own_soldiers).count_ones() as i32;
        }
        value += w[THREAT] * (all & enemy_soldiers).count_ones() as i32;
    }
    for i in 1..3 {
        if me.kind[i] == Kind::Prisoner {
            value -= w[PRISONER];
            if reach & (1 << me.at[i]) != 0 {
                value += w[FREEING_CHANCE];
            }
        }
    }
    let checks = checking_moves(enemy, me);
    value -= w[CHECKING_MOVE] * checks.min(8);
    if checks > 0 && jumps(me.length_squared(0), me.at[0]) & !kings == 0 {
        value -= w[KING_TRAPPED];
    }
    value
}

/// How many jumps of `attacker`'s men (legality aside) would leave a mobile
/// man of theirs attacking `defender`'s King. Plain jumps are counted with
/// masks: the mover keeps its own length, so it checks from the points at
/// that length from the King; each other mobile man checks when the mover
/// lands where the distance to the third man equals its distance to the
/// King. Landings on an own man (a swap that changes a man's state) are few
/// and simulated.
fn checking_moves(attacker: &Army, defender: &Army) -> i32 {
    let king = defender.at[0];
    let kings = (1u64 << king) | (1u64 << attacker.at[0]);
    let own_soldiers = attacker.mask_of(Kind::Soldier);
    let own_men = (1u64 << attacker.at[0]) | (1u64 << attacker.at[1]) | (1u64 << attacker.at[2]);
    let mut count = 0;
    for i in 0..3 {
        if !attacker.mobile(i) {
            continue;
        }
        let blocked = if i == 0 { kings } else { kings | own_soldiers };
        let from = attacker.at[i];
        let length = attacker.length_squared(i);
        let dest = jumps(length, from) & !blocked;
        let mut checking = jumps(length, king);
        for (j, k) in [((i + 1) % 3, (i + 2) % 3), ((i + 2) % 3, (i + 1) % 3)] {
            if attacker.mobile(j) {
                checking |= jumps(d2(attacker.at[j], king), attacker.at[k]);
            }
        }
        count += (dest & !own_men & checking).count_ones() as i32;
        for to in bits(dest & own_men) {
            let mut after = *attacker;
            after.at[i] = to;
            // Landing on an own man swaps it back to `from` and turns it:
            // a Prisoner is freed, a Soldier (King's capture) is taken.
            if let Some(j) = (0..3).find(|&j| j != i && attacker.at[j] == to) {
                after.at[j] = from;
                after.kind[j] = match attacker.kind[j] {
                    Kind::Prisoner => Kind::Soldier,
                    _ => Kind::Prisoner,
                };
            }
            if after.attacks(king) {
                count += 1;
            }
        }
    }
    count
}

impl GameEval for Flaxman {
    fn weights() -> EvalWeights {
        eval_weights()
    }

    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        let w = weight_array(weights);
        let white = Army::of(self, Side::WHITE);
        let black = Army::of(self, Side::BLACK);
        let score = side_value(&white, &black, w) - side_value(&black, &white, w);
        let mover = if self.side_to_move() == Side::WHITE {
            score
        } else {
            -score
        };
        mover + w[TEMPO]
    }
}

super::game_eval::own_evaluation!(Flaxman, "flaxman");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_prisoners_cost() {
        let start = Flaxman::start(&());
        assert_eq!(start.evaluate_with(&ORIGINAL), ORIGINAL[TEMPO]);
        // White's e1 Soldier has been taken (a Prisoner of White's own).
        let worse = Flaxman::from_text("1sk1s1/6/6/6/6/1S1KP1 w", &()).expect("valid");
        assert!(worse.evaluate_with(&ORIGINAL) < -ORIGINAL[PRISONER] / 2);
        let mirrored = Flaxman::from_text("1sk1p1/6/6/6/6/1S1KS1 b", &()).expect("valid");
        assert!(mirrored.evaluate_with(&ORIGINAL) < -ORIGINAL[PRISONER] / 2);
    }

    /// Every jump simulated: the definition `checking_moves` counts fast.
    fn checking_moves_slow(attacker: &Army, defender: &Army) -> i32 {
        let king = defender.at[0];
        let kings = (1u64 << king) | (1u64 << attacker.at[0]);
        let own_soldiers = attacker.mask_of(Kind::Soldier);
        let mut count = 0;
        for i in 0..3 {
            if !attacker.mobile(i) {
                continue;
            }
            let blocked = if i == 0 { kings } else { kings | own_soldiers };
            let from = attacker.at[i];
            for to in bits(jumps(attacker.length_squared(i), from) & !blocked) {
                let mut after = *attacker;
                after.at[i] = to;
                if let Some(j) = (0..3).find(|&j| j != i && attacker.at[j] == to) {
                    after.at[j] = from;
                    after.kind[j] = match attacker.kind[j] {
                        Kind::Prisoner => Kind::Soldier,
                        _ => Kind::Prisoner,
                    };
                }
                count += i32::from(after.attacks(king));
            }
        }
        count
    }

    #[test]
    fn checking_moves_counted_by_masks_match_simulation() {
        let mut rng = crate::rules::random::Rng::new(3);
        let mut moves = Vec::new();
        let mut checks_seen = 0;
        for _ in 0..200 {
            let mut pos = Flaxman::start(&());
            for _ in 0..40 {
                let white = Army::of(&pos, Side::WHITE);
                let black = Army::of(&pos, Side::BLACK);
                for (a, d) in [(&white, &black), (&black, &white)] {
                    let fast = checking_moves(a, d);
                    assert_eq!(fast, checking_moves_slow(a, d), "{}", pos.to_text());
                    checks_seen += fast;
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
        assert!(checks_seen > 100);
    }
}
