//! A lesson paced from outside: a recording plays the window's own lesson
//! player by its frame clock. The player then never reads the wall clock;
//! each cue of the lesson's timeline ([`crate::learn::timing`]) arrives as
//! a [`LessonCue`] in the frame it falls on, and an exercise is answered by
//! its scripted answer as a player's: the man is picked up by a click on
//! his cell (his targets and the rules' hints show, as for a player), then
//! the move goes through the same path as a click's, so the lesson's praise
//! and reply follow as they would.

use bevy::prelude::*;

use super::player::{LessonPlayer, LessonProgress, LessonSteps, complete, step_forward};
use crate::app::play::game::{CellClicked, MoveRequested};
use crate::app::play::selection::select_or_move;
use crate::app::screen::PacedFromOutside;
use crate::learn::Step;
use crate::learn::timing::Cue;

/// One cue of the lesson's timeline, for this frame.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonCue(pub Cue);

pub fn plugin(app: &mut App) {
    app.add_message::<LessonCue>().add_systems(
        Update,
        follow_cues
            .in_set(LessonSteps)
            .before(select_or_move)
            .run_if(resource_exists::<PacedFromOutside>),
    );
}

fn follow_cues(
    mut cues: MessageReader<LessonCue>,
    player: Option<ResMut<LessonPlayer>>,
    mut moves: MessageWriter<MoveRequested>,
    mut clicks: MessageWriter<CellClicked>,
    mut progress: ResMut<LessonProgress>,
) {
    let Some(mut player) = player else {
        cues.clear();
        return;
    };
    for LessonCue(cue) in cues.read() {
        match *cue {
            Cue::Through(steps) => {
                while player.frame.done < steps && !player.exercise_next() && !player.finished() {
                    step_forward(&mut player, &mut moves, false);
                }
            }
            Cue::Open => player.open_exercise(),
            Cue::Pick => {
                if let Some(cell) = answer_from(&player) {
                    clicks.write(CellClicked { cell });
                }
            }
            Cue::Answer => {
                // Sent as the player's own move: the exercise's answer path
                // takes it (the praise, the reply, the lesson going on).
                if let Some(Step::Exercise(exercise)) = player.next_step()
                    && let Some(answer) = exercise.accept.first()
                {
                    moves.write(MoveRequested {
                        text: answer.clone(),
                    });
                }
            }
            Cue::Reply => player.play_reply(&mut moves),
            Cue::End => complete(&mut player, &mut progress),
        }
    }
}

/// The cell the waiting exercise's scripted answer moves from.
fn answer_from(player: &LessonPlayer) -> Option<crate::rules::view::CellId> {
    let Some(Step::Exercise(exercise)) = player.next_step() else {
        return None;
    };
    let answer = exercise.accept.first()?;
    player
        .frame
        .session
        .legal_moves()
        .into_iter()
        .find(|m| &m.text == answer)
        .map(|m| m.route.from)
}
