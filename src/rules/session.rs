//! A game of any variant behind one object-safe interface, so that the app,
//! the records and the CLI can hold "the current game" without knowing its
//! type. Moves cross this boundary as notation.

use super::dispatch::VariantVisitor;
use super::history::{DrawRules, Game};
use super::legal::sorted_moves;
use super::notation::MoveError;
use super::outcome::Outcome;
use super::position::Position;
use super::side::Side;
use super::status::multi_player_status;
use super::variant::Variant;
use super::view::{
    BoardLayout, CellId, CellWords, Effect, Hint, ManState, Placement, Route, Takings, taken_men,
};

/// A legal move as the app sees it.
#[derive(Clone, PartialEq, Debug)]
pub struct MoveInfo {
    pub text: String,
    pub route: Route,
    /// What the move does, for animation (computed before it is played).
    pub effects: Vec<Effect>,
}

impl MoveInfo {
    pub fn is_capture(&self) -> bool {
        self.effects.iter().any(|e| {
            matches!(
                e,
                Effect::Capture { .. } | Effect::Swap { .. } | Effect::Remove { .. }
            )
        })
    }
}

pub trait Session: Send + Sync {
    fn variant(&self) -> Variant;
    fn layout(&self) -> BoardLayout;
    fn placements(&self) -> Vec<Placement>;
    fn side_to_move(&self) -> Side;
    fn side_count(&self) -> u8;
    /// Whether the side is still playing (three-player games eliminate).
    fn in_game(&self, side: Side) -> bool;
    fn in_check(&self) -> bool;
    /// Legal moves sorted by their text.
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// Plays a move given in notation; nothing changes on error.
    fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn can_redo(&self) -> bool;
    /// The end by the rules, then by the draw rules in force.
    fn outcome(&self) -> Option<Outcome>;
    /// The moves played so far, in notation.
    fn moves(&self) -> Vec<String>;
    /// How many moves have been played (constant time).
    fn ply_count(&self) -> usize;
    /// Moves taken back and not replayed, next first.
    fn redo_moves(&self) -> Vec<String>;
    fn position_text(&self) -> String;
    fn start_text(&self) -> String;
    fn draw_rules(&self) -> DrawRules;
    fn set_draw_rules(&mut self, rules: DrawRules);
    fn hash(&self) -> u64;
    /// Hashes of the positions before this one, oldest first.
    fn earlier_hashes(&self) -> Vec<u64>;
    /// Plies since the fifty-move count was last reset, when that rule is
    /// in force.
    fn fifty_move_clock(&self) -> Option<u32>;
    fn clone_box(&self) -> Box<dyn Session>;
    /// Rule hints while the cell `from` is selected (see
    /// [`Position::selection_hints`]); empty for an empty or unknown cell.
    fn selection_hints(&self, from: CellId) -> Vec<Hint>;
    /// Rule hints for the legal move written `text`; empty if it is not one.
    fn move_hints(&self, text: &str) -> Vec<Hint>;
    /// How the King of the side to move is attacked; empty when not in check.
    fn check_hints(&self) -> Vec<Hint>;
    /// What a special cell is and does now (see [`Position::cell_words`]).
    fn cell_words(&self, cell: CellId) -> Option<CellWords>;
    /// A game of more than two players: where it stands and who is out, as
    /// [`multi_player_status`] words it; None for two-player games.
    fn multi_player_status(&self) -> Option<[String; 2]>;
    /// What each side has taken, by side number from side 0: the men it
    /// took off the board, and how many of its own men are Prisoners.
    fn takings(&self) -> Vec<Takings>;
    /// `side`'s clock ran out here: the game ends with its loss on time
    /// (the others still playing share the rest; see [`Outcome::on_time`])
    /// and moves taken back are forgotten. False, and nothing changes, when
    /// the game is already over or `side` is not playing. Undo steps back
    /// before the loss; a new move from there forgets it.
    fn lose_on_time(&mut self, side: Side) -> bool;
    /// Who lost on time and after how many moves, if anyone did.
    fn time_loss(&self) -> Option<(usize, Side)>;
}

