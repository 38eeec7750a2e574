//! Click a piece to select it and see its targets; click a target to move.
//! Several moves on one route (promotions, a chakra move with or without a
//! flip) become a choice for the person to make.

use bevy::prelude::*;

use crate::app::play::game::{
    CellClicked, GameStarted, GameSystems, HistoryRequested, HumanSides, Match, MoveApplied,
    MoveRequested,
};
use crate::app::play::remote::MoveProposed;
use crate::rules::glossary;
use crate::rules::view::CellId;

/// A cell the selected piece can reach, with the moves that reach it.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub cell: CellId,
    pub moves: Vec<String>,
    pub capture: bool,
}

#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Selection {
    pub from: Option<CellId>,
    pub targets: Vec<Target>,
}

/// The targets of the piece selected on `from`.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct LegalMoves {
    pub from: CellId,
    pub targets: Vec<Target>,
}

/// Moves sharing the clicked route, waiting for the person to pick one.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct PendingChoice {
    pub moves: Vec<String>,
}

/// A click played and selected nothing, and the panel says why.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClickRefused {
    pub cell: CellId,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ClickRefused>()
        .add_message::<LegalMoves>()
        .init_resource::<Selection>()
        .init_resource::<PendingChoice>()
        .add_systems(
            Update,
            (
                select_or_move.before(GameSystems),
                // After the match changed in this very frame, not one later.
                clear_on_change.after(GameSystems),
            ),
        );
}

pub fn clear_on_change(
    mut selection: ResMut<Selection>,
    mut pending: ResMut<PendingChoice>,
    mut applied: MessageReader<MoveApplied>,
    mut history: MessageReader<HistoryRequested>,
    mut started: MessageReader<GameStarted>,
    mut proposed: MessageReader<MoveProposed>,
) {
    let changes = applied.read().count() + history.read().count() + started.read().count();
    if changes + proposed.read().count() > 0 {
        *selection = Selection::default();
        *pending = PendingChoice::default();
    }
}

/// The targets of the piece on `from`, grouped by destination cell.
pub fn targets_from(game: &Match, from: CellId) -> Vec<Target> {
    let mut targets: Vec<Target> = Vec::new();
    for mv in game.session.legal_moves() {
        if mv.route.from != from {
            continue;
        }
        match targets.iter_mut().find(|t| t.cell == mv.route.to) {
            Some(target) => {
                target.moves.push(mv.text.clone());
                target.capture |= mv.is_capture();
            }
            None => targets.push(Target {
                cell: mv.route.to,
                capture: mv.is_capture(),
                moves: vec![mv.text.clone()],
            }),
        }
    }
    targets
}

pub fn select_or_move(
    mut clicks: MessageReader<CellClicked>,
    game: Option<ResMut<Match>>,
    humans: Res<HumanSides>,
    mut selection: ResMut<Selection>,
    mut pending: ResMut<PendingChoice>,
    mut legal: MessageWriter<LegalMoves>,
    mut requests: MessageWriter<MoveRequested>,
    mut refused: MessageWriter<ClickRefused>,
) {
    let Some(mut game) = game else {
        clicks.clear();
        return;
    };
    for &CellClicked { cell } in clicks.read() {
        let side = game.session.side_to_move().index();
        if game.is_over() || !humans.0.get(side).copied().unwrap_or(true) {
            continue;
        }
        let chosen = selection
            .from
            .and_then(|_| selection.targets.iter().find(|t| t.cell == cell));
        if let Some(target) = chosen {
            if let [only] = &target.moves[..] {
                requests.write(MoveRequested { text: only.clone() });
            } else {
                pending.moves = target.moves.clone();
            }
            continue;
        }
        let targets = targets_from(&game, cell);
        if !targets.is_empty() && selection.from != Some(cell) {
            *pending = PendingChoice::default();
            selection.from = Some(cell);
            selection.targets = targets.clone();
            if game.notice.is_some() {
                game.notice = None;
            }
            legal.write(LegalMoves {
                from: cell,
                targets,
            });
            continue;
        }
        // A click that plays and selects nothing says why.
        if selection.from != Some(cell) {
            let session = game.session.as_ref();
            let mover = Some(session.side_to_move());
            let own_man = glossary::man_on(session, cell).is_some_and(|(p, _)| p.side == mover);
            let why = match selection.from {
                Some(from) if !own_man => glossary::refusal(session, from, cell),
                _ => glossary::idle_click(session, cell),
            };
            if why.is_some() {
                refused.write(ClickRefused { cell });
            }
            if why.is_some() || game.notice.is_some() {
                game.notice = why;
            }
        }
        *selection = Selection::default();
        *pending = PendingChoice::default();
    }
}
