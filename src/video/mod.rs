//! Showcase recording: a [script](script::Script) of games (or lessons)
//! played in the game window frame by frame, read back and encoded into a
//! video, a GIF or numbered PNG frames.

pub mod codec;
#[cfg(feature = "app")]
pub mod column;

#[cfg(feature = "app")]
pub mod driver;
#[cfg(feature = "app")]
pub mod framing;
#[cfg(feature = "app")]
pub mod lesson_gif;
pub mod script;
pub mod showcase;
#[cfg(feature = "app")]
pub mod sink;
#[cfg(feature = "app")]
pub mod stop;
#[cfg(feature = "app")]
pub mod writer;

#[cfg(feature = "app")]
pub use driver::{CameraMode, RecordPlugin};
