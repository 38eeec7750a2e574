//! Which players attack the flight cells of a General, all at once. The
//! evaluation of three players asks it for every General at every leaf;
//! one walk over a cell's leaps, lines and curved paths finds the men of
//! both other players that attack it, where an attack test per player
//! walks them once for each player and stops only at an attack, which a
//! flight cell mostly lacks.

use super::super::shared::{KINDS, Kind, Tables, bit, pawn_index};
use super::{HexChess3, ORIENT};
use crate::rules::geometry::grid::bits128;
use crate::rules::side::Side;

impl HexChess3 {
    /// For each other player, how many of the cells of `side`'s General
    /// and its orthogonal neighbours (its flight cells) its men attack;
    /// `side`'s own count is 0, and every count is 0 once that General is
    /// out of the game.
    pub fn general_zone_attackers(&self, side: Side) -> [u32; 3] {
        let occ = self.occupied();
        let others = occ & !self.sides[side.index()];
        let pk = pawn_index(self.options.pawn);
        let mut counts = [0; 3];
        for cell in bits128(self.general_zone(side)) {
            let men = self.tables.piece_attackers(&self.kinds, cell, occ, others);
            for (by, count) in counts.iter_mut().enumerate() {
                let theirs = self.sides[by] & others;
                if men & theirs != 0
                    || self
                        .tables
                        .pawn_attacks(&self.kinds, pk, ORIENT[by], cell, theirs)
                {
                    *count += 1;
                }
            }
        }
        counts
    }
}

impl Tables {
    /// The men of `them` other than pawn-like pieces that attack `cell`
    /// with occupancy `occ` (`k`: the men of each kind). The same walk as
    /// `Tables::piece_attacks`, which stops at the first attacker: the
    /// searches' check tests find one often enough that collecting every
    /// attacker there costs them a few percent more instructions.
    fn piece_attackers(&self, k: &[u128; KINDS], cell: u8, occ: u128, them: u128) -> u128 {
        let c = cell as usize;
        let men = |kind: Kind| k[kind as usize] & them;
        let mut found = (self.leap[c] & (men(Kind::Knight) | men(Kind::Sennight)))
            | (self.king_adj[c] & men(Kind::King))
            | (self.general_adj[c] & men(Kind::General));
        let queens = men(Kind::Queen);
        let rooks = men(Kind::Rook) | queens;
        let bishops = men(Kind::Bishop) | men(Kind::Unicorn) | queens;
        if (rooks & self.ortho_lines[c]) | (bishops & self.diag_lines[c]) != 0 {
            for d in 0..12 {
                let riders = if d < 6 { rooks } else { bishops };
                if self.ray[c][d] & riders != 0
                    && let Some(first) = self.first_blocker(cell, d, occ)
                {
                    found |= riders & bit(first);
                }
            }
        }
        let cohens = men(Kind::Cohen);
        found |= self.curved_attackers(0, cell, occ, men(Kind::Finch) | cohens);
        found | self.curved_attackers(1, cell, occ, men(Kind::Rabbi) | cohens)
    }

    /// The `riders` (of curved kind `w`: 0 Finch, 1 Rabbi) whose curved
    /// path reaches `cell` with occupancy `occ`: the first man on each
    /// path from the cell, when it is one of them.
    fn curved_attackers(&self, w: usize, cell: u8, occ: u128, riders: u128) -> u128 {
        let c = cell as usize;
        if riders & self.curved_reach[w][c] == 0 {
            return 0;
        }
        let mut found = 0;
        for p in 0..12 {
            let path = &self.curved[w][c][p][..usize::from(self.curved_len[w][c][p])];
            if let Some(&first) = path.iter().find(|&&x| occ & bit(x) != 0) {
                found |= riders & bit(first);
            }
        }
        found
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
