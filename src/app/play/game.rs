//! The current match and the domain messages. Moves are validated and applied
//! here, by the rules, and nowhere else.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::play::remote::{MoveProposed, SeatAction, ServerGame, ServerMoved, ServerTookBack};
use crate::app::screen::Screen;
use crate::rules::Side;
use crate::rules::history::DrawRules;
use crate::rules::session::{MoveInfo, Session, new_session};
use crate::rules::variant::Variant;
use crate::rules::view::{BoardLayout, CellId, Placement};

/// The game being played.
#[derive(Resource)]
pub struct Match {
    pub session: Box<dyn Session>,
    pub layout: BoardLayout,
    /// The last move played, for its highlight.
    pub last_move: Option<MoveInfo>,
    /// A short line for the status bar: the last refused request and why.
    pub notice: Option<String>,
    /// After a step back or forth in the history the computer does not move
    /// until a person moves or asks it to ([`ComputerResumed`]).
    pub computer_waits: bool,
}

impl Match {
    pub fn new(session: Box<dyn Session>) -> Self {
        Match {
            layout: session.layout(),
            session,
            last_move: None,
            notice: None,
            computer_waits: false,
        }
    }

    pub fn is_over(&self) -> bool {
        self.session.outcome().is_some()
    }
}

/// A game handed over at launch (`play`, `screenshot`); taken on start-up.
#[derive(Resource, Default)]
pub struct StartWith(pub Option<Box<dyn Session>>);

/// A line for the status bar of the next game to start (a load whose moves
/// stopped replaying says which move failed); taken when it starts.
#[derive(Resource, Default)]
pub struct StartNotice(pub Option<String>);

/// Seconds one move's animation takes; 0 is instant.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AnimationSpeed(pub f32);

impl Default for AnimationSpeed {
    fn default() -> Self {
        AnimationSpeed(0.45)
    }
}

/// A person (or a demo) clicked a cell.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellClicked {
    pub cell: CellId,
}

/// Sides that take clicks; the computer's sides do not.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct HumanSides(pub Vec<bool>);

impl Default for HumanSides {
    fn default() -> Self {
        HumanSides(vec![true; 3])
    }
}

/// Play this move (in notation) if it is legal.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRequested {
    pub text: String,
}

