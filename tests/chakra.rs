//! Chakra (RULES.md §4): every rule and clarification pinned by a position,
//! perft from the start cross-checked against an independent reference
//! generator (module `reference` below), random playouts, the CLI.

use variantarium::rules::chakra::{Chakra, START};
use variantarium::rules::perft::perft;
use variantarium::rules::random::Rng;
use variantarium::rules::selfcheck::random_playouts;
use variantarium::rules::view::{Effect, ManState};
use variantarium::rules::{EndReason, GameResult, Position, Side, sorted_moves};

fn pos(text: &str) -> Chakra {
    match Chakra::from_text(text, &()) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn moves(p: &Chakra) -> Vec<String> {
    sorted_moves(p).into_iter().map(|(t, _)| t).collect()
}

/// The moves whose text starts with `prefix` (e.g. a square and `-`).
fn moves_from(p: &Chakra, prefix: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn after(p: &Chakra, text: &str) -> Chakra {
    let mut next = p.clone();
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    next.play(mv);
    next
}

fn cell(p: &Chakra, name: &str) -> u16 {
    p.layout().cell_named(name).expect("a square")
}

#[test]
fn start_position_and_its_moves() {
    let start = Chakra::start(&());
    assert_eq!(start.to_text(), START);
    assert_eq!(
        moves(&start),
        [
            "a1-b3", "a2-b4", "a2-b4^", "a2-c3", "a2-c3^", "a2^", "b1-a2", "b1-h2", "b2-b3",
            "b2-b4", "c2-c3", "c2-c4", "d2-d3", "d2-d4", "e2-e3", "e2-e4", "f2-f3", "f2-f4",
            "g1-a2", "g1-h2", "g2-g3", "g2-g4", "h1-g3", "h2-f3", "h2-f3^", "h2-g4", "h2-g4^",
            "h2^"
        ]
    );
}

#[test]
fn perft_from_the_start_depths_1_to_4() {
    let expected = [1, 28, 784, 24142, 740585];
    for (depth, &nodes) in expected.iter().enumerate() {
        let mut start = Chakra::start(&());
        assert_eq!(perft(&mut start, depth as u32), nodes, "depth {depth}");
    }
}

#[test]
fn reference_generator_agrees_on_perft_from_the_start() {
    let reference = reference::Ref::parse(START);
    for (depth, nodes) in [(1, 28), (2, 784), (3, 24142)] {
        assert_eq!(reference.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn a_pawn_double_steps_from_its_second_rank_only() {
    let p = pos("4k3/3p4/8/8/8/4P3/3P4/4K3 w -");
    assert_eq!(moves_from(&p, "d2-"), ["d2-d3", "d2-d4"]);
    assert_eq!(moves_from(&p, "e3-"), ["e3-e4"]);
    let p = pos("4k3/3p4/8/8/8/4P3/3P4/4K3 b -");
    assert_eq!(moves_from(&p, "d7-"), ["d7-d5", "d7-d6"]);
}

#[test]
fn a_piece_on_either_square_blocks_the_double_step() {
    // On the square passed over: no step at all.
    assert_eq!(
        moves_from(&pos("4k3/8/8/8/8/3a4/3P4/4K3 w -"), "d2-"),
        Vec::<String>::new()
    );
    // On the landing square, enemy or own: only the single step.
    assert_eq!(
        moves_from(&pos("4k3/8/8/8/3a4/8/3P4/4K3 w -"), "d2-"),
        ["d2-d3"]
    );
    assert_eq!(
        moves_from(&pos("4k3/8/8/8/3A4/8/3P4/4K3 w -"), "d2-"),
        ["d2-d3"]
    );
}

#[test]
fn an_enemy_chakra_stops_the_double_step_and_own_chakras_are_passed() {
    // Black's chakra on d3: the pawn may step onto it, not over it.
    let p = pos("4k3/8/8/8/8/8/3P4/4K3 w td3n,th7n");
    assert_eq!(moves_from(&p, "d2-"), ["d2-d3"]);
    // A chakra on the landing square, of either side, is fine.
    let p = pos("4k3/8/8/8/8/8/3P4/4K3 w td4n,th7n");
    assert_eq!(moves_from(&p, "d2-"), ["d2-d3", "d2-d4"]);
    // White's own chakra on d3 is passed over; stepping onto it may also
    // go on through the Transmitter to h1.
    let p = pos("4k3/8/8/8/8/8/3P4/4K3 w Td3n,Th1n");
    assert_eq!(moves_from(&p, "d2-"), ["d2-d3", "d2-d4", "d2-h1"]);
}

#[test]
fn a_double_step_onto_its_own_chakra_goes_on_through_the_transmitter() {
    let p = pos("4k3/8/2a5/8/8/8/3P4/4K3 w Td4n,Tc6n");
    assert_eq!(moves_from(&p, "d2-"), ["d2-c6", "d2-d3", "d2-d4"]);
    let next = after(&p, "d2-c6");
    assert_eq!(next.to_text(), "4k3/8/2P5/8/8/8/8/4K3 b Td4n,Tc6n");
    // So Black's King on c6 would be in check from the pawn on d2 — unless
    // a Black chakra on d3 bars the double step.
    assert!(pos("8/8/2k5/8/8/8/3P4/4K3 b Td4n,Tc6n").in_check());
    assert!(!pos("8/8/2k5/8/8/8/3P4/4K3 b Td4n,Tc6n,td3n,th8n").in_check());
}

#[test]
fn a_double_step_gives_no_en_passant() {
    let p = after(&pos("4k3/8/8/8/2p5/8/3P4/4K3 w -"), "d2-d4");
    assert_eq!(moves_from(&p, "c4-"), ["c4-c3"]);
}

/// Both generators on `count` positions of random games from `start`: the
/// same legal-move texts, and every move leads to the same position text.
fn cross_check(start: &str, games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut p = pos(start);
        for _ in 0..plies {
            let reference = reference::Ref::parse(&p.to_text());
            let mut expected: Vec<(String, String)> = reference
                .legal()
                .into_iter()
                .map(|(text, next)| (text, next.text()))
                .collect();
            expected.sort();
            let mut actual: Vec<(String, String)> = sorted_moves(&p)
                .into_iter()
                .map(|(text, mv)| {
                    let mut next = p.clone();
                    next.play(mv);
                    (text, next.to_text())
                })
                .collect();
            actual.sort();
            assert_eq!(actual, expected, "position {}", p.to_text());
            assert_eq!(p.in_check(), reference.in_check(), "{}", p.to_text());
            checked += 1;
            let named = sorted_moves(&p);
            if named.is_empty() {
                break;
            }
            p.play(named[rng.below(named.len())].1);
        }
    }
    checked
}

/// A middle game with chakras beside both Kings, pawns one step from
/// promotion, pieces already captured (so the pools are not empty), both
/// Courtesans in sight of their Kings: the exotic rules come up often.
const BUSY: &str = "a3k2a/1P1c2p1/4M3/2C5/7q/4K3/1p5c/Q7 w Tf2n,Td4k,te5k,tc6n";

/// Pawns one step from promotion on both sides with everything to promote
/// to, a King on his own chakra, chakras on the promotion ranks.
const PROMOTING: &str = "4k3/PP3ppp/8/2C2c2/8/8/ppP2PPP/4K3 w Te1n,Tb8k,td1k,tg8n";

#[test]
fn reference_generator_agrees_on_random_positions() {
    let mut checked = cross_check(START, 40, 150, 11);
    checked += cross_check(BUSY, 60, 80, 12);
    checked += cross_check(PROMOTING, 60, 80, 13);
    assert!(checked > 10_000, "only {checked} positions");
}

#[test]
fn random_playouts_keep_every_invariant() {
    let start = Chakra::start(&());
    let report = random_playouts(&start, 2000, 200, 0xC4A4).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 2000);
    let busy = pos(BUSY);
    random_playouts(&busy, 200, 100, 7).unwrap_or_else(|e| panic!("{e}"));
    let promoting = pos(PROMOTING);
    random_playouts(&promoting, 200, 100, 8).unwrap_or_else(|e| panic!("{e}"));
}

// ---------------------------------------------------------------------------
// The rules, one position each.

#[test]
fn courtesan_slides_along_the_line_she_sees_her_king_on() {
    // She sees e1 through the Black chakra on e3 (chakras do not block
    // sight); toward the King she stops on that enemy chakra; away from him
    // she passes her own chakra e6 and captures on e7. e6 is also her
    // Transmitter entry to a3.
    let p = pos("7k/4p3/8/4C3/8/8/8/4K3 w Ta3n,Te6n,tb7n,te3n");
    assert_eq!(
        moves_from(&p, "e5-"),
        [
            "e5-a3", "e5-d4", "e5-d5", "e5-d6", "e5-e3", "e5-e4", "e5-e6", "e5-e7", "e5-f4",
            "e5-f5", "e5-f6"
        ]
    );
    // Her own chakra between her and the King does not stop her either.
    let p = pos("7k/4p3/8/4C3/8/8/8/4K3 w Ta3n,Te3n,tb7n,th6n");
    assert_eq!(
        moves_from(&p, "e5-"),
        [
            "e5-a3", "e5-d4", "e5-d5", "e5-d6", "e5-e2", "e5-e3", "e5-e4", "e5-e6", "e5-e7",
            "e5-f4", "e5-f5", "e5-f6"
        ]
    );
    // A piece between them blocks her sight: King steps only (and e6 → a3).
    let p = pos("7k/4p3/8/4C3/8/8/4a3/4K3 w Ta3n,Te6n,tb7n,te3n");
    assert_eq!(
        moves_from(&p, "e5-"),
        [
            "e5-a3", "e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5-e6", "e5-f4", "e5-f5", "e5-f6"
        ]
    );
}

#[test]
fn courtesan_gives_check_only_away_from_her_king() {
    // Black's Courtesan on d6 sees her King on d8: she attacks down the d
    // file (d5, d4 … the White King on d2), so White is in check.
    let p = pos("3k4/8/3c4/8/8/8/3K4/8 w -");
    assert!(p.in_check());
    // With a piece between her and her King she is a King-stepper only.
    let p = pos("3k4/3p4/3c4/8/8/8/3K4/8 w -");
    assert!(!p.in_check());
}

#[test]
fn check_through_the_transmitter_king_to_king() {
    // The seed's line: the Black King stands on White's chakra c5; White
    // moves the other chakra c3-e2 beside his King, which now could step
    // onto e2 and be carried to c5: check, King to King.
    let p = pos("8/8/8/2k5/8/8/8/5K2 w Tc3n,Tc5n");
    assert!(!after(&p, "f1-f2").in_check());
    let checked = after(&p, "c3-e2");
    assert!(checked.in_check());
    // Black must leave c5, or close the entry by occupying e2.
    let p = pos("8/8/8/2k5/8/2a5/8/5K2 b Tc5n,Te2n");
    assert!(p.in_check());
    assert_eq!(
        moves(&p),
        [
            "c3-e2", "c5-b4", "c5-b5", "c5-b6", "c5-c4", "c5-c6", "c5-d4", "c5-d5", "c5-d6"
        ]
    );
}

#[test]
fn the_seeds_king_and_transmitter_sequence() {
    // The Black King takes the pawn standing on White's chakra d4; White's
    // Tc3-e2 checks him King to King through the Transmitter; he leaves d4
    // and so attacks it; Kf1-e2 occupies the other chakra and protects it.
    let p = pos("8/8/8/3k4/3P4/8/8/5K2 b Tc3n,Td4n");
    let p = after(&p, "d5-d4");
    assert!(!p.in_check());
    let p = after(&p, "c3-e2");
    assert!(p.in_check());
    assert_eq!(
        moves(&p),
        [
            "d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"
        ]
    );
    let p = after(&p, "d4-c5");
    // Left alone, the Transmitter falls …
    assert!(moves(&after(&p, "f1-g1")).contains(&"c5-d4".to_string()));
    // … but with the King on e2 the Black King may not enter d4.
    let p = after(&p, "f1-e2");
    assert_eq!(p.to_text(), "8/8/8/2k5/8/8/4K3/8 b Te2n,Td4n");
    assert_eq!(
        moves(&p),
        [
            "c5-b4", "c5-b5", "c5-b6", "c5-c4", "c5-c6", "c5-d5", "c5-d6"
        ]
    );
}

#[test]
fn pawns_attack_through_the_transmitter() {
    // Black's pawn d5 could step onto its vacant chakra d4 and be carried to
    // g1, where the White King stands on Black's other chakra.
    let p = pos("8/8/8/3p4/8/8/8/k5K1 w td4n,tg1n");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["g1-f1", "g1-f2", "g1-g2", "g1-h1", "g1-h2"]);
    // Black's King a2 could step onto b3 and be carried to f4: White's King
    // may not take the pawn there.
    let p = pos("8/8/8/8/4Kp2/8/k7/8 w tb3n,tf4n");
    assert_eq!(
        moves(&p),
        ["e4-d3", "e4-d4", "e4-d5", "e4-e5", "e4-f3", "e4-f5"]
    );
    let p = pos("7k/8/8/8/4Kp2/8/8/8 w tb3n,tf4n");
    assert!(moves(&p).contains(&"e4-f4".to_string()));
}

#[test]
fn a_chakra_interposes_against_check_and_stops_the_slider() {
    let p = pos("k3q3/8/8/8/8/8/8/4K3 w Td3n,Th3n");
    assert!(p.in_check());
    assert_eq!(
        moves(&p),
        ["d3-e5", "d3-e5^", "e1-d1", "e1-d2", "e1-f1", "e1-f2"]
    );
    let p = after(&p, "d3-e5");
    assert!(!p.in_check());
    // The Queen may move onto the chakra but not over it, and takes nothing.
    let file: Vec<String> = moves_from(&p, "e8-e");
    assert_eq!(file, ["e8-e5", "e8-e6", "e8-e7"]);
}

#[test]
fn own_chakras_are_transparent_and_two_routes_are_one_move() {
    // The Queen reaches d4 and g4 directly (passing over her own chakras)
    // and through the Transmitter: each square is listed once.
    let p = pos("k7/8/8/8/8/8/8/3QK3 w Td4n,Tg4n");
    assert_eq!(
        moves_from(&p, "d1-"),
        [
            "d1-a1", "d1-a4", "d1-b1", "d1-b3", "d1-c1", "d1-c2", "d1-d2", "d1-d3", "d1-d4",
            "d1-d5", "d1-d6", "d1-d7", "d1-d8", "d1-e2", "d1-f3", "d1-g4", "d1-h5"
        ]
    );
    let mv = p.parse_move("d1-g4").expect("legal");
    assert_eq!(
        p.effects(mv),
        [Effect::Move {
            from: cell(&p, "d1"),
            to: cell(&p, "g4")
        }]
    );
}

#[test]
fn the_king_may_be_carried_through_an_attacked_entry() {
    // e2 is attacked by the Samurai (he stops on White's chakra, so d2 is
    // safe), yet the King may enter e2 and end on a6.
    let p = pos("k7/8/8/8/8/8/7s/4K3 w Ta6n,Te2n");
    assert_eq!(moves_from(&p, "e1-"), ["e1-a6", "e1-d1", "e1-d2", "e1-f1"]);
}

#[test]
fn a_pawn_promotes_through_the_transmitter() {
    // c3 steps onto c4 and is carried to f8, taking the Monk "the way it
    // moves", and must become a captured piece: only the Queen is missing.
    let p = pos("5m2/8/8/7k/8/2P5/8/SMCCKAA1 w Tc4n,Tf8n");
    assert_eq!(moves_from(&p, "c3-"), ["c3-c4", "c3-f8=Q"]);
    let mv = p.parse_move("c3-f8=Q").expect("legal");
    assert!(p.resets_move_clock(mv));
    assert_eq!(
        p.effects(mv),
        [
            Effect::Capture { at: cell(&p, "f8") },
            Effect::Transmit {
                from: cell(&p, "c3"),
                via: cell(&p, "c4"),
                to: cell(&p, "f8")
            },
            Effect::Transform {
                at: cell(&p, "f8"),
                letter: 'Q',
                state: ManState::Normal
            }
        ]
    );
    assert_eq!(
        after(&p, "c3-f8=Q").to_text(),
        "5Q2/8/8/7k/8/8/8/SMCCKAA1 b Tc4n,Tf8n"
    );
}

#[test]
fn promotion_only_to_captured_pieces() {
    // Queen and one Courtesan captured.
    let p = pos("8/1P5k/8/8/8/8/8/A1M1KSCA w -");
    assert_eq!(moves_from(&p, "b7-"), ["b7-b8=C", "b7-b8=Q"]);
    // Nothing captured: no move to the last rank, but a step onto the own
    // chakra b8 there may be carried to e4 without promoting.
    let p = pos("8/1P5k/8/8/8/8/8/ACMQKSCA w Tb8n,Te4n");
    assert_eq!(moves_from(&p, "b7-"), ["b7-e4"]);
    let p = pos("8/1P5k/8/8/8/8/8/ACM1KSCA w Tb8n,Te4n");
    assert_eq!(moves_from(&p, "b7-"), ["b7-b8=Q", "b7-e4"]);
}

#[test]
fn a_barred_pawn_still_gives_check() {
    // Nothing captured: g7 may not move to g8, f8 or h8 …
    let p = pos("k4s1s/6P1/8/8/8/8/8/ACMQKSCA w -");
    assert!(p.parse_move("g7-g8=Q").is_err());
    assert!(moves_from(&p, "g7-").is_empty());
    // … but it checks a King on h8.
    let p = pos("7k/6P1/8/8/8/8/8/ACMQKSCA b -");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["h8-g7", "h8-g8", "h8-h7"]);
}

#[test]
fn the_pass_and_its_limits() {
    // The Ape stands on its chakra c3 and covers the vacant e4: it may pass.
    let p = pos("7k/8/8/8/8/2A5/8/4K3 w Tc3n,Te4n");
    assert_eq!(
        moves_from(&p, "c3-"),
        [
            "c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-c3", "c3-d1", "c3-d5", "c3-e2", "c3-e4"
        ]
    );
    let mv = p.parse_move("c3-c3").expect("legal");
    assert!(!p.resets_move_clock(mv));
    let r = p.route(mv);
    assert_eq!(r.from, r.to);
    assert_eq!(
        p.effects(mv),
        [Effect::Transmit {
            from: cell(&p, "c3"),
            via: cell(&p, "e4"),
            to: cell(&p, "c3")
        }]
    );
    // A pawn may pass too; that moves nothing, so it is not a pawn move for
    // the fifty-move rule. On the seventh rank with nothing to promote to,
    // it may still pass over its chakra d8.
    let q = pos("7k/8/8/8/3P4/8/8/4K3 w Td4n,Td5n");
    assert_eq!(moves_from(&q, "d4-"), ["d4-d4", "d4-d5"]);
    assert!(!q.resets_move_clock(q.parse_move("d4-d4").expect("legal")));
    assert!(q.resets_move_clock(q.parse_move("d4-d5").expect("legal")));
    let q = pos("7k/3P4/8/8/8/8/8/ACMQKSCA w Td7n,Td8n");
    assert_eq!(moves_from(&q, "d7-"), ["d7-d7"]);
    let passed = after(&p, "c3-c3");
    assert_eq!(passed.to_text(), "7k/8/8/8/8/2A5/8/4K3 b Tc3n,Te4n");
    // In check the pass is illegal (it would leave the King in check), and
    // so are flips and chakra moves that do not interpose.
    let p = pos("7k/8/8/8/8/2A5/8/s3K3 w Tc3n,Te4n");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["c3-b1", "c3-d1", "e1-d2", "e1-e2", "e1-f2"]);
}

