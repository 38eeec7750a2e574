//! The window's sound output, without Bevy's audio: a mixer of the game's
//! synthesised sounds ([`mixer`]) fed to ALSA ([`alsa`]), whose library is
//! opened at run time. Building needs no sound headers, and a machine
//! without the library or a device runs silent after one log line.

pub mod alsa;
pub mod mixer;
pub mod output;

pub use output::{Output, SoundOutput};
