//! The words a player reads about the men and moves of each game: a man's
//! name and how it moves in one line, what a pawn-like kind does, what a
//! move's notation says beyond its two cells, and why a move the player
//! tried is not legal. Rule knowledge, so it lives here; the app only shows
//! it.

use super::registry::describe;
use super::session::{MoveInfo, Session};
use super::variant::{PawnKind, Variant, VariantId};
use super::view::{CellId, Effect, Hint, HintKind, ManState, Placement};

pub use super::men::{chess_man, pawn_info, promotion_info};
pub use super::view::ManInfo;

/// "12 moves": a game's length as players count it, in rounds (one move
/// of each side), whatever the number of sides.
pub fn rounds_phrase(plies: usize, sides: u8) -> String {
    let rounds = plies.div_ceil(usize::from(sides.max(1)));
    let plural = if rounds == 1 { "" } else { "s" };
    format!("{rounds} move{plural}")
}

/// The name, one-line move and model of the man a placement shows, in this
/// game (letters mean different men in different games): the game's own
/// words, as its registry entry names them.
pub fn man_info(variant: Variant, letter: char, state: ManState) -> Option<ManInfo> {
    (describe(variant.id).men)(variant, letter, state)
}

/// The pawn-like kind a hex game plays with when none is chosen.
pub fn default_pawn(id: VariantId) -> Option<PawnKind> {
    describe(id).default_pawn
}

/// The words for a man standing in the game: the topmost on `cell`, with
/// its side ("White's Knight").
pub fn man_on(session: &dyn Session, cell: CellId) -> Option<(Placement, ManInfo)> {
    let top = session
        .placements()
        .into_iter()
        .filter(|p| p.cell == cell)
        .max_by_key(|p| p.level)?;
    let info = man_info(session.variant(), top.letter, top.state)?;
    Some((top, info))
}

/// The text with its first letter upper-case: a sentence's start.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "White's Knight", "the chakra" (no side: "a Fate").
pub fn owned_name(placement: &Placement, info: &ManInfo) -> String {
    match placement.side {
        Some(side) => format!("{}'s {}", side.name(), info.name),
        None => format!("a {}", info.name),
    }
}