#[test]
fn a_king_captures_the_transmitter_and_a_piece_on_the_far_chakra_stays() {
    let p = pos("k7/8/8/8/4K3/8/7A/3S4 w td5n,th2n");
    assert_eq!(
        moves_from(&p, "e4-"),
        [
            "e4-d3", "e4-d4", "e4-d5", "e4-e3", "e4-e5", "e4-f3", "e4-f4", "e4-f5"
        ]
    );
    let mv = p.parse_move("e4-d5").expect("legal");
    assert!(p.resets_move_clock(mv));
    assert_eq!(
        p.effects(mv),
        [
            Effect::Move {
                from: cell(&p, "e4"),
                to: cell(&p, "d5")
            },
            Effect::Remove {
                at: cell(&p, "h2"),
                level: 0
            },
            Effect::Remove {
                at: cell(&p, "d5"),
                level: 0
            }
        ]
    );
    assert_eq!(after(&p, "e4-d5").to_text(), "k7/8/8/3K4/8/8/7A/3S4 b -");
    // Only a King captures it: the Samurai stops on the chakra, which stays.
    assert!(!moves(&p).contains(&"d1-d6".to_string()));
    let mv = p.parse_move("d1-d5").expect("legal");
    assert!(!p.resets_move_clock(mv));
    assert_eq!(
        after(&p, "d1-d5").to_text(),
        "k7/8/8/3S4/4K3/8/7A/8 b th2n,td5n"
    );
}

