//! The Play online screen's part for hosting on this computer: the button,
//! the invite link to copy, why hosting failed, and the player's seats in
//! the hosted games that came back, to continue.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::host::{HostFailure, HostRequested, HostedSeats, Hosting};
use super::link::Ask;
use crate::app::layout::ControlMap;
use crate::app::play::remote::OnlineResumeRequested;

const LINK: egui::Color32 = egui::Color32::from_rgb(150, 200, 255);
const BAD: egui::Color32 = egui::Color32::LIGHT_RED;

/// What the screen reads and asks of the hosting.
#[derive(SystemParam)]
pub struct HostSide<'w> {
    requests: MessageWriter<'w, HostRequested>,
    resumes: MessageWriter<'w, OnlineResumeRequested>,
    pub hosting: Option<Res<'w, Hosting>>,
    failure: Res<'w, HostFailure>,
    seats: Res<'w, HostedSeats>,
}

impl HostSide<'_> {
    /// Whether the window's link goes to the server it hosts.
    pub fn hosts(&self, addr: &str) -> bool {
        self.hosting
            .as_ref()
            .is_some_and(|h| h.local.to_string() == addr)
    }
}

/// "Host on this computer", which asks for a game of the form's setup.
pub fn host_button(
    ui: &mut egui::Ui,
    side: &mut HostSide,
    controls: &mut ControlMap,
    ask: impl FnOnce() -> Ask,
) {
    let button = ui
        .add(egui::Button::new("Host on this computer").min_size(egui::vec2(120.0, 28.0)))
        .on_hover_text(
            "Run the server in this window and invite a friend on your network with a link: \
             their browser needs nothing installed",
        );
    if controls.note("online-host", button).clicked() {
        side.requests.write(HostRequested(Some(ask())));
    }
}

/// Why hosting failed; while hosting, where, and the seats to continue.
pub fn host_status(ui: &mut egui::Ui, side: &mut HostSide, controls: &mut ControlMap) {
    if let Some(why) = &side.failure.0 {
        let line = format!("Cannot host on this computer: {why}");
        ui.add(egui::Label::new(egui::RichText::new(line).color(BAD)).wrap());
    }
    if let Some(hosting) = side.hosting.as_ref() {
        if let Some(note) = &hosting.note {
            ui.add(egui::Label::new(note).wrap());
        }
        let lobby = format!("http://{}/", hosting.shown);
        ui.add(
            egui::Label::new(format!(
                "Hosting on this computer: its games are at {lobby} until you close the window."
            ))
            .wrap(),
        );
    }
    if side.seats.0.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Your unfinished games hosted on this computer:").strong());
    let mut chosen = None;
    for (i, seat) in side.seats.0.iter().enumerate() {
        ui.horizontal(|ui| {
            let button = ui.button("Continue");
            if controls.note(format!("hosted:{i}"), button).clicked() {
                chosen = Some(seat.clone());
            }
            ui.label(format!("Game {}", seat.code));
        });
    }
    if let Some(seat) = chosen {
        // The server first (if it is not running), then the seat on it.
        side.requests.write(HostRequested(None));
        side.resumes.write(OnlineResumeRequested(seat));
    }
}

/// The invite link of the hosted game, large, with a button to copy it.
pub fn invite_link(ui: &mut egui::Ui, hosting: &Hosting, code: &str, controls: &mut ControlMap) {
    let link = hosting.invite(code);
    ui.label(
        egui::RichText::new("Your game is ready. Send this link to a friend on your network:")
            .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        let shown = egui::RichText::new(&link)
            .monospace()
            .size(20.0)
            .strong()
            .color(LINK);
        ui.add(egui::Label::new(shown).selectable(true));
        if controls
            .note("online-copy-link", ui.button("Copy"))
            .clicked()
        {
            ui.ctx().copy_text(link.clone());
        }
    });
    ui.label(format!(
        "It opens the game in any browser. A Variantarium window joins with the code {code} \
         on server {}.",
        hosting.shown
    ));
}
