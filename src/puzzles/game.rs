//! One seeded self-play game of the generator: its levels and opening drawn
//! from the game's seed, every position after the opening screened by a
//! short search, and the candidates followed by [`follow`].
//!
//! A position is a candidate when the side to move has just been handed a
//! win: its short search scores at least [`WIN`] while the opponent's, one
//! ply earlier, did not score it lost. It is skipped when the solver's own
//! side lost a minor piece's worth of material over the last two plies (its
//! own move a blunder, the win only winning it back: lichess's "no free
//! piece" rule).
//!
//! With `blunders` above zero a game also looks at the roads it did not
//! take: at each screened position, up to that many of the mover's moves
//! that a one-ply search shows to hand the other side a win (a man left
//! hanging, a mate let in) are played aside, drawn by a seeded generator
//! of the game's own, and their positions screened and considered like the
//! game's. A weak player makes such moves; the game itself goes on as
//! without them. Two kinds of puzzle from them are dropped as too plain
//! or too alike: one move that takes the man the blunder moved (the
//! blunder was putting him en prise), and a solution the game has already
//! given.

use std::collections::HashSet;

use crate::engine::{Level, SearchLimits, WeightSet, search};
use crate::rules::Position;
use crate::rules::random::Rng;
use crate::rules::view::CellId;
use crate::rules::zobrist::splitmix64;

use super::line::{Found, Reject, WIN, follow};
use super::material::{MINOR_PIECE, balance};
use super::puzzle::{End, Puzzle, option_texts};
use super::themes::themes;
use crate::rules::variant::Variant;

/// Each player's level is drawn from the first this many (Novice to Club
/// player): mixed strengths make the blunders that puzzles come from.
const LEVELS: usize = 3;
/// A lead (evaluation units, two minor pieces) that decides a game …
const DECIDED: i32 = 600;
/// … when the same side has it for this many screened plies in a row.
const DECIDED_PLIES: usize = 6;
/// The screening search's node budget.
const SCREEN_NODES: u64 = 20_000;
/// Random plies of an opening: at least this many …
const OPENING_MIN: usize = 2;
/// … and fewer than this many more.
const OPENING_SPREAD: usize = 7;
/// The node budget of the one-ply search that finds a blunder.
const BLUNDER_NODES: u64 = 2_000;
/// Salt of the blunders' generator, apart from the game's.
const BLUNDER_SALT: u64 = 0x6b6c_756e_6465_7273;

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
    /// Games played at once, one a thread (the output does not depend on it).
    pub threads: usize,
    /// Blunders played aside at each screened position (0: the game only).
    pub blunders: usize,
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
    /// Why candidates were skipped or followed positions dropped.
    pub rejected: Rejections,
}

impl GenerateStats {
    /// Adds another game's counts (not its puzzles: the merge counts those).
    pub fn add(&mut self, other: &GenerateStats) {
        self.games += other.games;
        self.positions += other.positions;
        self.examined += other.examined;
        self.rejected.add(&other.rejected);
    }
}

/// What one game gave: its puzzles in the order found (one per id) and
/// its counts.
pub struct GameFinds {
    pub puzzles: Vec<Puzzle>,
    pub stats: GenerateStats,
}

/// The ids and solutions of a game's puzzles so far.
#[derive(Default)]
struct Known {
    ids: HashSet<String>,
    lines: HashSet<Vec<String>>,
}

impl Known {
    /// Keeps the game's own puzzle `found` when its id is new, and each of
    /// the puzzles from blunders `aside` when its id and its solution are.
    fn keep(&mut self, finds: &mut GameFinds, found: Option<Puzzle>, aside: Vec<Puzzle>) {
        if let Some(puzzle) = found
            && self.ids.insert(puzzle.id.clone())
        {
            self.lines.insert(puzzle.solution.clone());
            finds.puzzles.push(puzzle);
        }
        for puzzle in aside {
            if !self.lines.insert(puzzle.solution.clone()) {
                finds.stats.rejected.plain += 1;
            } else if self.ids.insert(puzzle.id.clone()) {
                finds.puzzles.push(puzzle);
            }
        }
    }
}

/// One screened ply of a game: the mover's short-search score and its
/// material balance.
#[derive(Clone, Copy)]
struct Seen {
    score: i32,
    material: i32,
}

