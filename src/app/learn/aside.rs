//! A click on the board while the lesson shows rather than asks: the lesson
//! panel says, in a line, that this step wants no move and how to go on,
//! instead of the click doing nothing at all.

use bevy::prelude::*;

use super::player::LessonPlayer;
use crate::app::play::game::{CellClicked, GameSystems};

/// What the panel says about a click on the board outside an exercise,
/// and the step it was said at: it holds until the lesson moves on.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct LessonAside(pub Option<(usize, String)>);

impl LessonAside {
    /// The line to show now, if the lesson is still where it was said and
    /// waits for no move.
    pub fn now(&self, player: &LessonPlayer) -> Option<&str> {
        self.0
            .as_ref()
            .filter(|(done, _)| *done == player.frame.done && !player.awaiting_move())
            .map(|(_, text)| text.as_str())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LessonAside>()
        .add_systems(Update, say_why_the_board_waits.after(GameSystems));
}

/// Why a click on the board moves nothing at this point of the lesson.
pub fn why_the_board_waits(player: &LessonPlayer) -> &'static str {
    if player.complete || player.finished() {
        "The lesson is complete: ⏮ plays it again, or take the next lesson."
    } else if player.exercise_next() {
        "Your move comes in a moment, with its question."
    } else if player.playing {
        "This step shows, it does not ask for a move: the lesson goes on by itself."
    } else {
        "This step shows, it does not ask for a move: press ⏵ Play or ⏩ to go on."
    }
}

fn say_why_the_board_waits(
    mut clicks: MessageReader<CellClicked>,
    player: Option<Res<LessonPlayer>>,
    mut aside: ResMut<LessonAside>,
) {
    let clicked = clicks.read().count() > 0;
    let Some(player) = player else {
        if aside.0.is_some() {
            aside.0 = None;
        }
        return;
    };
    if clicked && !player.awaiting_move() {
        let said = Some((player.frame.done, why_the_board_waits(&player).to_string()));
        aside.set_if_neq(LessonAside(said));
    }
}
