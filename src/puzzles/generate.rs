//! The generator: seeded self-play games between mixed engine levels from
//! varied seeded openings ([`super::game`]), played on worker threads and
//! merged in game order, so that the output depends on the arguments alone
//! and not on the threads' timing. A run keeps one puzzle per id (position
//! and first move, so transpositions too): the first game's.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::rules::Position;
use crate::rules::dispatch::VariantVisitor;
use crate::rules::variant::VariantId;

use super::game::{GameFinds, play_game};
pub use super::game::{GenerateSpec, GenerateStats};
use super::puzzle::Puzzle;

/// The default puzzle depth of a game: deeper where the game's search is
/// cheap (Flaxman's few men), shallower on the crowded boards.
pub fn default_depth(id: VariantId) -> u32 {
    match id {
        VariantId::Flaxman => 8,
        VariantId::Tapestry => 6,
        _ => 5,
    }
}

/// The most worker threads a run takes.
pub const MAX_THREADS: usize = 64;

/// Plays the games and returns the puzzles found, in the order found.
pub fn generate(spec: GenerateSpec) -> Result<(Vec<Puzzle>, GenerateStats), String> {
    if spec.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if spec.depth == 0 {
        return Err("--depth must be at least 1".into());
    }
    if !(1..=MAX_THREADS).contains(&spec.threads) {
        return Err(format!(
            "--threads must be 1 to {MAX_THREADS}, not {}",
            spec.threads
        ));
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
        Ok(merge(play_all(&self.spec, &start)))
    }
}

/// Every game of the run, in game order, played on `spec.threads` workers
/// that each take the next game not yet taken.
fn play_all<P: Position>(spec: &GenerateSpec, start: &P) -> Vec<GameFinds> {
    let next = AtomicU32::new(0);
    let done: Mutex<Vec<(u32, GameFinds)>> = Mutex::new(Vec::new());
    let workers = spec.threads.min(spec.games as usize);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= spec.games {
                        break;
                    }
                    let finds = play_game(spec, start, game);
                    // A poisoned lock only means another worker panicked.
                    let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
                    done.push((game, finds));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(game, _)| *game);
    done.into_iter().map(|(_, finds)| finds).collect()
}

/// The games' puzzles in game order, one per id, and their counts summed.
fn merge(games: Vec<GameFinds>) -> (Vec<Puzzle>, GenerateStats) {
    let mut stats = GenerateStats::default();
    let mut ids = HashSet::new();
    let mut puzzles = Vec::new();
    for game in games {
        stats.add(&game.stats);
        puzzles.extend(
            game.puzzles
                .into_iter()
                .filter(|p| ids.insert(p.id.clone())),
        );
    }
    stats.puzzles = puzzles.len() as u64;
    (puzzles, stats)
}
