//! The new-game form's choices, kept between frames: the menu edits them
//! and the title screen's backdrop shows the chosen game. Who plays each
//! side is kept per game, as the player last chose it: a lesson, a loaded
//! or a continued game sets the players of that game, never the form's.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::app::play::computer::Players;
use crate::app::play::files::FileNote;
use crate::app::play::game::NewGameRequested;
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