struct VariantGame<P: Position> {
    variant: Variant,
    game: Game<P>,
    /// Texts of the moves played, kept as they are played so that undo,
    /// redo and the move list never replay the game.
    texts: Vec<String>,
    /// Texts of the moves taken back, for the move list (next last, as a
    /// stack: undo and redo are constant time).
    redo_texts: Vec<String>,
    /// The men each move played took off the board, with its mover.
    taken: Vec<(Side, Vec<Placement>)>,
    /// The same for the moves taken back (next last).
    redo_taken: Vec<(Side, Vec<Placement>)>,
    /// The side whose clock ran out, and the ply count when it did.
    time_loss: Option<(usize, Side)>,
}

impl<P: Position> Clone for VariantGame<P> {
    fn clone(&self) -> Self {
        VariantGame {
            variant: self.variant,
            game: self.game.clone(),
            texts: self.texts.clone(),
            redo_texts: self.redo_texts.clone(),
            taken: self.taken.clone(),
            redo_taken: self.redo_taken.clone(),
            time_loss: self.time_loss,
        }
    }
}

impl<P: Position> VariantGame<P> {
    fn timed_out(&self) -> Option<Outcome> {
        let (ply, loser) = self.time_loss?;
        if ply != self.game.ply_count() {
            return None;
        }
        let pos = self.game.position();
        let others: Vec<Side> = (0..pos.side_count())
            .map(Side)
            .filter(|&s| s != loser && pos.in_game(s))
            .collect();
        Some(Outcome::on_time(loser, &others))
    }

    /// The men the move takes and who takes them, asked before it is played.
    fn taking(&self, mv: P::Move) -> (Side, Vec<Placement>) {
        let pos = self.game.position();
        let mover = pos.side_to_move();
        (mover, taken_men(mover, &pos.placements(), &pos.effects(mv)))
    }
}

fn info<P: Position>(pos: &P, mv: P::Move) -> MoveInfo {
    MoveInfo {
        text: pos.move_text(mv),
        route: pos.route(mv),
        effects: pos.effects(mv),
    }
}

