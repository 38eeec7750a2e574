//! The rules of one game as a trait, and the seam through which a game
//! brings its own evaluation to the engine.

use std::fmt::Debug;
use std::hash::Hash;

use super::notation::{MoveError, PositionError};
use super::outcome::Outcome;
use super::side::Side;
use super::view::{BoardLayout, CellId, CellWords, Effect, Hint, Placement, Route};

/// The rules of one game. A value is a complete position: placement, side to
/// move and every piece of state the rules need (but not the game's history,
/// which [`Game`](super::history::Game) keeps for the draw rules).
///
/// Move generators are named alike in every game: `legal_moves`,
/// `count_legal_moves` and `noisy_moves` here; inside a game,
/// `for_each_legal` (or `for_each_pseudo_legal`, before the check test) calls
/// back once per move, and `push_legal` (`count_and_push_legal`) appends to
/// a list.
pub trait Position: Clone + PartialEq + Eq + Debug + Send + Sync + Evaluated + 'static {
    type Move: Copy + PartialEq + Eq + Hash + Debug + Send + Sync + 'static;
    /// What [`Position::play`] returns so that [`Position::undo`] can restore
    /// the exact previous position.
    type Undo: Copy + Debug + Send + Sync + 'static;
    /// The choices made before the game starts (layout, army, pawn kind …).
    type Options: Clone + Default + PartialEq + Debug + Send + Sync + 'static;

    fn start(options: &Self::Options) -> Self;
    fn options(&self) -> &Self::Options;

    fn side_to_move(&self) -> Side;
    fn side_count(&self) -> u8 {
        2
    }
    /// The sides still playing: fewer than [`Position::side_count`] once a
    /// three-player game has eliminated some.
    fn players_in_game(&self) -> u8 {
        self.side_count()
    }
    /// Whether `side` is still playing (not eliminated).
    fn in_game(&self, side: Side) -> bool {
        side.0 < self.side_count()
    }

    /// Appends every legal move to `moves` (which it does not clear).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);
    /// The number of legal moves; games may count faster than they list.
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Plays a legal move. Playing an illegal move is a logic error: the
    /// position may become inconsistent, but it must not panic.
    fn play(&mut self, mv: Self::Move) -> Self::Undo;
    fn undo(&mut self, mv: Self::Move, undo: Self::Undo);

    /// Whether the side to move is in check (its royal piece attacked).
    fn in_check(&self) -> bool;
    /// The end of the game by the rules alone (not the draw rules), or None
    /// while the side to move has a legal move.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the move resets the fifty-move count (a capture, a pawn-like
    /// move, a freeing …). Asked before the move is played.
    fn resets_move_clock(&self, mv: Self::Move) -> bool;
    /// Whether the move changes the material balance (a capture, a freeing,
    /// a promotion …): the engine's quiescence search plays only these. Asked
    /// before the move is played. The default says no move is noisy, which
    /// turns quiescence off; games override it.
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// Appends the legal moves [`Position::is_noisy`] accepts (which it does
    /// not clear). A game that can generate them without the quiet ones
    /// overrides this (the hex games do).
    fn noisy_moves(&self, moves: &mut Vec<Self::Move>) {
        let start = moves.len();
        self.legal_moves(moves);
        let mut kept = start;
        for i in start..moves.len() {
            if self.is_noisy(moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// The incrementally kept Zobrist-style hash.
    fn hash(&self) -> u64;
    /// The same hash computed from nothing; equal to [`Position::hash`].
    fn hash_from_scratch(&self) -> u64;

    /// The move in RULES.md notation.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Parses RULES.md notation and finds the legal move it names.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position in the game's documented text format.
    fn to_text(&self) -> String;
    fn from_text(text: &str, options: &Self::Options) -> Result<Self, PositionError>;

    /// The boards and cells of this game (the same for every position of one
    /// set of options).
    fn layout(&self) -> BoardLayout;
    /// What stands where.
    fn placements(&self) -> Vec<Placement>;
    /// The cells a person picks to make the move.
    fn route(&self, mv: Self::Move) -> Route;
    /// What the move does, in order, for animation. Asked before it is played.
    fn effects(&self, mv: Self::Move) -> Vec<Effect>;

    /// Rule explanations shown while the man (or Loom square …) on `from` is
    /// selected: what defines its move, which targets a rule forbids and
    /// why. Empty for an empty or unknown cell. Only the app asks this, never
    /// the move generator, so it may be slow.
    fn selection_hints(&self, from: CellId) -> Vec<Hint> {
        let _ = from;
        Vec::new()
    }

    /// Rule explanations shown while a legal move's target is hovered (the
    /// route the move takes).
    fn move_hints(&self, mv: Self::Move) -> Vec<Hint> {
        let _ = mv;
        Vec::new()
    }

    /// How the King of the side to move is attacked: one hint per enemy
    /// piece and way it gives check. Empty when not in check.
    fn check_hints(&self) -> Vec<Hint> {
        Vec::new()
    }

    /// What the cell is and does now, for a cell that is more than a place
    /// to stand (shown when the pointer rests on it); None for the others.
    fn cell_words(&self, cell: CellId) -> Option<CellWords> {
        let _ = cell;
        None
    }
}

/// A game's own evaluation for the computer player, as plain functions.
/// Value types only: the evaluations themselves live in `src/engine/eval/`.
/// The evaluations take their weights as a slice, so that the engine can
/// hand them either set of [`EvalWeights`] (or a tuner its trial values)
/// without the rules knowing which.
pub struct OwnEvaluation<P: Position> {
    /// Which evaluation this is, for reports ("flaxman").
    pub name: &'static str,
    /// The position's value for the side to move (positive: good for it),
    /// with these weights.
    pub evaluate: fn(&P, &[i32]) -> i32,
    /// The position's value for the given side, whoever is to move.
    pub evaluate_for: fn(&P, Side, &[i32]) -> i32,
    /// What a noisy move is expected to win (the victim's value, a
    /// promotion's gain), for ordering and pruning quiescence; 0 when the
    /// game does not say. Fixed values, whatever the weights.
    pub noisy_gain: fn(&P, P::Move) -> i32,
    /// How much the moving man is worth, to try the cheapest capturer first.
    pub mover_value: fn(&P, P::Move) -> i32,
    /// A cheap estimate of `evaluate` (material) and how far the full value
    /// may stray from it, when the game can give one; with the same weights
    /// as `evaluate`, so that a cut on the estimate stays sound.
    pub estimate: fn(&P, &[i32]) -> Option<(i32, i32)>,
    /// The full value less the estimate, when the game computes the two
    /// apart: after an estimate that decided nothing, the full value then
    /// costs only the rest.
    pub rest: fn(&P, &[i32]) -> Option<i32>,
    /// The evaluation's weights.
    pub weights: EvalWeights,
}

/// An evaluation's weights: their names and two sets of values, the
/// original ones written in the code and the tuned ones read from the
/// game's weights file. Empty for an evaluation without tunable weights.
#[derive(Clone, Copy, Debug)]
pub struct EvalWeights {
    pub names: &'static [&'static str],
    pub original: &'static [i32],
    pub tuned: &'static [i32],
    /// How many of the first weights are men's values (the tuner keeps
    /// them within half and twice their original values).
    pub men: usize,
}

impl EvalWeights {
    /// No weights.
    pub const NONE: EvalWeights = EvalWeights {
        names: &[],
        original: &[],
        tuned: &[],
        men: 0,
    };
}

/// The seam through which a game carries its evaluation to the engine: the
/// rules declare it, the engine implements it for each game that has an
/// evaluation of its own (`src/engine/eval/`). Since [`Position`] requires
/// it, the type [`Variant::visit`](super::variant::Variant::visit) hands out brings its evaluation
/// along and the engine needs no downcasting. A game without one writes
/// `impl Evaluated for MyGame {}` and is judged by the generic evaluation.
pub trait Evaluated: Sized {
    fn own_evaluation() -> Option<OwnEvaluation<Self>>
    where
        Self: Position,
    {
        None
    }
}