#[test]
fn a_king_on_his_own_chakra_protects_the_transmitter() {
    // Black's King stands on his chakra e8: White's King may not enter d4,
    // vacant …
    let p = pos("4k3/8/8/8/8/4K3/8/8 w td4n,te8n");
    assert_eq!(
        moves(&p),
        [
            "e3-d2", "e3-d3", "e3-e2", "e3-e4", "e3-f2", "e3-f3", "e3-f4"
        ]
    );
    // … or occupied by a Black piece.
    let p = pos("4k3/8/8/8/3a4/4K3/8/8 w td4n,te8n");
    assert_eq!(moves(&p), ["e3-d2", "e3-d3", "e3-e4", "e3-f2", "e3-f4"]);
    // Off his chakra, the Transmitter can be taken.
    let p = pos("5k2/8/8/8/8/4K3/8/8 w td4n,te8n");
    assert!(moves(&p).contains(&"e3-d4".to_string()));
}

#[test]
fn two_apes_and_the_transmitter_mate_a_lone_king() {
    // White's King on his chakra f6 protects the other one, g8: the Black
    // King may not take it, f7 checks, g5 covers h7, the King covers g7.
    let p = pos("7k/5A2/5K2/6A1/8/8/8/8 b Tf6n,Tg8n");
    assert!(p.in_check());
    let outcome = p.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Win(Side::WHITE));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    // Without the protection the King escapes by taking the Transmitter.
    let p = pos("7k/5A2/5K2/6A1/8/8/8/8 b Ta1n,Tg8n");
    assert_eq!(p.outcome(), None);
    assert_eq!(moves(&p), ["h8-g8"]);
}

