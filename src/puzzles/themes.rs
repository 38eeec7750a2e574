//! A puzzle's themes, read from its line and from the effects and hints
//! the rules give each solver move ([`crate::rules::view`]):
//!
//! - `mate` and `mateInN` (N solver moves), or `material`;
//! - `promotion`: a solver move turns a man into another letter (not
//!   Flaxman, whose transformations are captures and freeings);
//! - Flaxman: `pythagoreanCapture`, a capture by the Pythagorean leap (a
//!   jump of length 5 along no line: four points one way and three the
//!   other); `prisonerFreeing`, a Prisoner turned into a Soldier again;
//! - Tapestry: `loomMove`, a move of a Fate (a man of nobody) on the Loom;
//! - Chakra: `transmitter`, a trip through the Transmitter; `chakraFlip`, a
//!   chakra turned over;
//! - hex games: `curvedAttack`, a capture along a curved route of several
//!   steps (Gilman's Finch, Rabbi and Cohen).

use crate::rules::families::family_of;
use crate::rules::variant::{Variant, VariantId};
use crate::rules::view::ManState;
use crate::rules::{Effect, Hint, HintKind, Position};

use super::puzzle::End;

/// The themes of the line `moves` from `root` (solver first) ending as `end`.
pub fn themes<P: Position>(root: &P, variant: Variant, moves: &[P::Move], end: End) -> Vec<String> {
    let mut found: Vec<&'static str> = Vec::new();
    let mut add = |theme| {
        if !found.contains(&theme) {
            found.push(theme);
        }
    };
    match end {
        End::Mate => {
            add("mate");
            add(match moves.len().div_ceil(2) {
                1 => "mateIn1",
                2 => "mateIn2",
                3 => "mateIn3",
                4 => "mateIn4",
                _ => "mateIn5",
            });
        }
        End::Material { .. } => add("material"),
    }
    let mut pos = root.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            for theme in move_themes(&pos, variant, mv) {
                add(theme);
            }
        }
        pos.play(mv);
    }
    found.into_iter().map(String::from).collect()
}

/// The themes one move shows.
fn move_themes<P: Position>(pos: &P, variant: Variant, mv: P::Move) -> Vec<&'static str> {
    let flaxman = variant.id == VariantId::Flaxman;
    let effects = pos.effects(mv);
    let mut themes = Vec::new();
    let captures = effects.iter().any(|e| {
        matches!(e, Effect::Capture { .. })
            || matches!(
                e,
                Effect::Transform {
                    state: ManState::Prisoner,
                    ..
                }
            )
    });
    for effect in &effects {
        match *effect {
            Effect::Transform { state, .. } if flaxman => {
                if state == ManState::Normal {
                    themes.push("prisonerFreeing");
                } else if state == ManState::Prisoner && pythagorean(pos, mv) {
                    themes.push("pythagoreanCapture");
                }
            }
            Effect::Transform {
                state: ManState::Normal,
                ..
            } => themes.push("promotion"),
            Effect::Transmit { .. } => themes.push("transmitter"),
            Effect::Flip { .. } => themes.push("chakraFlip"),
            _ => {}
        }
    }
    let route = pos.route(mv);
    let fate = pos
        .placements()
        .iter()
        .any(|p| p.cell == route.from && p.side.is_none());
    if fate && variant.id == VariantId::Tapestry {
        themes.push("loomMove");
    }
    let curved = pos
        .move_hints(mv)
        .iter()
        .any(|h| matches!(h, Hint::Path { cells, kind: HintKind::Route, .. } if cells.len() > 2));
    // A Transmitter trip draws a route of several steps too: it has its
    // own theme.
    let hexagonal = matches!(family_of(variant.id).key, "anglojewish" | "hexagonal");
    if curved && captures && hexagonal {
        themes.push("curvedAttack");
    }
    themes
}

/// Whether `mv` jumps four points one way and three the other.
fn pythagorean<P: Position>(pos: &P, mv: P::Move) -> bool {
    let route = pos.route(mv);
    let layout = pos.layout();
    let place = |id| layout.cells.get(usize::from(id)).map(|c| c.place);
    let (Some(a), Some(b)) = (place(route.from), place(route.to)) else {
        return false;
    };
    let (dx, dy) = ((a[0] - b[0]).abs().round(), (a[1] - b[1]).abs().round());
    (dx == 4.0 && dy == 3.0) || (dx == 3.0 && dy == 4.0)
}
