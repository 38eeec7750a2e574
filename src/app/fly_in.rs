//! The camera's swoop at a game's start: the camera flies it, and the
//! clocks wait for it to end (no player's time runs before the first click
//! is possible).

use bevy::prelude::*;

/// How long the fly-in takes, in the game's own time.
pub const FLY_IN_SECONDS: f32 = 1.6;

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
