//! The main menu: continue the last game, or choose a game, its pawn-like
//! piece, the draw rules and who plays each side, and start; or load a file.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{ControlMap, Form, load_into, show_file_note};
use crate::app::computer::Players;
use crate::app::files::FileNote;
use crate::app::game::{Match, NewGameRequested};
use crate::app::{Resumable, ResumeRequested, Screen};
use crate::engine::Level;
use crate::rules::glossary;
use crate::rules::registry;
use crate::rules::variant::{PawnKind, Variant, VariantId};

/// The main menu lists the games in this many columns.
const GAME_COLUMNS: usize = 2;

pub(super) fn main_menu(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut players: ResMut<Players>,
    mut form: ResMut<Form>,
    game: Option<Res<Match>>,
    mut requests: MessageWriter<NewGameRequested>,
    mut next: ResMut<NextState<Screen>>,
    (offer, mut resume): (Option<Res<Resumable>>, MessageWriter<ResumeRequested>),
    mut clock: ResMut<crate::app::clock::ClockChoice>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Anchored by its top: choosing a game that adds rows below must not
    // move the rows above (the next click would land on a neighbour).
    egui::Window::new("Variantarium")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            if let Some(offer) = &offer {
                ui.heading("Continue");
                let button = ui.button(&offer.summary);
                if controls.note("continue", button).clicked() {
                    resume.write(ResumeRequested);
                }
                ui.separator();
            }
            ui.horizontal(|ui| {
                ui.heading("Learn");
                let learn = ui
                    .button("Lessons: watch each rule, then try it")
                    .on_hover_text("Short animated lessons for every rule of every game");
                if controls.note("learn", learn).clicked() {
                    next.set(Screen::Learn);
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                ui.heading("New game");
                if let Some(game) = &game {
                    let back = ui.button("Back to the game").on_hover_text(format!(
                        "Return to the {} in progress",
                        game.session.variant().id.title()
                    ));
                    if controls.note("menu-back", back).clicked() {
                        next.set(Screen::Playing);
                    }
                }
            });
            game_choice(ui, &mut form, &mut controls);
            pawn_choice(ui, &mut form, &mut controls);
            ui.checkbox(
                &mut form.draw_rules.repetition,
                "Draw by threefold repetition",
            );
            ui.checkbox(&mut form.draw_rules.fifty_moves, "Draw by the 50-move rule");
            seats(ui, form.variant, &mut players, &mut controls);
            super::clock_panel::clock_picker(ui, &mut clock, &mut controls);
            ui.horizontal(|ui| {
                if controls.note("start", ui.button("Start")).clicked() {
                    start(&mut form, &mut requests);
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("File");
                controls.note("menu-path", ui.text_edit_singleline(&mut form.path));
                if controls.note("menu-load", ui.button("Load")).clicked() {
                    load_into(&mut form, &mut requests);
                }
            });
            if let Some(message) = &form.message {
                show_file_note(ui, message);
            }
        });
    Ok(())
}

/// Every game this build plays, its summary on hover.
fn game_choice(ui: &mut egui::Ui, form: &mut Form, controls: &mut ControlMap) {
    let implemented: Vec<VariantId> = Variant::implemented().into_iter().map(|v| v.id).collect();
    ui.label("Game");
    // Two columns, read down then across, so that the whole dialog fits an
    // 800x600 window.
    let rows = implemented.len().div_ceil(GAME_COLUMNS);
    egui::Grid::new("games")
        .num_columns(GAME_COLUMNS)
        .show(ui, |ui| {
            for row in 0..rows {
                for &id in implemented.iter().skip(row).step_by(rows) {
                    let chosen = form.variant == id;
                    let response = ui
                        .selectable_label(chosen, id.title())
                        .on_hover_text(registry::describe(id).summary);
                    if controls
                        .note(format!("game:{}", id.id()), response)
                        .clicked()
                    {
                        form.variant = id;
                    }
                }
                ui.end_row();
            }
        });
}

