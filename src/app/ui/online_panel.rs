//! The game panel's lines for an online game, in place of who plays and the
//! hint: who is who, the link to the server, the move waiting for the
//! server's answer or its refusal, a player away (and the claim of the win
//! once the server's wait is over), takebacks, draws, resigning and, after
//! the end, the rematch.

use bevy::prelude::*;
use bevy_egui::egui;

use super::theme::{DONE, EXPLAIN, FAILED, status_dot};
use crate::app::layout::ControlMap;
use crate::app::play::remote::{Connection, SeatAction, ServerGame};
use crate::rules::Side;
use crate::rules::session::Session;

pub(super) fn online_lines(
    ui: &mut egui::Ui,
    server: &ServerGame,
    session: &dyn Session,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    who_is_who(ui, server, session);
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
        ui.label(egui::RichText::new(format!("game {}", server.place.code)).weak());
    });
    // The end itself is the panel's status line.
    if server.ended.is_some() {
        rematch_lines(ui, server, controls, actions);
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
    away_lines(ui, server, controls, actions);
    takeback_lines(ui, server, session, controls, actions);
    seat_buttons(ui, server, controls, actions);
}

/// "White: Ann (you) · Black: Bob", in turn order.
fn who_is_who(ui: &mut egui::Ui, server: &ServerGame, session: &dyn Session) {
    let seats: Vec<String> = (0..session.side_count())
        .map(|seat| {
            let side = Side(seat).name();
            let name = server.names.get(usize::from(seat)).cloned().flatten();
            match (seat == server.seat(), name) {
                (true, Some(name)) => format!("{side}: {name} (you)"),
                (true, None) => format!("{side}: you"),
                (false, Some(name)) => format!("{side}: {name}"),
                (false, None) => format!("{side}: opponent"),
            }
        })
        .collect();
    ui.add(egui::Label::new(seats.join("  ·  ")).wrap());
}

/// A player who lost their connection: the time the server gives them to
/// come back, then the choice of claiming the win or waiting.
fn away_lines(
    ui: &mut egui::Ui,
    server: &ServerGame,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    for away in &server.away {
        let name = server.name_of(away.seat);
        let line = match away.claim_in_secs {
            0 => format!("{name} is disconnected."),
            secs => format!("{name} is disconnected: you may claim the win in {secs} s."),
        };
        ui.colored_label(EXPLAIN, line);
    }
    if !server.may_claim() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let claim = ui
            .button("Claim the win")
            .on_hover_text("End the game now, won: your opponent did not come back in time");
        if controls.note("claim-win", claim).clicked() {
            actions.write(SeatAction::ClaimWin);
        }
        ui.label("or wait: the game goes on when they return.");
    });
}

/// A takeback asked for: by this player (withdraw it), or of this player
/// (accept or decline). Else the button that asks for one.
fn takeback_lines(
    ui: &mut egui::Ui,
    server: &ServerGame,
    session: &dyn Session,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    if let Some(asker) = server.takeback_asked_of_me() {
        let name = server.name_of(asker);
        ui.colored_label(
            EXPLAIN,
            format!("{name} asks to take back their last move."),
        );
        ui.horizontal(|ui| {
            let accept = ui.button("Accept takeback");
            if controls.note("accept-takeback", accept).clicked() {
                actions.write(SeatAction::AcceptTakeback);
            }
            let decline = ui.button("Decline");
            if controls.note("decline-takeback", decline).clicked() {
                actions.write(SeatAction::DeclineTakeback);
            }
        });
        return;
    }
    if let Some((asker, _)) = &server.takeback {
        let waiting = match *asker == server.seat() {
            true => "You asked to take back your last move.",
            false => "A takeback waits for the other player's answer.",
        };
        ui.horizontal(|ui| {
            ui.label(waiting);
            if *asker == server.seat() {
                let withdraw = ui.small_button("Withdraw");
                if controls.note("withdraw-takeback", withdraw).clicked() {
                    actions.write(SeatAction::DeclineTakeback);
                }
            }
        });
        return;
    }
    let moved = session.ply_count() > 0;
    let ask = ui
        .add_enabled(moved, egui::Button::new("Ask to take back"))
        .on_hover_text("Undo your last move, if your opponent agrees (Ctrl+Z)");
    if controls.note("takeback", ask).clicked() {
        actions.write(SeatAction::Takeback);
    }
}

/// After the end: offer a rematch, or answer the one offered.
fn rematch_lines(
    ui: &mut egui::Ui,
    server: &ServerGame,
    controls: &mut ControlMap,
    actions: &mut MessageWriter<SeatAction>,
) {
    if server.rematch_offered_to_me() {
        let by: Vec<String> = server
            .rematch_offers
            .iter()
            .map(|&seat| server.name_of(seat))
            .collect();
        ui.colored_label(EXPLAIN, format!("{} offers a rematch.", by.join(" and ")));
        ui.horizontal(|ui| {
            let accept = ui.button("Accept rematch");
            if controls.note("accept-rematch", accept).clicked() {
                actions.write(SeatAction::Rematch);
            }
            let decline = ui.button("Decline");
            if controls.note("decline-rematch", decline).clicked() {
                actions.write(SeatAction::DeclineRematch);
            }
        });
    } else if server.rematch_offers.contains(&server.seat()) {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Rematch offered: waiting for the answer…");
        });
    } else {
        let offer = ui
            .button("Offer a rematch")
            .on_hover_text("The same game again, the seats turned round");
        if controls.note("offer-rematch", offer).clicked() {
            actions.write(SeatAction::Rematch);
        }
    }
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
    } else if server.draw_offers.contains(&server.seat()) {
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
            let open = !server.draw_offers.contains(&server.seat());
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