#[test]
fn stalemate_is_a_draw() {
    let p = pos("7k/5Q2/8/8/8/8/8/K7 b -");
    let outcome = p.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(outcome.reason, EndReason::Stalemate);
}

#[test]
fn chakras_move_and_flip() {
    let p = Chakra::start(&());
    let flipped = after(&p, "a2^");
    // In king mode the chakra steps one square.
    let q = after(&flipped, "a7^");
    assert_eq!(
        q.to_text(),
        "acmqksca/1pppppp1/8/8/8/8/1PPPPPP1/ACMQKSCA w Ta2k,Th2n,ta7k,th7n"
    );
    assert_eq!(
        moves_from(&q, "a2-"),
        ["a2-a3", "a2-a3^", "a2-b3", "a2-b3^"]
    );
    let moved = after(&q, "a2-b3^");
    assert!(moved.to_text().ends_with(" b Th2n,Tb3n,ta7k,th7n"));
    let mv = q.parse_move("a2-b3^").expect("legal");
    assert!(!q.resets_move_clock(mv));
    assert_eq!(
        q.effects(mv),
        [
            Effect::Move {
                from: cell(&q, "a2"),
                to: cell(&q, "b3")
            },
            Effect::Flip { at: cell(&q, "b3") }
        ]
    );
    let mv = p.parse_move("a2^").expect("legal");
    assert_eq!(p.effects(mv), [Effect::Flip { at: cell(&p, "a2") }]);
    let r = p.route(mv);
    assert_eq!(r.from, r.to);
    // The hash covers the modes: same squares, same side, other modes.
    assert_ne!(q.hash(), p.hash());
    assert_eq!(q.hash(), q.hash_from_scratch());
}

// ---------------------------------------------------------------------------
// Text, notation, view, command line.

#[test]
fn position_text_round_trips_and_rejects_bad_text() {
    for text in [
        START,
        BUSY,
        "7k/5A2/5K2/6A1/8/8/8/8 b Tf6n,Tg8n",
        "7k/5Q2/8/8/8/8/8/K7 b -",
    ] {
        let p = pos(text);
        let again = pos(&p.to_text());
        assert_eq!(again, p);
        assert_eq!(again.to_text(), p.to_text());
    }
    // Any order of the chakras is read; they are written in one order.
    assert_eq!(
        pos("acmqksca/1pppppp1/8/8/8/8/1PPPPPP1/ACMQKSCA w th7n,Th2n,ta7n,Ta2n").to_text(),
        START
    );
    let board = "acmqksca/1pppppp1/8/8/8/8/1PPPPPP1/ACMQKSCA";
    let cases = [
        (
            format!("{board} w Ta2n,Ta2k,ta7n,th7n"),
            "two chakras on a2",
        ),
        (
            format!("{board} w Ta2n,ta2n,ta7n,th7n"),
            "two chakras on a2",
        ),
        (
            format!("{board} w Ta2n,Th2n,Tc3n,ta7n,th7n"),
            "White has 3 chakras",
        ),
        (format!("{board} w Ta2n,ta7n,th7n"), "White has 1 chakra;"),
        (format!("{board} w Ta2x,Th2n,ta7n,th7n"), "mode"),
        (
            format!("{board} w Ti2n,Th2n,ta7n,th7n"),
            "'i2' is not a square",
        ),
        (format!("{board} w Xa2n"), "must start with T"),
        (format!("{board} x -"), "side to move"),
        (format!("{board} w"), "expected 'pieces side chakras'"),
        ("acmqksca/8/8/8/8/8/8 w -".to_string(), "expected 8 ranks"),
        (
            "acmqksca/9/8/8/8/8/8/ACMQKSCA w -".to_string(),
            "'9' is not",
        ),
        ("acmqksca/8/8/8/8/8/8/ACMQKSCAA w -".to_string(), "rank 1"),
        (
            "acmqrsca/8/8/8/8/8/8/ACMQKSCA w -".to_string(),
            "'r' is not a Chakra piece",
        ),
        (
            "acmq1sca/8/8/8/8/8/8/ACMQKSCA w -".to_string(),
            "Black needs exactly one King",
        ),
        (
            "P6k/8/8/8/8/8/8/K7 w -".to_string(),
            "White pawn stands on its last rank",
        ),
        (
            "3k4/3Q4/8/8/8/8/8/K7 w -".to_string(),
            "Black is not to move but is in check",
        ),
    ];
    for (text, needle) in cases {
        match Chakra::from_text(&text, &()) {
            Ok(_) => panic!("'{text}' was accepted"),
            Err(e) => assert!(e.to_string().contains(needle), "'{text}': {e}"),
        }
    }
}

