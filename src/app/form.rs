//! The new-game form's choices, kept between frames: the menu edits them
//! and the title screen's backdrop shows the chosen game.

use bevy::prelude::*;

use crate::app::play::files::FileNote;
use crate::rules::history::DrawRules;
use crate::rules::registry::GAMES;
use crate::rules::variant::{PawnKind, VariantId};

/// The new-game form's choices, kept between frames, and why the last
/// Start failed.
#[derive(Resource)]
pub struct Form {
    pub variant: VariantId,
    pub pawn: Option<PawnKind>,
    pub draw_rules: DrawRules,
    pub message: Option<FileNote>,
    pub show_gilman: bool,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            // The first game of the registry is the menu's first choice.
            variant: GAMES[0].id,
            pawn: None,
            draw_rules: DrawRules::default(),
            message: None,
            show_gilman: false,
        }
    }
}
