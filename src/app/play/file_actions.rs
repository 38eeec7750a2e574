//! The player's saved games: the requests that save, export, open and leave
//! a game, sent by buttons, the game-over dialog and the keyboard alike.
//! One place answers each of them.
//!
//! Save writes without asking: into the data folder's `saves/` under a name
//! made from the game and the time, and again into the same file for later
//! saves of the same game. "Save as…", "Open…" and "Export" ask through the
//! desktop's own file dialog where there is one (`zenity` or `kdialog`, run
//! in the background; `VARIANTARIUM_FILE_DIALOG` = `zenity`, `kdialog` or
//! `none` chooses), else in the app: the saved-games list for Open…, a name
//! for Save as…, the saves folder for Export.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::SystemTime;

use bevy::prelude::*;

use crate::app::play::clock::{GameClock, NextClock};
use crate::app::play::computer::Players;
use crate::app::play::files::{
    FileNote, export_game, fresh_name, load_game, save_game, save_record, saves_dir,
};
use crate::app::play::game::{GameStarted, GameSystems, Match, NewGameRequested, StartNotice};
use crate::app::play::leaving::LeaveAsked;
use crate::app::play::move_times::{MoveTimes, NextMoveTimes};
use crate::app::play::remote::{OnlineResumeRequested, ServerGame};
use crate::app::screen::{PlayMode, Screen, in_lesson};
use crate::record::{GameRecord, SavedClock};
use crate::rules::session::Session;

/// Save the current game into the saved-games folder (Ctrl+S, "Save").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveRequested;

/// Save the current game where the player chooses ("Save as…").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveAsRequested;

/// Export the current game as a plain-text record ("Export").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ExportRequested;

/// Open a game the player chooses ("Open…").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct OpenRequested;

/// Go back to the menu; a game in progress asks first (Esc, "Menu").
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeaveRequested;

/// Load this file (from the saved-games list or a file dialog).
#[derive(Message, Clone, Debug)]
pub struct LoadRequested(pub PathBuf);

/// Save the current game at this path (Save as… by name in the app).
#[derive(Message, Clone, Debug)]
pub struct SaveToRequested(pub PathBuf);

/// The in-app list of saved games, to load or delete.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedGamesWindow {
    pub open: bool,
}

/// The file the current game was last saved to or loaded from: Save
/// writes there again. A new game forgets it.
#[derive(Resource, Default, Debug)]
pub struct CurrentFile {
    pub path: Option<PathBuf>,
    /// The next game to start is the one loaded from `path`.
    keep_next: bool,
}

/// What the last save, load, export or delete said, for the player.
#[derive(Resource, Default, Debug)]
pub struct FileMessage(pub Option<FileNote>);

/// Save as… without a desktop dialog: the name the player types.
#[derive(Resource, Default, Debug)]
pub struct SaveAsPrompt {
    pub open: bool,
    pub name: String,
}

/// What a desktop file dialog is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    Open,
    SaveAs,
    Export,
}

/// A desktop file dialog running in the background.
#[derive(Resource)]
struct Asking {
    want: Want,
    answer: Mutex<Receiver<Result<Option<PathBuf>, String>>>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRequested>()
        .add_message::<SaveAsRequested>()
        .add_message::<ExportRequested>()
        .add_message::<OpenRequested>()
        .add_message::<LeaveRequested>()
        .add_message::<LoadRequested>()
        .add_message::<SaveToRequested>()
        .init_resource::<SavedGamesWindow>()
        .init_resource::<CurrentFile>()
        .init_resource::<FileMessage>()
        .init_resource::<LeaveAsked>()
        .init_resource::<SaveAsPrompt>()
        .add_systems(
            Update,
            (
                (answer_loads, answer_leaving).before(GameSystems),
                (
                    forget_file_of_old_game,
                    answer_saves,
                    answer_dialog_requests,
                    hear_dialogs,
                )
                    .chain()
                    .after(GameSystems),
            ),
        );
}

/// The game the player plays (not the menu's backdrop, not a lesson).
fn own_game<'a>(game: &'a Option<Res<Match>>, screen: &State<Screen>) -> Option<&'a Match> {
    (*screen.get() == Screen::Playing)
        .then_some(game.as_deref())
        .flatten()
}

/// A new game has no file yet, and what was said of the last one's files
/// goes; a game loaded from a file keeps both.
fn forget_file_of_old_game(
    mut started: MessageReader<GameStarted>,
    mut file: ResMut<CurrentFile>,
    mut message: ResMut<FileMessage>,
) {
    if started.read().count() > 0 {
        if file.keep_next {
            file.keep_next = false;
        } else {
            file.path = None;
            if message.0.is_some() {
                message.0 = None;
            }
        }
    }
}

