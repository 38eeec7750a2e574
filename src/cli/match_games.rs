//! The games of `match`: seeded random openings, the samples played from
//! them (two-player pairs, three-player runs), each game's score for player
//! A, and the worker threads that play them.
//!
//! Sample i (from 0) starts from the opening drawn from `seed + i`. A pair
//! is that opening twice, A White then A Black; a run is that opening three
//! times, A in each seat in turn (White, Black, Red) against two copies of
//! B. Every game's content depends only on the seed, the players and its
//! place, not on which thread plays it or when.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::in_order::in_order;
use super::selfplay::{Mover, play_game};
use crate::engine::SearchLimits;
use crate::rules::random::Rng;
use crate::rules::zobrist::splitmix64;
use crate::rules::{DrawRules, Game, GameResult, Outcome, Position, Side};

/// What player A scored in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameScore {
    /// A's score in quarter points, 0 to 4.
    pub quarters: u8,
    pub class: Class,
}

/// A game as a win, draw or loss for A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Win,
    Draw,
    Loss,
}

/// Everything the games of a match depend on.
pub struct Schedule<P: Position> {
    pub start: P,
    /// Player A's and player B's moves.
    pub a: Mover,
    pub b: Mover,
    pub seed: u64,
    pub opening_plies: u32,
    pub max_plies: u32,
    /// The first sample to play (those before it were played already).
    pub first: u64,
    /// The samples to play at most, counted from sample 0.
    pub samples: u64,
}

impl<P: Position> Schedule<P> {
    /// Games in a sample: two (a pair) or three (a run).
    pub fn games_per_sample(&self) -> usize {
        usize::from(self.start.side_count())
    }

    /// Plays game `game` of sample `sample`; `stop` ends its searches early
    /// (its result is then not used).
    fn play(&self, sample: u64, game: usize, stop: &Arc<AtomicBool>) -> GameScore {
        let base = self.seed.wrapping_add(sample);
        let start = opening(&self.start, self.opening_plies, base);
        let seats = self.games_per_sample();
        let with_stop = |mover: &Mover| match mover {
            Mover::Random => Mover::Random,
            Mover::Search(limits) => Mover::Search(SearchLimits {
                stop: Some(stop.clone()),
                ..limits.clone()
            }),
        };
        let movers: Vec<Mover> = (0..seats)
            .map(|seat| with_stop(if seat == game { &self.a } else { &self.b }))
            .collect();
        let game_seed = splitmix64(base ^ (game as u64 + 1).wrapping_mul(0x9E37_79B9));
        let (end, _) = play_game(start, &movers, self.max_plies, game_seed);
        let a = Side(game as u8);
        if seats == 2 {
            two_player_score(end.map(|(_, outcome)| outcome), a)
        } else {
            three_player_score(end, a)
        }
    }
}

