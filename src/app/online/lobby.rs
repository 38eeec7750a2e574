//! The Play online screen: the server and the player's name (both
//! remembered), then create a game (its variant, pawn, promotion, clock or
//! days a move, and colour)
//! and send its invite code to a friend, join one with a code, or pick an
//! open seek. The link's state and the server's refusals are shown here in
//! words; nothing on this screen waits for the network.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::follow::{LinkState, Online};
use super::host::Hosting;
use super::host_panel::{HostSide, host_button, host_status, invite_link};
use super::link::Ask;
use crate::app::layout::{ControlMap, UiSystems};
use crate::app::play::clock::ClockChoice;
use crate::app::play::remote::SeatAction;
use crate::app::play::settings::Settings;
use crate::app::screen::Screen;
use crate::app::ui::choices::promotion_choice;
use crate::app::ui::clock_panel::clock_picker;
use crate::app::ui::theme::status_dot;
use crate::net::protocol::{ClockSpec, MAX_DAYS_PER_MOVE, Seek};
use crate::rules::glossary;
use crate::rules::glossary::capitalised;
use crate::rules::registry::GAMES;
use crate::rules::variant::{PawnKind, Promotion, VariantId};

const GOOD: egui::Color32 = egui::Color32::from_rgb(170, 225, 170);
const WARN: egui::Color32 = egui::Color32::from_rgb(250, 205, 130);
const BAD: egui::Color32 = egui::Color32::LIGHT_RED;
const WIDTH: f32 = 520.0;

/// Open the Play online screen on this server (`play --online`), joining
/// the game of this code at once when one is given.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlineStart {
    pub addr: String,
    pub join: Option<String>,
}

/// What the screen's fields hold.
#[derive(Resource, Clone, Debug)]
pub struct OnlineForm {
    pub address: String,
    pub variant: VariantId,
    pub pawn: Option<PawnKind>,
    /// The Anglojewish games' promotion option (None: curved).
    pub promotion: Option<Promotion>,
    /// The clock of a game played at one sitting.
    pub clock: ClockChoice,
    /// Days per move of a correspondence game, when it is one.
    pub correspondence: Option<u32>,
    /// The creator's side; None for a random one.
    pub seat: Option<u8>,
    pub listed: bool,
    pub code: String,
}

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm {
            address: String::new(),
            variant: GAMES[0].id,
            pawn: None,
            promotion: None,
            clock: ClockChoice::default(),
            correspondence: None,
            seat: Some(0),
            listed: true,
            code: String::new(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>()
        .add_systems(OnEnter(Screen::Online), connect_on_arrival)
        .add_systems(
            EguiPrimaryContextPass,
            // After the panels' pass has forgotten the last frame's controls.
            online_screen
                .run_if(in_state(Screen::Online))
                .after(UiSystems),
        );
}

/// Entering the screen connects to the remembered server (or the one the
/// command line gave, joining its code).
fn connect_on_arrival(
    mut commands: Commands,
    start: Option<Res<OnlineStart>>,
    online: Option<Res<Online>>,
    settings: Res<Settings>,
    mut form: ResMut<OnlineForm>,
) {
    if let Some(start) = start {
        let online = Online::open(&start.addr);
        if let Some(code) = &start.join {
            online.link.ask(Ask::Join {
                code: code.clone(),
                name: given_name(&settings),
            });
            form.code = code.clone();
        }
        form.address = start.addr.clone();
        commands.insert_resource(online);
        commands.remove_resource::<OnlineStart>();
        return;
    }
    form.address = settings.server_address.clone();
    if online.is_none() {
        commands.insert_resource(Online::open(&form.address));
    }
}

fn online_screen(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut controls: ResMut<ControlMap>,
    mut form: ResMut<OnlineForm>,
    mut settings: ResMut<Settings>,
    online: Option<ResMut<Online>>,
    mut next: ResMut<NextState<Screen>>,
    mut host: HostSide,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let height = (ctx.content_rect().height() - 48.0).max(200.0);
    egui::Window::new("Play online")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
        .collapsible(false)
        .resizable(false)
        .default_width(WIDTH)
        .show(ctx, |ui| {
            ui.set_width(WIDTH);
            // The height is set here, not by the window, which would keep
            // the size of its first frame as the form grows.
            egui::ScrollArea::vertical()
                .max_height(height - 40.0)
                .min_scrolled_height(height - 40.0)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    let reconnect = server_fields(ui, &mut form, &mut settings, &mut controls);
                    if reconnect {
                        settings.server_address = form.address.trim().to_string();
                        commands.insert_resource(Online::open(&settings.server_address));
                    }
                    let hosted = online.as_deref().is_some_and(|o| host.hosts(&o.link.addr));
                    link_line(ui, online.as_deref(), hosted);
                    host_status(ui, &mut host, &mut controls);
                    ui.separator();
                    match online {
                        Some(mut online) if online.ticket.is_some() => {
                            let hosted = host.hosts(&online.link.addr);
                            let hosting = host.hosting.as_deref().filter(|_| hosted);
                            waiting(ui, &mut online, hosting, &mut controls, &mut commands);
                        }
                        Some(online) => {
                            let asking = Asking {
                                form: &mut form,
                                settings: &settings,
                                controls: &mut controls,
                                host: &mut host,
                            };
                            games(ui, &online, asking);
                        }
                        None => {}
                    }
                    ui.separator();
                    let back = ui.button("◀ Back to the main menu");
                    if controls.note("online-back", back).clicked() {
                        next.set(Screen::Menu);
                    }
                });
        });
    Ok(())
}