/// A move was played; `before` is what stood where before it.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    pub mv: MoveInfo,
    pub before: Vec<Placement>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryStep {
    Undo,
    Redo,
    /// Show the position after this many plies (undoing or redoing to it).
    GoTo(usize),
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryRequested(pub HistoryStep);

/// The position changed other than by one move forward (undo, redo, load):
/// pieces are rebuilt without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PositionChanged;

/// The person asks the computer to move again after a step in the history.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ComputerResumed;

/// A new game replaced the old one: boards and pieces are rebuilt.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GameStarted;

/// Start a new game (from the menu, a load or the CLI).
#[derive(Message)]
pub struct NewGameRequested {
    pub session: Box<dyn Session>,
}

impl NewGameRequested {
    pub fn variant(variant: Variant, draw_rules: DrawRules) -> Result<Self, String> {
        Ok(NewGameRequested {
            session: new_session(variant, draw_rules, None)?,
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HumanSides>()
        .add_message::<CellClicked>()
        .add_message::<MoveRequested>()
        .add_message::<MoveApplied>()
        .add_message::<HistoryRequested>()
        .add_message::<PositionChanged>()
        .add_message::<GameStarted>()
        .add_message::<NewGameRequested>()
        .add_message::<ComputerResumed>()
        .init_resource::<StartWith>()
        .init_resource::<StartNotice>()
        .init_resource::<AnimationSpeed>()
        .add_systems(Startup, start_launch_game)
        .add_systems(
            Update,
            (
                start_new_games,
                apply_requested_moves,
                apply_history_requests,
                resume_computer,
            )
                .chain()
                .in_set(GameSystems),
        );
}

/// The systems that change the match; everything that reacts runs after.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameSystems;

fn start_launch_game(mut start: ResMut<StartWith>, mut requests: MessageWriter<NewGameRequested>) {
    if let Some(session) = start.0.take() {
        requests.write(NewGameRequested { session });
    }
}

fn start_new_games(
    mut commands: Commands,
    mut requests: MessageReader<NewGameRequested>,
    mut started: MessageWriter<GameStarted>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<StartNotice>,
) {
    // Only the newest request counts when several arrive in one frame.
    let Some(request) = requests.read().last() else {
        return;
    };
    let mut game = Match::new(request.session.clone());
    game.notice = notice.0.take();
    commands.insert_resource(game);
    next.set(Screen::Playing);
    started.write(GameStarted);
}

/// What the server did to an online game's board.
#[derive(SystemParam)]
struct ServerSays<'w, 's> {
    moves: MessageReader<'w, 's, ServerMoved>,
    took_back: MessageReader<'w, 's, ServerTookBack>,
    changed: MessageWriter<'w, PositionChanged>,
}

fn apply_requested_moves(
    game: Option<ResMut<Match>>,
    server: Option<Res<ServerGame>>,
    mut requests: MessageReader<MoveRequested>,
    mut says: ServerSays,
    mut proposed: MessageWriter<MoveProposed>,
    mut applied: MessageWriter<MoveApplied>,
) {
    let Some(mut game) = game else {
        requests.clear();
        says.moves.clear();
        says.took_back.clear();
        return;
    };
    for ServerTookBack { ply } in says.took_back.read() {
        match replayed_to(game.session.as_ref(), *ply) {
            Ok(session) => game.session = session,
            Err(e) => game.notice = Some(format!("the takeback cannot be shown: {e}")),
        }
        game.last_move = last_move(game.session.as_ref());
        game.notice = None;
        says.changed.write(PositionChanged);
    }
    // On a server's game the person's move is only a proposal: the board
    // plays what the server accepted, in its order (requests read here are
    // not read again below).
    if server.is_some() {
        for request in requests.read() {
            proposed.write(MoveProposed {
                text: request.text.clone(),
            });
        }
    }
    let texts = requests
        .read()
        .map(|r| &r.text)
        .chain(says.moves.read().map(|m| &m.text));
    for text in texts {
        if game.is_over() {
            game.notice = Some(format!("{text} was not played: the game is over"));
            continue;
        }
        play_one(&mut game, text, &mut applied);
    }
}

/// The game back at `ply` moves with nothing to redo: the moves taken back
/// on a server are gone, not waiting to be replayed.
fn replayed_to(session: &dyn Session, ply: usize) -> Result<Box<dyn Session>, String> {
    let start = session.start_text();
    let mut fresh = new_session(session.variant(), session.draw_rules(), Some(&start))?;
    for text in session.moves().iter().take(ply) {
        fresh.play(text).map_err(|e| e.to_string())?;
    }
    Ok(fresh)
}

fn play_one(game: &mut Match, text: &str, applied: &mut MessageWriter<MoveApplied>) {
    let before = game.session.placements();
    let playing = players_in_game(game.session.as_ref());
    match game.session.play(text) {
        Ok(mv) => {
            game.last_move = Some(mv.clone());
            game.notice = elimination_notice(game.session.as_ref(), &playing);
            game.computer_waits = false;
            applied.write(MoveApplied { mv, before });
        }
        Err(e) => game.notice = Some(e.to_string()),
    }
}

/// The sides still in a game of more than two (empty for two players).
fn players_in_game(session: &dyn Session) -> Vec<Side> {
    let count = session.side_count();
    if count <= 2 {
        return Vec::new();
    }
    (0..count)
        .map(Side)
        .filter(|&side| session.in_game(side))
        .collect()
}

/// "White checkmated Black" when the move just played eliminated players:
/// the player now to move is the one whose attack removed them.
fn elimination_notice(session: &dyn Session, playing_before: &[Side]) -> Option<String> {
    let out: Vec<&str> = playing_before
        .iter()
        .filter(|&&side| !session.in_game(side))
        .map(|side| side.name())
        .collect();
    if out.is_empty() {
        return None;
    }
    let by = session.side_to_move().name();
    Some(format!("{by} checkmated {}", out.join(" and ")))
}

fn apply_history_requests(
    game: Option<ResMut<Match>>,
    humans: Res<HumanSides>,
    server: Option<Res<ServerGame>>,
    mut requests: MessageReader<HistoryRequested>,
    mut changed: MessageWriter<PositionChanged>,
    mut seat_actions: MessageWriter<SeatAction>,
) {
    let Some(mut game) = game else {
        requests.clear();
        return;
    };
    // The server keeps an online game's moves: Undo asks the others to
    // take the last move back, and the board stays at the newest so that
    // the next move lands on it.
    if server.is_some() {
        for HistoryRequested(step) in requests.read() {
            if *step == HistoryStep::Undo {
                seat_actions.write(SeatAction::Takeback);
            } else {
                game.notice = Some(
                    "An online game stays at its newest move: the server keeps the moves".into(),
                );
            }
        }
        return;
    }
    let sides = game.session.side_count() as usize;
    let human = |side: usize| humans.0.get(side).copied().unwrap_or(true);
    let computer_plays = (0..sides).any(|side| !human(side));
    let someone_plays = (0..sides).any(human);
    for HistoryRequested(step) in requests.read() {
        let session = game.session.as_mut();
        // Against the computer a step goes from one of the person's turns
        // to another: the computer's reply goes back and forth with the move.
        let to_a_person = |session: &dyn Session| {
            !(computer_plays && someone_plays) || human(session.side_to_move().index())
        };
        let moved = match *step {
            HistoryStep::Undo => {
                let moved = session.undo();
                while moved && !to_a_person(session) && session.undo() {}
                moved
            }
            HistoryStep::Redo => {
                let moved = session.redo();
                while moved && !to_a_person(session) && session.redo() {}
                moved
            }
            HistoryStep::GoTo(ply) => go_to(session, ply),
        };
        if moved {
            game.last_move = last_move(game.session.as_ref());
            game.notice = None;
            game.computer_waits = computer_plays;
            changed.write(PositionChanged);
        }
    }
}

fn resume_computer(game: Option<ResMut<Match>>, mut asks: MessageReader<ComputerResumed>) {
    if asks.read().count() > 0
        && let Some(mut game) = game
        && game.computer_waits
    {
        game.computer_waits = false;
    }
}

/// Whether Undo has anything to take back.
pub fn can_undo(session: &dyn Session) -> bool {
    session.ply_count() > 0
}

fn go_to(session: &mut dyn Session, ply: usize) -> bool {
    let mut moved = false;
    while session.ply_count() > ply && session.undo() {
        moved = true;
    }
    while session.ply_count() < ply && session.redo() {
        moved = true;
    }
    moved
}

/// The move that led to the current position, recomputed by replaying it.
fn last_move(session: &dyn Session) -> Option<MoveInfo> {
    let last = session.moves().pop()?;
    let mut replay = session.clone_box();
    replay.undo();
    replay.play(&last).ok()
}
