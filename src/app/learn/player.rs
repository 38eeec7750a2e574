//! The lesson player: a lesson plays in the same scene as a game, its moves
//! go through [`MoveRequested`] like a player's, its marks and arrows join
//! the rule overlays, and an exercise takes the player's move through the
//! same picking and selection as play. While it plays, the Playing screen
//! is in [`PlayMode::Lesson`].

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub use super::lesson_hints::{LessonHints, frame_hints};
use crate::app::look::camera::{OrbitCamera, frame_the_boards, start_the_view};
use crate::app::play::clock::NextClock;
use crate::app::play::computer::{Players, SuggestedMove, Thinking};
use crate::app::play::game::HumanSides;
use crate::app::play::game::{
    GameStarted, GameSystems, HistoryRequested, HistoryStep, MoveApplied, MoveRequested,
    NewGameRequested,
};
use crate::app::play::remote::ServerGame;
use crate::app::play::selection::{PendingChoice, Selection};
use crate::app::screen::{BoardBorrowed, PacedFromOutside, PlayMode, Screen, in_lesson};
use crate::learn::progress::{Progress, progress_path};
use crate::learn::timing::REPLY_SECONDS;
use crate::learn::{Frame, Lesson, Library, Shot, Step, wrong_answer};

/// Every lesson found at start-up, broken ones included.
#[derive(Resource, Default)]
pub struct LessonLibrary(pub Library);

/// Which lessons the player has finished, and where that is kept.
#[derive(Resource, Default)]
pub struct LessonProgress {
    pub progress: Progress,
    pub path: Option<std::path::PathBuf>,
}

/// Open a lesson, optionally after some of its steps (paused then).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LessonRequested {
    pub id: String,
    pub step: Option<usize>,
}

/// The lesson player's controls.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum LessonControl {
    PlayPause,
    Back,
    Forward,
    Restart,
    Speed(f32),
    /// Back to the Learn menu.
    Leave,
}

/// What the player answered to an exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    Right(String),
    Wrong(String),
}

/// The lesson being played.
#[derive(Resource)]
pub struct LessonPlayer {
    pub lesson: Lesson,
    /// What the lesson shows after the steps done so far.
    pub frame: Frame,
    pub playing: bool,
    /// Playback speed: 1 is the lesson's own timing.
    pub speed: f32,
    /// Seconds (at speed 1) before the next step.
    pub wait: f32,
    pub feedback: Option<Feedback>,
    /// The exercise that comes next has opened: its time has come, its
    /// prompt is up and the board takes the player's move.
    pub exercise_open: bool,
    /// The last step has had its time.
    pub complete: bool,
    /// Moves the lesson sent to the game and not yet seen applied.
    pub(super) pending: VecDeque<String>,
    /// The reply to a right answer, played once the answer's man has
    /// arrived ([`REPLY_SECONDS`] later, at speed 1).
    pub(super) reply: Option<String>,
    pub(super) reply_wait: f32,
}

impl LessonPlayer {
    fn new(lesson: Lesson, frame: Frame, playing: bool) -> Self {
        LessonPlayer {
            lesson,
            frame,
            playing,
            speed: 1.0,
            wait: 0.5,
            feedback: None,
            exercise_open: false,
            complete: false,
            pending: VecDeque::new(),
            reply: None,
            reply_wait: 0.0,
        }
    }

    /// The step to come, if any.
    pub fn next_step(&self) -> Option<&Step> {
        self.lesson.steps.get(self.frame.done)
    }

    /// Whether the step to come is an exercise (open or not yet).
    pub fn exercise_next(&self) -> bool {
        matches!(self.next_step(), Some(Step::Exercise(_)))
    }

    /// Whether the lesson waits for the player's move: its exercise is open.
    pub fn awaiting_move(&self) -> bool {
        self.exercise_open && self.exercise_next()
    }

    pub fn finished(&self) -> bool {
        self.frame.done >= self.lesson.steps.len()
    }

    /// Sends the reply to the last answer to the game, if it waits.
    pub(super) fn play_reply(&mut self, moves: &mut MessageWriter<MoveRequested>) {
        if let Some(reply) = self.reply.take() {
            moves.write(MoveRequested {
                text: reply.clone(),
            });
            self.pending.push_back(reply);
        }
    }

    /// The prompt of the exercise waiting for the player.
    pub fn prompt(&self) -> Option<&str> {
        match self.next_step() {
            Some(Step::Exercise(e)) if self.exercise_open => Some(&e.prompt),
            _ => None,
        }
    }

    /// Opens the exercise that comes next, if one does.
    pub fn open_exercise(&mut self) {
        if self.exercise_next() {
            self.exercise_open = true;
        }
    }

