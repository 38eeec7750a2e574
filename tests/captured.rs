//! The men each side has taken, as the rules report them for the panel
//! beside the board: a capture in every game shows up under its taker,
//! undo and redo carry it back and forth, and Flaxman's Prisoners are
//! counted on the board.

use variantarium::rules::history::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::view::{Effect, ManState, Placement, taken_men};
use variantarium::rules::{Side, glossary};

/// Plays random moves, a capture whenever one is legal, until a move
/// takes a man off the board; returns the mover and the men it took.
fn play_to_a_capture(session: &mut dyn Session, seed: u64) -> Option<(Side, Vec<Placement>)> {
    let mut rng = Rng::new(seed);
    for _ in 0..400 {
        if session.outcome().is_some() {
            return None;
        }
        let moves = session.legal_moves();
        let before = session.placements();
        let mover = session.side_to_move();
        let taking = moves
            .iter()
            .find(|m| !taken_men(mover, &before, &m.effects).is_empty());
        let chosen = taking.unwrap_or(&moves[rng.below(moves.len())]).clone();
        let taken = taken_men(mover, &before, &chosen.effects);
        session.play(&chosen.text).expect("legal");
        if !taken.is_empty() {
            return Some((mover, taken));
        }
    }
    None
}

#[test]
fn a_capture_in_every_game_shows_up_under_its_taker() {
    for variant in Variant::implemented() {
        if variant.id == VariantId::Flaxman {
            continue;
        }
        let mut session = new_session(variant, DrawRules::NONE, None).expect("implemented");
        let (mover, taken) = (1..20)
            .find_map(|seed| {
                session = new_session(variant, DrawRules::NONE, None).expect("implemented");
                play_to_a_capture(session.as_mut(), seed)
            })
            .unwrap_or_else(|| panic!("{}: no capture in random play", variant.id.id()));
        let takings = session.takings();
        assert_eq!(takings.len(), usize::from(session.side_count()));
        let of_mover = &takings[mover.index()];
        assert_eq!(of_mover.side, mover);
        assert!(
            of_mover.men.ends_with(&taken),
            "{}: {:?} took {taken:?}, the panel has {:?}",
            variant.id.id(),
            mover,
            of_mover.men
        );
        for man in &taken {
            assert_ne!(man.side, Some(mover), "{}: its own man", variant.id.id());
            assert!(
                glossary::man_info(variant, man.letter, man.state).is_some(),
                "{}: the taken man {:?} has a name",
                variant.id.id(),
                man.letter
            );
        }
        // Undo gives the man back; redo takes it again.
        let count = |s: &dyn Session| s.takings().iter().map(|t| t.men.len()).sum::<usize>();
        let all = count(session.as_ref());
        assert!(session.undo());
        assert_eq!(
            count(session.as_ref()),
            all - taken.len(),
            "{}",
            variant.id.id()
        );
        assert!(session.redo());
        assert_eq!(count(session.as_ref()), all, "{}", variant.id.id());
        // A copy of the game (the engine's, a save's) keeps them.
        assert_eq!(session.clone_box().takings(), session.takings());
    }
}

#[test]
fn flaxman_counts_its_prisoners_on_the_board() {
    let variant = Variant::parse("flaxman", None).expect("a variant");
    let mut session = new_session(variant, DrawRules::NONE, None).expect("implemented");
    let mut rng = Rng::new(11);
    let mut swaps = 0;
    for _ in 0..300 {
        if session.outcome().is_some() || swaps >= 3 {
            break;
        }
        let moves = session.legal_moves();
        let swap = moves
            .iter()
            .find(|m| m.effects.iter().any(|e| matches!(e, Effect::Swap { .. })));
        let chosen = swap.unwrap_or(&moves[rng.below(moves.len())]).clone();
        if swap.is_some() {
            swaps += 1;
        }
        session.play(&chosen.text).expect("legal");
        let placements = session.placements();
        for takings in session.takings() {
            let on_board = placements
                .iter()
                .filter(|p| p.state == ManState::Prisoner && p.side == Some(takings.side))
                .count();
            assert_eq!(usize::from(takings.prisoners), on_board);
            assert!(takings.men.is_empty(), "Flaxman takes no man off the board");
        }
    }
    assert!(swaps > 0, "random play made a capture");
    let prisoners: u16 = session.takings().iter().map(|t| t.prisoners).sum();
    assert!(prisoners > 0, "a capture left a Prisoner on the board");
}
