//! The new-game form's choices, kept between frames: the menu edits them
//! and the title screen's backdrop shows the chosen game. Who plays each
//! side is kept per game, as the player last chose it: a lesson, a loaded
//! or a continued game sets the players of that game, never the form's.
//! The game, the players and the clock chosen are kept in the player's
//! settings, so that the next start of the window finds them again.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::app::play::clock::{ClockChoice, ClockMode, TimeControl};
use crate::app::play::computer::Players;
use crate::app::play::files::FileNote;
use crate::app::play::game::NewGameRequested;
use crate::app::play::settings::{Settings, SetupChoices};
use crate::engine::Level;
use crate::rules::history::DrawRules;
use crate::rules::registry::{self, GAMES};
use crate::rules::variant::{PawnKind, Promotion, Variant, VariantId};

/// The new-game form's choices, kept between frames, and why the last
/// Start failed.
#[derive(Resource)]
pub struct Form {
    pub variant: VariantId,
    pub pawn: Option<PawnKind>,
    /// The Anglojewish games' promotion option (None: the default, curved).
    pub promotion: Option<Promotion>,
    pub draw_rules: DrawRules,
    pub message: Option<FileNote>,
    pub show_gilman: bool,
    /// Who plays each side, per game, in side order (None a person).
    seats: HashMap<VariantId, Vec<Option<Level>>>,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            // The first game of the registry is the menu's first choice.
            variant: GAMES[0].id,
            pawn: None,
            promotion: None,
            draw_rules: DrawRules::default(),
            message: None,
            show_gilman: false,
            seats: HashMap::new(),
        }
    }
}

impl Form {
    /// Who plays each side of `variant` as last chosen: people until the
    /// player chooses otherwise.
    pub fn seats(&mut self, variant: VariantId) -> &mut Vec<Option<Level>> {
        let count = usize::from(registry::describe(variant).players);
        self.seats
            .entry(variant)
            .or_insert_with(|| vec![None; count])
    }

    /// A new game of the form's choices, its players from the form's seats;
    /// or the line that says why it cannot start.
    pub fn start(&mut self, players: &mut Players) -> Option<NewGameRequested> {
        let pawn = if self.variant.takes_pawn_kind() {
            self.pawn
        } else {
            None
        };
        let promotion = self.promotion.filter(|_| self.variant.takes_promotion());
        let request = Variant::with_pawn(self.variant, pawn)
            .and_then(|v| v.with_promotion(promotion))
            .and_then(|v| NewGameRequested::variant(v, self.draw_rules));
        match request {
            Ok(request) => {
                self.message = None;
                players.0 = self.seats(self.variant).clone();
                Some(request)
            }
            Err(e) => {
                self.message = Some(FileNote::failed(e));
                None
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Form>()
        .add_systems(Startup, restore_setup)
        .add_systems(Update, remember_setup);
}

/// The form and clock as the settings kept them.
fn restore_setup(settings: Res<Settings>, mut form: ResMut<Form>, mut clock: ResMut<ClockChoice>) {
    let kept = &settings.setup;
    if let Some(game) = kept.game.as_deref().and_then(|id| id.parse().ok()) {
        form.variant = game;
    }
    for (id, seats) in &kept.players {
        let Ok(game) = id.parse::<VariantId>() else {
            continue;
        };
        let count = usize::from(registry::describe(game).players);
        if seats.len() == count {
            form.seats
                .insert(game, seats.iter().map(|&n| Level::new(n)).collect());
        }
    }
    let mut chosen = *clock;
    if let Some(mode) = kept.clock.as_deref().and_then(ClockMode::from_id) {
        chosen.mode = mode;
    }
    if let Some([minutes, increment]) = kept.custom_clock {
        chosen.custom = TimeControl::minutes(minutes, increment);
    }
    clock.set_if_neq(chosen);
}

/// Keeps the form's choices in the settings whenever they change.
fn remember_setup(form: Res<Form>, clock: Res<ClockChoice>, mut settings: ResMut<Settings>) {
    if !(form.is_changed() || clock.is_changed()) {
        return;
    }
    let choices = setup_choices(&form, &clock);
    if settings.setup != choices {
        settings.setup = choices;
    }
}

/// The choices that differ from a first start's.
fn setup_choices(form: &Form, clock: &ClockChoice) -> SetupChoices {
    let first = ClockChoice::default();
    let players = form
        .seats
        .iter()
        .filter(|(_, seats)| seats.iter().any(Option::is_some))
        .map(|(game, seats)| {
            let levels = seats.iter().map(|s| s.map_or(0, Level::number)).collect();
            (game.id().to_string(), levels)
        })
        .collect();
    let custom = clock.custom;
    SetupChoices {
        game: (form.variant != Form::default().variant).then(|| form.variant.id().to_string()),
        players,
        clock: (clock.mode != first.mode).then(|| clock.mode.id().to_string()),
        custom_clock: (custom != first.custom)
            .then_some([custom.base.as_secs() / 60, custom.increment.as_secs()]),
    }
}
