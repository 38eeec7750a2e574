//! The search: iterative-deepening principal-variation search (negamax with
//! alpha-beta) over any [`Position`], with a transposition table, move
//! ordering (table move, noisy moves, killers, history), late-move
//! reductions, check extensions and a quiescence search on noisy moves.
//!
//! Scores are from the side to move's point of view. A side that has no
//! legal move is scored by [`Position::outcome`]: a win for the mover is
//! `+MATE − ply`, a loss `−(MATE − ply)` (so shorter mates score higher), a
//! draw 0, a ¾ result ±[`THREE_QUARTERS`]. A position that repeats one on the
//! path (the game's earlier positions since the last irreversible move, then
//! the search line) counts as a draw at once.
//!
//! Quiescence proves a position terminal only when the side to move is in
//! check: a quiet side out of check stands pat on its evaluation without
//! generating its quiet moves, so a stalemate (or Tapestry's loss without a
//! move) first seen there is scored as the evaluation says; the main search
//! sees it exactly one ply earlier.
//!
//! The fifty-move rule is seen when the caller says it is in force and how
//! far its count has run ([`SearchLimits::fifty_move_clock`]): a line that
//! reaches the limit scores as a draw, unless its last move mated.
//!
//! More than two sides (three-player Anglojewish Chess): a paranoid search.
//! The side to move at the root plays against a coalition of all the
//! others, who minimise its score; scores are from the point of view of the
//! mover's team, so a child whose mover is on the same team keeps the
//! window and the sign (two coalition players in a row), any other child
//! negates them as in negamax. The evaluation is the root side's
//! ([`Evaluator::evaluate_for`]); the root side eliminated is a loss at
//! once, the root side left alone a win.
//!
//! Determinism: the clock influences the search only when a time limit is set
//! (it is read otherwise only to report the time taken).
//! With a node and/or depth limit alone, the same position, history, limits
//! and seed give the same result every run.

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::eval::{Evaluator, MAX_EVAL};
use super::tt::{Bound, Entry, TransTable};
use crate::rules::history::FIFTY_MOVES;
use crate::rules::zobrist::splitmix64;
use crate::rules::{GameResult, Position, Side};

/// The score of mate on the board (the side to move has been mated: −MATE).
pub const MATE: i32 = 30_000;
/// The deepest line the search follows, quiescence included.
pub const MAX_PLY: usize = 100;
/// Scores at least this far from 0 are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The score of a ¾ result (Glinski stalemate) for the side that gets ¾.
pub const THREE_QUARTERS: i32 = 20_000;
const INF: i32 = MATE + 1;
/// Quiescence plies in which a side in check tries every evasion (beyond
/// that it stands pat like anyone else, to bound the tree).
const QUIESCENCE_CHECK_PLIES: u32 = 4;
/// Quiescence plies at most (long capture-and-free chains in Flaxman).
const QUIESCENCE_PLIES: u32 = 16;
const HISTORY_SLOTS: usize = 4096;
/// Quiescence skips a capture when even its victim and this much more would
/// not reach alpha.
const DELTA_MARGIN: i32 = 200;

/// When to stop, and how the evaluation is perturbed.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest iteration (plies), if limited.
    pub depth: Option<u32>,
    /// Nodes (positions visited, quiescence included) at most.
    pub nodes: Option<u64>,
    /// Wall-clock time at most. The only limit that reads the clock.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search; it then returns the best
    /// move found so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// Amplitude of the evaluation noise in evaluation units (0: none). The
    /// noise is a fixed function of the position hash and [`Self::seed`], so
    /// it is consistent inside one search and reproducible.
    pub noise: i32,
    pub seed: u64,
    /// Transposition table size; 0 means 16 MB.
    pub tt_megabytes: usize,
    /// Search threads (Lazy SMP: they share the table); 0 and 1 mean one.
    /// More than one thread makes the result depend on timing.
    pub threads: usize,
    /// When the fifty-move rule is in force: the plies played at the root
    /// since the last move that reset the count. None: the rule is off.
    pub fifty_move_clock: Option<u32>,
}

