//! The hexagonal chess evaluation (RULES.md §3), for every hex variant:
//! material per army, pawn-like pieces' progress toward their promotion
//! edge, and the pieces' reach: the cells each side's men could move to if
//! check did not matter, so that a curved rider hemmed in by its own men or
//! a Queen in the open counts for what it does, not only what it is.
//!
//! Values: classical Queen 1000 (she has twelve directions on the hex
//! board), Rook 500, Bishop 320, Knight 280; Anglojewish Cohen 900, Finch
//! 450, Rabbi 400, Sennight 300, Rook 500; the straight pieces they may
//! promote to (RULES.md §3, "Straight-promotee options") as the classical
//! ones: Queen 1000, Rook 500, Unicorn 320 (the Bishop's move); pawn-like
//! pieces 100; royal pieces nothing (losing them is mate, which the search
//! scores).

use crate::rules::hexchess::{HexChess, HexChess3, Kind, Move};
use crate::rules::{EvalWeights, Position, Side};

use super::game_eval::GameEval;

/// A pawn's bonus by the steps it still has to go (0 would be promoted).
const PAWN_TO_GO: [i32; 11] = [0, 90, 45, 25, 15, 8, 4, 2, 0, 0, 0];
const MOBILITY: i32 = 2;
const TEMPO: i32 = 10;

const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King | Kind::General => 0,
        Kind::Queen => 1000,
        Kind::Rook => 500,
        Kind::Bishop | Kind::Unicorn => 320,
        Kind::Knight => 280,
        Kind::Cohen => 900,
        Kind::Finch => 450,
        Kind::Rabbi => 400,
        Kind::Sennight => 300,
        Kind::Pawn => 100,
    }
}

// The two-player evaluation's weights (the three-player one uses their
// original values). One file serves every two-player hex game.
super::weights::eval_weights!(men 10, "hexchess.weights";
    QUEEN_VALUE "queen" value(Kind::Queen),
    ROOK_VALUE "rook" value(Kind::Rook),
    BISHOP_VALUE "bishop" value(Kind::Bishop),
    UNICORN_VALUE "unicorn" value(Kind::Unicorn),
    KNIGHT_VALUE "knight" value(Kind::Knight),
    COHEN_VALUE "cohen" value(Kind::Cohen),
    FINCH_VALUE "finch" value(Kind::Finch),
    RABBI_VALUE "rabbi" value(Kind::Rabbi),
    SENNIGHT_VALUE "sennight" value(Kind::Sennight),
    PAWN_VALUE "pawn" value(Kind::Pawn),
    PAWN_TO_GO_1 "pawn_to_go_1" PAWN_TO_GO[1],
    PAWN_TO_GO_2 "pawn_to_go_2" PAWN_TO_GO[2],
    PAWN_TO_GO_3 "pawn_to_go_3" PAWN_TO_GO[3],
    PAWN_TO_GO_4 "pawn_to_go_4" PAWN_TO_GO[4],
    PAWN_TO_GO_5 "pawn_to_go_5" PAWN_TO_GO[5],
    PAWN_TO_GO_6 "pawn_to_go_6" PAWN_TO_GO[6],
    PAWN_TO_GO_7 "pawn_to_go_7" PAWN_TO_GO[7],
    PAWN_TO_GO_8 "pawn_to_go_8" PAWN_TO_GO[8],
    PAWN_TO_GO_9 "pawn_to_go_9" PAWN_TO_GO[9],
    PAWN_TO_GO_10 "pawn_to_go_10" PAWN_TO_GO[10],
    MOBILITY_WEIGHT "mobility" MOBILITY,
    TEMPO_WEIGHT "tempo" TEMPO,
);

impl GameEval for HexChess {
    fn weights() -> EvalWeights {
        eval_weights()
    }

    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        let w = weight_array(weights);
        material(self, w) + w[TEMPO_WEIGHT] + reach_term(self, w)
    }

    fn estimate_with(&self, weights: &[i32]) -> Option<(i32, i32)> {
        let w = weight_array(weights);
        Some((material(self, w) + w[TEMPO_WEIGHT], reach_margin(w)))
    }

    fn rest_with(&self, weights: &[i32]) -> Option<i32> {
        Some(reach_term(self, weight_array(weights)))
    }

    fn noisy_gain(&self, mv: Move) -> i32 {
        hex_gain(
            self.piece_at(mv.from()),
            self.piece_at(mv.to()),
            mv.promotion(),
        )
    }

    fn mover_value(&self, mv: Move) -> i32 {
        self.piece_at(mv.from()).map_or(0, |(kind, _)| value(kind))
    }
}