/// The server's address and the player's name; true when Connect was
/// pressed (or Enter in the address).
fn server_fields(
    ui: &mut egui::Ui,
    form: &mut OnlineForm,
    settings: &mut Settings,
    controls: &mut ControlMap,
) -> bool {
    let mut connect = false;
    egui::Grid::new("online-fields")
        .num_columns(2)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            ui.label("Server");
            ui.horizontal(|ui| {
                let field = ui.add(
                    egui::TextEdit::singleline(&mut form.address)
                        .hint_text("HOST:PORT or ws://HOST:PORT")
                        .desired_width(240.0),
                );
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                controls.note("online-address", field);
                let button = ui.button("Connect");
                connect = controls.note("online-connect", button).clicked() || entered;
            });
            ui.end_row();
            ui.label("Your name");
            let mut name = settings.display_name.clone();
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut name)
                        .hint_text("what the other players see")
                        .char_limit(32)
                        .desired_width(240.0),
                )
                .on_hover_text(
                    "Sent with the games you create or join; left empty, you play unnamed",
                );
            controls.note("online-name", field);
            if name != settings.display_name {
                settings.display_name = name;
            }
            ui.end_row();
        });
    connect
}

/// How the link stands, in words and a colour; `hosted` when it reaches
/// the server this window hosts.
fn link_line(ui: &mut egui::Ui, online: Option<&Online>, hosted: bool) {
    let Some(online) = online else { return };
    let addr = &online.link.addr;
    let (colour, words) = match &online.state {
        LinkState::Connecting => (WARN, format!("Connecting to {addr}…")),
        LinkState::Up if hosted => (
            GOOD,
            "Connected to the server this computer hosts".to_string(),
        ),
        LinkState::Up => (GOOD, format!("Connected to {addr}")),
        LinkState::Down(why) => (BAD, format!("{}. Trying again…", capitalised(why))),
    };
    ui.horizontal(|ui| {
        status_dot(ui, colour);
        ui.add(egui::Label::new(egui::RichText::new(words).color(colour)).wrap());
    });
    if let Some(reason) = &online.refused {
        let line = format!("The server refused: {reason}");
        ui.add(egui::Label::new(egui::RichText::new(line).color(BAD)).wrap());
    }
}

/// Seated and waiting for the game to start: the invite code to send, or
/// the wait for the game's events after joining.
fn waiting(
    ui: &mut egui::Ui,
    online: &mut Online,
    hosting: Option<&Hosting>,
    controls: &mut ControlMap,
    commands: &mut Commands,
) {
    let Some(ticket) = online.ticket.clone() else {
        return;
    };
    let starting = match &online.view {
        None => Some("Taking the seat…"),
        Some(view) if view.started() => Some("The game is starting…"),
        Some(_) => None,
    };
    if let Some(words) = starting {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(words);
        });
        return;
    }
    match hosting {
        Some(hosting) => invite_link(ui, hosting, &ticket.code, controls),
        None => invite_code(ui, &ticket.code, controls),
    }
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label("Waiting for an opponent…");
    });
    let cancel = ui.button("Cancel this game");
    if controls.note("online-cancel", cancel).clicked() {
        online.link.ask(Ask::Seat(SeatAction::Abort));
        // A fresh link for the next game: this one's seat is done with.
        let addr = online.link.addr.clone();
        commands.insert_resource(Online::open(&addr));
    }
}