    /// What the lesson says now, as its panel (or a recording's column)
    /// writes it.
    pub fn words(&self) -> LessonWords<'_> {
        LessonWords {
            caption: self.frame.caption.as_deref(),
            prompt: self.prompt(),
            feedback: self.feedback.as_ref(),
            complete: self.complete,
        }
    }
}

/// What a lesson says at a moment: the caption in force, the exercise's
/// prompt while it waits for the player, the verdict on the answer, and
/// whether the lesson is complete.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LessonWords<'a> {
    pub caption: Option<&'a str>,
    pub prompt: Option<&'a str>,
    pub feedback: Option<&'a Feedback>,
    pub complete: bool,
}

/// The systems that move a lesson on (its controls, its clock, a
/// recording's cues), before the game applies the moves they send.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct LessonSteps;

pub fn plugin(app: &mut App) {
    app.add_message::<LessonRequested>()
        .add_message::<LessonControl>()
        .init_resource::<LessonLibrary>()
        .init_resource::<LessonProgress>()
        .init_resource::<LessonHints>()
        .add_systems(Startup, load_progress)
        // Before the state transitions of the frame, so that the lesson's
        // mode is in force for every system that sees its game.
        .add_systems(PreUpdate, (start_lessons, mode_follows_the_player).chain())
        .add_systems(
            Update,
            (
                (
                    control_lessons,
                    advance_lessons.run_if(not(resource_exists::<PacedFromOutside>)),
                )
                    .chain()
                    .in_set(LessonSteps)
                    .before(GameSystems),
                (
                    answer_exercises,
                    show_lesson_hints,
                    take_clicks_in_exercises,
                    // The shot is in force when the camera frames the
                    // boards and is placed, in the same frame, over the
                    // seated view a new game starts with.
                    aim_camera.after(start_the_view).before(frame_the_boards),
                )
                    .chain()
                    .after(GameSystems),
            ),
        )
        .add_systems(OnEnter(Screen::Learn), leave_lesson)
        .add_systems(OnEnter(Screen::Menu), leave_lesson);
}

fn load_progress(mut progress: ResMut<LessonProgress>, paced: Option<Res<PacedFromOutside>>) {
    // A recording's lesson is nobody's: it is not counted as finished.
    if paced.is_some() {
        return;
    }
    progress.path = progress_path();
    if let Some(path) = &progress.path {
        progress.progress = Progress::load(path);
    }
}

/// What a lesson's game must not inherit from any game or lesson before
/// it, and the way its game starts.
#[derive(SystemParam)]
pub(super) struct FreshBoard<'w, 's> {
    commands: Commands<'w, 's>,
    games: MessageWriter<'w, NewGameRequested>,
    players: ResMut<'w, Players>,
    clock: ResMut<'w, NextClock>,
    hint: ResMut<'w, SuggestedMove>,
    selection: ResMut<'w, Selection>,
    choice: ResMut<'w, PendingChoice>,
}

impl FreshBoard<'_, '_> {
    /// Starts the game of `frame` with nothing of the games before it: no
    /// computer player (the script plays the other side) nor a search or
    /// a hint still under way, no clock, no man picked up, and moves played
    /// here, never proposed to a server.
    fn start(&mut self, frame: &Frame) {
        self.players.set_if_neq(Players::default());
        *self.clock = NextClock::Saved(None);
        self.commands.remove_resource::<Thinking>();
        self.commands.remove_resource::<ServerGame>();
        *self.hint = SuggestedMove::default();
        self.selection.set_if_neq(Selection::default());
        self.choice.set_if_neq(PendingChoice::default());
        self.games.write(NewGameRequested {
            session: frame.session.clone(),
        });
    }
}

fn start_lessons(
    mut commands: Commands,
    mut requests: MessageReader<LessonRequested>,
    library: Res<LessonLibrary>,
    mut board: FreshBoard,
) {
    let Some(request) = requests.read().last() else {
        return;
    };
    let Some(lesson) = library.0.find(&request.id) else {
        warn!("no playable lesson '{}'", request.id);
        return;
    };
    let steps = request.step.unwrap_or(0).min(lesson.steps.len());
    let Ok(frame) = Frame::after(lesson, steps) else {
        // The library holds only proved lessons: this cannot fail.
        return;
    };
    board.start(&frame);
    commands.insert_resource(LessonPlayer::new(
        lesson.clone(),
        frame,
        request.step.is_none(),
    ));
    commands.insert_resource(BoardBorrowed);
}

/// While a lesson player holds the board, the Playing screen is in lesson
/// mode. Asked again each frame: a lesson started from another screen gets
/// its mode in the frame the Playing screen begins (a sub-state asked for
/// before its screen is in force is dropped).
fn mode_follows_the_player(
    player: Option<Res<LessonPlayer>>,
    mode: Option<Res<State<PlayMode>>>,
    mut next: ResMut<NextState<PlayMode>>,
) {
    if player.is_some() && !in_lesson(mode) {
        NextState::set_if_neq(&mut next, PlayMode::Lesson);
    }
}

