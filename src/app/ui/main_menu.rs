//! The title screen, over the chosen game's board: continue the last game,
//! the saved games, the lessons, the puzzles and today's puzzle, and the
//! game cards; the chosen game's
//! setup beside them (who plays each side, the pawn-like piece, the draw
//! rules under "More options") and Start.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::choices::promotion_choice;
use super::clock_panel::clock_picker;
use super::game_cards::{CardClick, Thumbnails, game_cards, rules_window};
use super::theme::{EXPLAIN, show_file_note};
use crate::app::form::Form;
use crate::app::layout::ControlMap;
use crate::app::learn::menu::LearnFocus;
use crate::app::learn::player::LessonLibrary;
use crate::app::play::autosave::{Resumable, ResumeRequested};
use crate::app::play::clock::ClockChoice;
use crate::app::play::computer::Players;
use crate::app::play::file_actions::{FileMessage, OpenRequested, SavedGamesWindow};
use crate::app::play::game::NewGameRequested;
use crate::app::puzzles::library::DailyPuzzle;
use crate::app::puzzles::menu::{PuzzleMenu, daily_button, daily_request};
use crate::app::puzzles::run::PuzzleRequested;
use crate::app::screen::Screen;
use crate::engine::Level;
use crate::rules::Side;
use crate::rules::families;
use crate::rules::glossary;
use crate::rules::registry;
use crate::rules::variant::{PawnKind, VariantId};

/// Space kept clear along the window's edges.
const MARGIN: f32 = 16.0;
/// Room kept at the bottom left for the render-quality chooser.
const FOOTER: f32 = 44.0;
const SETUP_WIDTH: f32 = 320.0;
/// The panels' inner margin.
const PANEL_PADDING: f32 = 14.0;
const TITLE_SIZE: f32 = 34.0;
/// Nearly opaque: the scene behind must not show through the text.
const PANEL_FILL: egui::Color32 = egui::Color32::from_rgba_premultiplied(16, 15, 14, 248);
const ACCENT: egui::Color32 = egui::Color32::from_rgb(230, 180, 90);

/// What the title screen changes besides the new-game form.
#[derive(SystemParam)]
pub(super) struct TitleActions<'w> {
    offer: Option<Res<'w, Resumable>>,
    resume: MessageWriter<'w, ResumeRequested>,
    opens: MessageWriter<'w, OpenRequested>,
    saved_games: ResMut<'w, SavedGamesWindow>,
    message: Res<'w, FileMessage>,
    lessons: Option<Res<'w, LessonLibrary>>,
    focus: ResMut<'w, LearnFocus>,
    next: ResMut<'w, NextState<Screen>>,
    puzzles: ResMut<'w, PuzzleMenu>,
    daily: Option<Res<'w, DailyPuzzle>>,
    puzzle_requests: MessageWriter<'w, PuzzleRequested>,
}

/// Start was clicked and the game is on its way: the button says so at
/// once, for the first frames of a game can take seconds on a CPU
/// renderer. Back to false whenever the title screen opens.
#[derive(Resource, Default)]
pub(super) struct Starting(pub bool);

pub(super) fn not_starting_yet(mut starting: ResMut<Starting>) {
    starting.0 = false;
}

/// The game whose rules are shown over the title screen.
#[derive(Resource, Default)]
pub(super) struct RulesShown(pub Option<VariantId>);

