//! The engine: mates found and proved by brute force, only legal moves on
//! random positions, reproducible results, the levels, and `selfplay`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::cli::variantarium;
use variantarium::engine::search::{MultiSearch, SearchLimits};
use variantarium::engine::tt::TransTable;
use variantarium::engine::{Evaluator, Level, MATE, Searcher, choose_move, hint, mate_in, search};
use variantarium::rules::dispatch::VariantVisitor;
use variantarium::rules::flaxman::Flaxman;
use variantarium::rules::random::Rng;
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::view::ManState;
use variantarium::rules::{
    BoardLayout, Effect, EndReason, GameResult, MoveError, Outcome, Placement, Position,
    PositionError, Route, Side, sorted_moves,
};

fn flaxman(text: &str) -> Flaxman {
    Flaxman::from_text(text, &()).expect("valid position text")
}

fn depth_limit(depth: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    }
}

fn moves_of<P: Position>(pos: &P) -> Vec<P::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

fn after<P: Position>(pos: &P, mv: P::Move) -> P {
    let mut next = pos.clone();
    next.play(mv);
    next
}

// Brute force, independent of the search: only the rules.

fn is_checkmate<P: Position>(pos: &P) -> bool {
    pos.outcome()
        .is_some_and(|end| end.reason == EndReason::Checkmate)
}

fn mates_in_one<P: Position>(pos: &P) -> Vec<P::Move> {
    moves_of(pos)
        .into_iter()
        .filter(|&mv| is_checkmate(&after(pos, mv)))
        .collect()
}

/// First moves after which every defence allows a mate in one.
fn mates_in_two<P: Position>(pos: &P) -> Vec<P::Move> {
    moves_of(pos)
        .into_iter()
        .filter(|&mv| {
            let next = after(pos, mv);
            let defences = moves_of(&next);
            !defences.is_empty()
                && defences
                    .into_iter()
                    .all(|d| !mates_in_one(&after(&next, d)).is_empty())
        })
        .collect()
}

#[test]
fn finds_a_mate_in_one() {
    // White: S e6, K d4, S f3; Black: s a5, s e5, k a2. e6-c5 mates.
    let pos = flaxman("4S1/s3s1/3K2/5S/k5/6 w");
    let proved = mates_in_one(&pos);
    assert_eq!(proved.len(), 1, "the position has exactly one mate in one");
    let found = search(&pos, &[], &depth_limit(4)).expect("a move");
    assert_eq!(pos.move_text(found.best), "e6-c5");
    assert_eq!(found.best, proved[0]);
    assert_eq!(found.score, MATE - 1);
    assert_eq!(mate_in(found.score), Some(1));
    // The levels find it too.
    for level in [3u8, 4] {
        let r = choose_move(&pos, &[], Level::new(level).expect("level"), 1).expect("a move");
        assert_eq!(r.best, proved[0], "level {level}");
    }
}

#[test]
fn finds_mates_in_two_and_they_are_mates_against_every_defence() {
    for text in ["6/s4P/6/2sk2/1K4/1S4 b", "sS4/1k1p2/6/K5/4S1/6 w"] {
        let pos = flaxman(text);
        assert!(mates_in_one(&pos).is_empty(), "{text}: no mate in one");
        let proved = mates_in_two(&pos);
        assert_eq!(proved.len(), 1, "{text}: exactly one mate in two");
        let found = search(&pos, &[], &depth_limit(6)).expect("a move");
        assert_eq!(
            found.best,
            proved[0],
            "{text}: {}",
            pos.move_text(found.best)
        );
        assert_eq!(
            mate_in(found.score),
            Some(3),
            "{text}: score {}",
            found.score
        );
        // And the engine finishes the job against every defence.
        let next = after(&pos, found.best);
        for defence in moves_of(&next) {
            let position = after(&next, defence);
            let reply = search(&position, &[], &depth_limit(3)).expect("a reply");
            assert!(
                is_checkmate(&after(&position, reply.best)),
                "{text}: after {} the engine plays {}, not mate",
                next.move_text(defence),
                position.move_text(reply.best)
            );
        }
        let level3 = search(&pos, &[], &level_three_unhurried(9)).expect("a move");
        assert_eq!(level3.best, proved[0], "{text}: level 3");
    }
}

#[test]
fn a_lost_position_scores_as_being_mated_and_shorter_mates_win() {
    // Black to move in the mate-in-two position after White's best defence
    // is lost; seen from the mated side the score is negative mate.
    let pos = flaxman("6/s4P/6/2sk2/1K4/1S4 b");
    let best = search(&pos, &[], &depth_limit(6)).expect("a move");
    let next = after(&pos, best.best);
    let defended = search(&next, &[], &depth_limit(6)).expect("a defence");
    assert_eq!(mate_in(defended.score), Some(-2));
    assert!(defended.score < -MATE / 2);
}