/// A capture's victim (an empty target is en passant: a pawn) plus a
/// promotion's gain over the man that promotes (a pawn-like piece, or a
/// curved rider becoming its straight counterpart).
fn hex_gain(
    mover: Option<(Kind, Side)>,
    victim: Option<(Kind, Side)>,
    promotion: Option<Kind>,
) -> i32 {
    let mover = mover.map_or(Kind::Pawn, |(kind, _)| kind);
    let taken = match victim {
        Some((kind, _)) => value(kind),
        // A quiet promotion, or a curved rider's quiet move, takes nothing.
        None if promotion.is_some() || mover != Kind::Pawn => 0,
        None => value(Kind::Pawn),
    };
    taken + promotion.map_or(0, |kind| value(kind) - value(mover))
}

super::game_eval::own_evaluation!(HexChess, "hexchess");

/// How far the reach term (both sides' reach, the mobility weight a cell)
/// strays from nothing in play: a side rarely reaches 75 cells more than
/// the other.
fn reach_margin(w: &[i32; WEIGHT_COUNT]) -> i32 {
    w[MOBILITY_WEIGHT].abs() * 75
}

/// The reach against the opponent's, for the side to move.
fn reach_term(pos: &HexChess, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let me = pos.side_to_move();
    let reach = pos.reach_count(me) as i32 - pos.reach_count(me.opponent()) as i32;
    w[MOBILITY_WEIGHT] * reach
}

/// Men and pawns' progress, for the side to move, with the two-player
/// weights.
fn material(pos: &HexChess, w: &[i32; WEIGHT_COUNT]) -> i32 {
    let me = pos.side_to_move();
    let army = |side: Side| {
        army_value(
            |kind| pos.men_of(kind, side),
            |cell| pos.promotion_distance(cell, side),
            w,
        )
    };
    army(me) - army(me.opponent())
}

/// The weight of each valued man (royal men carry none).
const WEIGHTED_MEN: [(Kind, usize); 10] = [
    (Kind::Queen, QUEEN_VALUE),
    (Kind::Rook, ROOK_VALUE),
    (Kind::Bishop, BISHOP_VALUE),
    (Kind::Knight, KNIGHT_VALUE),
    (Kind::Cohen, COHEN_VALUE),
    (Kind::Finch, FINCH_VALUE),
    (Kind::Rabbi, RABBI_VALUE),
    (Kind::Sennight, SENNIGHT_VALUE),
    (Kind::Pawn, PAWN_VALUE),
    (Kind::Unicorn, UNICORN_VALUE),
];

/// One army's men (counted by kind from their cell masks) and its pawns'
/// progress, with weights `w` (the three-player evaluation's are the
/// original ones).
#[inline(always)]
fn army_value(
    men_of: impl Fn(Kind) -> u128,
    to_go: impl Fn(u8) -> u8,
    w: &[i32; WEIGHT_COUNT],
) -> i32 {
    // A plain loop: in the three-player evaluation the iterator's closure
    // was left out of line, about 5% of the search.
    let mut score = 0;
    for (kind, index) in WEIGHTED_MEN {
        score += w[index] * men_of(kind).count_ones() as i32;
    }
    let mut pawns = men_of(Kind::Pawn);
    while pawns != 0 {
        let cell = pawns.trailing_zeros() as u8;
        pawns &= pawns - 1;
        score += match usize::from(to_go(cell)) {
            steps @ 1..=10 => w[PAWN_TO_GO_1 + steps - 1],
            _ => 0,
        };
    }
    score
}

