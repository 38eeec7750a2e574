//! A player's path, tried as a new user would: the real binary in an X
//! window, driven by real mouse input (xdotool). Where things are on screen
//! comes from the screen map the game writes (`--cell-map`); what happened
//! is read back from the game the player saves.

use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::display::PrivateDisplay;
use crate::game_window::{GameWindow, ScreenMap, scratch};
use variantarium::record::GameRecord;
use variantarium::rules::families::{self, FAMILIES};
use variantarium::rules::history::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::session::{MoveInfo, new_session};
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::{EndReason, GameResult};

/// The window size of the player's path.
const SIZE: &str = "1100x700";

/// Frames the computer gets to answer a move at level 1: a loaded machine
/// starves its thread.
pub const FRAMES_FOR_A_REPLY: u64 = 200;

pub fn open<'d>(display: &'d PrivateDisplay, name: &str, args: &[&str]) -> GameWindow<'d> {
    GameWindow::open(display, &scratch("player", name), SIZE, args)
}

/// What a player does with the mouse, as the test does it.
/// Where to point, from a cell's centre in pixels, when its centre is hidden.
const AIM_OFFSETS: [[f32; 2]; 5] = [
    [0.0, 0.0],
    [0.0, -9.0],
    [0.0, -15.0],
    [-9.0, -6.0],
    [9.0, -6.0],
];

pub trait PlayerActions {
    fn click_card(&self, variant: VariantId);
    fn move_pointer(&self, at: [f32; 2]);
    fn click_here(&self);
    fn settled_control(&self, name: &str) -> [f32; 2];
    fn click_control(&self, name: &str);
    fn long_click_control(&self, name: &str, seconds: f32);
    fn resize(&self, width: u32, height: u32, probe: &str);
    fn click_cell(&self, name: &str);
    fn saved(&self) -> GameRecord;
    fn saved_with(&self, button: &str) -> GameRecord;
}

