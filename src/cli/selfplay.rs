//! `variantarium selfplay`: two players (engine levels or a random mover)
//! play a number of games; one line per game and a `W-D-L` summary from
//! White's point of view.

use std::io::{IsTerminal, Write};

use crate::engine::{Level, search};
use crate::rules::random::Rng;
use crate::rules::variant::{Variant, VariantVisitor};
use crate::rules::zobrist::splitmix64;
use crate::rules::{DrawRules, Game, GameResult, Position, Side};

/// Who plays one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    Engine(Level),
}

impl Player {
    pub fn parse(text: &str) -> Result<Player, String> {
        if text == "random" {
            Ok(Player::Random)
        } else {
            text.parse::<Level>()
                .map(Player::Engine)
                .map_err(|_| format!("player must be 'random' or a level 1 to 6, not '{text}'"))
        }
    }
}

pub struct Selfplay {
    pub white: Player,
    pub black: Player,
    pub games: u32,
    pub seed: u64,
    pub max_plies: u32,
}

impl Selfplay {
    pub fn run(self, variant: Variant, out: &mut dyn Write) -> Result<(), String> {
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.max_plies == 0 {
            return Err("--max-plies must be at least 1".into());
        }
        variant.visit(Match { spec: &self, out })?
    }
}

struct Match<'a> {
    spec: &'a Selfplay,
    out: &'a mut dyn Write,
}

/// How one game ended.
struct Played {
    /// Points for White: 1, ½, 0 (¾ and ¼ count as win and loss).
    white_score: Score,
    result: &'static str,
    reason: String,
    plies: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
}

impl VariantVisitor for Match<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let start = P::start(&options);
        if start.side_count() != 2 {
            return Err(format!(
                "selfplay plays two-player games only; this one has {} sides",
                start.side_count()
            ));
        }
        let progress = std::io::stderr().is_terminal();
        let io = |e: std::io::Error| format!("cannot write output: {e}");
        let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
        for game in 1..=self.spec.games {
            let game_seed = splitmix64(self.spec.seed ^ u64::from(game).wrapping_mul(0x9E37));
            let played = play_one(start.clone(), self.spec, game_seed);
            match played.white_score {
                Score::Win => wins += 1,
                Score::Draw => draws += 1,
                Score::Loss => losses += 1,
            }
            writeln!(
                self.out,
                "game {game}: {} {} in {} plies",
                played.result, played.reason, played.plies
            )
            .map_err(io)?;
            let _ = self.out.flush();
            if progress {
                let width = 30;
                let done = (game as usize * width) / self.spec.games as usize;
                eprint!(
                    "\r[{}{}] {game}/{}  {wins}-{draws}-{losses} ",
                    "#".repeat(done),
                    " ".repeat(width - done),
                    self.spec.games
                );
            }
        }
        if progress {
            eprintln!();
        }
        writeln!(self.out, "{wins}-{draws}-{losses}").map_err(io)
    }
}

fn play_one<P: Position>(start: P, spec: &Selfplay, seed: u64) -> Played {
    let mut game = Game::new(start, DrawRules::default());
    let mut rng = Rng::new(seed);
    let engine_seed = [rng.next_u64(), rng.next_u64()];
    // Hashes of the positions since the last irreversible move, for the
    // engine's repetition check.
    let mut history: Vec<u64> = Vec::new();
    let mut moves = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            let (white_score, result) = match outcome.result {
                GameResult::Win(Side::WHITE) => (Score::Win, "1-0"),
                GameResult::Win(_) => (Score::Loss, "0-1"),
                GameResult::Draw => (Score::Draw, "1/2-1/2"),
                GameResult::ThreeQuarters(Side::WHITE) => (Score::Win, "3/4-1/4"),
                GameResult::ThreeQuarters(_) => (Score::Loss, "1/4-3/4"),
            };
            return Played {
                white_score,
                result,
                reason: outcome.reason.describe().to_string(),
                plies: game.ply_count(),
            };
        }
        if game.ply_count() >= spec.max_plies as usize {
            return Played {
                white_score: Score::Draw,
                result: "1/2-1/2",
                reason: "ply limit".to_string(),
                plies: game.ply_count(),
            };
        }
        let pos = game.position();
        let side = pos.side_to_move();
        let player = if side == Side::WHITE {
            spec.white
        } else {
            spec.black
        };
        let mv = match player {
            Player::Random => {
                moves.clear();
                pos.legal_moves(&mut moves);
                moves.get(rng.below(moves.len().max(1))).copied()
            }
            Player::Engine(level) => {
                let seed = engine_seed[side.index() & 1];
                let limits = level
                    .limits(seed)
                    .with_fifty_move_clock(game.fifty_move_clock());
                search(pos, &history, &limits).map(|r| r.best)
            }
        };
        // No move although the rules see no end: cannot happen for a
        // consistent game; end it as a draw rather than loop.
        let Some(mv) = mv else {
            return Played {
                white_score: Score::Draw,
                result: "1/2-1/2",
                reason: "no move".to_string(),
                plies: game.ply_count(),
            };
        };
        if pos.resets_move_clock(mv) {
            history.clear();
        }
        history.push(pos.hash());
        game.play(mv);
    }
}
