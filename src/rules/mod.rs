//! Pure game logic: no Bevy, no I/O. Every game implements [`Position`]; the
//! CLI, the engine and the app are generic over it or dispatch through
//! [`variant::Variant`].

pub mod chakra;
pub mod flaxman;
pub mod geometry;
pub mod glossary;
pub mod hexchess;
pub mod history;
pub mod notation;
pub mod perft;
pub mod random;
pub mod registry;
pub mod selfcheck;
pub mod session;
pub mod tapestry;
pub mod variant;
pub mod view;
pub mod zobrist;

use std::fmt::{self, Debug};
use std::hash::Hash;

pub use history::{DrawRules, Game};
pub use notation::{MoveError, PositionError};
pub use view::{BoardLayout, CellId, Effect, Hint, HintKind, Placement, Route};

/// A player, numbered in turn order from 0. Two-player games use
/// [`Side::WHITE`] and [`Side::BLACK`]; nothing here assumes only two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Side(pub u8);

impl Side {
    pub const WHITE: Side = Side(0);
    pub const BLACK: Side = Side(1);

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next side in turn order among `side_count` sides.
    pub const fn next(self, side_count: u8) -> Side {
        Side((self.0 + 1) % side_count)
    }

    /// The other side of a two-player game.
    pub const fn opponent(self) -> Side {
        Side(self.0 ^ 1)
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            0 => "White",
            1 => "Black",
            2 => "Red",
            _ => "Player",
        }
    }
}

/// How a finished game is scored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    Win(Side),
    Draw,
    /// Classical Glinski stalemate: ¾ to the given side, ¼ to the other.
    ThreeQuarters(Side),
}

impl GameResult {
    /// The score of a two-player game, White's first: `1-0`, `0-1`,
    /// `1/2-1/2`, `3/4-1/4` or `1/4-3/4`.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::Win(Side::WHITE) => "1-0",
            GameResult::Win(_) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::ThreeQuarters(Side::WHITE) => "3/4-1/4",
            GameResult::ThreeQuarters(_) => "1/4-3/4",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// The side to move has no legal move and this game scores that as a loss.
    NoLegalMove,
    Repetition,
    FiftyMoves,
    /// A player's clock ran out: that side lost on time.
    Timeout(Side),
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::Timeout(_) => "loss on time",
        }
    }

    /// The reason as one word, for scripts (`variantarium status`).
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::NoLegalMove => "no-move",
            EndReason::Repetition => "repetition",
            EndReason::FiftyMoves => "fifty-moves",
            EndReason::Timeout(_) => "timeout",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: EndReason,
}

impl Outcome {
    /// `loser`'s clock ran out with `others` still playing: one of them
    /// left wins on time; with more left, they share a draw.
    pub fn on_time(loser: Side, others: &[Side]) -> Outcome {
        let result = match others {
            [winner] => GameResult::Win(*winner),
            _ => GameResult::Draw,
        };
        Outcome {
            result,
            reason: EndReason::Timeout(loser),
        }
    }

    /// The end of a chess-like game whose side to move has no legal move:
    /// checkmate wins for the other side, stalemate draws.
    pub fn no_move_left(side_to_move: Side, in_check: bool) -> Outcome {
        if in_check {
            Outcome {
                result: GameResult::Win(side_to_move.opponent()),
                reason: EndReason::Checkmate,
            }
        } else {
            Outcome {
                result: GameResult::Draw,
                reason: EndReason::Stalemate,
            }
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.result, self.reason) {
            (GameResult::Win(side), EndReason::Timeout(_)) => {
                write!(f, "{} wins on time", side.name())
            }
            (GameResult::Draw, EndReason::Timeout(loser)) => {
                write!(f, "draw: {} lost on time", loser.name())
            }
            (GameResult::Win(side), _) => {
                write!(f, "{} wins by {}", side.name(), self.reason.describe())
            }
            (GameResult::Draw, _) => write!(f, "draw by {}", self.reason.describe()),
            (GameResult::ThreeQuarters(side), _) => {
                write!(f, "{} scores ¾ by {}", side.name(), self.reason.describe())
            }
        }
    }
}

/// The rules of one game. A value is a complete position: placement, side to
/// move and every piece of state the rules need (but not the game's history,
/// which [`Game`] keeps for the draw rules).
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
}