/// Plays game number `game` of the run `spec` from `start`.
pub fn play_game<P: Position>(spec: &GenerateSpec, start: &P, game: u32) -> GameFinds {
    let game_seed = splitmix64(spec.seed ^ splitmix64(u64::from(game) + 1));
    let mut rng = Rng::new(game_seed);
    let mut blunder_rng = Rng::new(splitmix64(game_seed ^ BLUNDER_SALT));
    let level = |n: usize| Level::new(n as u8 + 1).unwrap_or(Level::MAX);
    let levels = [level(rng.below(LEVELS)), level(rng.below(LEVELS))];
    let opening = OPENING_MIN + rng.below(OPENING_SPREAD);
    let mut finds = GameFinds {
        puzzles: Vec::new(),
        stats: GenerateStats {
            games: 1,
            ..GenerateStats::default()
        },
    };
    let mut known = Known::default();
    let mut pos = start.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut screened: Vec<Option<Seen>> = Vec::new();
    let mut moves = Vec::new();
    for ply in 0..spec.max_plies as usize {
        if pos.outcome().is_some() {
            break;
        }
        let mv = if ply < opening {
            moves.clear();
            pos.legal_moves(&mut moves);
            screened.push(None);
            moves[rng.below(moves.len())]
        } else {
            screened.push(screen(spec, &pos, &history, &mut finds.stats));
            let found = consider(spec, &pos, &screened, &mut finds.stats);
            let aside = blunders(
                spec,
                &pos,
                &history,
                &screened,
                &mut blunder_rng,
                &mut finds.stats,
            );
            known.keep(&mut finds, found, aside);
            let side = pos.side_to_move();
            let limits = SearchLimits {
                time: None,
                weights: WeightSet::Original,
                ..levels[side.index() % 2].limits(game_seed)
            };
            match search(&pos, &history, &limits) {
                Some(r) => r.best,
                None => break,
            }
        };
        history.push(pos.hash());
        pos.play(mv);
        if decided(&screened) || repeated(&pos, &history) {
            break;
        }
    }
    finds.stats.puzzles = finds.puzzles.len() as u64;
    finds
}

/// The puzzles of up to `spec.blunders` of the mover's blunders at `pos`
/// (its screen the last of `screened`), each played aside and considered
/// as if the game had gone there.
fn blunders<P: Position>(
    spec: &GenerateSpec,
    pos: &P,
    history: &[u64],
    screened: &[Option<Seen>],
    rng: &mut Rng,
    stats: &mut GenerateStats,
) -> Vec<Puzzle> {
    if spec.blunders == 0 || screened.last().is_none_or(|s| s.is_none()) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut history = history.to_vec();
    history.push(pos.hash());
    let one_ply = SearchLimits {
        depth: Some(1),
        nodes: Some(BLUNDER_NODES),
        tt_megabytes: 1,
        weights: WeightSet::Original,
        ..SearchLimits::default()
    };
    let mut losing: Vec<(P, CellId)> = moves
        .iter()
        .map(|&mv| {
            let mut after = pos.clone();
            after.play(mv);
            (after, pos.route(mv).to)
        })
        .filter(|(after, _)| {
            after.outcome().is_none()
                && search(after, &history, &one_ply).is_some_and(|r| r.score >= WIN)
        })
        .collect();
    let mut puzzles = Vec::new();
    let mut with_blunder = screened.to_vec();
    for _ in 0..spec.blunders.min(losing.len()) {
        let (after, blundered_to) = losing.swap_remove(rng.below(losing.len()));
        with_blunder.push(screen(spec, &after, &history, stats));
        if let Some(puzzle) = consider(spec, &after, &with_blunder, stats) {
            if takes_the_blundered_man(&after, &puzzle, blundered_to) {
                stats.rejected.plain += 1;
            } else {
                puzzles.push(puzzle);
            }
        }
        with_blunder.pop();
    }
    puzzles
}

/// Whether `puzzle` is one move that wins material by taking the man the
/// blunder just moved to `blundered_to`.
fn takes_the_blundered_man<P: Position>(after: &P, puzzle: &Puzzle, blundered_to: CellId) -> bool {
    let [first] = puzzle.solution.as_slice() else {
        return false;
    };
    puzzle.end != End::Mate
        && after
            .parse_move(first)
            .is_ok_and(|mv| after.route(mv).to == blundered_to)
}