impl<P: Position> Session for VariantGame<P> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn layout(&self) -> BoardLayout {
        self.game.position().layout()
    }

    fn placements(&self) -> Vec<Placement> {
        self.game.position().placements()
    }

    fn side_to_move(&self) -> Side {
        self.game.position().side_to_move()
    }

    fn side_count(&self) -> u8 {
        self.game.position().side_count()
    }

    fn in_game(&self, side: Side) -> bool {
        self.game.position().in_game(side)
    }

    fn in_check(&self) -> bool {
        self.game.position().in_check()
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let pos = self.game.position();
        sorted_moves(pos)
            .into_iter()
            .map(|(_, mv)| info(pos, mv))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError> {
        if let Some(over) = self.timed_out() {
            return Err(MoveError::Over {
                text: text.trim().to_string(),
                outcome: over.to_string(),
            });
        }
        let pos = self.game.position();
        let mv = pos.parse_move(text)?;
        let played = info(pos, mv);
        let taking = self.taking(mv);
        self.game.play(mv);
        self.texts.push(played.text.clone());
        self.taken.push(taking);
        self.redo_texts.clear();
        self.redo_taken.clear();
        // A new move from before a loss on time replaces that ending.
        if self
            .time_loss
            .is_some_and(|(ply, _)| ply >= self.game.ply_count())
        {
            self.time_loss = None;
        }
        Ok(played)
    }

    fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone && let Some(last) = self.texts.pop() {
            self.redo_texts.push(last);
        }
        if undone && let Some(taking) = self.taken.pop() {
            self.redo_taken.push(taking);
        }
        undone
    }

    fn redo(&mut self) -> bool {
        let redone = self.game.redo();
        if redone && let Some(next) = self.redo_texts.pop() {
            self.texts.push(next);
        }
        if redone && let Some(taking) = self.redo_taken.pop() {
            self.taken.push(taking);
        }
        redone
    }

    fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or_else(|| self.timed_out())
    }

    fn moves(&self) -> Vec<String> {
        self.texts.clone()
    }

    fn ply_count(&self) -> usize {
        self.game.ply_count()
    }

    fn redo_moves(&self) -> Vec<String> {
        self.redo_texts.iter().rev().cloned().collect()
    }

    fn position_text(&self) -> String {
        self.game.position().to_text()
    }

    fn start_text(&self) -> String {
        self.game.start().to_text()
    }

    fn draw_rules(&self) -> DrawRules {
        self.game.draw_rules
    }

    fn set_draw_rules(&mut self, rules: DrawRules) {
        self.game.draw_rules = rules;
    }

    fn hash(&self) -> u64 {
        self.game.position().hash()
    }

    fn clone_box(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }

    fn earlier_hashes(&self) -> Vec<u64> {
        self.game.earlier_hashes()
    }

    fn fifty_move_clock(&self) -> Option<u32> {
        self.game.fifty_move_clock()
    }

    fn selection_hints(&self, from: CellId) -> Vec<Hint> {
        self.game.position().selection_hints(from)
    }

    fn cell_words(&self, cell: CellId) -> Option<CellWords> {
        self.game.position().cell_words(cell)
    }

    fn move_hints(&self, text: &str) -> Vec<Hint> {
        let pos = self.game.position();
        pos.parse_move(text)
            .map(|mv| pos.move_hints(mv))
            .unwrap_or_default()
    }

    fn check_hints(&self) -> Vec<Hint> {
        self.game.position().check_hints()
    }

    fn multi_player_status(&self) -> Option<[String; 2]> {
        multi_player_status(self.game.position(), self.outcome())
    }

    fn takings(&self) -> Vec<Takings> {
        let pos = self.game.position();
        let count = pos.side_count();
        let placements = pos.placements();
        (0..count)
            .map(Side)
            .map(|side| Takings {
                side,
                men: self
                    .taken
                    .iter()
                    .filter(|(mover, _)| *mover == side)
                    .flat_map(|(_, men)| men.iter().copied())
                    .collect(),
                prisoners: placements
                    .iter()
                    .filter(|p| p.state == ManState::Prisoner && p.side == Some(side))
                    .count() as u16,
            })
            .collect()
    }

    fn lose_on_time(&mut self, side: Side) -> bool {
        let pos = self.game.position();
        if self.outcome().is_some() || side.0 >= pos.side_count() || !pos.in_game(side) {
            return false;
        }
        self.time_loss = Some((self.game.ply_count(), side));
        self.game.forget_redo();
        self.redo_texts.clear();
        self.redo_taken.clear();
        true
    }

    fn time_loss(&self) -> Option<(usize, Side)> {
        self.time_loss
    }
}

impl Clone for Box<dyn Session> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A new game of `variant`, from its start or from a position text.
pub fn new_session(
    variant: Variant,
    draw_rules: DrawRules,
    start: Option<&str>,
) -> Result<Box<dyn Session>, String> {
    variant.visit(NewSession {
        variant,
        draw_rules,
        start,
    })?
}

struct NewSession<'a> {
    variant: Variant,
    draw_rules: DrawRules,
    start: Option<&'a str>,
}

impl VariantVisitor for NewSession<'_> {
    type Output = Result<Box<dyn Session>, String>;

    fn visit<P: Position>(self, options: P::Options) -> Self::Output {
        let start = match self.start {
            Some(text) => P::from_text(text, &options).map_err(|e| e.to_string())?,
            None => P::start(&options),
        };
        Ok(Box::new(VariantGame {
            variant: self.variant,
            game: Game::new(start, self.draw_rules),
            texts: Vec::new(),
            redo_texts: Vec::new(),
            taken: Vec::new(),
            redo_taken: Vec::new(),
            time_loss: None,
        }))
    }
}