/// Three-player Anglojewish Chess: each player's strength is its material
/// (pawns' progress included) and its General's danger (the flight cells
/// each opponent attacks); a player's value is its strength against its
/// strongest opponent's: the weaker one is the likelier to be eliminated,
/// an elimination leaves the stronger as the one to beat, and what a
/// player gives up to hurt the weaker one is lost against the stronger
/// (with two left it is the plain difference). The reach that the
/// two-player evaluation counts is left out: with three players it made a
/// deeper search play worse (a four-ply search no stronger than a two-ply
/// one), since a man's open lines are open to two opponents; without it,
/// and against the strongest opponent alone, each extra ply pays
/// (docs/engine.md).
impl GameEval for HexChess3 {
    fn evaluate_with(&self, _weights: &[i32]) -> i32 {
        three_player_value(self, self.side_to_move())
    }

    fn evaluate_for_with(&self, side: Side, _weights: &[i32]) -> i32 {
        three_player_value(self, side)
    }

    fn noisy_gain(&self, mv: Move) -> i32 {
        hex_gain(
            self.piece_at(mv.from()),
            self.piece_at(mv.to()),
            mv.promotion(),
        )
    }

    fn mover_value(&self, mv: Move) -> i32 {
        self.piece_at(mv.from()).map_or(0, |(kind, _)| value(kind))
    }
}

super::game_eval::own_evaluation!(HexChess3, "hexchess-3p");

/// A three-player position's value for `side` (see [`HexChess3`]'s
/// [`GameEval`]).
fn three_player_value(pos: &HexChess3, side: Side) -> i32 {
    let players = [Side::WHITE, Side::BLACK, Side(2)];
    let material = players.map(|s| {
        army_value(
            |kind| pos.men_of(kind, s),
            |cell| pos.promotion_distance(cell, s),
            &ORIGINAL,
        )
    });
    let attackers = players.map(|s| pos.general_zone_attackers(s));
    let strength = |s: Side| {
        let mut danger = 0;
        for o in players {
            if o != s && pos.is_in_game(o) {
                danger += attackers[s.index()][o.index()];
            }
        }
        material[s.index()] - GENERAL_DANGER * danger as i32
    };
    let strongest_rival = players
        .iter()
        .filter(|&&o| o != side && pos.is_in_game(o))
        .map(|&o| strength(o))
        .max()
        .unwrap_or(0);
    let tempo = if side == pos.side_to_move() { TEMPO } else { 0 };
    strength(side) - strongest_rival + tempo
}