/// The invite code, large, with a button to copy it.
fn invite_code(ui: &mut egui::Ui, code: &str, controls: &mut ControlMap) {
    ui.label(egui::RichText::new("Your game is ready. Send this code to a friend:").strong());
    ui.horizontal(|ui| {
        let shown = egui::RichText::new(code).monospace().size(28.0).strong();
        ui.label(shown);
        if controls
            .note("online-copy-code", ui.button("Copy"))
            .clicked()
        {
            ui.ctx().copy_text(code.to_string());
        }
    });
    ui.label("They choose Play online, then Join with a code.");
}

/// The player's name as the server is given it (None when left empty).
fn given_name(settings: &Settings) -> Option<String> {
    Some(settings.display_name.trim().to_string()).filter(|n| !n.is_empty())
}

/// What the game lists ask with: the form, the player's name, the
/// controls and the hosting.
struct Asking<'a, 'w> {
    form: &'a mut OnlineForm,
    settings: &'a Settings,
    controls: &'a mut ControlMap,
    host: &'a mut HostSide<'w>,
}

/// Create (on the server or hosted here), join with a code, or pick an
/// open seek.
fn games(ui: &mut egui::Ui, online: &Online, asking: Asking) {
    let Asking {
        form,
        settings,
        controls,
        host,
    } = asking;
    ui.label(egui::RichText::new("Create a game").size(17.0).strong());
    create_form(ui, form, controls);
    ui.horizontal(|ui| {
        let create = ui.add(egui::Button::new("Create").min_size(egui::vec2(120.0, 28.0)));
        if controls.note("online-create", create).clicked() {
            online.link.ask(create_ask(form, given_name(settings)));
        }
        host_button(ui, host, controls, || {
            create_ask(form, given_name(settings))
        });
    });
    ui.separator();
    ui.label(egui::RichText::new("Join with a code").size(17.0).strong());
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .hint_text("the code your friend sent")
                .desired_width(240.0),
        );
        controls.note("online-code", field);
        let code = form.code.trim().to_string();
        let join = ui.add_enabled(!code.is_empty(), egui::Button::new("Join"));
        if controls.note("online-join", join).clicked() {
            online.link.ask(Ask::Join {
                code,
                name: given_name(settings),
            });
        }
    });
    ui.separator();
    seek_list(ui, online, settings, controls);
}

fn create_ask(form: &OnlineForm, name: Option<String>) -> Ask {
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let clock = match form.correspondence {
        Some(days) => Some(ClockSpec::correspondence(days)),
        None => form.clock.control().map(|control| ClockSpec {
            initial_ms: ms(control.base),
            increment_ms: ms(control.increment),
            days_per_move: None,
        }),
    };
    Ask::Create {
        variant: form.variant.id().to_string(),
        pawn: form
            .pawn
            .filter(|_| form.variant.takes_pawn_kind())
            .map(|p| p.id().to_string()),
        promotion: form
            .promotion
            .filter(|_| form.variant.takes_promotion())
            .map(|p| p.id().to_string()),
        clock,
        seat: form.seat,
        listed: form.listed,
        name,
    }
}

/// The game, its pawn-like piece, the clock, the creator's colour and
/// whether others see it among the open games.
fn create_form(ui: &mut egui::Ui, form: &mut OnlineForm, controls: &mut ControlMap) {
    ui.horizontal(|ui| {
        ui.label("Game:");
        let chosen = egui::ComboBox::from_id_salt("online-game")
            .selected_text(form.variant.title())
            .width(300.0)
            .show_ui(ui, |ui| {
                for id in GAMES.iter().map(|game| game.id) {
                    let item = ui.selectable_label(form.variant == id, id.title());
                    let name = format!("online-game:{}", id.id());
                    if controls.note(name, item).clicked() {
                        form.variant = id;
                    }
                }
            });
        controls.note("online-game", chosen.response);
    });
    if form.variant.takes_pawn_kind() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Pawn:");
            let own = ui.selectable_label(form.pawn.is_none(), "the layout's own");
            if controls.note("online-pawn:default", own).clicked() {
                form.pawn = None;
            }
            for kind in PawnKind::ALL {
                let name = glossary::pawn_info(kind).name;
                let item = ui.selectable_label(form.pawn == Some(kind), name);
                if controls
                    .note(format!("online-pawn:{}", kind.id()), item)
                    .clicked()
                {
                    form.pawn = Some(kind);
                }
            }
        });
    }
    if form.variant.takes_promotion() {
        promotion_choice(ui, &mut form.promotion, controls);
    }
    clock_choice(ui, form, controls);
    colour_choice(ui, form, controls);
    let listed = ui.checkbox(&mut form.listed, "List it among the open games");
    controls.note("online-listed", listed);
}

