//! Which rule hints are in force: the rules' own explanations for a check,
//! the selected piece and the hovered target. Gathering needs no window, so
//! it runs in the core and the ECS tests see it; [`crate::app::look::overlays`] draws.

use bevy::prelude::*;

use crate::app::learn::player::{Feedback, LessonPlayer, show_lesson_hints};
use crate::app::play::elimination::{Vacated, show_eliminations};
use crate::app::play::game::{GameSystems, Match};
use crate::app::play::pieces::{PieceSystems, Tween};
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

/// Whether check lines, and a King's check mark, are drawn in this frame
/// ([`check_lines_wanted`]), decided once for the hints and the marks.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckShown(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredCell>()
        .init_resource::<Overlays>()
        .init_resource::<CheckShown>()
        .add_systems(
            Update,
            decide_check_shown
                .after(GameSystems)
                .after(PieceSystems)
                .after(show_lesson_hints),
        )
        // After the match, the selection (and its clearing) and the
        // lesson's marks have changed in this frame, so that the hints are
        // the frame's own.
        .add_systems(
            Update,
            gather_hints
                .after(GameSystems)
                .after(decide_check_shown)
                .after(show_eliminations)
                .after(clear_on_change)
                .after(show_lesson_hints)
                .run_if(in_state(Screen::Playing)),
        );
}

/// Whether check lines are drawn now: once every man has landed (a check
/// shows when the move that gives it is made, not while the man travels),
/// and in a lesson only while its words speak of check or mate (a mark no
/// caption explains is not drawn).
fn check_lines_wanted(lesson: Option<&LessonPlayer>, moving: bool) -> bool {
    if moving {
        return false;
    }
    let Some(player) = lesson else {
        return true;
    };
    let feedback = match &player.feedback {
        Some(Feedback::Right(text) | Feedback::Wrong(text)) => Some(text.as_str()),
        None => None,
    };
    [player.frame.caption.as_deref(), player.prompt(), feedback]
        .into_iter()
        .flatten()
        .any(|words| {
            let words = words.to_lowercase();
            words.contains("check") || words.contains("mate")
        })
}

/// Sets [`CheckShown`], only when it turns.
pub fn decide_check_shown(
    player: Option<Res<LessonPlayer>>,
    moving: Query<(), With<Tween>>,
    mut shown: ResMut<CheckShown>,
) {
    let wanted = check_lines_wanted(player.as_deref(), !moving.is_empty());
    if shown.0 != wanted {
        shown.0 = wanted;
    }
}

/// Check lines once the men have landed; the cells an eliminated army left;
/// the selected man's rule hints; the route of the move onto the hovered
/// target.
pub fn gather_hints(
    game: Res<Match>,
    selection: Res<Selection>,
    hovered: Res<HoveredCell>,
    lesson: Res<crate::app::learn::player::LessonHints>,
    check_shown: Res<CheckShown>,
    vacated: Res<Vacated>,
    mut overlays: ResMut<Overlays>,
) {
    if !(game.is_changed()
        || selection.is_changed()
        || hovered.is_changed()
        || lesson.is_changed()
        || check_shown.is_changed()
        || vacated.is_changed())
    {
        return;
    }
    let session = game.session.as_ref();
    // A lesson's own marks and arrows come first.
    let mut hints = lesson.0.clone();
    if check_shown.0 {
        hints.extend(session.check_hints());
    }
    if let Some(side) = vacated.sides.first() {
        let label = format!("{}'s army left these cells", side.name());
        hints.extend(vacated.cells.iter().map(|&at| Hint::Mark {
            at,
            kind: HintKind::LoomEffect,
            label: label.clone(),
        }));
    }
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
