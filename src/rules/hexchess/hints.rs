//! Hex chess rule hints for the app, two-player and three-player alike: the
//! curved path a Finch, Rabbi or Cohen takes, the line or path of each check,
//! and reminders on the Anglojewish pieces. Only the app asks for these, never
//! the move generator.

use super::shared::{Kind, Move, Tables, bit};
use crate::rules::side::Side;
use crate::rules::view::{CellId, Hint, HintKind};

/// What the hints read of a position, two-player or three-player: the
/// generator's tables and its own answers, so both games share one set of
/// hints (and a drawn path is always one the generator accepts).
pub(super) trait HintBoard {
    /// The board's move tables.
    fn tables(&self) -> &Tables;
    /// The cells holding a man of any side.
    fn occupied(&self) -> u128;
    /// The man on a cell: its type and owner.
    fn piece_at(&self, cell: u8) -> Option<(Kind, Side)>;
    /// The cell of the pawn `mv` takes en passant, if it is such a capture.
    fn passed_pawn_cell(&self, mv: Move) -> Option<u8>;
    /// The royal cell of the side to move (None without one) and the men of
    /// every other side still in the game.
    fn royal_and_enemies(&self) -> Option<(u8, u128)>;
    /// Whether the one man on `attacker` attacks `cell` (the generator's
    /// attack test asked about that man alone).
    fn man_attacks(&self, attacker: u8, cell: u8) -> bool;
}

/// A reminder of how an Anglojewish piece moves, on its cell: these are
/// the pieces a player is least likely to know. Classical pieces and
/// pawns get nothing (their moves speak for themselves).
pub(super) fn selection_hints(pos: &impl HintBoard, from: CellId) -> Vec<Hint> {
    let Some((kind, _)) = u8::try_from(from).ok().and_then(|c| pos.piece_at(c)) else {
        return Vec::new();
    };
    piece_note(kind)
        .map(|label| Hint::Mark {
            at: from,
            kind: HintKind::Note,
            label: label.into(),
        })
        .into_iter()
        .collect()
}

/// The way the move goes, as a `Route` Path: for a Finch, Rabbi or Cohen
/// the shortest clear curved path, cell by cell, labelled with its shape
/// ("Finch: 3 steps, turning left"); for a leap the two cells with
/// "√7 leap, never blocked"; for anything else the two cells, and for en
/// passant a Note on the pawn it takes. Empty when no man stands on
/// the move's cell or a curved piece has no clear path (no legal move).
pub(super) fn move_hints(pos: &impl HintBoard, mv: Move) -> Vec<Hint> {
    let Some((kind, _)) = pos.piece_at(mv.from) else {
        return Vec::new();
    };
    if usize::from(mv.to) >= pos.tables().grid.len() || mv.from == mv.to {
        return Vec::new();
    }
    let route = |cells: Vec<CellId>, label: Option<String>| Hint::Path {
        cells,
        kind: HintKind::Route,
        label,
    };
    let straight = vec![CellId::from(mv.from), CellId::from(mv.to)];
    match kind {
        Kind::Finch | Kind::Rabbi | Kind::Cohen => piece_route(pos, kind, mv.from, mv.to)
            .map(|r| route(route_cells(pos, mv.from, r), Some(r.label(kind))))
            .into_iter()
            .collect(),
        Kind::Knight | Kind::Sennight => {
            vec![route(straight, Some("√7 leap, never blocked".into()))]
        }
        Kind::Pawn => match pos.passed_pawn_cell(mv) {
            Some(passed) => vec![
                route(straight, Some("en passant".into())),
                Hint::Mark {
                    at: passed.into(),
                    kind: HintKind::Note,
                    label: "taken en passant".into(),
                },
            ],
            None => vec![route(straight, None)],
        },
        _ => vec![route(straight, None)],
    }
}

/// One `Check` hint per enemy man attacking the royal piece of the side
/// to move (with three players, the men of both others still in the game),
/// in cell order: a Line from a rider, leaper, royal piece or pawn-like
/// piece; for a Finch, Rabbi or Cohen the clear curved Path from it to the
/// royal piece. Empty exactly when not in check.
pub(super) fn check_hints(pos: &impl HintBoard) -> Vec<Hint> {
    let Some((royal, mut enemy)) = pos.royal_and_enemies() else {
        return Vec::new();
    };
    let mut hints = Vec::new();
    while enemy != 0 {
        let attacker = enemy.trailing_zeros() as u8;
        enemy &= enemy - 1;
        hints.extend(check_hint(pos, attacker, royal));
    }
    hints
}

