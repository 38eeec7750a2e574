//! A puzzle on the board: asked for by id or served from a set near the
//! player's rating, it plays in the same scene as a game, seen from the
//! solver's side, in [`PlayMode::Puzzle`]; the player's clicks move only
//! while the puzzle waits for the solver's move.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::tasks::Task;

use super::library::{PuzzleLibrary, PuzzleProfile};
use crate::app::learn::player::LessonPlayer;
use crate::app::look::camera::{CameraSystems, OrbitCamera, is_hex, seated_yaw};
use crate::app::play::computer::Players;
use crate::app::play::game::{GameSystems, HumanSides, Match, NewGameRequested};
use crate::app::screen::{BoardBorrowed, PlayMode, Screen, in_puzzle};
use crate::puzzles::progress::Change;
use crate::puzzles::serve::{self, PuzzleSet, game_key, prompt};
use crate::puzzles::{Attempt, Puzzle};
use crate::rules::Side;
use crate::rules::view::CellId;

/// Open a puzzle: this one, or the next of `set` for the player. `set`
/// is also where "Next" serves from.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRequested {
    pub set: PuzzleSet,
    pub id: Option<String>,
}

/// The puzzle panel's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleControl {
    /// Play the rest of the line (the puzzle counts as failed).
    ShowSolution,
    Next,
    /// The same puzzle from its start (it counts only once).
    Retry,
    Leave,
}

/// What the panel says about the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Right,
    Wrong(String),
    Solved,
    Solution(String),
}

/// A wrong move on the board: the red ring on its cell, and the words
/// once the refuting search has found them.
pub struct WrongMove {
    pub cell: CellId,
    pub played: String,
    pub words: Option<String>,
    /// Seconds (real time) the move stays after its words came.
    pub(super) wait: f32,
    pub(super) task: Option<Task<String>>,
}

/// The puzzle being played.
#[derive(Resource)]
pub struct PuzzleRun {
    pub attempt: Attempt,
    pub set: PuzzleSet,
    pub solver: Side,
    pub prompt: String,
    pub said: Option<Said>,
    pub wrong: Option<WrongMove>,
    /// The player's rating before and after, once the puzzle counted.
    pub change: Option<Change>,
    /// Moves of the line sent to the game and not yet seen applied.
    pub(super) pending: VecDeque<String>,
    /// The solution being shown: its moves still to play, and the seconds
    /// before the next.
    pub(super) showing: Option<(VecDeque<String>, f32)>,
}

impl PuzzleRun {
    fn new(puzzle: Puzzle, set: PuzzleSet, solver: Side) -> PuzzleRun {
        PuzzleRun {
            prompt: prompt(&puzzle, solver.name()),
            attempt: Attempt::new(puzzle),
            set,
            solver,
            said: None,
            wrong: None,
            change: None,
            pending: VecDeque::new(),
            showing: None,
        }
    }

    /// Whether the board waits for the solver's move.
    pub fn awaiting_move(&self) -> bool {
        self.pending.is_empty()
            && self.wrong.is_none()
            && self.showing.is_none()
            && !self.attempt.solved()
    }

    /// The game the puzzle counts for (its family key).
    pub fn game(&self) -> &'static str {
        game_key(&self.attempt.puzzle).unwrap_or("unknown")
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PuzzleRequested>()
        .add_message::<PuzzleControl>()
        // Before the state transitions of the frame, as lessons do, so that
        // the puzzle's mode is in force for every system that sees its game.
        .add_systems(PreUpdate, (start_puzzles, mode_follows_the_run).chain())
        .add_systems(
            Update,
            (
                take_clicks_in_puzzles
                    .before(GameSystems)
                    .before(CameraSystems),
                aim_camera.after(GameSystems).run_if(in_puzzle),
            ),
        )
        // Again once the frame's moves are answered, so that the next
        // frame's clicks meet the seats as the puzzle now stands.
        .add_systems(PostUpdate, take_clicks_in_puzzles)
        .add_systems(OnEnter(Screen::Menu), leave_puzzle)
        .add_systems(OnEnter(Screen::Learn), leave_puzzle)
        .add_systems(OnEnter(Screen::Online), leave_puzzle);
}

