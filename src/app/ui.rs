//! The egui interface: the new-game dialog, the game panel (status, move
//! list, undo and redo, save and load, rules), the choice between moves that
//! share a route, and the coordinates along the board edges.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::board::CellIndex;
use super::camera::{MainCamera, OrbitCamera};
use super::computer::{Hint, HintRequested, Players, Thinking};
use super::game::{
    AnimationSpeed, HistoryRequested, HistoryStep, Match, MoveRequested, NewGameRequested,
};
use super::selection::{HumanSides, PendingChoice};
use crate::engine::Level;
use crate::record;
use crate::rules::Side;
use crate::rules::history::DrawRules;
use crate::rules::variant::{PawnKind, Variant, VariantId};

/// The new-game dialog's choices and the file field, kept between frames.
#[derive(Resource)]
struct Form {
    variant: VariantId,
    pawn: Option<PawnKind>,
    draw_rules: DrawRules,
    path: String,
    message: Option<String>,
    show_gilman: bool,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            variant: VariantId::Flaxman,
            pawn: None,
            draw_rules: DrawRules::default(),
            path: "variantarium-game.json".into(),
            message: None,
            show_gilman: false,
        }
    }
}

/// Where the named controls of this frame are on screen (logical pixels):
/// scripts and the player's-path test click them by name.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ControlMap(pub std::collections::BTreeMap<String, [f32; 2]>);

impl ControlMap {
    fn note(&mut self, name: impl Into<String>, response: egui::Response) -> egui::Response {
        let c = response.rect.center();
        self.0.insert(name.into(), [c.x, c.y]);
        response
    }
}

fn forget_controls(mut controls: ResMut<ControlMap>) {
    controls.0.clear();
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Form>()
        .init_resource::<ControlMap>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                forget_controls,
                main_menu.run_if(in_state(Screen::Menu)),
                (
                    // A screenshot shows the scene, not the controls.
                    (game_panel, move_choice)
                        .run_if(not(resource_exists::<super::ScreenshotRequest>)),
                    edge_coordinates,
                )
                    .run_if(in_state(Screen::Playing)),
            )
                .chain(),
        );
}

fn main_menu(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut players: ResMut<Players>,
    mut form: ResMut<Form>,
    mut requests: MessageWriter<NewGameRequested>,
    (offer, mut resume): (
        Option<Res<super::Resumable>>,
        MessageWriter<super::ResumeRequested>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if players.0.len() < 3 {
        // A launch from the command line names two seats; Red is the third.
        players.0.resize(3, None);
    }
    egui::Window::new("Variantarium")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
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
            ui.heading("New game");
            let implemented: Vec<VariantId> =
                Variant::implemented().into_iter().map(|v| v.id).collect();
            ui.label("Game");
            for id in implemented {
                let chosen = form.variant == id;
                let response = ui.selectable_label(chosen, id.title());
                if controls
                    .note(format!("game:{}", id.id()), response)
                    .clicked()
                {
                    form.variant = id;
                }
            }
            if form.variant.is_hex() {
                ui.label("Pawn-like piece");
                ui.horizontal_wrapped(|ui| {
                    let own = ui.selectable_label(form.pawn.is_none(), "the layout's own");
                    if controls.note("pawn:default", own).clicked() {
                        form.pawn = None;
                    }
                    for kind in PawnKind::ALL {
                        let response = ui.selectable_label(form.pawn == Some(kind), kind.id());
                        if controls
                            .note(format!("pawn:{}", kind.id()), response)
                            .clicked()
                        {
                            form.pawn = Some(kind);
                        }
                    }
                });
            }
            ui.checkbox(
                &mut form.draw_rules.repetition,
                "Draw by threefold repetition",
            );
            ui.checkbox(&mut form.draw_rules.fifty_moves, "Draw by the 50-move rule");
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
            if controls.note("start", ui.button("Start")).clicked() {
                let pawn = if form.variant.is_hex() {
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
                    Err(e) => form.message = Some(e),
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("File");
                controls.note("menu-path", ui.text_edit_singleline(&mut form.path));
                if controls.note("menu-load", ui.button("Load")).clicked() {
                    load_into(&mut form, &mut requests);
                }
            });
            if let Some(message) = &form.message {
                ui.colored_label(egui::Color32::LIGHT_RED, message);
            }
        });
    Ok(())
}

fn load_into(form: &mut Form, requests: &mut MessageWriter<NewGameRequested>) {
    match record::open(&PathBuf::from(form.path.trim())) {
        Ok(loaded) => {
            // A record whose moves stopped replaying says which move failed.
            form.message = Some(
                loaded
                    .stopped
                    .unwrap_or_else(|| format!("Loaded {}", form.path.trim())),
            );
            requests.write(NewGameRequested {
                session: loaded.session,
            });
        }
        Err(e) => form.message = Some(e),
    }
}