#[test]
fn mangled_position_text_is_rejected_or_read_consistently() {
    let alphabet: Vec<char> = "KQACMSPkqacmspTtnk0123456789/-, wbx^".chars().collect();
    let mut rng = Rng::new(99);
    for base in [START, BUSY, PROMOTING] {
        for _ in 0..3000 {
            let mut chars: Vec<char> = base.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(chars.len());
                let c = alphabet[rng.below(alphabet.len())];
                match rng.below(3) {
                    0 => chars[at] = c,
                    1 => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, c),
                }
            }
            let text: String = chars.into_iter().collect();
            if let Ok(p) = Chakra::from_text(&text, &()) {
                assert_eq!(pos(&p.to_text()), p, "{text}");
                assert_eq!(p.hash(), p.hash_from_scratch(), "{text}");
                let _ = p.outcome();
            }
        }
    }
}

#[test]
fn move_text_parses_and_bad_text_is_named() {
    let p = Chakra::start(&());
    for text in ["a2^", "a2-c3^", "a2-c3", "b1-h2", " e2-e3 "] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.move_text(mv), text.trim());
    }
    for (text, needle) in [
        ("e2-e9", "'e9' is not a square"),
        ("e2e3", "from-to"),
        ("b2-b3=K", "Q, S, M, C or A"),
        ("z9^", "'z9' is not a square"),
        ("e2-e5", "illegal"),
        ("b4^", "illegal"),
        ("a2-a2", "illegal"),
    ] {
        match p.parse_move(text) {
            Ok(mv) => panic!("'{text}' parsed as {mv:?}"),
            Err(e) => {
                assert!(e.to_string().contains(needle), "{text}: {e}");
                assert!(e.to_string().contains(text), "{text}: {e}");
            }
        }
    }
}

#[test]
fn the_view_shows_chakras_under_pieces() {
    let p = pos("7k/8/8/8/8/2A5/8/4K3 w Tc3n,Te4k");
    let layout = p.layout();
    assert_eq!(layout.cells.len(), 64);
    assert_eq!(layout.boards.len(), 1);
    assert_eq!(layout.boards[0].colours, 2);
    let a1 = &layout.cells[cell(&p, "a1") as usize];
    assert_eq!((a1.place, a1.colour), ([0.0, 0.0], 0));
    let h1 = &layout.cells[cell(&p, "h1") as usize];
    assert_eq!((h1.place, h1.colour), ([7.0, 0.0], 1));
    let mut seen: Vec<(String, char, ManState, u8)> = p
        .placements()
        .into_iter()
        .map(|pl| {
            (
                layout.cells[pl.cell as usize].name.clone(),
                pl.letter,
                pl.state,
                pl.level,
            )
        })
        .collect();
    seen.sort_by(|a, b| a.0.cmp(&b.0).then(a.3.cmp(&b.3)));
    assert_eq!(
        seen,
        [
            ("c3".to_string(), 'T', ManState::KnightMode, 0),
            ("c3".to_string(), 'A', ManState::Normal, 1),
            ("e1".to_string(), 'K', ManState::Normal, 0),
            ("e4".to_string(), 'T', ManState::KingMode, 0),
            ("h8".to_string(), 'K', ManState::Normal, 0),
        ]
    );
    // An Ape reaching e5 only through the Transmitter is shown transmitted.
    let p = pos("7k/8/8/8/8/2A5/8/4K3 w Tb5n,Te5n");
    let mv = p.parse_move("c3-e5").expect("legal");
    assert_eq!(
        p.effects(mv),
        [Effect::Transmit {
            from: cell(&p, "c3"),
            via: cell(&p, "b5"),
            to: cell(&p, "e5")
        }]
    );
    let r = p.route(mv);
    assert_eq!((r.from, r.to), (cell(&p, "c3"), cell(&p, "e5")));
}

