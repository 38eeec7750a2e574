//! The search of three players in the game: Best-Reply Search plus (the
//! default) and paranoid search find the same tactics, search
//! reproducibly, play whole games of legal moves, and leave two-player
//! searches (two-player games, or one of three players eliminated) as
//! they were; the pruning near the horizon takes the three-player search
//! deeper and leaves two-player searches alone; a level's budget for
//! three players, and its noise, hold while three are in the game.

use variantarium::engine::{Level, MultiSearch, Pruning, SearchLimits, SearchResult, search};
use variantarium::rules::hexchess::{HexChess, HexChess3, HexOptions, Kind};
use variantarium::rules::variant::VariantId;
use variantarium::rules::{DrawRules, Game, Position, Side};

use super::hexchess3p::{mixed, opts, setup};

const RED: Side = Side(2);
const SEARCHES: [MultiSearch; 2] = [MultiSearch::BrsPlus, MultiSearch::Paranoid];

fn limits(multi: MultiSearch, depth: Option<u32>, nodes: Option<u64>) -> SearchLimits {
    SearchLimits {
        depth,
        nodes,
        tt_megabytes: 4,
        multi,
        ..SearchLimits::default()
    }
}

/// Black is out: Red and White play on.
fn one_player_out() -> HexChess3 {
    setup(
        mixed(),
        &[
            ("f1", "rG"),
            ("e8", "rR"),
            ("b2", "rS"),
            ("l1", "wG"),
            ("h5", "wR"),
        ],
        'r',
    )
}

fn best_of(pos: &HexChess3, limits: &SearchLimits) -> SearchResult<<HexChess3 as Position>::Move> {
    search(pos, &[], limits).expect("a move")
}

/// White's Cohen on a4 stands in the line of Red's Rook on e8 (the line
/// of the Rook's mate in `hexchess3p`): both searches take it.
#[test]
fn both_searches_take_a_hanging_cohen() {
    let pos = setup(
        mixed(),
        &[
            ("f1", "rG"),
            ("e8", "rR"),
            ("l1", "wG"),
            ("a4", "wC"),
            ("k7", "bG"),
        ],
        'r',
    );
    for multi in SEARCHES {
        let result = best_of(&pos, &limits(multi, Some(4), None));
        let mut after = pos.clone();
        after.play(result.best);
        let a4 = after.grid().parse("a4").expect("a cell");
        assert_eq!(
            after.piece_at(a4),
            Some((Kind::Rook, RED)),
            "{multi}: {}",
            pos.move_text(result.best)
        );
    }
}

/// Red must not leave White a move that uncovers Black's line to Red's
/// General (Black, next after White, would eliminate Red). Under BRS+ the
/// threat is found both ways: White's leap searched and Black's capture as
/// its best-ordered move, or White passing the reply on to Black.
#[test]
fn both_searches_guard_against_the_player_after_next() {
    // Black's Rook on f10 looks down the f-file at Red's General on f1;
    // White's Sennight on f6 blocks it and may leap away, and then Black,
    // next, eliminates Red. Nothing of Red's can block the file: its
    // General must step aside.
    let pos = setup(
        mixed(),
        &[
            ("f1", "rG"),
            ("l1", "wG"),
            ("f6", "wS"),
            ("f10", "bR"),
            ("k7", "bG"),
            ("a2", "rS"),
        ],
        'r',
    );
    for multi in SEARCHES {
        let result = best_of(&pos, &limits(multi, Some(3), None));
        let text = pos.move_text(result.best);
        let mut after = pos.clone();
        after.play(result.best);
        let general = after.general(RED).expect("Red's General");
        assert_ne!(
            after.grid().name(general).chars().next(),
            Some('f'),
            "{multi}: {text} stays on the f-file"
        );
    }
}

/// One thread at a fixed depth or node budget: the same result twice, and
/// BRS+ really searches differently from paranoid (another tree to the
/// same depth, the opponents' layers merged).
#[test]
fn the_searches_are_reproducible_and_brs_plus_searches_another_tree() {
    let start = HexChess3::start(&opts(VariantId::AjGlinski3p, None));
    for l in [
        limits(MultiSearch::BrsPlus, None, Some(30_000)),
        limits(MultiSearch::BrsPlus, Some(4), None),
        limits(MultiSearch::Paranoid, Some(4), None),
    ] {
        let (a, b) = (best_of(&start, &l), best_of(&start, &l));
        assert_eq!(
            (a.best, a.score, a.depth, a.nodes),
            (b.best, b.score, b.depth, b.nodes)
        );
        assert_eq!(a.pv, b.pv);
    }
    let brs = best_of(&start, &limits(MultiSearch::BrsPlus, Some(4), None));
    let paranoid = best_of(&start, &limits(MultiSearch::Paranoid, Some(4), None));
    assert_ne!(brs.nodes, paranoid.nodes);
}

/// Whole games under BRS+ (a small node budget): every move the search
/// gives is legal, through the eliminations, to the end or the bound.
#[test]
fn brs_plus_plays_legal_moves_through_whole_games() {
    for id in [VariantId::AjGlinski3p, VariantId::AjMcCooeyMixed3p] {
        let mut game = Game::new(HexChess3::start(&opts(id, None)), DrawRules::default());
        let l = limits(MultiSearch::BrsPlus, None, Some(1_500));
        let mut legal = Vec::new();
        while game.outcome().is_none() && game.ply_count() < 240 {
            let pos = game.position().clone();
            let best = search(&pos, &[], &l)
                .expect("a move while the game goes on")
                .best;
            legal.clear();
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&best), "{id:?}: {}", pos.to_text());
            game.play(best);
        }
        assert!(game.ply_count() > 30, "{id:?}: {}", game.ply_count());
    }
}

