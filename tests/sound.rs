//! Sounds: which one a move makes, from its effects and where the game
//! stands after it (moves of real games: a Loom step, a Transmitter trip,
//! a capture, a check), the synthesised sounds, their mixing, and the
//! output path through ALSA's `null` device.

use std::sync::Arc;
use std::time::{Duration, Instant};

use variantarium::app::audio::Output;
use variantarium::app::audio::mixer::{Mixer, Voice};
use variantarium::app::play::sound::{SAMPLE_RATE, Sound, move_sound, synthesise};
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
fn every_sound_is_short_audible_and_distinct() {
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
    }
}

#[test]
fn the_mixer_sums_voices_at_their_gain_and_lets_them_go() {
    let mut mixer = Mixer::default();
    let mut out = [7i16; 4];
    mixer.fill(&mut out);
    assert_eq!(out, [0; 4], "silence when nothing plays");
    let long: Arc<[f32]> = vec![0.5; 6].into();
    let short: Arc<[f32]> = vec![0.25; 2].into();
    mixer.play(Voice::new(long, 1.0));
    mixer.play(Voice::new(short, 0.5));
    mixer.fill(&mut out);
    let max = f32::from(i16::MAX);
    let both = ((0.5 + 0.125) * max) as i16;
    let alone = (0.5 * max) as i16;
    assert_eq!(out, [both, both, alone, alone]);
    assert!(mixer.busy());
    mixer.fill(&mut out);
    assert_eq!(out, [alone, alone, 0, 0], "the long voice ends mid-period");
    assert!(!mixer.busy(), "finished voices are let go");
}

#[test]
fn the_mix_is_clipped_not_wrapped() {
    let mut mixer = Mixer::default();
    let loud: Arc<[f32]> = vec![0.9, -0.9].into();
    mixer.play(Voice::new(loud.clone(), 1.0));
    mixer.play(Voice::new(loud, 1.0));
    let mut out = [0i16; 2];
    mixer.fill(&mut out);
    assert_eq!(out, [i16::MAX, -i16::MAX]);
}

/// The whole output path, ALSA library included, on ALSA's `null` device,
/// which every ALSA installation has and which needs no sound card.
#[test]
fn a_sound_goes_through_alsa_to_a_device() {
    let output = Output::open("null", SAMPLE_RATE)
        .unwrap_or_else(|e| panic!("ALSA's null device did not open: {e}"));
    let samples: Arc<[f32]> = synthesise(Sound::Capture).into();
    let length = samples.len() as u64;
    output.play(samples, 0.8);
    let deadline = Instant::now() + Duration::from_secs(10);
    while output.written() < length && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        output.written() >= length,
        "{} of {length} samples written",
        output.written()
    );
}

#[test]
fn a_missing_device_is_one_line_not_a_panic() {
    let Err(e) = Output::open("no-such-device-anywhere", SAMPLE_RATE) else {
        panic!("a device that does not exist opened");
    };
    assert!(!e.contains('\n'), "{e}");
    assert!(
        e.contains("no-such-device-anywhere") || e.contains("no ALSA library"),
        "{e}"
    );
}
