//! The egui interface: the new-game dialog, the game panel (status, move
//! list, undo and redo, save and load, rules), the choice between moves that
//! share a route, the name of the man under the pointer, and the
//! coordinates along the board edges.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::board::CellIndex;
use super::camera::{MainCamera, OrbitCamera};
use super::computer::{Hint, HintRequested, Players, Thinking};
use super::files::{FileNote, export_game, load_game, save_game};
use super::game::{
    AnimationSpeed, ComputerResumed, HistoryRequested, HistoryStep, Match, MoveRequested,
    NewGameRequested, can_undo,
};
use super::hints::HoveredCell;
use super::selection::{HumanSides, PendingChoice, Selection};
use crate::engine::Level;
use crate::rules::Side;
use crate::rules::glossary;
use crate::rules::history::DrawRules;
use crate::rules::registry::{self, GAMES};
use crate::rules::variant::{PawnKind, Variant, VariantId};

/// The new-game dialog's choices and the file field, kept between frames.
#[derive(Resource)]
struct Form {
    variant: VariantId,
    pawn: Option<PawnKind>,
    draw_rules: DrawRules,
    path: String,
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
            path: "variantarium-game.json".into(),
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
        .init_resource::<ControlMap>()
        .init_resource::<PanelRect>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                patient_clicks,
                forget_controls,
                main_menu.run_if(in_state(Screen::Menu)),
                (
                    // A screenshot shows the scene, not the controls.
                    (game_panel, move_choice, name_under_pointer)
                        .run_if(not(resource_exists::<super::ScreenshotRequest>)),
                    edge_coordinates,
                )
                    .run_if(in_state(Screen::Playing)),
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

/// The main menu lists the games in this many columns.
const GAME_COLUMNS: usize = 2;

fn show_file_note(ui: &mut egui::Ui, note: &FileNote) {
    let colour = if note.error {
        egui::Color32::LIGHT_RED
    } else {
        DONE
    };
    ui.add(egui::Label::new(egui::RichText::new(&note.text).color(colour)).wrap());
}

fn main_menu(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut players: ResMut<Players>,
    mut form: ResMut<Form>,
    game: Option<Res<Match>>,
    mut requests: MessageWriter<NewGameRequested>,
    mut next: ResMut<NextState<Screen>>,
    (offer, mut resume): (
        Option<Res<super::Resumable>>,
        MessageWriter<super::ResumeRequested>,
    ),
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
                    resume.write(super::ResumeRequested);
                }
                ui.separator();
            }
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
            let implemented: Vec<VariantId> =
                Variant::implemented().into_iter().map(|v| v.id).collect();
            ui.label("Game");
            // Two columns, read down then across, so that the whole dialog
            // fits an 800x600 window.
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
            // Always there, greyed out for games without pawn-like pieces, so
            // that the dialog keeps its shape whatever game is chosen.
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
            ui.checkbox(
                &mut form.draw_rules.repetition,
                "Draw by threefold repetition",
            );
            ui.checkbox(&mut form.draw_rules.fifty_moves, "Draw by the 50-move rule");
            // One seat per player of the game chosen (perhaps by a click
            // earlier in this very frame): Red is the third.
            let seat_count = if form.variant.is_three_player() { 3 } else { 2 };
            if players.0.len() != seat_count {
                players.0.resize(seat_count, None);
            }
            // The seats in turn order: three-player games start with Red (side 2).
            let seats: &[(usize, &str)] = if form.variant.is_three_player() {
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
            ui.horizontal(|ui| {
                if controls.note("start", ui.button("Start")).clicked() {
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

fn load_into(form: &mut Form, requests: &mut MessageWriter<NewGameRequested>) {
    let (note, session) = load_game(&form.path);
    form.message = Some(note);
    if let Some(session) = session {
        requests.write(NewGameRequested { session });
    }
}

fn game_panel(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut panel: ResMut<PanelRect>,
    thinking: Option<Res<Thinking>>,
    hint: Res<Hint>,
    humans: Res<HumanSides>,
    mut hints: MessageWriter<HintRequested>,
    mut resume: MessageWriter<ComputerResumed>,
    game: Res<Match>,
    mut form: ResMut<Form>,
    mut speed: ResMut<AnimationSpeed>,
    mut orbit: ResMut<OrbitCamera>,
    mut history: MessageWriter<HistoryRequested>,
    mut requests: MessageWriter<NewGameRequested>,
    mut next: ResMut<NextState<Screen>>,
    mut moves: MessageWriter<MoveRequested>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let session = game.session.as_ref();
    let screen_height = ctx.content_rect().height();
    let shown = egui::Window::new("Game")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .default_width(super::camera::PANEL_WIDTH - 30.0)
        .resizable(false)
        .show(ctx, |ui| {
            // The whole panel scrolls when the window is short; nothing in
            // it is ever pushed out of reach.
            // Its height is set here, not by the window: a window keeps the
            // size of its first frame, which may come before the screen's.
            let height = (screen_height - 70.0).max(120.0);
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    // The panel keeps to its width (the camera leaves it that
                    // much room); a long title wraps.
                    ui.set_max_width(super::camera::PANEL_WIDTH - 30.0);
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(session.variant().id.title()).heading(),
                        )
                        .wrap(),
                    );
                    if controls.note("new-game", ui.button("New game…")).clicked() {
                        next.set(Screen::Menu);
                    }
                    let to_move = session.side_to_move();
                    let status = match session.outcome() {
                        Some(outcome) => format!("Game over: {outcome}"),
                        None if session.in_check() => {
                            format!("{} to move, in check", to_move.name())
                        }
                        None => format!("{} to move", to_move.name()),
                    };
                    ui.strong(status);
                    if session.side_count() > 2 {
                        let out: Vec<&str> = [Side(2), Side::WHITE, Side::BLACK]
                            .into_iter()
                            .filter(|&side| !session.in_game(side))
                            .map(Side::name)
                            .collect();
                        if !out.is_empty() {
                            ui.label(format!("Out of the game: {}", out.join(", ")));
                        }
                    }
                    // The forced pass: the only legal move, offered as a button.
                    let legal = session.legal_moves();
                    let human = humans.0.get(to_move.index()).copied();
                    if let [only] = &legal[..]
                        && only.text == "pass"
                        && human.unwrap_or(true)
                        && session.outcome().is_none()
                    {
                        ui.label("No legal move: you must pass.");
                        if controls.note("pass", ui.button("Pass")).clicked() {
                            moves.write(MoveRequested {
                                text: only.text.clone(),
                            });
                        }
                    }
                    let computer_to_move = !humans.0.get(to_move.index()).copied().unwrap_or(true);
                    if let Some(thinking) = &thinking {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(format!(
                                "The computer ({}) is thinking…",
                                thinking.level.name()
                            ));
                        });
                    } else if session.outcome().is_none() && computer_to_move {
                        if game.computer_waits {
                            ui.label("The computer waits while you look back.");
                            let go = ui.button("Computer, move");
                            if controls.note("computer-move", go).clicked() {
                                resume.write(ComputerResumed);
                            }
                        }
                    } else if session.outcome().is_none() {
                        ui.horizontal(|ui| {
                            let ask = ui.add_enabled(!hint.pending(), egui::Button::new("Hint"));
                            if controls.note("hint", ask).clicked() {
                                hints.write(HintRequested);
                            }
                            if hint.pending() {
                                ui.spinner();
                            } else if let Some(answer) = &hint.answer {
                                ui.label(format!("Try {answer} (the arrow)"));
                            }
                        });
                    }
                    if let Some(notice) = &game.notice {
                        ui.add(egui::Label::new(egui::RichText::new(notice).color(EXPLAIN)).wrap());
                    }
                    ui.horizontal(|ui| {
                        let undo = ui.add_enabled(can_undo(session), egui::Button::new("Undo"));
                        if controls.note("undo", undo).clicked() {
                            history.write(HistoryRequested(HistoryStep::Undo));
                        }
                        let redo = ui.add_enabled(session.can_redo(), egui::Button::new("Redo"));
                        if controls.note("redo", redo).clicked() {
                            history.write(HistoryRequested(HistoryStep::Redo));
                        }
                        let turn = ui
                            .button("Turn board")
                            .on_hover_text("See the board from the other side (key F)");
                        if controls.note("turn-board", turn).clicked() {
                            orbit.flip();
                        }
                        ui.toggle_value(&mut orbit.top_down, "Top view");
                        let follow = ui.toggle_value(&mut orbit.follow, "Follow the player");
                        controls.note("follow", follow);
                    });
                    ui.add(
                        egui::Slider::new(&mut speed.0, 0.0..=1.5).text("s per move (0 = instant)"),
                    );
                    if session.variant().id.takes_pawn_kind() {
                        ui.checkbox(&mut form.show_gilman, "Show Gilman's cell numbers");
                    }
                    ui.separator();
                    ui.label("Moves (click one to see that position)");
                    move_list(ui, session, &mut controls, &mut history);
                    ui.separator();
                    ui.horizontal(|ui| {
                        ui.label("File");
                        controls.note("path", ui.text_edit_singleline(&mut form.path));
                    });
                    ui.horizontal(|ui| {
                        if controls.note("save", ui.button("Save")).clicked() {
                            form.message = Some(save_game(session, &form.path));
                        }
                        if controls.note("load", ui.button("Load")).clicked() {
                            load_into(&mut form, &mut requests);
                        }
                        if controls.note("export", ui.button("Export text")).clicked() {
                            form.message = Some(export_game(session, &form.path));
                        }
                    });
                    if let Some(message) = &form.message {
                        show_file_note(ui, message);
                    }
                    ui.separator();
                    // The rules in the panel's own scroll, not in a box of
                    // their own.
                    egui::CollapsingHeader::new("Rules").show(ui, |ui| {
                        ui.label(registry::describe(session.variant().id).rules);
                    });
                });
        });
    let rect = shown.map(|inner| inner.response.rect);
    if panel.0 != rect {
        panel.0 = rect;
    }
    Ok(())
}