/// The start after `plies` random legal plies drawn from `seed`, redrawn
/// (from the same generator) while they end the game or eliminate a
/// player; the start itself if a hundred draws fail.
pub fn opening<P: Position>(start: &P, plies: u32, seed: u64) -> P {
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    for _ in 0..100 {
        let mut pos = start.clone();
        for _ in 0..plies {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        let whole = pos.players_in_game() == start.players_in_game();
        if whole
            && Game::new(pos.clone(), DrawRules::default())
                .outcome()
                .is_none()
        {
            return pos;
        }
    }
    start.clone()
}

/// A's score in a two-player game: 1, ½ or 0 (Glinski's ¾ stalemate
/// counts as a win, as in `selfplay`); a game cut at the ply limit is a
/// draw.
pub fn two_player_score(outcome: Option<Outcome>, a: Side) -> GameScore {
    let winner = match outcome.map(|o| o.result) {
        Some(GameResult::Win(side) | GameResult::ThreeQuarters(side)) => Some(side),
        Some(GameResult::Draw) | None => None,
    };
    match winner {
        Some(side) if side == a => score(4, Class::Win),
        Some(_) => score(0, Class::Loss),
        None => score(2, Class::Draw),
    }
}

/// A's score in a three-player game: the mean of its two comparisons with
/// the others (1 ahead, ½ level, 0 behind; the winner is ahead of both
/// others, a survivor of a drawn ending ahead of the eliminated player, two
/// players eliminated or all three in a draw are level). So a win is 1, a
/// loss to a B ¼ (level with the other B), a draw all round ½, a draw
/// between A and a B ¾, a draw between the two Bs 0; equal players expect
/// ½. A game cut at the ply limit is a draw all round.
pub fn three_player_score<P: Position>(end: Option<(P, Outcome)>, a: Side) -> GameScore {
    let Some((pos, outcome)) = end else {
        return score(2, Class::Draw);
    };
    match outcome.result {
        GameResult::Win(side) | GameResult::ThreeQuarters(side) if side == a => {
            score(4, Class::Win)
        }
        GameResult::Win(_) | GameResult::ThreeQuarters(_) => score(1, Class::Loss),
        GameResult::Draw if pos.players_in_game() == pos.side_count() => score(2, Class::Draw),
        GameResult::Draw if pos.in_game(a) => score(3, Class::Draw),
        GameResult::Draw => score(0, Class::Draw),
    }
}

fn score(quarters: u8, class: Class) -> GameScore {
    GameScore { quarters, class }
}

/// Plays the schedule's samples on `threads` workers, one game per worker
/// at a time, taken in order, and hands each finished sample to `take` in
/// index order (its games' scores in seat order) until `take` says stop or
/// every sample is played. Games still being played then are stopped and
/// their results dropped.
pub fn play_samples<P: Position>(
    schedule: &Schedule<P>,
    threads: usize,
    mut take: impl FnMut(u64, &[GameScore]) -> ControlFlow<()>,
) {
    let per_sample = schedule.games_per_sample() as u64;
    let jobs =
        schedule.first.saturating_mul(per_sample)..schedule.samples.saturating_mul(per_sample);
    let play = |job: u64, stop: &Arc<AtomicBool>| {
        schedule.play(job / per_sample, (job % per_sample) as usize, stop)
    };
    // The games come in job order: a sample is whole at its last seat.
    let mut games = Vec::new();
    in_order(jobs, threads, play, |job, score| {
        games.push(score);
        if games.len() < per_sample as usize {
            return ControlFlow::Continue(());
        }
        let flow = take(job / per_sample, &games);
        games.clear();
        flow
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::EndReason;
    use crate::rules::flaxman::Flaxman;
    use crate::rules::hexchess::{HexChess3, HexOptions};
    use crate::rules::variant::VariantId;

    fn outcome(result: GameResult) -> Outcome {
        Outcome {
            result,
            reason: EndReason::Checkmate,
        }
    }

    #[test]
    fn openings_follow_their_seed() {
        let start = Flaxman::start(&Default::default());
        assert_eq!(opening(&start, 0, 7), start);
        let a = opening(&start, 4, 7);
        assert_eq!(opening(&start, 4, 7), a);
        assert_ne!(a, start);
        let others: Vec<Flaxman> = (8..16).map(|seed| opening(&start, 4, seed)).collect();
        assert!(others.iter().any(|o| *o != a));
        assert_eq!(a.side_to_move(), Side::WHITE);
    }

    #[test]
    fn two_player_games_score_one_half_or_nothing() {
        let (white, black) = (Side::WHITE, Side::BLACK);
        let quarters = |o: Option<Outcome>, a: Side| two_player_score(o, a).quarters;
        assert_eq!(quarters(Some(outcome(GameResult::Win(white))), white), 4);
        assert_eq!(quarters(Some(outcome(GameResult::Win(white))), black), 0);
        assert_eq!(
            quarters(Some(outcome(GameResult::ThreeQuarters(black))), black),
            4
        );
        assert_eq!(quarters(Some(outcome(GameResult::Draw)), white), 2);
        assert_eq!(two_player_score(None, black), score(2, Class::Draw));
    }

    #[test]
    fn three_player_games_score_the_mean_of_two_comparisons() {
        let options = HexOptions::for_variant(VariantId::AjGlinski3p, None).unwrap();
        let start = HexChess3::start(&options);
        let red = Side(2);
        let with = |result| Some((start.clone(), outcome(result)));
        assert_eq!(
            three_player_score(with(GameResult::Win(red)), red),
            score(4, Class::Win)
        );
        assert_eq!(
            three_player_score(with(GameResult::Win(Side::WHITE)), red),
            score(1, Class::Loss)
        );
        assert_eq!(
            three_player_score(with(GameResult::Draw), red),
            score(2, Class::Draw)
        );
        assert_eq!(
            three_player_score::<HexChess3>(None, red),
            score(2, Class::Draw)
        );
    }
}
