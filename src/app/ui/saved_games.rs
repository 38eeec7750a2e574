//! The saved games, listed in the app newest first (game, players, date,
//! moves, result) to load or delete — a delete asks first, and a file that
//! cannot be read is listed with the reason. And Save as… by name, where
//! the desktop has no file dialog.

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme::show_file_note;
use crate::app::layout::ControlMap;
use crate::app::play::file_actions::{
    FileMessage, LoadRequested, SaveAsPrompt, SaveToRequested, SavedGamesWindow,
};
use crate::app::play::files::{FileNote, SavedGame, delete_game, list_saves, saves_dir};

const LIST_WIDTH: f32 = 660.0;
const UNREADABLE: egui::Color32 = egui::Color32::LIGHT_RED;

/// The list as last read, and the file whose deletion is being asked.
#[derive(Resource, Default)]
pub(super) struct SavedGamesList {
    games: Vec<SavedGame>,
    problem: Option<String>,
    /// The list was read for this opening of the window.
    read: bool,
    deleting: Option<PathBuf>,
}

#[derive(SystemParam)]
pub(super) struct ListActions<'w> {
    window: ResMut<'w, SavedGamesWindow>,
    list: ResMut<'w, SavedGamesList>,
    message: ResMut<'w, FileMessage>,
    loads: MessageWriter<'w, LoadRequested>,
}

pub(super) fn saved_games(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut actions: ListActions,
) -> Result {
    if !actions.window.open {
        actions.list.read = false;
        return Ok(());
    }
    if !actions.list.read || actions.message.is_changed() {
        reread(&mut actions.list);
    }
    let ctx = contexts.ctx_mut()?;
    let height = (ctx.content_rect().height() - 200.0).max(120.0);
    let mut open = true;
    egui::Window::new("Saved games")
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            ui.set_width(LIST_WIDTH);
            if let Some(dir) = saves_dir() {
                ui.label(egui::RichText::new(format!("In {}", dir.display())).weak());
            }
            if let Some(problem) = &actions.list.problem {
                ui.colored_label(UNREADABLE, problem);
            } else if actions.list.games.is_empty() {
                ui.label("No saved games yet: Save in a game puts it here.");
            }
            egui::ScrollArea::vertical()
                .max_height(height)
                .show(ui, |ui| list(ui, &mut actions, &mut controls));
            if let Some(note) = &actions.message.0 {
                show_file_note(ui, note);
            }
            if controls.note("saves-close", ui.button("Close")).clicked() {
                actions.window.open = false;
            }
        });
    if !open {
        actions.window.open = false;
    }
    confirm_delete(ctx, &mut actions, &mut controls);
    Ok(())
}

fn reread(list: &mut SavedGamesList) {
    list.read = true;
    let listed = saves_dir()
        .ok_or_else(|| "This system names no home folder for saved games.".to_string())
        .and_then(|dir| list_saves(&dir));
    (list.games, list.problem) = match listed {
        Ok(games) => (games, None),
        Err(e) => (Vec::new(), Some(e)),
    };
}

fn list(ui: &mut egui::Ui, actions: &mut ListActions, controls: &mut ControlMap) {
    let mut load = None;
    let mut delete = None;
    egui::Grid::new("saved games")
        .num_columns(3)
        .spacing([16.0, 10.0])
        .striped(true)
        .show(ui, |ui| {
            for (i, game) in actions.list.games.iter().enumerate() {
                ui.vertical(|ui| {
                    ui.set_width(LIST_WIDTH - 230.0);
                    describe(ui, game);
                });
                ui.label(egui::RichText::new(game.date()).small());
                ui.horizontal(|ui| {
                    let can_load = game.about.is_ok();
                    let button = ui.add_enabled(can_load, egui::Button::new("Load"));
                    if controls.note(format!("saves-load:{i}"), button).clicked() {
                        load = Some(game.path.clone());
                    }
                    if controls
                        .note(format!("saves-delete:{i}"), ui.button("Delete"))
                        .clicked()
                    {
                        delete = Some(game.path.clone());
                    }
                });
                ui.end_row();
            }
        });
    if let Some(path) = load {
        actions.loads.write(LoadRequested(path));
        actions.window.open = false;
    }
    if delete.is_some() {
        actions.list.deleting = delete;
    }
}

/// Game and result on one line; players and moves, or why the file cannot
/// be read, on the next.
fn describe(ui: &mut egui::Ui, game: &SavedGame) {
    match &game.about {
        Ok(about) => {
            ui.label(egui::RichText::new(format!("{}  ·  {}", about.game, about.result)).strong());
            let mut line = about.moves.clone();
            if !about.players.is_empty() {
                line = format!("{}  ·  {line}", about.players);
            }
            ui.label(egui::RichText::new(line).small());
            ui.label(egui::RichText::new(game.name()).small().weak());
        }
        Err(why) => {
            ui.label(egui::RichText::new(game.name()).strong());
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("Cannot be read: {why}"))
                        .small()
                        .color(UNREADABLE),
                )
                .wrap(),
            );
        }
    }
}

fn confirm_delete(ctx: &egui::Context, actions: &mut ListActions, controls: &mut ControlMap) {
    let Some(path) = actions.list.deleting.clone() else {
        return;
    };
    let name = path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    egui::Window::new("Delete this saved game?")
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("{name} will be gone for good."));
            ui.horizontal(|ui| {
                if controls
                    .note("saves-delete-yes", ui.button("Delete"))
                    .clicked()
                {
                    actions.message.0 = Some(delete_game(&path));
                    actions.list.deleting = None;
                }
                if controls
                    .note("saves-delete-no", ui.button("Keep it"))
                    .clicked()
                {
                    actions.list.deleting = None;
                }
            });
        });
}

/// Save as… in the app: a name for the file in the saves folder.
pub(super) fn save_as_prompt(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut prompt: ResMut<SaveAsPrompt>,
    mut saves: MessageWriter<SaveToRequested>,
    mut message: ResMut<FileMessage>,
) -> Result {
    if !prompt.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Save as")
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("A name for this game in your saved games:");
            let field = ui.add(egui::TextEdit::singleline(&mut prompt.name).desired_width(320.0));
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            controls.note("save-as-name", field);
            ui.horizontal(|ui| {
                let save = controls.note("save-as-save", ui.button("Save")).clicked();
                if save || entered {
                    match file_for(&prompt.name) {
                        Ok(path) => {
                            saves.write(SaveToRequested(path));
                            prompt.open = false;
                        }
                        Err(e) => message.0 = Some(FileNote::failed(e)),
                    }
                }
                if controls
                    .note("save-as-cancel", ui.button("Cancel"))
                    .clicked()
                {
                    prompt.open = false;
                }
            });
            if let Some(note) = &message.0 {
                show_file_note(ui, note);
            }
        });
    Ok(())
}

/// The saves folder's file for a name the player typed.
fn file_for(name: &str) -> Result<PathBuf, String> {
    let name = name.trim().trim_end_matches(".json");
    if name.is_empty() {
        return Err("Give the game a name.".into());
    }
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format!(
            "'{name}' cannot be a file name: no / or \\, no leading dot."
        ));
    }
    let dir = saves_dir().ok_or("This system names no home folder for saved games.")?;
    Ok(dir.join(format!("{name}.json")))
}
