//! The puzzle's answers to the player: a right move brings the line's
//! reply at once; a wrong one gets a red ring, the refutation in words
//! (a short search on a worker thread) and is taken back after a moment;
//! "Show solution" plays the rest of the line move by move. The first
//! result counts for the ratings.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, block_on, futures_lite::future};

use super::library::PuzzleProfile;
use super::run::{PuzzleControl, PuzzleRequested, PuzzleRun, Said, WrongMove};
use crate::app::play::game::{
    GameSystems, HistoryRequested, HistoryStep, Match, MoveApplied, MoveRequested,
};
use crate::app::screen::Screen;
use crate::puzzles::{Verdict, refutation};
use crate::rules::GameResult;

/// Seconds a wrong move stays on the board once its words are up.
pub const WRONG_MOVE_SECONDS: f32 = 1.6;
/// Seconds between the moves of a solution shown.
pub const SOLUTION_STEP_SECONDS: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (answer_controls, take_back_wrong_moves, show_the_solution)
                .chain()
                .before(GameSystems),
            answer_moves.after(GameSystems),
        ),
    );
}

/// Each move the game applied: the line's own moves coming back are only
/// crossed off; the solver's move is judged.
pub(super) fn answer_moves(
    mut applied: MessageReader<MoveApplied>,
    run: Option<ResMut<PuzzleRun>>,
    game: Option<Res<Match>>,
    mut profile: ResMut<PuzzleProfile>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let (Some(mut run), Some(game)) = (run, game) else {
        applied.clear();
        return;
    };
    for applied in applied.read() {
        let text = &applied.mv.text;
        if run.pending.front() == Some(text) {
            run.pending.pop_front();
            continue;
        }
        let session = game.session.as_ref();
        let won = session
            .outcome()
            .is_some_and(|o| o.result == GameResult::Win(run.solver));
        match run.attempt.answer(text, won) {
            Verdict::Right { reply } => {
                moves.write(MoveRequested {
                    text: reply.clone(),
                });
                run.pending.push_back(reply);
                run.said = Some(Said::Right);
            }
            Verdict::Solved => {
                run.said = Some(Said::Solved);
                let change = profile.count(&mut run.attempt, true);
                run.change = run.change.or(change);
            }
            Verdict::Wrong => {
                let change = profile.count(&mut run.attempt, false);
                run.change = run.change.or(change);
                let after = session.clone_box();
                let task =
                    AsyncComputeTaskPool::get().spawn(async move { refutation(after.as_ref()) });
                run.said = None;
                run.wrong = Some(WrongMove {
                    cell: applied.mv.route.to,
                    played: text.clone(),
                    words: None,
                    wait: WRONG_MOVE_SECONDS,
                    task: Some(task),
                });
            }
        }
    }
}

/// The refutation's words when they come, then, after a moment, the wrong
/// move taken back; the words stay until the next move.
fn take_back_wrong_moves(
    time: Res<Time<Real>>,
    run: Option<ResMut<PuzzleRun>>,
    mut history: MessageWriter<HistoryRequested>,
) {
    let Some(mut run) = run else { return };
    let Some(wrong) = run.wrong.as_mut() else {
        return;
    };
    if let Some(task) = wrong.task.as_mut() {
        if let Some(words) = block_on(future::poll_once(task)) {
            wrong.words = Some(words);
            wrong.task = None;
        }
        return;
    }
    wrong.wait -= time.delta_secs();
    if wrong.wait > 0.0 {
        return;
    }
    let words = wrong.words.take().unwrap_or_default();
    let said = format!("{}: {words}", wrong.played);
    run.wrong = None;
    run.said = Some(Said::Wrong(said));
    history.write(HistoryRequested(HistoryStep::Undo));
}

/// The panel's buttons.
fn answer_controls(
    mut controls: MessageReader<PuzzleControl>,
    run: Option<ResMut<PuzzleRun>>,
    mut profile: ResMut<PuzzleProfile>,
    mut requests: MessageWriter<PuzzleRequested>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(mut run) = run else {
        controls.clear();
        return;
    };
    for control in controls.read() {
        match control {
            PuzzleControl::ShowSolution if run.awaiting_move() => {
                let change = profile.count(&mut run.attempt, false);
                run.change = run.change.or(change);
                let rest = run.attempt.reveal();
                run.showing = Some((rest.into(), 0.0));
                run.said = None;
            }
            PuzzleControl::ShowSolution => {}
            PuzzleControl::Next => {
                requests.write(PuzzleRequested {
                    set: run.set,
                    id: None,
                });
            }
            PuzzleControl::Retry => {
                requests.write(PuzzleRequested {
                    set: run.set,
                    id: Some(run.attempt.puzzle.id.clone()),
                });
            }
            PuzzleControl::Leave => next.set(Screen::Menu),
        }
    }
}

/// Plays the solution shown, a move at a time once the last has landed.
fn show_the_solution(
    time: Res<Time<Real>>,
    run: Option<ResMut<PuzzleRun>>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let Some(mut run) = run else { return };
    let run = &mut *run;
    let waiting = !run.pending.is_empty();
    let Some((rest, wait)) = run.showing.as_mut() else {
        return;
    };
    *wait -= time.delta_secs();
    if *wait > 0.0 || waiting {
        return;
    }
    match rest.pop_front() {
        Some(text) => {
            *wait = SOLUTION_STEP_SECONDS;
            moves.write(MoveRequested { text: text.clone() });
            run.pending.push_back(text);
        }
        None => {
            run.showing = None;
            let line = run.attempt.puzzle.solution.join("  ");
            run.said = Some(Said::Solution(line));
        }
    }
}
