//! Three-player Anglojewish Chess (RULES.md §3, "Three-player Anglojewish
//! Chess"): perft from every start against the issue's table, an
//! independent slow statement of the rules ([`reference`]) on random games,
//! and one test per rule: elimination, the pass, two players left, en
//! passant by the next player only, each army's pawns, the mixed-bird Rook,
//! rotation, the position text and the status lines.

use variantarium::rules::geometry::hex::HexGrid;
use variantarium::rules::hexchess::{HexChess3, HexOptions, Kind};
use variantarium::rules::perft::{divide, perft};
use variantarium::rules::random::Rng;
use variantarium::rules::selfcheck::random_playouts;
use variantarium::rules::variant::{PawnKind, Promotion, VariantId};
use variantarium::rules::{
    DrawRules, EndReason, Game, GameResult, Position, Side, multi_player_status,
};

const IDS: [VariantId; 4] = [
    VariantId::AjGlinski3p,
    VariantId::AjGlinskiMixed3p,
    VariantId::AjMcCooey3p,
    VariantId::AjMcCooeyMixed3p,
];
const RED: Side = Side(2);
const WHITE: Side = Side::WHITE;
const BLACK: Side = Side::BLACK;

pub(crate) fn opts(id: VariantId, pawn: Option<PawnKind>) -> HexOptions {
    HexOptions::for_variant(id, pawn).expect("a hex id")
}

pub(crate) fn mixed() -> HexOptions {
    opts(VariantId::AjGlinskiMixed3p, None)
}

