//! Which rule hints are in force: the rules' own explanations for a check,
//! the selected piece and the hovered target. Gathering needs no window, so
//! it runs in the core and the ECS tests see it; [`crate::app::look::overlays`] draws.

use bevy::prelude::*;

use crate::app::learn::player::show_lesson_hints;
use crate::app::play::game::{GameSystems, Match};
use crate::app::play::selection::{Selection, clear_on_change};
use crate::app::screen::Screen;
use crate::rules::glossary;
use crate::rules::view::{CellId, Hint, HintKind};

/// The cell under the mouse pointer, if any.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoveredCell(pub Option<CellId>);

/// The hints in force, recomputed when the game, selection or hover change.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Overlays(pub Vec<Hint>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredCell>()
        .init_resource::<Overlays>()
        // After the match, the selection (and its clearing) and the
        // lesson's marks have changed in this frame, so that the hints are
        // the frame's own.
        .add_systems(
            Update,
            gather_hints
                .after(GameSystems)
                .after(clear_on_change)
                .after(show_lesson_hints)
                .run_if(in_state(Screen::Playing)),
        );
}

/// Check lines always; the selected man's rule hints; the route of the
/// move onto the hovered target.
pub fn gather_hints(
    game: Res<Match>,
    selection: Res<Selection>,
    hovered: Res<HoveredCell>,
    lesson: Res<crate::app::learn::player::LessonHints>,
    mut overlays: ResMut<Overlays>,
) {
    if !(game.is_changed() || selection.is_changed() || hovered.is_changed() || lesson.is_changed())
    {
        return;
    }
    let session = game.session.as_ref();
    // A lesson's own marks and arrows come first.
    let mut hints = lesson.0.clone();
    hints.extend(session.check_hints());
    if let Some(from) = selection.from {
        hints.extend(session.selection_hints(from));
        let target = hovered
            .0
            .and_then(|cell| selection.targets.iter().find(|t| t.cell == cell));
        for text in target.iter().flat_map(|t| t.moves.iter()) {
            hints.extend(session.move_hints(text));
        }
        // What the one move onto the target does beyond moving (a swap, a
        // promotion, a flip), in the rules' words. Several moves on one
        // route are told apart in the choice that follows the click.
        if let Some(target) = target
            && let [text] = &target.moves[..]
            && let Some(words) = glossary::move_words(session, text)
        {
            hints.push(Hint::Mark {
                at: target.cell,
                kind: HintKind::Note,
                label: words,
            });
        }
    }
    if overlays.0 != hints {
        overlays.0 = hints;
    }
}