/// A game's own evaluation for the computer player, as plain functions.
/// Value types only: the evaluations themselves live in `src/engine/eval/`.
pub struct OwnEvaluation<P: Position> {
    /// Which evaluation this is, for reports ("flaxman").
    pub name: &'static str,
    /// The position's value for the side to move (positive: good for it).
    pub evaluate: fn(&P) -> i32,
    /// The position's value for the given side, whoever is to move.
    pub evaluate_for: fn(&P, Side) -> i32,
    /// What a noisy move is expected to win (the victim's value, a
    /// promotion's gain), for ordering and pruning quiescence; 0 when the
    /// game does not say.
    pub noisy_gain: fn(&P, P::Move) -> i32,
    /// How much the moving man is worth, to try the cheapest capturer first.
    pub mover_value: fn(&P, P::Move) -> i32,
    /// A cheap estimate of `evaluate` (material) and how far the full value
    /// may stray from it, when the game can give one.
    pub estimate: fn(&P) -> Option<(i32, i32)>,
}

/// The seam through which a game carries its evaluation to the engine: the
/// rules declare it, the engine implements it for each game that has an
/// evaluation of its own (`src/engine/eval/`). Since [`Position`] requires
/// it, the type [`variant::Variant::visit`] hands out brings its evaluation
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

/// Where a game of more than two players stands, as the CLI's `status`
/// prints it (issue 13): the first line `ongoing`, `red wins checkmate`,
/// or `draw between white and black stalemate` (the players still in the
/// game; reasons `checkmate`, `stalemate`, `repetition`, `fifty-moves`);
/// the second `eliminated: black` (several comma-separated, or `-`; once
/// a player has won, everyone else).
/// Players are listed in turn order from the first mover, the last side
/// number (three-player Red is `Side(2)`). None for two-player games, which
/// keep their own form. `outcome` is the game's, draw rules included
/// ([`Game::outcome`]).
pub fn multi_player_status<P: Position>(pos: &P, outcome: Option<Outcome>) -> Option<[String; 2]> {
    let count = pos.side_count();
    if count <= 2 {
        return None;
    }
    let order: Vec<Side> = (0..count).map(|k| Side((count - 1 + k) % count)).collect();
    let name = |side: Side| side.name().to_lowercase();
    // "white and black", "red, white and black".
    let listed = |sides: Vec<Side>| {
        let names: Vec<String> = sides.into_iter().map(name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    };
    let timed_out = match outcome.map(|o| o.reason) {
        Some(EndReason::Timeout(side)) => Some(side),
        _ => None,
    };
    let first = match outcome {
        None => "ongoing".to_string(),
        Some(Outcome {
            result: GameResult::Win(side) | GameResult::ThreeQuarters(side),
            reason: r,
        }) => format!("{} wins {}", name(side), r.id()),
        Some(Outcome {
            result: GameResult::Draw,
            reason: r,
        }) => {
            let playing = order
                .iter()
                .copied()
                .filter(|&s| pos.in_game(s) && timed_out != Some(s))
                .collect();
            format!("draw between {} {}", listed(playing), r.id())
        }
    };
    // A win is the last checkmate: every other player is out then.
    let winner = match outcome.map(|o| o.result) {
        Some(GameResult::Win(side) | GameResult::ThreeQuarters(side)) => Some(side),
        _ => None,
    };
    let out: Vec<Side> = order
        .iter()
        .copied()
        .filter(|&s| !pos.in_game(s) || winner.is_some_and(|w| w != s) || timed_out == Some(s))
        .collect();
    let eliminated: Vec<String> = out.into_iter().map(name).collect();
    let second = if eliminated.is_empty() {
        "eliminated: -".to_string()
    } else {
        format!("eliminated: {}", eliminated.join(", "))
    };
    Some([first, second])
}

/// Finds the legal move whose notation is `text` (trimmed); otherwise reports
/// `syntax_error` when the text is not even well-formed, else "illegal".
pub fn find_legal_move<P: Position>(
    pos: &P,
    text: &str,
    syntax_error: impl FnOnce(&str) -> Option<String>,
) -> Result<P::Move, MoveError> {
    let text = text.trim();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(mv) = moves.into_iter().find(|&mv| pos.move_text(mv) == text) {
        return Ok(mv);
    }
    match syntax_error(text) {
        Some(reason) => Err(MoveError::Malformed {
            text: text.to_string(),
            reason,
        }),
        None => Err(MoveError::Illegal {
            text: text.to_string(),
        }),
    }
}

/// The legal moves of a position with their notation, sorted by the text in
/// byte order (the order the CLI prints).
pub fn sorted_moves<P: Position>(pos: &P) -> Vec<(String, P::Move)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut named: Vec<(String, P::Move)> = moves
        .into_iter()
        .map(|mv| (pos.move_text(mv), mv))
        .collect();
    named.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    named
}
