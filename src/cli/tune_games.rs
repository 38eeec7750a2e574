//! The self-play games `tune` learns from, and the quiet positions taken
//! from them, each labelled with its game's result.
//!
//! Game i (from 0) starts from the opening `match` would draw from
//! seed + i (a few random plies) and its engines' noise is seeded from it
//! too, so every game, and the positions it yields, depends only on the
//! seed and its index: workers take games in order and the samples are
//! put back in game order, whatever the thread count.

use std::ops::ControlFlow;

use super::in_order::in_order;
use super::match_games::opening;
use super::selfplay::{Mover, play_game_visiting};
use crate::engine::SearchLimits;
use crate::engine::tune::{Sample, sample_of};
use crate::rules::zobrist::splitmix64;
use crate::rules::{GameResult, Outcome, Position, Side};

/// Random plies of each game's opening, as in `match`.
const OPENING_PLIES: u32 = 4;
/// Plies after the opening whose positions are not taken: the men are
/// still in their first, random arrangement.
const SKIPPED_PLIES: usize = 6;
/// Plies after which an unfinished game counts as a draw.
const MAX_PLIES: u32 = 400;

/// How the games are played and measured.
pub struct GamePlan<'a, P: Position> {
    pub start: P,
    /// Both sides' search (original weights, one thread, no time cap).
    pub limits: SearchLimits,
    pub seed: u64,
    pub games: u64,
    /// The evaluation and the weights its samples are measured around.
    pub evaluate: fn(&P, &[i32]) -> i32,
    pub weights: &'a [i32],
}

/// A training position: the position and its sample.
pub type Labelled<P> = (P, Sample);

impl<P: Position> GamePlan<'_, P> {
    /// Plays every game on `threads` workers and returns their positions in
    /// game order; `progress` hears of each run of finished games in order
    /// (games so far, positions so far).
    pub fn play_all(
        &self,
        threads: usize,
        mut progress: impl FnMut(u64, usize),
    ) -> Vec<Labelled<P>> {
        let mut all = Vec::new();
        in_order(
            0..self.games,
            threads,
            |game, _| self.play(game),
            |game, labelled| {
                all.extend(labelled);
                progress(game + 1, all.len());
                ControlFlow::Continue(())
            },
        );
        all
    }

    /// Game `game`'s quiet positions, labelled with its result for the
    /// side to move there.
    fn play(&self, game: u64) -> Vec<Labelled<P>> {
        let base = self.seed.wrapping_add(game);
        let start = opening(&self.start, OPENING_PLIES, base);
        let movers = [
            Mover::Search(self.limits.clone()),
            Mover::Search(self.limits.clone()),
        ];
        let mut quiet = Vec::new();
        let (end, _) =
            play_game_visiting(start, &movers, MAX_PLIES, splitmix64(base), |pos, ply| {
                if ply >= SKIPPED_PLIES && is_quiet(pos) {
                    quiet.push(pos.clone());
                }
            });
        let white = white_score(end.map(|(_, outcome)| outcome));
        quiet
            .into_iter()
            .map(|pos| {
                let result = if pos.side_to_move() == Side::WHITE {
                    white
                } else {
                    1.0 - white
                };
                let sample = sample_of(&pos, self.evaluate, self.weights, result);
                (pos, sample)
            })
            .collect()
    }
}

/// A quiet position: the side to move is not in check and has no noisy
/// move, so quiescence search would return its static value unchanged.
pub fn is_quiet<P: Position>(pos: &P) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut noisy = Vec::new();
    pos.noisy_moves(&mut noisy);
    noisy.is_empty()
}

/// White's score: 1, ½ or 0, Glinski's stalemate ¾ (and ¼ for the side
/// stalemated); a game cut at the ply limit is a draw.
fn white_score(outcome: Option<Outcome>) -> f64 {
    match outcome.map(|o| o.result) {
        Some(GameResult::Win(side)) if side == Side::WHITE => 1.0,
        Some(GameResult::Win(_)) => 0.0,
        Some(GameResult::ThreeQuarters(side)) if side == Side::WHITE => 0.75,
        Some(GameResult::ThreeQuarters(_)) => 0.25,
        Some(GameResult::Draw) | None => 0.5,
    }
}