impl SearchLimits {
    /// These limits, for a game whose fifty-move count stands at `clock`
    /// plies (None when the rule is off).
    pub fn with_fifty_move_clock(self, clock: Option<u32>) -> Self {
        SearchLimits {
            fifty_move_clock: clock,
            ..self
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    pub best: M,
    /// In evaluation units from the mover's point of view; see [`mate_in`].
    pub score: i32,
    /// The last iteration that finished (0 when stopped inside the first).
    pub depth: u32,
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<M>,
    pub elapsed: Duration,
}

/// Plies to mate when `score` is a mate score: positive when the side to
/// move mates, negative when it is mated.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Mate scores in the table count from the stored node, not from the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// FNV-1a: a fixed hasher, so that history slots do not depend on a random
/// per-process key and the search stays reproducible.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
}

fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut h = Fnv(0xCBF2_9CE4_8422_2325);
    mv.hash(&mut h);
    (splitmix64(h.finish()) % HISTORY_SLOTS as u64) as usize
}

/// One search's working state. The table is borrowed so that a caller may
/// keep it between moves.
pub struct Searcher<'t, P: Position> {
    eval: Evaluator<P>,
    tt: &'t TransTable<P::Move>,
    /// 0 for the main thread of a Lazy-SMP search; a helper searches each
    /// iteration `helper % 2` plies deeper, so that the threads spread out.
    helper: u32,
    limits: SearchLimits,
    noise_key: u64,
    deadline: Option<Instant>,
    nodes: u64,
    stopped: bool,
    /// Hashes of the positions before the current one: the game's, then the
    /// search line's.
    path: Vec<u64>,
    moves: Vec<Vec<P::Move>>,
    scores: Vec<Vec<i32>>,
    killers: Vec<[Option<P::Move>; 2]>,
    /// Per side parity (0, 1) and slot.
    history: Vec<i32>,
    pv: Vec<Vec<P::Move>>,
    /// The previous iteration's best move, searched first at the root (the
    /// table's entry for the root could have been replaced).
    root_best: Option<P::Move>,
    /// With more than two sides, the side the search plays for (paranoid
    /// search); None in two-player games.
    paranoid_for: Option<Side>,
    /// Told of every finished iteration (the window's analysis).
    progress: Option<Box<dyn FnMut(&SearchResult<P::Move>) + 't>>,
}