/// One way along a curved path: which table (0 Finch, 1 Rabbi), which path
/// from the cell (p = 2k + (t = −1), as in [`Tables::curved`]) and how many of
/// its steps the move takes.
#[derive(Clone, Copy, Debug)]
struct CurvedRoute {
    w: usize,
    p: usize,
    steps: usize,
}

impl CurvedRoute {
    /// "Finch: 3 steps, turning left"; a Cohen says which way it goes
    /// ("Cohen, as a Rabbi: 1 step"). The turn is seen from above with White
    /// at the bottom (the app's view, and the same handedness from Black's
    /// side): e0..e5 and d0..d5 go anticlockwise, so t = +1 (even p) turns
    /// left and t = −1 right. One step has no turn.
    /// t = +1 (even p): each step's direction is the next anticlockwise.
    fn turns_left(self) -> bool {
        self.p.is_multiple_of(2)
    }

    fn label(self, kind: Kind) -> String {
        let way = if self.w == 0 { "Finch" } else { "Rabbi" };
        let piece = match kind {
            Kind::Cohen => format!("Cohen, as a {way}"),
            _ => way.to_string(),
        };
        match self.steps {
            1 => format!("{piece}: 1 step"),
            n if self.turns_left() => format!("{piece}: {n} steps, turning left"),
            n => format!("{piece}: {n} steps, turning right"),
        }
    }
}

/// The rule reminder shown on a selected Anglojewish piece.
fn piece_note(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Finch => Some("Finch: 1–4 orthogonal steps, each turning the same way"),
        Kind::Rabbi => Some("Rabbi: 1–4 diagonal steps, each turning the same way"),
        Kind::Cohen => Some("Cohen: moves as a Finch or as a Rabbi"),
        Kind::Sennight => Some("Sennight: leaps √7, never blocked"),
        Kind::General => Some("General: one orthogonal step; royal"),
        _ => None,
    }
}

/// The shortest clear curved path of table `w` (0 Finch, 1 Rabbi) from
/// `from` to `to` on this board; of several equally short, the first in
/// the tables' order. Every landing cell before `to` must be empty (`to`
/// may hold the man it captures or attacks).
fn curved_route(pos: &impl HintBoard, w: usize, from: u8, to: u8) -> Option<CurvedRoute> {
    let t = pos.tables();
    let c = usize::from(from);
    if w > 1 || c >= t.grid.len() {
        return None;
    }
    let occ = pos.occupied();
    let mut best: Option<CurvedRoute> = None;
    for p in 0..12 {
        let path = &t.curved[w][c][p][..usize::from(t.curved_len[w][c][p])];
        for (i, &x) in path.iter().enumerate() {
            if x == to {
                if best.is_none_or(|b| i + 1 < b.steps) {
                    best = Some(CurvedRoute { w, p, steps: i + 1 });
                }
                break;
            }
            if occ & bit(x) != 0 {
                break;
            }
        }
    }
    best
}

/// The path a curved piece takes from `from` to `to`: a Cohen's fewest
/// steps as either piece, the Finch's on a tie.
fn piece_route(pos: &impl HintBoard, kind: Kind, from: u8, to: u8) -> Option<CurvedRoute> {
    let finch = || curved_route(pos, 0, from, to);
    let rabbi = || curved_route(pos, 1, from, to);
    match kind {
        Kind::Finch => finch(),
        Kind::Rabbi => rabbi(),
        Kind::Cohen => match (finch(), rabbi()) {
            (Some(f), Some(r)) if r.steps < f.steps => Some(r),
            (Some(f), _) => Some(f),
            (None, r) => r,
        },
        _ => None,
    }
}

/// `from`, then every cell the route's steps land on.
fn route_cells(pos: &impl HintBoard, from: u8, r: CurvedRoute) -> Vec<CellId> {
    let path = pos.tables().curved[r.w][usize::from(from)][r.p];
    std::iter::once(from)
        .chain(path.into_iter().take(r.steps))
        .map(CellId::from)
        .collect()
}

/// The hint for `attacker` if it attacks the royal piece on `royal`:
/// the generator's own attack test asked about that one man, then its
/// curved path when it has one, else the straight line.
fn check_hint(pos: &impl HintBoard, attacker: u8, royal: u8) -> Option<Hint> {
    let (kind, _) = pos.piece_at(attacker)?;
    if !pos.man_attacks(attacker, royal) {
        return None;
    }
    Some(match piece_route(pos, kind, attacker, royal) {
        Some(route) => Hint::Path {
            cells: route_cells(pos, attacker, route),
            kind: HintKind::Check,
            label: None,
        },
        None => Hint::Line {
            from: attacker.into(),
            to: royal.into(),
            kind: HintKind::Check,
            label: None,
        },
    })
}
