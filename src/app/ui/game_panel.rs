//! The game panel beside the board: the game's status, the computer and
//! the hint, undo and redo, the view, the move list, save and load, and the
//! rules.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::captured::captured_men;
use super::clock_panel::clock_display;
use super::file_controls::{FileActions, file_controls};
use super::online_panel::online_lines;
use super::theme::{EXPLAIN, file_note_colour, status_box};
use crate::app::form::Form;
use crate::app::layout::{ControlMap, PanelRect};
use crate::app::layout::{PANEL_GAP, panel_content_width};
use crate::app::look::camera::OrbitCamera;
use crate::app::play::clock::GameClock;
use crate::app::play::computer::{HintRequested, Players, SuggestedMove, Thinking};
use crate::app::play::game::HumanSides;
use crate::app::play::game::{
    ComputerResumed, HistoryRequested, HistoryStep, Match, MoveRequested, can_undo,
};
use crate::app::play::remote::{SeatAction, ServerGame, result_in_words};
use crate::app::play::settings::{Settings, SettingsWindow};
use crate::rules::Side;
use crate::rules::glossary;
use crate::rules::registry;
use crate::rules::session::Session;
use crate::rules::variant::Variant;

/// What the panel offers the side to move: the forced pass, the computer's
/// thinking or its waiting, and the hint.
#[derive(SystemParam)]
pub(super) struct TurnControls<'w> {
    thinking: Option<Res<'w, Thinking>>,
    hint: Res<'w, SuggestedMove>,
    humans: Res<'w, HumanSides>,
    players: Res<'w, Players>,
    hints: MessageWriter<'w, HintRequested>,
    resume: MessageWriter<'w, ComputerResumed>,
    moves: MessageWriter<'w, MoveRequested>,
    /// An online game, and what the person asks of its server.
    server: Option<Res<'w, ServerGame>>,
    seat_actions: MessageWriter<'w, SeatAction>,
}

/// Moving through the game and looking at it: undo and redo, the camera,
/// the clocks and the settings window.
#[derive(SystemParam)]
pub(super) struct ViewControls<'w> {
    history: MessageWriter<'w, HistoryRequested>,
    orbit: ResMut<'w, OrbitCamera>,
    clock: Res<'w, GameClock>,
    settings: Res<'w, Settings>,
    settings_window: ResMut<'w, SettingsWindow>,
}

/// The game's rules in the panel's own scroll (not in a box of their
/// own), and the lessons' "Show me" links.
fn rules_section(
    ui: &mut egui::Ui,
    session: &dyn crate::rules::session::Session,
    show_me: &mut crate::app::learn::show_me::ShowMe<'_>,
) {
    egui::CollapsingHeader::new("Rules").show(ui, |ui| {
        ui.label(registry::describe(session.variant().id).rules);
    });
    show_me.show(ui, session);
}

pub(super) fn game_panel(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut panel: ResMut<PanelRect>,
    game: Res<Match>,
    mut form: ResMut<Form>,
    mut turn: TurnControls,
    mut view: ViewControls,
    mut files: FileActions,
    mut recording: ResMut<super::record_dialog::RecordDialog>,
    mut show_me: crate::app::learn::show_me::ShowMe,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let session = game.session.as_ref();
    // The cell numbers follow the settings window.
    if form.show_gilman != view.settings.cell_numbers {
        form.show_gilman = view.settings.cell_numbers;
    }
    let screen = ctx.content_rect();
    let width = panel_content_width(screen.width());
    let shown = egui::Window::new("Game")
        .anchor(egui::Align2::RIGHT_TOP, [-PANEL_GAP, PANEL_GAP])
        .default_width(width)
        .resizable(false)
        .show(ctx, |ui| {
            // The whole panel scrolls when the window is short, with its
            // scroll bar in sight; nothing in it is ever pushed out of reach.
            // Its height is set here, not by the window: a window keeps the
            // size of its first frame, which may come before the screen's.
            let height = (screen.height() - 70.0).max(120.0);
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    // The panel keeps to its width (the camera leaves it that
                    // much room); a long title wraps, rows of buttons wrap.
                    ui.set_width(width);
                    let server_end = turn.server.as_deref().and_then(|s| s.ended.as_deref());
                    status(ui, session, server_end, &mut controls, &mut files);
                    let online = turn.server.is_some();
                    if let Some(server) = turn.server.as_deref() {
                        online_lines(ui, server, session, &mut controls, &mut turn.seat_actions);
                    } else {
                        who_plays(ui, session, &turn.players);
                    }
                    clock_display(ui, &view.clock, session);
                    turn_controls(ui, &game, &mut turn, &mut controls);
                    // The server keeps an online game's moves: no undo.
                    view_controls(ui, session, &mut view, &mut controls, online);
                    messages(ui, &game, &files);
                    ui.separator();
                    captured_men(ui, session);
                    ui.separator();
                    ui.label(match online {
                        true => "Moves",
                        false => "Moves (click one to see that position; the arrow keys step)",
                    });
                    move_list(ui, session, &mut controls, &mut view.history);
                    ui.separator();
                    file_controls(ui, &mut files, &mut controls);
                    if controls
                        .note("record", ui.button("Record video…"))
                        .clicked()
                    {
                        recording.open = true;
                    }
                    ui.separator();
                    rules_section(ui, session, &mut show_me);
                });
        });
    let rect = shown.map(|inner| inner.response.rect);
    if panel.0 != rect {
        panel.0 = rect;
    }
    Ok(())
}

