//! Whether "Leave this game?" is being asked: the file actions ask it, the
//! dialog answers it, and the clock of a game on this machine stands still
//! meanwhile.

use bevy::prelude::*;

/// "Leave this game?" is being asked.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct LeaveAsked {
    pub open: bool,
}
