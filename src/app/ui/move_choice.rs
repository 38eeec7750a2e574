//! The choice between moves that share a route (promotions, a chakra move
//! with or without a flip), in words.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::layout::ControlMap;
use crate::app::play::game::{Match, MoveRequested};
use crate::app::play::selection::PendingChoice;
use crate::rules::glossary;

pub(super) fn move_choice(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    game: Res<Match>,
    mut pending: ResMut<PendingChoice>,
    mut requests: MessageWriter<MoveRequested>,
) -> Result {
    if pending.moves.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut chosen = None;
    let mut cancel = false;
    egui::Window::new("Which move?")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("Several moves share this route:");
            egui::Grid::new("choices").num_columns(2).show(ui, |ui| {
                for text in &pending.moves {
                    if controls
                        .note(format!("choice:{text}"), ui.button(text))
                        .clicked()
                    {
                        chosen = Some(text.clone());
                    }
                    let words = glossary::move_words(game.session.as_ref(), text);
                    ui.label(words.unwrap_or_default());
                    ui.end_row();
                }
            });
            cancel = controls.note("cancel", ui.button("Cancel")).clicked();
        });
    if let Some(text) = chosen {
        requests.write(MoveRequested { text });
        pending.moves.clear();
    } else if cancel {
        pending.moves.clear();
    }
    Ok(())
}