impl PlayerActions for GameWindow<'_> {
    fn move_pointer(&self, [x, y]: [f32; 2]) {
        let (x, y) = (x.round().to_string(), y.round().to_string());
        self.xdotool(&["mousemove", "--window", &self.id, &x, &y]);
    }

    /// Clicks, then waits until the game has drawn two more frames: by then
    /// it has handled the click.
    fn click_here(&self) {
        self.xdotool(&["click", "1"]);
        self.frames("the click to be handled", 2);
    }

    /// Clicks a game's card on the title screen, scrolling the cards with
    /// the mouse wheel until it is in sight, then the choices of its setup
    /// that make it this game of its family (layout, army, players).
    fn click_card(&self, variant: VariantId) {
        let keys: Vec<&str> = FAMILIES.iter().map(|f| f.key).collect();
        let family = families::family_of(variant);
        let name = format!("game:{}", family.key);
        let target = keys.iter().position(|&k| k == family.key).expect("a card");
        let mut found = false;
        for _ in 0..40 {
            let controls = self.wait("the game cards", || {
                let controls = self.screen().controls;
                controls
                    .keys()
                    .any(|k| k.starts_with("game:"))
                    .then_some(controls)
            });
            if controls.contains_key(&name) {
                self.click_control(&name);
                found = true;
                break;
            }
            let (first, at) = keys
                .iter()
                .enumerate()
                .find_map(|(i, key)| Some((i, *controls.get(&format!("game:{key}"))?)))
                .expect("a card in sight");
            self.move_pointer(at);
            let wheel = if target < first { "4" } else { "5" };
            self.xdotool(&["click", "--repeat", "3", wheel]);
            self.frames("the cards to scroll", 2);
        }
        assert!(found, "the card {name} never came into sight");
        // Choosing the layout again last: Compact gives up a third player.
        let choices = families::choices_of(variant);
        let layout = choices.iter().filter(|c| c.axis == "Layout");
        for choice in choices.iter().chain(layout) {
            let control = format!("choice:{}:{}", choice.axis, choice.value).to_lowercase();
            self.click_control(&control);
        }
    }

    /// Where a control stands once it has kept its place for a frame: a
    /// window's first frame only measures it (egui's sizing pass), and a
    /// centred window moves once its size is known.
    fn settled_control(&self, name: &str) -> [f32; 2] {
        let find = || self.screen().controls.get(name).copied();
        let mut at = self.wait(&format!("control '{name}'"), find);
        for _ in 0..10 {
            self.frames(&format!("control '{name}' to settle"), 1);
            let now = self.wait(&format!("control '{name}'"), find);
            if now == at {
                return at;
            }
            at = now;
        }
        panic!("control '{name}' never settled (last at {at:?})");
    }

    fn click_control(&self, name: &str) {
        let at = self.settled_control(name);
        // egui reads the press where it happens: no hover to wait for.
        self.move_pointer(at);
        sleep(Duration::from_millis(300));
        self.click_here();
    }

    /// Presses on a control, holds the button down for `seconds` (several
    /// slow frames), then lets go: a click all the same.
    fn long_click_control(&self, name: &str, seconds: f32) {
        let at = self.settled_control(name);
        self.move_pointer(at);
        sleep(Duration::from_millis(300));
        self.xdotool(&["mousedown", "1"]);
        sleep(Duration::from_secs_f32(seconds));
        self.xdotool(&["mouseup", "1"]);
        self.frames("the long click to be handled", 3);
    }

    /// Resizes the window and waits until the game has drawn at the new size
    /// (the cell named `probe` has moved).
    fn resize(&self, width: u32, height: u32, probe: &str) {
        let before = self.screen().cells.get(probe).copied();
        self.xdotool(&[
            "windowsize",
            &self.id,
            &width.to_string(),
            &height.to_string(),
        ]);
        self.wait("the window to take its new size", || {
            let now = self.screen().cells.get(probe).copied();
            (now.is_some() && now != before).then_some(())
        });
        // The camera settles in the frame after the resize.
        self.frames("two frames at the new size", 2);
    }

    /// Points at the cell until the game says the pointer is on it (the
    /// camera may still be framing a new board, moving the cell), then
    /// clicks.
    fn click_cell(&self, name: &str) {
        self.wait(&format!("the pointer to rest on cell {name}"), || {
            let at = self.screen().cells.get(name).copied()?;
            // A tall man in front may hide the cell's centre (Tapestry's
            // stacked Fates): then aim, as a player does, at the part of the
            // cell that shows, a little further back or to a side.
            for [dx, dy] in AIM_OFFSETS {
                self.move_pointer([at[0] + dx, at[1] + dy]);
                let deadline = Instant::now() + Duration::from_millis(2500);
                while Instant::now() < deadline {
                    let screen = self.screen();
                    if screen.cells.get(name) != Some(&at) {
                        return None;
                    }
                    if screen.hovered.as_deref() == Some(name) {
                        return Some(());
                    }
                    sleep(Duration::from_millis(150));
                }
            }
            None
        });
        self.click_here();
    }

    /// Clicks Save and reads back the game it wrote.
    fn saved(&self) -> GameRecord {
        self.saved_with("save")
    }

    /// Clicks this Save button and reads back the game it wrote.
    fn saved_with(&self, button: &str) -> GameRecord {
        let before = self.newest_save();
        self.click_control(button);
        self.wait("the saved game", || {
            let now = self.newest_save()?;
            (Some(&now) != before.as_ref()).then_some(())
        });
        self.saved_file().expect("the save")
    }
}

fn distance_at(a: &image::RgbImage, b: &image::RgbImage, [x, y]: [f32; 2]) -> u32 {
    let (x, y) = (x as u32, y as u32);
    let mut total = 0;
    for dy in 0..5 {
        for dx in 0..5 {
            let (px, py) = ((x + dx).saturating_sub(2), (y + dy).saturating_sub(2));
            if px < a.width() && py < a.height() {
                let (p, q) = (a.get_pixel(px, py).0, b.get_pixel(px, py).0);
                total += p
                    .iter()
                    .zip(q)
                    .map(|(u, v)| u.abs_diff(v) as u32)
                    .sum::<u32>();
            }
        }
    }
    total / 25
}

/// The first legal move whose click route is one move and whose cells are
/// on screen.
fn simple_move(variant: Variant, screen: &ScreenMap) -> (MoveInfo, String, String) {
    let game = new_session(variant, DrawRules::default(), None).expect("a game");
    simple_move_in(game.as_ref(), screen)
}

/// The same in a game under way.
pub fn simple_move_in(
    game: &dyn variantarium::rules::session::Session,
    screen: &ScreenMap,
) -> (MoveInfo, String, String) {
    let layout = game.layout();
    let moves = game.legal_moves();
    moves
        .iter()
        .find_map(|mv| {
            let from = layout.cells[mv.route.from as usize].name.clone();
            let to = layout.cells[mv.route.to as usize].name.clone();
            let unique = moves.iter().filter(|m| m.route == mv.route).count() == 1;
            (unique
                && from != to
                && screen.cells.contains_key(&from)
                && screen.cells.contains_key(&to))
            .then(|| (mv.clone(), from, to))
        })
        .expect("a move to click")
}

pub fn cell_name(variant: Variant, cell: u16) -> String {
    let game = new_session(variant, DrawRules::default(), None).expect("a game");
    game.layout().cells[cell as usize].name.clone()
}