/// The game's title, the way back to the menu, and where the game stands
/// (after the end, a way back to the game-over dialog).
fn status(
    ui: &mut egui::Ui,
    session: &dyn Session,
    server_end: Option<&str>,
    controls: &mut ControlMap,
    files: &mut FileActions,
) {
    ui.horizontal(|ui| {
        let menu = ui
            .button("◀ Menu")
            .on_hover_text("Back to the title screen; this game is kept (Esc)");
        if controls.note("menu", menu).clicked() {
            files.leave();
        }
        ui.add(
            egui::Label::new(egui::RichText::new(session.variant().id.title()).heading()).wrap(),
        );
    });
    promotion_line(ui, session.variant());
    let to_move = session.side_to_move();
    // An online game may end by the server's word (a resignation).
    let result = super::game_over::result_line(session).or(server_end.map(result_in_words));
    match result {
        Some(result) => {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("Game over: {result}"));
                if controls
                    .note("game-over", ui.small_button("Result…"))
                    .clicked()
                {
                    files.show_result();
                }
            });
        }
        None if session.in_check() => {
            ui.strong(format!("{} to move, in check", to_move.name()));
        }
        None => {
            ui.strong(format!("{} to move", to_move.name()));
        }
    }
}

/// "Promotion: Straight" in the games whose promotion is a choice, its rule
/// told when the pointer rests on it.
fn promotion_line(ui: &mut egui::Ui, variant: Variant) {
    if !variant.id.takes_promotion() {
        return;
    }
    let (name, about) = glossary::promotion_info(variant.promotion.unwrap_or_default());
    ui.label(egui::RichText::new(format!("Promotion: {name}")).small())
        .on_hover_text(about);
}

/// Who plays each side, in turn order: "White: Human · Black: Novice".
fn who_plays(ui: &mut egui::Ui, session: &dyn Session, players: &Players) {
    let seats: Vec<String> = Side::in_turn_order(session.side_count())
        .into_iter()
        .map(|side| {
            let who = players
                .0
                .get(side.index())
                .copied()
                .flatten()
                .map_or("Human", |level| level.name());
            format!("{}: {who}", side.name())
        })
        .collect();
    ui.label(egui::RichText::new(seats.join("  ·  ")).small());
}

/// The status box: who is out of a three-player game, the game's latest
/// notice and what the last file action said, in a place of their own.
fn messages(ui: &mut egui::Ui, game: &Match, files: &FileActions) {
    let session = game.session.as_ref();
    let out: Vec<&str> = Side::in_turn_order(session.side_count())
        .into_iter()
        .filter(|&side| session.side_count() > 2 && !session.in_game(side))
        .map(Side::name)
        .collect();
    let out = (!out.is_empty()).then(|| format!("Out of the game: {}", out.join(", ")));
    let mut lines: Vec<(&str, egui::Color32)> = Vec::new();
    if let Some(out) = &out {
        lines.push((out, egui::Color32::LIGHT_GRAY));
    }
    if game.computer_waits {
        lines.push(("The computer waits while you look back.", EXPLAIN));
    }
    if let Some(notice) = &game.notice {
        lines.push((notice, EXPLAIN));
    }
    if let Some(note) = files.note() {
        lines.push((&note.text, file_note_colour(note)));
    }
    status_box(ui, &lines);
}

/// Whose thinking a hint is.
const HINT_ABOUT: &str = "A move the computer suggests, thinking as Expert (level 4) does; \
     while Analyse runs, the analysis' best move";

/// The forced pass, the computer at work or waiting, or the hint: one row
/// of the same height whichever it is.
fn turn_controls(
    ui: &mut egui::Ui,
    game: &Match,
    turn: &mut TurnControls,
    controls: &mut ControlMap,
) {
    let session = game.session.as_ref();
    let to_move = session.side_to_move();
    let ongoing = session.outcome().is_none();
    // The forced pass is the only legal move, offered as a button.
    let legal = session.legal_moves();
    let human = turn.humans.0.get(to_move.index()).copied().unwrap_or(true);
    let row = ui.spacing().interact_size.y + 4.0;
    ui.horizontal(|ui| {
        ui.set_min_height(row);
        turn_row(ui, game, turn, controls, &legal, human && ongoing);
    });
}

