//! Online games are kept among the saved games as they go: after every
//! move and at the end, `online-CODE.json` in the saves folder holds the
//! moves, the clocks and the seat (with its token), and Save writes there
//! too. Opening that file takes the seat again: this room answers the
//! request by resuming the seat on its server.

use std::path::PathBuf;

use bevy::prelude::*;

use super::follow::Online;
use crate::app::play::clock::{ClockSystems, GameClock};
use crate::app::play::file_actions::{CurrentFile, FileMessage, online_record};
use crate::app::play::files::{FileNote, save_record, saves_dir};
use crate::app::play::game::{GameSystems, Match};
use crate::app::play::remote::{OnlineResumeRequested, ServerGame};
use crate::app::screen::Screen;

/// The folder online games are kept in (None: this system names no home
/// folder, and they are not kept).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlineSaves(pub Option<PathBuf>);

impl Default for OnlineSaves {
    fn default() -> Self {
        OnlineSaves(saves_dir())
    }
}

impl OnlineSaves {
    /// Where the game of this invite code is kept.
    pub fn file_of(&self, code: &str) -> Option<PathBuf> {
        let safe: String = code.chars().filter(char::is_ascii_alphanumeric).collect();
        self.0
            .as_ref()
            .map(|dir| dir.join(format!("online-{safe}.json")))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineSaves>().add_systems(
        Update,
        (
            take_the_seat_again.before(GameSystems),
            keep_the_game.after(GameSystems).after(ClockSystems),
        ),
    );
}

/// What was last written: the game's code, its moves and whether it ended.
type Kept = (String, usize, bool);

/// Writes the game when a move was played or taken back, or it ended.
fn keep_the_game(
    server: Option<Res<ServerGame>>,
    game: Option<Res<Match>>,
    clock: Res<GameClock>,
    saves: Res<OnlineSaves>,
    mut file: ResMut<CurrentFile>,
    mut message: ResMut<FileMessage>,
    mut kept: Local<Option<Kept>>,
) {
    let (Some(server), Some(game)) = (server, game) else {
        return;
    };
    let session = game.session.as_ref();
    let ended = server.ended.is_some() || session.outcome().is_some();
    let now = (server.place.code.clone(), session.ply_count(), ended);
    if kept.as_ref() == Some(&now) {
        return;
    }
    let Some(path) = saves.file_of(&server.place.code) else {
        return;
    };
    let note = save_record(&online_record(session, &server, clock.saved()), &path);
    if note.error {
        message.0 = Some(note);
    } else if file.path.as_ref() != Some(&path) {
        file.path = Some(path);
    }
    *kept = Some(now);
}

/// A saved online game opened: its seat is taken again on its server, and
/// the Play online screen shows the link until the board can.
fn take_the_seat_again(
    mut commands: Commands,
    mut resumes: MessageReader<OnlineResumeRequested>,
    mut next: ResMut<NextState<Screen>>,
    mut message: ResMut<FileMessage>,
) {
    let Some(OnlineResumeRequested(seat)) = resumes.read().last() else {
        return;
    };
    if seat.server.trim().is_empty() {
        message.0 = Some(FileNote::failed(
            "This online game's save names no server.".into(),
        ));
        return;
    }
    commands.remove_resource::<ServerGame>();
    commands.insert_resource(Online::resume(seat));
    next.set(Screen::Online);
}
