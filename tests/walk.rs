//! The new user's walk, as the acceptance puts it: the real binary
//! under Xvfb, driven by real mouse input (xdotool). Launch → the title
//! screen → a game picked from its card, against the computer → a move →
//! the computer answers → Menu asks before leaving a game in progress →
//! Undo → from the saved-games list, a Flaxman game one move from mate
//! (written into the saves folder beforehand, beside a broken file) → the
//! mate by clicks → the game-over dialog → Save → New game (the title
//! screen) → the finished game loaded from the list → Rematch. A picture
//! at each step goes to the test's folder and to `/work/shots/walk/` when
//! that folder can be made.

use std::path::Path;

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, scratch};
use crate::player::{FRAMES_FOR_A_REPLY, PlayerActions, flaxman_mate_in_one, simple_move_in};
use variantarium::record::GameRecord;
use variantarium::rules::EndReason;
use variantarium::rules::history::DrawRules;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::{Variant, VariantId};

const SIZE: &str = "1280x720";
const SHOTS: &str = "/work/shots/walk";

/// A picture of this step, kept in the test's folder and the shots folder.
fn shot(window: &GameWindow, name: &str) {
    window.frames("the step to be drawn", 2);
    let file = format!("{name}.png");
    window.picture(&file);
    if std::fs::create_dir_all(SHOTS).is_ok() {
        let _ = std::fs::copy(window.dir.join(&file), Path::new(SHOTS).join(&file));
    }
}

/// The autosave once it has this many moves.
fn kept_with(window: &GameWindow, plies: usize, frames: u64) -> GameRecord {
    window.wait_frames(&format!("a kept game of {plies} moves"), frames, || {
        window.autosave().filter(|r| r.moves.len() == plies)
    })
}

/// The saves folder holds a broken file and, newer, a Flaxman game whose
/// side to move mates in one. Returns the mate.
fn stock_the_saves(saves: &Path) -> String {
    std::fs::create_dir_all(saves).expect("a saves folder");
    std::fs::write(saves.join("broken.json"), "{ not a game").expect("a file");
    let (start, mate) = flaxman_mate_in_one();
    let game = new_session(
        Variant::new(VariantId::Flaxman),
        DrawRules::NONE,
        Some(&start),
    )
    .expect("the position");
    let record = GameRecord::of(game.as_ref()).with_players(&[None, None]);
    // Newer than the broken file, to the filesystem's clock.
    std::thread::sleep(std::time::Duration::from_millis(50));
    std::fs::write(saves.join("Near mate.json"), record.to_json()).expect("a save");
    mate
}

#[test]
fn a_new_user_walks_from_the_title_screen_through_a_game_to_its_end_and_back() {
    let display = PrivateDisplay::start();
    let dir = scratch("walk", "new-user");
    let saves = dir.join("data/variantarium/saves");
    let mate = stock_the_saves(&saves);
    let window = GameWindow::open(&display, &dir, SIZE, &[]);
    a_game_against_the_computer_begun_and_taken_back(&window);
    let saved = the_saved_near_mate_game_played_to_its_end(&window, &mate);
    the_finished_game_loaded_again_and_a_rematch(&window, &mate, &saved);
    // A broken file is deleted after asking.
    window.click_control("saved-games");
    window.click_control("saves-delete:1");
    window.click_control("saves-delete-yes");
    window.wait("the broken file to go", || {
        (!saves.join("broken.json").exists()).then_some(())
    });
}