/// Whether the same side has led by at least [`DECIDED`] in each of the
/// last [`DECIDED_PLIES`] screens: the game is decided, and its later
/// positions are not candidates (the loser already scores itself lost,
/// and the winner gets a new win only if it first throws the old one
/// away), so it stops there. Chakra and the hex games otherwise spend a
/// hundred plies with a winner that cannot convert.
fn decided(screened: &[Option<Seen>]) -> bool {
    let n = screened.len();
    if n < DECIDED_PLIES {
        return false;
    }
    // Scores are the mover's: alternate the sign to follow one side.
    let last = &screened[n - DECIDED_PLIES..];
    let lead = |i: usize, seen: &Option<Seen>| {
        seen.map(|s| {
            if i.is_multiple_of(2) {
                s.score
            } else {
                -s.score
            }
        })
    };
    let leads: Option<Vec<i32>> = last.iter().enumerate().map(|(i, s)| lead(i, s)).collect();
    leads.is_some_and(|l| l.iter().all(|&x| x >= DECIDED) || l.iter().all(|&x| x <= -DECIDED))
}

/// Whether `pos` stands for the third time: a draw by repetition, the game
/// over (it would only repeat the positions already screened).
fn repeated<P: Position>(pos: &P, history: &[u64]) -> bool {
    let hash = pos.hash();
    history.iter().filter(|&&h| h == hash).count() >= 2
}

/// The short search of the screen: its score for the side to move and
/// that side's material.
fn screen<P: Position>(
    spec: &GenerateSpec,
    pos: &P,
    history: &[u64],
    stats: &mut GenerateStats,
) -> Option<Seen> {
    stats.positions += 1;
    let limits = SearchLimits {
        depth: Some(spec.depth.saturating_sub(1).max(1)),
        nodes: Some(SCREEN_NODES),
        tt_megabytes: 1,
        weights: WeightSet::Original,
        ..SearchLimits::default()
    };
    let score = search(pos, history, &limits)?.score;
    let material = balance(pos, spec.variant, pos.side_to_move());
    Some(Seen { score, material })
}

/// The puzzle at the position just screened (the last of `screened`),
/// when it is a candidate and its line is a puzzle.
fn consider<P: Position>(
    spec: &GenerateSpec,
    pos: &P,
    screened: &[Option<Seen>],
    stats: &mut GenerateStats,
) -> Option<Puzzle> {
    let n = screened.len();
    let (Some(Some(now)), Some(Some(before))) = (screened.last(), screened.get(n.wrapping_sub(2)))
    else {
        return None;
    };
    if now.score < WIN || -before.score >= WIN {
        return None;
    }
    if let Some(Some(own)) = screened.get(n.wrapping_sub(3))
        && own.material - now.material >= MINOR_PIECE
    {
        stats.rejected.free_piece += 1;
        return None;
    }
    // The puzzle is its position text alone: no earlier history.
    let root = P::from_text(&pos.to_text(), pos.options()).ok()?;
    stats.examined += 1;
    match follow(&root, spec.variant, spec.depth) {
        Ok(found) => Some(puzzle(spec, &root, &found)),
        Err(reason) => {
            stats.rejected.count(reason);
            None
        }
    }
}

/// The puzzle of the line `found` from `root`.
fn puzzle<P: Position>(spec: &GenerateSpec, root: &P, found: &Found<P::Move>) -> Puzzle {
    let variant = spec.variant;
    let mut at = root.clone();
    let solution: Vec<String> = found
        .moves
        .iter()
        .map(|&mv| {
            let text = at.move_text(mv);
            at.play(mv);
            text
        })
        .collect();
    let (pawn, promotion) = option_texts(variant);
    Puzzle {
        id: puzzle_id(root, variant.id.id(), &solution[0]),
        variant: variant.id.id().to_string(),
        pawn,
        promotion,
        position: root.to_text(),
        themes: themes(root, variant, &found.moves, found.end),
        rating: rating(solution.len().div_ceil(2), found.first_gap),
        solution,
        end: found.end,
        depth: spec.depth,
    }
}

