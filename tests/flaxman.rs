//! Flaxman, rule by rule (RULES.md §1), the seed's worked example, perft, an
//! independent reference generator and random playouts.

use variantarium::rules::flaxman::{Flaxman, GRID};
use variantarium::rules::history::{DrawRules, Game};
use variantarium::rules::perft::perft;
use variantarium::rules::selfcheck::random_playouts;
use variantarium::rules::view::{Effect, ManState};
use variantarium::rules::{EndReason, GameResult, MoveError, Position, Side, sorted_moves};

/// A position from readable placements: `setup("Ka1 Se4 Sa6", "Kf6 …", 'w')`.
fn setup(white: &str, black: &str, side: char) -> Flaxman {
    let mut grid = [['.'; 6]; 6];
    for (men, upper) in [(white, true), (black, false)] {
        for man in men.split_whitespace() {
            let (letter, cell) = man.split_at(1);
            let point = GRID.parse(cell).expect("a point name");
            let (x, y) = GRID.coords(point);
            let letter = letter.chars().next().unwrap_or('?');
            grid[y as usize][x as usize] = if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
        }
    }
    let ranks: Vec<String> = (0..6)
        .rev()
        .map(|y| {
            let mut rank = String::new();
            let mut empty = 0;
            for c in grid[y] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        rank += &empty.to_string();
                        empty = 0;
                    }
                    rank.push(c);
                }
            }
            if empty > 0 {
                rank += &empty.to_string();
            }
            rank
        })
        .collect();
    let text = format!("{} {side}", ranks.join("/"));
    Flaxman::from_text(&text, &()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Flaxman) -> Vec<String> {
    sorted_moves(p).into_iter().map(|(t, _)| t).collect()
}

