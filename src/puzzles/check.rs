//! The proof of a puzzle: its variant and position read, every move of the
//! line legal, the line ending as stated, and (when asked) no other solver
//! move winning at the stated depth.

use crate::engine::{search, search_excluding};
use crate::rules::dispatch::VariantVisitor;
use crate::rules::{GameResult, Position};

use super::line::{WIN, limits, wins};
use super::material::{MINOR_PIECE, balance};
use super::puzzle::{End, Puzzle};
use crate::rules::variant::Variant;

/// Which puzzles of a set get the uniqueness proof (the slow part).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// None: legality and the end only.
    Skip,
    /// Every puzzle.
    All,
    /// A seeded sample of this many puzzles per file.
    Sample(usize),
}

/// Proves `puzzle`: Err names what is wrong, in one line. `unique` adds the
/// proof that at each solver move no other move wins.
pub fn check_puzzle(puzzle: &Puzzle, unique: bool) -> Result<(), String> {
    let variant = puzzle.game()?;
    variant.visit(Prove {
        puzzle,
        variant,
        unique,
    })?
}

struct Prove<'a> {
    puzzle: &'a Puzzle,
    variant: Variant,
    unique: bool,
}

impl VariantVisitor for Prove<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let puzzle = self.puzzle;
        let root =
            P::from_text(&puzzle.position, &options).map_err(|e| format!("position: {e}"))?;
        if root.side_count() != 2 {
            return Err("puzzles are for two-player games".into());
        }
        if puzzle.solution.len().is_multiple_of(2) {
            return Err("the solution must end with a solver move".into());
        }
        let (positions, end) = replay(&root, &puzzle.solution)?;
        prove_end(
            &root,
            &end,
            self.variant,
            puzzle.end,
            puzzle.depth,
            &positions,
        )?;
        if self.unique {
            prove_unique(&root, &puzzle.solution, puzzle.end, puzzle.depth)?;
        }
        Ok(())
    }
}

/// Plays the line from `root`: the hashes of the positions before each
/// move's result (the root first), and the position at the end.
fn replay<P: Position>(root: &P, line: &[String]) -> Result<(Vec<u64>, P), String> {
    let mut pos = root.clone();
    let mut hashes = Vec::with_capacity(line.len());
    for (i, text) in line.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(format!("move {} '{text}': the game is already over", i + 1));
        }
        let mv = crate::rules::find_legal_move(&pos, text, |_| None)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        hashes.push(pos.hash());
        pos.play(mv);
    }
    Ok((hashes, pos))
}

/// The line's end is what the puzzle says: the solver has won, or its
/// material stands the stated gain (a minor piece at least) above the
/// start's and a search still scores the position a win for it.
fn prove_end<P: Position>(
    root: &P,
    end: &P,
    variant: Variant,
    stated: End,
    depth: u32,
    history: &[u64],
) -> Result<(), String> {
    let solver = root.side_to_move();
    match stated {
        End::Mate => match end.outcome() {
            Some(o) if o.result == GameResult::Win(solver) => Ok(()),
            _ => Err("the line does not end in the solver's win".into()),
        },
        End::Material { gain } => {
            let won = balance(end, variant, solver) - balance(root, variant, solver);
            if gain < MINOR_PIECE || won < gain {
                return Err(format!(
                    "the line wins {won} in material, not the {gain} stated"
                ));
            }
            if end.outcome().is_some() {
                return Err("the game is over at the line's end".into());
            }
            let reply = search(end, history, &limits(depth))
                .ok_or("the opponent has no move at the line's end")?;
            if -reply.score < WIN {
                return Err(format!(
                    "at the line's end a depth-{depth} search scores {} for the solver, not a win",
                    -reply.score
                ));
            }
            Ok(())
        }
    }
}

/// At each solver move of the line, a depth-`depth` search without that
/// move finds no other winning move.
fn prove_unique<P: Position>(
    root: &P,
    line: &[String],
    end: End,
    depth: u32,
) -> Result<(), String> {
    let limits = limits(depth);
    let mut pos = root.clone();
    let mut history = Vec::new();
    for (i, text) in line.iter().enumerate() {
        let mv = crate::rules::find_legal_move(&pos, text, |_| None)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        if i % 2 == 0
            && let Some(other) = search_excluding(&pos, &history, &limits, &[mv])
            && wins(end, other.score)
        {
            return Err(format!(
                "move {} '{text}': {} wins too (depth {depth}, score {})",
                i + 1,
                pos.move_text(other.best),
                other.score
            ));
        }
        history.push(pos.hash());
        pos.play(mv);
    }
    Ok(())
}