pub(super) fn main_menu(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    mut players: ResMut<Players>,
    mut form: ResMut<Form>,
    mut thumbnails: ResMut<Thumbnails>,
    mut rules: ResMut<RulesShown>,
    mut requests: MessageWriter<NewGameRequested>,
    mut actions: TitleActions,
    mut clock: ResMut<ClockChoice>,
    mut starting: ResMut<Starting>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // Both panels with their frames, and margins between and around them.
    let frames = 4.0 * PANEL_PADDING;
    let left = (screen.width() - SETUP_WIDTH - frames - 3.0 * MARGIN).clamp(300.0, 700.0);
    let height = screen.height() - 2.0 * MARGIN - FOOTER - 2.0 * PANEL_PADDING;
    let columns = if left >= 560.0 { 3 } else { 2 };
    let panel = egui::Frame::window(&ctx.global_style())
        .fill(PANEL_FILL)
        .inner_margin(PANEL_PADDING);
    let mut click = None;
    egui::Window::new("title")
        .title_bar(false)
        .frame(panel)
        .anchor(egui::Align2::LEFT_TOP, [MARGIN, MARGIN])
        .fixed_size([left, height])
        .show(ctx, |ui| {
            header(ui, &mut actions, &mut controls);
            ui.add_space(10.0);
            ui.label(egui::RichText::new("Choose a game").size(19.0).strong());
            ui.add_space(4.0);
            let has_lessons = |id: VariantId| {
                actions.lessons.as_ref().is_some_and(|library| {
                    library.0.entries.iter().any(|entry| {
                        entry
                            .playable()
                            .is_some_and(|lesson| lesson.variant == id.id())
                    })
                })
            };
            egui::ScrollArea::vertical()
                .id_salt("cards")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    click = game_cards(
                        ui,
                        form.variant,
                        columns,
                        &has_lessons,
                        &mut thumbnails,
                        &mut controls,
                    );
                });
        });
    answer_card_click(click, &mut form, &mut rules, &mut actions);
    egui::Window::new("setup")
        .title_bar(false)
        .frame(panel)
        .anchor(egui::Align2::RIGHT_TOP, [-MARGIN, MARGIN])
        .fixed_size([SETUP_WIDTH, 0.0])
        .show(ctx, |ui| {
            setup(
                ui,
                &mut form,
                &mut players,
                &mut clock,
                &mut controls,
                &mut requests,
                &mut starting.0,
            );
        });
    rules_window(ctx, &mut rules.0, &mut controls);
    Ok(())
}

/// A card's click: choose its game, show its rules, or open its lessons.
fn answer_card_click(
    click: Option<CardClick>,
    form: &mut Form,
    rules: &mut RulesShown,
    actions: &mut TitleActions,
) {
    match click {
        Some(CardClick::Choose(id)) => form.variant = id,
        Some(CardClick::Rules(id)) => rules.0 = Some(id),
        Some(CardClick::Learn(id)) => {
            actions.focus.0 = Some(id.id().to_string());
            actions.next.set(Screen::Learn);
        }
        None => {}
    }
}

/// The title, Continue, and the ways to saved games and lessons.
fn header(ui: &mut egui::Ui, actions: &mut TitleActions, controls: &mut ControlMap) {
    ui.label(
        egui::RichText::new("Variantarium")
            .size(TITLE_SIZE)
            .strong()
            .color(ACCENT),
    );
    ui.label(
        egui::RichText::new("Unusual chess on a table: choose a game, say who plays, start.")
            .size(14.0)
            .weak(),
    );
    ui.add_space(8.0);
    // Continue on a line of its own: a long game's summary is cut short
    // there (all of it on the pointer) and never pushes the buttons below
    // onto a second line.
    if let Some(offer) = &actions.offer {
        let text = egui::RichText::new(format!("Continue  ·  {}", offer.summary)).strong();
        let button = ui
            .add(
                egui::Button::new(text)
                    .truncate()
                    .min_size(egui::vec2(0.0, 30.0)),
            )
            .on_hover_text(format!("Go on with the game you left: {}", offer.summary));
        if controls.note("continue", button).clicked() {
            actions.resume.write(ResumeRequested);
        }
        ui.add_space(4.0);
    }
    ui.horizontal_wrapped(|ui| {
        let size = egui::vec2(0.0, 30.0);
        let saved = ui.add(egui::Button::new("Saved games").min_size(size));
        if controls.note("saved-games", saved).clicked() {
            actions.saved_games.open = true;
        }
        let open = ui
            .add(egui::Button::new("Open…").min_size(size))
            .on_hover_text("Open a saved game or a game record from any folder");
        if controls.note("open", open).clicked() {
            actions.opens.write(OpenRequested);
        }
        let learn = ui
            .add(egui::Button::new("Learn").min_size(size))
            .on_hover_text("Short animated lessons for every rule of every game");
        if controls.note("learn", learn).clicked() {
            actions.focus.0 = None;
            actions.next.set(Screen::Learn);
        }
        let puzzles = ui
            .add(egui::Button::new("Puzzles").min_size(size))
            .on_hover_text("Find the winning move, rated as you go: one game or all mixed");
        if controls.note("puzzles", puzzles).clicked() {
            actions.puzzles.open = true;
        }
        let online = ui
            .add(egui::Button::new("Play online").min_size(size))
            .on_hover_text("Play a friend over the network, by invite code, or an open game");
        if controls.note("play-online", online).clicked() {
            actions.next.set(Screen::Online);
        }
    });
    daily_puzzle(ui, actions, controls);
    if let Some(note) = &actions.message.0 {
        show_file_note(ui, note);
    }
}

