//! Tapestry Chess (RULES.md §2): every Loom effect alone and combined, the
//! position text, the view, perft from the start, random playouts and a
//! comparison with an independent, deliberately simple reference generator.

use std::process::Command;

use variantarium::rules::perft::perft;
use variantarium::rules::random::Rng;
use variantarium::rules::selfcheck::random_playouts;
use variantarium::rules::tapestry::{Move, START, Tapestry};
use variantarium::rules::view::{Effect, ManState};
use variantarium::rules::{EndReason, GameResult, Position, Side, sorted_moves};

fn pos(text: &str) -> Tapestry {
    match Tapestry::from_text(text, &()) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn all_moves(p: &Tapestry) -> Vec<String> {
    sorted_moves(p).into_iter().map(|(t, _)| t).collect()
}

/// The sorted legal moves whose text starts with `prefix` (e.g. `c3-`).
fn moves_from(text: &str, prefix: &str) -> Vec<String> {
    all_moves(&pos(text))
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Tapestry, text: &str) {
    match p.parse_move(text) {
        Ok(mv) => {
            p.play(mv);
        }
        Err(e) => panic!("{}: {e}", p.to_text()),
    }
}

// ---------------------------------------------------------------------------
// Restrictions: Light, Earth, Nexus, alone and combined

/// A lone rook on c3; Kings out of its lines.
const ROOK_C3: &str = "5k/6/6/2R3/6/K5 w";

#[test]
fn without_light_earth_or_nexus_nothing_is_restricted() {
    // Only Opposition and Avoidance occupied: the rook moves as in chess.
    let text = format!("{ROOK_C3} OOA -");
    assert_eq!(
        moves_from(&text, "c3-"),
        strings(&[
            "c3-a3", "c3-b3", "c3-c1", "c3-c2", "c3-c4", "c3-c5", "c3-c6", "c3-d3", "c3-e3",
            "c3-f3"
        ])
    );
}

#[test]
fn light_alone_needs_a_change_of_colour_and_sliders_pass_over() {
    // c3 → c1, c5, a3, e3 keep the colour; c3-c6 passes over c5.
    let text = format!("{ROOK_C3} LLL -");
    assert_eq!(
        moves_from(&text, "c3-"),
        strings(&["c3-b3", "c3-c2", "c3-c4", "c3-c6", "c3-d3", "c3-f3"])
    );
}

#[test]
fn earth_alone_needs_a_change_of_territory() {
    // c3 shares its territory with c4 and d3 (and d4).
    let text = format!("{ROOK_C3} EEE -");
    assert_eq!(
        moves_from(&text, "c3-"),
        strings(&[
            "c3-a3", "c3-b3", "c3-c1", "c3-c2", "c3-c5", "c3-c6", "c3-e3", "c3-f3"
        ])
    );
}

#[test]
fn nexus_alone_limits_every_piece_to_three_squares() {
    let text = "4k1/6/6/6/5K/Q5 w NNN -";
    assert_eq!(
        moves_from(text, "a1-"),
        strings(&[
            "a1-a2", "a1-a3", "a1-a4", "a1-b1", "a1-b2", "a1-c1", "a1-c3", "a1-d1", "a1-d4"
        ])
    );
    // The limit is the larger of the file and rank differences.
    let rook = "4k1/6/6/6/5K/R5 w NNN -";
    assert_eq!(
        moves_from(rook, "a1-"),
        strings(&["a1-a2", "a1-a3", "a1-a4", "a1-b1", "a1-c1", "a1-d1"])
    );
}

#[test]
fn light_earth_and_nexus_combine() {
    // Within 3 (Nexus), a different colour (Light: not a3 c1 c3), a different
    // territory (Earth: not a2 b1 b2).
    let text = "4k1/6/6/6/5K/Q5 w LNE -";
    assert_eq!(
        moves_from(text, "a1-"),
        strings(&["a1-a4", "a1-d1", "a1-d4"])
    );
    // Light and Earth together on the rook.
    let text = format!("{ROOK_C3} LEE -");
    assert_eq!(
        moves_from(&text, "c3-"),
        strings(&["c3-b3", "c3-c2", "c3-c6", "c3-f3"])
    );
}

#[test]
fn knights_are_never_affected() {
    for fates in ["OOA", "LLL", "EEE", "NNN", "LNE"] {
        let text = format!("5k/6/6/2N3/6/K5 w {fates} -");
        assert_eq!(
            moves_from(&text, "c3-"),
            strings(&[
                "c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4"
            ]),
            "{fates}"
        );
    }
}

#[test]
fn the_king_obeys_earth() {
    // b2's territory is a1 a2 b1 b2; Light never stops a one-step move.
    let earth = "5k/6/6/6/1K4/6 w EEE -";
    assert_eq!(
        moves_from(earth, "b2-"),
        strings(&["b2-a3", "b2-b3", "b2-c1", "b2-c2", "b2-c3"])
    );
    let light = "5k/6/6/6/1K4/6 w LLL -";
    assert_eq!(moves_from(light, "b2-").len(), 8);
}

// ---------------------------------------------------------------------------
// Pawns: Opposition, Avoidance, Nexus, their union, none

#[test]
fn opposition_pawns_move_and_capture_forward_and_sideways() {
    // d3 holds a knight (sideways capture), b4 a knight (diagonal: not now).
    let text = "5k/6/1n4/2Pn2/6/K5 w OOO -";
    assert_eq!(
        moves_from(text, "c3-"),
        strings(&["c3-b3", "c3-c4", "c3-d3"])
    );
    // Forward capture too.
    let text = "5k/6/2n3/2P3/6/K5 w OOO -";
    assert_eq!(
        moves_from(text, "c3-"),
        strings(&["c3-b3", "c3-c4", "c3-d3"])
    );
    // Black pawns go down the board.
    let text = "5k/6/2p3/6/6/K5 b OOO -";
    assert_eq!(
        moves_from(text, "c4-"),
        strings(&["c4-b4", "c4-c3", "c4-d4"])
    );
}

#[test]
fn avoidance_pawns_move_and_capture_diagonally_forward() {
    let text = "5k/6/2nn2/2P3/6/K5 w AAA -";
    assert_eq!(moves_from(text, "c3-"), strings(&["c3-b4", "c3-d4"]));
}

#[test]
fn nexus_pawns_move_as_in_chess_without_the_double_step() {
    // Forward to an empty square, capture diagonally only.
    let text = "5k/6/3n2/2P3/6/K5 w NNN -";
    assert_eq!(moves_from(text, "c3-"), strings(&["c3-c4", "c3-d4"]));
    // Blocked in front: no forward capture; no double step from rank 2.
    let text = "5k/6/2n3/2P3/6/K5 w NNN -";
    assert_eq!(moves_from(text, "c3-"), Vec::<String>::new());
    let text = "5k/6/6/6/2P3/K5 w NNN -";
    assert_eq!(moves_from(text, "c2-"), strings(&["c2-c3"]));
}

#[test]
fn pawn_modes_are_a_union() {
    // Opposition + Avoidance + Nexus: forward (capture by Opposition),
    // sideways, diagonals.
    let text = "5k/6/1Pn3/2P3/6/K5 w OAN -";
    assert_eq!(
        moves_from(text, "c3-"),
        strings(&["c3-b3", "c3-c4", "c3-d3", "c3-d4"])
    );
    // Avoidance + Nexus: diagonal moves (Avoidance) and the forward step.
    let text = "5k/6/6/2P3/6/K5 w NAA -";
    assert_eq!(
        moves_from(text, "c3-"),
        strings(&["c3-b4", "c3-c4", "c3-d4"])
    );
}

#[test]
fn pawns_are_frozen_and_harmless_with_an_empty_vertical_axis() {
    for fates in ["LLL", "EEE", "LLE", "LEE"] {
        let text = format!("5k/6/1n1n2/2P3/6/K5 w {fates} -");
        assert_eq!(moves_from(&text, "c3-"), Vec::<String>::new(), "{fates}");
    }
    // A black pawn on c5 attacks nothing: the White King may stand on d4…
    let p = pos("k5/2p3/3K2/6/6/6 w LLL -");
    assert!(!p.in_check());
    // … but moving a Fate onto Avoidance would expose it (so it is illegal),
    // while Nexus with the pawn's capture is an attack too.
    let moves = all_moves(&p);
    assert!(moves.iter().all(|m| !m.starts_with("L-")), "{moves:?}");
    assert_eq!(moves.iter().filter(|m| m.starts_with("d4-")).count(), 8);
}

#[test]
fn earth_restricts_pawns_and_light_cannot() {
    // c3 shares its territory with c4 and d3.
    let text = "5k/6/2n3/2Pn2/6/K5 w OOE -";
    assert_eq!(moves_from(text, "c3-"), strings(&["c3-b3"]));
    // Every pawn step changes the colour, so Light restricts no pawn.
    let text = "5k/6/2n3/2Pn2/6/K5 w OOL -";
    assert_eq!(
        moves_from(text, "c3-"),
        strings(&["c3-b3", "c3-c4", "c3-d3"])
    );
}

#[test]
fn promotion_offers_four_pieces_on_moves_and_captures() {
    let text = "3n2/2P3/6/5k/6/K5 w NNN -";
    assert_eq!(
        moves_from(text, "c5-"),
        strings(&[
            "c5-c6=B", "c5-c6=N", "c5-c6=Q", "c5-c6=R", "c5-d6=B", "c5-d6=N", "c5-d6=Q", "c5-d6=R"
        ])
    );
    let mut p = pos(text);
    play(&mut p, "c5-d6=N");
    assert_eq!(p.to_text(), "3N2/6/6/5k/6/K5 b NNN -");
    // Black promotes on rank 1; sideways moves do not promote.
    let text = "K5/6/6/5k/2p3/6 b OOO -";
    assert_eq!(
        moves_from(text, "c2-"),
        strings(&["c2-b2", "c2-c1=B", "c2-c1=N", "c2-c1=Q", "c2-c1=R", "c2-d2"])
    );
}

#[test]
fn no_castling_and_no_double_step_from_the_start() {
    let p = Tapestry::start(&());
    assert_eq!(
        all_moves(&p),
        strings(&[
            "N-A", "N-E", "N-L", "N-O", "a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3", "f1-e3",
            "f2-f3"
        ])
    );
}

// ---------------------------------------------------------------------------
// The Loom: steps and the no-undo rule

#[test]
fn fates_step_between_adjacent_loom_squares_and_stack() {
    // Arms only reach Nexus; one move per (from, to) however many Fates.
    let p = pos("5k/6/6/6/6/K5 w OOL -");
    let loom: Vec<String> = all_moves(&p)
        .into_iter()
        .filter(|m| !m.contains(char::is_numeric))
        .collect();
    assert_eq!(loom, strings(&["L-N", "O-N"]));
}

#[test]
fn the_opponents_last_loom_step_cannot_be_reversed_only_on_the_next_turn() {
    // Only the exact reverse is forbidden: L-N and N-O stay legal.
    let p = pos("5k/6/6/6/6/K5 w LNO N-O");
    let loom: Vec<String> = all_moves(&p)
        .into_iter()
        .filter(|m| !m.contains(char::is_numeric))
        .collect();
    assert_eq!(loom, strings(&["L-N", "N-A", "N-E", "N-L", "N-O"]));

    // White steps N-O; Black may not reply O-N, but White may later.
    let mut p = pos("5k/6/6/6/6/K5 w NNN -");
    play(&mut p, "N-O");
    assert_eq!(p.to_text(), "5k/6/6/6/6/K5 b ONN N-O");
    assert!(p.parse_move("O-N").is_err());
    play(&mut p, "f6-f5");
    assert_eq!(p.to_text(), "6/5k/6/6/6/K5 w ONN -");
    let mut q = p.clone();
    play(&mut q, "O-N");
    assert_eq!(q.to_text(), "6/5k/6/6/6/K5 b NNN O-N");
    // After another Loom step, only that step's reverse is forbidden.
    play(&mut p, "a1-a2");
    play(&mut p, "N-L");
    assert!(p.parse_move("O-N").is_ok());
    assert!(p.parse_move("L-N").is_err());
}

#[test]
fn a_loom_move_that_exposes_ones_king_is_illegal() {
    // Earth keeps the two Kings apart (same territory); removing the last
    // Fate from Earth would put them in contact.
    let p = pos("6/6/6/6/1k4/K5 b ENN -");
    assert!(!p.in_check());
    let moves = all_moves(&p);
    assert!(!moves.contains(&"E-N".to_string()), "{moves:?}");
    assert!(moves.contains(&"N-O".to_string()));
    // Light hides a rook on a3 from a1 (same colour); L-N would expose it.
    let p = pos("5k/6/6/r5/6/K5 w LNN -");
    assert!(!p.in_check());
    let moves = all_moves(&p);
    assert!(!moves.contains(&"L-N".to_string()), "{moves:?}");
    assert!(moves.contains(&"N-E".to_string()));
}

#[test]
fn two_kings_may_stand_side_by_side_when_the_loom_forbids_the_step() {
    let p = pos("6/6/6/6/1k4/K5 b EEE -");
    assert!(!p.in_check());
    assert_eq!(
        all_moves(&p),
        strings(&["E-N", "b2-a3", "b2-b3", "b2-c1", "b2-c2", "b2-c3"])
    );
    // Without Earth the same placement is illegal (the side not to move is
    // in check).
    assert!(Tapestry::from_text("6/6/6/6/1k4/K5 b NNN -", &()).is_err());
}

#[test]
fn a_loom_move_can_give_check() {
    // d6 and f6 share a colour: under Light the rook does not attack f6.
    let mut p = pos("3R1k/6/6/6/6/K5 w LNN -");
    play(&mut p, "L-N");
    assert!(p.in_check());
    assert_eq!(p.side_to_move(), Side::BLACK);
    // N-L would answer it (Light again) but reverses White's step; the other
    // Fate steps leave the rook's attack, so only the King can answer.
    assert_eq!(all_moves(&p), strings(&["f6-e5", "f6-f5"]));
}

#[test]
fn a_loom_move_can_answer_check() {
    // The rook checks from 4 squares; Earth pins the King to its territory;
    // bringing a Fate to Nexus limits the rook to 3 squares.
    let p = pos("1R3k/6/6/6/6/K5 b OEE -");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), strings(&["E-N", "O-N"]));
}