/// Per flight cell of a General an opponent attacks.
const GENERAL_DANGER: i32 = 12;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hexchess::HexOptions;
    use crate::rules::random::Rng;
    use crate::rules::variant::{Promotion, VariantId};

    fn straight(id: VariantId) -> HexOptions {
        HexOptions::for_variant(id, None)
            .and_then(|o| o.with_promotion(Promotion::StraightCurved))
            .expect("an Anglojewish game")
    }

    /// The straight pieces count in the Anglojewish games, two and three
    /// players: a Queen, Rook or Unicorn more is worth its value, and its
    /// reach counts.
    #[test]
    fn straight_pieces_count_in_anglojewish_games() {
        let options = straight(VariantId::AjGlinski);
        let base = "6/7/8/9/10/11/G8g/9/8/7/6 w -";
        let pos = HexChess::from_text(base, &options).expect("a position");
        for (letter, kind) in [('Q', Kind::Queen), ('R', Kind::Rook), ('U', Kind::Unicorn)] {
            // The same men and the piece on f6.
            let text = base.replace("/11/", &format!("/5{letter}5/"));
            let with = HexChess::from_text(&text, &options).expect("a position");
            let gain = with.evaluate_with(&ORIGINAL) - pos.evaluate_with(&ORIGINAL);
            let reach = with.reach_count(Side::WHITE) - pos.reach_count(Side::WHITE);
            assert!(reach >= 6, "{kind:?} reaches {reach} more cells");
            assert_eq!(gain, value(kind) + MOBILITY * reach as i32, "{kind:?}");
        }
        let three = straight(VariantId::AjGlinski3p);
        let start = HexChess3::start(&three);
        let red = Side(2);
        let worth = |pos: &HexChess3| {
            army_value(
                |k| pos.men_of(k, red),
                |c| pos.promotion_distance(c, red),
                &ORIGINAL,
            )
        };
        let text = start.to_text();
        // Red's Rabbi on f3 becomes a Unicorn, its first Finch a Rook.
        let turned = text.replacen("rBrBrB", "rBrBrU", 1).replacen("rF", "rR", 1);
        let pos = HexChess3::from_text(&turned, &three).expect("a position");
        assert_eq!(
            worth(&pos) - worth(&start),
            value(Kind::Unicorn) - value(Kind::Rabbi) + value(Kind::Rook) - value(Kind::Finch)
        );
    }

    /// A curved rider's promotion gains its counterpart over itself (plus
    /// what it takes), not over a pawn.
    #[test]
    fn a_curved_promotion_gains_over_the_rider() {
        let white = Side::WHITE;
        let finch = Some((Kind::Finch, white));
        let rabbi = Some((Kind::Rabbi, Side::BLACK));
        assert_eq!(hex_gain(finch, None, Some(Kind::Rook)), 50);
        assert_eq!(hex_gain(finch, rabbi, Some(Kind::Rook)), 450);
        assert_eq!(
            hex_gain(Some((Kind::Pawn, white)), None, Some(Kind::Queen)),
            900
        );
        // En passant: the empty target holds the pawn taken.
        assert_eq!(hex_gain(Some((Kind::Pawn, white)), None, None), 100);
    }

    /// The quiescence search's own generator gives exactly the legal moves
    /// the rules call noisy, in random positions of every hex game and pawn.
    #[test]
    fn noisy_moves_are_the_noisy_legal_moves() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for id in VariantId::ALL
            .into_iter()
            .filter(|id| id.takes_pawn_kind() && !id.is_three_player())
        {
            let promotions = if id.takes_promotion() {
                &Promotion::ALL[..]
            } else {
                &[Promotion::Curved]
            };
            for (pawn, &promotion) in crate::rules::variant::PawnKind::ALL
                .into_iter()
                .zip(promotions.iter().cycle())
            {
                let options = HexOptions::for_variant(id, Some(pawn))
                    .and_then(|o| o.with_promotion(promotion))
                    .expect("hex");
                for _ in 0..12 {
                    let mut pos = HexChess::start(&options);
                    for _ in 0..120 {
                        let mut all = Vec::new();
                        pos.legal_moves(&mut all);
                        if all.is_empty() {
                            break;
                        }
                        let next = all[rng.below(all.len())];
                        all.retain(|&mv| pos.is_noisy(mv));
                        let mut noisy = Vec::new();
                        pos.noisy_moves(&mut noisy);
                        let texts = |moves: &[Move]| {
                            let mut t: Vec<String> =
                                moves.iter().map(|&m| pos.move_text(m)).collect();
                            t.sort();
                            t
                        };
                        assert_eq!(texts(&noisy), texts(&all), "{id:?} {}", pos.to_text());
                        checked += 1;
                        pos.play(next);
                    }
                }
            }
        }
        assert!(checked > 20_000, "{checked} positions");
    }

    /// A side whose pieces are hemmed in stands worse than one whose pieces
    /// are free, material being equal.
    #[test]
    fn reach_counts_for_the_free_side() {
        let options = HexOptions::for_variant(VariantId::Glinski, None).expect("hex");
        let start = HexChess::start(&options);
        let mut pos = start.clone();
        // White's e-file pawn steps aside from the Queen's diagonal.
        let mv = pos.parse_move("e4-e5").expect("legal");
        pos.play(mv);
        assert!(pos.reach_count(Side::WHITE) > start.reach_count(Side::WHITE));
        assert!(
            pos.evaluate_with(&ORIGINAL) < TEMPO,
            "Black to move faces the freer side"
        );
    }

    #[test]
    fn material_counts_per_army() {
        for id in [
            VariantId::Glinski,
            VariantId::AjGlinski,
            VariantId::AjCompact,
        ] {
            let options = HexOptions::for_variant(id, None).expect("hex");
            let start = HexChess::start(&options);
            // The arrays mirror each other: only the move counts.
            assert_eq!(start.evaluate_with(&ORIGINAL), TEMPO, "{id:?}");
        }
    }
}