/// The pawn-like piece, for the games that let the player choose it.
fn pawn_choice(ui: &mut egui::Ui, form: &mut Form, controls: &mut ControlMap) {
    // Always there, greyed out for games without pawn-like pieces, so that
    // the dialog keeps its shape whatever game is chosen.
    let hex = form.variant.takes_pawn_kind();
    ui.add_enabled_ui(hex, |ui| {
        ui.label("Pawn-like piece (hexagonal games)");
        ui.horizontal_wrapped(|ui| {
            let own = ui.selectable_label(form.pawn.is_none(), "the layout's own");
            if controls.note("pawn:default", own).clicked() {
                form.pawn = None;
            }
            for kind in PawnKind::ALL {
                let info = glossary::pawn_info(kind);
                let response = ui
                    .selectable_label(form.pawn == Some(kind), info.name)
                    .on_hover_text(info.summary);
                if controls
                    .note(format!("pawn:{}", kind.id()), response)
                    .clicked()
                {
                    form.pawn = Some(kind);
                }
            }
        });
        let chosen = form.pawn.or(glossary::default_pawn(form.variant));
        let about = match chosen {
            Some(kind) if hex => {
                let info = glossary::pawn_info(kind);
                let own = if form.pawn.is_none() {
                    " (the layout's own)"
                } else {
                    ""
                };
                format!("{}{own}: {}", info.name, info.summary)
            }
            _ => "This game has no choice of pawn.".to_string(),
        };
        // Two lines always, so the dialog does not change height.
        let height = ui.text_style_height(&egui::TextStyle::Body) * 2.0 + 6.0;
        let (rect, _) = ui.allocate_exact_size(
            egui::vec2(ui.available_width(), height),
            egui::Sense::hover(),
        );
        let ink = ui.visuals().weak_text_color();
        let galley = ui.painter().layout(
            about,
            egui::TextStyle::Body.resolve(ui.style()),
            ink,
            rect.width(),
        );
        ui.painter().galley(rect.min, galley, ink);
    });
}

/// Who plays each side of the game chosen: a person or the computer at a
/// level.
fn seats(ui: &mut egui::Ui, variant: VariantId, players: &mut Players, controls: &mut ControlMap) {
    // One seat per player of the game chosen (perhaps by a click earlier in
    // this very frame): Red is the third.
    let seat_count = if variant.is_three_player() { 3 } else { 2 };
    if players.0.len() != seat_count {
        players.0.resize(seat_count, None);
    }
    // The seats in turn order: three-player games start with Red (side 2).
    let seats: &[(usize, &str)] = if variant.is_three_player() {
        &[(2, "Red"), (0, "White"), (1, "Black")]
    } else {
        &[(0, "White"), (1, "Black")]
    };
    for &(side, name) in seats {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{name}:"));
            let human = players.0[side].is_none();
            let response = ui.selectable_label(human, "Human");
            if controls
                .note(format!("player:{side}:human"), response)
                .clicked()
            {
                players.0[side] = None;
            }
            for level in Level::all() {
                let chosen = players.0[side] == Some(level);
                let response = ui
                    .selectable_label(chosen, level.number().to_string())
                    .on_hover_text(format!("Computer: {}", level.name()));
                if controls
                    .note(format!("player:{side}:{}", level.number()), response)
                    .clicked()
                {
                    players.0[side] = Some(level);
                }
            }
        });
    }
}

/// Asks for a new game of the form's choices, or says why it cannot start.
fn start(form: &mut Form, requests: &mut MessageWriter<NewGameRequested>) {
    let pawn = if form.variant.takes_pawn_kind() {
        form.pawn
    } else {
        None
    };
    let request = Variant::with_pawn(form.variant, pawn)
        .and_then(|v| NewGameRequested::variant(v, form.draw_rules));
    match request {
        Ok(request) => {
            form.message = None;
            requests.write(request);
        }
        Err(e) => {
            form.message = Some(FileNote {
                text: e,
                error: true,
            })
        }
    }
}