fn moves_from(p: &Flaxman, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

fn play(p: &mut Flaxman, line: &str) {
    for text in line.split_whitespace() {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        p.play(mv);
    }
}

fn letter_at(p: &Flaxman, cell: &str) -> Option<(char, Side)> {
    let point = GRID.parse(cell).expect("a point name");
    p.man_at(point).map(|m| (m.kind.letter(), m.side))
}

#[test]
fn start_layout_is_the_reconstructed_one() {
    let start = Flaxman::start(&());
    assert_eq!(start.to_text(), "1sk1s1/6/6/6/6/1S1KS1 w");
    assert_eq!(
        moves(&start),
        [
            "b1-a1", "b1-b2", "b1-c1", "d1-a1", "d1-d4", "e1-c1", "e1-e3"
        ]
    );
}

#[test]
fn a_man_jumps_the_distance_between_its_two_definers() {
    // White K a1, S c1, S c2. The King's definers c1, c2 are 1 apart: (1,0)
    // jumps. c1's definers a1, c2: d² = 4 + 1, the (2,1) jumps. c2's
    // definers a1, c1: d² = 4, the (2,0) jumps.
    let p = setup("Ka1 Sc1 Sc2", "Kf6 Se6 Sf5", 'w');
    assert_eq!(p.jump_length_squared(GRID.parse("a1").unwrap()), Some(1));
    assert_eq!(moves_from(&p, "a1"), ["a1-a2", "a1-b1"]);
    assert_eq!(moves_from(&p, "c1"), ["c1-a2", "c1-b3", "c1-d3", "c1-e2"]);
    assert_eq!(moves_from(&p, "c2"), ["c2-a2", "c2-c4", "c2-e2"]);
}

#[test]
fn the_pythagorean_leap_joins_the_four_three_jump() {
    // a6's definers a1 and e4 are (4,3) apart, d² = 25: besides the (4,3)
    // and (3,4) jumps (e3, d2) it may leap (5,0) to f6 (and (0,5) to a1,
    // where its own King stands).
    let p = setup("Ka1 Se4 Sa6", "Kc4 Sf1 Sf2", 'w');
    assert_eq!(moves_from(&p, "a6"), ["a6-d2", "a6-e3", "a6-f6"]);
}

#[test]
fn nothing_blocks_a_jump() {
    // The King's definers b1, d1 are 2 apart; c1, in between its start and
    // a target, does not block, and e1 is reached over d1.
    let p = setup("Kc1 Sb1 Sd1", "Kf6 Sa6 Sc6", 'w');
    assert_eq!(moves_from(&p, "c1"), ["c1-a1", "c1-c3", "c1-e1"]);
}

#[test]
fn landing_on_an_enemy_soldier_captures_by_swap() {
    // White K a1, S b1, S d1: d1's definers a1, b1 are 1 apart; d2 holds a
    // Black Soldier.
    let mut p = setup("Ka1 Sb1 Sd1", "Kf6 Sd2 Sf4", 'w');
    let mv = p.parse_move("d1-d2").expect("capture is legal");
    assert!(p.resets_move_clock(mv));
    let (d1, d2) = (GRID.parse("d1").unwrap(), GRID.parse("d2").unwrap());
    assert_eq!(
        p.effects(mv),
        [
            Effect::Swap {
                a: d1.into(),
                b: d2.into()
            },
            Effect::Transform {
                at: d1.into(),
                letter: 'P',
                state: ManState::Prisoner
            },
        ]
    );
    p.play(mv);
    assert_eq!(letter_at(&p, "d2"), Some(('S', Side::WHITE)));
    assert_eq!(letter_at(&p, "d1"), Some(('P', Side::BLACK)));
    // The Prisoner never moves.
    assert!(moves_from(&p, "d1").is_empty());
}

#[test]
fn landing_on_a_prisoner_of_either_colour_frees_it() {
    // c1's definers a1, b1 are 1 apart: c1-b1 lands on White's own Prisoner.
    let mut p = setup("Ka1 Pb1 Sc1", "Kf6 Sa6 Sb6", 'w');
    let mv = p.parse_move("c1-b1").expect("freeing is legal");
    assert!(p.resets_move_clock(mv));
    p.play(mv);
    assert_eq!(letter_at(&p, "b1"), Some(('S', Side::WHITE)));
    assert_eq!(letter_at(&p, "c1"), Some(('S', Side::WHITE)));
    // d1's definers a1, b1 are 1 apart: d1-d2 frees Black's Prisoner, who
    // becomes a Black Soldier on d1.
    let mut p = setup("Ka1 Sb1 Sd1", "Kf6 Pd2 Sf4", 'w');
    p.play(p.parse_move("d1-d2").expect("freeing an enemy is legal"));
    assert_eq!(letter_at(&p, "d2"), Some(('S', Side::WHITE)));
    assert_eq!(letter_at(&p, "d1"), Some(('S', Side::BLACK)));
}

#[test]
fn only_a_king_captures_its_own_soldier() {
    // The King a1's definers b1, c1 are 1 apart: a1-b1 is the King's capture.
    // c1 (definers a1, b1) may not land on its own Soldier b1.
    let mut p = setup("Ka1 Sb1 Sc1", "Kf6 Se6 Sf5", 'w');
    assert_eq!(moves_from(&p, "a1"), ["a1-a2", "a1-b1"]);
    assert_eq!(moves_from(&p, "c1"), ["c1-c2", "c1-d1"]);
    p.play(p.parse_move("a1-b1").unwrap());
    assert_eq!(letter_at(&p, "b1"), Some(('K', Side::WHITE)));
    assert_eq!(letter_at(&p, "a1"), Some(('P', Side::WHITE)));
    // The bookkeeping of which man is where survives a swap within one side.
    let again = Flaxman::from_text(&p.to_text(), &()).unwrap();
    assert_eq!(moves(&again), moves(&p));
}

#[test]
fn no_man_lands_on_a_king() {
    // c1's definers a1 and b1 are 1 apart, but b1 holds its own King; a1's
    // definers b1, c1 are 1 apart, and b1 again is out of bounds.
    let p = setup("Sa1 Kb1 Sc1", "Kf6 Se6 Sf5", 'w');
    assert_eq!(moves_from(&p, "c1"), ["c1-c2", "c1-d1"]);
    assert_eq!(moves_from(&p, "a1"), ["a1-a2"]);
    // The enemy King is never a landing point either: a position where the
    // side to move could land on it is one where the other side is in check,
    // which the position text refuses (d2 is 1 from d1, as b1 is from c1 …
    // the King d1's definers b1, e1 are 3 apart, as d4 is from d1).
    let err = Flaxman::from_text("ss4/6/3k2/6/6/1S1KS1 w", &()).unwrap_err();
    assert!(
        err.to_string()
            .contains("Black is not to move but is in check"),
        "{err}"
    );
}

#[test]
fn kings_and_soldiers_give_check_and_prisoners_do_not() {
    // Black's King c3: its definers d6, f4 are (2,2) apart, and so is a1.
    let p = setup("Ka1 Sb1 Sc1", "Kc3 Sd6 Sf4", 'w');
    assert!(p.in_check(), "a King gives check");
    // Black's Soldier a3: its definers e6 (King) and c6 are 2 apart, as a1
    // is from a3. The King (13) and c6 (25) have other lengths.
    let p = setup("Ka1 Sb1 Sc1", "Ke6 Sc6 Sa3", 'w');
    assert!(p.in_check(), "a Soldier gives check");
    // The same man as a Prisoner gives none.
    let p = setup("Ka1 Sb1 Sc1", "Ke6 Sc6 Pa3", 'w');
    assert!(!p.in_check(), "a Prisoner gives no check");
}

#[test]
fn a_move_may_not_leave_ones_king_in_check() {
    // From the seed: White's King on a4 has (3,0) jumps to a1 and d4, but d4
    // is attacked by Black's d5 Soldier… a4-d4 is not listed.
    let mut p = Flaxman::start(&());
    play(&mut p, "d1-a1 e6-d6 a1-a4 d6-d5");
    assert_eq!(moves_from(&p, "a4"), ["a4-a1"]);
    assert!(matches!(
        p.parse_move("a4-d4"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn the_seed_example_holds_at_every_step() {
    let mut p = Flaxman::start(&());
    play(&mut p, "d1-a1 e6-d6 a1-a4 d6-d5");
    // The King a4 has exactly one legal move (a4-d4 is into check).
    assert_eq!(moves_from(&p, "a4"), ["a4-a1"]);
    // e1's definers a4, b1 are (1,3) apart: the (3,1) moves.
    assert_eq!(moves_from(&p, "e1"), ["e1-b2", "e1-d4", "e1-f4"]);
    // b1's definers a4, e1 are (4,3) apart: b1-b6 is the Pythagorean leap.
    assert!(moves_from(&p, "b1").contains(&"b1-b6".to_string()));
    play(&mut p, "b1-b6");
    assert_eq!(letter_at(&p, "b6"), Some(('S', Side::WHITE)));
    assert_eq!(letter_at(&p, "b1"), Some(('P', Side::BLACK)));
    // Black's Soldier d5 is pinned ((5,1) has no on-board point) and the
    // King's (4,2) jump to e2 would be into check: c6-a2 is the only move.
    assert_eq!(moves(&p), ["c6-a2"]);
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    // White to move, in check from Black's King c2 (definers e2, d4: (1,2)
    // apart, as e1 is from c2), and every move is into check.
    let mate = Flaxman::from_text("6/6/3s2/6/2k1s1/1S1PK1 w", &()).unwrap();
    assert!(mate.in_check());
    assert!(moves(&mate).is_empty());
    let outcome = mate.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Win(Side::BLACK));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    // Black to move, not in check; the King's only jump is into check.
    let stalemate = Flaxman::from_text("3kS1/3K2/1s4/6/1S4/4p1 b", &()).unwrap();
    assert!(!stalemate.in_check());
    let outcome = stalemate.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(outcome.reason, EndReason::Stalemate);
}

#[test]
fn all_mobile_men_pinned_is_stalemate() {
    // Black: King d4 with two Prisoners c6, f1 as definers, (3,5) apart: no
    // point of the board is that far from d4. Prisoners never move.
    let p = Flaxman::from_text("2p3/4S1/3kS1/6/5K/5p b", &()).unwrap();
    assert_eq!(p.jump_length_squared(GRID.parse("d4").unwrap()), Some(34));
    assert!(!p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome().map(|o| o.reason), Some(EndReason::Stalemate));
}

#[test]
fn all_mobile_men_pinned_is_stalemate_even_in_check() {
    // RULES.md §1: White's King c3 is in check from the Soldier f3, and its
    // definers f2 and a1 are (5,1) apart — no point is that far from c3.
    let p = Flaxman::from_text("2s2k/6/6/2K2s/5P/P5 w", &()).unwrap();
    assert!(p.in_check());
    assert!(p.all_mobile_men_pinned());
    assert!(moves(&p).is_empty());
    let outcome = p.outcome().expect("the game is over");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::Draw, EndReason::Stalemate)
    );
    // In check with an unpinned man but no legal move stays checkmate.
    let mate = Flaxman::from_text("6/6/3s2/6/2k1s1/1S1PK1 w", &()).unwrap();
    assert!(!mate.all_mobile_men_pinned());
    assert_eq!(mate.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
}

#[test]
fn threefold_repetition_draws_when_switched_on() {
    let cycle = "d1-a1 c6-f6 a1-d1 f6-c6";
    let mut game = Game::new(Flaxman::start(&()), DrawRules::default());
    for text in format!("{cycle} {cycle}").split_whitespace() {
        assert_eq!(game.outcome(), None, "before {text}");
        game.play_text(text).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    let outcome = game.outcome().expect("drawn by repetition");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
    game.draw_rules = DrawRules::NONE;
    assert_eq!(game.outcome(), None);
}

#[test]
fn fifty_moves_each_without_capture_draw() {
    let cycle = "d1-a1 c6-f6 a1-d1 f6-c6";
    let rules = DrawRules {
        repetition: false,
        fifty_moves: true,
    };
    let mut game = Game::new(Flaxman::start(&()), rules);
    for _ in 0..25 {
        for text in cycle.split_whitespace() {
            assert_eq!(game.outcome(), None);
            game.play_text(text).unwrap();
        }
    }
    assert_eq!(game.clock(), 100);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::FiftyMoves)
    );
    game.undo();
    assert_eq!(game.outcome(), None, "99 plies are not enough");
}

#[test]
fn a_capture_or_freeing_resets_the_fifty_move_count() {
    let mut game = Game::new(Flaxman::start(&()), DrawRules::default());
    for text in "d1-a1 e6-d6 a1-a4 d6-d5".split_whitespace() {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.clock(), 4);
    game.play_text("b1-b6").unwrap();
    assert_eq!(game.clock(), 0);
}

#[test]
fn undo_and_redo_restore_the_game() {
    let mut game = Game::new(Flaxman::start(&()), DrawRules::default());
    let line = ["d1-a1", "e6-d6", "a1-a4", "d6-d5", "b1-b6"];
    let mut seen = vec![game.position().clone()];
    for text in line {
        game.play_text(text).unwrap();
        seen.push(game.position().clone());
    }
    for i in (0..line.len()).rev() {
        assert!(game.undo());
        assert_eq!(game.position(), &seen[i]);
    }
    assert!(!game.undo());
    for expected in &seen[1..] {
        assert!(game.redo());
        assert_eq!(game.position(), expected);
        assert_eq!(game.position().hash(), expected.hash());
    }
    assert!(!game.redo());
    // A new move after undo drops the redo line.
    game.undo();
    game.play_text("e1-d4").unwrap();
    assert!(!game.can_redo());
}

#[test]
fn move_text_errors_name_the_problem() {
    let p = Flaxman::start(&());
    for bad in ["d1d4", "d1-g1", "d1-d4=Q", "x9-d1", "", "d1-"] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Malformed { .. })),
            "{bad:?} is malformed"
        );
    }
    let err = p.parse_move("d1-d5").unwrap_err();
    assert_eq!(err.to_string(), "illegal move 'd1-d5' in this position");
    assert!(
        p.parse_move("  d1-d4 ").is_ok(),
        "surrounding whitespace is ignored"
    );
}