#[test]
fn pinning_every_mobile_man_in_check_is_a_draw_not_a_mate() {
    // Black's King takes the Soldier b1 (e4-b1): the Soldier a1 now checks
    // White's King d3, whose definers a4 and the new Prisoner e4 are (4,0)
    // apart — no point is that far from d3, so White is stalemated.
    let pos = flaxman("6/6/P2pk1/3K2/6/sS4 b");
    let stalemating = pos.parse_move("e4-b1").expect("a legal move");
    let next = after(&pos, stalemating);
    assert!(next.in_check());
    assert_eq!(next.outcome().map(|end| end.result), Some(GameResult::Draw));
    let result = search(&pos, &[], &depth_limit(3)).expect("a move");
    assert_eq!(mate_in(result.score), None, "score {}", result.score);
}

#[test]
fn no_side_to_move_without_moves_gets_a_move() {
    let pos = flaxman("4S1/s3s1/3K2/5S/k5/6 w");
    let mate = mates_in_one(&pos)[0];
    let mated = after(&pos, mate);
    assert!(search(&mated, &[], &depth_limit(3)).is_none());
    assert!(choose_move(&mated, &[], Level::MIN, 0).is_none());
    assert!(hint(&mated, &[]).is_none());
}

/// Positions along random games, with the hashes of the positions before
/// them (for the repetition rule).
fn random_positions<P: Position>(
    options: &P::Options,
    count: usize,
    seed: u64,
) -> Vec<(P, Vec<u64>)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = P::start(options);
        let mut history = Vec::new();
        for _ in 0..rng.below(80) {
            let moves = moves_of(&pos);
            if moves.is_empty() {
                break;
            }
            history.push(pos.hash());
            pos.play(moves[rng.below(moves.len())]);
        }
        if !moves_of(&pos).is_empty() {
            out.push((pos, history));
        }
    }
    out
}

/// Legal by the position itself and by a copy rebuilt from its text.
fn assert_legal<P: Position>(pos: &P, mv: P::Move, who: &str) {
    let fresh = P::from_text(&pos.to_text(), pos.options()).expect("the text reads back");
    let text = pos.move_text(mv);
    let legal: Vec<String> = sorted_moves(&fresh).into_iter().map(|(t, _)| t).collect();
    assert!(
        legal.contains(&text) && moves_of(pos).contains(&mv),
        "{who} plays illegal {text} in {}",
        pos.to_text()
    );
}

/// The levels, the principal variation and the generic evaluation under
/// tiny node budgets (stopping the search anywhere) only ever give legal
/// moves, on random positions of one game.
struct OnlyLegalMoves {
    positions: usize,
    seed: u64,
}

impl VariantVisitor for OnlyLegalMoves {
    type Output = ();

    fn visit<P: Position>(self, options: P::Options) {
        let generic = Evaluator::<P>::generic();
        let mut tt = TransTable::with_megabytes(1);
        for (i, (pos, history)) in random_positions::<P>(&options, self.positions, self.seed)
            .iter()
            .enumerate()
        {
            let limits = SearchLimits {
                nodes: Some(300 + 997 * (i as u64 % 7)),
                ..Level::new(1 + (i % 3) as u8)
                    .expect("level")
                    .limits(i as u64)
            };
            let r = search(pos, history, &limits).expect("a move");
            assert_legal(pos, r.best, "the search");
            let mut line = pos.clone();
            for &mv in &r.pv {
                assert_legal(&line, mv, "the principal variation");
                line.play(mv);
            }
            tt.clear();
            let limits = SearchLimits {
                nodes: Some(50 + 37 * (i as u64 % 40)),
                ..SearchLimits::default()
            };
            let r = Searcher::new(generic, &tt, limits)
                .run(pos, history)
                .expect("a move");
            assert_legal(pos, r.best, "the generic evaluation");
        }
    }
}

#[test]
fn only_legal_moves_on_random_positions() {
    for (i, variant) in Variant::implemented().into_iter().enumerate() {
        let visitor = OnlyLegalMoves {
            positions: 40,
            seed: 77 + i as u64,
        };
        variant.visit(visitor).expect("a game");
    }
}

#[test]
fn same_seed_and_node_limit_give_the_same_result() {
    for (i, (pos, history)) in random_positions::<Flaxman>(&(), 12, 5).iter().enumerate() {
        let limits = SearchLimits {
            nodes: Some(20_000 + 1_000 * i as u64),
            noise: 8,
            seed: 42 + i as u64,
            ..SearchLimits::default()
        };
        let a = search(pos, history, &limits).expect("a move");
        let b = search(pos, history, &limits).expect("a move");
        assert_eq!(
            (a.best, a.score, a.depth, a.nodes, &a.pv),
            (b.best, b.score, b.depth, b.nodes, &b.pv)
        );
        assert!(a.nodes <= limits.nodes.expect("set"));
    }
}