#[test]
fn a_player_with_no_legal_move_loses_in_check_or_not() {
    // Checkmate: the rook is close enough for any Loom state.
    let p = pos("2R2k/6/6/6/6/K5 b EEE -");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), Vec::<String>::new());
    let outcome = p.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Win(Side::WHITE));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    // Not in check, no move: the King's way out is covered by knights, and
    // E-N would let the e5 pawn capture towards d6. Still a loss.
    let p = pos("3k2/4P1/5N/5N/6/K5 b EEE -");
    assert!(!p.in_check());
    assert_eq!(all_moves(&p), Vec::<String>::new());
    let outcome = p.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Win(Side::WHITE));
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    // With a legal move there is no outcome.
    assert_eq!(Tapestry::start(&()).outcome(), None);
}

#[test]
fn move_clock_resets_on_captures_and_pawn_moves_only() {
    let p = pos("5k/6/1n4/2P3/6/K5 w NAA -");
    let mv = |t: &str| p.parse_move(t).expect(t);
    assert!(p.resets_move_clock(mv("c3-b4")));
    assert!(p.resets_move_clock(mv("c3-c4")));
    assert!(!p.resets_move_clock(mv("a1-b1")));
    assert!(!p.resets_move_clock(mv("N-O")));
}

// ---------------------------------------------------------------------------
// Notation and position text

