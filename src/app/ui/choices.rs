//! Choices of a new game that more than one screen offers (the new-game
//! form and Play online's create).

use bevy_egui::egui;

use super::theme::EXPLAIN;
use crate::app::layout::ControlMap;
use crate::rules::glossary;
use crate::rules::variant::Promotion;

/// What a pawn (and, straight-curved, a curved rider) promotes to, in the
/// Anglojewish games; the chosen option explained below. None is the
/// default, curved.
pub fn promotion_choice(
    ui: &mut egui::Ui,
    promotion: &mut Option<Promotion>,
    controls: &mut ControlMap,
) {
    ui.label(egui::RichText::new("Promotion").size(16.0).strong());
    let chosen = promotion.unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        for option in Promotion::ALL {
            let (name, about) = glossary::promotion_info(option);
            let response = ui
                .selectable_label(chosen == option, name)
                .on_hover_text(about);
            if controls
                .note(format!("promotion:{}", option.id()), response)
                .clicked()
            {
                *promotion = Some(option).filter(|&o| o != Promotion::Curved);
            }
        }
    });
    let (name, about) = glossary::promotion_info(chosen);
    ui.add(egui::Label::new(egui::RichText::new(format!("{name}: {about}")).color(EXPLAIN)).wrap());
}
