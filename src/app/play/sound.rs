//! The game's sounds, made here: each is synthesised at start-up (a few
//! decaying sine partials, a frequency-modulated bell, a knock of filtered
//! noise) and played through the window's output ([`crate::app::audio`]) at
//! the settings' loudness. Which sound a move makes comes from what the move does (the
//! view's effects) and where the game stands after it (check, the end);
//! nothing here knows a game. Without a sound library or device the game
//! runs silent, and says so once in the log.

use std::f32::consts::TAU;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::audio::{Output, SoundOutput};
use crate::app::play::clock::GameClock;
use crate::app::play::game::{GameSystems, Match, MoveApplied};
use crate::app::play::selection::ClickRefused;
use crate::app::play::settings::Settings;
use crate::app::screen::SceneOnly;
use crate::rules::view::{Effect, Placement};

/// Samples per second of the synthesised sounds.
pub const SAMPLE_RATE: u32 = 22_050;
/// The ALSA device the window plays on, when not "default".
const DEVICE_VARIABLE: &str = "VARIANTARIUM_SOUND_DEVICE";

/// What the player hears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A man moves.
    Move,
    /// A man is taken (off the board, or made a prisoner by a swap).
    Capture,
    /// The move gives check.
    Check,
    /// A click that played and selected nothing.
    Refused,
    /// A man that belongs to no player steps (Tapestry's Fates on the Loom).
    NeutralStep,
    /// A man is carried from one place to another through a link (Chakra's
    /// Transmitter).
    Carried,
    /// The game ended.
    GameEnd,
}

impl Sound {
    pub const ALL: [Sound; 7] = [
        Sound::Move,
        Sound::Capture,
        Sound::Check,
        Sound::Refused,
        Sound::NeutralStep,
        Sound::Carried,
        Sound::GameEnd,
    ];
}

/// The sound of a move from what it did: `effects` as the view lists them,
/// `before` what stood where before it, `check` and `over` where the game
/// stands after it. The end outranks check, check a capture, a capture a
/// carried man, that a neutral man's step, and that a plain move.
pub fn move_sound(effects: &[Effect], before: &[Placement], check: bool, over: bool) -> Sound {
    let takes = effects.iter().any(|e| {
        matches!(
            e,
            Effect::Capture { .. } | Effect::Swap { .. } | Effect::Remove { .. }
        )
    });
    let carried = effects.iter().any(|e| matches!(e, Effect::Transmit { .. }));
    // The man that moves first: whose is it?
    let neutral = effects.iter().find_map(|e| match *e {
        Effect::Move { from, .. } => Some(
            before
                .iter()
                .filter(|p| p.cell == from)
                .max_by_key(|p| p.level)
                .is_some_and(|p| p.side.is_none()),
        ),
        _ => None,
    }) == Some(true);
    if over {
        Sound::GameEnd
    } else if check {
        Sound::Check
    } else if takes {
        Sound::Capture
    } else if carried {
        Sound::Carried
    } else if neutral {
        Sound::NeutralStep
    } else {
        Sound::Move
    }
}

/// The samples of a sound, from -1 to 1 at [`SAMPLE_RATE`].
pub fn synthesise(sound: Sound) -> Vec<f32> {
    match sound {
        Sound::Move => knock(0.09, 190.0, 0.6),
        Sound::Capture => mix(
            &knock(0.12, 150.0, 0.8),
            &delayed(0.07, &knock(0.1, 240.0, 0.7)),
        ),
        Sound::Check => bell(0.45, 880.0, 1.4, 2.5, 0.45),
        Sound::Refused => glide(0.18, 230.0, 160.0, 0.35),
        Sound::NeutralStep => chime(0.3, 523.25, 0.4),
        Sound::Carried => sweep(0.38, 330.0, 990.0, 0.35),
        Sound::GameEnd => [523.25, 659.25, 783.99, 1046.5]
            .iter()
            .enumerate()
            .map(|(i, &f)| delayed(0.12 * i as f32, &bell(1.1, f, 2.0, 1.2, 0.22)))
            .fold(Vec::new(), |all, note| mix(&all, &note)),
    }
}

fn samples(seconds: f32, f: impl Fn(f32) -> f32) -> Vec<f32> {
    let n = (seconds * SAMPLE_RATE as f32) as usize;
    (0..n).map(|i| f(i as f32 / SAMPLE_RATE as f32)).collect()
}

/// A wooden knock: a low partial and a burst of noise, both dying fast.
fn knock(seconds: f32, pitch: f32, gain: f32) -> Vec<f32> {
    let mut seed = 0x2545_f491_u32;
    let noise: Vec<f32> = (0..(seconds * SAMPLE_RATE as f32) as usize)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / u32::MAX as f32 * 2.0 - 1.0
        })
        .collect();
    samples(seconds, |t| {
        let i = ((t * SAMPLE_RATE as f32) as usize).min(noise.len().saturating_sub(1));
        let body = (TAU * pitch * t).sin() * (-t * 45.0).exp();
        let click = noise.get(i).copied().unwrap_or(0.0) * (-t * 160.0).exp();
        gain * (0.8 * body + 0.5 * click)
    })
}

