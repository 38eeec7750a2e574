//! Static evaluation: how good a position is for the side to move, in
//! centipawn-like units.
//!
//! Every game gets the [`generic`] evaluation, built only from the public
//! [`Position`] trait and its view: material from the letters of
//! [`Position::placements`] and mobility. A game with its own ideas
//! implements [`GameEval`] in a module here and adds one line to
//! [`Evaluator::for_game`]; the search never changes. The dispatch is by the
//! position's type, so it works for whatever type [`Variant::visit`] hands
//! out — no change to the rules code or to the visitor is needed.
//!
//! [`Variant::visit`]: crate::rules::variant::Variant::visit

pub mod chakra;
pub mod flaxman;
pub mod hexchess;
pub mod tapestry;

use std::any::Any;

use crate::rules::chakra::Chakra;
use crate::rules::flaxman::Flaxman;
use crate::rules::hexchess::{HexChess, HexChess3};
use crate::rules::tapestry::Tapestry;
use crate::rules::view::ManState;
use crate::rules::{Position, Side};

/// A game's own evaluation and its idea of a noisy move.
pub trait GameEval: Position {
    /// The position's value for the side to move (positive: good for it).
    /// Must not return a mate-range score (keep within ±[`MAX_EVAL`]).
    fn evaluate(&self) -> i32;
    /// The position's value for `side`, whoever is to move (the paranoid
    /// search of games of more than two sides asks for its own side). By
    /// default the mover's value, negated for anyone else (two sides).
    fn evaluate_for(&self, side: Side) -> i32 {
        if side == self.side_to_move() {
            self.evaluate()
        } else {
            -self.evaluate()
        }
    }
    /// The moves quiescence plays; by default the game's own
    /// [`Position::is_noisy`].
    fn is_noisy_move(&self, mv: Self::Move) -> bool {
        self.is_noisy(mv)
    }
    /// Appends the legal moves [`GameEval::is_noisy_move`] accepts. A game
    /// that can generate them without the quiet ones overrides this.
    fn noisy_moves(&self, moves: &mut Vec<Self::Move>) {
        push_noisy(self, moves, |pos, mv| pos.is_noisy_move(mv));
    }
}

/// The legal moves `noisy` accepts, appended to `moves`.
fn push_noisy<P: Position>(pos: &P, moves: &mut Vec<P::Move>, noisy: impl Fn(&P, P::Move) -> bool) {
    let start = moves.len();
    pos.legal_moves(moves);
    let mut kept = start;
    for i in start..moves.len() {
        if noisy(pos, moves[i]) {
            moves[kept] = moves[i];
            kept += 1;
        }
    }
    moves.truncate(kept);
}

/// The largest value an evaluation may give; mate scores lie far above.
pub const MAX_EVAL: i32 = 10_000;

/// The evaluation the search uses for one game type: plain function pointers,
/// chosen once per search.
pub struct Evaluator<P: Position> {
    evaluate: fn(&P) -> i32,
    evaluate_for: fn(&P, Side) -> i32,
    noisy: fn(&P, P::Move) -> bool,
    noisy_moves: fn(&P, &mut Vec<P::Move>),
    /// Which evaluation this is, for reports ("flaxman", "generic").
    pub name: &'static str,
}

impl<P: Position> Clone for Evaluator<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Position> Copy for Evaluator<P> {}

impl<P: Position> Evaluator<P> {
    /// The game's own evaluation when it has one, else the generic one.
    pub fn for_game() -> Self {
        Self::specific::<Flaxman>("flaxman")
            .or_else(|| Self::specific::<Chakra>("chakra"))
            .or_else(|| Self::specific::<HexChess>("hexchess"))
            .or_else(|| Self::specific::<HexChess3>("hexchess-3p"))
            .or_else(|| Self::specific::<Tapestry>("tapestry"))
            .unwrap_or_else(Self::generic)
    }

    /// The generic evaluation, for any game.
    pub fn generic() -> Self {
        Evaluator {
            evaluate: generic::<P>,
            evaluate_for: |pos, side| {
                let value = generic(pos);
                if side == pos.side_to_move() {
                    value
                } else {
                    -value
                }
            },
            noisy: |pos, mv| pos.is_noisy(mv),
            noisy_moves: |pos, moves| push_noisy(pos, moves, |p, mv| p.is_noisy(mv)),
            name: "generic",
        }
    }