/// "[Solve] Today's puzzle · Flaxman · White to move and mate in 2": the
/// button first, so that on a narrow window the words wrap, not the button.
fn daily_puzzle(ui: &mut egui::Ui, actions: &mut TitleActions, controls: &mut ControlMap) {
    let Some(daily) = actions.daily.as_deref() else {
        return;
    };
    ui.add_space(4.0);
    let mut request = None;
    ui.horizontal_wrapped(|ui| {
        if controls
            .note("daily-puzzle", daily_button(ui, daily))
            .clicked()
        {
            request = Some(daily_request(daily));
        }
        ui.label(egui::RichText::new("Today's puzzle").strong().color(ACCENT));
        ui.label(format!("{}  ·  {}", daily.game, daily.prompt));
    });
    if let Some(request) = request {
        actions.puzzle_requests.write(request);
    }
}

/// The chosen game: who plays, its pawn, its draw rules, and Start.
fn setup(
    ui: &mut egui::Ui,
    form: &mut Form,
    players: &mut Players,
    clock: &mut ClockChoice,
    controls: &mut ControlMap,
    requests: &mut MessageWriter<NewGameRequested>,
    starting: &mut bool,
) {
    let game = registry::describe(form.variant);
    ui.add(egui::Label::new(egui::RichText::new(game.title).size(21.0).strong()).wrap());
    ui.add(
        egui::Label::new(
            egui::RichText::new(crate::app::play::files::capitalised(game.summary)).weak(),
        )
        .wrap(),
    );
    family_choices(ui, form, controls);
    ui.add_space(8.0);
    ui.label(egui::RichText::new("Players").size(16.0).strong());
    ui.label(
        egui::RichText::new("A person, or the computer from Novice to Grandmaster")
            .small()
            .weak(),
    );
    let variant = form.variant;
    seats(ui, form.seats(variant), controls);
    if form.variant.takes_pawn_kind() {
        ui.add_space(6.0);
        pawn_choice(ui, form, controls);
    }
    if form.variant.takes_promotion() {
        ui.add_space(6.0);
        promotion_choice(ui, &mut form.promotion, controls);
    }
    ui.add_space(6.0);
    clock_picker(ui, clock, controls);
    ui.add_space(6.0);
    egui::CollapsingHeader::new("More options")
        .id_salt("more options")
        .show(ui, |ui| {
            ui.checkbox(
                &mut form.draw_rules.repetition,
                "Draw by threefold repetition",
            );
            ui.checkbox(&mut form.draw_rules.fifty_moves, "Draw by the 50-move rule");
        });
    ui.add_space(8.0);
    start_button(ui, form, players, controls, requests, starting);
    if let Some(message) = &form.message {
        show_file_note(ui, message);
    }
}