#[test]
fn move_text_parses_and_rejects_with_reasons() {
    let p = Tapestry::start(&());
    for text in ["e2-e3", " N-O ", "f1-e3"] {
        let mv = p.parse_move(text).expect(text);
        assert_eq!(p.move_text(mv), text.trim());
    }
    assert_eq!(
        p.parse_move("N-O").ok(),
        Some(Move::Loom {
            from: variantarium::rules::tapestry::Loom::Nexus,
            to: variantarium::rules::tapestry::Loom::Opposition,
        })
    );
    for bad in ["e2e3", "e2-e7", "N-X", "N-O=Q", "c2-c3=K", "n-o", ""] {
        let err = p.parse_move(bad).expect_err(bad).to_string();
        assert!(err.contains("malformed"), "{bad}: {err}");
    }
    for illegal in ["e2-e4", "O-N", "L-E", "a1-a2", "d1-d2"] {
        let err = p.parse_move(illegal).expect_err(illegal).to_string();
        assert!(err.contains("illegal"), "{illegal}: {err}");
    }
}

#[test]
fn position_text_round_trips_and_includes_the_loom() {
    let start = Tapestry::start(&());
    assert_eq!(start.to_text(), START);
    for text in [
        START,
        "5k/6/6/6/6/K5 b ONN N-O",
        "5k/6/6/6/6/K5 w LEA N-L",
        "3n2/2P3/6/5k/6/K5 w AAA -",
    ] {
        let p = pos(text);
        assert_eq!(p.to_text(), text);
        assert_eq!(pos(&p.to_text()), p);
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
    // The Fates may be written in any order; they come back in O L N E A order.
    assert_eq!(
        pos("5k/6/6/6/6/K5 w NEO -").to_text(),
        "5k/6/6/6/6/K5 w ONE -"
    );
}

#[test]
fn hash_and_equality_include_fates_and_the_last_loom_step() {
    let a = pos("5k/6/6/6/6/K5 w ONN -");
    let b = pos("5k/6/6/6/6/K5 w ONN N-O");
    let c = pos("5k/6/6/6/6/K5 w OON -");
    let d = pos("5k/6/6/6/6/K5 w ONN L-N");
    assert_eq!(b, pos("5k/6/6/6/6/K5 w NON N-O"));
    assert_ne!(a, b);
    assert_ne!(b, d);
    assert_ne!(b.hash(), d.hash());
    assert_ne!(a, c);
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    assert_ne!(b.hash(), c.hash());
}

#[test]
fn bad_position_text_is_rejected_with_a_reason() {
    let cases = [
        ("", "4 fields"),
        ("rbqkbn/pppppp/6/6/PPPPPP/RBQKBN w NNN", "4 fields"),
        ("rbqkbn/pppppp/6/6/PPPPPP/RBQKBN x NNN -", "side to move"),
        ("rbqkbn/pppppp/6/6/PPPPPP w NNN -", "6 ranks"),
        (
            "rbqkbn/pppppp/7/6/PPPPPP/RBQKBN w NNN -",
            "not a Tapestry piece",
        ),
        (
            "rbqkbn/pppppp/61/6/PPPPPP/RBQKBN w NNN -",
            "exactly 6 squares",
        ),
        (
            "rbqkbn/pppppp/5/6/PPPPPP/RBQKBN w NNN -",
            "exactly 6 squares",
        ),
        (
            "rbqkbn/ppxppp/6/6/PPPPPP/RBQKBN w NNN -",
            "not a Tapestry piece",
        ),
        ("rbqkbn/pppppp/6/6/PPPPPP/RBQ1BN w NNN -", "one King"),
        ("rbqkbn/pppppp/6/6/PPPPPP/RBQKKN w NNN -", "one King"),
        ("P4k/6/6/6/6/K5 w NNN -", "promotion rank"),
        ("5k/6/6/6/6/K4p w NNN -", "promotion rank"),
        ("5k/6/6/6/6/K5 w NN -", "exactly 3 Fates"),
        ("5k/6/6/6/6/K5 w NNNN -", "exactly 3 Fates"),
        ("5k/6/6/6/6/K5 w NXN -", "not a Loom square"),
        ("5k/6/6/6/6/K5 w NNN O-E", "last Loom step"),
        ("5k/6/6/6/6/K5 w NNN N-O", "no Fate stands there"),
        ("5k/6/6/6/6/K5 w NNN N", "last Loom step"),
        ("5k/6/6/6/6/K5 w NNN N-O=Q", "last Loom step"),
        ("5k/6/6/6/6/Kq4 b NNN -", "not to move but is in check"),
    ];
    for (text, reason) in cases {
        match Tapestry::from_text(text, &()) {
            Ok(p) => panic!("'{text}' was accepted as {}", p.to_text()),
            Err(e) => assert!(e.to_string().contains(reason), "'{text}': {e}"),
        }
    }
}

// ---------------------------------------------------------------------------
// The view

#[test]
fn layout_has_the_tapestry_and_the_loom() {
    let p = Tapestry::start(&());
    let layout = p.layout();
    assert_eq!(layout.boards.len(), 2);
    assert_eq!(layout.boards[0].colours, 4);
    assert_eq!(layout.cells.len(), 41);
    let a1 = layout.cell_named("a1").expect("a1");
    let b2 = layout.cell_named("b2").expect("b2");
    let f6 = layout.cell_named("f6").expect("f6");
    let cells = &layout.cells;
    assert_eq!(
        (cells[a1 as usize].colour, cells[b2 as usize].colour),
        (0, 3)
    );
    assert_eq!(cells[f6 as usize].place, [5.0, 5.0]);
    let mut colours = [0; 4];
    for c in cells.iter().filter(|c| c.board == 0) {
        colours[c.colour as usize] += 1;
    }
    assert_eq!(colours, [9; 4]);
    let place = |name: &str| {
        let id = layout.cell_named(name).expect(name) as usize;
        assert_eq!(cells[id].board, 1);
        cells[id].place
    };
    assert_eq!(place("N"), [8.5, 2.5]);
    assert_eq!(place("O"), [8.5, 3.5]);
    assert_eq!(place("A"), [8.5, 1.5]);
    assert_eq!(place("L"), [7.5, 2.5]);
    assert_eq!(place("E"), [9.5, 2.5]);
}

#[test]
fn placements_route_and_effects() {
    let p = pos("3n2/2P3/6/5k/6/K5 w ONN -");
    let layout = p.layout();
    let id = |name: &str| layout.cell_named(name).expect(name);
    let placements = p.placements();
    let fates: Vec<(u16, u8)> = placements
        .iter()
        .filter(|pl| pl.letter == 'F')
        .map(|pl| {
            assert_eq!(pl.side, None);
            (pl.cell, pl.level)
        })
        .collect();
    assert_eq!(fates, vec![(id("O"), 0), (id("N"), 0), (id("N"), 1)]);
    assert!(
        placements
            .iter()
            .any(|pl| pl.cell == id("c5") && pl.letter == 'P' && pl.side == Some(Side::WHITE))
    );
    assert!(
        placements
            .iter()
            .any(|pl| pl.cell == id("f3") && pl.letter == 'K' && pl.side == Some(Side::BLACK))
    );
    assert_eq!(placements.len(), 7);

    let mv = |t: &str| p.parse_move(t).expect(t);
    let step = mv("N-L");
    assert_eq!((p.route(step).from, p.route(step).to), (id("N"), id("L")));
    assert_eq!(
        p.effects(step),
        vec![Effect::Move {
            from: id("N"),
            to: id("L")
        }]
    );
    assert_eq!(
        p.effects(mv("c5-d6=Q")),
        vec![
            Effect::Capture { at: id("d6") },
            Effect::Move {
                from: id("c5"),
                to: id("d6")
            },
            Effect::Transform {
                at: id("d6"),
                letter: 'Q',
                state: ManState::Normal
            },
        ]
    );
    assert_eq!(
        p.effects(mv("a1-a2")),
        vec![Effect::Move {
            from: id("a1"),
            to: id("a2")
        }]
    );
    let r = p.route(mv("c5-c6=R"));
    assert_eq!((r.from, r.to), (id("c5"), id("c6")));
}

// ---------------------------------------------------------------------------
// perft, playouts, CLI

const PERFT: [u64; 5] = [1, 11, 131, 2016, 33556];

#[test]
fn perft_from_the_start() {
    for (depth, &nodes) in PERFT.iter().enumerate() {
        let mut p = Tapestry::start(&());
        assert_eq!(perft(&mut p, depth as u32), nodes, "depth {depth}");
        assert_eq!(p, Tapestry::start(&()));
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let start = Tapestry::start(&());
    let report = random_playouts(&start, 2000, 200, 0x7A9E).expect("invariants hold");
    assert_eq!(report.games, 2000);
    assert!(report.plies > 100_000, "{report:?}");
}

fn cli(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{args:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn cli_perft_and_moves() {
    assert_eq!(
        cli(&["perft", "--variant", "tapestry", "--depth", "2"]),
        "nodes 131\n"
    );
    assert_eq!(
        cli(&["moves", "--variant", "tapestry"]),
        "N-A\nN-E\nN-L\nN-O\na2-a3\nb2-b3\nc2-c3\nd2-d3\ne2-e3\nf1-e3\nf2-f3\n"
    );
    assert_eq!(
        cli(&[
            "moves",
            "--variant",
            "tapestry",
            "--position",
            "1R3k/6/6/6/6/K5 b OEE -"
        ]),
        "E-N\nO-N\n"
    );
}

// ---------------------------------------------------------------------------
// The independent reference generator

/// Written straight from RULES.md §2 with plain arrays, recomputing
/// everything; it shares nothing with the fast generator but the text format.
mod reference {
    const LOOM: [char; 5] = ['O', 'L', 'N', 'E', 'A'];
    const O: usize = 0;
    const L: usize = 1;
    const N: usize = 2;
    const E: usize = 3;
    const A: usize = 4;

    #[derive(Clone, PartialEq, Debug)]
    pub struct Ref {
        /// `board[y][x]`: '.' or a letter, upper case White.
        board: [[char; 6]; 6],
        white: bool,
        fates: [u8; 5],
        last: Option<(usize, usize)>,
    }

    #[derive(Clone, Copy, Debug)]
    enum RefMove {
        Board(i32, i32, i32, i32, Option<char>),
        Loom(usize, usize),
    }

    fn adjacent(a: usize, b: usize) -> bool {
        a != b && (a == N || b == N)
    }

    fn on(x: i32, y: i32) -> bool {
        (0..6).contains(&x) && (0..6).contains(&y)
    }

    impl Ref {
        pub fn parse(text: &str) -> Ref {
            let f: Vec<&str> = text.split(' ').collect();
            let mut board = [['.'; 6]; 6];
            for (row, rank) in f[0].split('/').enumerate() {
                let y = 5 - row;
                let mut x = 0;
                for c in rank.chars() {
                    if let Some(d) = c.to_digit(10) {
                        x += d as usize;
                    } else {
                        board[y][x] = c;
                        x += 1;
                    }
                }
            }
            let mut fates = [0; 5];
            for c in f[2].chars() {
                fates[LOOM.iter().position(|&l| l == c).unwrap()] += 1;
            }
            let last = if f[3] == "-" {
                None
            } else {
                let c: Vec<char> = f[3].chars().collect();
                let i = |ch| LOOM.iter().position(|&l| l == ch).unwrap();
                Some((i(c[0]), i(c[2])))
            };
            Ref {
                board,
                white: f[1] == "w",
                fates,
                last,
            }
        }

        pub fn text(&self) -> String {
            let mut s = String::new();
            for y in (0..6).rev() {
                let mut run = 0;
                for x in 0..6 {
                    let c = self.board[y][x];
                    if c == '.' {
                        run += 1;
                    } else {
                        if run > 0 {
                            s += &run.to_string();
                        }
                        run = 0;
                        s.push(c);
                    }
                }
                if run > 0 {
                    s += &run.to_string();
                }
                if y > 0 {
                    s.push('/');
                }
            }
            s += if self.white { " w " } else { " b " };
            for (i, &n) in self.fates.iter().enumerate() {
                for _ in 0..n {
                    s.push(LOOM[i]);
                }
            }
            match self.last {
                None => s += " -",
                Some((a, b)) => s += &format!(" {}-{}", LOOM[a], LOOM[b]),
            }
            s
        }

        fn active(&self, l: usize) -> bool {
            self.fates[l] > 0
        }

        fn is_white(c: char) -> bool {
            c.is_ascii_uppercase()
        }

        fn at(&self, x: i32, y: i32) -> char {
            self.board[y as usize][x as usize]
        }

        /// Light, Earth and Nexus on a move from (fx, fy) to (tx, ty).
        fn allowed(&self, fx: i32, fy: i32, tx: i32, ty: i32) -> bool {
            let colour = |x: i32, y: i32| x % 2 + 2 * (y % 2);
            let territory = |x: i32, y: i32| (x / 2, y / 2);
            if self.active(L) && colour(fx, fy) == colour(tx, ty) {
                return false;
            }
            if self.active(E) && territory(fx, fy) == territory(tx, ty) {
                return false;
            }
            if self.active(N) && (fx - tx).abs().max((fy - ty).abs()) > 3 {
                return false;
            }
            true
        }

        /// A pawn's moves from (x, y): the union of the active modes' steps
        /// and captures, promoting on the far rank.
        fn pawn_moves(&self, x: i32, y: i32, white: bool, out: &mut Vec<RefMove>) {
            let enemy = |c: char| c != '.' && Self::is_white(c) != white;
            let f = if white { 1 } else { -1 };
            let mut steps: Vec<(i32, i32, bool, bool)> = Vec::new();
            if self.active(O) {
                steps.extend([(0, f, true, true), (1, 0, true, true), (-1, 0, true, true)]);
            }
            if self.active(A) {
                steps.extend([(1, f, true, true), (-1, f, true, true)]);
            }
            if self.active(N) {
                steps.extend([
                    (0, f, true, false),
                    (1, f, false, true),
                    (-1, f, false, true),
                ]);
            }
            let mut seen: Vec<(i32, i32)> = Vec::new();
            for &(dx, dy, _, _) in &steps {
                if seen.contains(&(dx, dy)) {
                    continue;
                }
                seen.push((dx, dy));
                let can_move = steps.iter().any(|s| (s.0, s.1) == (dx, dy) && s.2);
                let can_take = steps.iter().any(|s| (s.0, s.1) == (dx, dy) && s.3);
                let (tx, ty) = (x + dx, y + dy);
                if !on(tx, ty) || !self.allowed(x, y, tx, ty) {
                    continue;
                }
                let t = self.at(tx, ty);
                if (t == '.' && can_move) || (enemy(t) && can_take) {
                    if ty == if white { 5 } else { 0 } {
                        for p in ['Q', 'R', 'B', 'N'] {
                            out.push(RefMove::Board(x, y, tx, ty, Some(p)));
                        }
                    } else {
                        out.push(RefMove::Board(x, y, tx, ty, None));
                    }
                }
            }
        }

        /// Moves of `white`'s pieces obeying the Loom, ignoring check.
        fn pseudo(&self, white: bool) -> Vec<RefMove> {
            let mut out = Vec::new();
            let own = |c: char| c != '.' && Self::is_white(c) == white;
            let enemy = |c: char| c != '.' && Self::is_white(c) != white;
            let kings = [
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ];
            let knights = [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ];
            for y in 0..6 {
                for x in 0..6 {
                    let c = self.at(x, y);
                    if !own(c) {
                        continue;
                    }
                    let mut add = |tx: i32, ty: i32, p: Option<char>| {
                        out.push(RefMove::Board(x, y, tx, ty, p));
                    };
                    match c.to_ascii_uppercase() {
                        'K' => {
                            for (dx, dy) in kings {
                                let (tx, ty) = (x + dx, y + dy);
                                if on(tx, ty) && !own(self.at(tx, ty)) && self.allowed(x, y, tx, ty)
                                {
                                    add(tx, ty, None);
                                }
                            }
                        }
                        'N' => {
                            for (dx, dy) in knights {
                                let (tx, ty) = (x + dx, y + dy);
                                if on(tx, ty) && !own(self.at(tx, ty)) {
                                    add(tx, ty, None);
                                }
                            }
                        }
                        'R' | 'B' | 'Q' => {
                            let u = c.to_ascii_uppercase();
                            for (dx, dy) in kings {
                                let diagonal = dx != 0 && dy != 0;
                                if (u == 'R' && diagonal) || (u == 'B' && !diagonal) {
                                    continue;
                                }
                                let (mut tx, mut ty) = (x + dx, y + dy);
                                while on(tx, ty) && !own(self.at(tx, ty)) {
                                    if self.allowed(x, y, tx, ty) {
                                        add(tx, ty, None);
                                    }
                                    if enemy(self.at(tx, ty)) {
                                        break;
                                    }
                                    tx += dx;
                                    ty += dy;
                                }
                            }
                        }
                        _ => self.pawn_moves(x, y, white, &mut out),
                    }
                }
            }
            out
        }

        fn king_attacked(&self, white: bool) -> bool {
            let king = if white { 'K' } else { 'k' };
            self.pseudo(!white).iter().any(|m| match *m {
                RefMove::Board(_, _, tx, ty, _) => self.at(tx, ty) == king,
                RefMove::Loom(..) => false,
            })
        }

        pub fn in_check(&self) -> bool {
            self.king_attacked(self.white)
        }

        fn apply(&self, m: RefMove) -> Ref {
            let mut r = self.clone();
            match m {
                RefMove::Board(fx, fy, tx, ty, p) => {
                    let mut c = r.board[fy as usize][fx as usize];
                    if let Some(p) = p {
                        c = if self.white {
                            p
                        } else {
                            p.to_ascii_lowercase()
                        };
                    }
                    r.board[fy as usize][fx as usize] = '.';
                    r.board[ty as usize][tx as usize] = c;
                    r.last = None;
                }
                RefMove::Loom(a, b) => {
                    r.fates[a] -= 1;
                    r.fates[b] += 1;
                    r.last = Some((a, b));
                }
            }
            r.white = !r.white;
            r
        }

        fn name(m: RefMove) -> String {
            match m {
                RefMove::Board(fx, fy, tx, ty, p) => {
                    let sq = |x: i32, y: i32| format!("{}{}", (b'a' + x as u8) as char, y + 1);
                    let mut s = format!("{}-{}", sq(fx, fy), sq(tx, ty));
                    if let Some(p) = p {
                        s.push('=');
                        s.push(p);
                    }
                    s
                }
                RefMove::Loom(a, b) => format!("{}-{}", LOOM[a], LOOM[b]),
            }
        }

        /// The legal moves: (text, position after), sorted by text.
        pub fn legal(&self) -> Vec<(String, Ref)> {
            let mut candidates = self.pseudo(self.white);
            for a in 0..5 {
                for b in 0..5 {
                    if self.fates[a] > 0 && adjacent(a, b) && self.last != Some((b, a)) {
                        candidates.push(RefMove::Loom(a, b));
                    }
                }
            }
            let mut out: Vec<(String, Ref)> = candidates
                .into_iter()
                .map(|m| (Self::name(m), self.apply(m)))
                .filter(|(_, after)| !after.king_attacked(self.white))
                .collect();
            out.sort_by(|a, b| a.0.cmp(&b.0));
            out
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.legal().iter().map(|(_, r)| r.perft(depth - 1)).sum()
        }
    }
}

use reference::Ref;

/// The fast and the reference generator agree on the legal moves, check, and
/// the position after every legal move.
fn agree(p: &Tapestry) {
    let text = p.to_text();
    let r = Ref::parse(&text);
    assert_eq!(r.text(), text, "reference reads the text");
    assert_eq!(r.in_check(), p.in_check(), "{text}: in check");
    let expected = r.legal();
    let names: Vec<String> = expected.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(all_moves(p), names, "{text}");
    for (name, after) in &expected {
        let mut q = p.clone();
        play(&mut q, name);
        assert_eq!(q.to_text(), after.text(), "{text} then {name}");
    }
}

#[test]
fn reference_perft_agrees_from_the_start() {
    let r = Ref::parse(START);
    for (depth, &nodes) in PERFT.iter().enumerate() {
        assert_eq!(r.perft(depth as u32), nodes, "depth {depth}");
    }
    // One ply deeper than the asserted table, both generators.
    assert_eq!(r.perft(5), 639_157);
    assert_eq!(perft(&mut Tapestry::start(&()), 5), 639_157);
}

#[test]
fn reference_agrees_along_random_games() {
    let mut rng = Rng::new(0x5EED_7A9E);
    let mut positions = 0;
    for _ in 0..300 {
        let mut p = Tapestry::start(&());
        for _ in 0..120 {
            agree(&p);
            positions += 1;
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(positions > 20_000, "{positions}");
}

/// Random placements with random Loom states: many checks, promotions,
/// frozen pawns and stacked Fates that games rarely reach.
#[test]
fn reference_agrees_on_random_placements() {
    let mut rng = Rng::new(0xFA7E5);
    let letters = ['Q', 'R', 'B', 'N', 'P', 'P'];
    let loom = ['O', 'L', 'N', 'E', 'A'];
    let mut checked = 0;
    let mut in_check = 0;
    let mut finished = 0;
    while checked < 20_000 {
        let mut board = [['.'; 6]; 6];
        let mut place = |rng: &mut Rng, c: char| loop {
            let (x, y) = (rng.below(6), rng.below(6));
            let pawn_rank = match c {
                'P' => 5,
                'p' => 0,
                _ => 9,
            };
            if board[y][x] == '.' && y != pawn_rank {
                board[y][x] = c;
                break;
            }
        };
        place(&mut rng, 'K');
        place(&mut rng, 'k');
        for _ in 0..rng.below(12) {
            let c = letters[rng.below(letters.len())];
            let c = if rng.below(2) == 0 {
                c
            } else {
                c.to_ascii_lowercase()
            };
            place(&mut rng, c);
        }
        let placement: Vec<String> = (0..6)
            .rev()
            .map(|y| {
                board[y]
                    .iter()
                    .map(|&c| if c == '.' { '1' } else { c })
                    .collect::<String>()
            })
            .collect();
        let fates: String = (0..3).map(|_| loom[rng.below(5)]).collect();
        let last = match rng.below(3) {
            0 => "-".to_string(),
            _ => {
                let to = fates.chars().nth(rng.below(3)).unwrap_or('N');
                let from = if to == 'N' {
                    loom[[0, 1, 3, 4][rng.below(4)]]
                } else {
                    'N'
                };
                format!("{from}-{to}")
            }
        };
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let text = format!("{} {side} {fates} {last}", placement.join("/"));
        // Runs of '1' are a legal spelling of empty squares.
        let Ok(p) = Tapestry::from_text(&text, &()) else {
            continue;
        };
        agree(&p);
        checked += 1;
        in_check += usize::from(p.in_check());
        finished += usize::from(p.outcome().is_some());
    }
    assert!(in_check > 1000, "{in_check}");
    assert!(finished > 40, "{finished}");
}

// ---------------------------------------------------------------------------
// Rule hints for the app.

mod hints {
    use super::*;
    use variantarium::rules::tapestry::GRID;
    use variantarium::rules::view::{CellId, Hint, HintKind};

    /// A Tapestry square or a Loom square (`O L N E A`) by name.
    fn cell(name: &str) -> CellId {
        Tapestry::start(&())
            .layout()
            .cell_named(name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    }

    fn forbidden(at: &str, label: &str) -> Hint {
        Hint::Mark {
            at: cell(at),
            kind: HintKind::Forbidden,
            label: label.into(),
        }
    }

    const BY_LIGHT: &str = "forbidden by Light";
    const BY_EARTH: &str = "forbidden by Earth";
    const BY_NEXUS: &str = "forbidden by Nexus";
    const BY_LIGHT_NEXUS: &str = "forbidden by Light and Nexus";
    const FROZEN: &str = "pawns frozen: no Fate on Opposition, Nexus or Avoidance";

    fn effect(loom: &str, label: &str) -> Hint {
        Hint::Mark {
            at: cell(loom),
            kind: HintKind::LoomEffect,
            label: label.into(),
        }
    }

    const LIGHT: &str = "Light: every move must change colour (Knights excepted)";
    const EARTH: &str = "Earth: every move must change territory (Knights excepted)";
    const NEXUS: &str =
        "Nexus: no move longer than 3 squares (Knights excepted); pawns move as in chess";
    const OPPOSITION: &str = "Opposition: pawns move or capture one step forward or sideways";

    fn check(from: &str, to: &str) -> Hint {
        Hint::Line {
            from: cell(from),
            to: cell(to),
            kind: HintKind::Check,
            label: None,
        }
    }

    #[test]
    fn light_forbids_the_rooks_same_coloured_targets() {
        // c3 → c1, a3, e3, c5 keep the colour (two squares along a line; a
        // one-square step always changes it). Marks in square order, then
        // the active Loom square.
        let p = pos(&format!("{ROOK_C3} LLL -"));
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                forbidden("c1", BY_LIGHT),
                forbidden("a3", BY_LIGHT),
                forbidden("e3", BY_LIGHT),
                forbidden("c5", BY_LIGHT),
                effect("L", LIGHT),
            ]
        );
        // Light and Earth: c4 and d3 share c3's territory.
        let p = pos(&format!("{ROOK_C3} LEE -"));
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                forbidden("c1", BY_LIGHT),
                forbidden("a3", BY_LIGHT),
                forbidden("d3", BY_EARTH),
                forbidden("e3", BY_LIGHT),
                forbidden("c4", BY_EARTH),
                forbidden("c5", BY_LIGHT),
                effect("L", LIGHT),
                effect("E", EARTH),
            ]
        );
        // No restriction: nothing forbidden, only the active squares.
        let p = pos(&format!("{ROOK_C3} OOA -"));
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                effect("O", OPPOSITION),
                effect(
                    "A",
                    "Avoidance: pawns move or capture one step diagonally forward"
                ),
            ]
        );
    }

    #[test]
    fn every_restriction_that_forbids_a_target_is_named() {
        // The queen a1 under Light, Nexus and Earth keeps a4, d1, d4.
        let p = pos("4k1/6/6/6/5K/Q5 w LNE -");
        assert_eq!(
            p.selection_hints(cell("a1")),
            [
                forbidden("b1", BY_EARTH),
                forbidden("c1", BY_LIGHT),
                forbidden("e1", BY_LIGHT_NEXUS),
                forbidden("f1", BY_NEXUS),
                forbidden("a2", BY_EARTH),
                forbidden("b2", BY_EARTH),
                forbidden("a3", BY_LIGHT),
                forbidden("c3", BY_LIGHT),
                forbidden("a5", BY_LIGHT_NEXUS),
                forbidden("e5", BY_LIGHT_NEXUS),
                forbidden("a6", BY_NEXUS),
                forbidden("f6", BY_NEXUS),
                effect("L", LIGHT),
                effect("N", NEXUS),
                effect("E", EARTH),
            ]
        );
        assert_eq!(
            moves_from("4k1/6/6/6/5K/Q5 w LNE -", "a1-"),
            strings(&["a1-a4", "a1-d1", "a1-d4"])
        );
    }

    #[test]
    fn pawns_show_why_they_cannot_move() {
        // No Fate on O, N or A: the orthodox step c4 and capture d4 are
        // frozen, for the side not to move too (d4's d3 and c3).
        let p = pos("5k/6/3p2/2P3/6/K5 w LLE -");
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                forbidden("c4", FROZEN),
                forbidden("d4", FROZEN),
                effect("L", LIGHT),
                effect("E", EARTH),
            ]
        );
        assert_eq!(
            p.selection_hints(cell("d4"))[..2],
            [forbidden("c3", FROZEN), forbidden("d3", FROZEN)]
        );
        // Opposition with Earth: the steps to c4 and d3 stay in c3's
        // territory; b3 leaves it.
        let p = pos("5k/6/6/2P3/6/K5 w OEE -");
        assert_eq!(moves_from("5k/6/6/2P3/6/K5 w OEE -", "c3-"), ["c3-b3"]);
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                forbidden("d3", BY_EARTH),
                forbidden("c4", BY_EARTH),
                effect("O", OPPOSITION),
                effect("E", EARTH),
            ]
        );
    }

    #[test]
    fn a_knight_is_reminded_that_it_ignores_the_loom() {
        let p = pos("5k/6/6/2N3/6/K5 w LLL -");
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                Hint::Mark {
                    at: cell("c3"),
                    kind: HintKind::Note,
                    label: "Knights ignore the Loom".into()
                },
                effect("L", LIGHT),
            ]
        );
        let p = pos("5k/6/6/2N3/6/K5 w OAA -");
        assert_eq!(
            p.selection_hints(cell("c3")),
            [
                effect("O", OPPOSITION),
                effect(
                    "A",
                    "Avoidance: pawns move or capture one step diagonally forward"
                ),
            ]
        );
    }

    #[test]
    fn a_loom_square_shows_its_effect_and_its_forbidden_steps() {
        // After White's L-N the rook d6 checks f6: N-L would undo White's
        // step, N-O, N-E and N-A leave the King in check.
        let mut p = pos("3R1k/6/6/6/6/K5 w LNN -");
        play(&mut p, "L-N");
        let check_text = "forbidden: under the new Loom your King would be in check";
        assert_eq!(
            p.selection_hints(cell("N")),
            [
                forbidden("O", check_text),
                forbidden("L", "forbidden: it would undo White's step L-N"),
                forbidden("E", check_text),
                forbidden("A", check_text),
                effect("N", NEXUS),
            ]
        );
        // An empty Loom square tells what it would do.
        assert_eq!(
            p.selection_hints(cell("L")),
            [
                effect("L", &format!("{LIGHT} (inactive: no Fate here)")),
                effect("N", NEXUS),
            ]
        );
        assert_eq!(p.check_hints(), [check("d6", "f6")]);
        // At the start every Fate step is allowed.
        let start = Tapestry::start(&());
        assert_eq!(start.selection_hints(cell("N")), [effect("N", NEXUS)]);
    }

    #[test]
    fn check_hints_follow_the_current_loom() {
        // The rook b6 checks f6 from four squares away.
        let p = pos("1R3k/6/6/6/6/K5 b OEE -");
        assert_eq!(p.check_hints(), [check("b6", "f6")]);
        // With a Fate on Light the rook d6 does not attack f6 (same colour).
        let p = pos("3R1k/6/6/6/6/K5 b LNN -");
        assert!(!p.in_check());
        assert_eq!(p.check_hints(), []);
        // A double check: the rook f1 along the file and the knight e4.
        let p = pos("5k/6/4N1/6/6/K4R b OOO -");
        assert_eq!(p.check_hints(), [check("f1", "f6"), check("e4", "f6")]);
    }

    #[test]
    fn empty_and_unknown_cells_give_nothing() {
        let p = Tapestry::start(&());
        for c in [cell("c3"), 41, 999, CellId::MAX] {
            assert_eq!(p.selection_hints(c), [], "{c}");
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert!(moves.iter().all(|&mv| p.move_hints(mv).is_empty()));
    }

    #[test]
    fn hints_agree_with_the_legal_moves_along_random_games() {
        // No forbidden mark is a legal target; check lines exactly when in
        // check, each ending on the King; every cell can be selected.
        let mut rng = Rng::new(11);
        for _ in 0..30 {
            let mut p = Tapestry::start(&());
            for _ in 0..80 {
                let moves = all_moves(&p);
                for square in 0..36u8 {
                    let hints = p.selection_hints(square.into());
                    for hint in &hints {
                        if let Hint::Mark {
                            at,
                            kind: HintKind::Forbidden,
                            ..
                        } = hint
                        {
                            let target = format!("{}-{}", GRID.name(square), GRID.name(*at as u8));
                            assert!(
                                !moves.iter().any(|m| m.starts_with(&target)),
                                "{target} is legal in {}",
                                p.to_text()
                            );
                        }
                    }
                }
                for c in 36..45 {
                    let _ = p.selection_hints(c);
                }
                let checks = p.check_hints();
                assert_eq!(checks.is_empty(), !p.in_check(), "{}", p.to_text());
                let mut list = Vec::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv: Move = list[rng.below(list.len())];
                p.play(mv);
            }
        }
    }
}

/// A Loom square says what it does and whether it does it now; a square of
/// the Tapestry is just a square.
#[test]
fn a_loom_square_says_what_it_does_and_whether_it_is_active() {
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::{Variant, VariantId};
    let session = new_session(
        Variant::new(VariantId::Tapestry),
        DrawRules::default(),
        Some("3k2/6/6/6/6/3K2 w ONN -"),
    )
    .expect("a position");
    let layout = session.layout();
    let cell = |name: &str| layout.cell_named(name).expect("a cell");
    let earth = session.cell_words(cell("E")).expect("E is a Loom square");
    assert_eq!(earth.name, "Earth (Loom square)");
    assert_eq!(
        earth.summary,
        "Inactive: no Fate stands here. While active, every move must change territory \
         (Knights excepted)."
    );
    let nexus = session.cell_words(cell("N")).expect("N is a Loom square");
    assert!(
        nexus.summary.starts_with("Active: 2 Fates stand here."),
        "{nexus:?}"
    );
    let opposition = session.cell_words(cell("O")).expect("O");
    assert!(
        opposition
            .summary
            .starts_with("Active: a Fate stands here.")
    );
    assert_eq!(session.cell_words(cell("c3")), None);
}
