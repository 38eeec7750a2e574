//! The Learn menu: lessons grouped by game folder, each with its title, its
//! goal and a done mark; a broken lesson is listed with its problem and
//! cannot be opened.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::player::{LessonLibrary, LessonProgress, LessonRequested};
use crate::app::layout::{ControlMap, UiSystems};
use crate::app::screen::Screen;
use crate::learn::Library;
use crate::learn::progress::Progress;

const DONE: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);
const BROKEN: egui::Color32 = egui::Color32::LIGHT_RED;

/// Open the Learn menu at the lessons of this game (its id), from its card
/// on the title screen; None opens it as it was.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct LearnFocus(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LearnFocus>().add_systems(
        EguiPrimaryContextPass,
        // After the frame's controls are forgotten, so that its own count.
        learn_menu.run_if(in_state(Screen::Learn)).after(UiSystems),
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
    mut controls: ResMut<ControlMap>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // A game asked for: its groups open, the others closed, this once.
    let focused = focus.0.take();
    let chosen = learn_window(
        ctx,
        &library.0,
        &progress.progress,
        focused.as_deref(),
        &mut controls,
    );
    match chosen {
        Some(LearnChoice::Back) => next.set(Screen::Menu),
        Some(LearnChoice::Lesson(id)) => {
            requests.write(LessonRequested { id, step: None });
        }
        None => {}
    }
    Ok(())
}

/// What a click in the Learn window asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnChoice {
    Back,
    /// The lesson of this id.
    Lesson(String),
}

/// The Learn window: the lessons by group, `focused` a game whose groups
/// alone open (this frame). Each lesson's button is listed in `controls`
/// as `lesson:ID` while it can be clicked.
pub fn learn_window(
    ctx: &egui::Context,
    library: &Library,
    progress: &Progress,
    focused: Option<&str>,
    controls: &mut ControlMap,
) -> Option<LearnChoice> {
    let of_focus = |group: &str| {
        focused.map(|game| {
            library
                .entries
                .iter()
                .any(|e| e.group == group && e.playable().is_some_and(|l| l.variant == game))
        })
    };
    let height = (ctx.content_rect().height() - 120.0).max(120.0);
    let mut chosen = None;
    egui::Window::new("Learn")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
        .collapsible(false)
        .resizable(false)
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let back = ui.button("Back to the main menu");
                if controls.note("learn:back", back).clicked() {
                    chosen = Some(LearnChoice::Back);
                }
                let done = progress.done.len();
                let total = library.playable().count();
                ui.label(format!("{done} of {total} lessons done"));
            });
            ui.label("Short animated lessons, one rule each: watch, then try the move yourself.");
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    ui.set_width(540.0);
                    for group in library.groups() {
                        let open = of_focus(group);
                        let header = egui::CollapsingHeader::new(heading(group))
                            .default_open(true)
                            .open(open)
                            .show(ui, |ui| {
                                for entry in library.entries.iter().filter(|e| e.group == group) {
                                    if let Some(id) = lesson_row(ui, entry, progress, controls) {
                                        chosen = Some(LearnChoice::Lesson(id));
                                    }
                                }
                            });
                        if open == Some(true) {
                            header.header_response.scroll_to_me(Some(egui::Align::TOP));
                        }
                    }
                    if library.entries.is_empty() {
                        ui.colored_label(BROKEN, "No lessons were found.");
                    }
                });
        });
    chosen
}

/// A lesson's row; the lesson's id when its button was clicked.
fn lesson_row(
    ui: &mut egui::Ui,
    entry: &crate::learn::Entry,
    progress: &Progress,
    controls: &mut ControlMap,
) -> Option<String> {
    let mut chosen = None;
    match (entry.playable(), &entry.problem) {
        (Some(lesson), _) => {
            ui.horizontal(|ui| {
                let done = progress.done.contains(&lesson.id);
                ui.add_sized([18.0, 18.0], egui::Label::new(if done { "✔" } else { " " }));
                let title = egui::RichText::new(&lesson.title);
                let title = if done { title.color(DONE) } else { title };
                let button = ui.button(title).on_hover_text(&lesson.goal);
                if controls
                    .note(format!("lesson:{}", lesson.id), button)
                    .clicked()
                {
                    chosen = Some(lesson.id.clone());
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
    chosen
}
