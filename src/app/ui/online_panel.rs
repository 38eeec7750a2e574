//! The game panel's lines for an online game, in place of who plays and the
//! hint: who is who, the link to the server, the move waiting for the
//! server's answer or its refusal, and resigning and draws.

use bevy::prelude::*;
use bevy_egui::egui;

use super::theme::{DONE, EXPLAIN, FAILED, status_dot};
use crate::app::layout::ControlMap;
use crate::app::play::remote::{Connection, SeatAction, ServerGame, result_in_words};
use crate::rules::Side;
use crate::rules::session::Session;

pub(super) fn online_lines(
    ui: &mut egui::Ui,
    server: &ServerGame,
    session: &dyn Session,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    let you = Side(server.seat);
    let name = match server.name.trim() {
        "" => "You".to_string(),
        name => format!("{name} (you)"),
    };
    let others: Vec<&str> = (0..session.side_count())
        .filter(|&s| s != server.seat)
        .map(|s| Side(s).name())
        .collect();
    ui.label(format!(
        "{}: {name}  ·  {}: opponent",
        you.name(),
        others.join(", ")
    ));
    ui.horizontal_wrapped(|ui| {
        match &server.connection {
            Connection::Connected => {
                status_dot(ui, DONE);
                ui.colored_label(DONE, "Online");
            }
            Connection::Reconnecting(why) => {
                status_dot(ui, EXPLAIN);
                ui.colored_label(EXPLAIN, "Reconnecting…")
                    .on_hover_text(why.as_str());
            }
        }
        ui.label(egui::RichText::new(format!("game {}", server.code)).weak());
    });
    if let Some(status) = &server.ended {
        ui.strong(format!("Game over: {}", result_in_words(status)));
        return;
    }
    if let Some(text) = &server.sent {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!("{text} sent, waiting for the server…"));
        });
    } else if let Some(reason) = &server.refused {
        ui.add(egui::Label::new(
            egui::RichText::new(format!("The server refused: {reason}")).color(FAILED),
        ));
    }
    seat_buttons(ui, server, controls, actions);
}

/// Resign, and the draw offer (or the answer to the opponent's).
fn seat_buttons(
    ui: &mut egui::Ui,
    server: &ServerGame,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    if server.draw_offered_to_me() {
        ui.colored_label(EXPLAIN, "Your opponent offers a draw.");
    } else if server.draw_offers.contains(&server.seat) {
        ui.label("You offered a draw.");
    }
    ui.horizontal(|ui| {
        if server.draw_offered_to_me() {
            if controls
                .note("accept-draw", ui.button("Accept draw"))
                .clicked()
            {
                actions.write(SeatAction::OfferDraw);
            }
            if controls
                .note("decline-draw", ui.button("Decline"))
                .clicked()
            {
                actions.write(SeatAction::DeclineDraw);
            }
        } else {
            let open = !server.draw_offers.contains(&server.seat);
            let offer = ui.add_enabled(open, egui::Button::new("Offer draw"));
            if controls.note("offer-draw", offer).clicked() {
                actions.write(SeatAction::OfferDraw);
            }
        }
        resign_button(ui, controls, actions);
    });
}

/// Resign, asked again before it is sent: a slip of the mouse must not
/// lose the game.
fn resign_button(
    ui: &mut egui::Ui,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    let asked_id = egui::Id::new("resign-asked");
    let asked = ui.data(|d| d.get_temp::<bool>(asked_id).unwrap_or(false));
    if !asked {
        let resign = ui
            .button("Resign")
            .on_hover_text("Give up this game: the opponent wins");
        if controls.note("resign", resign).clicked() {
            ui.data_mut(|d| d.insert_temp(asked_id, true));
        }
        return;
    }
    ui.label("Resign?");
    if controls.note("resign-yes", ui.button("Yes")).clicked() {
        actions.write(SeatAction::Resign);
        ui.data_mut(|d| d.insert_temp(asked_id, false));
    }
    if controls.note("resign-no", ui.button("No")).clicked() {
        ui.data_mut(|d| d.insert_temp(asked_id, false));
    }
}
