//! The moments that make each game unlike chess, read from the rules' own
//! account of a move (its effects and route hints), and the words that
//! tell a viewer what happened.

use crate::rules::glossary::{came_from, capitalised, cell_name, man_on, move_words, owned_name};
use crate::rules::session::{MoveInfo, Session};
use crate::rules::side::Side;
use crate::rules::variant::VariantId;
use crate::rules::view::{CellId, Effect, Hint, HintKind, ManState};

/// What a move shows that only its game has.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Signature {
    /// Flaxman: a capture in which the two men swap places.
    SwapCapture,
    /// Flaxman: the man taken by a swap stays as a Prisoner.
    Imprisonment,
    /// Flaxman: a jump of three points or more, as far apart as the
    /// mover's two companions stand.
    FarJump,
    /// Tapestry: a Fate steps on the Loom, and the rules of movement change.
    LoomChange,
    /// Tapestry: a pawn steps sideways, as Opposition allows.
    SidewaysPawn,
    /// Anglojewish: a Finch, Rabbi or Cohen turns as it goes.
    CurvedMove,
    /// Three players: an army is eliminated and leaves the board.
    Elimination,
    /// Chakra: a chakra turns over to its other mode.
    ChakraFlip,
    /// Chakra: a man is carried through the Transmitter.
    TransmitterCrossing,
    /// A pawn promotes (in Chakra at once, on reaching its zone).
    Promotion,
}

impl Signature {
    /// What a viewer is told the moment shows, for the title card.
    pub fn name(self) -> &'static str {
        match self {
            Signature::SwapCapture => "captures that swap",
            Signature::Imprisonment => "prisoners",
            Signature::FarJump => "long jumps",
            Signature::LoomChange => "the Loom",
            Signature::SidewaysPawn => "sideways pawns",
            Signature::CurvedMove => "curved moves",
            Signature::Elimination => "an elimination",
            Signature::ChakraFlip => "chakra flips",
            Signature::TransmitterCrossing => "the Transmitter",
            Signature::Promotion => "promotion",
        }
    }
}

/// The moments each game's part of the showcase looks for.
pub fn signatures_of(id: VariantId) -> &'static [Signature] {
    use Signature::*;
    match id {
        VariantId::Flaxman => &[SwapCapture, Imprisonment, FarJump],
        VariantId::Tapestry => &[LoomChange, SidewaysPawn, Promotion],
        VariantId::Chakra => &[ChakraFlip, TransmitterCrossing, Promotion],
        VariantId::AjGlinski3p
        | VariantId::AjGlinskiMixed3p
        | VariantId::AjMcCooey3p
        | VariantId::AjMcCooeyMixed3p => &[CurvedMove, Elimination, Promotion],
        _ => &[CurvedMove, Promotion],
    }
}

/// The moments `mv`, played from `before`, shows (`after` is the position
/// it made).
pub fn moments(before: &dyn Session, mv: &MoveInfo, after: &dyn Session) -> Vec<Signature> {
    let mut found = Vec::new();
    let mover = man_on(before, mv.route.from);
    let mover_name = mover.map(|(_, info)| info.name).unwrap_or_default();
    for effect in &mv.effects {
        match *effect {
            Effect::Swap { .. } => found.push(Signature::SwapCapture),
            Effect::Flip { .. } => found.push(Signature::ChakraFlip),
            Effect::Transmit { .. } => found.push(Signature::TransmitterCrossing),
            Effect::Transform { at, state, .. } => {
                let was = man_on(before, came_from(mv, at)).map(|(p, _)| p.state);
                if state == ManState::Prisoner {
                    found.push(Signature::Imprisonment);
                } else if was != Some(ManState::Prisoner) && came_from(mv, at) == mv.route.from {
                    found.push(Signature::Promotion);
                }
            }
            _ => {}
        }
    }
    let variant = before.variant().id;
    if variant == VariantId::Flaxman && points_apart(before, mv.route.from, mv.route.to) >= 2.5 {
        found.push(Signature::FarJump);
    }
    if variant == VariantId::Tapestry {
        match mover {
            Some((placement, _)) if placement.side.is_none() => found.push(Signature::LoomChange),
            Some((placement, _)) if placement.letter == 'P' && sideways(before, mv) => {
                found.push(Signature::SidewaysPawn)
            }
            _ => {}
        }
    }
    if matches!(mover_name, "Finch" | "Rabbi" | "Cohen") && curves(before, mv) {
        found.push(Signature::CurvedMove);
    }
    if !eliminated(before, after).is_empty() {
        found.push(Signature::Elimination);
    }
    found.sort();
    found.dedup();
    found
}

/// The sides in the game before that are out of it after.
pub fn eliminated(before: &dyn Session, after: &dyn Session) -> Vec<Side> {
    if before.side_count() < 3 {
        return Vec::new();
    }
    (0..before.side_count())
        .map(Side)
        .filter(|&side| before.in_game(side) && !after.in_game(side))
        .collect()
}