/// A clock for one sitting (none, 5+3, 15+10, custom), or days a move.
fn clock_choice(ui: &mut egui::Ui, form: &mut OnlineForm, controls: &mut ControlMap) {
    if form.correspondence.is_none() {
        clock_picker(ui, &mut form.clock, controls);
    }
    ui.horizontal(|ui| {
        let mut by_post = form.correspondence.is_some();
        let check = ui
            .checkbox(&mut by_post, "By correspondence:")
            .on_hover_text(
                "Each move within the days given, the game kept on the server meanwhile",
            );
        controls.note("online-correspondence", check);
        let mut days = form.correspondence.unwrap_or(3);
        let field = ui.add_enabled(
            by_post,
            egui::DragValue::new(&mut days)
                .range(1..=MAX_DAYS_PER_MOVE)
                .suffix(" days a move"),
        );
        controls.note("online-days", field);
        let wanted = by_post.then_some(days);
        if form.correspondence != wanted {
            form.correspondence = wanted;
        }
    });
}

fn colour_choice(ui: &mut egui::Ui, form: &mut OnlineForm, controls: &mut ControlMap) {
    let mut seats: Vec<(&str, Option<u8>)> = vec![("White", Some(0)), ("Black", Some(1))];
    if form.variant.is_three_player() {
        seats.push(("Red", Some(2)));
    } else if form.seat == Some(2) {
        form.seat = Some(0);
    }
    seats.push(("Random", None));
    ui.horizontal(|ui| {
        ui.label("You play:");
        for (label, seat) in seats {
            let item = ui.selectable_label(form.seat == seat, label);
            let name = format!("online-side:{}", label.to_lowercase());
            if controls.note(name, item).clicked() {
                form.seat = seat;
            }
        }
    });
}

/// The open seeks, each with a button to take its seat.
fn seek_list(ui: &mut egui::Ui, online: &Online, settings: &Settings, controls: &mut ControlMap) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Open games").size(17.0).strong());
        let refresh = ui.small_button("Refresh");
        if controls.note("online-refresh", refresh).clicked() {
            online.link.ask(Ask::Seeks);
        }
    });
    let Some(seeks) = &online.seeks else {
        ui.label(egui::RichText::new("Not listed yet.").weak());
        return;
    };
    if seeks.is_empty() {
        ui.label(egui::RichText::new("No open games now: create one.").weak());
    }
    for (i, seek) in seeks.iter().enumerate() {
        ui.horizontal(|ui| {
            let play = ui.button("Play");
            if controls.note(format!("seek:{i}"), play).clicked() {
                online.link.ask(Ask::Join {
                    code: seek.code.clone(),
                    name: given_name(settings),
                });
            }
            ui.add(egui::Label::new(seek_words(seek)).wrap());
        });
    }
}

/// "Ann · Flaxman · 5+3 · free: Black".
fn seek_words(seek: &Seek) -> String {
    let title = seek
        .variant
        .parse::<VariantId>()
        .map_or(seek.variant.clone(), |id| id.title().to_string());
    let pawn = seek
        .pawn
        .as_ref()
        .map(|p| format!(" ({p})"))
        .unwrap_or_default();
    let clock = match seek.clock {
        Some(ClockSpec {
            days_per_move: Some(days),
            ..
        }) => format!("{days} days a move"),
        Some(c) => format!(
            "{}+{}",
            c.initial_ms as f64 / 60_000.0,
            c.increment_ms / 1000
        ),
        None => "no clock".to_string(),
    };
    let by = match seek.players.is_empty() {
        true => String::new(),
        false => format!("{} · ", seek.players.join(", ")),
    };
    let sides: Vec<&str> = seek
        .free_seats
        .iter()
        .map(|&s| crate::rules::Side(s).name())
        .collect();
    format!("{by}{title}{pawn} · {clock} · free: {}", sides.join(", "))
}
