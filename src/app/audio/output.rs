//! The output thread: it owns the ALSA stream and the mixer, takes each
//! sound to play from a channel, and writes the mix a short period at a
//! time. While nothing plays it waits on the channel and writes nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use bevy::prelude::Resource;

use super::alsa::Pcm;
use super::mixer::{Mixer, Voice};

/// Samples written to the device at a time: 10 ms at 22,050 Hz.
const PERIOD: usize = 220;
/// The device's buffer: short, so that a move is heard as it lands.
const LATENCY_US: u32 = 60_000;

/// A running output: send it sounds, read how much it has written.
pub struct Output {
    sounds: mpsc::Sender<Voice>,
    written: Arc<AtomicU64>,
}

impl Output {
    /// Opens `device` at `rate` and starts its thread; the error, in one
    /// line, when there is no library or no such device.
    pub fn open(device: &str, rate: u32) -> Result<Output, String> {
        let (opened, result) = mpsc::channel();
        let (sounds, queue) = mpsc::channel();
        let written = Arc::new(AtomicU64::new(0));
        let counter = written.clone();
        let device = device.to_string();
        std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || match Pcm::open(&device, rate, LATENCY_US) {
                Ok(pcm) => {
                    let _ = opened.send(Ok(()));
                    play(pcm, &queue, &counter);
                }
                Err(e) => {
                    let _ = opened.send(Err(e));
                }
            })
            .map_err(|e| format!("cannot start the sound thread: {e}"))?;
        result
            .recv()
            .map_err(|_| "the sound thread stopped".to_string())??;
        Ok(Output { sounds, written })
    }

    /// Plays `samples` (at the output's rate, -1 to 1) at `gain`.
    pub fn play(&self, samples: Arc<[f32]>, gain: f32) {
        let _ = self.sounds.send(Voice::new(samples, gain));
    }

    /// How many samples the output has written to its device so far.
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::Relaxed)
    }
}

fn play(mut pcm: Pcm, queue: &mpsc::Receiver<Voice>, written: &AtomicU64) {
    let mut mixer = Mixer::default();
    let mut period = [0i16; PERIOD];
    loop {
        if !mixer.busy() {
            // Nothing to hear: wait for a sound, or stop with the window.
            match queue.recv() {
                Ok(voice) => mixer.play(voice),
                Err(_) => return,
            }
        }
        while let Ok(voice) = queue.try_recv() {
            mixer.play(voice);
        }
        mixer.fill(&mut period);
        if let Err(e) = pcm.write(&period) {
            bevy::log::warn!("sound stopped: {e}");
            return;
        }
        written.fetch_add(PERIOD as u64, Ordering::Relaxed);
    }
}

/// The window's output, or none (silent) when it could not be opened.
#[derive(Resource, Default)]
pub struct SoundOutput(pub Option<Output>);
