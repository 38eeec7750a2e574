//! The end of a game: a dialog with the result and its reason in words,
//! and what to do next — a rematch (the same game from the same start, the
//! players changing colours), a new game, save, export — or a look at the
//! final position (the status line reopens it). And the question asked
//! before a game in progress is left for the menu.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme::show_file_note;
use crate::app::layout::ControlMap;
use crate::app::play::computer::Players;
use crate::app::play::file_actions::{ExportRequested, FileMessage, SaveRequested};
use crate::app::play::files::{FileNote, capitalised};
use crate::app::play::game::{GameStarted, Match, NewGameRequested};
use crate::app::play::leaving::LeaveAsked;
use crate::app::play::remote::{SeatAction, ServerGame, result_in_words};
use crate::app::screen::Screen;
use crate::rules::GameResult;
use crate::rules::session::{Session, new_session};

const RESULT_SIZE: f32 = 24.0;
const WIN: egui::Color32 = egui::Color32::from_rgb(240, 200, 110);
const BUTTON: egui::Vec2 = egui::vec2(120.0, 30.0);

/// Whether the game-over dialog is up, and the end it was last shown for
/// (the position's hash and the moves played), so that it opens once per
/// end reached.
#[derive(Resource, Default, Debug)]
pub struct GameOverDialog {
    pub open: bool,
    shown_for: Option<(u64, usize)>,
    /// What the files said when it opened: only what they say after that
    /// (Save, Export) is shown in it.
    note_before: Option<FileNote>,
}

/// A game that starts (a loaded one may be over already) has its end
/// still to show.
pub(super) fn forget_shown_end(
    mut started: MessageReader<GameStarted>,
    mut dialog: ResMut<GameOverDialog>,
) {
    if started.read().count() > 0 && (dialog.shown_for.is_some() || dialog.open) {
        *dialog = GameOverDialog::default();
    }
}

/// What the dialog's buttons do.
#[derive(SystemParam)]
pub(super) struct EndActions<'w> {
    players: ResMut<'w, Players>,
    saves: MessageWriter<'w, SaveRequested>,
    exports: MessageWriter<'w, ExportRequested>,
    requests: MessageWriter<'w, NewGameRequested>,
    next: ResMut<'w, NextState<Screen>>,
    message: Res<'w, FileMessage>,
    /// An online game: the server may end it (a resignation, an
    /// agreement) where the rules did not, and a rematch is asked of it.
    server: Option<Res<'w, ServerGame>>,
    seat_actions: MessageWriter<'w, SeatAction>,
}

/// The result as the dialog's title line: "White wins by checkmate".
pub fn result_line(session: &dyn Session) -> Option<String> {
    session.outcome().map(|o| capitalised(&o.to_string()))
}

/// The end to show: the rules' result, else the server's (and whether it
/// is a draw or no result, shown without the winner's colour).
fn end_of(session: &dyn Session, server: Option<&ServerGame>) -> Option<(String, bool)> {
    if let Some(outcome) = session.outcome() {
        let line = result_line(session).unwrap_or_default();
        return Some((line, outcome.result == GameResult::Draw));
    }
    let status = server?.ended.as_deref()?;
    let no_winner =
        status.starts_with("1/2") || status.starts_with("aborted") || status == "expired";
    Some((result_in_words(status), no_winner))
}

pub(super) fn game_over(
    mut contexts: EguiContexts,
    game: Res<Match>,
    mut dialog: ResMut<GameOverDialog>,
    mut controls: ResMut<ControlMap>,
    mut actions: EndActions,
) -> Result {
    let session = game.session.as_ref();
    let Some((line, no_winner)) = end_of(session, actions.server.as_deref()) else {
        if dialog.shown_for.is_some() || dialog.open {
            *dialog = GameOverDialog::default();
        }
        return Ok(());
    };
    let end = (session.hash(), session.ply_count());
    if dialog.shown_for != Some(end) {
        dialog.shown_for = Some(end);
        dialog.open = true;
        dialog.note_before = actions.message.0.clone();
    }
    if !dialog.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let colour = match no_winner {
        true => ctx.global_style().visuals.text_color(),
        false => WIN,
    };
    egui::Window::new("Game over")
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [-120.0, -40.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            result_heading(ui, session, &line, colour);
            ui.add_space(10.0);
            end_buttons(ui, session, &mut dialog, &mut controls, &mut actions);
            ui.add_space(4.0);
            let look = ui.add(
                egui::Button::new("Look at the board")
                    .min_size(egui::vec2(2.0 * BUTTON.x + 8.0, 26.0)),
            );
            if controls.note("game-over-close", look).clicked() {
                dialog.open = false;
            }
            if let Some(note) = &actions.message.0
                && Some(note) != dialog.note_before.as_ref()
            {
                show_file_note(ui, note);
            }
        });
    Ok(())
}

