//! The Puzzles window over the title screen: every game's puzzles mixed,
//! or one game's, each with the player's rating in it; the streak; and
//! today's puzzle.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::library::{DailyPuzzle, PuzzleLibrary, PuzzleProfile};
use super::run::PuzzleRequested;
use crate::app::layout::{ControlMap, UiSystems};
use crate::app::screen::{SceneOnly, Screen};
use crate::app::ui::theme::{EXPLAIN, FAILED};
use crate::puzzles::serve::PuzzleSet;
use crate::rules::families::FAMILIES;

/// Whether the Puzzles window is open on the title screen.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleMenu {
    pub open: bool,
}

const WIDTH: f32 = 430.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PuzzleMenu>()
        .add_systems(OnExit(Screen::Menu), close_menu)
        .add_systems(
            EguiPrimaryContextPass,
            puzzle_menu
                .in_set(UiSystems)
                .run_if(in_state(Screen::Menu))
                .run_if(not(resource_exists::<SceneOnly>)),
        );
}

fn close_menu(mut menu: ResMut<PuzzleMenu>) {
    menu.open = false;
}

fn puzzle_menu(
    mut contexts: EguiContexts,
    mut menu: ResMut<PuzzleMenu>,
    library: Res<PuzzleLibrary>,
    profile: Res<PuzzleProfile>,
    daily: Option<Res<DailyPuzzle>>,
    mut map: ResMut<ControlMap>,
    mut requests: MessageWriter<PuzzleRequested>,
) -> Result {
    if !menu.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    // Above the title screen's windows, which a click on their Puzzles
    // button would otherwise raise over this one.
    egui::Window::new("Puzzles")
        .order(egui::Order::Foreground)
        .open(&mut open)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .fixed_size([WIDTH, 0.0])
        .show(ctx, |ui| {
            ui.label("A position from a real game: find the one move that wins.");
            let record = &profile.record;
            ui.label(
                egui::RichText::new(format!(
                    "Streak {}  ·  best {}  ·  {} played",
                    record.streak,
                    record.best_streak,
                    record.history.len()
                ))
                .weak(),
            );
            ui.separator();
            if let Some(request) = sets(ui, &library, &profile, &mut map) {
                requests.write(request);
            }
            ui.separator();
            if let Some(daily) = daily.as_deref()
                && let Some(request) = daily_line(ui, daily, &mut map)
            {
                requests.write(request);
            }
            if let Some(problem) = &profile.problem {
                ui.add(egui::Label::new(egui::RichText::new(problem).color(FAILED)).wrap());
            }
        });
    if !open {
        menu.open = false;
    }
    Ok(())
}

/// A row per game and one for all of them: the count, the player's rating
/// and Play (none yet: no button).
fn sets(
    ui: &mut egui::Ui,
    library: &PuzzleLibrary,
    profile: &PuzzleProfile,
    map: &mut ControlMap,
) -> Option<PuzzleRequested> {
    let mut chosen = None;
    let rows =
        std::iter::once(PuzzleSet::Mixed).chain(FAMILIES.iter().map(|f| PuzzleSet::Game(f.key)));
    egui::Grid::new("puzzle sets")
        .num_columns(4)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for set in rows {
                let count = library.library.of(set).count();
                ui.label(egui::RichText::new(set.title()).strong());
                ui.label(match count {
                    0 => "none yet".to_string(),
                    1 => "1 puzzle".to_string(),
                    n => format!("{n} puzzles"),
                });
                match set {
                    // A game without puzzles has no rating to show yet.
                    PuzzleSet::Game(key) if count > 0 => {
                        let own = profile.record.rating(key);
                        ui.label(format!("rating {:.0}", own.rating))
                    }
                    _ => ui.label(""),
                };
                let name = match set {
                    PuzzleSet::Mixed => "puzzles:mixed".to_string(),
                    PuzzleSet::Game(key) => format!("puzzles:{key}"),
                };
                let play = ui.add_enabled(count > 0, egui::Button::new("Play"));
                if map.note(name, play).clicked() {
                    chosen = Some(PuzzleRequested { set, id: None });
                }
                ui.end_row();
            }
        });
    chosen
}

/// "Today's puzzle  [Solve]", and under it "Flaxman: White to move and
/// mate in 2" (the button on the heading's line, so that a long prompt
/// wraps under it instead of pushing the button onto a line of its own).
fn daily_line(
    ui: &mut egui::Ui,
    daily: &DailyPuzzle,
    map: &mut ControlMap,
) -> Option<PuzzleRequested> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Today's puzzle").strong());
        if map.note("puzzles:daily", daily_button(ui, daily)).clicked() {
            chosen = Some(daily_request(daily));
        }
    });
    let prompt = format!("{}: {}", daily.game, daily.prompt);
    ui.add(egui::Label::new(egui::RichText::new(prompt).color(EXPLAIN)).wrap());
    chosen
}

/// "Solve", or "Solved ✔" once the player has (a click plays it again).
pub fn daily_button(ui: &mut egui::Ui, daily: &DailyPuzzle) -> egui::Response {
    match daily.solved {
        false => ui.button("Solve"),
        true => ui
            .button(egui::RichText::new("Solved ✔").color(SOLVED))
            .on_hover_text("You solved it: play it again for practice"),
    }
}

/// The ink of a solved daily puzzle's button.
const SOLVED: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);

/// The request that opens the daily puzzle; "Next" then serves from every
/// game.
pub fn daily_request(daily: &DailyPuzzle) -> PuzzleRequested {
    PuzzleRequested {
        set: PuzzleSet::Mixed,
        id: Some(daily.id.clone()),
    }
}