/// From the title screen into a Tapestry game against the computer: a
/// move, its answer, Menu asking, Undo, and back to the title screen.
fn a_game_against_the_computer_begun_and_taken_back(window: &GameWindow) {
    // The title screen: the cards, nothing to continue yet.
    window.wait("the title screen", || {
        window.screen().controls.get("start").map(|_| ())
    });
    assert!(!window.screen().controls.contains_key("continue"));
    // The first frames go to building the scene's pipelines.
    window.frames("the backdrop to be drawn", 16);
    shot(window, "01-title");

    // Tapestry from its card, Black the computer at level 1.
    window.click_card(VariantId::Tapestry);
    window.click_control("player:1:1");
    shot(window, "02-setup");
    window.click_control("start");
    window.wait("the board", || {
        (!window.screen().cells.is_empty()).then_some(())
    });
    window.wait("the game panel", || {
        window.screen().controls.get("menu").map(|_| ())
    });
    shot(window, "03-game");

    // A move, and the computer's answer.
    let start = kept_with(window, 0, 60).replay().expect("replays");
    let (mv, from, to) = simple_move_in(start.as_ref(), &window.screen());
    window.click_cell(&from);
    window.click_cell(&to);
    let answered = kept_with(window, 2, FRAMES_FOR_A_REPLY);
    assert_eq!(answered.moves[0], mv.text);
    shot(window, "04-answered");

    // Menu asks before a game in progress is left; the player stays.
    window.click_control("menu");
    window.wait("the question", || {
        window.screen().controls.get("leave-no").map(|_| ())
    });
    shot(window, "05-leave-asked");
    window.click_control("leave-no");

    // Undo takes back the move and the answer; then nothing is in progress
    // and Menu leaves at once.
    window.click_control("undo");
    let undone = kept_with(window, 0, 60);
    assert_eq!(undone.redo.len(), 2);
    shot(window, "06-undone");
    window.click_control("menu");
}

/// The saved games listed, the near-mate game loaded, mated by clicks and
/// saved from the game-over dialog; the saved record.
fn the_saved_near_mate_game_played_to_its_end(window: &GameWindow, mate: &str) -> GameRecord {
    // The saved games: the near-mate game first, the broken file listed
    // as unreadable (it offers Delete, not Load).
    window.wait("the title screen again", || {
        window.screen().controls.get("start").map(|_| ())
    });
    window.click_control("saved-games");
    window.wait("the list", || {
        window.screen().controls.get("saves-delete:1").map(|_| ())
    });
    let controls = window.screen().controls;
    assert!(controls.contains_key("saves-load:0"));
    assert!(
        !controls.contains_key("saves-load:1"),
        "the broken file loads"
    );
    shot(window, "07-saved-games");
    window.click_control("saves-load:0");
    window.wait("the loaded game", || {
        window.screen().controls.get("menu").map(|_| ())
    });

    // The mate by clicks: the game-over dialog.
    let (from, to) = mate.split_once('-').expect("from-to");
    window.click_cell(from);
    window.click_cell(to);
    window.wait("the game-over dialog", || {
        window.screen().controls.get("rematch").map(|_| ())
    });
    shot(window, "08-game-over");

    // Save: the loaded file now holds the finished game.
    let saved = window.saved_with("game-over-save");
    assert_eq!(saved.moves, [mate]);
    assert_ne!(saved.result, "*");
    let ended = saved.replay().expect("replays");
    assert_eq!(ended.outcome().expect("over").reason, EndReason::Checkmate);
    shot(window, "09-saved");
    saved
}

/// A new game, the finished game loaded from the list again, its board
/// looked at and a rematch from the same start.
fn the_finished_game_loaded_again_and_a_rematch(
    window: &GameWindow,
    mate: &str,
    saved: &GameRecord,
) {
    // New game: the title screen; the list again, the finished game first.
    window.click_control("game-over-new");
    window.wait("the title screen", || {
        window.screen().controls.get("start").map(|_| ())
    });
    shot(window, "10-menu");
    window.click_control("saved-games");
    window.click_control("saves-load:0");
    window.wait("the finished game's dialog", || {
        window.screen().controls.get("rematch").map(|_| ())
    });
    assert_eq!(window.autosave().expect("kept").moves, [mate]);
    shot(window, "11-loaded");

    // Look at the board; the status line reopens the dialog.
    window.click_control("game-over-close");
    window.wait("the dialog to close", || {
        (!window.screen().controls.contains_key("rematch")).then_some(())
    });
    shot(window, "12-final-position");
    window.click_control("game-over");
    window.click_control("rematch");
    let rematch = kept_with(window, 0, 60);
    assert_eq!(rematch.start, saved.start, "the same start");
    shot(window, "13-rematch");
}
