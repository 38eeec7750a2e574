//! The egui interface: the new-game dialog, the game panel (status, move
//! list, undo and redo, save and load, rules), the choice between moves that
//! share a route, the name of the man under the pointer, and the
//! coordinates along the board edges: one module per screen or panel.

mod analysis;
mod backdrop;
mod captured;
mod clock_panel;
mod coordinates;
mod file_controls;
mod game_cards;
mod game_over;
mod game_panel;
mod main_menu;
mod move_choice;
mod pointer;
mod record_dialog;
mod saved_games;
mod settings_window;

use analysis::analysis_panel;
use coordinates::edge_coordinates;
use game_cards::Thumbnails;
use game_over::{forget_shown_end, game_over, leave_dialog};
use game_panel::game_panel;
use main_menu::{RulesShown, main_menu};
use move_choice::move_choice;
use pointer::name_under_pointer;
use record_dialog::{RecordDialog, record_dialog};
use saved_games::{SavedGamesList, save_as_prompt, saved_games};
use settings_window::settings_window;

pub use backdrop::Backdrop;
pub use game_over::GameOverDialog;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::files::FileNote;
use crate::rules::history::DrawRules;
use crate::rules::registry::GAMES;
use crate::rules::variant::{PawnKind, VariantId};

/// The new-game form's choices, kept between frames, and why the last
/// Start failed.
#[derive(Resource)]
struct Form {
    variant: VariantId,
    pawn: Option<PawnKind>,
    draw_rules: DrawRules,
    message: Option<FileNote>,
    show_gilman: bool,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            // The first game of the registry is the menu's first choice.
            variant: GAMES[0].id,
            pawn: None,
            draw_rules: DrawRules::default(),
            message: None,
            show_gilman: false,
        }
    }
}

/// Where the named controls of this frame are on screen (logical pixels):
/// scripts and the player's-path test click them by name. Only controls
/// that take a click now are listed: not a disabled one, nor one scrolled
/// out of sight.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ControlMap(pub std::collections::BTreeMap<String, [f32; 2]>);

impl ControlMap {
    fn note(&mut self, name: impl Into<String>, response: egui::Response) -> egui::Response {
        let name = name.into();
        let visible = response.interact_rect;
        if response.enabled() && visible.width() > 2.0 && visible.height() > 2.0 {
            let c = visible.center();
            self.0.insert(name, [c.x, c.y]);
        } else {
            self.0.remove(&name);
        }
        response
    }
}

/// The screen rectangle the game panel took in the last frame, for the
/// labels drawn over the board to keep clear of.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PanelRect(pub Option<egui::Rect>);

/// egui counts a press as a click only if released within 0.8 s; at a frame
/// a second, press and release arrive a frame or more apart and a plain
/// click would count as a drag. No control here is dragged by holding it,
/// so any press released where it began is a click.
fn patient_clicks(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        contexts.ctx_mut()?.options_mut(|options| {
            options.input_options.max_click_duration = 60.0;
        });
        *done = true;
    }
    Ok(())
}

fn forget_controls(mut controls: ResMut<ControlMap>) {
    controls.0.clear();
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Form>()
        .init_resource::<RecordDialog>()
        .init_resource::<ControlMap>()
        .init_resource::<PanelRect>()
        .init_resource::<Thumbnails>()
        .init_resource::<RulesShown>()
        .init_resource::<GameOverDialog>()
        .init_resource::<SavedGamesList>()
        .add_plugins(backdrop::plugin)
        .add_systems(Update, forget_shown_end.after(super::GameSystems))
        .add_systems(
            EguiPrimaryContextPass,
            (
                patient_clicks,
                forget_controls,
                main_menu.run_if(in_state(Screen::Menu)),
                (
                    // A screenshot or a recording shows the scene, not the
                    // controls.
                    (
                        game_panel.run_if(not(resource_exists::<super::LessonPlayer>)),
                        record_dialog,
                        analysis_panel.run_if(not(resource_exists::<super::LessonPlayer>)),
                        move_choice,
                        name_under_pointer,
                        game_over.run_if(not(resource_exists::<super::LessonPlayer>)),
                        leave_dialog,
                    )
                        .run_if(not(resource_exists::<super::SceneOnly>)),
                    edge_coordinates,
                )
                    .run_if(in_state(Screen::Playing)),
                (saved_games, save_as_prompt, settings_window)
                    .run_if(not(resource_exists::<super::SceneOnly>)),
            )
                .chain()
                .in_set(UiSystems),
        );
}

/// The panels and dialogs; labels over the board are laid out after them.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct UiSystems;

/// Soft ink for explanations, red for what went wrong.
const EXPLAIN: egui::Color32 = egui::Color32::from_rgb(250, 205, 130);
const DONE: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);

fn show_file_note(ui: &mut egui::Ui, note: &FileNote) {
    let colour = if note.error {
        egui::Color32::LIGHT_RED
    } else {
        DONE
    };
    ui.add(egui::Label::new(egui::RichText::new(&note.text).color(colour)).wrap());
}