/// Rebuilds the lesson after `steps` steps and shows it without animation.
fn rewind(player: &mut LessonPlayer, steps: usize, board: &mut FreshBoard) {
    if let Ok(frame) = Frame::after(&player.lesson, steps) {
        board.start(&frame);
        player.frame = frame;
        player.pending.clear();
        player.reply = None;
        player.feedback = None;
        player.exercise_open = false;
        player.complete = false;
        player.wait = 0.5;
    }
}

fn control_lessons(
    mut controls: MessageReader<LessonControl>,
    player: Option<ResMut<LessonPlayer>>,
    mut board: FreshBoard,
    mut moves: MessageWriter<MoveRequested>,
    mut next: ResMut<NextState<Screen>>,
    mut progress: ResMut<LessonProgress>,
) {
    let Some(mut player) = player else {
        controls.clear();
        return;
    };
    for control in controls.read() {
        match *control {
            LessonControl::PlayPause => player.playing = !player.playing,
            LessonControl::Speed(speed) => player.speed = speed.clamp(0.25, 4.0),
            LessonControl::Restart => {
                rewind(&mut player, 0, &mut board);
                player.playing = true;
            }
            LessonControl::Back => {
                // Back over the steps that take no time, to the step before.
                let mut to = player.frame.done.saturating_sub(1);
                while to > 0 && player.lesson.steps[to - 1].seconds() == 0.0 {
                    to -= 1;
                }
                rewind(&mut player, to, &mut board);
                player.playing = false;
            }
            LessonControl::Forward => forward(&mut player, &mut moves, &mut progress),
            LessonControl::Leave => next.set(Screen::Learn),
        }
    }
}

/// The step button: on to the lesson's next moment, as its own time would
/// bring it. The steps up to and with the next one that takes time come
/// together; an exercise opens (and, open, shows its answer); after the
/// last step the lesson is complete.
fn forward(
    player: &mut LessonPlayer,
    moves: &mut MessageWriter<MoveRequested>,
    progress: &mut LessonProgress,
) {
    if player.awaiting_move() {
        step_forward(player, moves, true);
        return;
    }
    while let Some(seconds) = player.next_step().map(Step::seconds) {
        if player.exercise_next() {
            player.open_exercise();
            player.wait = 0.0;
            return;
        }
        step_forward(player, moves, false);
        if seconds > 0.0 {
            return;
        }
    }
    complete(player, progress);
}

/// Applies the next step: a move goes to the game to be animated. An
/// exercise is played with its scripted answer only when `force` is set.
/// A reply still waiting is played first.
pub(super) fn step_forward(
    player: &mut LessonPlayer,
    moves: &mut MessageWriter<MoveRequested>,
    force: bool,
) {
    let Some(step) = player.next_step().cloned() else {
        return;
    };
    if matches!(step, Step::Exercise(_)) && !force {
        return;
    }
    player.play_reply(moves);
    let played_before = player.frame.session.ply_count();
    if let Err(e) = player.frame.apply(&step, None) {
        error!(
            "lesson {} step {}: {e}",
            player.lesson.id,
            player.frame.done + 1
        );
        player.playing = false;
        return;
    }
    for text in player.frame.session.moves().into_iter().skip(played_before) {
        moves.write(MoveRequested { text: text.clone() });
        player.pending.push_back(text);
    }
    // The answer's words stay up for the exercise's own time, until the
    // lesson moves on.
    if step.seconds() > 0.0 {
        player.feedback = None;
    }
    player.exercise_open = false;
    player.wait = step.seconds();
}

/// The last step has had its time: the lesson is complete, and counted as
/// finished.
pub(super) fn complete(player: &mut LessonPlayer, progress: &mut LessonProgress) {
    if player.complete || !player.finished() {
        return;
    }
    player.complete = true;
    player.playing = false;
    if let Some(path) = progress.path.clone()
        && let Err(e) = progress.progress.finish(&player.lesson.id, &path)
    {
        warn!("learn progress not kept: {e}");
    }
}

/// Plays the lesson on in real time (a slow frame must not slow the
/// captions down); steps that take no time all happen in one frame. An
/// exercise opens when the step before it has had its time; the lesson is
/// complete when its last step has.
fn advance_lessons(
    time: Res<Time<Real>>,
    player: Option<ResMut<LessonPlayer>>,
    mut moves: MessageWriter<MoveRequested>,
    mut progress: ResMut<LessonProgress>,
) {
    let Some(mut player) = player else { return };
    let elapsed = time.delta_secs() * player.speed;
    // The reply belongs to the answer: it comes even when the lesson has
    // ended with the exercise or is paused.
    if player.reply.is_some() {
        player.reply_wait -= elapsed;
        if player.reply_wait <= 0.0 {
            player.play_reply(&mut moves);
        }
    }
    if !player.playing {
        return;
    }
    player.wait -= elapsed;
    while player.wait <= 0.0 && !player.finished() {
        if player.exercise_next() {
            player.open_exercise();
            break;
        }
        // The frame's time past a step's end counts toward the next one.
        let over = player.wait;
        step_forward(&mut player, &mut moves, false);
        player.wait += over;
    }
    if player.finished() && player.wait <= 0.0 {
        complete(&mut player, &mut progress);
    }
}