fn move_list(
    ui: &mut egui::Ui,
    session: &dyn crate::rules::session::Session,
    controls: &mut ControlMap,
    history: &mut MessageWriter<HistoryRequested>,
) {
    let played = session.moves();
    let undone = session.redo_moves();
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
                            if controls
                                .note(
                                    format!("ply:{}", i + 1),
                                    ui.selectable_label(current, label),
                                )
                                .clicked()
                            {
                                history.write(HistoryRequested(HistoryStep::GoTo(i + 1)));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    if controls
        .note("start-position", ui.small_button("Start position"))
        .clicked()
    {
        history.write(HistoryRequested(HistoryStep::GoTo(0)));
    }
}

fn move_choice(
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

/// The man under the pointer: its name and how it moves, in a line beside
/// the pointer (drawn, not a window, so it never takes the pointer's
/// clicks).
fn name_under_pointer(
    mut contexts: EguiContexts,
    game: Res<Match>,
    hovered: Res<HoveredCell>,
    selection: Res<Selection>,
) -> Result {
    // Not while a man is picked up: its targets and their words matter
    // more then, and the line would hide some.
    let Some(cell) = hovered.0.filter(|_| selection.from.is_none()) else {
        return Ok(());
    };
    let Some((placement, info)) = glossary::man_on(game.session.as_ref(), cell) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return Ok(());
    };
    if ctx.is_pointer_over_egui() {
        return Ok(());
    }
    let owner = placement
        .side
        .map_or(String::new(), |s| format!("{}'s ", s.name()));
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        "man-under-pointer".into(),
    ));
    let title = painter.layout_no_wrap(
        format!("{owner}{}", info.name),
        egui::FontId::proportional(15.0),
        egui::Color32::WHITE,
    );
    let line = painter.layout(
        info.summary.to_string(),
        egui::FontId::proportional(13.0),
        egui::Color32::from_rgb(225, 220, 205),
        300.0,
    );
    let size = egui::vec2(
        title.size().x.max(line.size().x),
        title.size().y + line.size().y + 2.0,
    );
    let screen = ctx.content_rect();
    // Below right of the pointer, kept on screen.
    let mut at = pointer + egui::vec2(18.0, 20.0);
    at.x =
        at.x.min(screen.right() - size.x - 8.0)
            .max(screen.left() + 4.0);
    if at.y + size.y > screen.bottom() - 4.0 {
        at.y = pointer.y - size.y - 20.0;
    }
    let rect = egui::Rect::from_min_size(at, size).expand(5.0);
    painter.rect_filled(rect, 4.0, egui::Color32::from_black_alpha(200));
    let title_height = title.size().y;
    painter.galley(at, title, egui::Color32::WHITE);
    painter.galley(
        at + egui::vec2(0.0, title_height + 2.0),
        line,
        egui::Color32::WHITE,
    );
    Ok(())
}