/// Start, or "Starting…" held down once it was clicked.
fn start_button(
    ui: &mut egui::Ui,
    form: &mut Form,
    players: &mut Players,
    controls: &mut ControlMap,
    requests: &mut MessageWriter<NewGameRequested>,
    starting: &mut bool,
) {
    let (text, fill) = match *starting {
        true => ("Starting…", egui::Color32::from_rgb(70, 48, 18)),
        false => ("Start", egui::Color32::from_rgb(120, 82, 30)),
    };
    let button = egui::Button::new(egui::RichText::new(text).size(18.0).strong())
        .fill(fill)
        .selected(*starting)
        .min_size(egui::vec2(ui.available_width(), 38.0));
    let clicked = controls.note("start", ui.add(button)).clicked();
    if clicked
        && !*starting
        && let Some(request) = form.start(players)
    {
        requests.write(request);
        *starting = true;
        // Drawn again at once, so that the next frame shows it.
        ui.ctx().request_repaint();
    }
}

/// What tells the games of the chosen card apart (layout, army, number of
/// players), each value explained when the pointer rests on it and the
/// chosen ones in a line below.
fn family_choices(ui: &mut egui::Ui, form: &mut Form, controls: &mut ControlMap) {
    let family = families::family_of(form.variant);
    if family.members.len() < 2 {
        return;
    }
    let chosen = families::choices_of(form.variant);
    for (axis, values) in families::axes(family) {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.add_sized(
                [58.0, 18.0],
                egui::Label::new(egui::RichText::new(axis).strong()),
            );
            for choice in values {
                let response = ui
                    .selectable_label(chosen.contains(&choice), choice.value)
                    .on_hover_text(choice.about);
                let name = format!("choice:{}:{}", axis, choice.value).to_lowercase();
                if controls.note(name, response).clicked() {
                    form.variant = families::with_choice(form.variant, choice);
                }
            }
        });
    }
    let about: Vec<&str> = families::choices_of(form.variant)
        .iter()
        .map(|c| c.about)
        .collect();
    ui.add(egui::Label::new(egui::RichText::new(about.join("; ")).color(EXPLAIN)).wrap());
}

/// The pawn-like piece, for the games that let the player choose it.
fn pawn_choice(ui: &mut egui::Ui, form: &mut Form, controls: &mut ControlMap) {
    ui.label(egui::RichText::new("Pawn-like piece").size(16.0).strong());
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
    if let Some(kind) = form.pawn.or(glossary::default_pawn(form.variant)) {
        let info = glossary::pawn_info(kind);
        let own = if form.pawn.is_none() {
            " (the layout's own)"
        } else {
            ""
        };
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("{}{own}: {}", info.name, info.summary)).color(EXPLAIN),
            )
            .wrap(),
        );
    }
}

/// Who plays each side of the game chosen: a person, or the computer at a
/// level named as the engine names it.
fn seats(ui: &mut egui::Ui, seats: &mut [Option<Level>], controls: &mut ControlMap) {
    for side in Side::in_turn_order(seats.len() as u8)
        .into_iter()
        .map(Side::index)
    {
        ui.horizontal_wrapped(|ui| {
            ui.add_sized(
                [48.0, 18.0],
                egui::Label::new(egui::RichText::new(Side(side as u8).name()).strong()),
            );
            let human = seats[side].is_none();
            let response = ui.selectable_label(human, "Human");
            if controls
                .note(format!("player:{side}:human"), response)
                .clicked()
            {
                seats[side] = None;
            }
            for level in Level::all() {
                let chosen = seats[side] == Some(level);
                let response = ui
                    .selectable_label(chosen, level.name())
                    .on_hover_text(format!("The computer, level {} of 6", level.number()));
                if controls
                    .note(format!("player:{side}:{}", level.number()), response)
                    .clicked()
                {
                    seats[side] = Some(level);
                }
            }
        });
        ui.add_space(2.0);
    }
}