#[test]
fn a_player_starts_every_game_moves_captures_promotes_mates_undoes_saves_and_loads() {
    let display = PrivateDisplay::start();
    let window = open(&display, "menu", &[]);
    every_game_from_the_menu(&window);
    flaxman_by_clicks_undone_saved_and_loaded(&window);
    drop(window);
    tapestry_promotion_asks_for_the_piece(&display);
    tapestry_against_the_computer_with_undo(&display);
    flaxman_played_to_mate(&display);
}

/// Every game from the menu: select a piece, its targets light up, move.
fn every_game_from_the_menu(window: &GameWindow) {
    for (i, variant) in Variant::implemented().into_iter().enumerate() {
        window.click_card(variant.id);
        window.click_control("start");
        window.wait("the board", || {
            (!window.screen().cells.is_empty()).then_some(())
        });
        // Nothing to take back yet: Undo is not offered.
        window.wait("the game panel", || {
            window.screen().controls.get("turn-board").map(|_| ())
        });
        assert!(
            !window.screen().controls.contains_key("undo"),
            "{variant:?}: Undo at the start"
        );
        sleep(Duration::from_millis(1500));
        let screen = window.screen();
        let (mv, from, to) = simple_move(variant, &screen);
        let before = window.picture("window.png");
        window.click_cell(&from);
        window.wait(
            &format!("{variant:?}: the target {to} of {from} to light up"),
            || {
                (distance_at(&before, &window.picture("window.png"), screen.cells[&to]) > 20)
                    .then_some(())
            },
        );
        window.click_cell(&to);
        let record = window.saved();
        assert_eq!(record.variant, variant.id.id());
        assert_eq!(record.moves, std::slice::from_ref(&mv.text), "{variant:?}");
        // A game in progress asks before it is left.
        window.click_control("menu");
        window.click_control("leave-yes");
        if i == 0 {
            // The menu is not a dead end: Continue returns to the game.
            window.click_control("continue");
            assert_eq!(window.saved().moves, std::slice::from_ref(&mv.text));
            window.click_control("menu");
            window.click_control("leave-yes");
        }
    }
}

/// Flaxman in a smaller window: the seed's line by clicks, ending in a
/// capture by the Pythagorean leap; undo it (a long press), save, start
/// anew and load the save back.
fn flaxman_by_clicks_undone_saved_and_loaded(window: &GameWindow) {
    window.click_card(VariantId::Flaxman);
    window.click_control("start");
    window.wait("the board", || {
        (!window.screen().cells.is_empty()).then_some(())
    });
    window.resize(800, 600, "a1");
    let screen = window.screen();
    let panel_left = 800.0 - 280.0;
    for (name, [x, y]) in &screen.cells {
        assert!(
            *x > 0.0 && *x < panel_left && *y > 0.0 && *y < 600.0,
            "at 800x600 {name} is at ({x}, {y}), off the free area"
        );
    }
    for mv in ["d1-a1", "e6-d6", "a1-a4", "d6-d5", "b1-b6"] {
        let (from, to) = mv.split_once('-').expect("from-to");
        window.click_cell(from);
        window.click_cell(to);
    }
    let record = window.saved();
    assert_eq!(record.moves, ["d1-a1", "e6-d6", "a1-a4", "d6-d5", "b1-b6"]);
    let captured = record.replay().expect("the save replays");
    assert!(
        captured.placements().iter().any(|p| p.letter == 'P'),
        "b1-b6 made a Prisoner"
    );
    window.long_click_control("undo", 1.5);
    let undone = window.saved();
    assert_eq!(undone.moves.len(), 4);
    assert_eq!(undone.redo, ["b1-b6"]);
    window.click_control("menu");
    window.click_control("leave-yes");
    window.click_control("saved-games");
    window.click_control("saves-load:0");
    window.wait("the loaded game", || {
        (!window.screen().cells.is_empty()).then_some(())
    });
    let reloaded = window.saved();
    assert_eq!(reloaded.moves, undone.moves);
    assert_eq!(reloaded.redo, undone.redo);
}

/// Tapestry: a pawn reaching the last rank asks which piece it becomes.
fn tapestry_promotion_asks_for_the_piece(display: &PrivateDisplay) {
    let window = open(
        display,
        "promote",
        &[
            "--variant",
            "tapestry",
            "--position",
            "k5/4P1/6/6/6/K5 w NNN -",
        ],
    );
    window.click_cell("e5");
    window.click_cell("e6");
    window.click_control("choice:e5-e6=Q");
    assert_eq!(window.saved().moves, ["e5-e6=Q"]);
}