/// File letters along the edge nearest the camera, rank numbers along its
/// left edge (so they stay off the pieces however the board is turned), the
/// Loom's square names, and Gilman's numbers on every hex when asked.
fn edge_coordinates(
    mut contexts: EguiContexts,
    game: Res<Match>,
    form: Res<Form>,
    index: Res<CellIndex>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let Ok((camera, camera_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let light = egui::Color32::from_rgb(235, 225, 200);
    // Names written on the Loom's pale squares need dark ink.
    let ink = egui::Color32::from_rgb(60, 40, 25);
    let font = egui::FontId::proportional(15.0);
    let write = |world: Vec3, text: &str, colour: egui::Color32| {
        if let Ok(at) = camera.world_to_viewport(camera_at, world) {
            let at = egui::pos2(at.x, at.y);
            painter.text(at, egui::Align2::CENTER_CENTER, text, font.clone(), colour);
        }
    };
    let toward = camera_at.translation().with_y(0.0).normalize_or(Vec3::Z);
    let right = camera_at.right().with_y(0.0).normalize_or(Vec3::X);
    for (label, world, on_cell) in edge_labels(&game, &index, toward, right) {
        write(world, &label, if on_cell { ink } else { light });
    }
    if form.show_gilman {
        for (i, cell) in game.layout.cells.iter().enumerate() {
            if let Some(alt) = &cell.alt_name {
                write(index.place(i as u16) + Vec3::Y * 0.02, alt, ink);
            }
        }
    }
    Ok(())
}

/// Where each coordinate label goes: beyond the cell of each file nearest
/// the camera (`toward` points from the boards to it), left of each rank's
/// cell furthest to the camera's left (`right` is the camera's right); board
/// 1 (the Loom) names its cells. Each label comes with its place and whether
/// it is written on a cell.
fn edge_labels(
    game: &Match,
    index: &CellIndex,
    toward: Vec3,
    right: Vec3,
) -> Vec<(String, Vec3, bool)> {
    use std::collections::BTreeMap;
    let mut files: BTreeMap<String, Vec3> = BTreeMap::new();
    let mut ranks: BTreeMap<String, Vec3> = BTreeMap::new();
    let mut labels = Vec::new();
    for (i, cell) in game.layout.cells.iter().enumerate() {
        let at = index.place(i as u16);
        if cell.board != 0 {
            labels.push((cell.name.clone(), at + Vec3::new(0.0, 0.05, 0.0), true));
            continue;
        }
        let split = cell
            .name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(cell.name.len());
        let (file, rank) = cell.name.split_at(split);
        let near = files.entry(file.to_string()).or_insert(at);
        if at.dot(toward) > near.dot(toward) + 1e-3 {
            *near = at;
        }
        let left = ranks.entry(rank.to_string()).or_insert(at);
        if at.dot(right) < left.dot(right) - 1e-3 {
            *left = at;
        }
    }
    let board: Vec<Vec3> = (0..game.layout.cells.len())
        .filter(|&i| game.layout.cells[i].board == 0)
        .map(|i| index.place(i as u16))
        .collect();
    let files: Vec<(String, Vec3)> = files
        .into_iter()
        .map(|(f, at)| (f, off_the_board(at, toward, &board, &[])))
        .collect();
    // A rank may end where a file does (a hex board turned round): its
    // number then moves on, off the file's letter.
    let taken: Vec<Vec3> = files.iter().map(|(_, at)| *at).collect();
    let ranks: Vec<(String, Vec3)> = ranks
        .into_iter()
        .map(|(r, at)| (r, off_the_board(at, -right, &board, &taken)))
        .collect();
    labels.extend(files.into_iter().chain(ranks).map(|(l, at)| (l, at, false)));
    labels
}

/// A place for the label of the edge cell at `at`: 0.8 beyond it in the
/// direction `out`, and on from there away from the board's centre while it
/// would sit on another cell (a hex board's ranks end on a slanting edge,
/// where the place beside the cell still lies on the board) or next to a
/// label already `taken`.
fn off_the_board(at: Vec3, out: Vec3, board: &[Vec3], taken: &[Vec3]) -> Vec3 {
    let centre = board.iter().sum::<Vec3>() / board.len().max(1) as f32;
    let outward = (at - centre).with_y(0.0).normalize_or_zero();
    let crowded = |p: Vec3| {
        board.iter().any(|&c| c != at && c.distance(p) < 1.0)
            || taken.iter().any(|&t| t.distance(p) < 0.5)
    };
    let mut label = at + out * 0.8;
    for _ in 0..8 {
        if board.iter().any(|&c| c != at && c.distance(label) < 1.0) {
            label += outward * 0.25;
        } else if crowded(label) {
            label += out * 0.2;
        } else {
            break;
        }
    }
    label
}