/// The position text of these men (`("f10", "bG")`), mover `r`/`w`/`b`
/// and en-passant field.
fn text_of(men: &[(&str, &str)], mover: char, ep: &str) -> String {
    let grid = HexGrid::LARGE;
    let files: Vec<String> = (0..11i8)
        .map(|f| {
            let diff = f - 5;
            let mut out = String::new();
            let mut empty = 0;
            for low in 0..11i8 {
                let (l, n) = if diff >= 0 {
                    (low + diff, low)
                } else {
                    (low, low - diff)
                };
                let Some(cell) = grid.index(l, n) else {
                    continue;
                };
                match men.iter().find(|(name, _)| grid.parse(name) == Some(cell)) {
                    Some((_, man)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(man);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {mover} {ep}", files.join("/"))
}

pub(crate) fn setup(options: HexOptions, men: &[(&str, &str)], mover: char) -> HexChess3 {
    let text = text_of(men, mover, "-");
    HexChess3::from_text(&text, &options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(pos: &HexChess3) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut t: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    t.sort();
    t
}

fn play(pos: &mut HexChess3, text: &str) {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_text()));
    pos.play(mv);
}

fn man(pos: &HexChess3, cell: &str) -> Option<(Kind, Side)> {
    pos.piece_at(pos.grid().parse(cell).expect("a cell"))
}

// ---------------------------------------------------------------- perft

/// The issue's reference counts from the start, default pawn.
const PERFT: [(VariantId, [u64; 4]); 4] = [
    (VariantId::AjGlinski3p, [36, 1_297, 45_565, 1_717_190]),
    (VariantId::AjGlinskiMixed3p, [37, 1_371, 49_568, 1_904_464]),
    (VariantId::AjMcCooey3p, [32, 1_014, 31_455, 1_051_522]),
    (VariantId::AjMcCooeyMixed3p, [32, 1_014, 31_455, 1_050_753]),
];

#[test]
fn perft_from_every_start_as_the_issue_lists() {
    for (id, counts) in PERFT {
        for (depth, &nodes) in counts.iter().enumerate() {
            let mut pos = HexChess3::start(&opts(id, None));
            assert_eq!(
                perft(&mut pos, depth as u32 + 1),
                nodes,
                "{id} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn perft_by_pawn_kind_as_the_issue_lists() {
    let table = [
        (PawnKind::Point, [36, 1_297, 45_565]),
        (PawnKind::Migrant, [36, 1_297, 45_565]),
        (PawnKind::Broker, [46, 2_113, 94_805]),
        (PawnKind::Corporal, [36, 1_306, 46_454]),
    ];
    for (pawn, counts) in table {
        for (depth, &nodes) in counts.iter().enumerate() {
            let mut pos = HexChess3::start(&opts(VariantId::AjGlinski3p, Some(pawn)));
            assert_eq!(
                perft(&mut pos, depth as u32 + 1),
                nodes,
                "{pawn:?} depth {}",
                depth + 1
            );
        }
    }
}

/// The start with White (or Black) to move in Red's place: every army is
/// Red's turned, so the counts are Red's, and White's moves are Red's
/// turned by 120° (Black's by 240°).
#[test]
fn every_army_is_reds_turned() {
    for id in IDS {
        for pawn in PawnKind::ALL {
            let options = opts(id, Some(pawn));
            let start = HexChess3::start(&options);
            let text = start.to_text();
            let red_moves = texts(&start);
            for (mover, sixths) in [('w', 2u8), ('b', 4u8)] {
                let other = text.replace(" r -", &format!(" {mover} -"));
                let mut pos = HexChess3::from_text(&other, &options).expect("valid");
                let grid = pos.grid();
                let turned: Vec<String> = red_moves
                    .iter()
                    .map(|m| {
                        let (cells, promo) = m.split_at(m.find('=').unwrap_or(m.len()));
                        let (a, b) = cells.split_once('-').expect("from-to");
                        let t = |c: &str| {
                            let cell = grid.rotate_cell(grid.parse(c).unwrap(), sixths).unwrap();
                            grid.name(cell)
                        };
                        format!("{}-{}{promo}", t(a), t(b))
                    })
                    .collect();
                let mut turned = turned;
                turned.sort();
                assert_eq!(texts(&pos), turned, "{id} {pawn:?} {mover}");
                for depth in 1..=3 {
                    let mut red = start.clone();
                    assert_eq!(
                        perft(&mut pos, depth),
                        perft(&mut red, depth),
                        "{id} {pawn:?}"
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------- reference

/// Random games, every id and pawn kind: the legal moves, check and the
/// men after each move (eliminations included) agree with the reference.
#[test]
fn random_games_agree_with_the_reference() {
    let mut compared = 0;
    let mut eliminations = 0;
    for id in IDS {
        for pawn in PawnKind::ALL {
            let options = opts(id, Some(pawn));
            let mut rng = Rng::new(0x3A7C ^ (id as u64) << 4 ^ pawn as u64);
            for _ in 0..4 {
                let mut pos = HexChess3::start(&options);
                for _ in 0..160 {
                    let r = reference::Ref::parse(&pos.to_text(), &options);
                    let mine = texts(&pos);
                    assert_eq!(mine, r.legal_texts(), "{id} {pawn:?} {}", pos.to_text());
                    if pos.players_in_game() >= 2 && !mine.is_empty() {
                        assert_eq!(pos.in_check(), r.in_check(), "{}", pos.to_text());
                    }
                    compared += 1;
                    if mine.is_empty() {
                        break;
                    }
                    let text = &mine[rng.below(mine.len())];
                    let players = pos.players_in_game();
                    play(&mut pos, text);
                    eliminations += usize::from(pos.players_in_game() < players);
                    let expected = r.legal().into_iter().find(|(t, _)| t == text).unwrap().1;
                    assert_eq!(pos.to_text(), expected.to_text(), "after {text}");
                }
            }
        }
    }
    assert!(compared > 5000, "{compared}");
    assert!(eliminations > 0, "random games should see an elimination");
}

#[test]
fn perft_3_agrees_with_the_reference_from_every_start() {
    for id in IDS {
        let options = opts(id, None);
        let mut pos = HexChess3::start(&options);
        let r = reference::Ref::parse(&pos.to_text(), &options);
        assert_eq!(perft(&mut pos, 3), r.perft(3), "{id}");
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    for id in IDS {
        for pawn in PawnKind::ALL {
            let start = HexChess3::start(&opts(id, Some(pawn)));
            random_playouts(&start, 12, 300, 0x3A7C ^ id as u64 ^ (pawn as u64) << 8)
                .unwrap_or_else(|e| panic!("{id} {pawn:?}: {e}"));
        }
    }
}

// ---------------------------------------------------------------- straight-promotee

fn opts_promotion(id: VariantId, promotion: Promotion) -> HexOptions {
    opts(id, None)
        .with_promotion(promotion)
        .expect("an Anglojewish game")
}

/// Each army's men at the cells of Red's view turned with the army:
/// `red_view` as Red's, turned 120° for White and 240° for Black.
fn turned_men(red_view: &[(&str, char)]) -> Vec<(String, String)> {
    let grid = HexGrid::LARGE;
    let mut men = Vec::new();
    for (owner, sixths) in [('r', 0u8), ('w', 2), ('b', 4)] {
        for &(name, letter) in red_view {
            let cell = grid.parse(name).expect("a cell");
            let turned = grid.rotate_cell(cell, sixths).expect("on the board");
            men.push((grid.name(turned), format!("{owner}{letter}")));
        }
    }
    men
}

fn setup_turned(options: HexOptions, red_view: &[(&str, char)], mover: char) -> HexChess3 {
    let men = turned_men(red_view);
    let refs: Vec<(&str, &str)> = men.iter().map(|(c, m)| (c.as_str(), m.as_str())).collect();
    setup(options, &refs, mover)
}

/// Red's view of a position where every army has a pawn promotion, curved
/// riders one move from its own promotion zone or on it (the Rabbi on d9
/// reaches a6 and h9), and a capture onto it (the Cohen on g9 takes the
/// next army's Sennight, turned onto c8).
const PROMOTION_VIEW: [(&str, char); 6] = [
    ("g1", 'G'),
    ("f10", 'F'),
    ("d9", 'B'),
    ("g9", 'C'),
    ("e9", 'P'),
    ("d1", 'S'),
];

#[test]
fn straight_promotee_divide_agrees_with_the_reference() {
    for promotion in Promotion::ALL {
        let o = opts_promotion(VariantId::AjGlinski3p, promotion);
        let mut start = HexChess3::start(&o);
        let r = reference::Ref::parse(&start.to_text(), &o);
        assert_eq!(divide(&mut start, 3), r.divide(3), "{promotion:?} start");
        for mover in ['r', 'w', 'b'] {
            let mut pos = setup_turned(o, &PROMOTION_VIEW, mover);
            if promotion == Promotion::StraightCurved && mover == 'r' {
                let moves = texts(&pos);
                for m in ["d9-a6=U", "d9-h9=U", "g9-c8=Q", "g9-c8", "f10-f11=R"] {
                    assert!(moves.iter().any(|x| x == m), "{m}: {moves:?}");
                }
            }
            let r = reference::Ref::parse(&pos.to_text(), &o);
            let ours = divide(&mut pos, 3);
            assert_eq!(ours, r.divide(3), "{promotion:?} {}", pos.to_text());
            let promoting = ours.iter().filter(|(m, _)| m.contains('=')).count();
            let expected = if promotion == Promotion::StraightCurved {
                4 + 9
            } else {
                4
            };
            assert!(promoting >= expected, "{promotion:?} {mover}: {ours:?}");
        }
    }
}

/// Each army promotes on its own zone, turned with it: a White Finch on
/// Red's edge stays a Finch, on White's own edge it may become a Rook; a
/// White pawn promotes to the straight set on White's edge.
#[test]
fn three_player_zones_turn_with_each_army() {
    let o = opts_promotion(VariantId::AjGlinski3p, Promotion::StraightCurved);
    let grid = HexGrid::LARGE;
    let turn = |name: &str, sixths: u8| {
        grid.name(grid.rotate_cell(grid.parse(name).unwrap(), sixths).unwrap())
    };
    for (mover, sixths) in [('r', 0u8), ('w', 2), ('b', 4)] {
        let owner = |letter: char| format!("{mover}{letter}");
        // Red's f10 and f11, turned into this army's own view.
        let (from, to) = (turn("f10", sixths), turn("f11", sixths));
        let pawn = turn("e9", sixths);
        let mut men = vec![
            ("g1".to_string(), "rG".to_string()),
            ("k7".to_string(), "wG".to_string()),
            ("a5".to_string(), "bG".to_string()),
        ];
        men.push((from.clone(), owner('F')));
        men.push((pawn.clone(), owner('P')));
        let refs: Vec<(&str, &str)> = men.iter().map(|(c, m)| (c.as_str(), m.as_str())).collect();
        let pos = setup(o, &refs, mover);
        let moves = texts(&pos);
        assert!(
            moves.contains(&format!("{from}-{to}=R")),
            "{mover}: {moves:?}"
        );
        let pawn_to = turn("e10", sixths);
        let promoted: Vec<String> = ["Q", "R", "S", "U"]
            .iter()
            .map(|l| format!("{pawn}-{pawn_to}={l}"))
            .collect();
        let pawn_moves: Vec<String> = moves
            .iter()
            .filter(|m| m.starts_with(&format!("{pawn}-")))
            .cloned()
            .collect();
        assert_eq!(pawn_moves, promoted, "{mover}");
        // Every promoting Finch move ends on this army's own zone.
        for m in moves
            .iter()
            .filter(|m| m.ends_with("=R") && m.starts_with(&from))
        {
            let target = m[from.len() + 1..m.len() - 2].to_string();
            let cell = grid.parse(&target).unwrap();
            let side = match mover {
                'r' => RED,
                'w' => WHITE,
                _ => BLACK,
            };
            assert_eq!(pos.promotion_distance(cell, side), 0, "{m}");
        }
        assert_eq!(
            moves,
            reference::Ref::parse(&pos.to_text(), &o).legal_texts()
        );
    }
    // Under straight, the same Finches stay what they are.
    let o = opts_promotion(VariantId::AjGlinski3p, Promotion::Straight);
    let men = [("g1", "rG"), ("k7", "wG"), ("a5", "bG"), ("f10", "rF")];
    let pos = setup(o, &men, 'r');
    assert!(texts(&pos).iter().all(|m| !m.contains('=')));
}

/// A Unicorn and a Queen of another player give check in three-player
/// games too.
#[test]
fn three_player_unicorn_and_queen_give_check() {
    let o = opts_promotion(VariantId::AjGlinski3p, Promotion::Straight);
    // g7 is a diagonal step (2, 1) from f6; f8 two orthogonal steps.
    let unicorn = [("g7", "rG"), ("f6", "wU"), ("k7", "wG"), ("a5", "bG")];
    let pos = setup(o, &unicorn, 'r');
    assert!(pos.in_check());
    assert!(reference::Ref::parse(&pos.to_text(), &o).in_check());
    let queen = [("f8", "rG"), ("f6", "bQ"), ("k7", "wG"), ("a5", "bG")];
    let pos = setup(o, &queen, 'r');
    assert!(pos.in_check());
    assert_eq!(
        texts(&pos),
        reference::Ref::parse(&pos.to_text(), &o).legal_texts()
    );
}

#[test]
fn straight_promotee_random_games_agree_with_the_reference() {
    let mut compared = 0;
    for id in [VariantId::AjGlinski3p, VariantId::AjMcCooeyMixed3p] {
        for promotion in [Promotion::Straight, Promotion::StraightCurved] {
            let options = opts_promotion(id, promotion);
            let mut rng = Rng::new(0x5712 ^ (id as u64) << 4 ^ promotion as u64);
            for _ in 0..3 {
                let mut pos = HexChess3::start(&options);
                for _ in 0..150 {
                    let r = reference::Ref::parse(&pos.to_text(), &options);
                    let mine = texts(&pos);
                    assert_eq!(
                        mine,
                        r.legal_texts(),
                        "{id} {promotion:?} {}",
                        pos.to_text()
                    );
                    compared += 1;
                    if mine.is_empty() {
                        break;
                    }
                    let text = &mine[rng.below(mine.len())];
                    play(&mut pos, text);
                    let expected = r.legal().into_iter().find(|(t, _)| t == text).unwrap().1;
                    assert_eq!(pos.to_text(), expected.to_text(), "after {text}");
                }
            }
        }
    }
    assert!(compared > 1000, "{compared}");
}

#[test]
fn random_playouts_with_the_straight_promotee_options() {
    for id in IDS {
        for promotion in [Promotion::Straight, Promotion::StraightCurved] {
            let start = HexChess3::start(&opts_promotion(id, promotion));
            random_playouts(&start, 8, 300, 0x5712 ^ id as u64 ^ (promotion as u64) << 8)
                .unwrap_or_else(|e| panic!("{id} {promotion:?}: {e}"));
        }
    }
}

// ---------------------------------------------------------------- start and text

#[test]
fn start_text_and_the_three_armies() {
    let start = HexChess3::start(&opts(VariantId::AjGlinski3p, None));
    assert_eq!(
        start.to_text(),
        "1bPbFbSbGbB/rP1bP2bBbC/rFrP1bP1bB1bS/rS1rP1bP3bF/rC2rP1bPbPbPbPbP/rBrBrB1rP6/\
         rG2rP1wPwPwPwPwP/rS1rP1wP3wF/rFrP1wP1wB1wS/rP1wP2wBwG/1wPwFwSwCwB r -"
    );
    assert_eq!(start.side_to_move(), RED);
    // RULES.md: Red's General g1, White's k7, Black's a5.
    assert_eq!(man(&start, "g1"), Some((Kind::General, RED)));
    assert_eq!(man(&start, "k7"), Some((Kind::General, WHITE)));
    assert_eq!(man(&start, "a5"), Some((Kind::General, BLACK)));
    assert_eq!(start.men().count(), 3 * 18);
}

/// The mixed-bird Rook is the one nearest each army's General: Red's i1,
/// turned to h9 (White) and a3 (Black); the other Finches stay.
#[test]
fn mixed_bird_rook_of_each_army() {
    for id in [VariantId::AjGlinskiMixed3p, VariantId::AjMcCooeyMixed3p] {
        let start = HexChess3::start(&opts(id, None));
        let grid = start.grid();
        let rooks: Vec<(u8, Side)> = start
            .men()
            .filter(|m| m.1 == Kind::Rook)
            .map(|m| (m.0, m.2))
            .collect();
        assert_eq!(rooks.len(), 3, "{id}");
        for (cell, side) in rooks {
            let general = start.general(side).unwrap();
            let finch_distance = start
                .men()
                .filter(|m| m.1 == Kind::Finch && m.2 == side)
                .map(|m| hex_distance(grid, m.0, general))
                .min()
                .unwrap();
            assert!(
                hex_distance(grid, cell, general) < finch_distance,
                "{id} {side:?}"
            );
        }
    }
    let glinski = HexChess3::start(&mixed());
    assert_eq!(man(&glinski, "i1"), Some((Kind::Rook, RED)));
    assert_eq!(man(&glinski, "h9"), Some((Kind::Rook, WHITE)));
    assert_eq!(man(&glinski, "a3"), Some((Kind::Rook, BLACK)));
    assert_eq!(man(&glinski, "c1"), Some((Kind::Finch, RED)));
    assert_eq!(man(&glinski, "l3"), Some((Kind::Finch, WHITE)));
}

fn hex_distance(grid: HexGrid, a: u8, b: u8) -> i8 {
    let (al, an) = grid.coords(a).unwrap();
    let (bl, bn) = grid.coords(b).unwrap();
    let (dl, dn) = (bl - al, bn - an);
    if dl.signum() == dn.signum() {
        dl.abs().max(dn.abs())
    } else {
        dl.abs() + dn.abs()
    }
}

#[test]
fn position_text_refusals() {
    let options = mixed();
    let ok = [("g1", "rG"), ("k7", "wG"), ("a5", "bG")];
    assert!(HexChess3::from_text(&text_of(&ok, 'r', "-"), &options).is_ok());
    let refused: Vec<(String, &str)> = vec![
        (
            text_of(&[("k7", "wG"), ("a5", "bG")], 'r', "-"),
            "no General",
        ),
        (text_of(&[("g1", "rG")], 'r', "-"), "no other player"),
        (
            text_of(&[("g1", "rG"), ("k7", "wG"), ("a4", "bP")], 'r', "-"),
            "men but no General",
        ),
        (
            text_of(&[("g1", "rG"), ("g2", "rG"), ("k7", "wG")], 'r', "-"),
            "two Generals",
        ),
        // Red to move attacks Black's General with the Rook on f2.
        (
            text_of(
                &[("g1", "rG"), ("f2", "rR"), ("f10", "bG"), ("k7", "wG")],
                'r',
                "-",
            ),
            "attacks",
        ),
        (text_of(&ok, 'x', "-"), "r, w or b"),
        (text_of(&ok, 'r', "f6"), "en-passant"),
        (
            text_of(
                &[("g1", "rG"), ("k7", "wG"), ("a5", "bG"), ("f11", "rP")],
                'r',
                "-",
            ),
            "promotion",
        ),
        (text_of(&ok, 'r', "-").replace("rG", "rX"), "not a piece"),
        (text_of(&ok, 'r', "-").replace("rG", "G"), "owner"),
    ];
    for (text, why) in refused {
        let err = HexChess3::from_text(&text, &options).expect_err(&text);
        assert!(err.to_string().contains(why), "{text}: {err}");
    }
    // A valid en-passant field: Red's previous player, Black, double-stepped
    // its centre pawn e6-g5 over f6.
    let ep = text_of(
        &[("g1", "rG"), ("k7", "wG"), ("a5", "bG"), ("g5", "bP")],
        'r',
        "f6",
    );
    let pos = HexChess3::from_text(&ep, &options).expect("Black's double step e6-g5");
    assert_eq!(pos.en_passant(), pos.grid().parse("f6"));
}

// ---------------------------------------------------------------- elimination

/// Red's Sennight leaves the f-file: White's Rook on f2 then attacks
/// Black's General on f10, and Black leaves the board before White moves.
#[test]
fn elimination_by_uncovering_a_line() {
    let mut pos = setup(
        mixed(),
        &[
            ("b1", "rG"),
            ("f6", "rS"),
            ("l1", "wG"),
            ("f2", "wR"),
            ("f10", "bG"),
            ("c6", "bS"),
        ],
        'r',
    );
    let mv = pos.parse_move("f6-g8").unwrap();
    let effects = pos.effects(mv);
    pos.play(mv);
    assert_eq!(pos.side_to_move(), WHITE, "White, who checkmated, moves");
    assert!(!pos.in_game(BLACK));
    assert_eq!(pos.players_in_game(), 2);
    assert!(pos.men().all(|m| m.2 != BLACK), "{}", pos.to_text());
    // The app sees both Black men leave.
    let grid = pos.grid();
    for cell in ["f10", "c6"] {
        let at = grid.parse(cell).unwrap().into();
        assert!(
            effects.contains(&variantarium::rules::Effect::Capture { at }),
            "{cell}"
        );
    }
    assert_eq!(
        multi_player_status(&pos, pos.outcome()),
        Some(["ongoing".to_string(), "eliminated: black".to_string()])
    );
}

/// Black's removal opens White's second Rook onto Red's General: both go
/// at once, White is left alone and wins.
#[test]
fn a_chain_of_two_eliminations() {
    let mut pos = setup(
        mixed(),
        &[
            ("b1", "rG"),
            ("f6", "rS"),
            ("l1", "wG"),
            ("f2", "wR"),
            ("g5", "wR"),
            ("f10", "bG"),
            ("d3", "bS"),
        ],
        'r',
    );
    let before = pos.clone();
    let mv = pos.parse_move("f6-g8").unwrap();
    let undo = pos.play(mv);
    assert_eq!(pos.players_in_game(), 1);
    assert!(pos.in_game(WHITE) && !pos.in_game(RED) && !pos.in_game(BLACK));
    let outcome = pos.outcome().expect("over");
    assert_eq!(outcome.result, GameResult::Win(WHITE));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert!(texts(&pos).is_empty());
    assert_eq!(
        multi_player_status(&pos, Some(outcome)),
        Some([
            "white wins checkmate".to_string(),
            "eliminated: red, black".to_string()
        ])
    );
    pos.undo(mv, undo);
    assert_eq!(pos, before);
    assert_eq!(pos.hash(), before.hash());
}

/// Red's General on a1 is attacked and every flight is covered: Red's only
/// move is `pass`; then White, next, attacks it and Red is eliminated.
#[test]
fn the_forced_pass_then_elimination() {
    let mut pos = setup(
        mixed(),
        &[
            ("a1", "rG"),
            ("l1", "wG"),
            ("a6", "wR"),
            ("b7", "wR"),
            ("k7", "bG"),
        ],
        'r',
    );
    assert!(pos.in_check());
    assert_eq!(texts(&pos), ["pass"]);
    assert_eq!(pos.count_legal_moves(), 1);
    assert_eq!(pos.outcome(), None, "a pass is a move: the game goes on");
    let mut counted = pos.clone();
    assert_eq!(perft(&mut counted, 1), 1);
    play(&mut pos, "pass");
    assert_eq!(pos.side_to_move(), WHITE);
    assert!(!pos.in_game(RED));
    assert_eq!(pos.players_in_game(), 2);
}

/// From the start: Red's Sennight and Black's close in on White's General
/// (k7), hemmed in by its own men; White must pass and Black, next,
/// eliminates it (the line the screenshot of an elimination plays).
#[test]
fn a_pass_then_elimination_from_the_start() {
    let mut pos = HexChess3::start(&opts(VariantId::AjGlinski3p, None));
    for mv in ["h1-i3", "g10-f10", "c6-g7", "i3-l4"] {
        play(&mut pos, mv);
    }
    assert_eq!(pos.side_to_move(), WHITE);
    assert!(pos.in_check());
    assert_eq!(texts(&pos), ["pass"]);
    play(&mut pos, "pass");
    assert_eq!(pos.side_to_move(), BLACK);
    assert!(!pos.in_game(WHITE));
    assert_eq!(pos.men().filter(|m| m.2 == WHITE).count(), 0);
    assert_eq!(pos.men().count(), 2 * 18);
}

/// A player not in check but without a move passes too; this pass
/// eliminates nobody.
#[test]
fn the_pass_itself() {
    // Red's General on a1: b1 and b2 covered by the Rook on b7, a2 by the
    // Rook on c4; a1 itself is not attacked. Red's pawn on h5 is blocked.
    let mut pos = setup(
        mixed(),
        &[
            ("a1", "rG"),
            ("h5", "rP"),
            ("h6", "wP"),
            ("l1", "wG"),
            ("b7", "wR"),
            ("c4", "bR"),
            ("k7", "bG"),
        ],
        'r',
    );
    assert!(!pos.in_check());
    assert_eq!(texts(&pos), ["pass"]);
    let mv = pos.parse_move("pass").unwrap();
    assert_eq!(
        pos.route(mv).from,
        u16::from(pos.grid().parse("a1").unwrap())
    );
    assert!(pos.parse_move("a1-a2").is_err());
    play(&mut pos, "pass");
    assert_eq!(pos.side_to_move(), WHITE);
    assert_eq!(pos.players_in_game(), 3, "nobody attacks Red's General");
}

// ---------------------------------------------------------------- two players left

#[test]
fn two_players_left_checkmate_and_stalemate() {
    // Red is out; White on a1 is checked by the Rook on a6 and covered by
    // the one on b7: checkmate, Black wins, and no pass.
    let mate = setup(
        mixed(),
        &[("a1", "wG"), ("a6", "bR"), ("b7", "bR"), ("k7", "bG")],
        'w',
    );
    assert!(mate.in_check());
    assert!(texts(&mate).is_empty());
    let outcome = mate.outcome().expect("checkmate");
    assert_eq!(outcome.result, GameResult::Win(BLACK));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(
        multi_player_status(&mate, Some(outcome)),
        Some([
            "black wins checkmate".to_string(),
            "eliminated: red, white".to_string()
        ])
    );
    // Not in check and no move: a draw between the two left.
    let stale = setup(
        mixed(),
        &[("a1", "wG"), ("c4", "bR"), ("b7", "bR"), ("k7", "bG")],
        'w',
    );
    assert!(!stale.in_check());
    assert!(texts(&stale).is_empty());
    let outcome = stale.outcome().expect("stalemate");
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(outcome.reason, EndReason::Stalemate);
    assert_eq!(
        multi_player_status(&stale, Some(outcome)),
        Some([
            "draw between white and black stalemate".to_string(),
            "eliminated: red".to_string()
        ])
    );
}

/// With two left, check is as in the two-player game: a move leaving the
/// General attacked is illegal, and nobody is eliminated by a move.
#[test]
fn two_players_left_play_as_two() {
    let pos = setup(
        mixed(),
        &[("f6", "wG"), ("f9", "bR"), ("k7", "bG"), ("a1", "wR")],
        'w',
    );
    assert!(pos.in_check());
    assert!(
        texts(&pos)
            .iter()
            .all(|m| m.starts_with("f6-") && m != "f6-f7" && m != "f6-f5")
    );
}

// ---------------------------------------------------------------- pawns

/// Red's centre pawn double-steps over f6: White, next, takes it en
/// passant; Black, after White, may not.
#[test]
fn en_passant_by_the_next_player_only() {
    let men = [
        ("g1", "rG"),
        ("f5", "rP"),
        ("k7", "wG"),
        ("g5", "wP"),
        ("a5", "bG"),
        ("e5", "bP"),
    ];
    let start = setup(mixed(), &men, 'r');
    let mut pos = start.clone();
    play(&mut pos, "f5-f7");
    assert_eq!(pos.en_passant(), pos.grid().parse("f6"));
    assert!(texts(&pos).contains(&"g5-f6".to_string()));
    let mut taken = pos.clone();
    play(&mut taken, "g5-f6");
    assert_eq!(man(&taken, "f7"), None, "the passing pawn is taken");
    assert_eq!(man(&taken, "f6"), Some((Kind::Pawn, WHITE)));
    // White declines; the right lapses before Black's turn.
    play(&mut pos, "k7-k6");
    assert_eq!(pos.en_passant(), None);
    assert!(!texts(&pos).contains(&"e5-f6".to_string()));
    // Points never take en passant: a Point's step onto the skipped cell
    // takes nothing.
    let point = opts(VariantId::AjGlinskiMixed3p, Some(PawnKind::Point));
    let mut pos = setup(
        point,
        &[
            ("g1", "rG"),
            ("f5", "rP"),
            ("k7", "wG"),
            ("g6", "wP"),
            ("a5", "bG"),
        ],
        'r',
    );
    play(&mut pos, "f5-f7");
    play(&mut pos, "g6-f6");
    assert_eq!(man(&pos, "f7"), Some((Kind::Pawn, RED)));
}

/// Each army promotes on its own far edges (Red's l = 10 or n = 10,
/// turned).
#[test]
fn each_armys_promotion_zone() {
    let generals = [("g1", "rG"), ("k7", "wG"), ("a5", "bG")];
    for (mover, pawn, to) in [('r', "f10", "f11"), ('w', "b2", "a1"), ('b', "k2", "l1")] {
        let owner = format!("{mover}P");
        let mut men = generals.to_vec();
        men.push((pawn, owner.as_str()));
        let pos = setup(mixed(), &men, mover);
        let promotions: Vec<String> = texts(&pos)
            .into_iter()
            .filter(|m| m.starts_with(pawn))
            .collect();
        let expected: Vec<String> = ["B", "C", "F", "R", "S"]
            .iter()
            .map(|p| format!("{pawn}-{to}={p}"))
            .collect();
        assert_eq!(promotions, expected, "{mover}");
    }
    // A White pawn on Red's edge, off its own: a plain step, no promotion.
    let pos = setup(
        mixed(),
        &[("g1", "rG"), ("k7", "wG"), ("a5", "bG"), ("h9", "wP")],
        'w',
    );
    assert!(texts(&pos).contains(&"h9-g9".to_string()));
}

/// Each army double-steps from its own pawns' start cells.
#[test]
fn each_armys_double_steps() {
    // Double steps at the start: Glinski from its pawn cells where the way
    // is clear (the other armies block all but the centre pawn's), McCooey
    // never from the centre-file one (f4, turned).
    let glinski = HexChess3::start(&opts(VariantId::AjGlinski3p, None));
    let doubles = |pos: &HexChess3| -> Vec<String> {
        let grid = pos.grid();
        texts(pos)
            .into_iter()
            .filter(|m| {
                let (a, b) = m.split_once('-').unwrap();
                man(pos, a).is_some_and(|p| p.0 == Kind::Pawn)
                    && hex_distance(grid, grid.parse(a).unwrap(), grid.parse(b).unwrap()) == 2
            })
            .collect()
    };
    assert_eq!(doubles(&glinski), ["f5-f7"]);
    let mccooey = HexChess3::start(&opts(VariantId::AjMcCooey3p, None));
    assert_eq!(
        doubles(&mccooey),
        ["c1-c3", "d2-d4", "e3-e5", "g3-g5", "h2-h4", "i1-i3"],
        "all but the centre file's"
    );
    // McCooey: a pawn on the centre-file start cell steps once only.
    let options = opts(VariantId::AjMcCooey3p, None);
    for (mover, cell, one, two) in [
        ('r', "f4", "f5", "f6"),
        ('w', "h6", "g6", "f6"),
        ('b', "d6", "e6", "f6"),
    ] {
        let owner = format!("{mover}P");
        let pos = setup(
            options,
            &[
                ("g1", "rG"),
                ("k7", "wG"),
                ("a5", "bG"),
                (cell, owner.as_str()),
            ],
            mover,
        );
        let from_cell: Vec<String> = texts(&pos)
            .into_iter()
            .filter(|m| m.starts_with(cell))
            .collect();
        assert_eq!(from_cell, [format!("{cell}-{one}")], "{mover} {two}");
    }
    for (mover, cell, two) in [('r', "e3", "e5"), ('w', "i5", "g5"), ('b', "d7", "f7")] {
        let owner = format!("{mover}P");
        let pos = setup(
            options,
            &[
                ("g1", "rG"),
                ("k7", "wG"),
                ("a5", "bG"),
                (cell, owner.as_str()),
            ],
            mover,
        );
        assert!(
            texts(&pos).contains(&format!("{cell}-{two}")),
            "{mover} {cell}"
        );
    }
}

/// The Corporal's "file out / file in" is about its own army's centre
/// line: White's on i3 (Red's c3 turned 120°) captures on i2 and g4,
/// Black's on f9 (Red's c3 turned 240°) on g9 and g7; Red's c3 on b3, d5.
#[test]
fn corporal_captures_turn_with_the_army() {
    let options = opts(VariantId::AjGlinskiMixed3p, Some(PawnKind::Corporal));
    let grid = HexGrid::LARGE;
    for (mover, cell, expected) in [
        ('r', "c3", ["b3", "d5"]),
        ('w', "i3", ["g4", "i2"]),
        ('b', "f9", ["g7", "g9"]),
        // On the army's centre line: both half-forward orthogonals.
        ('r', "f3", ["e3", "g3"]),
    ] {
        let at = grid.parse(cell).unwrap();
        let (l, n) = grid.coords(at).unwrap();
        // Enemy Sennights on every orthogonal and diagonal neighbour.
        let enemy = if mover == 'r' { "wS" } else { "rS" };
        let names: Vec<String> = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (2, 1),
            (1, 2),
            (-1, 1),
            (-2, -1),
            (-1, -2),
            (1, -1),
        ]
        .iter()
        .filter_map(|&(dl, dn)| grid.index(l + dl, n + dn))
        .map(|c| grid.name(c))
        .collect();
        let owner = format!("{mover}P");
        let mut men: Vec<(&str, &str)> = vec![
            ("f11", "rG"),
            ("k7", "wG"),
            ("a5", "bG"),
            (cell, owner.as_str()),
        ];
        men.retain(|(c, _)| !names.iter().any(|n| n == c) || *c == cell);
        for name in &names {
            men.push((name.as_str(), enemy));
        }
        let text = text_of(&men, mover, "-");
        let Ok(pos) = HexChess3::from_text(&text, &options) else {
            panic!("{text}");
        };
        let mut captures: Vec<String> = texts(&pos)
            .into_iter()
            .filter_map(|m| m.strip_prefix(&format!("{cell}-")).map(str::to_string))
            .collect();
        captures.sort();
        assert_eq!(captures, expected, "{mover} {cell}");
    }
}

// ---------------------------------------------------------------- draw rules

/// The fifty-move count is 50 moves of each player in the game, and an
/// elimination starts it again.
#[test]
fn fifty_moves_count_the_players_left() {
    let options = mixed();
    let men = [
        ("b1", "rG"),
        ("f6", "rS"),
        ("l1", "wG"),
        ("f2", "wR"),
        ("f10", "bG"),
        ("c6", "bS"),
    ];
    let mut game = Game::new(setup(options, &men, 'r'), DrawRules::default());
    game.play_text("f6-g8").unwrap();
    assert_eq!(game.position().players_in_game(), 2);
    assert_eq!(game.clock(), 0, "the elimination reset the count");
    // White's Rook and Red's Sennight shuffle: 100 plies for two players.
    let shuffle = ["f2-f3", "g8-f6", "f3-f2", "f6-g8"];
    let mut played = 0;
    while game.outcome().is_none() {
        game.play_text(shuffle[played % 4]).unwrap();
        played += 1;
        assert!(played <= 100);
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.reason,
        EndReason::Repetition,
        "repetition comes first here"
    );
    let mut no_rep = Game::new(
        setup(options, &men, 'r'),
        DrawRules {
            repetition: false,
            fifty_moves: true,
        },
    );
    no_rep.play_text("f6-g8").unwrap();
    let mut played = 0;
    while no_rep.outcome().is_none() {
        no_rep.play_text(shuffle[played % 4]).unwrap();
        played += 1;
    }
    assert_eq!(played, 100);
    let outcome = no_rep.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::FiftyMoves);
    assert_eq!(
        multi_player_status(no_rep.position(), Some(outcome)),
        Some([
            "draw between red and white fifty-moves".to_string(),
            "eliminated: black".to_string()
        ])
    );
}

#[test]
fn status_of_the_start_and_of_two_player_games() {
    let start = HexChess3::start(&mixed());
    assert_eq!(
        multi_player_status(&start, None),
        Some(["ongoing".to_string(), "eliminated: -".to_string()])
    );
    let two = variantarium::rules::hexchess::HexChess::start(&opts(VariantId::AjGlinski, None));
    assert_eq!(multi_player_status(&two, None), None);
}

// ---------------------------------------------------------------- sessions

/// A game held as the app holds it: undo and redo across an elimination,
/// and a saved game that replays to the same position.
#[test]
fn sessions_undo_redo_and_save_across_an_elimination() {
    use variantarium::record::GameRecord;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::Variant;
    let text = text_of(
        &[
            ("b1", "rG"),
            ("f6", "rS"),
            ("l1", "wG"),
            ("f2", "wR"),
            ("f10", "bG"),
            ("c6", "bS"),
        ],
        'r',
        "-",
    );
    let variant = Variant::new(VariantId::AjGlinskiMixed3p);
    let mut game = new_session(variant, DrawRules::default(), Some(&text)).expect("a game");
    assert_eq!(game.side_count(), 3);
    game.play("f6-g8").expect("legal");
    assert!(!game.in_game(BLACK) && game.in_game(RED) && game.in_game(WHITE));
    let after = game.position_text();
    assert!(game.undo());
    assert!(game.in_game(BLACK));
    assert_eq!(game.position_text(), text);
    assert!(game.redo());
    assert_eq!(game.position_text(), after);
    game.play("f2-f3").expect("legal");
    let record = GameRecord::of(game.as_ref());
    let back = GameRecord::from_json(&record.to_json())
        .unwrap()
        .replay()
        .expect("replays");
    assert_eq!(back.position_text(), game.position_text());
    assert_eq!(back.moves(), ["f6-g8", "f2-f3"]);
    // A finished game's result names the winner among three.
    let chain = text_of(
        &[
            ("b1", "rG"),
            ("f6", "rS"),
            ("l1", "wG"),
            ("f2", "wR"),
            ("g5", "wR"),
            ("f10", "bG"),
            ("d3", "bS"),
        ],
        'r',
        "-",
    );
    let mut won = new_session(variant, DrawRules::default(), Some(&chain)).expect("a game");
    won.play("f6-g8").expect("legal");
    let record = GameRecord::of(won.as_ref());
    assert_eq!(record.result, "0-1-0", "White wins");
    let text = record.to_text();
    assert!(text.trim_end().ends_with("0-1-0"), "{text}");
    let back = GameRecord::from_text(&text).unwrap();
    assert_eq!(back.moves, ["f6-g8"]);
}

// ---------------------------------------------------------------- CLI

fn variantarium(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn cli_perft_moves_and_pass() {
    for (id, counts) in PERFT {
        let (code, out, err) = variantarium(&["perft", "--variant", id.id(), "--depth", "2"]);
        assert_eq!((code, out), (0, format!("nodes {}\n", counts[1])), "{err}");
    }
    let (code, out, _) = variantarium(&[
        "perft",
        "--variant",
        "aj-glinski-3p",
        "--pawn",
        "broker",
        "--depth",
        "2",
    ]);
    assert_eq!((code, out.as_str()), (0, "nodes 2113\n"));
    let (_, out, _) = variantarium(&["moves", "--variant", "aj-glinski-3p", "--moves", "f5-f7"]);
    assert!(
        out.lines().any(|m| m == "g6-e5"),
        "White's double step: {out}"
    );
    // The forced pass through the CLI: a position, `moves` and `--moves`.
    let text = text_of(
        &[
            ("a1", "rG"),
            ("l1", "wG"),
            ("a6", "wR"),
            ("b7", "wR"),
            ("k7", "bG"),
        ],
        'r',
        "-",
    );
    let (_, out, err) = variantarium(&[
        "moves",
        "--variant",
        "aj-glinski-mixed-3p",
        "--position",
        &text,
    ]);
    assert_eq!(out, "pass\n", "{err}");
    let (code, out, err) = variantarium(&[
        "perft",
        "--variant",
        "aj-glinski-mixed-3p",
        "--position",
        &text,
        "--moves",
        "pass",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("nodes "), "{out}");
    let (code, _, err) =
        variantarium(&["moves", "--variant", "aj-glinski-3p", "--position", "x r -"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn cli_selfplay_three_players() {
    let (code, out, err) = variantarium(&[
        "selfplay",
        "--variant",
        "aj-mccooey-3p",
        "--red",
        "random",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "2",
        "--seed",
        "5",
        "--max-plies",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("game 1: "), "{out}");
    let summary = lines[2];
    let words: Vec<&str> = summary.split(' ').collect();
    assert_eq!(words.len(), 8, "{summary}");
    assert_eq!(
        [words[0], words[2], words[4], words[6]],
        ["red", "white", "black", "draws"]
    );
    let total: u32 = [1, 3, 5, 7]
        .iter()
        .map(|&i| words[i].parse::<u32>().unwrap())
        .sum();
    assert_eq!(total, 2);
    for (args, needle) in [
        (&["--white", "1", "--black", "1"][..], "--red"),
        (&["--red", "9", "--white", "1", "--black", "1"][..], "--red"),
    ] {
        let mut all = vec!["selfplay", "--variant", "aj-glinski-3p", "--games", "1"];
        all.extend_from_slice(args);
        let (code, _, err) = variantarium(&all);
        assert_eq!(code, 2, "{all:?}");
        assert!(err.contains(needle), "{err}");
    }
    let (code, _, err) = variantarium(&[
        "selfplay",
        "--variant",
        "flaxman",
        "--red",
        "1",
        "--white",
        "1",
        "--black",
        "1",
        "--games",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("three-player"), "{err}");
}

// ---------------------------------------------------------------- engine
// More in `multi_search`: BRS+ and paranoid search side by side.

/// With Black out, Red mates White in one (e8-a4: the Rook on b7 covers
/// b1 and b2); the two-player search that two players left get finds it.
#[test]
fn the_engine_mates_when_two_are_left() {
    use variantarium::engine::{SearchLimits, mate_in, search};
    let pos = setup(
        mixed(),
        &[("a1", "wG"), ("b7", "rR"), ("e8", "rR"), ("k7", "rG")],
        'r',
    );
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let result = search(&pos, &[], &limits).expect("a move");
    let mut after = pos.clone();
    after.play(result.best);
    assert_eq!(
        after.outcome().map(|o| o.result),
        Some(GameResult::Win(RED)),
        "{}",
        pos.move_text(result.best)
    );
    assert_eq!(mate_in(result.score), Some(1));
}

#[test]
fn the_evaluation_sees_every_army() {
    use variantarium::engine::GameEval;
    let start = HexChess3::start(&mixed());
    let values: Vec<i32> = [RED, WHITE, BLACK]
        .iter()
        .map(|&s| start.evaluate_for(s))
        .collect();
    // The armies are the same turned: only the mover's tempo differs.
    assert_eq!(values[1], values[2]);
    assert!(values[0] > values[1]);
    // A lost Cohen costs its owner and helps neither other: each is
    // measured against its strongest opponent, as strong as before.
    let text = start.to_text().replacen("wC", "1", 1);
    let weaker = HexChess3::from_text(&fix_runs(&text), &mixed()).expect("valid");
    assert!(weaker.evaluate_for(WHITE) < start.evaluate_for(WHITE) - 500);
    assert_eq!(weaker.evaluate_for(RED), start.evaluate_for(RED));
    assert_eq!(weaker.evaluate_for(BLACK), start.evaluate_for(BLACK));
    // Black's Cohen lost too: Red, ahead of both, gains.
    let text = weaker.to_text().replacen("bC", "1", 1);
    let both = HexChess3::from_text(&fix_runs(&text), &mixed()).expect("valid");
    assert!(both.evaluate_for(RED) > start.evaluate_for(RED) + 500);
}

/// Joins adjacent empty-run digits ("1" next to "1" becomes "2").
fn fix_runs(text: &str) -> String {
    let (placement, rest) = text.split_once(' ').unwrap();
    let files: Vec<String> = placement
        .split('/')
        .map(|file| {
            let mut out = String::new();
            let mut run = 0;
            let mut chars = file.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d;
                    while let Some(m) = chars.peek().and_then(|x| x.to_digit(10)) {
                        n = n * 10 + m;
                        chars.next();
                    }
                    run += n;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(c);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    format!("{} {rest}", files.join("/"))
}

/// A slow, independent statement of the three-player rules straight from
/// RULES.md: men in a map, every rule by brute force, pawns by turning
/// their cell back to Red's view. Only the tests use it.
mod reference {
    use std::collections::BTreeMap;

    use variantarium::rules::hexchess::{Army, HexOptions, Layout};
    use variantarium::rules::variant::{PawnKind, Promotion};

    type Cell = (i8, i8);
    const E: [Cell; 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
    const D: [Cell; 6] = [(2, 1), (1, 2), (-1, 1), (-2, -1), (-1, -2), (1, -1)];
    const LEAP: [Cell; 12] = [
        (3, 2),
        (-3, -2),
        (2, 3),
        (-2, -3),
        (3, 1),
        (-3, -1),
        (1, 3),
        (-1, -3),
        (2, -1),
        (-2, 1),
        (-1, 2),
        (1, -2),
    ];
    const FILES: &str = "abcdefghikl";
    /// Players in turn order: Red, White, Black; sixths each army is turned.
    const TURN: [u8; 3] = [0, 2, 4];
    const OWNERS: [char; 3] = ['r', 'w', 'b'];

    #[derive(Clone, Debug)]
    pub struct Ref {
        /// (player 0 Red, 1 White, 2 Black; letter)
        men: BTreeMap<Cell, (usize, char)>,
        side: usize,
        ep: Option<Cell>,
        army: Army,
        layout: Layout,
        pawn: PawnKind,
        promotion: Promotion,
    }

    fn on((l, n): Cell) -> bool {
        (0..=10).contains(&l) && (0..=10).contains(&n) && (l - n).abs() <= 5
    }

    fn turn((x, y): Cell, sixths: u8) -> Cell {
        (0..sixths % 6).fold((x, y), |(x, y), _| (x - y, x))
    }

    fn turn_cell((l, n): Cell, sixths: u8) -> Cell {
        let (x, y) = turn((l - 5, n - 5), sixths);
        (x + 5, y + 5)
    }

    fn add(a: Cell, b: Cell) -> Cell {
        (a.0 + b.0, a.1 + b.1)
    }

    pub fn name((l, n): Cell) -> String {
        let f = FILES.as_bytes()[(l - n + 5) as usize] as char;
        format!("{f}{}", l.min(n) + 1)
    }

    fn cell(name: &str) -> Cell {
        let f = FILES.find(&name[..1]).unwrap() as i8 - 5;
        let low: i8 = name[1..].parse::<i8>().unwrap() - 1;
        if f >= 0 {
            (low + f, low)
        } else {
            (low, low - f)
        }
    }

    impl Ref {
        pub fn parse(text: &str, options: &HexOptions) -> Ref {
            let mut me = Ref {
                men: BTreeMap::new(),
                side: 0,
                ep: None,
                army: options.army,
                layout: options.layout,
                pawn: options.pawn,
                promotion: options.promotion,
            };
            let parts: Vec<&str> = text.split(' ').collect();
            for (f, file) in parts[0].split('/').enumerate() {
                let diff = f as i8 - 5;
                let cells: Vec<Cell> = (0..=10)
                    .map(|low| {
                        if diff >= 0 {
                            (low + diff, low)
                        } else {
                            (low, low - diff)
                        }
                    })
                    .filter(|&c| on(c))
                    .collect();
                let (mut at, mut num) = (0, 0);
                let mut chars = file.chars();
                while let Some(ch) = chars.next() {
                    if let Some(d) = ch.to_digit(10) {
                        num = num * 10 + d as usize;
                    } else {
                        at += num;
                        num = 0;
                        let owner = OWNERS.iter().position(|&o| o == ch).unwrap();
                        me.men.insert(cells[at], (owner, chars.next().unwrap()));
                        at += 1;
                    }
                }
            }
            me.side = OWNERS
                .iter()
                .position(|&o| o.to_string() == parts[1])
                .unwrap();
            me.ep = (parts[2] != "-").then(|| cell(parts[2]));
            me
        }

        fn general(&self, p: usize) -> Option<Cell> {
            self.men
                .iter()
                .find(|(_, m)| **m == (p, 'G'))
                .map(|(c, _)| *c)
        }

        fn alive(&self) -> Vec<usize> {
            (0..3).filter(|&p| self.general(p).is_some()).collect()
        }

        fn next_alive(&self, p: usize) -> usize {
            (1..=3)
                .map(|k| (p + k) % 3)
                .find(|&q| self.general(q).is_some())
                .unwrap_or(p)
        }

        fn prev_alive(&self, p: usize) -> usize {
            (1..=3)
                .map(|k| (p + 3 - k) % 3)
                .find(|&q| self.general(q).is_some())
                .unwrap_or(p)
        }

        /// Red's view of a cell of player p's army, and back.
        fn back(&self, p: usize, c: Cell) -> Cell {
            turn_cell(c, (6 - TURN[p]) % 6)
        }

        fn forth(&self, p: usize, c: Cell) -> Cell {
            turn_cell(c, TURN[p])
        }

        fn pawn_captures(&self, p: usize, c: Cell) -> Vec<Cell> {
            let (l, n) = self.back(p, c);
            let red: Vec<Cell> = match self.pawn {
                PawnKind::Point => vec![(1, 1)],
                PawnKind::Migrant => vec![(1, 0), (0, 1)],
                PawnKind::Broker => vec![(2, 1), (1, 2)],
                PawnKind::Corporal if l < n => vec![(0, 1), (2, 1)],
                PawnKind::Corporal if l > n => vec![(1, 0), (1, 2)],
                PawnKind::Corporal => vec![(1, 0), (0, 1)],
            };
            red.into_iter()
                .map(|v| self.forth(p, add((l, n), v)))
                .filter(|&x| on(x))
                .collect()
        }

        fn forward(&self, p: usize, c: Cell) -> Cell {
            self.forth(p, add(self.back(p, c), (1, 1)))
        }

        fn double_start(&self, p: usize, c: Cell) -> bool {
            let red: &[&str] = match self.layout {
                Layout::Glinski => &["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"],
                _ => &["c1", "d2", "e3", "g3", "h2", "i1"],
            };
            red.iter().any(|name| self.forth(p, cell(name)) == c)
        }

        fn promotes(&self, p: usize, c: Cell) -> bool {
            let (l, n) = self.back(p, c);
            l == 10 || n == 10
        }

        fn reach(&self, c: Cell, p: usize, letter: char) -> Vec<Cell> {
            let mut out = Vec::new();
            let free = |x: Cell| self.men.get(&x).is_none_or(|m| m.0 != p);
            let curve = |dirs: &[Cell; 6], out: &mut Vec<Cell>| {
                for k in 0..6 {
                    for t in [1, 5] {
                        let mut x = c;
                        for i in 0..4 {
                            x = add(x, dirs[(k + i * t) % 6]);
                            if !on(x) {
                                break;
                            }
                            if free(x) && !out.contains(&x) {
                                out.push(x);
                            }
                            if self.men.contains_key(&x) {
                                break;
                            }
                        }
                    }
                }
            };
            let slide = |dirs: &[Cell; 6], out: &mut Vec<Cell>| {
                for &d in dirs {
                    let mut x = add(c, d);
                    while on(x) {
                        if free(x) {
                            out.push(x);
                        }
                        if self.men.contains_key(&x) {
                            break;
                        }
                        x = add(x, d);
                    }
                }
            };
            match letter {
                'R' => slide(&E, &mut out),
                'U' => slide(&D, &mut out),
                'Q' => {
                    slide(&E, &mut out);
                    slide(&D, &mut out);
                }
                'S' | 'G' => {
                    let dirs: &[Cell] = if letter == 'S' { &LEAP } else { &E };
                    out.extend(
                        dirs.iter()
                            .map(|&d| add(c, d))
                            .filter(|&x| on(x) && free(x)),
                    );
                }
                'F' => curve(&E, &mut out),
                'B' => curve(&D, &mut out),
                'C' => {
                    curve(&E, &mut out);
                    curve(&D, &mut out);
                }
                _ => panic!("unknown man {letter}"),
            }
            out
        }

        fn attacks(&self, by: usize, target: Cell) -> bool {
            self.men.iter().any(|(&c, &(p, letter))| {
                p == by
                    && if letter == 'P' {
                        self.pawn_captures(p, c).contains(&target)
                    } else {
                        self.reach(c, p, letter).contains(&target)
                    }
            })
        }

        pub fn in_check(&self) -> bool {
            let g = self.general(self.side).unwrap();
            (0..3).any(|q| q != self.side && self.attacks(q, g))
        }

        /// The position after the mover's move (or pass): eliminations by
        /// the next player, repeated, then the next player to move.
        fn after(&self, mut next: Ref) -> Ref {
            let n = self.next_alive(self.side);
            if self.alive().len() == 3 {
                loop {
                    let out: Vec<usize> = next
                        .alive()
                        .into_iter()
                        .filter(|&q| q != n && next.attacks(n, next.general(q).unwrap()))
                        .collect();
                    if out.is_empty() {
                        break;
                    }
                    next.men.retain(|_, m| !out.contains(&m.0));
                }
            }
            if next.general(self.side).is_none() {
                next.ep = None;
            }
            next.side = n;
            next
        }

        /// A pawn's targets on `from`: its steps, and its captures (en
        /// passant too), each with the cell it captures on.
        fn pawn_targets(&self, us: usize, from: Cell) -> Vec<(Cell, Option<Cell>)> {
            let mut tos = Vec::new();
            let one = self.forward(us, from);
            if on(one) && !self.men.contains_key(&one) {
                tos.push((one, None));
                let two = self.forward(us, one);
                if self.double_start(us, from) && on(two) && !self.men.contains_key(&two) {
                    tos.push((two, None));
                }
            }
            for x in self.pawn_captures(us, from) {
                match self.men.get(&x) {
                    Some(m) if m.0 != us => tos.push((x, Some(x))),
                    None if self.ep == Some(x) && self.pawn != PawnKind::Point => {
                        let prev = self.prev_alive(us);
                        tos.push((x, Some(self.forward(prev, x))))
                    }
                    _ => {}
                }
            }
            tos
        }

        pub fn legal(&self) -> Vec<(String, Ref)> {
            let us = self.side;
            let alive = self.alive().len();
            if alive < 2 {
                return Vec::new();
            }
            let mut out = Vec::new();
            for (&from, &(p, letter)) in &self.men {
                if p != us {
                    continue;
                }
                let tos: Vec<(Cell, Option<Cell>)> = if letter == 'P' {
                    self.pawn_targets(us, from)
                } else {
                    self.reach(from, us, letter)
                        .into_iter()
                        .map(|x| (x, self.men.contains_key(&x).then_some(x)))
                        .collect()
                };
                for (to, captured) in tos {
                    let mut next = self.clone();
                    if let Some(c) = captured {
                        next.men.remove(&c);
                    }
                    next.men.remove(&from);
                    next.men.insert(to, (us, letter));
                    next.ep = None;
                    if letter == 'P' && to == self.forward(us, self.forward(us, from)) {
                        next.ep = Some(self.forward(us, from));
                    }
                    let g = next.general(us).unwrap();
                    if (0..3).any(|q| q != us && next.attacks(q, g)) {
                        continue;
                    }
                    let base = format!("{}-{}", name(from), name(to));
                    if letter == 'P' && self.promotes(us, to) {
                        let choices: &[char] = if self.promotion != Promotion::Curved {
                            &['Q', 'R', 'U', 'S']
                        } else if self.army == Army::MixedBird {
                            &['C', 'F', 'B', 'S', 'R']
                        } else {
                            &['C', 'F', 'B', 'S']
                        };
                        for &c in choices {
                            let mut promoted = next.clone();
                            promoted.men.insert(to, (us, c));
                            out.push((format!("{base}={c}"), self.after(promoted)));
                        }
                        continue;
                    }
                    // straight-curved: a curved rider ending in its own
                    // army's promotion zone may become its straight
                    // counterpart.
                    let counterpart = match letter {
                        'F' => Some('R'),
                        'B' => Some('U'),
                        'C' => Some('Q'),
                        _ => None,
                    };
                    if let Some(straight) = counterpart
                        && self.promotion == Promotion::StraightCurved
                        && self.promotes(us, to)
                    {
                        let mut promoted = next.clone();
                        promoted.men.insert(to, (us, straight));
                        out.push((format!("{base}={straight}"), self.after(promoted)));
                    }
                    out.push((base, self.after(next)));
                }
            }
            if out.is_empty() && alive == 3 {
                let mut next = self.clone();
                next.ep = None;
                out.push(("pass".to_string(), self.after(next)));
            }
            out
        }

        /// The position text (RULES.md), for comparing whole positions.
        pub fn to_text(&self) -> String {
            let mut files = Vec::new();
            for f in 0..11i8 {
                let diff = f - 5;
                let (mut out, mut empty) = (String::new(), 0);
                for low in 0..=10i8 {
                    let c = if diff >= 0 {
                        (low + diff, low)
                    } else {
                        (low, low - diff)
                    };
                    if !on(c) {
                        continue;
                    }
                    match self.men.get(&c) {
                        Some(&(p, letter)) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(OWNERS[p]);
                            out.push(letter);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                files.push(out);
            }
            let ep = self.ep.map_or("-".to_string(), name);
            format!("{} {} {ep}", files.join("/"), OWNERS[self.side])
        }

        pub fn legal_texts(&self) -> Vec<String> {
            let mut texts: Vec<String> = self.legal().into_iter().map(|(t, _)| t).collect();
            texts.sort();
            texts
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.legal()
                .iter()
                .map(|(_, next)| next.perft(depth - 1))
                .sum()
        }

        /// perft split by first move, sorted by move text in byte order.
        pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
            let mut out: Vec<(String, u64)> = self
                .legal()
                .into_iter()
                .map(|(text, next)| (text, next.perft(depth - 1)))
                .collect();
            out.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out
        }
    }
}

/// `variantarium status` on a three-player game: the standing, then who is
/// out, before and after a move that eliminates two players at once.
#[test]
fn status_command_names_the_winner_and_the_eliminated() {
    let men = [
        ("b1", "rG"),
        ("f6", "rS"),
        ("l1", "wG"),
        ("f2", "wR"),
        ("g5", "wR"),
        ("f10", "bG"),
        ("d3", "bS"),
    ];
    let text = text_of(&men, 'r', "-");
    let status = |moves: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_variantarium"))
            .args(["status", "--variant", "aj-glinski-mixed-3p"])
            .args(["--position", &text, "--moves", moves])
            .output()
            .expect("the binary runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert_eq!(status(""), "ongoing\neliminated: -\n");
    assert_eq!(
        status("f6-g8"),
        "white wins checkmate\neliminated: red, black\n"
    );
}

// ---------------------------------------------------------------- rule hints

/// The hints the app draws, shared with the two-player game: the curved
/// path a move takes, reminders on Anglojewish pieces, and one check hint
/// per man of any other player attacking the mover's General.
mod hints {
    use super::*;
    use variantarium::rules::view::{CellId, Hint, HintKind};

    fn cell(pos: &HexChess3, name: &str) -> CellId {
        pos.grid()
            .parse(name)
            .unwrap_or_else(|| panic!("no cell {name}"))
            .into()
    }

    fn path(pos: &HexChess3, cells: &[&str], kind: HintKind, label: Option<&str>) -> Hint {
        Hint::Path {
            cells: cells.iter().map(|c| cell(pos, c)).collect(),
            kind,
            label: label.map(String::from),
        }
    }

    fn hints_of(pos: &HexChess3, text: &str) -> Vec<Hint> {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.move_hints(mv)
    }

    /// A White Finch (the army turned 120°) on f6, White to move: its route
    /// and its reminder are those of the two-player game.
    #[test]
    fn a_white_finch_route_goes_around_blockers() {
        let generals = [("b1", "rG"), ("l1", "wG"), ("a5", "bG")];
        let open = setup(mixed(), &[&generals[..], &[("f6", "wF")]].concat(), 'w');
        assert_eq!(
            hints_of(&open, "f6-f8"),
            [path(
                &open,
                &["f6", "g6", "g7", "f8"],
                HintKind::Route,
                Some("Finch: 3 steps, turning left")
            )]
        );
        assert_eq!(
            open.selection_hints(cell(&open, "f6")),
            [Hint::Mark {
                at: cell(&open, "f6"),
                kind: HintKind::Note,
                label: "Finch: 1–4 orthogonal steps, each turning the same way".into(),
            }]
        );
        // Red's and Black's men block the straight-looking way round.
        let blocked = setup(
            mixed(),
            &[&generals[..], &[("f6", "wF"), ("f7", "rP"), ("g6", "bP")]].concat(),
            'w',
        );
        assert_eq!(
            hints_of(&blocked, "f6-f8"),
            [path(
                &blocked,
                &["f6", "e6", "e7", "f8"],
                HintKind::Route,
                Some("Finch: 3 steps, turning right")
            )]
        );
        assert_eq!(
            blocked
                .move_hints(blocked.parse_move("l1-k1").unwrap())
                .len(),
            1
        );
    }

    /// Red's General on f6 attacked by a White Rook up the file and a Black
    /// Finch round its curve (f4, g4, g5) at once: one hint from each, in cell
    /// order.
    #[test]
    fn check_from_both_opponents_at_once() {
        let men = [
            ("f6", "rG"),
            ("f10", "wR"),
            ("l1", "wG"),
            ("f4", "bF"),
            ("a5", "bG"),
        ];
        let pos = setup(mixed(), &men, 'r');
        assert!(pos.in_check());
        let line = Hint::Line {
            from: cell(&pos, "f10"),
            to: cell(&pos, "f6"),
            kind: HintKind::Check,
            label: None,
        };
        let finch = path(&pos, &["f4", "g4", "g5", "f6"], HintKind::Check, None);
        assert_eq!(pos.check_hints(), [finch, line]);
        // Either attacker alone gives its own hint alone.
        for (gone, left) in [("f10", 1), ("f4", 1)] {
            let fewer: Vec<_> = men.iter().copied().filter(|m| m.0 != gone).collect();
            let pos = setup(mixed(), &fewer, 'r');
            assert_eq!(pos.check_hints().len(), left, "without {gone}");
        }
    }

    /// Along random games of every id: check hints are empty exactly when the
    /// mover is not in check, each runs from another player's man to the
    /// mover's General, and every legal move but the pass has a route.
    #[test]
    fn check_hints_exactly_when_in_check_along_random_games() {
        let mut checks = 0;
        let mut two_checkers = 0;
        for id in IDS {
            for pawn in PawnKind::ALL {
                let options = opts(id, Some(pawn));
                let mut rng = Rng::new(0x417 ^ (id as u64) << 4 ^ pawn as u64);
                for _ in 0..3 {
                    let mut pos = HexChess3::start(&options);
                    for _ in 0..160 {
                        let hints = pos.check_hints();
                        assert_eq!(hints.is_empty(), !pos.in_check(), "{}", pos.to_text());
                        let mover = pos.side_to_move();
                        let general = CellId::from(pos.general(mover).unwrap());
                        let mut checkers = Vec::new();
                        for hint in &hints {
                            let (from, to) = match hint {
                                Hint::Line { from, to, kind, .. } => {
                                    assert_eq!(*kind, HintKind::Check);
                                    (*from, *to)
                                }
                                Hint::Path { cells, kind, .. } => {
                                    assert_eq!(*kind, HintKind::Check);
                                    (cells[0], *cells.last().unwrap())
                                }
                                other => panic!("{other:?}"),
                            };
                            assert_eq!(to, general, "{}", pos.to_text());
                            let (_, owner) = pos.piece_at(from as u8).expect("a checker");
                            assert_ne!(owner, mover, "{}", pos.to_text());
                            checkers.push(owner);
                        }
                        checks += usize::from(!hints.is_empty());
                        checkers.sort_by_key(|s| s.0);
                        checkers.dedup();
                        two_checkers += usize::from(checkers.len() == 2);
                        let mut moves = Vec::new();
                        pos.legal_moves(&mut moves);
                        for &mv in &moves {
                            let text = pos.move_text(mv);
                            let routes = pos.move_hints(mv);
                            assert_eq!(routes.is_empty(), text == "pass", "{text}");
                        }
                        if moves.is_empty() {
                            break;
                        }
                        pos.play(moves[rng.below(moves.len())]);
                    }
                }
            }
        }
        assert!(checks > 20, "{checks}");
        assert!(two_checkers > 0, "no check by two players at once");
    }
}
