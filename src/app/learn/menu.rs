//! The Learn menu: lessons grouped by game folder, each with its title, its
//! goal and a done mark; a broken lesson is listed with its problem and
//! cannot be opened.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::player::{LessonLibrary, LessonProgress, LessonRequested};
use crate::app::screen::Screen;

const DONE: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);
const BROKEN: egui::Color32 = egui::Color32::LIGHT_RED;

/// Open the Learn menu at the lessons of this game (its id), from its card
/// on the title screen; None opens it as it was.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct LearnFocus(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LearnFocus>().add_systems(
        EguiPrimaryContextPass,
        learn_menu.run_if(in_state(Screen::Learn)),
    );
}

/// A folder name as a heading: `hexagonal` → `Hexagonal`.
fn heading(group: &str) -> String {
    let words = group.replace('-', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn learn_menu(
    mut contexts: EguiContexts,
    library: Res<LessonLibrary>,
    progress: Res<LessonProgress>,
    mut requests: MessageWriter<LessonRequested>,
    mut next: ResMut<NextState<Screen>>,
    mut focus: ResMut<LearnFocus>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // A game asked for: its groups open, the others closed, this once.
    let focused = focus.0.take();
    let of_focus = |group: &str| {
        focused.as_ref().map(|game| {
            library
                .0
                .entries
                .iter()
                .any(|e| e.group == group && e.playable().is_some_and(|l| &l.variant == game))
        })
    };
    let height = (ctx.content_rect().height() - 120.0).max(120.0);
    egui::Window::new("Learn")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
        .collapsible(false)
        .resizable(false)
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Back to the main menu").clicked() {
                    next.set(Screen::Menu);
                }
                let done = progress.progress.done.len();
                let total = library.0.playable().count();
                ui.label(format!("{done} of {total} lessons done"));
            });
            ui.label("Short animated lessons, one rule each: watch, then try the move yourself.");
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    ui.set_width(540.0);
                    for group in library.0.groups() {
                        let open = of_focus(group);
                        let header = egui::CollapsingHeader::new(heading(group))
                            .default_open(true)
                            .open(open)
                            .show(ui, |ui| {
                                for entry in library.0.entries.iter().filter(|e| e.group == group) {
                                    lesson_row(ui, entry, &progress, &mut requests);
                                }
                            });
                        if open == Some(true) {
                            header.header_response.scroll_to_me(Some(egui::Align::TOP));
                        }
                    }
                    if library.0.entries.is_empty() {
                        ui.colored_label(BROKEN, "No lessons were found.");
                    }
                });
        });
    Ok(())
}

fn lesson_row(
    ui: &mut egui::Ui,
    entry: &crate::learn::Entry,
    progress: &LessonProgress,
    requests: &mut MessageWriter<LessonRequested>,
) {
    match (entry.playable(), &entry.problem) {
        (Some(lesson), _) => {
            ui.horizontal(|ui| {
                let done = progress.progress.done.contains(&lesson.id);
                ui.add_sized([18.0, 18.0], egui::Label::new(if done { "✔" } else { " " }));
                let title = egui::RichText::new(&lesson.title);
                let title = if done { title.color(DONE) } else { title };
                if ui.button(title).on_hover_text(&lesson.goal).clicked() {
                    requests.write(LessonRequested {
                        id: lesson.id.clone(),
                        step: None,
                    });
                }
                ui.add(egui::Label::new(egui::RichText::new(&lesson.goal).weak()).truncate());
            });
        }
        (None, problem) => {
            ui.horizontal(|ui| {
                ui.add_sized([18.0, 18.0], egui::Label::new("✖"));
                ui.colored_label(BROKEN, format!("{} (broken)", entry.title()))
                    .on_hover_text(problem.as_deref().unwrap_or(""));
            });
        }
    }
}
