//! Sounds: which one a move makes, from its effects and where the game
//! stands after it (moves of real games: a Loom step, a Transmitter trip,
//! a capture, a check), and the synthesised WAV data.

use variantarium::app::play::sound::{SAMPLE_RATE, Sound, move_sound, synthesise, wav_bytes};
use variantarium::rules::Side;
use variantarium::rules::history::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::session::{MoveInfo, Session, new_session};
use variantarium::rules::variant::Variant;
use variantarium::rules::view::{Effect, ManState, Placement};

fn man(cell: u16, side: Option<Side>) -> Placement {
    Placement {
        cell,
        letter: 'N',
        side,
        state: ManState::Normal,
        level: 0,
    }
}

#[test]
fn each_effect_maps_to_its_sound() {
    let before = [
        man(1, Some(Side::WHITE)),
        man(2, Some(Side::BLACK)),
        man(3, None),
    ];
    let step = [Effect::Move { from: 1, to: 4 }];
    assert_eq!(move_sound(&step, &before, false, false), Sound::Move);
    let take = [Effect::Capture { at: 2 }, Effect::Move { from: 1, to: 2 }];
    assert_eq!(move_sound(&take, &before, false, false), Sound::Capture);
    let swap = [Effect::Swap { a: 1, b: 2 }];
    assert_eq!(move_sound(&swap, &before, false, false), Sound::Capture);
    let neutral = [Effect::Move { from: 3, to: 5 }];
    assert_eq!(
        move_sound(&neutral, &before, false, false),
        Sound::NeutralStep
    );
    let carried = [Effect::Transmit {
        from: 1,
        via: 6,
        to: 7,
    }];
    assert_eq!(move_sound(&carried, &before, false, false), Sound::Carried);
    // Check outranks the move, the end outranks check.
    assert_eq!(move_sound(&take, &before, true, false), Sound::Check);
    assert_eq!(move_sound(&step, &before, true, true), Sound::GameEnd);
}

/// Random play until a move satisfies `wanted`; the sound it makes.
fn sound_of_a_move(id: &str, wanted: impl Fn(&MoveInfo, &dyn Session) -> bool) -> Sound {
    let variant = Variant::parse(id, None).expect("a variant");
    for seed in 1..40 {
        let mut rng = Rng::new(seed);
        let mut session = new_session(variant, DrawRules::NONE, None).expect("implemented");
        for _ in 0..200 {
            let moves = session.legal_moves();
            if moves.is_empty() || session.outcome().is_some() {
                break;
            }
            if let Some(mv) = moves.iter().find(|m| wanted(m, session.as_ref())) {
                let before = session.placements();
                session.play(&mv.text).expect("legal");
                return move_sound(
                    &mv.effects,
                    &before,
                    session.in_check(),
                    session.outcome().is_some(),
                );
            }
            let pick = moves[rng.below(moves.len())].text.clone();
            session.play(&pick).expect("legal");
        }
    }
    panic!("{id}: no such move in random play");
}

#[test]
fn real_moves_make_their_sounds() {
    let quiet = |m: &MoveInfo, s: &dyn Session| {
        let mut after = s.clone_box();
        after.play(&m.text).is_ok() && !after.in_check() && after.outcome().is_none()
    };
    // Tapestry's Fates belong to nobody: a Loom step.
    let loom = sound_of_a_move("tapestry", |m, s| {
        let placements = s.placements();
        quiet(m, s)
            && m.effects.iter().all(|e| match *e {
                Effect::Move { from, .. } => placements
                    .iter()
                    .any(|p| p.cell == from && p.side.is_none()),
                _ => false,
            })
    });
    assert_eq!(loom, Sound::NeutralStep);
    let trip = sound_of_a_move("chakra", |m, s| {
        quiet(m, s)
            && !m.is_capture()
            && m.effects
                .iter()
                .any(|e| matches!(e, Effect::Transmit { .. }))
    });
    assert_eq!(trip, Sound::Carried);
    let capture = sound_of_a_move("glinski", |m, s| quiet(m, s) && m.is_capture());
    assert_eq!(capture, Sound::Capture);
    let check = sound_of_a_move("chakra", |m, s| {
        let mut after = s.clone_box();
        after.play(&m.text).is_ok() && after.in_check() && after.outcome().is_none()
    });
    assert_eq!(check, Sound::Check);
    let plain = sound_of_a_move("flaxman", |m, s| quiet(m, s) && !m.is_capture());
    assert_eq!(plain, Sound::Move);
}

#[test]
fn every_sound_is_short_audible_distinct_wav() {
    let mut seen: Vec<Vec<f32>> = Vec::new();
    for sound in Sound::ALL {
        let samples = synthesise(sound);
        let seconds = samples.len() as f32 / SAMPLE_RATE as f32;
        assert!(
            (0.05..=2.0).contains(&seconds),
            "{sound:?} lasts {seconds} s"
        );
        let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!((0.1..=1.0).contains(&peak), "{sound:?} peaks at {peak}");
        assert!(samples.iter().all(|s| s.is_finite()));
        assert!(!seen.contains(&samples), "{sound:?} sounds like another");
        seen.push(samples.clone());
        let wav = wav_bytes(&samples);
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        assert_eq!(
            u32::from_le_bytes(wav[24..28].try_into().unwrap()),
            SAMPLE_RATE
        );
        assert_eq!(&wav[36..40], b"data");
        assert_eq!(wav.len(), 44 + samples.len() * 2);
        assert_eq!(
            u32::from_le_bytes(wav[4..8].try_into().unwrap()) as usize,
            wav.len() - 8
        );
    }
}