/// Tapestry against the computer at level 1: a Fate from N (where all
/// three stand) to O, a move on the Tapestry; each Undo takes back the
/// person's move and the computer's reply, and the computer waits.
fn tapestry_against_the_computer_with_undo(display: &PrivateDisplay) {
    let window = open(
        display,
        "computer",
        &["--variant", "tapestry", "--black", "1"],
    );
    window.wait("the game panel", || {
        window.screen().controls.get("turn-board").map(|_| ())
    });
    assert!(!window.screen().controls.contains_key("undo"));
    window.click_cell("N");
    window.click_cell("O");
    let replied = |plies: usize| {
        window.wait_frames(&format!("{plies} plies"), FRAMES_FOR_A_REPLY, || {
            let record = window.saved();
            (record.moves.len() == plies).then_some(record)
        })
    };
    let record = replied(2);
    assert_eq!(record.moves[0], "N-O");
    let position = record.replay().expect("replays");
    let (mv, from, to) = simple_move_in(position.as_ref(), &window.screen());
    window.click_cell(&from);
    window.click_cell(&to);
    let record = replied(4);
    assert_eq!(record.moves[2], mv.text);
    window.click_control("undo");
    let undone = replied(2);
    assert_eq!(undone.redo.len(), 2, "the reply is undone with the move");
    sleep(Duration::from_secs(5));
    assert_eq!(
        window.saved().moves.len(),
        2,
        "the computer waits after Undo"
    );
    window.click_control("undo");
    let undone = replied(0);
    assert_eq!(undone.redo.len(), 4);
    window.wait("Undo to go at the start", || {
        (!window.screen().controls.contains_key("undo")).then_some(())
    });
}

/// A game played to its end: find a mate in one in Flaxman and give it.
fn flaxman_played_to_mate(display: &PrivateDisplay) {
    let (start, mate) = flaxman_mate_in_one();
    let window = open(
        display,
        "mate",
        &["--variant", "flaxman", "--position", &start],
    );
    let (from, to) = mate.split_once('-').expect("from-to");
    window.click_cell(from);
    window.click_cell(to);
    let record = window.saved();
    assert_eq!(record.moves, std::slice::from_ref(&mate));
    let ended = record.replay().expect("replays");
    let outcome = ended.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert!(matches!(outcome.result, GameResult::Win(_)));
    assert_ne!(record.result, "*");
    // The end says so in a dialog; it gives way to the board.
    window.click_control("game-over-close");
    // After the end, clicks move nothing.
    let any = ended.placements()[0].cell;
    window.click_cell(&cell_name(Variant::new(VariantId::Flaxman), any));
    assert_eq!(window.saved().moves, [mate]);
}

/// A Flaxman position (from random play with a fixed seed) where the side to
/// move mates in one, and that move.
pub fn flaxman_mate_in_one() -> (String, String) {
    let mut rng = Rng::new(5);
    loop {
        let mut game =
            new_session(Variant::new(VariantId::Flaxman), DrawRules::NONE, None).expect("a game");
        for _ in 0..40 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let mut after = game.clone_box();
                after.play(&mv.text).expect("legal");
                if after
                    .outcome()
                    .is_some_and(|o| o.reason == EndReason::Checkmate)
                {
                    return (game.position_text(), mv.text.clone());
                }
            }
            game.play(&moves[rng.below(moves.len())].text)
                .expect("legal");
        }
    }
}

/// The game panel's buttons stay where they are while words come and go:
/// a refused click's explanation and a save's "Saved … in …" appear in the
/// status box, and no control below it moves.
#[test]
fn messages_never_move_the_panels_buttons() {
    let display = PrivateDisplay::start();
    let window = open(&display, "messages", &["--variant", "tapestry"]);
    let watched = ["turn-board", "settings", "save", "record", "start-position"];
    let places = |window: &GameWindow| -> Vec<[f32; 2]> {
        let controls = window.screen().controls;
        watched
            .iter()
            .map(|name| {
                *controls
                    .get(*name)
                    .unwrap_or_else(|| panic!("the panel shows '{name}'"))
            })
            .collect()
    };
    window.wait("the game panel", || {
        window.screen().controls.get("record").map(|_| ())
    });
    window.frames("the panel to settle", 3);
    let before = places(&window);
    // An empty Loom square, nothing selected: the game says what to do.
    window.click_cell("E");
    window.frames("the words to be drawn", 3);
    assert_eq!(places(&window), before, "after the explanation");
    window.click_control("save");
    window.wait("the save", || window.newest_save().map(|_| ()));
    window.frames("the note to be drawn", 3);
    assert_eq!(places(&window), before, "after 'Saved … in …'");
    window.close("after the messages");
}