#[test]
fn position_text_errors_name_the_problem() {
    let cases = [
        ("1sk1s1/6/6/6/6/1S1KS1", "fields"),
        ("1sk1s1/6/6/6/6/1S1KS1 x", "side to move"),
        ("1sk1s1/6/6/6/1S1KS1 w", "6 ranks"),
        ("1sk1s1/6/6/6/6/1S1KS2 w", "exactly 6 points"),
        ("1sk1q1/6/6/6/6/1S1KS1 w", "'q'"),
        ("1sk1s1/6/6/6/6/1S1SS1 w", "one King"),
    ];
    for (text, needle) in cases {
        let err = Flaxman::from_text(text, &()).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn perft_from_the_start() {
    // Cross-checked below against the reference generator up to depth 5.
    let expected = [1, 7, 47, 332, 2236, 16316, 117333];
    for (depth, &nodes) in expected.iter().enumerate() {
        let mut pos = Flaxman::start(&());
        assert_eq!(perft(&mut pos, depth as u32), nodes, "depth {depth}");
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let report = random_playouts(&Flaxman::start(&()), 2000, 200, 0x00F1_A7A7).unwrap();
    assert_eq!(report.games, 2000);
    assert!(
        report.finished > 0,
        "some games end by the rules: {report:?}"
    );
}

mod reference;

#[test]
fn reference_generator_agrees_on_random_positions() {
    reference::agrees_on_random_positions(3000, 7);
}

#[test]
fn reference_generator_agrees_on_perft() {
    for depth in 0..=5 {
        let mut pos = Flaxman::start(&());
        assert_eq!(
            perft(&mut pos, depth),
            reference::perft(&reference::Board::start(), depth),
            "depth {depth}"
        );
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

    fn cell(name: &str) -> CellId {
        GRID.parse(name).expect("a point name").into()
    }

    fn definers(a: &str, b: &str, label: &str) -> Hint {
        Hint::Line {
            from: cell(a),
            to: cell(b),
            kind: HintKind::Definers,
            label: Some(label.into()),
        }
    }

    fn leap(at: &str) -> Hint {
        Hint::Mark {
            at: cell(at),
            kind: HintKind::Leap,
            label: "Pythagorean leap".into(),
        }
    }

    fn check(from: &str, to: &str, label: &str) -> Hint {
        Hint::Line {
            from: cell(from),
            to: cell(to),
            kind: HintKind::Check,
            label: Some(label.into()),
        }
    }

    fn seed_position() -> Flaxman {
        let mut p = Flaxman::start(&());
        play(&mut p, "d1-a1 e6-d6 a1-a4 d6-d5");
        p
    }

    #[test]
    fn selection_shows_the_definers_and_marks_the_pythagorean_leap() {
        let p = seed_position();
        // b1's definers e1 and a4 are (4,3) apart: length 5, which (5,0)
        // also has; of b1's legal targets only b6 is a (0,5) leap.
        assert_eq!(
            p.selection_hints(cell("b1")),
            [definers("e1", "a4", "5 (4,3) or (5,0)"), leap("b6")]
        );
        // e1's definers b1, a4: (3,1), no other shape of length √10.
        assert_eq!(
            p.selection_hints(cell("e1")),
            [definers("b1", "a4", "√10 (3,1)")]
        );
        // The King's definers b1, e1: 3 (3,0).
        assert_eq!(
            p.selection_hints(cell("a4")),
            [definers("b1", "e1", "3 (3,0)")]
        );
        // A man of the side not to move shows its definers, no targets: d5's
        // are c6 and b6, (1,0) apart.
        assert_eq!(
            p.selection_hints(cell("d5")),
            [definers("b6", "c6", "1 (1,0)")]
        );
    }

    #[test]
    fn the_leap_marks_follow_the_definers_shape_either_way() {
        // a6's definers a1, e4 are (4,3) apart: f6 is the (5,0) leap; d2 and
        // e3 are ordinary (4,3) jumps.
        let p = setup("Ka1 Se4 Sa6", "Kc4 Sf1 Sf2", 'w');
        assert_eq!(moves_from(&p, "a6"), ["a6-d2", "a6-e3", "a6-f6"]);
        assert_eq!(
            p.selection_hints(cell("a6")),
            [definers("a1", "e4", "5 (4,3) or (5,0)"), leap("f6")]
        );
        // b2's definers a1, f1 are (5,0) apart: its (4,3) and (3,4) jumps
        // f5 and e6 are the Pythagorean leaps (the seed: "or vice versa").
        let p = setup("Ka1 Sf1 Sb2", "Kd6 Sf3 Sc5", 'w');
        assert_eq!(moves_from(&p, "b2"), ["b2-e6", "b2-f5"]);
        assert_eq!(
            p.selection_hints(cell("b2")),
            [
                definers("a1", "f1", "5 (5,0) or (4,3)"),
                leap("f5"),
                leap("e6")
            ]
        );
    }

    #[test]
    fn a_prisoner_an_empty_point_and_a_bad_cell_give_what_they_should() {
        let p = setup("Ka1 Sb1 Pc1", "Ke6 Sc6 Pa3", 'w');
        assert_eq!(
            p.selection_hints(cell("c1")),
            [Hint::Mark {
                at: cell("c1"),
                kind: HintKind::Note,
                label: "Prisoner: never moves but still defines jumps; landing on it frees it"
                    .into()
            }]
        );
        for empty in [cell("d4"), 36, 999, CellId::MAX] {
            assert_eq!(p.selection_hints(empty), [], "{empty}");
        }
        // Flaxman has no route hints.
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert!(moves.iter().all(|&mv| p.move_hints(mv).is_empty()));
    }

    #[test]
    fn check_hints_draw_a_line_from_every_checking_man() {
        // Black's King c3 (definers a3, c5: d² 8) and Soldier a3 (definers
        // c3, c5: d² 4) both reach a1; c5 (d² 4 from a3… its definers c3,
        // a3 are 2 apart, a1 is √20 away) does not.
        let p = setup("Ka1 Sf6 Se6", "Kc3 Sa3 Sc5", 'w');
        assert!(p.in_check());
        assert_eq!(
            p.check_hints(),
            [check("a3", "a1", "2 (2,0)"), check("c3", "a1", "√8 (2,2)")]
        );
        // In the seed example nobody is in check: no lines.
        let mut p = seed_position();
        assert_eq!(p.check_hints(), []);
        play(&mut p, "b1-b6");
        assert!(!p.in_check());
        assert_eq!(p.check_hints(), []);
    }

    #[test]
    fn check_hints_are_present_exactly_when_in_check() {
        // Along random games: lines exactly when in check, every line ends on
        // the King's point, and selecting any cell never panics.
        let mut rng = variantarium::rules::random::Rng::new(7);
        for _ in 0..40 {
            let mut p = Flaxman::start(&());
            for _ in 0..60 {
                let hints = p.check_hints();
                assert_eq!(hints.is_empty(), !p.in_check(), "{}", p.to_text());
                for cell in 0..40 {
                    let _ = p.selection_hints(cell);
                }
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                p.play(mv);
            }
        }
    }

    #[test]
    fn the_session_passes_hints_through() {
        let session = new_session(
            Variant::new(VariantId::Flaxman),
            DrawRules::default(),
            Some(&seed_position().to_text()),
        )
        .expect("a valid position");
        assert_eq!(
            session.selection_hints(cell("b1")),
            [definers("e1", "a4", "5 (4,3) or (5,0)"), leap("b6")]
        );
        assert_eq!(session.move_hints("b1-b6"), []);
        assert_eq!(session.move_hints("b1-b5"), [], "not a legal move");
        assert_eq!(session.check_hints(), []);
    }
}