/// What a legal move does beyond carrying a man from one cell to another,
/// in words: what a promotion becomes, what `^` does, a Flaxman swap, a
/// pass. None for a plain move, or when `text` is not a legal move.
pub fn move_words(session: &dyn Session, text: &str) -> Option<String> {
    let variant = session.variant();
    let mv = session.legal_moves().into_iter().find(|m| m.text == text)?;
    let mover = man_on(session, mv.route.from);
    let mover_name = mover.map_or("the man", |(_, info)| info.name);
    let chakra = |state: ManState| match state {
        ManState::KingMode => Some("king"),
        ManState::KnightMode => Some("knight"),
        _ => None,
    };
    let mut parts: Vec<String> = Vec::new();
    let swap = mv.effects.iter().find_map(|e| match *e {
        Effect::Swap { a, b } => Some((a, b)),
        _ => None,
    });
    for effect in &mv.effects {
        match *effect {
            Effect::Transform { at, letter, state } => {
                let before = man_on(session, came_from(&mv, at));
                let name = man_info(variant, letter, state).map_or("?", |i| i.name);
                match (before, state) {
                    (Some((p, info)), ManState::Prisoner) => {
                        parts.push(format!("{} becomes a {name}", owned_name(&p, &info)))
                    }
                    (Some((p, _)), _) if p.state == ManState::Prisoner => {
                        parts.push(format!("the Prisoner is freed: a {name} again"))
                    }
                    _ => parts.push(format!("the {mover_name} becomes a {name}")),
                }
            }
            Effect::Flip { at } => parts.push(flip_words(session, &mv, at)),
            _ => {}
        }
    }
    if swap.is_some() {
        parts.insert(0, "the two men swap places".into());
    }
    let flips = mv.effects.iter().any(|e| matches!(e, Effect::Flip { .. }));
    if let Some((p, _)) = mover
        && let Some(mode) = chakra(p.state)
        && !flips
        && mv.route.from != mv.route.to
    {
        parts.push(format!("the chakra keeps its {mode} mode"));
    }
    if mv.route.from == mv.route.to && !flips {
        parts.push("a pass: the piece stays on its chakra".into());
    }
    if mv
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Transmit { .. }))
    {
        parts.push("carried through the Transmitter".into());
    }
    if parts.is_empty() && changes_beside(session, &mv) {
        parts.push(format!("the {mover_name} stays a {mover_name}"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// Where the man standing on `cell` after `mv` stood before it: the
/// other cell of a swap (a Flaxman capture), else the same cell.
pub fn came_from(mv: &MoveInfo, cell: CellId) -> CellId {
    let swap = mv.effects.iter().find_map(|e| match *e {
        Effect::Swap { a, b } => Some((a, b)),
        _ => None,
    });
    match swap {
        Some((a, b)) if cell == a => b,
        Some((a, b)) if cell == b => a,
        _ => cell,
    }
}

/// "The chakra turns over (flips) to king mode": the mode the chakra
/// flipped on `at` by `mv` turns to. A chakra that moves and turns over
/// stands on the move's first cell before it.
fn flip_words(session: &dyn Session, mv: &MoveInfo, at: CellId) -> String {
    let was_at = if at == mv.route.to { mv.route.from } else { at };
    let before = session
        .placements()
        .into_iter()
        .find(|p| p.cell == was_at && matches!(p.state, ManState::KingMode | ManState::KnightMode));
    let other = match before.map(|p| p.state) {
        Some(ManState::KingMode) => "knight",
        _ => "king",
    };
    format!("the chakra turns over (flips) to {other} mode")
}

/// Whether another legal move along `mv`'s route changes the man (a
/// promotion beside the plain move): then the plain move says it does not.
fn changes_beside(session: &dyn Session, mv: &MoveInfo) -> bool {
    session.legal_moves().iter().any(|m| {
        m.route == mv.route
            && m.text != mv.text
            && m.effects
                .iter()
                .any(|e| matches!(e, Effect::Transform { .. }))
    })
}

/// The rule a game names for a target the man on `from` may not go to
/// (a Loom square's restriction, a Fate's step back), without the word
/// "forbidden"; with `to` None, the first such target and its rule.
fn forbidden(session: &dyn Session, from: CellId, to: Option<CellId>) -> Option<(CellId, String)> {
    session
        .selection_hints(from)
        .into_iter()
        .find_map(|hint| match hint {
            Hint::Mark {
                at,
                kind: HintKind::Forbidden,
                label,
            } if to.is_none_or(|to| at == to) => {
                let reason = label.strip_prefix("forbidden: ").unwrap_or(&label);
                Some((at, reason.to_string()))
            }
            _ => None,
        })
}

/// A cell's name in the game's notation (`?` for no cell of the board).
pub fn cell_name(session: &dyn Session, cell: CellId) -> String {
    session
        .layout()
        .cells
        .get(cell as usize)
        .map_or("?".to_string(), |c| c.name.clone())
}

/// Why the player's click from `from` to `to` plays nothing, in a line for
/// the status bar.
pub fn refusal(session: &dyn Session, from: CellId, to: CellId) -> Option<String> {
    let step = format!("{}-{}", cell_name(session, from), cell_name(session, to));
    // A rule the game names for this very target says it best.
    if let Some((_, reason)) = forbidden(session, from, Some(to)) {
        return Some(format!("{step} is not allowed: {reason}"));
    }
    let mover = match man_on(session, from) {
        Some((placement, info)) => owned_name(&placement, &info),
        None => format!("the man on {}", cell_name(session, from)),
    };
    let why = if session.in_check() {
        format!(
            " ({} is in check: only a move that ends the check is legal)",
            session.side_to_move().name()
        )
    } else {
        String::new()
    };
    Some(format!("{step}: {mover} cannot go there{why}"))
}

/// Why a click on `cell` with nothing selected selects nothing: an empty
/// cell says what to click first; a man that stands there is not the
/// mover's, or has no legal move (and the rule that stops it, when the game
/// names one).
pub fn idle_click(session: &dyn Session, cell: CellId) -> Option<String> {
    let Some((placement, info)) = man_on(session, cell) else {
        return Some(empty_click(session, cell));
    };
    let mover = session.side_to_move();
    let who = owned_name(&placement, &info);
    let here = cell_name(session, cell);
    if let Some(side) = placement.side
        && side != mover
    {
        return Some(format!("That is {who}: {} to move", mover.name()));
    }
    if session.legal_moves().iter().any(|m| m.route.from == cell) {
        return None;
    }
    if let Some((to, reason)) = forbidden(session, cell, None) {
        let step = format!("{here}-{}", cell_name(session, to));
        return Some(capital(format!(
            "{who} on {here} cannot move ({step}: {reason})"
        )));
    }
    if session.in_check() {
        return Some(capital(format!(
            "{who} on {here} has no move that ends the check on {}",
            mover.name()
        )));
    }
    Some(capital(format!("{who} on {here} has no legal move now")))
}

/// What to do instead of clicking the empty `cell`: click a man that can
/// go there first (naming one), or, when none can, one of the mover's men.
fn empty_click(session: &dyn Session, cell: CellId) -> String {
    let here = cell_name(session, cell);
    let legal = session.legal_moves();
    let mut reaching = legal
        .iter()
        .filter(|m| m.route.to == cell && m.route.from != cell);
    let Some(first) = reaching.next() else {
        return format!(
            "Nothing stands on {here}, and no move of {} ends there now: select one of your men first",
            session.side_to_move().name()
        );
    };
    let from = first.route.from;
    let others = reaching.filter(|m| m.route.from != from).count();
    let who = man_on(session, from).map_or_else(
        || "a man".to_string(),
        |(placement, info)| owned_name(&placement, &info),
    );
    let also = match others {
        0 => String::new(),
        1 => " (one other man can go there too)".to_string(),
        n => format!(" ({n} other men can go there too)"),
    };
    format!(
        "Nothing stands on {here}: click {who} on {} first, then {here}{also}",
        cell_name(session, from)
    )
}

/// The line with its first letter in upper case.
fn capital(line: String) -> String {
    let mut chars = line.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => line,
    }
}
