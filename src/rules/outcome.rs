//! How a game ends: its result and the reason.

use std::fmt;

use super::side::Side;

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