#[test]
fn the_beginner_varies_with_the_seed() {
    let positions = random_positions::<Flaxman>(&(), 20, 8);
    let picks = |seed: u64| -> Vec<_> {
        positions
            .iter()
            .map(|(pos, h)| choose_move(pos, h, Level::MIN, seed).expect("a move").best)
            .collect()
    };
    let a = picks(1);
    assert_eq!(a, picks(1), "reproducible for one seed");
    assert_ne!(a, picks(2), "different for another");
}

#[test]
fn a_repetition_counts_as_a_draw() {
    // White (to move) is a Prisoner down; every move that returns to a
    // position of the game's history scores exactly 0 when searched.
    let pos = flaxman("1sk1s1/6/6/6/6/1S1KP1 w");
    let plain = search(&pos, &[], &depth_limit(3)).expect("a move");
    assert!(plain.score < -100, "White is worse: {}", plain.score);
    // Pretend every position one move away stood in the game before: then
    // any move repeats, and the search sees a draw.
    let history: Vec<u64> = moves_of(&pos)
        .into_iter()
        .map(|mv| after(&pos, mv).hash())
        .collect();
    let drawn = search(&pos, &history, &depth_limit(3)).expect("a move");
    assert_eq!(drawn.score, 0);
}

#[test]
fn time_and_stop_limits_are_kept() {
    let pos = Flaxman::start(&());
    let limits = SearchLimits {
        time: Some(Duration::from_millis(50)),
        ..SearchLimits::default()
    };
    let clock = Instant::now();
    let r = search(&pos, &[], &limits).expect("a move");
    // Without the limit this search would run for minutes; the slack is for
    // a busy test machine.
    assert!(
        clock.elapsed() < Duration::from_secs(2),
        "{:?}",
        clock.elapsed()
    );
    assert!(r.depth >= 1);
    let stop = Arc::new(AtomicBool::new(true));
    let limits = SearchLimits {
        stop: Some(stop),
        ..SearchLimits::default()
    };
    let r = search(&pos, &[], &limits).expect("a move");
    assert!(r.nodes <= 1024 * 2, "{}", r.nodes);
    assert!(moves_of(&pos).contains(&r.best));
}

#[test]
fn levels_have_names_and_level_three_is_quick() {
    let names: Vec<&str> = Level::all().map(Level::name).collect();
    assert_eq!(names.len(), 6);
    assert_eq!(names[0], "Novice");
    assert!(Level::new(0).is_none() && Level::new(7).is_none());
    assert!(Level::new(3).expect("level").time_cap() <= Duration::from_millis(100));
    for (pos, history) in random_positions::<Flaxman>(&(), 5, 3) {
        let clock = Instant::now();
        let r = choose_move(&pos, &history, Level::new(3).expect("level"), 0).expect("a move");
        // 0.1 s by the cap (checked every 1024 nodes); the rest is slack for
        // a busy test machine.
        assert!(r.elapsed < Duration::from_millis(250), "{:?}", r.elapsed);
        assert!(
            clock.elapsed() < Duration::from_secs(1),
            "{:?}",
            clock.elapsed()
        );
    }
}

/// The W-D-L counts of the last line.
fn summary(out: &str) -> (u32, u32, u32) {
    let last = out.lines().last().expect("a summary line");
    let parts: Vec<u32> = last
        .split('-')
        .map(|n| n.parse().expect("a count"))
        .collect();
    assert_eq!(parts.len(), 3, "summary '{last}'");
    (parts[0], parts[1], parts[2])
}

