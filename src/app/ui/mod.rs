//! The egui interface: the new-game dialog, the game panel (status, move
//! list, undo and redo, save and load, rules), the choice between moves that
//! share a route, the name of the man under the pointer, and the
//! coordinates along the board edges: one module per screen or panel.

mod analysis;
mod captured;
pub mod choices;
pub mod clock_panel;
mod coordinates;
mod file_controls;
mod game_cards;
pub mod game_over;
mod game_panel;
pub mod glyphs;
pub mod keyboard;
mod main_menu;
mod move_choice;
mod online_panel;
mod pointer;
mod record_dialog;
mod saved_games;
mod settings_window;
pub mod theme;
pub mod wheel;
mod window_icon;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::layout::{AnalysisRect, ControlMap, PanelRect, UiSystems};
use crate::app::play::game::GameSystems;
use crate::app::play::remote::ServerGame;
use crate::app::screen::{SceneOnly, Screen, in_lesson};
use analysis::analysis_panel;
use coordinates::edge_coordinates;
use game_cards::Thumbnails;
use game_over::{GameOverDialog, forget_shown_end, game_over, leave_dialog};
use game_panel::game_panel;
use main_menu::{RulesShown, Starting, main_menu, not_starting_yet};
use move_choice::move_choice;
use pointer::name_under_pointer;
use record_dialog::{RecordDialog, record_dialog};
use saved_games::{SavedGamesList, save_as_prompt, saved_games};
use settings_window::settings_window;

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

/// Each pass lists its own controls, and a panel not drawn in it takes no
/// room from the boards.
fn forget_controls(mut controls: ResMut<ControlMap>, mut analysis: ResMut<AnalysisRect>) {
    controls.0.clear();
    if analysis.0.is_some() {
        analysis.0 = None;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((keyboard::plugin, wheel::plugin, window_icon::plugin));
    app.init_resource::<RecordDialog>()
        .init_resource::<ControlMap>()
        .init_resource::<PanelRect>()
        .init_resource::<AnalysisRect>()
        .init_resource::<crate::app::layout::BoardWords>()
        .init_resource::<glyphs::LessonGlyphs>()
        .init_resource::<Thumbnails>()
        .init_resource::<RulesShown>()
        .init_resource::<Starting>()
        .add_systems(OnEnter(Screen::Menu), not_starting_yet)
        .init_resource::<GameOverDialog>()
        .init_resource::<SavedGamesList>()
        .add_systems(Update, forget_shown_end.after(GameSystems))
        .add_systems(
            EguiPrimaryContextPass,
            (
                theme::apply_theme,
                glyphs::preload_glyphs,
                patient_clicks,
                forget_controls,
                main_menu.run_if(in_state(Screen::Menu)),
                (
                    // A screenshot or a recording shows the scene, not the
                    // controls.
                    (
                        game_panel.run_if(not(in_lesson)),
                        record_dialog,
                        analysis_panel
                            .run_if(not(in_lesson))
                            .run_if(not(resource_exists::<ServerGame>)),
                        move_choice,
                        name_under_pointer,
                        game_over.run_if(not(in_lesson)),
                        leave_dialog,
                    )
                        .run_if(not(resource_exists::<SceneOnly>)),
                    edge_coordinates,
                )
                    .run_if(in_state(Screen::Playing)),
                (saved_games, save_as_prompt, settings_window)
                    .run_if(not(resource_exists::<SceneOnly>)),
            )
                .chain()
                .in_set(UiSystems),
        );
}
