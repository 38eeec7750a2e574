//! The computer opponent in the window: it thinks on a worker thread (the
//! async compute pool) so camera, menus and animation stay smooth, and plays
//! by sending `MoveRequested` like a person. A hint works the same way.
//! The analysis ("Analyse") searches the shown position on a thread of its
//! own, on all cores but one, and hands each finished depth to the frame.
//!
//! That thread runs at the lowest scheduling priority. With a GPU nothing
//! else wants the core and the engine loses nothing; on a machine that
//! renders on its CPU (Mesa's lavapipe) drawing a frame takes every core, and
//! the frames must come first — the engine then thinks with what is left,
//! within its level's time cap.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};

use crate::app::play::game::HumanSides;
use crate::app::play::game::{GameStarted, GameSystems, Match, MoveRequested};
use crate::app::play::remote::ServerGame;
use crate::app::screen::{PlayMode, in_lesson};
use crate::engine::Level;
use crate::engine::session::{Analysis, analyse, computer_move, hint_move};
use crate::rules::session::Session;

/// What the worker thread runs: the engine, unless a test swaps in a fault.
#[derive(Resource, Clone, Copy)]
pub struct Engine {
    pub play: fn(&dyn Session, Level, u64) -> Option<String>,
    pub hint: fn(&dyn Session) -> Option<String>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine {
            play: computer_move,
            hint: hint_move,
        }
    }
}

/// A search's answer: a move (or none), or the panic that ended it.
type Answer = Result<Option<String>, String>;

/// Runs a search, turning a panic into an error naming it: a bug in the
/// engine costs the computer its turn, never the game.
fn guarded(search: impl FnOnce() -> Option<String>) -> Answer {
    catch_unwind(AssertUnwindSafe(search)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".into())
    })
}

/// Who plays each side, by side number (three-player Red is side 2).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Players(pub Vec<Option<Level>>);

impl Default for Players {
    fn default() -> Self {
        Players(vec![None; 3])
    }
}

impl Players {
    pub fn computer(&self, side: usize) -> Option<Level> {
        self.0.get(side).copied().flatten()
    }
}

/// The computer's search under way, for the position with this hash.
#[derive(Resource)]
pub struct Thinking {
    pub level: Level,
    hash: u64,
    task: Task<Answer>,
}

/// The move the computer suggests when the person to move asks for a hint,
/// once it came.
#[derive(Resource, Default)]
pub struct SuggestedMove {
    pub answer: Option<String>,
    /// The answer is the running analysis' best move, not a search of its
    /// own.
    pub from_analysis: bool,
    hash: u64,
    task: Option<Task<Answer>>,
}

impl SuggestedMove {
    pub fn pending(&self) -> bool {
        self.task.is_some()
    }
}

/// Ask for a hint in the current position.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequested;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Players>()
        .init_resource::<SuggestedMove>()
        .init_resource::<Engine>()
        .init_resource::<Analysing>()
        .add_message::<HintRequested>()
        // Before anything of the frame reads who is human, so that a seat
        // handed over last frame (a failed search) is the person's at once.
        .add_systems(PreUpdate, humans_follow_players)
        .add_systems(
            Update,
            (start_thinking, finish_thinking, start_hint, finish_hint).before(GameSystems),
        )
        .add_systems(
            Update,
            (analysis_off_in_a_new_game, follow_analysis)
                .chain()
                .after(GameSystems),
        );
}

fn humans_follow_players(players: Res<Players>, mut humans: ResMut<HumanSides>) {
    if players.is_changed() {
        humans.0 = (0..3)
            .map(|side| players.computer(side).is_none())
            .collect();
    }
}

fn start_thinking(
    mut commands: Commands,
    game: Option<Res<Match>>,
    players: Res<Players>,
    thinking: Option<Res<Thinking>>,
    engine: Res<Engine>,
) {
    let Some(game) = game else { return };
    if thinking.is_some() || game.is_over() || game.computer_waits {
        return;
    }
    let side = game.session.side_to_move().index();
    let Some(level) = players.computer(side) else {
        return;
    };
    let session = game.session.clone_box();
    // The same game and level give the same moves: the seed is the ply.
    let seed = session.moves().len() as u64;
    let play = engine.play;
    let task = AsyncComputeTaskPool::get().spawn(async move {
        yield_to_the_frames();
        guarded(|| play(session.as_ref(), level, seed))
    });
    commands.insert_resource(Thinking {
        level,
        hash: game.session.hash(),
        task,
    });
}

fn finish_thinking(
    mut commands: Commands,
    game: Option<ResMut<Match>>,
    thinking: Option<ResMut<Thinking>>,
    mut players: ResMut<Players>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some(mut thinking) = thinking else { return };
    let Some(answer) = block_on(future::poll_once(&mut thinking.task)) else {
        return;
    };
    commands.remove_resource::<Thinking>();
    // A move for a position that is gone (undo, a new game), or for one the
    // person stepped back to, is dropped.
    let Some(mut game) = game.filter(|g| g.session.hash() == thinking.hash) else {
        return;
    };
    match answer {
        Ok(Some(text)) if !game.computer_waits => {
            requests.write(MoveRequested { text });
        }
        Ok(_) => {}
        Err(error) => {
            // The side goes over to the person, so the game goes on (and
            // the same fault is not met again at once).
            let side = game.session.side_to_move();
            if let Some(slot) = players.0.get_mut(side.index()) {
                *slot = None;
            }
            game.notice = Some(format!(
                "The computer ({}) stopped with an error: {error}. {} is yours to play.",
                thinking.level.name(),
                side.name()
            ));
            error!("the computer player failed: {error}");
        }
    }
}

