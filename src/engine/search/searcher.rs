//! One search's working state, and the iterative deepening that drives it.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::limits::{MultiSearch, SearchLimits, SearchResult};
use super::score::{INF, MAX_PLY, mate_in};
use crate::engine::eval::Evaluator;
use crate::engine::tt::TransTable;
use crate::rules::random::Rng;
use crate::rules::{Position, Side};

/// History slots per side parity (move ordering's quiet-move scores).
pub(super) const HISTORY_SLOTS: usize = 4096;

/// One search's working state. The table is borrowed so that a caller may
/// keep it between moves.
pub struct Searcher<'t, P: Position> {
    pub(super) eval: Evaluator<P>,
    pub(super) tt: &'t TransTable<P::Move>,
    /// 0 for the main thread of a Lazy-SMP search; a helper searches each
    /// iteration `helper % 2` plies deeper, so that the threads spread out.
    pub(super) helper: u32,
    pub(super) limits: SearchLimits,
    pub(super) noise_key: u64,
    pub(super) deadline: Option<Instant>,
    /// The nodes this search may visit: the limits' budget for the number
    /// of players in the game at the root.
    pub(super) node_budget: Option<u64>,
    /// The evaluation noise of this search: the limits' amplitude for the
    /// number of players in the game at the root.
    pub(super) noise: i32,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    /// Hashes of the positions before the current one: the game's, then the
    /// search line's.
    pub(super) path: Vec<u64>,
    pub(super) moves: Vec<Vec<P::Move>>,
    pub(super) scores: Vec<Vec<i32>>,
    pub(super) killers: Vec<[Option<P::Move>; 2]>,
    /// Per side parity (0, 1) and slot.
    pub(super) history: Vec<i32>,
    pub(super) pv: Vec<Vec<P::Move>>,
    /// The previous iteration's best move, searched first at the root (the
    /// table's entry for the root could have been replaced).
    pub(super) root_best: Option<P::Move>,
    /// With more than two players in the game, the side the search plays
    /// for against the coalition of the others; None with two.
    pub(super) team_root: Option<Side>,
    /// Best-Reply Search plus (with `team_root`): see [`super::brs`].
    pub(super) brs: bool,
    /// Per ply, under `brs`: whether this layer's searched reply has been
    /// played already, so that the opponent to move plays its best-ordered
    /// move alone. Set by the parent before each child.
    pub(super) spent: Vec<bool>,
    /// Told of every finished iteration (the window's analysis).
    pub(super) progress: Option<Box<dyn FnMut(&SearchResult<P::Move>) + 't>>,
    /// Root moves left out of the search (a multi-PV search's lines already
    /// found).
    pub(super) excluded: Vec<P::Move>,
}

impl<'t, P: Position> Searcher<'t, P> {
    pub fn new(eval: Evaluator<P>, tt: &'t TransTable<P::Move>, limits: SearchLimits) -> Self {
        let noise_key = Rng::new(limits.seed).next_u64();
        Searcher {
            eval,
            tt,
            helper: 0,
            limits,
            noise_key,
            deadline: None,
            node_budget: None,
            noise: 0,
            nodes: 0,
            stopped: false,
            path: Vec::new(),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SLOTS],
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            root_best: None,
            team_root: None,
            brs: false,
            spent: vec![false; MAX_PLY + 2],
            progress: None,
            excluded: Vec::new(),
        }
    }

    /// This searcher, leaving the root moves `excluded` out: it finds the
    /// best of the others (the next line of a multi-PV search).
    pub fn excluding(self, excluded: &[P::Move]) -> Self {
        Searcher {
            excluded: excluded.to_vec(),
            ..self
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
        // One player eliminated leaves a two-player game: plain negamax.
        self.team_root = (root.players_in_game() > 2).then(|| root.side_to_move());
        self.brs = self.team_root.is_some() && self.limits.multi == MultiSearch::BrsPlus;
        let applied = self.limits.applied(root.side_count());
        (self.node_budget, self.noise) = (applied.nodes, applied.noise);
        self.spent[0] = false;
        let mut pos = root.clone();
        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        let all_moves = root_moves.len();
        root_moves.retain(|mv| !self.excluded.contains(mv));
        let first = *root_moves.first()?;
        let max_depth = match (all_moves, applied.depth) {
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

    /// Whether the search must stop now (a limit reached, or told to).
    #[inline]
    pub(super) fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.node_budget.is_some_and(|n| self.nodes >= n);
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

    /// The line at `ply`: `mv`, then the line of the ply below.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Plays `mv` from the node whose hash is `hash`, on the search line:
    /// what undoes it, whether the side to move after it is on the mover's
    /// team, and the child's floor (the path's end, after a move that
    /// resets the fifty-move count).
    #[inline]
    pub(super) fn descend(
        &mut self,
        pos: &mut P,
        mv: P::Move,
        hash: u64,
        floor: usize,
    ) -> (P::Undo, bool, usize) {
        let resets = pos.resets_move_clock(mv);
        self.path.push(hash);
        let child_floor = if resets { self.path.len() } else { floor };
        let mover = pos.side_to_move();
        let undo = pos.play(mv);
        (undo, self.same_team(mover, pos), child_floor)
    }

    /// Takes back the move [`Self::descend`] played.
    #[inline]
    pub(super) fn ascend(&mut self, pos: &mut P, mv: P::Move, undo: P::Undo) {
        pos.undo(mv, undo);
        self.path.pop();
    }
}