fn answer_saves(
    mut saves: MessageReader<SaveRequested>,
    mut saves_to: MessageReader<SaveToRequested>,
    game: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    (players, clock, server): (Res<Players>, Res<GameClock>, Option<Res<ServerGame>>),
    times: Res<MoveTimes>,
    mut file: ResMut<CurrentFile>,
    mut message: ResMut<FileMessage>,
) {
    let mut wanted: Vec<Option<PathBuf>> = saves.read().map(|_| None).collect();
    wanted.extend(saves_to.read().map(|to| Some(to.0.clone())));
    let Some(to) = wanted.pop() else { return };
    let Some(game) = own_game(&game, &screen) else {
        message.0 = Some(FileNote::failed("There is no game to save.".into()));
        return;
    };
    let session = game.session.as_ref();
    let path = match to.or_else(|| file.path.clone()) {
        Some(path) => path,
        None => match saves_dir() {
            Some(dir) => fresh_name(&dir, session, SystemTime::now()),
            None => {
                message.0 = Some(FileNote::failed(
                    "Cannot save: this system names no home folder for saved games.".into(),
                ));
                return;
            }
        },
    };
    let note = match server {
        Some(server) => save_record(&online_record(session, &server, clock.saved()), &path),
        None => save_game(session, &players.0, clock.saved(), &times.ms, &path),
    };
    if !note.error && path.extension().is_some_and(|e| e == "json") {
        file.path = Some(path);
    }
    message.0 = Some(note);
}

/// An online game's record: its moves, the clocks, the seat on its
/// server, and the server's result when the server ended it.
pub fn online_record(
    session: &dyn Session,
    server: &ServerGame,
    clock: Option<SavedClock>,
) -> GameRecord {
    let mut record = GameRecord::of(session)
        .with_clock(clock)
        .with_online(Some(server.place.clone()));
    let score = server.ended.as_deref().and_then(|s| s.split(' ').next());
    if let Some(score @ ("1-0" | "0-1" | "1/2-1/2")) = score
        && record.result == "*"
    {
        record.result = score.to_string();
    }
    record
}

fn answer_loads(
    mut loads: MessageReader<LoadRequested>,
    mut file: ResMut<CurrentFile>,
    mut message: ResMut<FileMessage>,
    mut players: ResMut<Players>,
    mut notice: ResMut<StartNotice>,
    (mut next_clock, mut next_times): (ResMut<NextClock>, ResMut<NextMoveTimes>),
    mut requests: MessageWriter<NewGameRequested>,
    mut resumes: MessageWriter<OnlineResumeRequested>,
) {
    let Some(LoadRequested(path)) = loads.read().last() else {
        return;
    };
    let (note, loaded) = load_game(path);
    // A game still going on a server: the seat is taken again there.
    if let Some(seat) = loaded
        .as_ref()
        .filter(|l| l.result == "*")
        .and_then(|l| l.online.clone())
    {
        message.0 = Some(FileNote::done(format!(
            "Taking your seat again in game {} on {}…",
            seat.code, seat.server
        )));
        resumes.write(OnlineResumeRequested(seat));
        return;
    }
    if let Some(loaded) = loaded {
        let sides = usize::from(loaded.session.side_count());
        let mut seats = loaded.players.unwrap_or_default();
        seats.resize(sides, None);
        players.0 = seats;
        notice.0 = loaded.stopped.clone();
        *next_clock = NextClock::Saved(loaded.clock);
        next_times.0 = loaded.move_ms;
        file.path = Some(path.clone()).filter(|p| p.extension().is_some_and(|e| e == "json"));
        file.keep_next = true;
        requests.write(NewGameRequested {
            session: loaded.session,
        });
    }
    message.0 = Some(note);
}

fn answer_leaving(
    mut leaves: MessageReader<LeaveRequested>,
    game: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    mode: Option<Res<State<PlayMode>>>,
    mut asked: ResMut<LeaveAsked>,
    mut next: ResMut<NextState<Screen>>,
    server: Option<Res<ServerGame>>,
) {
    if leaves.read().count() == 0 || in_lesson(mode) {
        return;
    }
    let Some(game) = own_game(&game, &screen) else {
        return;
    };
    // An online game may end by the server's word (a resignation).
    let ended_online = server.is_some_and(|s| s.ended.is_some());
    if game.session.ply_count() > 0 && !game.is_over() && !ended_online {
        asked.open = true;
    } else {
        next.set(Screen::Menu);
    }
}