/// The distance between two cells in steps of the board's grid (the
/// nearest two cells of the board are one step apart).
fn points_apart(session: &dyn Session, a: CellId, b: CellId) -> f32 {
    let layout = session.layout();
    let place = |c: CellId| layout.cells.get(c as usize).map(|c| c.place);
    let (Some(pa), Some(pb)) = (place(a), place(b)) else {
        return 0.0;
    };
    let first = layout.cells[0].place;
    let unit = layout
        .cells
        .iter()
        .filter(|c| c.board == layout.cells[0].board)
        .map(|c| ((c.place[0] - first[0]).powi(2) + (c.place[1] - first[1]).powi(2)).sqrt())
        .filter(|&d| d > 1e-3)
        .fold(f32::INFINITY, f32::min);
    ((pa[0] - pb[0]).powi(2) + (pa[1] - pb[1]).powi(2)).sqrt() / unit
}

/// A move along a rank (the same distance from White), to another cell.
fn sideways(session: &dyn Session, mv: &MoveInfo) -> bool {
    let layout = session.layout();
    let y = |c: CellId| layout.cells.get(c as usize).map(|c| c.place[1]);
    mv.route.from != mv.route.to
        && y(mv.route.from)
            .zip(y(mv.route.to))
            .is_some_and(|(a, b)| (a - b).abs() < 1e-3)
}

/// Whether the rules draw the move's route through more than one step:
/// a curved piece's path then turns at every cell it passes.
fn curves(session: &dyn Session, mv: &MoveInfo) -> bool {
    session.move_hints(&mv.text).iter().any(
        |hint| matches!(hint, Hint::Path { cells, kind: HintKind::Route, .. } if cells.len() >= 3),
    )
}

/// The caption of a move for a viewer who does not know the game: who
/// moves, what it shows, from where to where.
pub fn caption(before: &dyn Session, mv: &MoveInfo, after: &dyn Session) -> String {
    let found = moments(before, mv, after);
    let who = man_on(before, mv.route.from)
        .map(|(p, info)| capitalised(&owned_name(&p, &info)))
        .unwrap_or_else(|| before.side_to_move().name().to_string());
    let (from, to) = (
        cell_name(before, mv.route.from),
        cell_name(before, mv.route.to),
    );
    let has = |s: Signature| found.contains(&s);
    let mut text = if has(Signature::TransmitterCrossing) {
        format!("{who} crosses the Transmitter: {from} to {to}")
    } else if has(Signature::SwapCapture) {
        format!("{who} captures by swapping places: {from} and {to}")
    } else if has(Signature::FarJump) {
        let points = points_apart(before, mv.route.from, mv.route.to);
        if (points - points.round()).abs() < 0.05 {
            format!(
                "{who} jumps {} points, as far as its companions stand apart: {from} to {to}",
                points.round()
            )
        } else {
            format!("{who} leaps as far as its companions stand apart: {from} to {to}")
        }
    } else if has(Signature::LoomChange) {
        format!(
            "A Fate steps on the Loom, {from} to {to}: {}",
            loom_words(after, mv.route.to)
        )
    } else if has(Signature::SidewaysPawn) {
        format!("{who} steps sideways, as Opposition allows: {from} to {to}")
    } else if has(Signature::CurvedMove) {
        format!("{who} curves round: {from} to {to}")
    } else if mv.text == "pass" {
        format!(
            "{} has no legal move and passes",
            before.side_to_move().name()
        )
    } else if from == to {
        format!("{who} stays on {from}")
    } else if mv.is_capture() {
        format!("{who} captures: {from} to {to}")
    } else {
        format!("{who}: {from} to {to}")
    };
    if let Some(words) = move_words(before, &mv.text)
        && (has(Signature::ChakraFlip) || has(Signature::Promotion) || has(Signature::Imprisonment))
    {
        // The swap is told already.
        let words = words.trim_start_matches("the two men swap places; ");
        text.push_str(&format!("; {words}"));
    }
    for side in eliminated(before, after) {
        text.push_str(&format!(
            ". {} is eliminated: the whole army leaves the board",
            side.name()
        ));
    }
    if after.in_check() && after.outcome().is_none() {
        text.push_str(". Check!");
    }
    text
}

/// What the Loom square a Fate stepped onto does now, from the rules'
/// own words for it: "Opposition: pawns move … sideways".
fn loom_words(after: &dyn Session, square: CellId) -> String {
    after.cell_words(square).map_or_else(
        || "the rules change".to_string(),
        |words| {
            let name = words.name.trim_end_matches(" (Loom square)");
            let does = words
                .summary
                .split_once("While active, ")
                .map_or("", |(_, does)| does.trim_end_matches('.'));
            format!("{name} is active, {does}")
        },
    )
}