    /// `G`'s evaluation, when `P` is `G`.
    fn specific<G: GameEval>(name: &'static str) -> Option<Self> {
        if std::any::TypeId::of::<P>() == std::any::TypeId::of::<G>() {
            Some(Evaluator {
                evaluate: evaluate_as::<P, G>,
                evaluate_for: evaluate_for_as::<P, G>,
                noisy: noisy_as::<P, G>,
                noisy_moves: noisy_moves_as::<P, G>,
                name,
            })
        } else {
            None
        }
    }

    pub fn evaluate(&self, pos: &P) -> i32 {
        (self.evaluate)(pos).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The position's value for `side`, whoever is to move.
    pub fn evaluate_for(&self, pos: &P, side: Side) -> i32 {
        (self.evaluate_for)(pos, side).clamp(-MAX_EVAL, MAX_EVAL)
    }

    pub fn is_noisy(&self, pos: &P, mv: P::Move) -> bool {
        (self.noisy)(pos, mv)
    }

    /// Appends the legal moves [`Self::is_noisy`] accepts.
    pub fn noisy_moves(&self, pos: &P, moves: &mut Vec<P::Move>) {
        (self.noisy_moves)(pos, moves)
    }
}

/// `G::evaluate` on a `P` that is a `G` (checked when the evaluator was made;
/// the downcast is a type-id comparison).
fn evaluate_as<P: Position, G: GameEval>(pos: &P) -> i32 {
    (pos as &dyn Any)
        .downcast_ref::<G>()
        .map_or_else(|| generic(pos), G::evaluate)
}

fn evaluate_for_as<P: Position, G: GameEval>(pos: &P, side: Side) -> i32 {
    match (pos as &dyn Any).downcast_ref::<G>() {
        Some(g) => g.evaluate_for(side),
        None if side == pos.side_to_move() => generic(pos),
        None => -generic(pos),
    }
}

fn noisy_as<P: Position, G: GameEval>(pos: &P, mv: P::Move) -> bool {
    let g = (pos as &dyn Any).downcast_ref::<G>();
    let m = (&mv as &dyn Any).downcast_ref::<G::Move>();
    match (g, m) {
        (Some(g), Some(&m)) => g.is_noisy_move(m),
        _ => pos.is_noisy(mv),
    }
}

fn noisy_moves_as<P: Position, G: GameEval>(pos: &P, moves: &mut Vec<P::Move>) {
    let g = (pos as &dyn Any).downcast_ref::<G>();
    let list = (moves as &mut dyn Any).downcast_mut::<Vec<G::Move>>();
    match (g, list) {
        (Some(g), Some(list)) => g.noisy_moves(list),
        _ => push_noisy(pos, moves, |p, mv| p.is_noisy(mv)),
    }
}

/// A rough value per piece letter, shared by the chess-like games: the usual
/// chess values for the usual letters, 300 for anything unknown. Royal
/// pieces count nothing (losing them is mate, scored by the search).
pub fn letter_value(letter: char) -> i32 {
    match letter {
        'K' => 0,
        'P' => 100,
        'N' => 300,
        'B' => 320,
        'R' => 500,
        'Q' => 900,
        _ => 300,
    }
}

/// The generic evaluation: material (by [`letter_value`], from the view, men
/// belonging to nobody ignored, Flaxman-style Prisoners counted as nothing)
/// plus a little for each legal move of the side to move. Other sides'
/// mobility is not known without playing a move, so it is left out; for more
/// than two sides the mover's material is compared with the strongest rival.
pub fn generic<P: Position>(pos: &P) -> i32 {
    let sides = usize::from(pos.side_count().max(1));
    let mut material = [0i32; 8];
    for p in pos.placements() {
        let Some(side) = p.side else { continue };
        if p.state == ManState::Prisoner {
            continue;
        }
        if let Some(m) = material.get_mut(side.index()) {
            *m += letter_value(p.letter);
        }
    }
    let me: Side = pos.side_to_move();
    let mine = material.get(me.index()).copied().unwrap_or(0);
    let best_rival = (0..sides.min(8))
        .filter(|&s| s != me.index())
        .map(|s| material[s])
        .max()
        .unwrap_or(0);
    let mobility = pos.count_legal_moves().min(200) as i32;
    mine - best_rival + 2 * mobility
}