fn start_hint(
    game: Option<Res<Match>>,
    mut asks: MessageReader<HintRequested>,
    mut hint: ResMut<SuggestedMove>,
    engine: Res<Engine>,
    analysing: Res<Analysing>,
) {
    let Some(game) = game else { return };
    if asks.read().count() == 0 || hint.task.is_some() {
        return;
    }
    let session = game.session.clone_box();
    hint.hash = session.hash();
    hint.answer = None;
    // While the analysis runs, its best move is the hint: one question,
    // one answer on the board.
    hint.from_analysis = false;
    if let Some(best) = analysis_best(&analysing, session.as_ref()) {
        hint.answer = Some(best);
        hint.from_analysis = true;
        return;
    }
    let think = engine.hint;
    hint.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        yield_to_the_frames();
        guarded(|| think(session.as_ref()))
    }));
}

/// The analysis' best move in this position, once it has one.
fn analysis_best(analysing: &Analysing, session: &dyn Session) -> Option<String> {
    // The latest depth belongs to the run's position, which must be this.
    analysing
        .run
        .as_ref()
        .filter(|run| run.hash == session.hash())?;
    let best = analysing.latest.as_ref()?.line.first()?;
    session
        .legal_moves()
        .iter()
        .any(|m| &m.text == best)
        .then(|| best.clone())
}

fn finish_hint(game: Option<ResMut<Match>>, mut hint: ResMut<SuggestedMove>) {
    let current = game.as_ref().map(|g| g.session.hash());
    if hint.answer.is_some() && current != Some(hint.hash) {
        hint.answer = None;
    }
    let Some(task) = hint.task.as_mut() else {
        return;
    };
    let Some(answer) = block_on(future::poll_once(task)) else {
        return;
    };
    hint.task = None;
    match answer {
        Ok(answer) if current == Some(hint.hash) => hint.answer = answer,
        Ok(_) => {}
        Err(error) => {
            if let Some(mut game) = game {
                game.notice = Some(format!("The hint stopped with an error: {error}"));
            }
            error!("the hint failed: {error}");
        }
    }
}

/// The analysis: whether it is on, and the latest depth it finished for the
/// position shown.
#[derive(Resource, Default)]
pub struct Analysing {
    pub on: bool,
    pub latest: Option<Analysis>,
    run: Option<AnalysisRun>,
}

/// An analysis thread at work on the position with this hash. Dropping it
/// tells the thread to stop (it ends within a few thousand nodes).
struct AnalysisRun {
    hash: u64,
    stop: Arc<AtomicBool>,
    latest: Arc<Mutex<Option<Analysis>>>,
}

impl Drop for AnalysisRun {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl AnalysisRun {
    fn start(session: Box<dyn Session>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let latest = Arc::new(Mutex::new(None));
        let run = AnalysisRun {
            hash: session.hash(),
            stop: stop.clone(),
            latest: latest.clone(),
        };
        let work = move || {
            yield_to_the_frames();
            let answer = guarded(|| {
                analyse(session.as_ref(), stop, |found| {
                    if let Ok(mut slot) = latest.lock() {
                        *slot = Some(found);
                    }
                });
                None
            });
            if let Err(error) = answer {
                error!("the analysis failed: {error}");
            }
        };
        if let Err(error) = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(work)
        {
            error!("cannot start the analysis: {error}");
        }
        run
    }
}

/// Analyse belongs to the game it was turned on in: each new game starts
/// without it (the board framed for no analysis panel).
fn analysis_off_in_a_new_game(
    mut started: MessageReader<GameStarted>,
    mut analysing: ResMut<Analysing>,
) {
    if started.read().count() > 0 && analysing.on {
        analysing.on = false;
    }
}

/// Starts the analysis of the shown position when it is on (and again
/// whenever the position changes), stops it when it is off or the game is
/// over, and takes in each depth it finishes.
fn follow_analysis(
    game: Option<Res<Match>>,
    mode: Option<Res<State<PlayMode>>>,
    server: Option<Res<ServerGame>>,
    mut analysing: ResMut<Analysing>,
) {
    // A lesson shows its own marks: no analysis over it; nor over an online
    // game, where it would be the engine playing for the person.
    let lesson = in_lesson(mode) || server.is_some();
    let shown = game.filter(|g| analysing.on && !g.is_over() && !lesson);
    let Some(game) = shown else {
        if analysing.run.is_some() || analysing.latest.is_some() {
            analysing.run = None;
            analysing.latest = None;
        }
        return;
    };
    if analysing.run.as_ref().map(|r| r.hash) != Some(game.session.hash()) {
        analysing.latest = None;
        analysing.run = Some(AnalysisRun::start(game.session.clone_box()));
    }
    let found = analysing
        .run
        .as_ref()
        .and_then(|run| run.latest.lock().ok()?.take());
    if found.is_some() {
        analysing.latest = found;
    }
}

/// Puts the calling worker thread at the lowest scheduling priority (it stays
/// there: the pool's threads only do such background work).
fn yield_to_the_frames() {
    #[cfg(unix)]
    // SAFETY: setpriority only reads its integer arguments. On Linux, nice
    // values belong to threads and `who` 0 names the calling one.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}
