//! Nothing lost: the window keeps the current game in the user's data
//! folder ([`crate::record::autosave_path`]) when a game starts (a new one,
//! a loaded one, one given on the command line), after every move, undo,
//! redo or jump in the history, when the player leaves it for the menu (with
//! the clocks as they stand) and when the app exits. Each write is atomic
//! (a temporary file, flushed, renamed over the old one), so a crash or a
//! `kill -9` at any moment leaves the last complete save, never half a file.
//!
//! The file is an ordinary saved game (with who plays each side): the menu
//! offers to continue it, `play --resume` opens it, and `--record` reads it
//! like any other save.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::play::clock::{ClockSystems, GameClock, NextClock};
use crate::app::play::computer::Players;
use crate::app::play::game::{
    GameStarted, GameSystems, Match, MoveApplied, NewGameRequested, PositionChanged, StartNotice,
};
use crate::app::play::move_times::{MoveTimes, NextMoveTimes};
use crate::app::play::remote::ServerGame;
use crate::app::screen::{Backdrop, BoardBorrowed, PlayMode, Screen, in_lesson};
use crate::engine::Level;
use crate::record::{self, GameRecord, SavedClock};
use crate::rules::session::Session;

/// Keeps the current game in `path`; None keeps nothing (a screenshot run).
pub struct AutosavePlugin {
    pub path: Option<PathBuf>,
}

/// Where the current game is kept.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct AutosaveFile(pub Option<PathBuf>);

/// The saved game the menu offers to continue, read when the menu opens.
#[derive(Resource)]
pub struct Resumable {
    /// What the menu shows, e.g. `Flaxman: 12 moves, White to move`.
    pub summary: String,
    session: Box<dyn Session>,
    players: Option<Vec<Option<Level>>>,
    clock: Option<SavedClock>,
    move_ms: Vec<Option<u64>>,
    stopped: Option<String>,
}

/// Continue the autosaved game.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResumeRequested;

/// The text last written, so that an unchanged game is not written again.
#[derive(Resource, Default)]
struct Written(String);

impl Plugin for AutosavePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(AutosaveFile(self.path.clone()))
            .init_resource::<Written>()
            .add_message::<ResumeRequested>()
            .add_systems(OnEnter(Screen::Menu), offer_to_resume)
            .add_systems(
                Update,
                (
                    resume.before(GameSystems),
                    // A lesson's game, or the title screen's backdrop, is no
                    // game of the user's; an online game is the server's to
                    // keep (continued offline it would be another game).
                    save_on_change
                        .after(GameSystems)
                        .after(ClockSystems)
                        .run_if(not(in_lesson))
                        .run_if(not(resource_exists::<Backdrop>))
                        .run_if(not(resource_exists::<BoardBorrowed>))
                        .run_if(not(resource_exists::<ServerGame>)),
                ),
            )
            .add_systems(
                // The player's own game, as its screen closes (a lesson or
                // a puzzle is another mode of the screen).
                OnExit(PlayMode::Game),
                save_on_leaving
                    .run_if(not(resource_exists::<BoardBorrowed>))
                    .run_if(not(resource_exists::<ServerGame>)),
            )
            .add_systems(
                Last,
                save_on_exit
                    .run_if(not(in_lesson))
                    .run_if(not(resource_exists::<Backdrop>))
                    .run_if(not(resource_exists::<BoardBorrowed>))
                    .run_if(not(resource_exists::<ServerGame>)),
            );
    }
}

/// The autosaved game with its notes, if there is one that loads.
pub fn read_autosave(path: &std::path::Path) -> Option<Resumable> {
    if !path.exists() {
        return None;
    }
    match record::open(path) {
        Ok(loaded) => Some(Resumable {
            summary: summary(loaded.session.as_ref()),
            session: loaded.session,
            players: loaded.players,
            clock: loaded.clock,
            move_ms: loaded.move_ms,
            stopped: loaded.stopped,
        }),
        Err(e) => {
            warn!("the autosaved game cannot be continued: {e}");
            None
        }
    }
}