fn turn_row(
    ui: &mut egui::Ui,
    game: &Match,
    turn: &mut TurnControls,
    controls: &mut ControlMap,
    legal: &[crate::rules::session::MoveInfo],
    your_turn: bool,
) {
    let ongoing = game.session.outcome().is_none();
    if let [only] = legal
        && only.text == "pass"
        && your_turn
    {
        ui.label("No legal move:");
        if controls.note("pass", ui.button("Pass")).clicked() {
            turn.moves.write(MoveRequested {
                text: only.text.clone(),
            });
        }
    } else if let Some(thinking) = &turn.thinking {
        ui.spinner();
        ui.label(format!(
            "The computer ({}) is thinking…",
            thinking.level.name()
        ));
    } else if ongoing && !your_turn {
        if game.computer_waits {
            let go = ui.button("Computer, move");
            if controls.note("computer-move", go).clicked() {
                turn.resume.write(ComputerResumed);
            }
        }
    } else if let Some(server) = turn.server.as_deref() {
        // Online: whose move the game waits for (no hint: the engine would
        // be playing for the person).
        if ongoing && server.ended.is_none() && server.sent.is_none() {
            ui.label(match your_turn {
                true => "Your move",
                false => "The opponent's move…",
            });
        }
    } else if ongoing {
        let pending = turn.hint.pending();
        let ask = ui
            .add_enabled(!pending, egui::Button::new("Hint"))
            .on_hover_text(HINT_ABOUT);
        if controls.note("hint", ask).clicked() {
            turn.hints.write(HintRequested);
        }
        if pending {
            ui.spinner();
        } else if let Some(answer) = &turn.hint.answer {
            ui.label(match turn.hint.from_analysis {
                true => format!("Try {answer}, the analysis' best move (the arrow)"),
                false => format!("Try {answer}, as Expert (level 4) would (the arrow)"),
            });
        }
    }
}

/// Undo and redo, the camera's choices and the settings.
fn view_controls(
    ui: &mut egui::Ui,
    session: &dyn Session,
    view: &mut ViewControls,
    controls: &mut ControlMap,
    online: bool,
) {
    ui.horizontal_wrapped(|ui| {
        if !online {
            let undo = ui
                .add_enabled(can_undo(session), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z");
            if controls.note("undo", undo).clicked() {
                view.history.write(HistoryRequested(HistoryStep::Undo));
            }
            let redo = ui
                .add_enabled(session.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y");
            if controls.note("redo", redo).clicked() {
                view.history.write(HistoryRequested(HistoryStep::Redo));
            }
        }
        let turn = ui
            .button("Turn board")
            .on_hover_text("See the board from the other side (key F)");
        if controls.note("turn-board", turn).clicked() {
            view.orbit.flip();
        }
        ui.toggle_value(&mut view.orbit.top_down, "Top view")
            .on_hover_text("Key T");
        let follow = ui.toggle_value(&mut view.orbit.follow, "Follow the player");
        controls.note("follow", follow);
        let settings = ui
            .button("Settings…")
            .on_hover_text("Board, pieces, sound, animation, quality, camera");
        if controls.note("settings", settings).clicked() {
            view.settings_window.open = true;
        }
    });
}

fn move_list(
    ui: &mut egui::Ui,
    session: &dyn Session,
    controls: &mut ControlMap,
    history: &mut MessageWriter<HistoryRequested>,
) {
    let played = session.moves();
    let undone = session.redo_moves();
    // The ply the list last scrolled to, kept in egui's memory.
    let memory = egui::Id::new("moves-shown");
    let mut last_shown: Option<usize> = ui.data(|d| d.get_temp(memory));
    let shown = &mut last_shown;
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(200.0)
        .show(ui, |ui| {
            // One row per round: two moves, or three with three players.
            let round = usize::from(session.side_count().max(1));
            egui::Grid::new("moves")
                .num_columns(round + 1)
                .show(ui, |ui| {
                    let all: Vec<(usize, &String, bool)> = played
                        .iter()
                        .map(|m| (m, true))
                        .chain(undone.iter().map(|m| (m, false)))
                        .enumerate()
                        .map(|(i, (m, live))| (i, m, live))
                        .collect();
                    for pair in all.chunks(round) {
                        ui.label(format!("{}.", pair[0].0 / round + 1));
                        for &(i, text, live) in pair {
                            let label = if live {
                                egui::RichText::new(text)
                            } else {
                                egui::RichText::new(text).weak()
                            };
                            let current = i + 1 == played.len();
                            let label = if current { label.strong() } else { label };
                            let response = ui.selectable_label(current, label);
                            // The move shown stays in sight as the list grows
                            // or the history is stepped through.
                            if current && *shown != Some(played.len()) {
                                response.scroll_to_me(Some(egui::Align::Center));
                                *shown = Some(played.len());
                            }
                            if controls.note(format!("ply:{}", i + 1), response).clicked() {
                                history.write(HistoryRequested(HistoryStep::GoTo(i + 1)));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    ui.data_mut(|d| d.insert_temp(memory, last_shown));
    let at_start = played.is_empty();
    if controls
        .note(
            "start-position",
            ui.add(
                egui::Button::new("Start position")
                    .small()
                    .selected(at_start),
            ),
        )
        .clicked()
    {
        history.write(HistoryRequested(HistoryStep::GoTo(0)));
    }
}
