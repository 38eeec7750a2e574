//! `variantarium selfplay`: two players (engine levels or a random mover)
//! play a number of games; one line per game and a `W-D-L` summary from
//! White's point of view.

use std::io::{IsTerminal, Write};

use std::time::Duration;

use clap::Args;

use super::setup::GameChoice;
use crate::engine::{Level, MultiSearch, SearchLimits, search};
use crate::rules::random::Rng;
use crate::rules::zobrist::splitmix64;
use crate::rules::{DrawRules, Game, GameResult, Outcome, Position, Side, multi_player_status};
use crate::rules::{dispatch::VariantVisitor, variant::Variant};

/// `selfplay`: two players (engine levels 1 to 6, or `random`) play each
/// other; one line per game, then White's wins-draws-losses. Three-player
/// games take `--red` too and end with `red N white N black N draws N`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub game: GameChoice,
    /// Three-player games: Red's player, `random` or a level 1 to 6.
    #[arg(long)]
    pub red: Option<String>,
    /// White's player: `random` or a level 1 (Novice) to 6 (Grandmaster).
    #[arg(long)]
    pub white: String,
    /// Black's player: `random` or a level 1 to 6.
    #[arg(long)]
    pub black: String,
    /// Number of games.
    #[arg(long)]
    pub games: u32,
    /// Seed for the random player and the engines' noise.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies after which an unfinished game counts as a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Milliseconds per engine move instead of the levels' node budgets
    /// (their depth caps and noise stay).
    #[arg(long, conflicts_with = "nodes_only")]
    pub movetime: Option<u64>,
    /// The levels' node budgets without their time caps, so that a busy
    /// machine cannot cut a deeper level's search short (one thread:
    /// the games then replay exactly from the seed).
    #[arg(long)]
    pub nodes_only: bool,
    /// Search threads per engine move (Lazy SMP).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The engines' search of three players in the game: `brs+` (Best-Reply
    /// Search plus) or `paranoid`.
    #[arg(long, default_value_t = MultiSearch::default())]
    pub search: MultiSearch,
}

pub fn run(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), String> {
    let variant = args.game.variant()?;
    let side = |flag: &str, text: &str| Player::parse(text).map_err(|e| format!("--{flag}: {e}"));
    Selfplay {
        red: args.red.as_deref().map(|r| side("red", r)).transpose()?,
        white: side("white", &args.white)?,
        black: side("black", &args.black)?,
        games: args.games,
        seed: args.seed,
        max_plies: args.max_plies,
        movetime: args.movetime,
        nodes_only: args.nodes_only,
        threads: args.threads,
        search: args.search,
    }
    .run(variant, out)
}

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
    /// Three-player games only: Red's player.
    pub red: Option<Player>,
    pub white: Player,
    pub black: Player,
    pub games: u32,
    pub seed: u64,
    pub max_plies: u32,
    /// Milliseconds per engine move in place of the levels' node budgets.
    pub movetime: Option<u64>,
    /// The levels' node budgets without their time caps.
    pub nodes_only: bool,
    /// Search threads per engine move.
    pub threads: usize,
    /// The engines' search of more than two players in the game.
    pub search: MultiSearch,
}

/// The most search threads `--threads` accepts.
pub const MAX_THREADS: usize = 64;

impl Selfplay {
    /// An engine player's limits: its level's, with the time per move fixed
    /// by `--movetime` when given (or no time cap with `--nodes-only`) and
    /// the threads of `--threads`.
    fn limits(&self, level: Level, seed: u64) -> SearchLimits {
        let limits = level.limits(seed);
        let limits = match self.movetime {
            Some(ms) => SearchLimits {
                nodes: None,
                multi_nodes: None,
                time: Some(Duration::from_millis(ms)),
                ..limits
            },
            None if self.nodes_only => SearchLimits {
                time: None,
                ..limits
            },
            None => limits,
        };
        SearchLimits {
            threads: self.threads,
            multi: self.search,
            ..limits
        }
    }

    /// How `player` chooses its moves under these settings.
    fn mover(&self, player: Player) -> Mover {
        match player {
            Player::Random => Mover::Random,
            Player::Engine(level) => Mover::Search(self.limits(level, 0)),
        }
    }