/// `<variant>-<16 hex digits>` from the position's hash and the first move:
/// a transposed copy of a puzzle has the same id.
fn puzzle_id<P: Position>(root: &P, variant: &str, first: &str) -> String {
    let mut h = root.hash();
    for b in first.bytes() {
        h = splitmix64(h ^ u64::from(b));
    }
    format!("{variant}-{h:016x}")
}

/// The rating estimate: 1000, 200 for each solver move, and 100 more when
/// the first move is less than 600 better than the next best (a subtler
/// choice).
fn rating(solver_moves: usize, first_gap: i32) -> u32 {
    1000 + 200 * solver_moves as u32 + if first_gap < 600 { 100 } else { 0 }
}

/// Counts of why followed positions were not puzzles.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Rejections {
    /// Candidates skipped by the "no free piece" rule (not followed).
    pub free_piece: u64,
    pub capped: u64,
    pub not_winning: u64,
    pub not_unique: u64,
    pub no_end: u64,
    /// Puzzles from blunders played aside that were too plain or too alike
    /// (see the module's words).
    pub plain: u64,
}

impl Rejections {
    fn count(&mut self, reason: Reject) {
        match reason {
            Reject::Capped => self.capped += 1,
            Reject::NotWinning => self.not_winning += 1,
            Reject::NotUnique => self.not_unique += 1,
            Reject::NoEnd => self.no_end += 1,
        }
    }

    pub fn add(&mut self, other: &Rejections) {
        self.free_piece += other.free_piece;
        self.capped += other.capped;
        self.not_winning += other.not_winning;
        self.not_unique += other.not_unique;
        self.no_end += other.no_end;
        self.plain += other.plain;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screens(scores: &[i32]) -> Vec<Option<Seen>> {
        scores
            .iter()
            .map(|&score| Some(Seen { score, material: 0 }))
            .collect()
    }

    #[test]
    fn a_game_is_decided_when_one_side_leads_for_six_screens() {
        // The mover's scores alternate in sign while one side leads.
        assert!(decided(&screens(&[0, 700, -650, 800, -900, 610, -600])));
        assert!(decided(&screens(&[-700, 650, -800, 900, -610, 600])));
        // Five plies only, one short lead, or the lead changing hands.
        assert!(!decided(&screens(&[700, -650, 800, -900, 610])));
        assert!(!decided(&screens(&[700, -650, 800, -500, 610, -600])));
        assert!(!decided(&screens(&[700, -650, 800, 900, -610, 600])));
        // An opening ply (not screened) in the window.
        let mut with_gap = screens(&[700, -650, 800, -900, 610, -600]);
        with_gap[0] = None;
        assert!(!decided(&with_gap));
    }

    #[test]
    fn one_move_taking_the_blundered_man_is_plain_and_other_lines_are_not() {
        use crate::rules::chakra::Chakra;
        let text = "acm1ksca/1p1p2p1/2p5/5pq1/2CPp3/2P5/1P2PPP1/ACMQKS1A w Th2n,Tc3k,tg5n,ta7n";
        let after = Chakra::from_text(text, &()).expect("a position");
        let cell = |name: &str| after.layout().cell_named(name).expect("a cell");
        let puzzle = |solution: &[&str], end: End| Puzzle {
            id: "chakra-0".into(),
            variant: "chakra".into(),
            pawn: None,
            promotion: None,
            position: text.into(),
            solution: solution.iter().map(|s| s.to_string()).collect(),
            end,
            depth: 5,
            themes: Vec::new(),
            rating: 1200,
        };
        let take = puzzle(&["c1-g5"], End::Material { gain: 900 });
        // The Queen the blunder put on g5, taken: plain.
        assert!(takes_the_blundered_man(&after, &take, cell("g5")));
        // A blunder that moved another man left the Queen hanging: kept.
        assert!(!takes_the_blundered_man(&after, &take, cell("e4")));
        // A mate, or a longer line, is kept whatever it takes.
        assert!(!takes_the_blundered_man(
            &after,
            &puzzle(&["c1-g5"], End::Mate),
            cell("g5")
        ));
        let longer = puzzle(&["c1-g5", "f5-f4", "g5-g6"], End::Material { gain: 900 });
        assert!(!takes_the_blundered_man(&after, &longer, cell("g5")));
    }
}