impl<'t, P: Position> Searcher<'t, P> {
    pub fn new(eval: Evaluator<P>, tt: &'t TransTable<P::Move>, limits: SearchLimits) -> Self {
        let noise_key = crate::rules::random::Rng::new(limits.seed).next_u64();
        Searcher {
            eval,
            tt,
            helper: 0,
            limits,
            noise_key,
            deadline: None,
            nodes: 0,
            stopped: false,
            path: Vec::new(),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SLOTS],
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            root_best: None,
            paranoid_for: None,
            progress: None,
        }
    }

    /// This searcher as helper `helper` (1, 2 …) of a Lazy-SMP search.
    pub fn as_helper(self, helper: u32) -> Self {
        Searcher { helper, ..self }
    }

    /// This searcher, telling `report` the result of every iteration that
    /// finishes.
    pub fn with_progress(self, report: impl FnMut(&SearchResult<P::Move>) + 't) -> Self {
        Searcher {
            progress: Some(Box::new(report)),
            ..self
        }
    }

    /// Searches `root` (whose earlier positions are `history`, oldest first,
    /// not including `root` itself). None when the side to move has no legal
    /// move.
    pub fn run(&mut self, root: &P, history: &[u64]) -> Option<SearchResult<P::Move>> {
        let start = Instant::now();
        self.deadline = self.limits.time.map(|t| start + t);
        self.nodes = 0;
        self.stopped = false;
        self.path.clear();
        self.path.extend_from_slice(history);
        self.root_best = None;
        self.paranoid_for = (root.side_count() > 2).then(|| root.side_to_move());
        let mut pos = root.clone();
        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        let first = *root_moves.first()?;
        let max_depth = match (root_moves.len(), self.limits.depth) {
            // One legal move: nothing to choose, a short look for the score.
            (1, _) => 1,
            (_, Some(d)) => d.clamp(1, MAX_PLY as u32 / 2),
            (_, None) => MAX_PLY as u32 / 2,
        };
        let mut result = SearchResult {
            best: first,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![first],
            elapsed: Duration::ZERO,
        };
        for depth in 1..=max_depth {
            let reach = (depth + self.helper % 2).min(max_depth);
            let score = self.negamax(&mut pos, reach as i32, -INF, INF, 0, 0);
            if let Some(&best) = self.pv[0].first() {
                // A stopped iteration still proved its best move at least as
                // good as the previous best, which it searched first.
                result.best = best;
                result.pv = self.pv[0].clone();
                result.score = score;
            }
            self.root_best = Some(result.best);
            if self.stopped {
                break;
            }
            result.depth = reach;
            result.score = score;
            if let Some(report) = self.progress.as_mut() {
                result.nodes = self.nodes;
                result.elapsed = start.elapsed();
                report(&result);
            }
            if mate_in(score).is_some_and(|plies| plies.unsigned_abs() + 1 < depth) {
                break;
            }
            if let Some(limit) = self.limits.time
                && start.elapsed() * 2 > limit
            {
                // The next iteration would not finish.
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        Some(result)
    }

    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
        // The clock and the stop flag only every 1024 nodes: cheap enough.
        let checkpoint = self.nodes & 1023 == 0;
        self.stopped = out_of_nodes
            || (checkpoint
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self
                        .limits
                        .stop
                        .as_ref()
                        .is_some_and(|s| s.load(Ordering::Relaxed))));
        self.stopped
    }

    /// Whether the side to move now is on the same team as `before` (always
    /// false with two sides: negamax).
    fn same_team(&self, before: Side, pos: &P) -> bool {
        self.paranoid_for
            .is_some_and(|root| (before == root) == (pos.side_to_move() == root))
    }

    /// A score from the root side's point of view, turned to the point of
    /// view of the side to move's team.
    fn for_mover(&self, pos: &P, root_score: i32) -> i32 {
        match self.paranoid_for {
            Some(root) if pos.side_to_move() != root => -root_score,
            _ => root_score,
        }
    }

    /// Searches the child just played within the parent's window
    /// `(alpha, beta)` and returns its score from the parent's mover's view.
    fn child(
        &mut self,
        pos: &mut P,
        same: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        floor: usize,
    ) -> i32 {
        if same {
            self.negamax(pos, depth, alpha, beta, ply, floor)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply, floor)
        }
    }

    fn static_eval(&self, pos: &P) -> i32 {
        let value = match self.paranoid_for {
            Some(root) => self.for_mover(pos, self.eval.evaluate_for(pos, root)),
            None => self.eval.evaluate(pos),
        };
        let n = self.limits.noise;
        if n > 0 {
            let r = splitmix64(pos.hash() ^ self.noise_key) % (2 * n as u64 + 1);
            value + r as i32 - n
        } else {
            value
        }
    }

    /// The score of a position whose side to move has no legal move.
    fn terminal(&self, pos: &P, ply: usize) -> i32 {
        let me = match self.paranoid_for {
            // Paranoid: a win for the root side is a win for its team.
            Some(root) => {
                let mate = MATE - ply as i32;
                return match pos.outcome().map(|o| o.result) {
                    Some(GameResult::Win(side) | GameResult::ThreeQuarters(side)) => {
                        self.for_mover(pos, if side == root { mate } else { -mate })
                    }
                    Some(GameResult::Draw) | None => 0,
                };
            }
            None => pos.side_to_move(),
        };
        let mate = MATE - ply as i32;
        match pos.outcome().map(|o| o.result) {
            Some(GameResult::Win(side)) if side == me => mate,
            Some(GameResult::Win(_)) => -mate,
            Some(GameResult::ThreeQuarters(side)) if side == me => THREE_QUARTERS,
            Some(GameResult::ThreeQuarters(_)) => -THREE_QUARTERS,
            Some(GameResult::Draw) | None => 0,
        }
    }

    /// Paranoid search: the root side eliminated while the game goes on is
    /// its loss.
    fn root_out(&self, pos: &P, ply: usize) -> Option<i32> {
        let root = self.paranoid_for?;
        (!pos.in_game(root)).then(|| self.for_mover(pos, -(MATE - ply as i32)))
    }

    fn repeats(&self, hash: u64, floor: usize) -> bool {
        self.path[floor.min(self.path.len())..].contains(&hash)
    }

    /// Whether the fifty-move count, when in force, has run out at a node
    /// `ply` plies from the root whose last reset left `floor` (0: no reset
    /// since the root) in the path.
    fn fifty_moves_run_out(&self, pos: &P, ply: usize, floor: usize) -> bool {
        let Some(at_root) = self.limits.fifty_move_clock else {
            return false;
        };
        let clock = if floor == 0 {
            at_root as usize + ply
        } else {
            self.path.len().saturating_sub(floor)
        };
        clock >= (FIFTY_MOVES * u32::from(pos.players_in_game())) as usize
    }

    fn history_index(&self, pos: &P, mv: &P::Move) -> usize {
        usize::from(pos.side_to_move().0 & 1) * HISTORY_SLOTS + history_slot(mv)
    }

    /// Orders `moves` by putting scores in `scores`; [`Self::pick`] takes
    /// the best remaining.
    fn score_moves(
        &self,
        pos: &P,
        moves: &[P::Move],
        scores: &mut Vec<i32>,
        tt_move: Option<P::Move>,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers[ply];
        for mv in moves {
            let s = if Some(*mv) == tt_move {
                1_000_000
            } else if pos.is_noisy(*mv) {
                500_000 + self.capture_order(pos, *mv)
            } else if Some(*mv) == killers[0] {
                400_000
            } else if Some(*mv) == killers[1] {
                399_000
            } else {
                self.history[self.history_index(pos, mv)]
            };
            scores.push(s);
        }
    }

    fn pick(moves: &mut [P::Move], scores: &mut [i32], i: usize) -> P::Move {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
        moves[i]
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn reward(&mut self, pos: &P, mv: P::Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.history_index(pos, &mv);
        self.history[i] += depth * depth;
        if self.history[i] > 300_000 {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    fn negamax(
        &mut self,
        pos: &mut P,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        floor: usize,
    ) -> i32 {
        self.pv[ply].clear();
        let hash = pos.hash();
        if ply > 0 {
            if self.repeats(hash, floor) {
                return 0;
            }
            // No line from here can beat a mate already found nearer the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if let Some(score) = self.root_out(pos, ply) {
            return score;
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, floor, 0);
        }
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(hash) {
            tt_move = e.mv;
            if ply > 0 && !pv_node && i32::from(e.depth) >= depth {
                let s = score_from_tt(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        if ply == 0 && self.root_best.is_some() {
            tt_move = self.root_best;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.scores[ply] = scores;
            return self.terminal(pos, ply);
        }
        if ply > 0 && self.fifty_moves_run_out(pos, ply, floor) {
            self.moves[ply] = moves;
            self.scores[ply] = scores;
            return 0;
        }
        let in_check = pos.in_check();
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        self.score_moves(pos, &moves, &mut scores, tt_move, ply);
        let alpha_before = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            let mv = Self::pick(&mut moves, &mut scores, i);
            let noisy = pos.is_noisy(mv);
            // Killers and the table move are not reduced either.
            let reducible = !noisy && scores[i] < 399_000;
            let resets = pos.resets_move_clock(mv);
            self.path.push(hash);
            let child_floor = if resets { self.path.len() } else { floor };
            let mover = pos.side_to_move();
            let undo = pos.play(mv);
            let same = self.same_team(mover, pos);
            let score = if i == 0 {
                self.child(pos, same, depth - 1, alpha, beta, ply + 1, child_floor)
            } else {
                let reduction = if reducible && !in_check && depth >= 3 && i >= 3 {
                    1 + i32::from(depth >= 6 && i >= 10)
                } else {
                    0
                };
                let (a, b) = (alpha, alpha + 1);
                let d = depth - 1;
                let mut s = self.child(pos, same, d - reduction, a, b, ply + 1, child_floor);
                if s > alpha && reduction > 0 {
                    s = self.child(pos, same, d, a, b, ply + 1, child_floor);
                }
                if s > alpha && s < beta {
                    s = self.child(pos, same, d, alpha, beta, ply + 1, child_floor);
                }
                s
            };
            pos.undo(mv, undo);
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !noisy {
                            self.reward(pos, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if self.stopped {
            return best.max(alpha_before);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: hash,
            mv: best_move,
            score: score_to_tt(best, ply),
            depth: depth as i16,
            bound,
        });
        best
    }

    fn quiesce(
        &mut self,
        pos: &mut P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        floor: usize,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        let hash = pos.hash();
        if ply > 0 && self.repeats(hash, floor) {
            return 0;
        }
        if let Some(score) = self.root_out(pos, ply) {
            return score;
        }
        let in_check = pos.in_check();
        let evading = in_check && qply < QUIESCENCE_CHECK_PLIES;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        if in_check {
            // A side in check may be mated: that needs every legal move.
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.moves[ply] = moves;
                return self.terminal(pos, ply);
            }
        }
        if ply > 0 && self.fifty_moves_run_out(pos, ply, floor) {
            self.moves[ply] = moves;
            return 0;
        }
        let mut best = -INF;
        // Lazy: the material estimate and its margin (the rest of the
        // evaluation and the noise) bound the stand-pat score. Its low end
        // at beta stands pat; its high end at alpha is a fail-low bound good
        // enough to stand on while the captures are tried. Either way the
        // full evaluation is spared.
        let mut lazy_high = None;
        if !evading
            && self.paranoid_for.is_none()
            && let Some((estimate, margin)) = self.eval.estimate(pos)
        {
            let spread = margin + self.limits.noise;
            let low = (estimate - spread).min(MAX_EVAL);
            if low >= beta && qply < QUIESCENCE_PLIES {
                self.moves[ply] = moves;
                return low;
            }
            let high = (estimate + spread).max(-MAX_EVAL);
            lazy_high = (high <= alpha).then_some(high);
        }
        if !evading {
            let stand = lazy_high.unwrap_or_else(|| self.static_eval(pos));
            if stand >= beta || qply >= QUIESCENCE_PLIES || ply + 1 >= MAX_PLY {
                self.moves[ply] = moves;
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
            if in_check {
                moves.retain(|&mv| pos.is_noisy(mv));
            } else {
                pos.noisy_moves(&mut moves);
            }
        } else if ply + 1 >= MAX_PLY {
            self.moves[ply] = moves;
            return self.static_eval(pos);
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        scores.extend(moves.iter().map(|&mv| self.capture_order(pos, mv)));
        for i in 0..moves.len() {
            let mv = Self::pick(&mut moves, &mut scores, i);
            if !evading && best > -INF {
                // Delta pruning: a capture whose victim cannot lift the
                // score to alpha is not worth a look.
                let gain = self.eval.noisy_gain(pos, mv);
                if gain > 0 && best + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            let resets = pos.resets_move_clock(mv);
            self.path.push(hash);
            let child_floor = if resets { self.path.len() } else { floor };
            let mover = pos.side_to_move();
            let undo = pos.play(mv);
            let score = if self.same_team(mover, pos) {
                self.quiesce(pos, alpha, beta, ply + 1, child_floor, qply + 1)
            } else {
                -self.quiesce(pos, -beta, -alpha, ply + 1, child_floor, qply + 1)
            };
            pos.undo(mv, undo);
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        best
    }

    /// Most valuable victim first, then the cheapest capturer.
    fn capture_order(&self, pos: &P, mv: P::Move) -> i32 {
        16 * self.eval.noisy_gain(pos, mv) - self.eval.mover_value(pos, mv) / 16
    }
}