fn game_panel(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    thinking: Option<Res<Thinking>>,
    hint: Res<Hint>,
    mut hints: MessageWriter<HintRequested>,
    game: Res<Match>,
    mut form: ResMut<Form>,
    mut speed: ResMut<AnimationSpeed>,
    mut orbit: ResMut<OrbitCamera>,
    mut history: MessageWriter<HistoryRequested>,
    mut requests: MessageWriter<NewGameRequested>,
    mut next: ResMut<NextState<Screen>>,
    mut moves: MessageWriter<MoveRequested>,
    humans: Res<HumanSides>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let session = game.session.as_ref();
    egui::Window::new("Game")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .default_width(super::camera::PANEL_WIDTH - 30.0)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(session.variant().id.title());
            let status = match session.outcome() {
                Some(outcome) => format!("Game over: {outcome}"),
                None if session.in_check() => {
                    format!("{} to move, in check", session.side_to_move().name())
                }
                None => format!("{} to move", session.side_to_move().name()),
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
            let human = humans.0.get(session.side_to_move().index()).copied();
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
            if let Some(thinking) = &thinking {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!(
                        "The computer ({}) is thinking…",
                        thinking.level.name()
                    ));
                });
            } else if session.outcome().is_none() {
                ui.horizontal(|ui| {
                    let ask = ui.add_enabled(!hint.pending(), egui::Button::new("Hint"));
                    if controls.note("hint", ask).clicked() {
                        hints.write(HintRequested);
                    }
                    if hint.pending() {
                        ui.spinner();
                    } else if let Some(answer) = &hint.answer {
                        ui.label(format!("Try {answer}"));
                    }
                });
            }
            if let Some(notice) = &game.notice {
                ui.colored_label(egui::Color32::LIGHT_RED, notice);
            }
            ui.horizontal(|ui| {
                if controls.note("undo", ui.button("Undo")).clicked() {
                    history.write(HistoryRequested(HistoryStep::Undo));
                }
                let redo = ui.add_enabled(session.can_redo(), egui::Button::new("Redo"));
                if controls.note("redo", redo).clicked() {
                    history.write(HistoryRequested(HistoryStep::Redo));
                }
                if controls.note("flip", ui.button("Flip")).clicked() {
                    orbit.flip();
                }
                ui.toggle_value(&mut orbit.top_down, "Top view");
                let follow = ui.toggle_value(&mut orbit.follow, "Follow the player");
                controls.note("follow", follow);
            });
            ui.add(egui::Slider::new(&mut speed.0, 0.0..=1.5).text("s per move (0 = instant)"));
            if session.variant().id.is_hex() {
                ui.checkbox(&mut form.show_gilman, "Show Gilman's cell numbers");
            }
            ui.separator();
            ui.label("Moves (click one to see that position)");
            let played = session.moves();
            let undone = session.redo_moves();
            egui::ScrollArea::vertical()
                .max_height(260.0)
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
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("File");
                controls.note("path", ui.text_edit_singleline(&mut form.path));
            });
            ui.horizontal(|ui| {
                if controls.note("save", ui.button("Save")).clicked() {
                    let path = PathBuf::from(form.path.trim());
                    form.message = Some(match record::save(session, &path) {
                        Ok(()) => format!("Saved {}", path.display()),
                        Err(e) => e,
                    });
                }
                if controls.note("load", ui.button("Load")).clicked() {
                    load_into(&mut form, &mut requests);
                }
                if controls.note("export", ui.button("Export text")).clicked() {
                    let path = PathBuf::from(form.path.trim()).with_extension("txt");
                    form.message = Some(match record::save(session, &path) {
                        Ok(()) => format!("Exported {}", path.display()),
                        Err(e) => e,
                    });
                }
            });
            if let Some(message) = &form.message {
                ui.label(message);
            }
            ui.separator();
            egui::CollapsingHeader::new("Rules").show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .show(ui, |ui| {
                        ui.label(super::rules_text::for_variant(session.variant().id));
                    });
            });
            if controls.note("new-game", ui.button("New game…")).clicked() {
                next.set(Screen::Menu);
            }
        });
    Ok(())
}

fn move_choice(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
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
            ui.horizontal_wrapped(|ui| {
                for text in &pending.moves {
                    if controls
                        .note(format!("choice:{text}"), ui.button(text))
                        .clicked()
                    {
                        chosen = Some(text.clone());
                    }
                }
                cancel = controls.note("cancel", ui.button("Cancel")).clicked();
            });
        });
    if let Some(text) = chosen {
        requests.write(MoveRequested { text });
        pending.moves.clear();
    } else if cancel {
        pending.moves.clear();
    }
    Ok(())
}

/// File letters along the near edge, rank numbers along the left edge, the
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
    for (label, world, on_cell) in edge_labels(&game, &index) {
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

/// Where each coordinate label goes: below the nearest cell of each file,
/// left of the leftmost cell of each rank; board 1 (the Loom) names its cells.
/// Each label comes with its place and whether it is written on a cell.
fn edge_labels(game: &Match, index: &CellIndex) -> Vec<(String, Vec3, bool)> {
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
        if at.z > near.z {
            *near = at;
        }
        let left = ranks.entry(rank.to_string()).or_insert(at);
        if at.x < left.x {
            *left = at;
        }
    }
    labels.extend(
        files
            .into_iter()
            .map(|(f, at)| (f, at + Vec3::new(0.0, 0.0, 0.8), false)),
    );
    let board: Vec<Vec3> = (0..game.layout.cells.len())
        .filter(|&i| game.layout.cells[i].board == 0)
        .map(|i| index.place(i as u16))
        .collect();
    labels.extend(
        ranks
            .into_iter()
            .map(|(r, at)| (r, off_the_board(at, &board), false)),
    );
    labels
}

/// A place for the label of the rank whose leftmost cell is at `at`: to its
/// left, and on from there away from the board's centre while it would sit
/// on another cell (a hex board's upper ranks start on a slanting edge, where
/// the place to the left still lies on the board).
fn off_the_board(at: Vec3, board: &[Vec3]) -> Vec3 {
    let centre = board.iter().sum::<Vec3>() / board.len().max(1) as f32;
    let outward = (at - centre).with_y(0.0).normalize_or_zero();
    let on_a_cell = |p: Vec3| board.iter().any(|&c| c != at && c.distance(p) < 1.0);
    let mut label = at + Vec3::new(-0.8, 0.0, 0.0);
    for _ in 0..8 {
        if !on_a_cell(label) {
            break;
        }
        label += outward * 0.25;
    }
    label
}
