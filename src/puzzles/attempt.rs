//! One attempt at a puzzle, move by move, without a window: the move the
//! line expects, the opponent's scripted reply to a right move, and the
//! result that counts for the ratings (the first one known: a wrong move or
//! a look at the solution loses, the line played through wins).

use super::puzzle::Puzzle;

/// What became of the solver's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line's move: the opponent answers with `reply`.
    Right {
        reply: String,
    },
    /// The line's last move, or any move that wins the game outright (a
    /// second mate on the last move is as good as the first).
    Solved,
    Wrong,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    pub puzzle: Puzzle,
    /// Moves of the solution played so far, replies included.
    pub done: usize,
    /// The result that counts, once known: solved or not.
    pub counted: Option<bool>,
}

impl Attempt {
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            puzzle,
            done: 0,
            counted: None,
        }
    }

    /// The solver's move the line expects now (None once solved).
    pub fn expected(&self) -> Option<&str> {
        self.puzzle.solution.get(self.done).map(String::as_str)
    }

    /// The moves of the line still to come.
    pub fn remaining(&self) -> &[String] {
        &self.puzzle.solution[self.done.min(self.puzzle.solution.len())..]
    }

    pub fn solved(&self) -> bool {
        self.done >= self.puzzle.solution.len()
    }

    /// Takes the solver's move `played`; `wins_the_game` when it ended the
    /// game in the solver's favour. A right move counts its reply as done
    /// too: the caller plays it.
    pub fn answer(&mut self, played: &str, wins_the_game: bool) -> Verdict {
        if self.solved() {
            return Verdict::Wrong;
        }
        if wins_the_game {
            self.done = self.puzzle.solution.len();
            return Verdict::Solved;
        }
        if self.expected() != Some(played) {
            return Verdict::Wrong;
        }
        self.done += 1;
        match self.puzzle.solution.get(self.done) {
            Some(reply) => {
                let reply = reply.clone();
                self.done += 1;
                Verdict::Right { reply }
            }
            None => Verdict::Solved,
        }
    }

    /// Records the result if none is counted yet: Some(result) the first
    /// time, None after (a puzzle counts once).
    pub fn settle(&mut self, solved: bool) -> Option<bool> {
        if self.counted.is_some() {
            return None;
        }
        self.counted = Some(solved);
        Some(solved)
    }

    /// The solution shown: the rest of the line counts as played.
    pub fn reveal(&mut self) -> Vec<String> {
        let rest = self.remaining().to_vec();
        self.done = self.puzzle.solution.len();
        rest
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::puzzle::End;

    fn attempt(solution: &[&str]) -> Attempt {
        Attempt::new(Puzzle {
            id: "t".into(),
            variant: "flaxman".into(),
            pawn: None,
            promotion: None,
            position: String::new(),
            solution: solution.iter().map(|s| s.to_string()).collect(),
            end: End::Mate,
            depth: 4,
            themes: vec![],
            rating: 1500,
        })
    }

    #[test]
    fn right_moves_bring_their_replies_until_the_line_ends() {
        let mut a = attempt(&["a", "b", "c"]);
        assert_eq!(a.expected(), Some("a"));
        assert_eq!(a.answer("x", false), Verdict::Wrong);
        assert_eq!(a.answer("a", false), Verdict::Right { reply: "b".into() });
        assert_eq!(a.expected(), Some("c"));
        assert_eq!(a.answer("c", false), Verdict::Solved);
        assert!(a.solved());
        assert_eq!(a.answer("c", false), Verdict::Wrong);
    }

    #[test]
    fn another_win_solves_and_the_first_result_is_the_one_counted() {
        let mut a = attempt(&["a", "b", "c"]);
        assert_eq!(a.answer("a", false), Verdict::Right { reply: "b".into() });
        assert_eq!(a.answer("z", true), Verdict::Solved);
        assert_eq!(a.settle(false), Some(false));
        assert_eq!(a.settle(true), None);
        assert_eq!(a.counted, Some(false));
    }

    #[test]
    fn revealing_plays_the_rest_of_the_line() {
        let mut a = attempt(&["a", "b", "c"]);
        a.answer("a", false);
        assert_eq!(a.reveal(), vec!["c".to_string()]);
        assert!(a.solved() && a.remaining().is_empty());
    }
}