/// A frequency-modulated bell: `ratio` sets the partials, `index` their
/// brightness, which fades with the note.
fn bell(seconds: f32, pitch: f32, ratio: f32, index: f32, gain: f32) -> Vec<f32> {
    samples(seconds, |t| {
        let fade = (-t * 5.0 / seconds).exp();
        let modulator = index * fade * (TAU * pitch * ratio * t).sin();
        gain * fade * attack(t) * (TAU * pitch * t + modulator).sin()
    })
}

/// A soft mallet note: a sine and its fourth harmonic.
fn chime(seconds: f32, pitch: f32, gain: f32) -> Vec<f32> {
    samples(seconds, |t| {
        let fade = (-t * 12.0).exp();
        let tone =
            (TAU * pitch * t).sin() + 0.3 * (TAU * pitch * 4.0 * t).sin() * (-t * 30.0).exp();
        gain * fade * attack(t) * tone
    })
}

/// A buzzy tone falling from `from` to `to` Hz: a short "no".
fn glide(seconds: f32, from: f32, to: f32, gain: f32) -> Vec<f32> {
    samples(seconds, |t| {
        let pitch = from + (to - from) * t / seconds;
        let phase = TAU * pitch * t;
        let tone = phase.sin() + 0.4 * (3.0 * phase).sin() + 0.2 * (5.0 * phase).sin();
        gain * attack(t) * (1.0 - t / seconds) * tone / 1.6
    })
}

/// A rising, shimmering sweep from `from` to `to` Hz.
fn sweep(seconds: f32, from: f32, to: f32, gain: f32) -> Vec<f32> {
    samples(seconds, |t| {
        let x = t / seconds;
        // The phase of a tone whose pitch rises linearly.
        let phase = TAU * (from * t + (to - from) * t * x / 2.0);
        let shimmer = 1.5 * (TAU * 31.0 * t).sin();
        gain * attack(t) * (std::f32::consts::PI * x).sin() * (phase + shimmer).sin()
    })
}

/// A few milliseconds of fade-in, so that no sound starts with a click.
fn attack(t: f32) -> f32 {
    (t / 0.004).min(1.0)
}

fn delayed(seconds: f32, sound: &[f32]) -> Vec<f32> {
    let mut out = vec![0.0; (seconds * SAMPLE_RATE as f32) as usize];
    out.extend_from_slice(sound);
    out
}

fn mix(a: &[f32], b: &[f32]) -> Vec<f32> {
    (0..a.len().max(b.len()))
        .map(|i| a.get(i).unwrap_or(&0.0) + b.get(i).unwrap_or(&0.0))
        .collect()
}

/// The synthesised sounds, ready to play.
#[derive(Resource)]
struct Sounds(Vec<(Sound, Arc<[f32]>)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundOutput>()
        .add_systems(
            Startup,
            open_output.run_if(not(resource_exists::<SceneOnly>)),
        )
        .add_systems(
            Update,
            play_sounds
                .after(GameSystems)
                .run_if(not(resource_exists::<SceneOnly>)),
        );
}

/// A window opens the sound output; a test world without one, a
/// screenshot and a recording stay silent.
fn open_output(
    mut commands: Commands,
    mut output: ResMut<SoundOutput>,
    windows: Query<(), With<PrimaryWindow>>,
) {
    if windows.is_empty() {
        return;
    }
    let device = std::env::var(DEVICE_VARIABLE)
        .ok()
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| "default".into());
    match Output::open(&device, SAMPLE_RATE) {
        Ok(opened) => {
            info!("sound: playing on ALSA device {device:?}");
            output.0 = Some(opened);
        }
        Err(e) => warn!("sound: {e}; the game is silent"),
    }
    let sounds = Sound::ALL
        .into_iter()
        .map(|sound| (sound, synthesise(sound).into()))
        .collect();
    commands.insert_resource(Sounds(sounds));
}

/// A sound for each move played, refused click and fallen flag.
fn play_sounds(
    output: Res<SoundOutput>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    game: Option<Res<Match>>,
    clock: Res<GameClock>,
    mut applied: MessageReader<MoveApplied>,
    mut refused: MessageReader<ClickRefused>,
    mut flagged: Local<bool>,
) {
    let mut heard = Vec::new();
    if let Some(game) = &game {
        let session = game.session.as_ref();
        for move_applied in applied.read() {
            heard.push(move_sound(
                &move_applied.mv.effects,
                &move_applied.before,
                session.in_check(),
                session.outcome().is_some(),
            ));
        }
    }
    if refused.read().count() > 0 {
        heard.push(Sound::Refused);
    }
    let fell = clock.clock.as_ref().is_some_and(|c| c.flagged().is_some());
    if fell && !*flagged {
        heard.push(Sound::GameEnd);
    }
    *flagged = fell;
    let loudness = settings.loudness();
    let (Some(output), Some(sounds)) = (&output.0, sounds) else {
        return;
    };
    if loudness <= 0.0 {
        return;
    }
    // Several in one frame (a quick reply): only the last is heard.
    let Some(sound) = heard.pop() else { return };
    if let Some((_, samples)) = sounds.0.iter().find(|(s, _)| *s == sound) {
        output.play(samples.clone(), loudness);
    }
}