#[test]
fn selfplay_prints_one_line_per_game_and_the_summary() {
    let args = [
        "selfplay",
        "--variant",
        "flaxman",
        "--white",
        "1",
        "--black",
        "random",
        "--games",
        "4",
        "--seed",
        "7",
        "--max-plies",
        "30",
    ];
    let (code, out, err) = variantarium(&args);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let mut counted = (0, 0, 0);
    for (i, line) in lines[..4].iter().enumerate() {
        let prefix = format!("game {}: ", i + 1);
        let rest = line.strip_prefix(&prefix).expect("numbered game line");
        let (result, rest) = rest.split_once(' ').expect("a result");
        let (reason, plies) = rest.rsplit_once(" in ").expect("a reason");
        let plies: u32 = plies
            .strip_suffix(" plies")
            .and_then(|p| p.parse().ok())
            .expect("a ply count");
        assert!(plies <= 30, "{line}");
        assert!(
            [
                "checkmate",
                "stalemate",
                "threefold repetition",
                "fifty-move rule",
                "ply limit"
            ]
            .contains(&reason),
            "{line}"
        );
        match result {
            "1-0" => counted.0 += 1,
            "1/2-1/2" => counted.1 += 1,
            "0-1" => counted.2 += 1,
            other => panic!("result {other} in {line}"),
        }
        assert_eq!(
            reason == "ply limit",
            plies == 30 && result == "1/2-1/2",
            "{line}"
        );
    }
    assert_eq!(summary(&out), counted);
    // Reproducible.
    assert_eq!(variantarium(&args).1, out);
    // One ply each: all unfinished, all draws.
    let (code, out, _) = variantarium(&[
        "selfplay",
        "--variant",
        "flaxman",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "3",
        "--max-plies",
        "1",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "game 1: 1/2-1/2 ply limit in 1 plies\ngame 2: 1/2-1/2 ply limit in 1 plies\n\
         game 3: 1/2-1/2 ply limit in 1 plies\n0-3-0\n"
    );
}

#[test]
fn selfplay_rejects_bad_input_with_status_two() {
    let base = ["selfplay", "--variant", "flaxman", "--games", "2"];
    for (extra, needle) in [
        (&["--white", "7", "--black", "1"][..], "--white"),
        (&["--white", "1", "--black", "strong"][..], "--black"),
        (&["--white", "random", "--black", "0"][..], "--black"),
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let (code, out, err) = variantarium(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
    for args in [
        &[
            "selfplay",
            "--variant",
            "flaxman",
            "--white",
            "1",
            "--black",
            "1",
            "--games",
            "0",
        ][..],
        &[
            "selfplay",
            "--variant",
            "nosuch",
            "--white",
            "1",
            "--black",
            "1",
            "--games",
            "1",
        ],
        &[
            "selfplay",
            "--variant",
            "flaxman",
            "--white",
            "1",
            "--black",
            "1",
        ],
        &[
            "selfplay",
            "--variant",
            "flaxman",
            "--white",
            "1",
            "--black",
            "1",
            "--games",
            "x",
        ],
    ] {
        let (code, _, err) = variantarium(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn level_three_beats_random_in_every_game() {
    for variant in ["flaxman", "tapestry", "chakra", "glinski", "aj-glinski"] {
        for (white, black) in [("3", "random"), ("random", "3")] {
            let (code, out, err) = variantarium(&[
                "selfplay",
                "--variant",
                variant,
                "--white",
                white,
                "--black",
                black,
                "--games",
                "10",
                "--seed",
                "2026",
            ]);
            assert_eq!(code, 0, "{err}");
            let (w, d, l) = summary(&out);
            let (engine_wins, engine_losses) = if white == "3" { (w, l) } else { (l, w) };
            assert!(
                engine_wins >= 9 && engine_losses == 0,
                "{variant}: level 3 as {}: {w}-{d}-{l}\n{out}",
                if white == "3" { "White" } else { "Black" }
            );
        }
    }
}

/// A toy game for three: take one to three counters from a pile; the side
/// that cannot move (the pile is empty) has lost to the side that took the
/// last counter. Only here to run the search on more than two sides.
#[derive(Clone, PartialEq, Eq, Debug)]
struct ThreeNim {
    pile: u8,
    side: Side,
}

/// No evaluation of its own: the engine's generic one judges it.
impl variantarium::rules::Evaluated for ThreeNim {}

impl Position for ThreeNim {
    type Move = u8;
    type Undo = ();
    type Options = ();

    fn start(_options: &()) -> Self {
        ThreeNim {
            pile: 21,
            side: Side(0),
        }
    }
    fn options(&self) -> &() {
        &()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn side_count(&self) -> u8 {
        3
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((1..=3).filter(|&n| n <= self.pile));
    }
    fn play(&mut self, mv: u8) {
        self.pile = self.pile.saturating_sub(mv);
        self.side = self.side.next(3);
    }
    fn undo(&mut self, mv: u8, _undo: ()) {
        self.pile += mv;
        self.side = Side((self.side.0 + 2) % 3);
    }
    fn in_check(&self) -> bool {
        false
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then(|| Outcome {
            result: GameResult::Win(Side((self.side.0 + 2) % 3)),
            reason: EndReason::NoLegalMove,
        })
    }
    fn resets_move_clock(&self, _mv: u8) -> bool {
        true
    }
    fn is_noisy(&self, mv: u8) -> bool {
        mv == 3
    }
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }
    fn hash_from_scratch(&self) -> u64 {
        variantarium::rules::zobrist::splitmix64(u64::from(self.pile) * 3 + u64::from(self.side.0))
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        variantarium::rules::find_legal_move(self, text, |_| None)
    }
    fn to_text(&self) -> String {
        format!("{} {}", self.pile, self.side.0)
    }
    fn from_text(text: &str, _options: &()) -> Result<Self, PositionError> {
        let mut parts = text.split(' ').map(str::parse::<u8>);
        match (parts.next(), parts.next()) {
            (Some(Ok(pile)), Some(Ok(side))) if side < 3 => Ok(ThreeNim {
                pile,
                side: Side(side),
            }),
            _ => Err(PositionError::new(format!("bad text '{text}'"))),
        }
    }
    fn layout(&self) -> BoardLayout {
        BoardLayout {
            boards: Vec::new(),
            cells: Vec::new(),
        }
    }
    fn placements(&self) -> Vec<Placement> {
        (0..self.pile)
            .map(|i| Placement {
                cell: 0,
                letter: 'N',
                side: Some(Side(i % 3)),
                state: ManState::Normal,
                level: 0,
            })
            .collect()
    }
    fn route(&self, _mv: u8) -> Route {
        Route { from: 0, to: 0 }
    }
    fn effects(&self, _mv: u8) -> Vec<Effect> {
        Vec::new()
    }
}

#[test]
fn three_sides_do_not_break_the_search() {
    assert_eq!(
        Evaluator::<ThreeNim>::for_game(Default::default()).name,
        "generic"
    );
    for pile in 0..=21 {
        for side in 0..3 {
            let pos = ThreeNim {
                pile,
                side: Side(side),
            };
            let budget = SearchLimits {
                nodes: Some(3_000),
                tt_megabytes: 1,
                ..Level::MIN.limits(3)
            };
            for limits in [depth_limit(1), depth_limit(6), budget] {
                match search(&pos, &[pos.hash()], &limits) {
                    None => assert_eq!(pile, 0),
                    Some(r) => assert!((1..=3.min(pile)).contains(&r.best), "{pile} {side}"),
                }
            }
        }
    }
    // Taking the last counter wins: found at once.
    let pos = ThreeNim {
        pile: 2,
        side: Side(2),
    };
    let r = search(&pos, &[], &depth_limit(4)).expect("a move");
    assert_eq!((r.best, mate_in(r.score)), (2, Some(1)));
}

struct EvalName;

impl VariantVisitor for EvalName {
    type Output = &'static str;
    fn visit<P: Position>(self, _options: P::Options) -> &'static str {
        Evaluator::<P>::for_game(Default::default()).name
    }
}

#[test]
fn each_variant_gets_its_evaluation_through_visit() {
    let flaxman = Variant::new(VariantId::Flaxman).visit(EvalName);
    assert_eq!(flaxman, Ok("flaxman"));
    for (id, name) in [
        (VariantId::Tapestry, "tapestry"),
        (VariantId::Chakra, "chakra"),
        (VariantId::Glinski, "hexchess"),
        (VariantId::AjGlinski, "hexchess"),
        (VariantId::AjCompact, "hexchess"),
    ] {
        assert_eq!(Variant::new(id).visit(EvalName), Ok(name), "{id:?}");
    }
    // Games without their own evaluation get the generic one.
    assert_eq!(
        Evaluator::<ThreeNim>::for_game(Default::default()).name,
        "generic"
    );
}

#[test]
fn the_computer_moves_in_every_game_through_a_session() {
    use variantarium::engine::session::{computer_move, hint_move};
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::Variant;
    for variant in Variant::implemented() {
        let mut game = new_session(variant, DrawRules::default(), None).expect("a game");
        for ply in 0..4 {
            let legal: Vec<String> = game.legal_moves().into_iter().map(|m| m.text).collect();
            let level = variantarium::engine::Level::new(1).expect("level 1");
            let mv = computer_move(game.as_ref(), level, ply).expect("a move");
            assert!(legal.contains(&mv), "{variant:?}: {mv} is legal");
            game.play(&mv).expect("legal");
        }
        let hint = hint_move(game.as_ref()).expect("a hint");
        assert!(
            game.legal_moves().iter().any(|m| m.text == hint),
            "{variant:?}: hint {hint}"
        );
    }
}

/// Level 3 finds a mate in one that brute force proves, with the game's own
/// evaluation in charge.
fn level_three_mates<P: Position>(pos: &P, evaluation: &str) {
    assert_eq!(
        Evaluator::<P>::for_game(Default::default()).name,
        evaluation
    );
    let proved = mates_in_one(pos);
    assert!(
        !proved.is_empty(),
        "{}: a mate in one exists",
        pos.to_text()
    );
    let started = Instant::now();
    let found = search(pos, &[], &level_three_unhurried(1)).expect("a move");
    assert!(
        proved.contains(&found.best),
        "{}: {} does not mate",
        pos.to_text(),
        pos.move_text(found.best)
    );
    assert!(is_checkmate(&after(pos, found.best)));
    assert_eq!(mate_in(found.score), Some(1));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn level_three_mates_in_one_in_tapestry() {
    use variantarium::rules::tapestry::Tapestry;
    // Found by random playouts from the start; e3-f5 (Knight) mates.
    let pos =
        Tapestry::from_text("rbqkbn/p3pp/1pp3/4NP/PPPPP1/RBQKB1 w OEA -", &()).expect("valid");
    level_three_mates(&pos, "tapestry");
}

#[test]
fn level_three_mates_in_one_in_chakra() {
    use variantarium::rules::chakra::Chakra;
    // Black's King in the corner, White's King on b6 guards b7 and a7.
    let pos = Chakra::from_text("k7/8/1K6/8/8/8/8/7Q w Ta2n,Th2n,td5n,te5n", &()).expect("valid");
    level_three_mates(&pos, "chakra");
}

#[test]
fn level_three_mates_in_one_in_hex_chess() {
    use variantarium::rules::hexchess::{HexChess, HexOptions};
    // Both found by random playouts from the start.
    let glinski = HexOptions::for_variant(VariantId::Glinski, None).expect("hex");
    let pos = HexChess::from_text(
        "1R4/2P1p1r/2P2pkB/1NP2p1b1/3P6/1b2QpB4/K2P2p3/N5p2/1P3pn1/RP3rp/2n3 w -",
        &glinski,
    )
    .expect("valid");
    level_three_mates(&pos, "hexchess");
    let anglojewish = HexOptions::for_variant(VariantId::AjGlinski, None).expect("hex");
    let pos = HexChess::from_text(
        "3S2/1P4p/1P3p2/2Bb5/S3p2sf1/4c2fb2/1G1PP4g/2F1Pp2s/1FP3p1/B2P1p1/6 b -",
        &anglojewish,
    )
    .expect("valid");
    level_three_mates(&pos, "hexchess");
}

/// A mate in two proved by brute force (no mate in one; `key` is the only
/// first move after which every defence allows a mate), which the search at
/// depth 4 and Level 3 both find and score as mate in two, the search's
/// reply then mating against every defence.
/// Level 3's node budget and noise without its time cap, so that a busy test
/// machine cannot cut the search short (the cap is tested on its own).
fn level_three_unhurried(seed: u64) -> SearchLimits {
    SearchLimits {
        time: None,
        ..Level::new(3).expect("level 3").limits(seed)
    }
}

fn engine_mates_in_two<P: Position>(pos: &P, key: &str) {
    let text = pos.to_text();
    assert!(mates_in_one(pos).is_empty(), "{text}: no mate in one");
    let proved = mates_in_two(pos);
    let keys: Vec<String> = proved.iter().map(|&mv| pos.move_text(mv)).collect();
    assert_eq!(keys, [key], "{text}: exactly one mate in two");
    let found = search(pos, &[], &depth_limit(4)).expect("a move");
    assert!(
        proved.contains(&found.best),
        "{text}: the search plays {}",
        pos.move_text(found.best)
    );
    assert_eq!(
        mate_in(found.score),
        Some(3),
        "{text}: score {}",
        found.score
    );
    let next = after(pos, found.best);
    for defence in moves_of(&next) {
        let position = after(&next, defence);
        let reply = search(&position, &[], &depth_limit(3)).expect("a reply");
        assert!(
            is_checkmate(&after(&position, reply.best)),
            "{text}: after {key} {} the engine plays {}, not mate",
            next.move_text(defence),
            position.move_text(reply.best)
        );
    }
    let level3 = search(pos, &[], &level_three_unhurried(9)).expect("a move");
    assert!(
        proved.contains(&level3.best),
        "{text}: Level 3 plays {}",
        pos.move_text(level3.best)
    );
    assert_eq!(mate_in(level3.score), Some(3), "{text}: Level 3 score");
}

#[test]
fn finds_a_mate_in_two_in_tapestry() {
    use variantarium::rules::tapestry::Tapestry;
    // White K c5, N c2, B d2 against k f6, all three Fates on the Nexus.
    // The quiet Loom step N-E wakes Earth: every move must now leave its
    // territory, so the King on f6 is frozen and Black has only Fate steps;
    // whichever, d2-c3 mates. Found by a random search of sparse positions.
    let pos = Tapestry::from_text("5k/2K3/6/6/2NB2/6 w NNN -", &()).expect("valid");
    engine_mates_in_two(&pos, "N-E");
}

#[test]
fn finds_a_mate_in_two_in_chakra() {
    use variantarium::rules::chakra::Chakra;
    // The Transmitter carries White's King from a2 through its chakra a1 to
    // g6, beside the cornered Black King; Black has only chakra moves left and
    // the Courtesan mates on g7. Found by a random search of sparse positions.
    let pos = Chakra::from_text("7k/5C2/8/8/8/8/K7/8 w Ta1k,Tg6n,tb2n,td7n", &()).expect("valid");
    engine_mates_in_two(&pos, "a2-g6");
}

#[test]
fn finds_mates_in_two_in_hex_chess() {
    use variantarium::rules::hexchess::{HexChess, HexOptions};
    let hex = |id: VariantId, text: &str| {
        let options = HexOptions::for_variant(id, None).expect("hex");
        HexChess::from_text(text, &options).expect("valid")
    };
    // Glinski: White K f11, R l5, N e5, P k6 against k h9. The quiet Rook
    // move l5-k5 sends the King to h8 or i8, and k6-k7=Q mates.
    let pos = hex(VariantId::Glinski, "6/7/8/9/4N5/10K/10/8k/8/5P1/4R1 w -");
    engine_mates_in_two(&pos, "l5-k5");
    // McCooey: White K a5, N b5, R d7, P b1 against k c5. d7-d4 leaves
    // only c5-b3, and d4-c3 mates.
    let pos = hex(VariantId::McCooey, "4K1/P3N2/4k3/6R2/10/11/10/9/8/7/6 w -");
    engine_mates_in_two(&pos, "d7-d4");
    // Anglojewish: General h6, Finch k1, Sennight l3 against General k4. The
    // Finch curves to i3; after either General move i3-i5 mates.
    let pos = hex(VariantId::AjGlinski, "6/7/8/9/10/11/10/5G3/8/F2g3/2S3 w -");
    engine_mates_in_two(&pos, "k1-i3");
    // Compact Anglojewish (61 cells): Rabbi e1, General h4, Finch i5 against
    // General h2. The Finch curves to g5; after any General move g5-g3 mates.
    // All three found by a random search of sparse positions.
    let pos = hex(VariantId::AjCompact, "5/6/7/8/B8/8/7/1g1G2/4F w -");
    engine_mates_in_two(&pos, "i5-g5");
}

#[test]
fn the_fifty_move_rule_is_seen_when_in_force() {
    use variantarium::rules::hexchess::HexOptions;
    // A Glinski Queen up, no pawn and nothing to take: every move is quiet.
    let options = HexOptions::for_variant(VariantId::Glinski, None).expect("hex");
    let pos = crate::hexchess::setup(options, &[("f1", 'K'), ("c1", 'Q'), ("f11", 'k')], 'w');
    let limits = depth_limit(3);
    let free = search(&pos, &[], &limits).expect("a move");
    assert!(free.score > 500, "a Queen up: {}", free.score);
    // One ply before the count runs out every line is a draw ...
    let last = search(&pos, &[], &limits.clone().with_fifty_move_clock(Some(99))).expect("a move");
    assert_eq!(last.score, 0);
    // ... and a little earlier it is not yet.
    let early = search(&pos, &[], &limits.with_fifty_move_clock(Some(90))).expect("a move");
    assert!(early.score > 500, "{}", early.score);
    // A mate on the last move still counts: Chakra's Queen mates on h8.
    use variantarium::rules::chakra::Chakra;
    let pos = Chakra::from_text("k7/8/1K6/8/8/8/8/7Q w Ta2n,Th2n,td5n,te5n", &()).expect("valid");
    let limits = depth_limit(3).with_fifty_move_clock(Some(99));
    let found = search(&pos, &[], &limits).expect("a move");
    assert_eq!(mate_in(found.score), Some(1));
    assert!(is_checkmate(&after(&pos, found.best)));
}

// Issue 18: depth, threads, analysis and the new flags.

/// A one-million-node search from every start reaches depth 6: no game
/// explodes in quiescence (the Compact board reached depth 2 when captures
/// were tried unordered and never pruned). Three-player games count it in
/// the paranoid search's plies; BRS+ reaches depth 5 there, whose layers
/// merge both opponents' turns: 3 moves of the root side in 8 plies, where
/// paranoid depth 6 has 2.
#[test]
fn a_million_nodes_reach_depth_six_from_every_start() {
    /// The depths reached paranoid and, with three players, by BRS+.
    struct Depth;
    impl VariantVisitor for Depth {
        type Output = (u32, Option<u32>);
        fn visit<P: Position>(self, options: P::Options) -> (u32, Option<u32>) {
            let start = P::start(&options);
            let depth = |multi| {
                let limits = SearchLimits {
                    nodes: Some(1_000_000),
                    multi,
                    ..SearchLimits::default()
                };
                search(&start, &[], &limits).map_or(0, |r| r.depth)
            };
            let layers = (start.side_count() > 2).then(|| depth(MultiSearch::BrsPlus));
            (depth(MultiSearch::Paranoid), layers)
        }
    }
    for variant in Variant::implemented() {
        let (depth, layers) = variant.visit(Depth).expect("implemented");
        assert!(depth >= 6, "{}: depth {depth}", variant.id.id());
        assert!(
            layers.is_none_or(|l| l >= 5),
            "{}: BRS+ {layers:?}",
            variant.id.id()
        );
    }
}

/// Two threads (Lazy SMP) answer with a legal move, count both threads'
/// nodes within the limit, and keep the stop flag.
#[test]
fn two_threads_find_legal_moves_and_stop_when_told() {
    let start = Flaxman::start(&());
    for (pos, _) in random_positions::<Flaxman>(&(), 12, 18) {
        let limits = SearchLimits {
            nodes: Some(40_000),
            threads: 2,
            ..SearchLimits::default()
        };
        let Some(r) = search(&pos, &[], &limits) else {
            continue;
        };
        assert_legal(&pos, r.best, "two threads");
        assert!(r.nodes <= 41_000, "{} nodes", r.nodes);
    }
    let stop = Arc::new(AtomicBool::new(true));
    let limits = SearchLimits {
        stop: Some(stop),
        threads: 2,
        ..SearchLimits::default()
    };
    let clock = Instant::now();
    let r = search(&start, &[], &limits).expect("a move");
    assert!(clock.elapsed() < Duration::from_secs(5));
    assert_legal(&start, r.best, "stopped at once");
}

/// The window's analysis: each finished depth is reported, deeper each
/// time, with a line of legal moves in notation from the position, and
/// setting the flag ends it.
#[test]
fn analysis_reports_each_depth_with_a_legal_line_and_stops() {
    use std::sync::atomic::Ordering;
    use variantarium::engine::session::analyse;
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    let variant = Variant::parse("glinski", None).expect("variant");
    let session = new_session(variant, DrawRules::default(), None).expect("a game");
    let stop = Arc::new(AtomicBool::new(false));
    let mut reports = Vec::new();
    let flag = stop.clone();
    let last = analyse(session.as_ref(), stop, |found| {
        if found.depth >= 4 {
            flag.store(true, Ordering::Relaxed);
        }
        reports.push(found);
    })
    .expect("an analysis");
    assert!(reports.len() >= 4, "{} reports", reports.len());
    for pair in reports.windows(2) {
        assert!(pair[1].depth > pair[0].depth);
    }
    for found in &reports {
        let mut line = session.clone_box();
        for text in &found.line {
            line.play(text)
                .unwrap_or_else(|e| panic!("{text} in {:?}: {e:?}", found.line));
        }
        assert!(!found.line.is_empty());
        assert_eq!(found.side, Side::WHITE);
    }
    assert!(last.depth >= 4);
}

#[test]
fn bench_and_selfplay_take_threads_and_movetime() {
    let (code, out, err) = variantarium(&[
        "bench",
        "--variant",
        "chakra",
        "--search-only",
        "--threads",
        "2",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.contains("search ") && out.contains("to depth 3 in"),
        "{out}"
    );
    let (code, out, err) = variantarium(&[
        "selfplay",
        "--variant",
        "flaxman",
        "--white",
        "3",
        "--black",
        "2",
        "--games",
        "1",
        "--movetime",
        "20",
        "--threads",
        "2",
        "--max-plies",
        "30",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    for (args, needle) in [
        (&["bench", "--threads", "0"][..], "--threads"),
        (&["bench", "--depth", "0"][..], "--depth"),
        (
            &[
                "selfplay",
                "--variant",
                "flaxman",
                "--white",
                "1",
                "--black",
                "1",
                "--games",
                "1",
                "--movetime",
                "0",
            ][..],
            "--movetime",
        ),
    ] {
        let (code, out, err) = variantarium(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
}

/// Without their time caps the levels play by node budget alone, so a game
/// replays move for move from its seed, busy machine or not; the flag and a
/// fixed time per move exclude each other.
#[test]
fn selfplay_nodes_only_replays_from_the_seed() {
    let args = [
        "selfplay",
        "--variant",
        "aj-compact",
        "--white",
        "3",
        "--black",
        "2",
        "--games",
        "2",
        "--seed",
        "5",
        "--max-plies",
        "40",
        "--nodes-only",
    ];
    let (code, first, err) = variantarium(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(first.lines().count(), 3, "{first}");
    let (code, again, err) = variantarium(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(first, again);
    let mut both = args.to_vec();
    both.extend(["--movetime", "10"]);
    let (code, out, err) = variantarium(&both);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--nodes-only"), "{err}");
}