/// Open…, Save as… and Export: a desktop dialog where there is one, else
/// the app's own way.
fn answer_dialog_requests(
    mut commands: Commands,
    mut opens: MessageReader<OpenRequested>,
    mut saves_as: MessageReader<SaveAsRequested>,
    mut exports: MessageReader<ExportRequested>,
    asking: Option<Res<Asking>>,
    game: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    mut fallback: (
        ResMut<SavedGamesWindow>,
        ResMut<SaveAsPrompt>,
        ResMut<FileMessage>,
    ),
) {
    let want = [
        (opens.read().count() > 0, Want::Open),
        (saves_as.read().count() > 0, Want::SaveAs),
        (exports.read().count() > 0, Want::Export),
    ]
    .into_iter()
    .find_map(|(asked, want)| asked.then_some(want));
    let Some(want) = want else { return };
    if asking.is_some() {
        return;
    }
    let (list, prompt, message) = &mut fallback;
    let session = own_game(&game, &screen).map(|g| g.session.as_ref());
    if want != Want::Open && session.is_none() {
        message.0 = Some(FileNote::failed("There is no game to save.".into()));
        return;
    }
    let dir = saves_dir().unwrap_or_else(|| PathBuf::from("."));
    let suggested = session.map(|s| fresh_name(&dir, s, SystemTime::now()));
    let suggested = match (want, suggested) {
        (Want::Export, Some(path)) => Some(path.with_extension("txt")),
        (_, path) => path,
    };
    if let Some(answer) = ask_desktop(want, &dir, suggested.as_deref()) {
        commands.insert_resource(Asking {
            want,
            answer: Mutex::new(answer),
        });
        return;
    }
    match (want, session, suggested) {
        (Want::Open, _, _) => list.open = true,
        (Want::SaveAs, _, Some(path)) => {
            prompt.open = true;
            prompt.name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
        }
        (Want::Export, Some(session), Some(path)) => message.0 = Some(export_game(session, &path)),
        _ => {}
    }
}

/// The answer of a desktop dialog, when it comes.
fn hear_dialogs(
    mut commands: Commands,
    asking: Option<Res<Asking>>,
    game: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    mut message: ResMut<FileMessage>,
    mut loads: MessageWriter<LoadRequested>,
    mut saves: MessageWriter<SaveToRequested>,
) {
    let Some(asking) = asking else { return };
    let answer = match asking.answer.lock() {
        Ok(answer) => match answer.try_recv() {
            Ok(answer) => answer,
            Err(std::sync::mpsc::TryRecvError::Empty) => return,
            Err(_) => Err("the file dialog closed without an answer".into()),
        },
        Err(_) => Err("the file dialog failed".into()),
    };
    commands.remove_resource::<Asking>();
    let path = match answer {
        Ok(Some(path)) => path,
        Ok(None) => return,
        Err(e) => {
            message.0 = Some(FileNote::failed(format!("No file dialog: {e}")));
            return;
        }
    };
    match asking.want {
        Want::Open => {
            loads.write(LoadRequested(path));
        }
        Want::SaveAs => {
            saves.write(SaveToRequested(path));
        }
        Want::Export => {
            if let Some(game) = own_game(&game, &screen) {
                message.0 = Some(export_game(game.session.as_ref(), &path));
            }
        }
    }
}

/// The desktop's file dialog program, if there is one to use.
fn desktop_dialog() -> Option<&'static str> {
    let programs = ["zenity", "kdialog"];
    if let Some(chosen) = std::env::var_os("VARIANTARIUM_FILE_DIALOG") {
        return programs.into_iter().find(|p| chosen == *p);
    }
    let path = std::env::var_os("PATH")?;
    programs
        .into_iter()
        .find(|program| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Starts the desktop's dialog in the background; None when there is none.
fn ask_desktop(
    want: Want,
    dir: &Path,
    suggested: Option<&Path>,
) -> Option<Receiver<Result<Option<PathBuf>, String>>> {
    let program = desktop_dialog()?;
    let _ = std::fs::create_dir_all(dir);
    let start = suggested.unwrap_or(dir).to_string_lossy().into_owned();
    let mut command = Command::new(program);
    match (program, want) {
        ("zenity", Want::Open) => command.args(["--file-selection", "--title=Open a game"]),
        ("zenity", _) => command.args(["--file-selection", "--save", "--title=Save the game"]),
        (_, Want::Open) => command.arg("--getopenfilename"),
        (_, _) => command.arg("--getsavefilename"),
    };
    if program == "zenity" {
        command.arg(format!("--filename={start}"));
    } else {
        command.arg(&start);
    }
    let (send, answer) = channel();
    std::thread::spawn(move || {
        let result = command.output().map_err(|e| format!("{program}: {e}"));
        let _ = send.send(result.map(|out| {
            let chosen = String::from_utf8_lossy(&out.stdout).trim().to_string();
            (out.status.success() && !chosen.is_empty()).then(|| PathBuf::from(chosen))
        }));
    });
    Some(answer)
}