/// The puzzle asked for, or the next of its set, distinct from `current`
/// when the set has another.
fn choose<'a>(
    library: &'a PuzzleLibrary,
    profile: &PuzzleProfile,
    request: &PuzzleRequested,
    current: Option<&str>,
) -> Option<&'a Puzzle> {
    if let Some(id) = &request.id {
        return library.library.find(id);
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let record = &profile.record;
    (0..8)
        .filter_map(|i| {
            library
                .library
                .next(request.set, record, seed.wrapping_add(i))
        })
        .find(|p| Some(p.id.as_str()) != current)
        .or_else(|| library.library.next(request.set, record, seed))
}

fn start_puzzles(
    mut commands: Commands,
    mut requests: MessageReader<PuzzleRequested>,
    library: Res<PuzzleLibrary>,
    profile: Res<PuzzleProfile>,
    playing: Option<Res<PuzzleRun>>,
    mut games: MessageWriter<NewGameRequested>,
    mut players: ResMut<Players>,
) {
    let Some(request) = requests.read().last() else {
        return;
    };
    let current = playing.as_ref().map(|r| r.attempt.puzzle.id.as_str());
    let Some(puzzle) = choose(&library, &profile, request, current) else {
        warn!("no puzzle for {:?}", request);
        return;
    };
    let session = match serve::start(puzzle) {
        Ok(session) => session,
        Err(e) => {
            warn!("puzzle {}: {e}", puzzle.id);
            return;
        }
    };
    let solver = session.side_to_move();
    let mut run = PuzzleRun::new(puzzle.clone(), request.set, solver);
    // A puzzle counts once: one the record holds is played for practice.
    if let Some(done) = profile.record.history.iter().find(|a| a.id == puzzle.id) {
        run.attempt.counted = Some(done.solved);
    }
    games.write(NewGameRequested { session });
    // No computer player: the line plays the other side.
    *players = Players::default();
    commands.remove_resource::<LessonPlayer>();
    commands.insert_resource(run);
    commands.insert_resource(BoardBorrowed);
}

/// While a puzzle holds the board the Playing screen is in puzzle mode;
/// asked each frame (a sub-state asked for before its screen is in force
/// is dropped).
fn mode_follows_the_run(
    run: Option<Res<PuzzleRun>>,
    mode: Option<Res<State<PlayMode>>>,
    mut next: ResMut<NextState<PlayMode>>,
) {
    if run.is_some() && !in_puzzle(mode) {
        NextState::set_if_neq(&mut next, PlayMode::Puzzle);
    }
}

/// Only the solver's side takes clicks, and only while the puzzle waits
/// for its move; the camera seats itself behind that side.
fn take_clicks_in_puzzles(run: Option<Res<PuzzleRun>>, mut humans: ResMut<HumanSides>) {
    let Some(run) = run else { return };
    let open = run.awaiting_move();
    let wanted: Vec<bool> = (0..3)
        .map(|side| open && side == run.solver.index())
        .collect();
    if humans.0 != wanted {
        humans.0 = wanted;
    }
}

/// Each new puzzle is seen from behind the solver's army, and the view
/// does not turn to the opponent for its replies.
fn aim_camera(
    run: Option<Res<PuzzleRun>>,
    orbit: Option<ResMut<OrbitCamera>>,
    game: Option<Res<Match>>,
    mut aimed: Local<Option<String>>,
) {
    let (Some(run), Some(mut orbit)) = (run, orbit) else {
        *aimed = None;
        return;
    };
    let id = &run.attempt.puzzle.id;
    if run.is_added() || aimed.as_ref() != Some(id) {
        *aimed = Some(id.clone());
        let hex = game.is_some_and(|g| is_hex(g.session.layout().cells.iter().map(|c| c.shape)));
        orbit.yaw = seated_yaw(hex, 2, run.solver);
        orbit.follow = false;
    }
}

/// Leaving: the puzzle's game goes with it (it is no game to continue).
fn leave_puzzle(mut commands: Commands, run: Option<Res<PuzzleRun>>, mut players: ResMut<Players>) {
    if run.is_some() {
        commands.remove_resource::<PuzzleRun>();
        commands.remove_resource::<BoardBorrowed>();
        commands.remove_resource::<crate::app::play::game::Match>();
        players.set_changed();
    }
}
