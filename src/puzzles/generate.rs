//! The generator: seeded self-play games between mixed engine levels from
//! varied seeded openings, their positions screened by a short search and
//! the promising ones followed by [`follow`].
//!
//! A position is examined when the side to move has just been handed a
//! win: its short search scores at least [`WIN`] while the opponent's, one
//! ply earlier, did not score it lost. It is skipped when the solver's own
//! side lost a minor piece's worth of material over the last two plies (its
//! own move a blunder, the win only winning it back: lichess's "no free
//! piece" rule), and when a puzzle with the same id (position and first
//! move, so transpositions too) was found already.

use std::collections::HashSet;

use crate::engine::{Level, SearchLimits, search};
use crate::rules::Position;
use crate::rules::dispatch::VariantVisitor;
use crate::rules::random::Rng;
use crate::rules::variant::{Variant, VariantId};
use crate::rules::zobrist::splitmix64;

use super::line::{WIN, follow};
use super::material::{MINOR_PIECE, balance};
use super::puzzle::{Puzzle, option_texts};
use super::themes::themes;

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct GenerateSpec {
    pub variant: Variant,
    pub games: u32,
    pub seed: u64,
    /// The puzzle searches' depth (plies).
    pub depth: u32,
    /// Plies after which a game stops.
    pub max_plies: u32,
}

/// What a run did.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct GenerateStats {
    pub games: u32,
    /// Positions screened.
    pub positions: u64,
    /// Positions followed with the puzzle searches.
    pub examined: u64,
    pub puzzles: u64,
}

/// The default puzzle depth of a game: deeper where the game's search is
/// cheap (Flaxman's few men), shallower on the crowded boards.
pub fn default_depth(id: VariantId) -> u32 {
    match id {
        VariantId::Flaxman => 8,
        VariantId::Tapestry => 6,
        _ => 5,
    }
}

/// The screening search's node budget.
const SCREEN_NODES: u64 = 20_000;
/// Random plies of an opening: at least this many …
const OPENING_MIN: usize = 2;
/// … and fewer than this many more.
const OPENING_SPREAD: usize = 7;

/// Plays the games and returns the puzzles found, in the order found.
pub fn generate(spec: GenerateSpec) -> Result<(Vec<Puzzle>, GenerateStats), String> {
    if spec.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if spec.depth == 0 {
        return Err("--depth must be at least 1".into());
    }
    spec.variant.visit(Generate { spec })?
}

struct Generate {
    spec: GenerateSpec,
}

impl VariantVisitor for Generate {
    type Output = Result<(Vec<Puzzle>, GenerateStats), String>;

    fn visit<P: Position>(self, options: P::Options) -> Self::Output {
        let start = P::start(&options);
        if start.side_count() != 2 {
            return Err("puzzles are for two-player games".into());
        }
        let mut run = Run {
            spec: self.spec,
            seen: HashSet::new(),
            puzzles: Vec::new(),
            stats: GenerateStats::default(),
        };
        for game in 0..self.spec.games {
            run.play_game(&start, game);
            run.stats.games += 1;
        }
        run.stats.puzzles = run.puzzles.len() as u64;
        Ok((run.puzzles, run.stats))
    }
}

struct Run {
    spec: GenerateSpec,
    seen: HashSet<String>,
    puzzles: Vec<Puzzle>,
    stats: GenerateStats,
}

/// One screened ply of a game: the mover's short-search score and its
/// material balance.
#[derive(Clone, Copy)]
struct Seen {
    score: i32,
    material: i32,
}

