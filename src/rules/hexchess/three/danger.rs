//! Which players attack the flight cells of a General, all at once. The
//! evaluation of three players asks it for every General at every leaf.
//! A man attacks a flight cell only from a few places (a leap, a line or
//! a curved path away from the General's zone), and there mostly stands
//! none: a table per cell gives those places for each kind of man, and
//! only the men found there are walked, each with its own reach.

use std::sync::OnceLock;

use super::super::shared::{Kind, MAX_CELLS, ORIENTS, Tables, pawn_index};
use super::{HexChess3, ORIENT, zone_at};
use crate::rules::geometry::grid::bits128;
use crate::rules::geometry::hex::HexGrid;
use crate::rules::side::Side;

impl HexChess3 {
    /// For each other player, how many of the cells of `side`'s General
    /// and its orthogonal neighbours (its flight cells) its men attack;
    /// `side`'s own count is 0, and every count is 0 once that General is
    /// out of the game.
    pub fn general_zone_attackers(&self, side: Side) -> [u32; 3] {
        let mut counts = [0; 3];
        let Some(general) = self.general(side) else {
            return counts;
        };
        let t = self.tables;
        let near = &ZoneReach::of(t)[general as usize];
        let k = |kind: Kind| self.kinds[kind as usize];
        let queens = k(Kind::Queen);
        let cohens = k(Kind::Cohen);
        let occ = self.occupied();
        let others = occ & !self.sides[side.index()];
        let men = others
            & (((k(Kind::Knight) | k(Kind::Sennight)) & near.leap)
                | ((k(Kind::King) | k(Kind::General)) & near.adjacent)
                | ((k(Kind::Rook) | queens) & near.ortho)
                | ((k(Kind::Bishop) | k(Kind::Unicorn) | queens) & near.diag)
                | ((k(Kind::Finch) | cohens) & near.curved[0])
                | ((k(Kind::Rabbi) | cohens) & near.curved[1]));
        let pawns = others & k(Kind::Pawn) & near.pawn;
        if men | pawns == 0 {
            return counts;
        }
        let zone = self.general_zone(side);
        let pk = pawn_index(self.options.pawn);
        for (by, count) in counts.iter_mut().enumerate() {
            let theirs = self.sides[by];
            let mut hit = 0;
            for from in bits128(men & theirs) {
                hit |= t.piece_reach(self.board[from as usize] & 15, from, occ);
            }
            for from in bits128(pawns & theirs) {
                hit |= t.pawn_capture[pk][ORIENT[by]][from as usize];
            }
            *count = (hit & zone).count_ones();
        }
        counts
    }
}

/// Where a man must stand to attack a cell of the zone of a General on a
/// given cell ([`zone_at`]), on an empty board,
/// by the kind of its move: a place to look, not an attack.
#[derive(Clone, Copy, Default)]
struct ZoneReach {
    /// A Knight's or Sennight's leap away.
    leap: u128,
    /// Next to it, as a King or General steps.
    adjacent: u128,
    /// On an orthogonal line through it.
    ortho: u128,
    /// On a diagonal line through it.
    diag: u128,
    /// On a curved path from it (0 Finch, 1 Rabbi).
    curved: [u128; 2],
    /// Where a pawn-like piece of any kind and orientation captures onto it.
    pawn: u128,
}

impl ZoneReach {
    /// The table of `t`'s grid, built on first use.
    #[inline]
    fn of(t: &Tables) -> &'static [ZoneReach; MAX_CELLS] {
        static LARGE: OnceLock<Box<[ZoneReach; MAX_CELLS]>> = OnceLock::new();
        static COMPACT: OnceLock<Box<[ZoneReach; MAX_CELLS]>> = OnceLock::new();
        let table = if t.grid == HexGrid::COMPACT {
            &COMPACT
        } else {
            &LARGE
        };
        table.get_or_init(|| Box::new(ZoneReach::build(t)))
    }

    fn build(t: &Tables) -> [ZoneReach; MAX_CELLS] {
        let mut table = [ZoneReach::default(); MAX_CELLS];
        for (general, near) in table.iter_mut().enumerate().take(t.grid.len()) {
            for c in bits128(zone_at(t, general as u8)) {
                let c = c as usize;
                near.leap |= t.leap[c];
                near.adjacent |= t.king_adj[c] | t.general_adj[c];
                near.ortho |= t.ortho_lines[c];
                near.diag |= t.diag_lines[c];
                for w in 0..2 {
                    near.curved[w] |= t.curved_reach[w][c];
                }
                for o in 0..ORIENTS {
                    for by_kind in &t.pawn_attackers {
                        near.pawn |= by_kind[o][c];
                    }
                }
            }
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hexchess::HexOptions;
    use crate::rules::position::Position;
    use crate::rules::random::Rng;
    use crate::rules::variant::{Promotion, VariantId};

    /// Checks every General's counts in `pos` against an attack test per
    /// player and cell: how many counts it checked.
    fn check_counts(pos: &HexChess3, game: VariantId) -> usize {
        let mut checked = 0;
        for side in (0..3).map(Side) {
            let counts = pos.general_zone_attackers(side);
            for (by, &count) in counts.iter().enumerate() {
                let one_by_one = bits128(pos.general_zone(side))
                    .filter(|&c| by != side.index() && pos.attacked_by_player(c, by))
                    .count() as u32;
                assert_eq!(count, one_by_one, "{game:?} {side:?} by {by}: {pos:?}");
                checked += 1;
            }
        }
        checked
    }

    /// The counts agree with an attack test per player and cell, in
    /// positions of random play in every three-player game, the
    /// straight-curved promotion bringing every kind of man.
    #[test]
    fn zone_counts_agree_with_an_attack_test_per_player() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        let games = [
            VariantId::AjGlinski3p,
            VariantId::AjGlinskiMixed3p,
            VariantId::AjMcCooey3p,
            VariantId::AjMcCooeyMixed3p,
        ];
        let mut moves = Vec::new();
        for game in games {
            let options = HexOptions::for_variant(game, None)
                .and_then(|o| o.with_promotion(Promotion::StraightCurved))
                .expect("a three-player game");
            for _ in 0..40 {
                let mut pos = HexChess3::start(&options);
                for _ in 0..rng.below(200) {
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[rng.below(moves.len())]);
                    checked += check_counts(&pos, game);
                }
            }
        }
        assert!(checked > 10_000, "{checked} counts checked");
    }
}
