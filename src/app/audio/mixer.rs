//! Mixing: the sounds playing at once, summed into 16-bit samples. Pure
//! arithmetic, so that it is tested without a device.

use std::sync::Arc;

/// One sound playing: its samples, how far it has got, how loud it is.
#[derive(Clone, Debug)]
pub struct Voice {
    samples: Arc<[f32]>,
    at: usize,
    gain: f32,
}

impl Voice {
    pub fn new(samples: Arc<[f32]>, gain: f32) -> Voice {
        Voice {
            samples,
            at: 0,
            gain: gain.clamp(0.0, 1.0),
        }
    }

    fn finished(&self) -> bool {
        self.at >= self.samples.len()
    }
}

/// The voices playing now.
#[derive(Default, Debug)]
pub struct Mixer {
    voices: Vec<Voice>,
}

impl Mixer {
    pub fn play(&mut self, voice: Voice) {
        self.voices.push(voice);
    }

    /// Whether anything is still to be heard.
    pub fn busy(&self) -> bool {
        !self.voices.is_empty()
    }

    /// Fills `out` with the sum of every voice (silence where none plays),
    /// clipped to the 16-bit range, and lets finished voices go.
    pub fn fill(&mut self, out: &mut [i16]) {
        let mut sum = vec![0.0f32; out.len()];
        for voice in &mut self.voices {
            let rest = &voice.samples[voice.at.min(voice.samples.len())..];
            for (s, v) in sum.iter_mut().zip(rest) {
                *s += v * voice.gain;
            }
            voice.at += out.len();
        }
        self.voices.retain(|v| !v.finished());
        for (o, s) in out.iter_mut().zip(sum) {
            *o = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        }
    }
}