    pub fn run(self, variant: Variant, out: &mut dyn Write) -> Result<(), String> {
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.max_plies == 0 {
            return Err("--max-plies must be at least 1".into());
        }
        if self.movetime == Some(0) {
            return Err("--movetime must be at least 1 millisecond".into());
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(format!(
                "--threads must be 1 to {MAX_THREADS}, not {}",
                self.threads
            ));
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
        match (start.side_count(), self.spec.red) {
            (2, None) => {}
            (3, Some(_)) => return self.three_players(start),
            (3, None) => return Err("a three-player game needs --red as well".into()),
            (2, Some(_)) => return Err("--red applies to three-player games only".into()),
            (n, _) => return Err(format!("selfplay plays two or three players, not {n}")),
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

impl Match<'_> {
    /// Three players: one line per game (the result, its length and who
    /// was eliminated), then `red N white N black N draws N`.
    fn three_players<P: Position>(self, start: P) -> Result<(), String> {
        let io = |e: std::io::Error| format!("cannot write output: {e}");
        let red = self.spec.red.unwrap_or(Player::Random);
        // Indexed by side: White 0, Black 1, Red 2.
        let movers = [self.spec.white, self.spec.black, red].map(|p| self.spec.mover(p));
        let mut wins = [0u32; 3];
        let mut draws = 0;
        for game in 1..=self.spec.games {
            let game_seed = splitmix64(self.spec.seed ^ u64::from(game).wrapping_mul(0x9E37));
            let (end, plies) = play_game(start.clone(), &movers, self.spec.max_plies, game_seed);
            let lines = end
                .and_then(|(pos, outcome)| {
                    if let GameResult::Win(side) = outcome.result {
                        wins[side.index() % 3] += 1;
                    } else {
                        draws += 1;
                    }
                    multi_player_status(&pos, Some(outcome))
                })
                .unwrap_or_else(|| {
                    draws += 1;
                    ["draw at the ply limit".to_string(), String::new()]
                });
            let [result, eliminated] = lines;
            let eliminated = if eliminated.is_empty() {
                String::new()
            } else {
                format!(", {eliminated}")
            };
            writeln!(
                self.out,
                "game {game}: {result} in {plies} plies{eliminated}"
            )
            .map_err(io)?;
            let _ = self.out.flush();
        }
        writeln!(
            self.out,
            "red {} white {} black {} draws {draws}",
            wins[2], wins[0], wins[1]
        )
        .map_err(io)
    }
}

/// How one side chooses its moves in [`play_game`].
#[derive(Clone, Debug)]
pub enum Mover {
    /// A uniformly random legal move.
    Random,
    /// The engine within these limits; their seed is replaced by one drawn
    /// from the game's seed, and the fifty-move clock is the game's.
    Search(SearchLimits),
}

/// Plays one game between `movers` (indexed by side) from `start`: the
/// final position and its outcome, or None at the ply limit (or if a player
/// finds no move although the rules see no end), and the plies played. The
/// same start, movers and seed give the same game, unless a time limit or
/// several search threads make a search depend on the machine.
pub fn play_game<P: Position>(
    start: P,
    movers: &[Mover],
    max_plies: u32,
    seed: u64,
) -> (Option<(P, Outcome)>, usize) {
    play_game_visiting(start, movers, max_plies, seed, |_, _| {})
}

/// [`play_game`], showing `visit` every position a player moves from,
/// with the plies played before it.
pub fn play_game_visiting<P: Position>(
    start: P,
    movers: &[Mover],
    max_plies: u32,
    seed: u64,
    mut visit: impl FnMut(&P, usize),
) -> (Option<(P, Outcome)>, usize) {
    let mut game = Game::new(start, DrawRules::default());
    let mut rng = Rng::new(seed);
    let engine_seeds: Vec<u64> = movers.iter().map(|_| rng.next_u64()).collect();
    let mut history: Vec<u64> = Vec::new();
    let mut moves = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            return (Some((game.position().clone(), outcome)), game.ply_count());
        }
        if game.ply_count() >= max_plies as usize {
            return (None, game.ply_count());
        }
        let pos = game.position();
        visit(pos, game.ply_count());
        let side = pos.side_to_move().index();
        let mv = match movers.get(side).unwrap_or(&Mover::Random) {
            Mover::Random => {
                moves.clear();
                pos.legal_moves(&mut moves);
                moves.get(rng.below(moves.len().max(1))).copied()
            }
            Mover::Search(limits) => {
                let limits = SearchLimits {
                    seed: engine_seeds[side],
                    ..limits.clone()
                }
                .with_fifty_move_clock(game.fifty_move_clock());
                search(pos, &history, &limits).map(|r| r.best)
            }
        };
        let Some(mv) = mv else {
            return (None, game.ply_count());
        };
        let players_before = pos.players_in_game();
        if pos.resets_move_clock(mv) {
            history.clear();
        }
        history.push(pos.hash());
        game.play(mv);
        if game.position().players_in_game() < players_before {
            history.clear();
        }
    }
}

fn play_one<P: Position>(start: P, spec: &Selfplay, seed: u64) -> Played {
    let movers = [spec.mover(spec.white), spec.mover(spec.black)];
    let (end, plies) = play_game(start, &movers, spec.max_plies, seed);
    let Some((_, outcome)) = end else {
        let reason = if plies >= spec.max_plies as usize {
            "ply limit"
        } else {
            // No move although the rules see no end: cannot happen for a
            // consistent game; it ends as a draw rather than loop.
            "no move"
        };
        return Played {
            white_score: Score::Draw,
            result: "1/2-1/2",
            reason: reason.to_string(),
            plies,
        };
    };
    let (white_score, result) = match outcome.result {
        GameResult::Win(Side::WHITE) => (Score::Win, "1-0"),
        GameResult::Win(_) => (Score::Loss, "0-1"),
        GameResult::Draw => (Score::Draw, "1/2-1/2"),
        GameResult::ThreeQuarters(Side::WHITE) => (Score::Win, "3/4-1/4"),
        GameResult::ThreeQuarters(_) => (Score::Loss, "1/4-3/4"),
    };
    Played {
        white_score,
        result,
        reason: outcome.reason.describe().to_string(),
        plies,
    }
}