impl Run {
    fn play_game<P: Position>(&mut self, start: &P, game: u32) {
        let game_seed = splitmix64(self.spec.seed ^ splitmix64(u64::from(game) + 1));
        let mut rng = Rng::new(game_seed);
        let level = |n: usize| Level::new(n as u8 + 1).unwrap_or(Level::MAX);
        let levels = [level(rng.below(3)), level(rng.below(3))];
        let opening = OPENING_MIN + rng.below(OPENING_SPREAD);
        let mut pos = start.clone();
        let mut history: Vec<u64> = Vec::new();
        let mut screened: Vec<Option<Seen>> = Vec::new();
        let mut moves = Vec::new();
        for ply in 0..self.spec.max_plies as usize {
            if pos.outcome().is_some() {
                break;
            }
            let mv = if ply < opening {
                moves.clear();
                pos.legal_moves(&mut moves);
                screened.push(None);
                moves[rng.below(moves.len())]
            } else {
                screened.push(self.screen(&pos, &history));
                self.consider(&pos, &screened);
                let side = pos.side_to_move();
                let limits = SearchLimits {
                    time: None,
                    ..levels[side.index() % 2].limits(game_seed)
                };
                match search(&pos, &history, &limits) {
                    Some(r) => r.best,
                    None => break,
                }
            };
            history.push(pos.hash());
            pos.play(mv);
        }
    }

    fn screen<P: Position>(&mut self, pos: &P, history: &[u64]) -> Option<Seen> {
        self.stats.positions += 1;
        let limits = SearchLimits {
            depth: Some(self.spec.depth.saturating_sub(1).max(1)),
            nodes: Some(SCREEN_NODES),
            tt_megabytes: 1,
            ..SearchLimits::default()
        };
        let score = search(pos, history, &limits)?.score;
        let material = balance(pos, self.spec.variant, pos.side_to_move());
        Some(Seen { score, material })
    }

    /// Follows the position just screened (the last of `screened`) when it
    /// is a candidate, and keeps the puzzle it gives.
    fn consider<P: Position>(&mut self, pos: &P, screened: &[Option<Seen>]) {
        let n = screened.len();
        let (Some(Some(now)), Some(Some(before))) =
            (screened.last(), screened.get(n.wrapping_sub(2)))
        else {
            return;
        };
        if now.score < WIN || -before.score >= WIN {
            return;
        }
        if let Some(Some(own)) = screened.get(n.wrapping_sub(3))
            && own.material - now.material >= MINOR_PIECE
        {
            return;
        }
        let variant = self.spec.variant;
        let Ok(root) = P::from_text(&pos.to_text(), pos.options()) else {
            return;
        };
        self.stats.examined += 1;
        let Some(found) = follow(&root, variant, self.spec.depth) else {
            return;
        };
        let id = puzzle_id(&root, variant, root.move_text(found.moves[0]).as_str());
        if !self.seen.insert(id.clone()) {
            return;
        }
        let mut at = root.clone();
        let solution = found
            .moves
            .iter()
            .map(|&mv| {
                let text = at.move_text(mv);
                at.play(mv);
                text
            })
            .collect::<Vec<_>>();
        let (pawn, promotion) = option_texts(variant);
        self.puzzles.push(Puzzle {
            id,
            variant: variant.id.id().to_string(),
            pawn,
            promotion,
            position: root.to_text(),
            themes: themes(&root, variant, &found.moves, found.end),
            rating: rating(solution.len().div_ceil(2), found.first_gap),
            solution,
            end: found.end,
            depth: self.spec.depth,
        });
    }
}

/// `<variant>-<16 hex digits>` from the position's hash and the first move.
fn puzzle_id<P: Position>(root: &P, variant: Variant, first: &str) -> String {
    let mut h = root.hash();
    for b in first.bytes() {
        h = splitmix64(h ^ u64::from(b));
    }
    format!("{}-{h:016x}", variant.id.id())
}

/// The rating estimate: 1000, 200 for each solver move, and 100 more when
/// the first move is less than 600 better than the next best (a subtler
/// choice).
fn rating(solver_moves: usize, first_gap: i32) -> u32 {
    1000 + 200 * solver_moves as u32 + if first_gap < 600 { 100 } else { 0 }
}