/// The result in large letters, the game and its length beneath.
fn result_heading(ui: &mut egui::Ui, session: &dyn Session, line: &str, colour: egui::Color32) {
    let moves = crate::app::play::files::moves_phrase(session);
    ui.vertical_centered(|ui| {
        ui.label(
            egui::RichText::new(line)
                .size(RESULT_SIZE)
                .strong()
                .color(colour),
        );
        ui.label(format!("{}, after {moves}", session.variant().id.title()));
    });
}

/// Rematch, New game, Save and Export.
fn end_buttons(
    ui: &mut egui::Ui,
    session: &dyn Session,
    dialog: &mut GameOverDialog,
    controls: &mut ControlMap,
    actions: &mut EndActions,
) {
    ui.horizontal(|ui| {
        // Online, the rematch is the server's: offered to the others, it
        // starts when they accept.
        if let Some(server) = actions.server.as_deref() {
            let (label, open) = match (
                server.rematch_offered_to_me(),
                server.rematch_offers.contains(&server.seat()),
            ) {
                (true, _) => ("Accept rematch", true),
                (false, true) => ("Rematch offered…", false),
                (false, false) => ("Rematch", true),
            };
            let rematch = ui
                .add_enabled(open, egui::Button::new(label).min_size(BUTTON))
                .on_hover_text("The same game again online, the seats turned round");
            if controls.note("rematch", rematch).clicked() {
                actions.seat_actions.write(SeatAction::Rematch);
            }
        } else {
            let rematch = ui
                .add(egui::Button::new("Rematch").min_size(BUTTON))
                .on_hover_text("The same game again, the players changing colours");
            if controls.note("rematch", rematch).clicked() {
                rematch_of(session, actions);
                dialog.open = false;
            }
        }
        let new = ui.add(egui::Button::new("New game").min_size(BUTTON));
        if controls.note("game-over-new", new).clicked() {
            actions.next.set(Screen::Menu);
            dialog.open = false;
        }
    });
    ui.horizontal(|ui| {
        let save = ui
            .add(egui::Button::new("Save").min_size(BUTTON))
            .on_hover_text("Into your saved games");
        if controls.note("game-over-save", save).clicked() {
            actions.saves.write(SaveRequested);
        }
        let export = ui
            .add(egui::Button::new("Export text").min_size(BUTTON))
            .on_hover_text("The game record as plain text");
        if controls.note("game-over-export", export).clicked() {
            actions.exports.write(ExportRequested);
        }
    });
}

/// The same game from the same start, each player at the next seat (with
/// two, the colours swap).
fn rematch_of(session: &dyn Session, actions: &mut EndActions) {
    let sides = usize::from(session.side_count());
    let seats = &mut actions.players.0;
    seats.resize(sides, None);
    seats.rotate_right(1);
    let start = session.start_text();
    match new_session(session.variant(), session.draw_rules(), Some(&start)) {
        Ok(session) => {
            actions.requests.write(NewGameRequested { session });
        }
        Err(e) => warn!("no rematch: {e}"),
    }
}

/// "Leave this game?" before a game in progress is left for the menu.
pub(super) fn leave_dialog(
    mut contexts: EguiContexts,
    mut asked: ResMut<LeaveAsked>,
    mut controls: ResMut<ControlMap>,
    mut next: ResMut<NextState<Screen>>,
    server: Option<Res<ServerGame>>,
) -> Result {
    if !asked.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Leave this game?")
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [-120.0, -40.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(match server {
                // The server plays on without this window; the seat's
                // token is kept in the game's save.
                Some(_) => "The game goes on without you and your clock keeps running. It is in your saved games: open it to take your seat again.",
                None => "It is kept, and can be continued from the menu.",
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let leave = ui.add(egui::Button::new("Leave").min_size(BUTTON));
                if controls.note("leave-yes", leave).clicked() {
                    asked.open = false;
                    next.set(Screen::Menu);
                }
                let stay = ui.add(egui::Button::new("Keep playing").min_size(BUTTON));
                if controls.note("leave-no", stay).clicked() {
                    asked.open = false;
                }
            });
        });
    Ok(())
}