fn variantarium(args: &[&str]) -> (i32, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn command_line_perft_and_moves() {
    assert_eq!(
        variantarium(&["perft", "--variant", "chakra", "--depth", "2"]),
        (0, "nodes 784\n".to_string())
    );
    let expected = [
        "a1-b3", "a2-b4", "a2-b4^", "a2-c3", "a2-c3^", "a2^", "b1-a2", "b1-h2", "b2-b3", "b2-b4",
        "c2-c3", "c2-c4", "d2-d3", "d2-d4", "e2-e3", "e2-e4", "f2-f3", "f2-f4", "g1-a2", "g1-h2",
        "g2-g3", "g2-g4", "h1-g3", "h2-f3", "h2-f3^", "h2-g4", "h2-g4^", "h2^",
    ];
    let mut lines = expected.join("\n");
    lines.push('\n');
    assert_eq!(variantarium(&["moves", "--variant", "chakra"]), (0, lines));
    let (code, out) = variantarium(&[
        "moves",
        "--variant",
        "chakra",
        "--position",
        "7k/5A2/5K2/6A1/8/8/8/8 b Tf6n,Tg8n",
    ]);
    assert_eq!((code, out.as_str()), (0, ""));
}

/// A deliberately simple, independent Chakra move generator written straight
/// from RULES.md §4: plain 8×8 arrays, everything recomputed, legality by
/// playing the move and asking whether any enemy move (Transmitter routes
/// included) could land on the King. It shares nothing with the fast
/// implementation except the position text format, which it parses and
/// writes itself.
mod reference {
    use std::collections::BTreeSet;

    pub type Sq = (i32, i32);

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Man {
        pub side: usize,
        pub kind: char,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Disc {
        pub side: usize,
        pub king_mode: bool,
    }

    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Ref {
        /// `pieces[x][y]`.
        pub pieces: [[Option<Man>; 8]; 8],
        pub chakras: [[Option<Disc>; 8]; 8],
        pub to_move: usize,
    }

    const KNIGHT: [Sq; 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const KING: [Sq; 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    const ROOK: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const START_COUNTS: [(char, usize); 5] = [('Q', 1), ('S', 1), ('M', 1), ('C', 2), ('A', 2)];

    pub fn name(s: Sq) -> String {
        format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
    }

    fn on_board(s: Sq) -> bool {
        (0..8).contains(&s.0) && (0..8).contains(&s.1)
    }

    fn all_squares() -> impl Iterator<Item = Sq> {
        (0..8).flat_map(|y| (0..8).map(move |x| (x, y)))
    }

    impl Ref {
        pub fn parse(text: &str) -> Ref {
            let fields: Vec<&str> = text.split(' ').collect();
            assert_eq!(fields.len(), 3, "reference parser: {text}");
            let mut r = Ref {
                pieces: [[None; 8]; 8],
                chakras: [[None; 8]; 8],
                to_move: if fields[1] == "w" { 0 } else { 1 },
            };
            for (row, rank) in fields[0].split('/').enumerate() {
                let y = 7 - row as i32;
                let mut x = 0;
                for c in rank.chars() {
                    if let Some(d) = c.to_digit(10) {
                        x += d as i32;
                    } else {
                        r.pieces[x as usize][y as usize] = Some(Man {
                            side: if c.is_ascii_uppercase() { 0 } else { 1 },
                            kind: c.to_ascii_uppercase(),
                        });
                        x += 1;
                    }
                }
            }
            if fields[2] != "-" {
                for item in fields[2].split(',') {
                    let b = item.as_bytes();
                    let x = (b[1] - b'a') as usize;
                    let y = (b[2] - b'1') as usize;
                    r.chakras[x][y] = Some(Disc {
                        side: if b[0] == b'T' { 0 } else { 1 },
                        king_mode: b[3] == b'k',
                    });
                }
            }
            r
        }

        pub fn text(&self) -> String {
            let mut ranks = Vec::new();
            for y in (0..8).rev() {
                let mut rank = String::new();
                let mut empty = 0;
                for x in 0..8 {
                    match self.pieces[x][y] {
                        None => empty += 1,
                        Some(m) => {
                            if empty > 0 {
                                rank += &empty.to_string();
                                empty = 0;
                            }
                            rank.push(if m.side == 0 {
                                m.kind
                            } else {
                                m.kind.to_ascii_lowercase()
                            });
                        }
                    }
                }
                if empty > 0 {
                    rank += &empty.to_string();
                }
                ranks.push(rank);
            }
            let mut discs = Vec::new();
            for side in 0..2 {
                for y in 0..8 {
                    for x in 0..8 {
                        if let Some(d) = self.chakras[x][y]
                            && d.side == side
                        {
                            discs.push(format!(
                                "{}{}{}",
                                if side == 0 { 'T' } else { 't' },
                                name((x as i32, y as i32)),
                                if d.king_mode { 'k' } else { 'n' }
                            ));
                        }
                    }
                }
            }
            format!(
                "{} {} {}",
                ranks.join("/"),
                if self.to_move == 0 { "w" } else { "b" },
                if discs.is_empty() {
                    "-".to_string()
                } else {
                    discs.join(",")
                }
            )
        }

        fn piece(&self, s: Sq) -> Option<Man> {
            self.pieces[s.0 as usize][s.1 as usize]
        }

        fn chakra(&self, s: Sq) -> Option<Disc> {
            self.chakras[s.0 as usize][s.1 as usize]
        }

        fn chakras_of(&self, side: usize) -> Vec<Sq> {
            all_squares()
                .filter(|&s| self.chakra(s).is_some_and(|d| d.side == side))
                .collect()
        }

        fn king_of(&self, side: usize) -> Sq {
            all_squares()
                .find(|&s| self.piece(s) == Some(Man { side, kind: 'K' }))
                .expect("a King")
        }

        /// A slider's squares from `from` along `dir`: onto and past empty
        /// squares, onto but not past an enemy chakra, onto an enemy piece.
        fn slide(&self, from: Sq, dir: Sq, side: usize, out: &mut Vec<Sq>) {
            let mut s = (from.0 + dir.0, from.1 + dir.1);
            while on_board(s) {
                match self.piece(s) {
                    Some(m) => {
                        if m.side != side {
                            out.push(s);
                        }
                        return;
                    }
                    None => {
                        out.push(s);
                        if self.chakra(s).is_some_and(|d| d.side != side) {
                            return;
                        }
                    }
                }
                s = (s.0 + dir.0, s.1 + dir.1);
            }
        }

        /// The Courtesan's lines beyond her King step: along a line on which
        /// she sees her own King, toward him up to the square before him
        /// (stopping on an enemy chakra) and away from him as a slider.
        fn courtesan_lines(&self, from: Sq, side: usize, out: &mut Vec<Sq>) {
            for d in ROOK.iter().chain(BISHOP.iter()) {
                // Does she see her King this way? Only pieces block sight.
                let mut s = (from.0 + d.0, from.1 + d.1);
                let mut sees = false;
                while on_board(s) {
                    if let Some(m) = self.piece(s) {
                        sees = m == Man { side, kind: 'K' };
                        break;
                    }
                    s = (s.0 + d.0, s.1 + d.1);
                }
                if !sees {
                    continue;
                }
                // Toward him, up to the square before him, stopping on an
                // enemy chakra.
                let mut s = (from.0 + d.0, from.1 + d.1);
                while self.piece(s).is_none() {
                    out.push(s);
                    if self.chakra(s).is_some_and(|c| c.side != side) {
                        break;
                    }
                    s = (s.0 + d.0, s.1 + d.1);
                }
                // Away from him, as a slider.
                self.slide(from, (-d.0, -d.1), side, out);
            }
        }

        /// Where the piece on `from` may go by its own move (no Transmitter),
        /// ignoring check, the promotion pool and the protected Transmitter.
        fn direct(&self, from: Sq) -> Vec<Sq> {
            let Some(me) = self.piece(from) else {
                return Vec::new();
            };
            let side = me.side;
            let mut out = Vec::new();
            let step = |out: &mut Vec<Sq>, deltas: &[Sq]| {
                for d in deltas {
                    let s = (from.0 + d.0, from.1 + d.1);
                    if on_board(s) && self.piece(s).is_none_or(|m| m.side != side) {
                        out.push(s);
                    }
                }
            };
            match me.kind {
                'K' => step(&mut out, &KING),
                'A' => step(&mut out, &KNIGHT),
                'Q' => {
                    for d in ROOK.iter().chain(BISHOP.iter()) {
                        self.slide(from, *d, side, &mut out);
                    }
                }
                'S' => {
                    step(&mut out, &KING);
                    for d in ROOK {
                        self.slide(from, d, side, &mut out);
                    }
                }
                'M' => {
                    step(&mut out, &KING);
                    for d in BISHOP {
                        self.slide(from, d, side, &mut out);
                    }
                }
                'C' => {
                    step(&mut out, &KING);
                    self.courtesan_lines(from, side, &mut out);
                }
                'P' => {
                    let dy = if side == 0 { 1 } else { -1 };
                    let f = (from.0, from.1 + dy);
                    if on_board(f) && self.piece(f).is_none() {
                        out.push(f);
                        // The double step from the second rank: the square
                        // passed over may hold an own chakra, not an enemy one.
                        let second = if side == 0 { 1 } else { 6 };
                        let f2 = (from.0, from.1 + 2 * dy);
                        if from.1 == second
                            && self.chakra(f).is_none_or(|c| c.side == side)
                            && self.piece(f2).is_none()
                        {
                            out.push(f2);
                        }
                    }
                    for dx in [-1, 1] {
                        let c = (from.0 + dx, from.1 + dy);
                        if on_board(c) && self.piece(c).is_some_and(|m| m.side != side) {
                            out.push(c);
                        }
                    }
                }
                _ => panic!("unknown piece"),
            }
            out
        }

        /// Direct squares plus Transmitter squares, and whether it may pass.
        fn reach(&self, from: Sq) -> (BTreeSet<Sq>, bool) {
            let Some(me) = self.piece(from) else {
                return (BTreeSet::new(), false);
            };
            let direct = self.direct(from);
            let mut all: BTreeSet<Sq> = direct.iter().copied().collect();
            let mut pass = false;
            let own = self.chakras_of(me.side);
            if own.len() == 2 {
                for (i, &a) in own.iter().enumerate() {
                    let b = own[1 - i];
                    if direct.contains(&a) && self.piece(a).is_none() {
                        if b == from {
                            pass = true;
                        } else if self.piece(b).is_none_or(|m| m.side != me.side) {
                            all.insert(b);
                        }
                    }
                }
            }
            (all, pass)
        }

        /// Whether `side` could land a piece on `target` (a capture there).
        pub fn attacks(&self, side: usize, target: Sq) -> bool {
            all_squares().any(|s| {
                self.piece(s).is_some_and(|m| m.side == side) && self.reach(s).0.contains(&target)
            })
        }

        pub fn in_check(&self) -> bool {
            self.attacks(1 - self.to_move, self.king_of(self.to_move))
        }

        fn pool(&self, side: usize) -> Vec<char> {
            START_COUNTS
                .iter()
                .filter(|(kind, start)| {
                    let on_board = all_squares()
                        .filter(|&s| self.piece(s) == Some(Man { side, kind: *kind }))
                        .count();
                    on_board < *start
                })
                .map(|(kind, _)| *kind)
                .collect()
        }

        fn finish(&self, mut next: Ref, text: String, out: &mut Vec<(String, Ref)>) {
            next.to_move = 1 - self.to_move;
            if !next.attacks(next.to_move, next.king_of(self.to_move)) {
                out.push((text, next));
            }
        }

        /// Every legal move with its text and the position after it.
        pub fn legal(&self) -> Vec<(String, Ref)> {
            let us = self.to_move;
            let them = 1 - us;
            let mut out = Vec::new();
            let their_chakras = self.chakras_of(them);
            let their_king = self.king_of(them);
            for from in all_squares() {
                let Some(me) = self.piece(from) else { continue };
                if me.side != us {
                    continue;
                }
                let (dests, pass) = self.reach(from);
                if pass {
                    self.finish(
                        self.clone(),
                        format!("{}-{}", name(from), name(from)),
                        &mut out,
                    );
                }
                for to in dests {
                    if me.kind == 'K'
                        && their_chakras.contains(&their_king)
                        && their_chakras.contains(&to)
                    {
                        continue; // the protected Transmitter
                    }
                    let mut next = self.clone();
                    next.pieces[from.0 as usize][from.1 as usize] = None;
                    let takes_transmitter = me.kind == 'K'
                        && self.piece(to).is_none()
                        && self.chakra(to).is_some_and(|d| d.side == them);
                    if takes_transmitter {
                        for c in &their_chakras {
                            next.chakras[c.0 as usize][c.1 as usize] = None;
                        }
                    }
                    let text = format!("{}-{}", name(from), name(to));
                    let last = if us == 0 { 7 } else { 0 };
                    if me.kind == 'P' && to.1 == last {
                        for kind in self.pool(us) {
                            let mut promoted = next.clone();
                            promoted.pieces[to.0 as usize][to.1 as usize] =
                                Some(Man { side: us, kind });
                            self.finish(promoted, format!("{text}={kind}"), &mut out);
                        }
                    } else {
                        next.pieces[to.0 as usize][to.1 as usize] = Some(me);
                        self.finish(next, text, &mut out);
                    }
                }
            }
            self.chakra_moves(&mut out);
            out
        }

        /// The side to move's Transmitter moves: a disc flipped, or stepped
        /// (as a King or a Knight, by its mode) to an empty cell, flipped or not.
        fn chakra_moves(&self, out: &mut Vec<(String, Ref)>) {
            let us = self.to_move;
            for from in self.chakras_of(us) {
                if self.piece(from).is_some() {
                    continue;
                }
                let disc = self.chakra(from).expect("a chakra");
                let mut flipped = self.clone();
                flipped.chakras[from.0 as usize][from.1 as usize] = Some(Disc {
                    king_mode: !disc.king_mode,
                    ..disc
                });
                self.finish(flipped, format!("{}^", name(from)), out);
                let deltas: &[Sq] = if disc.king_mode { &KING } else { &KNIGHT };
                for d in deltas {
                    let to = (from.0 + d.0, from.1 + d.1);
                    if !on_board(to) || self.piece(to).is_some() || self.chakra(to).is_some() {
                        continue;
                    }
                    for flip in [false, true] {
                        let mut next = self.clone();
                        next.chakras[from.0 as usize][from.1 as usize] = None;
                        next.chakras[to.0 as usize][to.1 as usize] = Some(Disc {
                            king_mode: disc.king_mode != flip,
                            ..disc
                        });
                        let text =
                            format!("{}-{}{}", name(from), name(to), if flip { "^" } else { "" });
                        self.finish(next, text, out);
                    }
                }
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.legal();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves.iter().map(|(_, next)| next.perft(depth - 1)).sum()
        }
    }
}

// ---------------------------------------------------------------------------
// Rule hints for the app.

mod hints {
    use super::*;
    use variantarium::rules::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::{Variant, VariantId};
    use variantarium::rules::view::{CellId, Hint, HintKind};

    fn sq(name: &str) -> CellId {
        cell(&Chakra::start(&()), name)
    }

    fn transmitter(a: &str, b: &str) -> Hint {
        Hint::Line {
            from: sq(a),
            to: sq(b),
            kind: HintKind::Transmitter,
            label: Some("Transmitter".into()),
        }
    }

    fn route(cells: &[&str], label: Option<&str>) -> Hint {
        Hint::Path {
            cells: cells.iter().map(|c| sq(c)).collect(),
            kind: HintKind::Route,
            label: label.map(String::from),
        }
    }

    fn note(at: &str, label: &str) -> Hint {
        Hint::Mark {
            at: sq(at),
            kind: HintKind::Note,
            label: label.into(),
        }
    }

    fn hints_of(p: &Chakra, text: &str) -> Vec<Hint> {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        p.move_hints(mv)
    }

    const THROUGH: Option<&str> = Some("through the Transmitter");

    #[test]
    fn selecting_a_piece_or_chakra_shows_its_sides_transmitter() {
        let p = Chakra::start(&());
        assert_eq!(p.selection_hints(sq("e1")), [transmitter("a2", "h2")]);
        assert_eq!(p.selection_hints(sq("a2")), [transmitter("a2", "h2")]);
        assert_eq!(p.selection_hints(sq("d8")), [transmitter("a7", "h7")]);
        for nothing in [sq("e4"), 64, 999, CellId::MAX] {
            assert_eq!(p.selection_hints(nothing), [], "{nothing}");
        }
        // A side whose Transmitter is captured shows none; a piece on an
        // enemy chakra shows its own side's.
        let p = pos("7k/8/8/8/3K4/8/8/8 w td4n,tg1n");
        assert_eq!(p.selection_hints(sq("d4")), []);
        assert_eq!(p.selection_hints(sq("g1")), [transmitter("g1", "d4")]);
    }

    #[test]
    fn a_double_step_through_the_transmitter_shows_its_route() {
        let p = pos("4k3/8/2a5/8/8/8/3P4/4K3 w Td4n,Tc6n");
        assert_eq!(hints_of(&p, "d2-c6"), [route(&["d2", "d4", "c6"], THROUGH)]);
        assert_eq!(hints_of(&p, "d2-d4"), [route(&["d2", "d4"], None)]);
    }

    #[test]
    fn move_hints_show_the_route_a_move_takes() {
        // The Ape reaches e5 only through b5; b5 itself directly.
        let p = pos("7k/8/8/8/8/2A5/8/4K3 w Tb5n,Te5n");
        assert_eq!(hints_of(&p, "c3-e5"), [route(&["c3", "b5", "e5"], THROUGH)]);
        assert_eq!(hints_of(&p, "c3-b5"), [route(&["c3", "b5"], None)]);
        assert_eq!(hints_of(&p, "c3-d1"), [route(&["c3", "d1"], None)]);
        // Two ways to one square are one move, shown direct.
        let p = pos("k7/8/8/8/8/8/8/3QK3 w Td4n,Tg4n");
        assert_eq!(hints_of(&p, "d1-g4"), [route(&["d1", "g4"], None)]);
        // A pass goes to the other chakra and back.
        let p = pos("7k/8/8/8/8/2A5/8/4K3 w Tc3n,Te4n");
        assert_eq!(
            hints_of(&p, "c3-c3"),
            [route(
                &["c3", "e4", "c3"],
                Some("pass: onto the other chakra and carried back")
            )]
        );
        // A pawn carried to the last rank and promoted.
        let p = pos("3m3k/8/8/8/8/2P5/8/4K3 w Tc4n,Td8n");
        let promote = moves_from(&p, "c3-d8=");
        assert!(!promote.is_empty());
        for text in promote {
            assert_eq!(hints_of(&p, &text), [route(&["c3", "c4", "d8"], THROUGH)]);
        }
        // Chakra moves and flips.
        let start = Chakra::start(&());
        assert_eq!(hints_of(&start, "a2-b4"), [route(&["a2", "b4"], None)]);
        assert_eq!(
            hints_of(&start, "a2-b4^"),
            [route(&["a2", "b4"], Some("then turns over"))]
        );
        assert_eq!(
            hints_of(&start, "a2^"),
            [note("a2", "turns over to king mode")]
        );
    }

    #[test]
    fn a_king_taking_the_transmitter_marks_both_chakras() {
        let p = pos("8/8/8/2k5/8/8/8/6K1 b Te2n,Td4n");
        let leave = "the King captures the Transmitter: both chakras leave";
        assert_eq!(
            hints_of(&p, "c5-d4"),
            [
                route(&["c5", "d4"], None),
                note("e2", leave),
                note("d4", leave)
            ]
        );
    }

    #[test]
    fn check_hints_include_checks_through_the_transmitter() {
        // The Black King on White's chakra c5: White's King could step onto
        // e2 and be carried there.
        let p = pos("8/8/8/2k5/8/2a5/8/5K2 b Tc5n,Te2n");
        assert!(p.in_check());
        let through = |cells: &[&str]| Hint::Path {
            cells: cells.iter().map(|c| sq(c)).collect(),
            kind: HintKind::Check,
            label: Some("through the Transmitter".into()),
        };
        assert_eq!(p.check_hints(), [through(&["f1", "e2", "c5"])]);
        // A pawn by its forward step onto d4, and a Queen straight down the
        // g file: two hints, attackers in square order.
        let p = pos("6q1/8/8/3p4/8/8/8/k5K1 w td4n,tg1n");
        assert_eq!(
            p.check_hints(),
            [
                through(&["d5", "d4", "g1"]),
                Hint::Line {
                    from: sq("g8"),
                    to: sq("g1"),
                    kind: HintKind::Check,
                    label: None
                }
            ]
        );
        // The Courtesan checks directly, down the line away from her King.
        let p = pos("3k4/8/3c4/8/8/8/3K4/8 w -");
        assert_eq!(
            p.check_hints(),
            [Hint::Line {
                from: sq("d6"),
                to: sq("d2"),
                kind: HintKind::Check,
                label: None
            }]
        );
        assert_eq!(Chakra::start(&()).check_hints(), []);
    }

    #[test]
    fn hints_agree_with_the_effects_along_random_games() {
        // Check hints exactly when in check; each piece move's route has the
        // Transmitter's middle square exactly when its effects transmit.
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let mut p = Chakra::start(&());
            for _ in 0..100 {
                assert_eq!(p.check_hints().is_empty(), !p.in_check(), "{}", p.to_text());
                for c in 0..70 {
                    let _ = p.selection_hints(c);
                }
                let mut list = Vec::new();
                p.legal_moves(&mut list);
                for &mv in &list {
                    let hints = p.move_hints(mv);
                    assert!(!hints.is_empty(), "{}", p.move_text(mv));
                    let transmit = p.effects(mv).into_iter().find_map(|e| match e {
                        Effect::Transmit { from, via, to } => Some(vec![from, via, to]),
                        _ => None,
                    });
                    if let Some(cells) = transmit {
                        assert_eq!(hints[0].cells(), cells, "{}", p.move_text(mv));
                    } else {
                        assert!(hints[0].cells().len() <= 2, "{}", p.move_text(mv));
                    }
                }
                if list.is_empty() {
                    break;
                }
                p.play(list[rng.below(list.len())]);
            }
        }
    }

    #[test]
    fn the_session_gives_routes_by_move_text() {
        let session = new_session(
            Variant::new(VariantId::Chakra),
            DrawRules::default(),
            Some("7k/8/8/8/8/2A5/8/4K3 w Tb5n,Te5n"),
        )
        .expect("a valid position");
        assert_eq!(
            session.move_hints("c3-e5"),
            [route(&["c3", "b5", "e5"], THROUGH)]
        );
        assert_eq!(session.move_hints("c3-e6"), [], "not legal");
        assert_eq!(session.move_hints("nonsense"), []);
        assert_eq!(session.selection_hints(sq("c3")), [transmitter("b5", "e5")]);
        assert_eq!(session.check_hints(), []);
        let checked = new_session(
            Variant::new(VariantId::Chakra),
            DrawRules::default(),
            Some("8/8/8/2k5/8/2a5/8/5K2 b Tc5n,Te2n"),
        )
        .expect("a valid position");
        assert_eq!(checked.check_hints().len(), 1);
        assert!(checked.in_check());
    }
}
