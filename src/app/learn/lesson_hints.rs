//! A lesson's marks and arrows as the overlays' rule hints: what the
//! current frame of the lesson shows, in the colours the overlays use.

use bevy::prelude::*;

use crate::learn::{ArrowKind, Frame, MarkColour};
use crate::rules::view::{Hint, HintKind};

/// The lesson's marks and arrows as rule hints, drawn with the overlays.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct LessonHints(pub Vec<Hint>);

/// The colour a lesson mark is drawn in, through the overlays' hint kinds.
fn mark_kind(colour: MarkColour) -> HintKind {
    match colour {
        MarkColour::Focus => HintKind::LoomEffect,
        MarkColour::Good => HintKind::Route,
        MarkColour::Bad => HintKind::Check,
        MarkColour::Info => HintKind::Definers,
    }
}

fn arrow_kind(kind: ArrowKind) -> HintKind {
    match kind {
        ArrowKind::Straight => HintKind::Note,
        ArrowKind::Route => HintKind::Route,
        ArrowKind::Transmitter => HintKind::Transmitter,
        ArrowKind::Definers => HintKind::Definers,
        ArrowKind::Illegal => HintKind::Forbidden,
    }
}

/// The hints a frame shows: its arrows (a move's with its arrowhead), then
/// its marks.
pub fn frame_hints(frame: &Frame) -> Vec<Hint> {
    let mut hints: Vec<Hint> = frame
        .arrows
        .iter()
        .map(|arrow| Hint::Path {
            cells: arrow.cells.clone(),
            kind: arrow_kind(arrow.kind),
            label: arrow.label.clone(),
        })
        .collect();
    hints.extend(frame.marks.iter().map(|mark| Hint::Mark {
        at: mark.cell,
        kind: mark_kind(mark.colour),
        label: mark.label.clone().unwrap_or_default(),
    }));
    hints
}