/// The player's move during an exercise: right plays the reply (once the
/// answer's man has arrived) and goes on; wrong is taken back with the
/// lesson's words. A move of the script
/// coming back from the game is only crossed off.
fn answer_exercises(
    mut applied: MessageReader<MoveApplied>,
    player: Option<ResMut<LessonPlayer>>,
    mut history: MessageWriter<HistoryRequested>,
) {
    let Some(mut player) = player else {
        applied.clear();
        return;
    };
    for applied in applied.read() {
        let text = &applied.mv.text;
        if player.pending.front() == Some(text) {
            player.pending.pop_front();
            continue;
        }
        let exercise = match player.next_step() {
            Some(Step::Exercise(exercise)) if player.exercise_open => exercise.clone(),
            _ => {
                // Not the lesson's move and no exercise open: take it back.
                history.write(HistoryRequested(HistoryStep::Undo));
                continue;
            }
        };
        if !exercise.accept.contains(text) {
            let said = wrong_answer(&exercise, player.frame.session.as_ref(), &applied.mv);
            player.feedback = Some(Feedback::Wrong(said));
            history.write(HistoryRequested(HistoryStep::Undo));
            continue;
        }
        let step = Step::Exercise(exercise.clone());
        if let Err(e) = player.frame.apply(&step, Some(text)) {
            error!("lesson {}: {e}", player.lesson.id);
            continue;
        }
        player.reply = exercise.reply.clone();
        player.reply_wait = REPLY_SECONDS;
        player.feedback = Some(Feedback::Right(exercise.right.clone()));
        player.exercise_open = false;
        player.wait = step.seconds();
        player.playing = true;
    }
}

pub fn show_lesson_hints(player: Option<Res<LessonPlayer>>, mut hints: ResMut<LessonHints>) {
    let wanted = player.map(|p| frame_hints(&p.frame)).unwrap_or_default();
    if hints.0 != wanted {
        hints.0 = wanted;
    }
}

/// Clicks move pieces only while an exercise waits for the player.
fn take_clicks_in_exercises(
    player: Option<Res<LessonPlayer>>,
    players: Res<Players>,
    mut humans: ResMut<HumanSides>,
) {
    let Some(player) = player else { return };
    let open = player.awaiting_move() && player.pending.is_empty();
    let wanted = (0..3)
        .map(|side| open && players.computer(side).is_none())
        .collect::<Vec<_>>();
    if humans.0 != wanted {
        humans.0 = wanted;
    }
}

/// The lesson's camera shot; a slow orbit turns while it is in force.
fn aim_camera(
    time: Res<Time>,
    player: Option<Res<LessonPlayer>>,
    orbit: Option<ResMut<OrbitCamera>>,
    mut started: MessageReader<GameStarted>,
    mut last: Local<Option<(Shot, Option<u16>)>>,
) {
    let new_game = started.read().count() > 0;
    let Some(mut orbit) = orbit else { return };
    let Some(player) = player else {
        *last = None;
        return;
    };
    let shot = player.frame.camera;
    let key = Some((shot.shot, shot.cell));
    // A new game (the lesson opening, a step back) seats the view as in
    // play, which is the player's shot; any other shot is put back over it.
    let reseated = new_game && shot.shot != Shot::Player;
    if *last != key || reseated {
        *last = key;
        let default = OrbitCamera::default();
        orbit.top_down = shot.shot == Shot::TopDown;
        orbit.pitch = match shot.shot {
            Shot::Close => 0.6,
            _ => default.pitch,
        };
        orbit.yaw = 0.0;
    }
    if shot.shot == Shot::Orbit && player.playing {
        orbit.yaw = (orbit.yaw + time.delta_secs() * 0.25) % std::f32::consts::TAU;
    }
}

/// Leaving the lesson: its game goes (it is no game to continue or save)
/// and the seats go back to the players' choice.
fn leave_lesson(
    mut commands: Commands,
    player: Option<Res<LessonPlayer>>,
    mut players: ResMut<Players>,
    mut hints: ResMut<LessonHints>,
) {
    if player.is_some() {
        commands.remove_resource::<LessonPlayer>();
        commands.remove_resource::<BoardBorrowed>();
        commands.remove_resource::<crate::app::play::game::Match>();
        players.set_changed();
        hints.0.clear();
    }
}
