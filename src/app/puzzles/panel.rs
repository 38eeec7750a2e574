//! The puzzle panel beside the board: the game and the ratings, the
//! prompt, what the last move earned, and the buttons (show the solution,
//! try again, the next puzzle, back to the menu).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::library::PuzzleProfile;
use super::run::{PuzzleControl, PuzzleRun, Said};
use crate::app::layout::{ControlMap, PANEL_GAP, PanelRect, UiSystems, panel_content_width};
use crate::app::screen::Screen;
use crate::app::ui::theme::{DONE, EXPLAIN, FAILED};
use crate::puzzles::serve::PuzzleSet;

/// The prompt's size: the line the player reads first.
const PROMPT_SIZE: f32 = 18.0;
/// What the last move earned: read next.
const VERDICT_SIZE: f32 = 16.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        puzzle_panel
            .in_set(UiSystems)
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<PuzzleRun>),
    );
}

fn puzzle_panel(
    mut contexts: EguiContexts,
    run: Res<PuzzleRun>,
    profile: Res<PuzzleProfile>,
    mut panel: ResMut<PanelRect>,
    mut map: ResMut<ControlMap>,
    mut controls: MessageWriter<PuzzleControl>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let width = panel_content_width(screen.width());
    let shown = egui::Window::new("Puzzle")
        .anchor(egui::Align2::RIGHT_TOP, [-PANEL_GAP, PANEL_GAP])
        .default_width(width)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            // Long words in a short window scroll, never run off it.
            egui::ScrollArea::vertical()
                .max_height((screen.height() - 70.0).max(120.0))
                .show(ui, |ui| {
                    ui.set_width(width);
                    ratings(ui, &run, &profile);
                    ui.separator();
                    // The buttons before the words: words of any length
                    // never move a button.
                    buttons(ui, &run, &mut controls, &mut map);
                    ui.separator();
                    words(ui, &run);
                    if let Some(problem) = &profile.problem {
                        ui.add(egui::Label::new(egui::RichText::new(problem).color(FAILED)).wrap());
                    }
                });
        });
    let rect = shown.map(|inner| inner.response.rect);
    if panel.0 != rect {
        panel.0 = rect;
    }
    Ok(())
}

/// The game, the puzzle's rating and the player's, the streak.
fn ratings(ui: &mut egui::Ui, run: &PuzzleRun, profile: &PuzzleProfile) {
    let game = PuzzleSet::Game(run.game()).title();
    ui.label(egui::RichText::new(game).heading());
    let puzzle = profile.record.puzzle_rating(&run.attempt.puzzle);
    let own = profile.record.rating(run.game());
    ui.label(format!(
        "Puzzle {:.0}  ·  You {:.0} (±{:.0})",
        puzzle.rating, own.rating, own.deviation
    ));
    let record = &profile.record;
    ui.label(
        egui::RichText::new(format!(
            "Streak {}  ·  best {}",
            record.streak, record.best_streak
        ))
        .weak(),
    );
    if run.attempt.counted.is_some() && run.change.is_none() {
        ui.label(egui::RichText::new("Played before: this one is practice").weak());
    }
}

fn buttons(
    ui: &mut egui::Ui,
    run: &PuzzleRun,
    controls: &mut MessageWriter<PuzzleControl>,
    map: &mut ControlMap,
) {
    ui.horizontal_wrapped(|ui| {
        let solution = ui.add_enabled(run.awaiting_move(), egui::Button::new("Show solution"));
        if map.note("puzzle-solution", solution).clicked() {
            controls.write(PuzzleControl::ShowSolution);
        }
        if map.note("puzzle-retry", ui.button("Try again")).clicked() {
            controls.write(PuzzleControl::Retry);
        }
        let next = egui::Button::new(egui::RichText::new("Next ⏵").strong());
        if map.note("puzzle-next", ui.add(next)).clicked() {
            controls.write(PuzzleControl::Next);
        }
    });
    if map
        .note("puzzle-leave", ui.button("Back to the menu"))
        .clicked()
    {
        controls.write(PuzzleControl::Leave);
    }
}

/// The prompt, then what the last move earned.
fn words(ui: &mut egui::Ui, run: &PuzzleRun) {
    let prompt = egui::RichText::new(&run.prompt)
        .size(PROMPT_SIZE)
        .strong()
        .color(EXPLAIN);
    ui.add(egui::Label::new(prompt).wrap());
    if run.awaiting_move() {
        ui.label("Click a piece, then where it goes.");
    }
    if let Some(wrong) = &run.wrong {
        let words = wrong.words.as_deref().unwrap_or("…");
        let text = format!("✖ {}: {words}", wrong.played);
        ui.add(egui::Label::new(egui::RichText::new(text).size(VERDICT_SIZE).color(FAILED)).wrap());
    }
    let (text, colour) = match &run.said {
        Some(Said::Right) => ("✔ Right: keep going.".to_string(), DONE),
        Some(Said::Wrong(words)) => (format!("✖ {words}"), FAILED),
        Some(Said::Solved) => ("✔ Solved!".to_string(), DONE),
        Some(Said::Solution(line)) => (format!("The solution: {line}"), EXPLAIN),
        None => (String::new(), DONE),
    };
    if !text.is_empty() {
        ui.add(egui::Label::new(egui::RichText::new(text).size(VERDICT_SIZE).color(colour)).wrap());
    }
    if let Some(change) = run.change {
        let delta = change.after.rating - change.before.rating;
        let colour = if delta >= 0.0 { DONE } else { FAILED };
        // The fonts have no arrow: the change in words.
        ui.colored_label(
            colour,
            format!(
                "Your rating {:.0} ({delta:+.0} from {:.0})",
                change.after.rating, change.before.rating
            ),
        );
    }
    if run.attempt.solved() {
        let themes = run.attempt.puzzle.themes.join(", ");
        ui.label(egui::RichText::new(format!("Themes: {themes}")).weak());
    }
}
