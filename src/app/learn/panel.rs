//! The lesson panel: the lesson's title and goal, the caption, the
//! exercise's prompt and the answer's feedback, and the player's controls
//! (restart, back, play or pause, forward, speed, next lesson).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::aside::LessonAside;
use super::player::{Feedback, LessonControl, LessonLibrary, LessonPlayer, LessonRequested};
use crate::app::layout::{ControlMap, PANEL_GAP, PanelRect, UiSystems, panel_content_width};
use crate::app::play::game::Match;
use crate::app::screen::{PacedFromOutside, Screen};
use crate::app::ui::glyphs::LessonGlyphs;

const RIGHT: egui::Color32 = egui::Color32::from_rgb(150, 230, 150);
const WRONG: egui::Color32 = egui::Color32::from_rgb(255, 140, 120);
const PROMPT: egui::Color32 = egui::Color32::from_rgb(250, 205, 130);
const NOTICE: egui::Color32 = egui::Color32::from_rgb(235, 225, 200);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        lesson_panel
            .in_set(UiSystems)
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<LessonPlayer>)
            // A recording writes the lesson's words in a column of its own.
            .run_if(not(resource_exists::<PacedFromOutside>)),
    );
}

fn lesson_panel(
    mut contexts: EguiContexts,
    player: Res<LessonPlayer>,
    game: Option<Res<Match>>,
    aside: Res<LessonAside>,
    library: Res<LessonLibrary>,
    mut panel: ResMut<PanelRect>,
    mut map: ResMut<ControlMap>,
    glyphs: Res<LessonGlyphs>,
    mut controls: MessageWriter<LessonControl>,
    mut requests: MessageWriter<LessonRequested>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let width = panel_content_width(screen.width());
    let shown = egui::Window::new("Lesson")
        .anchor(egui::Align2::RIGHT_TOP, [-PANEL_GAP, PANEL_GAP])
        .default_width(width)
        .resizable(false)
        .show(ctx, |ui| {
            // A long caption in a short window scrolls, never runs off it.
            egui::ScrollArea::vertical()
                .max_height((screen.height() - 70.0).max(120.0))
                .show(ui, |ui| {
                    ui.set_width(width);
                    lesson_contents(
                        ui,
                        &player,
                        &library,
                        &glyphs,
                        &mut controls,
                        &mut map,
                        &mut requests,
                        board_line(&player, game.as_deref(), &aside),
                    );
                });
        });
    let rect = shown.map(|inner| inner.response.rect);
    if panel.0 != rect {
        panel.0 = rect;
    }
    Ok(())
}

/// What the last click on the board did not do: in an exercise, why (a man
/// that cannot move, an empty cell) as the rules say it; outside one, that
/// the step wants no move.
fn board_line<'a>(
    player: &LessonPlayer,
    game: Option<&'a Match>,
    aside: &'a LessonAside,
) -> Option<&'a str> {
    if player.awaiting_move() {
        game.and_then(|g| g.notice.as_deref())
    } else {
        aside.now(player)
    }
}

/// The lesson panel's title, progress, controls and words.
fn lesson_contents(
    ui: &mut egui::Ui,
    player: &LessonPlayer,
    library: &LessonLibrary,
    glyphs: &LessonGlyphs,
    controls: &mut MessageWriter<LessonControl>,
    map: &mut ControlMap,
    requests: &mut MessageWriter<LessonRequested>,
    notice: Option<&str>,
) {
    // A lesson's words wait a frame for their glyphs, never showing
    // with letters missing.
    let words = glyphs.ready_for(&player.lesson.id);
    if words {
        ui.add(egui::Label::new(egui::RichText::new(&player.lesson.title).heading()).wrap());
        ui.add(egui::Label::new(egui::RichText::new(&player.lesson.goal).italics()).wrap());
    }
    let total = player.lesson.shown_steps(player.lesson.steps.len()).max(1);
    let done = player.lesson.shown_steps(player.frame.done);
    ui.add(
        egui::ProgressBar::new(done as f32 / total as f32).text(format!("step {done} of {total}")),
    );
    // The controls come before the words: a caption, a prompt or
    // a verdict of any length never moves a button.
    ui.separator();
    player_controls(ui, player, controls, map);
    ui.horizontal(|ui| {
        if map.note("all-lessons", ui.button("All lessons")).clicked() {
            controls.write(LessonControl::Leave);
        }
        let next = library.0.next_after(&player.lesson.id);
        let button = ui.add_enabled(next.is_some(), egui::Button::new("Next lesson ⏵"));
        if map.note("next-lesson", button).clicked()
            && let Some(next) = next
        {
            requests.write(LessonRequested {
                id: next.id.clone(),
                step: None,
            });
        }
    });
    ui.separator();
    if words {
        lesson_words(ui, player);
        if let Some(notice) = notice {
            ui.add_space(4.0);
            ui.add(egui::Label::new(egui::RichText::new(notice).color(NOTICE)).wrap());
        }
    }
}

/// The step's caption, the exercise's prompt and the answer's verdict.
fn lesson_words(ui: &mut egui::Ui, player: &LessonPlayer) {
    let words = player.words();
    if let Some(caption) = words.caption {
        ui.add(egui::Label::new(egui::RichText::new(caption).size(17.0)).wrap());
    }
    if let Some(prompt) = words.prompt {
        ui.add_space(6.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(prompt)
                    .size(17.0)
                    .strong()
                    .color(PROMPT),
            )
            .wrap(),
        );
        ui.label("Click a piece, then where it goes.");
    }
    match words.feedback {
        Some(Feedback::Right(text)) => {
            ui.add(egui::Label::new(egui::RichText::new(format!("✔ {text}")).color(RIGHT)).wrap());
        }
        Some(Feedback::Wrong(text)) => {
            ui.add(egui::Label::new(egui::RichText::new(format!("✖ {text}")).color(WRONG)).wrap());
        }
        None => {}
    }
    if words.complete {
        ui.add_space(6.0);
        ui.colored_label(RIGHT, "Lesson complete.");
    }
}

fn player_controls(
    ui: &mut egui::Ui,
    player: &LessonPlayer,
    controls: &mut MessageWriter<LessonControl>,
    map: &mut ControlMap,
) {
    ui.horizontal_wrapped(|ui| {
        if ui.button("⏮").on_hover_text("Restart").clicked() {
            controls.write(LessonControl::Restart);
        }
        let back = ui.add_enabled(player.frame.done > 0, egui::Button::new("⏪"));
        if back.on_hover_text("Step back").clicked() {
            controls.write(LessonControl::Back);
        }
        let label = if player.playing {
            "⏸ Pause"
        } else {
            "⏵ Play"
        };
        let play = ui.add_enabled(!player.complete, egui::Button::new(label));
        if map.note("lesson-play", play).clicked() {
            controls.write(LessonControl::PlayPause);
        }
        let forward = ui.add_enabled(!player.complete, egui::Button::new("⏩"));
        let hint = if player.awaiting_move() {
            "Show the answer"
        } else {
            "Step forward"
        };
        if map
            .note("lesson-forward", forward.on_hover_text(hint))
            .clicked()
        {
            controls.write(LessonControl::Forward);
        }
    });
    let mut speed = player.speed;
    let slider = egui::Slider::new(&mut speed, 0.25..=3.0)
        .text("speed")
        .suffix("×");
    if ui.add(slider).changed() {
        controls.write(LessonControl::Speed(speed));
    }
}