/// The choice matters only with three players in the game: two-player
/// games and three-player games with one eliminated search the same tree
/// either way.
#[test]
fn two_players_search_the_same_either_way() {
    let two = HexChess::start(&HexOptions::for_variant(VariantId::Glinski, None).expect("hex"));
    let [a, b] = SEARCHES.map(|m| search(&two, &[], &limits(m, Some(4), None)).expect("a move"));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
    let left = one_player_out();
    assert_eq!(left.players_in_game(), 2);
    let [a, b] = SEARCHES.map(|m| best_of(&left, &limits(m, Some(4), None)));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
}

/// With three players the pruning near the horizon reaches deeper in the
/// same node budget, in both searches, and still finds the tactics above
/// with it turned off.
#[test]
fn pruning_takes_three_player_searches_deeper() {
    for id in [VariantId::AjGlinski3p, VariantId::AjMcCooeyMixed3p] {
        let start = HexChess3::start(&opts(id, None));
        for multi in SEARCHES {
            let on = limits(multi, None, Some(150_000));
            let off = SearchLimits {
                pruning: Pruning::Off,
                ..on.clone()
            };
            let (pruned, full) = (best_of(&start, &on), best_of(&start, &off));
            assert!(
                pruned.depth > full.depth,
                "{id:?} {multi}: depth {} with pruning, {} without",
                pruned.depth,
                full.depth
            );
        }
    }
}

/// A two-player search prunes nothing more: the same tree with the
/// pruning on or off, in a two-player game and in a three-player game
/// with one player out.
#[test]
fn two_players_search_the_same_with_the_pruning_on_or_off() {
    let two = HexChess::start(&HexOptions::for_variant(VariantId::Glinski, None).expect("hex"));
    let left = one_player_out();
    let on = limits(MultiSearch::BrsPlus, Some(5), None);
    let off = SearchLimits {
        pruning: Pruning::Off,
        ..on.clone()
    };
    let [a, b] = [&on, &off].map(|l| search(&two, &[], l).expect("a move"));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
    let [a, b] = [&on, &off].map(|l| best_of(&left, l));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
}

/// In a three-player game level 3 searches two plies in at most 5,000
/// nodes, after an elimination too; in a two-player game, its 80,000
/// nodes without a depth cap.
#[test]
fn level_three_keeps_its_three_player_depth_and_budget_through_the_game() {
    let level = SearchLimits {
        time: None,
        ..Level::new(3).expect("level 3").limits(1)
    };
    let three = HexChess3::start(&opts(VariantId::AjMcCooey3p, None));
    for (pos, when) in [(three, "three players"), (one_player_out(), "one out")] {
        let result = best_of(&pos, &level);
        assert!(
            result.depth <= 2 && result.nodes <= 5_000,
            "{when}: depth {}, {} nodes",
            result.depth,
            result.nodes
        );
    }
    let two = HexChess::start(&HexOptions::for_variant(VariantId::Glinski, None).expect("hex"));
    let result = search(&two, &[], &level).expect("a move");
    assert!(
        result.depth > 2 && (70_000..=80_000).contains(&result.nodes),
        "two players: depth {}, {} nodes",
        result.depth,
        result.nodes
    );
}

/// A depth cap for three-player games holds through such a game, and only
/// there: a two-player game's search goes deeper.
#[test]
fn the_three_player_depth_cap_holds_in_three_player_games() {
    let uncapped = limits(MultiSearch::BrsPlus, None, Some(200_000));
    let capped = SearchLimits {
        multi_depth: Some(2),
        ..uncapped.clone()
    };
    let three = HexChess3::start(&opts(VariantId::AjGlinski3p, None));
    assert!(best_of(&three, &uncapped).depth > 2);
    assert_eq!(best_of(&three, &capped).depth, 2);
    assert!(best_of(&one_player_out(), &uncapped).depth > 2);
    assert_eq!(best_of(&one_player_out(), &capped).depth, 2);
    let two = HexChess::start(&HexOptions::for_variant(VariantId::Glinski, None).expect("hex"));
    assert!(search(&two, &[], &capped).expect("a move").depth > 2);
}

/// A level's noise for three-player games perturbs the search through such
/// a game, after an elimination too, and only there: a two-player game's
/// search is the one without it.
#[test]
fn the_three_player_noise_holds_in_three_player_games() {
    let quiet = limits(MultiSearch::BrsPlus, Some(3), None);
    let noisy = SearchLimits {
        multi_noise: Some(400),
        ..quiet.clone()
    };
    let three = HexChess3::start(&opts(VariantId::AjMcCooey3p, None));
    for pos in [three, one_player_out()] {
        let [a, b] = [&quiet, &noisy].map(|l| best_of(&pos, l));
        assert_ne!((a.score, a.nodes), (b.score, b.nodes));
    }
    let two = HexChess::start(&HexOptions::for_variant(VariantId::Glinski, None).expect("hex"));
    let [a, b] = [&quiet, &noisy].map(|l| search(&two, &[], l).expect("a move"));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
}
