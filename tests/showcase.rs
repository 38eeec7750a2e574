//! The showcase director: each game's segment, replayed move by move, shows
//! at least two of that game's own moments — read here from the rules'
//! effects and routes, not from the director's account — and every
//! caption and card stays up long enough to read at 17 characters a
//! second. The script is the same each time it is made.

use std::collections::BTreeSet;

use variantarium::learn::lesson::READING_PACE;
use variantarium::rules::glossary::man_on;
use variantarium::rules::session::{MoveInfo, Session};
use variantarium::rules::side::Side;
use variantarium::rules::variant::VariantId;
use variantarium::rules::view::{Effect, Hint, HintKind, ManState};
use variantarium::video::script::{Script, TITLE_SECONDS};
use variantarium::video::showcase::{SHOWCASE_GAMES, showcase};

/// A cell's file and rank from its name (`b4` → (1, 4)).
fn file_rank(session: &dyn Session, cell: u16) -> Option<(i32, i32)> {
    let layout = session.layout();
    let name = &layout.cells.get(cell as usize)?.name;
    let file = name.chars().next()? as i32 - 'a' as i32;
    let rank = name.get(1..)?.parse().ok()?;
    Some((file, rank))
}

/// What the game's rules say the move did that chess never does, by the
/// game's own moments.
fn moments_of(
    id: VariantId,
    before: &dyn Session,
    mv: &MoveInfo,
    after: &dyn Session,
) -> Vec<&'static str> {
    let mut found = Vec::new();
    let mover = man_on(before, mv.route.from).map(|(p, info)| (p, info.name));
    for effect in &mv.effects {
        match *effect {
            Effect::Swap { .. } => found.push("swap"),
            Effect::Transform {
                state: ManState::Prisoner,
                ..
            } => found.push("prisoner"),
            Effect::Transform { at, .. } if at == mv.route.to => found.push("promotion"),
            Effect::Flip { .. } => found.push("flip"),
            Effect::Transmit { .. } => found.push("transmitter"),
            _ => {}
        }
    }
    match id {
        VariantId::Flaxman => {
            let (a, b) = (
                file_rank(before, mv.route.from),
                file_rank(before, mv.route.to),
            );
            if let (Some(a), Some(b)) = (a, b)
                && (a.0 - b.0).pow(2) + (a.1 - b.1).pow(2) >= 9
            {
                found.push("far jump");
            }
        }
        VariantId::Tapestry => {
            let loom = |c: u16| before.layout().cells[c as usize].board == 1;
            if loom(mv.route.from) && loom(mv.route.to) {
                found.push("loom");
            }
            let (a, b) = (
                file_rank(before, mv.route.from),
                file_rank(before, mv.route.to),
            );
            if mover.is_some_and(|(p, _)| p.letter == 'P')
                && a.zip(b).is_some_and(|(a, b)| a.1 == b.1 && a.0 != b.0)
            {
                found.push("sideways pawn");
            }
        }
        _ => {}
    }
    if mover.is_some_and(|(_, name)| matches!(name, "Finch" | "Rabbi" | "Cohen"))
        && before.move_hints(&mv.text).iter().any(
            |h| matches!(h, Hint::Path { cells, kind: HintKind::Route, .. } if cells.len() >= 3),
        )
    {
        found.push("curve");
    }
    if (0..before.side_count())
        .map(Side)
        .any(|s| before.in_game(s) && !after.in_game(s))
    {
        found.push("elimination");
    }
    found
}

fn characters(text: &str) -> f64 {
    text.chars().count() as f64
}

/// Every card and caption of the script is read at 17 characters a second
/// or slower.
fn check_pace(script: &Script) {
    let pace = f64::from(READING_PACE);
    for segment in &script.segments {
        let card = &segment.title;
        let words = card.heading.clone() + &card.lines.concat();
        assert!(
            characters(&words) / card.seconds(TITLE_SECONDS) <= pace + 1e-9,
            "the card {words:?} is up {} s",
            card.seconds(TITLE_SECONDS)
        );
        for step in &segment.steps {
            let seconds = step.seconds.expect("each caption has its own seconds");
            assert!(
                characters(&step.caption) / seconds <= pace,
                "{:?} in {seconds} s",
                step.caption
            );
        }
    }
}

#[test]
fn each_game_of_the_showcase_shows_two_of_its_own_moments_at_a_readable_pace() {
    let script = showcase(&SHOWCASE_GAMES).expect("the showcase");
    assert_eq!(script.segments.len(), SHOWCASE_GAMES.len());
    check_pace(&script);
    for (id, segment) in SHOWCASE_GAMES.into_iter().zip(&script.segments) {
        assert_eq!(segment.start.variant().id, id);
        assert!(segment.steps.len() >= 2, "{id:?}: a few moves");
        let mut game = segment.start.clone_box();
        let mut shown = BTreeSet::new();
        for step in &segment.steps {
            let before = game.clone_box();
            let mv = game.play(&step.text).expect("a legal move");
            let found = moments_of(id, before.as_ref(), &mv, game.as_ref());
            for moment in &found {
                assert!(
                    step.caption.len() > 12,
                    "{id:?}: the {moment} of {} is told in words, not {:?}",
                    step.text,
                    step.caption
                );
            }
            shown.extend(found);
        }
        let own: &[&str] = match id {
            VariantId::Flaxman => &["swap", "prisoner", "far jump"],
            VariantId::Tapestry => &["loom", "sideways pawn", "promotion"],
            VariantId::Chakra => &["flip", "transmitter", "promotion"],
            _ => &["curve", "elimination", "promotion"],
        };
        let own_shown: Vec<&&str> = shown.iter().filter(|m| own.contains(m)).collect();
        assert!(
            own_shown.len() >= 2,
            "{id:?}: the segment shows {own_shown:?} of {own:?}"
        );
    }
    let again = showcase(&SHOWCASE_GAMES).expect("the showcase again");
    for (a, b) in script.segments.iter().zip(&again.segments) {
        let moves = |s: &variantarium::video::script::Segment| -> Vec<String> {
            s.steps.iter().map(|step| step.text.clone()).collect()
        };
        assert_eq!(moves(a), moves(b), "the same moves each time");
        assert_eq!(a.start.position_text(), b.start.position_text());
    }
}

#[test]
fn a_move_is_told_with_its_man_and_cells() {
    let script = showcase(&[VariantId::Chakra]).expect("the Chakra showcase");
    let segment = &script.segments[0];
    let mut game = segment.start.clone_box();
    for step in &segment.steps {
        let mv = game
            .legal_moves()
            .into_iter()
            .find(|m| m.text == step.text)
            .expect("legal");
        let name = |c: u16| game.layout().cells[c as usize].name.clone();
        let (from, to) = (name(mv.route.from), name(mv.route.to));
        assert!(
            step.caption.contains(&from) && step.caption.contains(&to),
            "{:?} names {from} and {to}",
            step.caption
        );
        let man = man_on(game.as_ref(), mv.route.from).map(|(_, info)| info.name);
        if let Some(man) = man {
            assert!(
                step.caption.contains(man),
                "{:?} names the {man}",
                step.caption
            );
        }
        game.play(&step.text).expect("legal");
    }
}
