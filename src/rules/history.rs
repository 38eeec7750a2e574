//! A game in progress: the position, the moves that led to it, undo and redo,
//! and the draw rules of RULES.md (threefold repetition, the 50-move rule),
//! shared by every game.

use super::notation::MoveError;
use super::outcome::{EndReason, GameResult, Outcome};
use super::position::Position;

/// The house draw rules, on by default, switchable in the new-game dialog.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRules {
    pub repetition: bool,
    pub fifty_moves: bool,
}

impl Default for DrawRules {
    fn default() -> Self {
        DrawRules {
            repetition: true,
            fifty_moves: true,
        }
    }
}

impl DrawRules {
    pub const NONE: DrawRules = DrawRules {
        repetition: false,
        fifty_moves: false,
    };
}

/// Moves per side without a capture or pawn-like move that draw the game.
pub const FIFTY_MOVES: u32 = 50;

#[derive(Clone, Debug)]
struct Ply<P: Position> {
    mv: P::Move,
    undo: P::Undo,
    /// Position hash after the move.
    hash: u64,
    /// Plies since the last clock reset, after the move.
    clock: u32,
}

#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    start: P,
    position: P,
    plies: Vec<Ply<P>>,
    /// Moves taken back, most recent last, replayed by [`Game::redo`].
    redo: Vec<P::Move>,
    pub draw_rules: DrawRules,
}

impl<P: Position> Game<P> {
    pub fn new(start: P, draw_rules: DrawRules) -> Self {
        Game {
            position: start.clone(),
            start,
            plies: Vec::new(),
            redo: Vec::new(),
            draw_rules,
        }
    }

    pub fn position(&self) -> &P {
        &self.position
    }

    pub fn start(&self) -> &P {
        &self.start
    }

    pub fn moves(&self) -> impl ExactSizeIterator<Item = P::Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The hashes of the positions before the current one, oldest first
    /// (what a search needs to see repetitions).
    pub fn earlier_hashes(&self) -> Vec<u64> {
        let mut hashes = vec![self.start.hash()];
        hashes.extend(self.plies.iter().map(|p| p.hash));
        hashes.pop();
        hashes
    }

    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// Plays a legal move (the caller has checked it is legal); clears redo.
    pub fn play(&mut self, mv: P::Move) {
        self.redo.clear();
        self.push(mv);
    }

    fn push(&mut self, mv: P::Move) {
        let resets = self.position.resets_move_clock(mv);
        let players = self.position.players_in_game();
        let undo = self.position.play(mv);
        // An elimination starts the count again for the players left.
        let eliminated = self.position.players_in_game() < players;
        let clock = if resets || eliminated {
            0
        } else {
            self.clock() + 1
        };
        self.plies.push(Ply {
            mv,
            undo,
            hash: self.position.hash(),
            clock,
        });
    }

    /// Parses and plays one move in notation; the position is unchanged on error.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveError> {
        let mv = self.position.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.plies.pop() {
            Some(ply) => {
                self.position.undo(ply.mv, ply.undo);
                self.redo.push(ply.mv);
                true
            }
            None => false,
        }
    }

    /// Replays the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(mv) => {
                self.push(mv);
                true
            }
            None => false,
        }
    }

    /// Forgets the moves taken back: the game ends where it stands.
    pub fn forget_redo(&mut self) {
        self.redo.clear();
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Plies since the last capture, pawn-like move or freeing.
    pub fn clock(&self) -> u32 {
        self.plies.last().map_or(0, |p| p.clock)
    }

    /// The fifty-move count (plies since its last reset) when that rule is
    /// in force, for the engine; None when it is off.
    pub fn fifty_move_clock(&self) -> Option<u32> {
        self.draw_rules.fifty_moves.then(|| self.clock())
    }

    /// How many times the current position has stood in this game, counting now.
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        let earlier = self
            .plies
            .iter()
            .rev()
            .skip(1)
            .filter(|p| p.hash == now)
            .count();
        let at_start = usize::from(!self.plies.is_empty() && self.start.hash() == now);
        1 + earlier + at_start
    }

    /// The end of the game: by the rules first, then by the draw rules in force.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(end) = self.position.outcome() {
            return Some(end);
        }
        let draw = |reason| {
            Some(Outcome {
                result: GameResult::Draw,
                reason,
            })
        };
        if self.draw_rules.repetition && self.repetitions() >= 3 {
            return draw(EndReason::Repetition);
        }
        let limit = FIFTY_MOVES * u32::from(self.position.players_in_game());
        if self.draw_rules.fifty_moves && self.clock() >= limit {
            return draw(EndReason::FiftyMoves);
        }
        None
    }
}
