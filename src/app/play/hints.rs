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
                .after(PieceSystems)
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
pub fn check_lines_wanted(lesson: Option<&LessonPlayer>, moving: bool) -> bool {
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

/// Check lines once the men have landed; the cells an eliminated army left;
/// the selected man's rule hints; the route of the move onto the hovered
/// target.
#[allow(clippy::too_many_arguments)]
pub fn gather_hints(
    game: Res<Match>,
    selection: Res<Selection>,
    hovered: Res<HoveredCell>,
    lesson: Res<crate::app::learn::player::LessonHints>,
    player: Option<Res<LessonPlayer>>,
    vacated: Res<Vacated>,
    moving: Query<(), With<Tween>>,
    mut was_moving: Local<bool>,
    mut overlays: ResMut<Overlays>,
) {
    let now_moving = !moving.is_empty();
    let landed = std::mem::replace(&mut *was_moving, now_moving) != now_moving;
    let lesson_changed = player.as_ref().is_some_and(|p| p.is_changed());
    if !(game.is_changed()
        || selection.is_changed()
        || hovered.is_changed()
        || lesson.is_changed()
        || lesson_changed
        || vacated.is_changed()
        || landed)
    {
        return;
    }
    let session = game.session.as_ref();
    // A lesson's own marks and arrows come first.
    let mut hints = lesson.0.clone();
    if check_lines_wanted(player.as_deref(), now_moving) {
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
