//! What a diagram marks on a staged board, every mark taken from the
//! rules' legal moves and rule hints for the man's cell.

use crate::rules::session::Session;
use crate::rules::view::{CellId, Hint, HintKind};

use super::stage::Game;
use super::text::{Figure, Scene};

/// One marked cell.
#[derive(Clone, PartialEq, Debug)]
pub struct Mark {
    pub cell: CellId,
    /// A legal move of the drawn position ends here on a cell it leaves
    /// as it is (nobody taken).
    pub moves: bool,
    /// A legal move of the drawn position takes a man here.
    pub captures: bool,
    /// On an empty board: with one enemy man standing here the man would
    /// take him. The position text of that board, so that anyone can ask
    /// the rules again.
    pub captures_if_enemy: Option<String>,
}

/// A way a move travels that a straight arrow would misdraw: a curved
/// hex path, a route through Chakra's Transmitter.
#[derive(Clone, PartialEq, Debug)]
pub struct RoutePath {
    pub cells: Vec<CellId>,
    pub label: Option<String>,
}

/// A line the rules draw while the man is selected: Flaxman's definers,
/// Chakra's Transmitter.
#[derive(Clone, PartialEq, Debug)]
pub struct RuleLine {
    pub from: CellId,
    pub to: CellId,
    pub kind: HintKind,
    pub label: Option<String>,
}

/// Everything drawn over one board.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Overlay {
    pub marks: Vec<Mark>,
    /// The man has a move that ends where it starts (a pass, a flip).
    pub stays: bool,
    pub routes: Vec<RoutePath>,
    pub lines: Vec<RuleLine>,
    /// Targets his ordinary move would reach but a rule forbids, and why.
    pub forbidden: Vec<(CellId, String)>,
    /// Every empty cell was asked whether he would take an enemy there
    /// (see [`add_captures_if_enemy`]): a move mark without such a capture
    /// is a move that takes nobody.
    pub probed: bool,
}

/// The marks of the real legal moves from `man`, its routes and the rule
/// hints of its cell.
pub fn overlay(session: &dyn Session, man: CellId) -> Overlay {
    let mut overlay = Overlay::default();
    let moves: Vec<_> = session
        .legal_moves()
        .into_iter()
        .filter(|m| m.route.from == man)
        .collect();
    for mv in &moves {
        if mv.route.to == man {
            overlay.stays = true;
            continue;
        }
        let mark = match overlay.marks.iter_mut().find(|m| m.cell == mv.route.to) {
            Some(mark) => mark,
            None => {
                overlay.marks.push(Mark {
                    cell: mv.route.to,
                    moves: false,
                    captures: false,
                    captures_if_enemy: None,
                });
                overlay.marks.last_mut().expect("just pushed")
            }
        };
        if mv.is_capture() {
            mark.captures = true;
        } else {
            mark.moves = true;
        }
        // Only a route that bends says more than the mark does.
        for hint in session.move_hints(&mv.text) {
            if let Hint::Path { cells, label, .. } = hint
                && cells.len() > 2
                && overlay
                    .routes
                    .iter()
                    .all(|r| r.cells.last() != cells.last())
            {
                overlay.routes.push(RoutePath { cells, label });
            }
        }
    }
    add_rule_hints(&mut overlay, session.selection_hints(man));
    overlay.marks.sort_by_key(|m| m.cell);
    overlay
}

fn add_rule_hints(overlay: &mut Overlay, hints: Vec<Hint>) {
    for hint in hints {
        match hint {
            Hint::Line {
                from,
                to,
                kind,
                label,
            } => overlay.lines.push(RuleLine {
                from,
                to,
                kind,
                label,
            }),
            Hint::Mark {
                at,
                kind: HintKind::Forbidden,
                label,
            } => overlay.forbidden.push((at, label)),
            _ => {}
        }
    }
}

/// On an empty board the man takes nobody; so each empty cell of his board
/// is asked again with one enemy man standing there alone: the cells where
/// the rules then let him take that man are marked as captures.
pub fn add_captures_if_enemy(overlay: &mut Overlay, game: &Game, scene: &Scene, man: CellId) {
    let (Some(letter), Some(&enemy)) = (game.target_letter(), game.others.first()) else {
        return;
    };
    let on_board = |c: CellId| game.layout.cells.get(usize::from(c)).map(|c| c.board);
    if on_board(man) != Some(0) {
        return;
    }
    // Whether every empty cell could be asked (a game whose positions
    // cannot hold one more man answers nothing).
    let mut answered = true;
    for cell in game.board_cells() {
        if cell == man || scene.figures.iter().any(|f| f.cell == cell) {
            continue;
        }
        let mut probe = scene.clone();
        probe.figures.push(Figure {
            cell,
            letter,
            side: enemy,
            state: crate::rules::view::ManState::Normal,
        });
        let Ok(session) = game.session(&probe) else {
            answered = false;
            continue;
        };
        let takes = session
            .legal_moves()
            .iter()
            .any(|m| m.route.from == man && m.route.to == cell && m.is_capture());
        if !takes {
            continue;
        }
        let text = session.position_text();
        match overlay.marks.iter_mut().find(|m| m.cell == cell) {
            Some(mark) => mark.captures_if_enemy = Some(text),
            None => overlay.marks.push(Mark {
                cell,
                moves: false,
                captures: false,
                captures_if_enemy: Some(text),
            }),
        }
    }
    overlay.marks.sort_by_key(|m| m.cell);
    overlay.probed = answered;
}
