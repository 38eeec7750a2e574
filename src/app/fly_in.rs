//! The camera's swoop at a game's start: the camera flies it, and the
//! clocks wait for it to end (no player's time runs before the first click
//! is possible).

use bevy::prelude::*;

/// How long the fly-in takes, in the game's own time.
pub const FLY_IN_SECONDS: f32 = 1.6;

/// The longest frame that still shows a swoop. At fewer frames a second (a
/// CPU renderer) it would be a few jerks during which nothing can be
/// clicked, so the game starts with the camera in place.
pub const SLOWEST_FLYING_FRAME: f32 = FLY_IN_SECONDS / 8.0;

/// Whether a game started while frames take `frame_seconds` flies in.
pub fn worth_flying(frame_seconds: f32) -> bool {
    frame_seconds <= SLOWEST_FLYING_FRAME
}

/// The swoop at a game's start, while it lasts: seconds flown so far.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct FlyIn {
    pub elapsed: f32,
}

impl FlyIn {
    pub fn done(&self) -> bool {
        self.elapsed >= FLY_IN_SECONDS
    }
}