fn summary(session: &dyn Session) -> String {
    let moves = crate::app::play::files::moves_phrase(session);
    let state = match session.outcome() {
        Some(outcome) => format!("{outcome}"),
        None => format!("{} to move", session.side_to_move().name()),
    };
    format!("{}: {moves}, {state}", session.variant().id.title())
}

fn offer_to_resume(mut commands: Commands, file: Res<AutosaveFile>) {
    match file.0.as_deref().and_then(read_autosave) {
        Some(offer) => commands.insert_resource(offer),
        None => commands.remove_resource::<Resumable>(),
    }
}

fn resume(
    mut asks: MessageReader<ResumeRequested>,
    offer: Option<Res<Resumable>>,
    mut players: ResMut<Players>,
    mut notice: ResMut<StartNotice>,
    mut next_clock: ResMut<NextClock>,
    mut next_times: ResMut<NextMoveTimes>,
    mut requests: MessageWriter<NewGameRequested>,
) {
    if asks.read().count() == 0 {
        return;
    }
    let Some(offer) = offer else { return };
    if let Some(saved) = &offer.players {
        let mut sides = saved.clone();
        sides.resize(usize::from(offer.session.side_count()), None);
        players.0 = sides;
    }
    notice.0 = offer.stopped.clone();
    *next_clock = NextClock::Saved(offer.clock.clone());
    next_times.0 = offer.move_ms.clone();
    requests.write(NewGameRequested {
        session: offer.session.clone_box(),
    });
}

fn save_on_change(
    mut started: MessageReader<GameStarted>,
    mut applied: MessageReader<MoveApplied>,
    mut changed: MessageReader<PositionChanged>,
    file: Res<AutosaveFile>,
    game: Option<ResMut<Match>>,
    players: Res<Players>,
    (clock, times): (Res<GameClock>, Res<MoveTimes>),
    mut written: ResMut<Written>,
) {
    let events = started.read().count() + applied.read().count() + changed.read().count();
    if events > 0
        && let Some(mut game) = game
    {
        save(&file, &mut game, &players, (&clock, &times), &mut written);
    }
}

/// Leaving keeps the game as it stands: its clocks have run since the last
/// move, and continuing it must not give that time back.
fn save_on_leaving(
    file: Res<AutosaveFile>,
    game: Option<ResMut<Match>>,
    players: Res<Players>,
    (clock, times): (Res<GameClock>, Res<MoveTimes>),
    mut written: ResMut<Written>,
) {
    if let Some(mut game) = game {
        save(&file, &mut game, &players, (&clock, &times), &mut written);
    }
}

fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    file: Res<AutosaveFile>,
    game: Option<ResMut<Match>>,
    players: Res<Players>,
    (clock, times): (Res<GameClock>, Res<MoveTimes>),
    mut written: ResMut<Written>,
) {
    if exits.read().count() > 0
        && let Some(mut game) = game
    {
        save(&file, &mut game, &players, (&clock, &times), &mut written);
    }
}

/// Writes the game unless it is what the file already holds; a failure is
/// shown in the status bar (once) and the game goes on.
fn save(
    file: &AutosaveFile,
    game: &mut ResMut<Match>,
    players: &Players,
    (clock, times): (&GameClock, &MoveTimes),
    written: &mut Written,
) {
    // `game` stays a ResMut so that only a failure marks the match changed.
    let Some(path) = &file.0 else { return };
    // One entry per seat of this game (the menu keeps a third for Red).
    let seats = usize::from(game.session.side_count()).min(players.0.len());
    let text = GameRecord::of(game.session.as_ref())
        .with_players(&players.0[..seats])
        .with_clock(clock.saved())
        .with_move_times(&times.ms)
        .to_json();
    if text == written.0 {
        return;
    }
    let result = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
        _ => Ok(()),
    }
    .and_then(|()| record::write_atomically(path, &text));
    match result {
        Ok(()) => written.0 = text,
        Err(e) => {
            let message = format!("Autosave to {} failed: {e}", path.display());
            warn!("{message}");
            // Said once per failure, not on every move after it.
            written.0 = text;
            game.notice = Some(message);
        }
    }
}
