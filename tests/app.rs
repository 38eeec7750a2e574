//! The ECS without a window: clicks, legal moves, moves applied and undone,
//! checked against the rules for every implemented game.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use variantarium::app::{
    AnimationSpeed, CellClicked, CellIndex, CorePlugin, HistoryRequested, HistoryStep, HoveredCell,
    LegalMoves, Match, MoveApplied, MoveRequested, NewGameRequested, Overlays, PendingChoice,
    Piece, Selection, Tween,
};
use variantarium::rules::history::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::view::Placement;

/// The window's core plugins, headless, with the autosave kept at
/// `autosave`.
pub fn core_app_with_autosave(autosave: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        CorePlugin,
        variantarium::app::AutosavePlugin {
            path: Some(autosave.to_path_buf()),
        },
    ));
    app
}

/// Plays `text` as a player does: a click on its man, a click on its
/// target (and the choice, when several moves share the route).
pub fn click_move(app: &mut App, text: &str) {
    let route = app
        .world()
        .resource::<Match>()
        .session
        .legal_moves()
        .into_iter()
        .find(|m| m.text == text)
        .unwrap_or_else(|| panic!("{text} is legal"))
        .route;
    for cell in [route.from, route.to] {
        app.world_mut().write_message(CellClicked { cell });
        app.update();
    }
    if !app.world().resource::<PendingChoice>().moves.is_empty() {
        app.world_mut()
            .write_message(MoveRequested { text: text.into() });
        app.update();
    }
}

#[derive(Resource, Default)]
struct Seen {
    legal: Vec<LegalMoves>,
    applied: usize,
}

fn collect(
    mut seen: ResMut<Seen>,
    mut legal: MessageReader<LegalMoves>,
    mut applied: MessageReader<MoveApplied>,
) {
    seen.legal.extend(legal.read().cloned());
    seen.applied += applied.read().count();
}

fn app_with(variant: Variant) -> App {
    app_from(variant, None)
}

fn app_from(variant: Variant, position: Option<&str>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin))
        .init_resource::<Seen>()
        .add_systems(PostUpdate, collect);
    let session = new_session(variant, DrawRules::default(), position).expect("implemented");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
    app
}

fn sorted(mut placements: Vec<Placement>) -> Vec<(u16, char, Option<u8>, u8)> {
    let mut keys: Vec<_> = placements
        .drain(..)
        .map(|p| (p.cell, p.letter, p.side.map(|s| s.0), p.level))
        .collect();
    keys.sort();
    keys
}

fn entities_match_rules(app: &mut App) {
    let rules = sorted(app.world().resource::<Match>().session.placements());
    let mut query = app.world_mut().query::<&Piece>();
    let entities: Vec<Placement> = query
        .iter(app.world())
        .map(|p| Placement {
            cell: p.cell,
            letter: p.letter,
            side: p.side,
            state: p.state,
            level: p.level,
        })
        .collect();
    assert_eq!(sorted(entities), rules);
}

fn take_seen(app: &mut App) -> Seen {
    std::mem::take(&mut *app.world_mut().resource_mut::<Seen>())
}

#[test]
fn clicks_emit_the_rules_legal_moves_in_every_game() {
    for variant in Variant::implemented() {
        let mut app = app_with(variant);
        entities_match_rules(&mut app);
        let moves = app.world().resource::<Match>().session.legal_moves();
        let mut froms: Vec<u16> = moves.iter().map(|m| m.route.from).collect();
        froms.dedup();
        froms.sort();
        froms.dedup();
        for from in froms {
            take_seen(&mut app);
            app.world_mut().write_message(CellClicked { cell: from });
            app.update();
            let seen = take_seen(&mut app);
            let [legal] = &seen.legal[..] else {
                panic!(
                    "{variant:?}: one LegalMoves per click, got {}",
                    seen.legal.len()
                );
            };
            let mut expected: Vec<String> = moves
                .iter()
                .filter(|m| m.route.from == from)
                .map(|m| m.text.clone())
                .collect();
            let mut got: Vec<String> = legal.targets.iter().flat_map(|t| t.moves.clone()).collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{variant:?} from cell {from}");
            let selected = app.world().resource::<Selection>().clone();
            assert_eq!(selected.from, Some(from));
            *app.world_mut().resource_mut::<Selection>() = Selection::default();
        }
    }
}

#[test]
fn moves_apply_once_illegal_ones_change_nothing_and_undo_redo_restore() {
    for variant in Variant::implemented() {
        let mut app = app_with(variant);
        let mut rng = Rng::new(11);
        let mut positions = vec![app.world().resource::<Match>().session.position_text()];
        for _ in 0..12 {
            let moves = app.world().resource::<Match>().session.legal_moves();
            if moves.is_empty() {
                break;
            }
            let text = moves[rng.below(moves.len())].text.clone();
            take_seen(&mut app);
            app.world_mut()
                .write_message(MoveRequested { text: text.clone() });
            app.update();
            assert_eq!(take_seen(&mut app).applied, 1, "{variant:?}: {text}");
            entities_match_rules(&mut app);
            positions.push(app.world().resource::<Match>().session.position_text());
        }
        let before = app.world().resource::<Match>().session.position_text();
        for bad in ["a1-a1-a1", "zz", "a1-a2=X"] {
            app.world_mut()
                .write_message(MoveRequested { text: bad.into() });
            app.update();
            assert_eq!(take_seen(&mut app).applied, 0, "{variant:?}: {bad}");
            assert_eq!(
                app.world().resource::<Match>().session.position_text(),
                before
            );
            assert!(app.world().resource::<Match>().notice.is_some());
        }
        entities_match_rules(&mut app);
        for expected in positions.iter().rev().skip(1) {
            app.world_mut()
                .write_message(HistoryRequested(HistoryStep::Undo));
            app.update();
            assert_eq!(
                &app.world().resource::<Match>().session.position_text(),
                expected
            );
            entities_match_rules(&mut app);
        }
        for expected in positions.iter().skip(1) {
            app.world_mut()
                .write_message(HistoryRequested(HistoryStep::Redo));
            app.update();
            assert_eq!(
                &app.world().resource::<Match>().session.position_text(),
                expected
            );
            entities_match_rules(&mut app);
        }
        app.world_mut()
            .write_message(HistoryRequested(HistoryStep::GoTo(0)));
        app.update();
        assert_eq!(
            &app.world().resource::<Match>().session.position_text(),
            &positions[0]
        );
        entities_match_rules(&mut app);
    }
}

#[test]
fn clicking_a_target_plays_the_move() {
    let variant = Variant::implemented()[0];
    let mut app = app_with(variant);
    let moves = app.world().resource::<Match>().session.legal_moves();
    let mv = moves.first().expect("a legal move").clone();
    app.world_mut().write_message(CellClicked {
        cell: mv.route.from,
    });
    app.update();
    take_seen(&mut app);
    app.world_mut()
        .write_message(CellClicked { cell: mv.route.to });
    app.update();
    assert_eq!(take_seen(&mut app).applied, 1);
    assert_eq!(app.world().resource::<Match>().session.moves().len(), 1);
    entities_match_rules(&mut app);
}

fn cell_named(app: &App, name: &str) -> u16 {
    app.world()
        .resource::<Match>()
        .layout
        .cell_named(name)
        .expect("a cell")
}

#[test]
fn moves_sharing_a_route_wait_for_a_choice() {
    // A Tapestry pawn on e5 promotes on e6 to one of four pieces.
    let mut app = app_from(
        Variant::new(VariantId::Tapestry),
        Some("k5/4P1/6/6/6/K5 w NNN -"),
    );
    let (e5, e6) = (cell_named(&app, "e5"), cell_named(&app, "e6"));
    app.world_mut().write_message(CellClicked { cell: e5 });
    app.update();
    app.world_mut().write_message(CellClicked { cell: e6 });
    app.update();
    let mut choice = app.world().resource::<PendingChoice>().moves.clone();
    choice.sort();
    assert_eq!(choice, ["e5-e6=B", "e5-e6=N", "e5-e6=Q", "e5-e6=R"]);
    assert_eq!(
        take_seen(&mut app).applied,
        0,
        "nothing is played before the choice"
    );
    app.world_mut().write_message(MoveRequested {
        text: "e5-e6=N".into(),
    });
    app.update();
    assert_eq!(take_seen(&mut app).applied, 1);
    assert!(app.world().resource::<PendingChoice>().moves.is_empty());
    entities_match_rules(&mut app);
    // A Chakra chakra moving with or without a flip is a choice too; clicking
    // it again offers the flip in place.
    let mut app = app_from(
        Variant::new(VariantId::Chakra),
        Some("k7/8/8/8/8/8/8/K7 w Ta2n,Th2n,ta7n,th7n"),
    );
    let (a2, c3) = (cell_named(&app, "a2"), cell_named(&app, "c3"));
    app.world_mut().write_message(CellClicked { cell: a2 });
    app.update();
    app.world_mut().write_message(CellClicked { cell: c3 });
    app.update();
    assert_eq!(
        app.world().resource::<PendingChoice>().moves,
        ["a2-c3", "a2-c3^"]
    );
    app.world_mut().write_message(CellClicked { cell: a2 });
    app.update();
    app.world_mut().write_message(CellClicked { cell: a2 });
    app.update();
    assert_eq!(
        take_seen(&mut app).applied,
        1,
        "a2^ is the only move a2 to a2"
    );
    entities_match_rules(&mut app);
}

#[test]
fn the_rules_hints_follow_selection_hover_and_check() {
    use variantarium::rules::Position;
    use variantarium::rules::hexchess::HexOptions;
    use variantarium::rules::view::{Hint, HintKind};

    // An Anglojewish Finch on f6: selected, it gets its note; hovering f8
    // adds the curved path the rules give for f6-f8.
    let options = HexOptions::for_variant(VariantId::AjGlinski, None).expect("hex");
    let men = [("c1", 'G'), ("c8", 'g'), ("f6", 'F')];
    let pos = crate::hexchess::setup(options, &men, 'w');
    let mut app = app_from(Variant::new(VariantId::AjGlinski), Some(&pos.to_text()));
    assert!(app.world().resource::<Overlays>().0.is_empty());
    let (f6, f8) = (cell_named(&app, "f6"), cell_named(&app, "f8"));
    app.world_mut().write_message(CellClicked { cell: f6 });
    app.update();
    app.update();
    let selected = app.world().resource::<Overlays>().0.clone();
    assert_eq!(selected, pos.selection_hints(f6));
    app.world_mut().resource_mut::<HoveredCell>().0 = Some(f8);
    app.update();
    let route = pos.move_hints(pos.parse_move("f6-f8").expect("legal"));
    let mut expected = selected.clone();
    expected.extend(route.iter().cloned());
    assert_eq!(app.world().resource::<Overlays>().0, expected);
    assert!(matches!(
        &route[..],
        [Hint::Path { cells, kind: HintKind::Route, .. }] if cells.len() == 4
    ));
    // Hovering away leaves the selection's hints alone.
    app.world_mut().resource_mut::<HoveredCell>().0 = None;
    app.update();
    assert_eq!(app.world().resource::<Overlays>().0, selected);

    // A Glinski King in check: the Queen's line is drawn with nothing
    // selected.
    let options = HexOptions::for_variant(VariantId::Glinski, None).expect("hex");
    let men = [("f1", 'K'), ("f8", 'Q'), ("f11", 'k'), ("b1", 'P')];
    let pos = crate::hexchess::setup(options, &men, 'b');
    assert!(pos.in_check());
    let app = app_from(Variant::new(VariantId::Glinski), Some(&pos.to_text()));
    let overlays = &app.world().resource::<Overlays>().0;
    assert_eq!(overlays, &pos.check_hints());
    assert!(matches!(
        &overlays[..],
        [Hint::Line {
            kind: HintKind::Check,
            ..
        }]
    ));
}

/// The men on `cell` and their motion, if any.
fn motion_on(app: &mut App, cell: u16) -> Vec<(Piece, Option<Tween>, bool)> {
    let mut query = app
        .world_mut()
        .query::<(&Piece, Option<&Tween>, Has<variantarium::app::Turning>)>();
    query
        .iter(app.world())
        .filter(|(p, _, _)| p.cell == cell)
        .map(|(p, t, turning)| (*p, t.cloned(), turning))
        .collect()
}

#[test]
fn undo_and_redo_move_the_men_back_and_forth() {
    let mut app = app_with(Variant::new(VariantId::Glinski));
    // Random moves until a capture is on, then the capture.
    let mut rng = Rng::new(5);
    let capture = loop {
        let moves = app.world().resource::<Match>().session.legal_moves();
        if let Some(capture) = moves.iter().find(|m| m.is_capture()) {
            break capture.clone();
        }
        let text = moves[rng.below(moves.len())].text.clone();
        app.world_mut().write_message(MoveRequested { text });
        app.update();
    };
    app.world_mut().write_message(MoveRequested {
        text: capture.text.clone(),
    });
    app.update();
    let place = |app: &App, cell| app.world().resource::<CellIndex>().place(cell);
    let (from, to) = (capture.route.from, capture.route.to);

    // Undo: the capturer glides back from the target, the taken man returns.
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::Undo));
    app.update();
    entities_match_rules(&mut app);
    let back = motion_on(&mut app, from);
    assert_eq!(back.len(), 1);
    let tween = back[0].1.as_ref().expect("the capturer moves back");
    assert_eq!(tween.path.first().copied(), Some(place(&app, to)));
    assert_eq!(tween.path.last().copied(), Some(place(&app, from)));
    let returned = motion_on(&mut app, to);
    assert_eq!(returned.len(), 1);
    assert!(returned[0].2, "the captured man appears turning");

    // Redo: the capturer goes forward again and the taken man fades.
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::Redo));
    app.update();
    entities_match_rules(&mut app);
    let forward = motion_on(&mut app, to);
    let tween = forward[0].1.as_ref().expect("the capturer moves again");
    assert_eq!(tween.path.first().copied(), Some(place(&app, from)));
    let mut ghosts = app.world_mut().query::<&variantarium::app::Ghost>();
    assert_eq!(ghosts.iter(app.world()).count(), 1, "one ghost leaves");
    // With instant animation nothing moves.
    app.world_mut().resource_mut::<AnimationSpeed>().0 = 0.0;
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::Undo));
    app.update();
    assert!(
        motion_on(&mut app, from)
            .iter()
            .all(|(_, t, turning)| t.is_none() && !turning)
    );
}

/// The marks on `cell`.
fn marks_on(app: &App, cell: u16) -> Vec<variantarium::app::Mark> {
    app.world()
        .resource::<variantarium::app::Marks>()
        .0
        .iter()
        .filter(|m| m.cell == cell)
        .copied()
        .collect()
}

#[test]
fn every_target_is_marked_on_top_of_what_lies_there_and_around_what_stands_there() {
    use variantarium::app::{MarkKind, MarkShape, man_extent};
    // Chakra's start: the b1 Courtesan and the c2 pawn reach the chakras on
    // a2, h2 (a flat disc under the mark); Tapestry's Fates stand on the
    // Loom; Flaxman's b1-b6 lands on a Soldier and makes a Prisoner.
    let cases: [(VariantId, &str, &str); 4] = [
        (VariantId::Chakra, "", "b1"),
        (VariantId::Chakra, "e2-e3 e7-e6", "c2"),
        (VariantId::Tapestry, "N-O", "N"),
        (VariantId::Flaxman, "d1-a1 e6-d6 a1-a4 d6-d5", "b1"),
    ];
    for (id, moves, from) in cases {
        let variant = Variant::new(id);
        let mut app = app_with(variant);
        for text in moves.split_whitespace() {
            app.world_mut()
                .write_message(MoveRequested { text: text.into() });
            app.update();
        }
        let from = cell_named(&app, from);
        app.world_mut().write_message(CellClicked { cell: from });
        app.update();
        let targets = app.world().resource::<Selection>().targets.clone();
        assert!(!targets.is_empty(), "{id:?}: targets from {from}");
        for target in targets {
            let men: Vec<Piece> = {
                let mut query = app.world_mut().query::<&Piece>();
                query
                    .iter(app.world())
                    .filter(|p| p.cell == target.cell)
                    .copied()
                    .collect()
            };
            let marks: Vec<_> = marks_on(&app, target.cell)
                .into_iter()
                .filter(|m| matches!(m.kind, MarkKind::Target | MarkKind::Capture))
                .collect();
            let [mark] = &marks[..] else {
                panic!(
                    "{id:?}: one target mark on cell {}, got {marks:?}",
                    target.cell
                );
            };
            for man in &men {
                let extent = man_extent(variant, man);
                let top = man.height_above_board() + extent.height;
                if extent.height < 0.15 {
                    assert!(
                        mark.lift > top,
                        "{id:?}: the mark on {} lies under the flat {man:?} (top {top}, mark {})",
                        target.cell,
                        mark.lift
                    );
                } else {
                    assert_eq!(
                        mark.shape,
                        MarkShape::Ring,
                        "{id:?}: a man stands on {}: the mark must ring it",
                        target.cell
                    );
                    assert!(
                        variantarium::app::RING_INNER > extent.radius,
                        "{id:?}: the ring on {} fits inside {man:?}",
                        target.cell
                    );
                }
            }
        }
    }
}

#[test]
fn no_frame_shows_fewer_men_than_the_position_has() {
    use variantarium::app::LookPlugin;
    for id in [VariantId::Tapestry, VariantId::Chakra, VariantId::Flaxman] {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin, LookPlugin))
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>();
        let session = new_session(Variant::new(id), DrawRules::default(), None).expect("a game");
        app.world_mut().write_message(NewGameRequested { session });
        // Men with a mesh to show, counted after every frame.
        let dressed = |app: &mut App| {
            let mut pieces = app.world_mut().query::<(&Piece, Option<&Children>)>();
            let mut meshes = app.world_mut().query::<&Mesh3d>();
            let world = app.world();
            pieces
                .iter(world)
                .filter(|(_, children)| {
                    children.is_some_and(|c| c.iter().any(|e| meshes.get(world, e).is_ok()))
                })
                .count()
        };
        let mut rng = Rng::new(3);
        for step in 0..10 {
            app.update();
            let wanted = app.world().resource::<Match>().session.placements().len();
            assert_eq!(dressed(&mut app), wanted, "{id:?}, frame {step}");
            let request = if step % 4 == 3 {
                app.world_mut()
                    .write_message(HistoryRequested(HistoryStep::Undo));
                continue;
            } else {
                let moves = app.world().resource::<Match>().session.legal_moves();
                moves[rng.below(moves.len())].text.clone()
            };
            app.world_mut()
                .write_message(MoveRequested { text: request });
        }
    }
}

#[test]
fn undo_against_the_computer_goes_back_to_the_persons_turn_and_the_computer_waits() {
    use variantarium::app::{ComputerResumed, Players, Thinking};
    use variantarium::engine::Level;
    let mut app = app_with(Variant::new(VariantId::Tapestry));
    app.insert_resource(Players(vec![None, Level::all().next()]));
    app.update();
    let plies = |app: &App| app.world().resource::<Match>().session.moves().len();
    // Frames until the computer has answered (or nothing more happens).
    let settle = |app: &mut App| {
        for _ in 0..600 {
            app.update();
            let waiting = app.world().get_resource::<Thinking>().is_some();
            let side = app.world().resource::<Match>().session.side_to_move();
            if !waiting && side.index() == 0 {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the computer never answered");
    };
    let mut positions = Vec::new();
    for _ in 0..3 {
        positions.push(app.world().resource::<Match>().session.position_text());
        let moves = app.world().resource::<Match>().session.legal_moves();
        let text = moves[0].text.clone();
        app.world_mut().write_message(MoveRequested { text });
        settle(&mut app);
    }
    assert_eq!(plies(&app), 6);
    // Each Undo takes back the computer's reply and the person's move; the
    // computer then waits, however long.
    for expected in positions.iter().rev() {
        app.world_mut()
            .write_message(HistoryRequested(HistoryStep::Undo));
        for _ in 0..30 {
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let game = app.world().resource::<Match>();
        assert_eq!(&game.session.position_text(), expected);
        assert_eq!(game.session.side_to_move().index(), 0, "the person's turn");
        assert!(game.session.can_redo());
        assert!(app.world().get_resource::<Thinking>().is_none());
    }
    assert!(!variantarium::app::can_undo(
        app.world().resource::<Match>().session.as_ref()
    ));
    // Redo goes forward by a move and its reply.
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::Redo));
    app.update();
    assert_eq!(plies(&app), 2);
    // A jump to the computer's turn leaves it waiting until asked.
    app.world_mut()
        .write_message(HistoryRequested(HistoryStep::GoTo(3)));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(plies(&app), 3);
    assert!(app.world().resource::<Match>().computer_waits);
    app.world_mut().write_message(ComputerResumed);
    settle(&mut app);
    assert_eq!(plies(&app), 4, "asked, the computer moves");
    // The person moves: the computer answers again.
    let moves = app.world().resource::<Match>().session.legal_moves();
    let text = moves[0].text.clone();
    app.world_mut().write_message(MoveRequested { text });
    settle(&mut app);
    assert_eq!(plies(&app), 6);
}

/// Clicks the cell named `name` and returns the notice the click leaves.
fn click_notice(app: &mut App, name: &str) -> Option<String> {
    let cell = cell_named(app, name);
    app.world_mut().write_message(CellClicked { cell });
    app.update();
    app.world().resource::<Match>().notice.clone()
}

#[test]
fn a_refused_click_in_tapestry_says_why_in_the_rules_words() {
    // After White's O-N, Black's Fates on N may go anywhere but straight
    // back.
    let mut app = app_from(
        Variant::new(VariantId::Tapestry),
        Some("3k2/6/6/6/6/3K2 w ONN -"),
    );
    app.world_mut()
        .write_message(MoveRequested { text: "O-N".into() });
    app.update();
    click_notice(&mut app, "N");
    assert_eq!(
        click_notice(&mut app, "O").as_deref(),
        Some("N-O is not allowed: it would undo White's step O-N")
    );
    assert_eq!(app.world().resource::<Match>().session.moves().len(), 1);
    // An empty Loom square: a Fate is what goes there.
    let mut app = app_with(Variant::new(VariantId::Tapestry));
    assert_eq!(
        click_notice(&mut app, "E").as_deref(),
        Some("Nothing stands on E: click a Fate on N first, then E")
    );
    // After White's N-L the Fate on L has nowhere else to go.
    let mut app = app_from(
        Variant::new(VariantId::Tapestry),
        Some("3k2/6/6/6/6/3K2 w NNN -"),
    );
    app.world_mut()
        .write_message(MoveRequested { text: "N-L".into() });
    app.update();
    assert_eq!(
        click_notice(&mut app, "L").as_deref(),
        Some("A Fate on L cannot move (L-N: it would undo White's step N-L)")
    );
}

#[test]
fn a_refused_click_in_chakra_says_why_in_the_rules_words() {
    // A Courtesan cannot go just anywhere; the line names her.
    let mut app = app_with(Variant::new(VariantId::Chakra));
    click_notice(&mut app, "b1");
    assert_eq!(
        click_notice(&mut app, "b4").as_deref(),
        Some("b1-b4: White's Courtesan cannot go there")
    );
    // An enemy man is not the mover's to move.
    assert_eq!(
        click_notice(&mut app, "e7").as_deref(),
        Some("That is Black's Pawn: White to move")
    );
    // An empty square with nothing selected says what to click first.
    assert_eq!(
        click_notice(&mut app, "e4").as_deref(),
        Some("Nothing stands on e4: click White's Pawn on e2 first, then e4")
    );
    assert_eq!(
        click_notice(&mut app, "e5").as_deref(),
        Some(
            "Nothing stands on e5, and no move of White ends there now: select one of your men first"
        )
    );
    // A selection clears the line.
    assert_eq!(click_notice(&mut app, "e2"), None);
}

#[test]
fn a_flaxman_capture_is_ringed_and_its_swap_told() {
    use variantarium::app::MarkKind;
    use variantarium::rules::view::{Hint, HintKind};
    let mut app = app_with(Variant::new(VariantId::Flaxman));
    for text in ["d1-a1", "e6-d6", "a1-a4", "d6-d5"] {
        app.world_mut()
            .write_message(MoveRequested { text: text.into() });
        app.update();
    }
    let (b1, b6) = (cell_named(&app, "b1"), cell_named(&app, "b6"));
    app.world_mut().write_message(CellClicked { cell: b1 });
    app.update();
    app.world_mut().resource_mut::<HoveredCell>().0 = Some(b6);
    app.update();
    assert!(
        marks_on(&app, b6)
            .iter()
            .any(|m| m.kind == MarkKind::Capture),
        "b6 is ringed as a capture"
    );
    let overlays = app.world().resource::<Overlays>().0.clone();
    let told = overlays.iter().find_map(|h| match h {
        Hint::Mark {
            at,
            kind: HintKind::Note,
            label,
        } if *at == b6 => Some(label.clone()),
        _ => None,
    });
    assert_eq!(
        told.as_deref(),
        Some("the two men swap places; Black's Soldier becomes a Prisoner")
    );
}

#[test]
fn the_choice_between_moves_names_the_pieces_and_the_flip() {
    use variantarium::rules::glossary::move_words;
    let game = new_session(
        Variant::new(VariantId::Chakra),
        DrawRules::default(),
        Some("k7/8/8/8/8/8/8/K7 w Ta2n,Th2n,ta7n,th7n"),
    )
    .expect("a position");
    assert_eq!(
        move_words(game.as_ref(), "a2-c3").as_deref(),
        Some("the chakra keeps its knight mode")
    );
    assert_eq!(
        move_words(game.as_ref(), "a2-c3^").as_deref(),
        Some("the chakra turns over (flips) to king mode")
    );
    let options =
        variantarium::rules::hexchess::HexOptions::for_variant(VariantId::AjGlinski, None)
            .expect("hex");
    let men = [("c1", 'G'), ("c8", 'g'), ("f10", 'P')];
    let pos = crate::hexchess::setup(options, &men, 'w');
    let game = new_session(
        Variant::new(VariantId::AjGlinski),
        DrawRules::default(),
        Some(&variantarium::rules::Position::to_text(&pos)),
    )
    .expect("a position");
    let mut words: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|m| m.text.starts_with("f10-f11="))
        .filter_map(|m| move_words(game.as_ref(), &m.text))
        .collect();
    words.sort();
    assert_eq!(
        words,
        [
            "the Migrant becomes a Cohen",
            "the Migrant becomes a Finch",
            "the Migrant becomes a Rabbi",
            "the Migrant becomes a Sennight",
        ]
    );
}

#[test]
fn files_say_where_they_went_and_a_load_is_no_error() {
    use variantarium::app::play::files::{export_game, load_game, save_game};
    let dir = std::env::temp_dir().join(format!("variantarium-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("game.json");
    let mut game =
        new_session(Variant::new(VariantId::Flaxman), DrawRules::default(), None).expect("a game");
    game.play("d1-d4").expect("legal");
    let saved = save_game(game.as_ref(), &[None, None], None, &[], &path);
    assert!(!saved.error, "{saved:?}");
    let folder = dir.display().to_string();
    assert_eq!(saved.text, format!("Saved game.json in {folder}"));
    let exported = export_game(game.as_ref(), &path);
    assert_eq!(exported.text, format!("Exported game.txt in {folder}"));
    let (loaded, session) = load_game(&path);
    assert!(!loaded.error, "a load that worked is no error: {loaded:?}");
    assert_eq!(loaded.text, format!("Loaded game.json in {folder}"));
    assert_eq!(session.expect("the game").session.moves(), ["d1-d4"]);
    let (missing, session) = load_game(&dir.join("nothing.json"));
    assert!(missing.error && session.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The setup remembers who plays each side of each game: a lesson (which
/// seats people on both sides) and a continued three-player game change the
/// players of the game on the board, never the setup's, and Start plays
/// with the setup's.
#[test]
fn the_setup_keeps_each_games_players_through_lessons_and_other_games() {
    use variantarium::app::form::Form;
    use variantarium::app::{LessonLibrary, LessonRequested, Players};
    use variantarium::engine::Level;
    use variantarium::learn::Library;
    let novice: Level = "1".parse().expect("a level");
    let club: Level = "3".parse().expect("a level");
    let mut app = app_with(Variant::new(VariantId::Flaxman));
    let mut form = Form::default();
    form.variant = VariantId::Flaxman;
    form.seats(VariantId::Flaxman)[1] = Some(club);
    form.seats(VariantId::AjGlinski3p)[2] = Some(novice);
    app.insert_resource(form);
    // A three-player game with computers on two seats is continued…
    app.world_mut().resource_mut::<Players>().0 = vec![Some(novice), Some(novice), None];
    let session = new_session(
        Variant::new(VariantId::AjGlinski3p),
        DrawRules::default(),
        None,
    )
    .expect("implemented");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    // …then a lesson, which seats people on both sides.
    let lessons = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lessons");
    app.insert_resource(LessonLibrary(Library::load(&lessons).expect("lessons")));
    app.world_mut().write_message(LessonRequested {
        id: "flaxman-pythagorean-leap".into(),
        step: None,
    });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(app.world().resource::<Players>().0, [None, None, None]);
    // The setup still shows, and Start plays, the player's own choices.
    let world = app.world_mut();
    world.resource_scope(|world, mut form: Mut<Form>| {
        assert_eq!(form.seats(VariantId::Flaxman), &[None, Some(club)]);
        assert_eq!(
            form.seats(VariantId::AjGlinski3p),
            &[None, None, Some(novice)]
        );
        assert_eq!(
            form.seats(VariantId::Chakra),
            &[None, None],
            "people until chosen"
        );
        let mut players = world.resource_mut::<Players>();
        let request = form.start(&mut players).expect("Flaxman starts");
        assert_eq!(request.session.variant().id, VariantId::Flaxman);
        assert_eq!(players.0, [None, Some(club)]);
    });
}

/// Updates until `done`, for at most 60 seconds.
pub fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !done(app) {
        assert!(
            std::time::Instant::now() < deadline,
            "waited 60 s for {what}"
        );
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Analyse is for the game it was turned on in: the next game starts
/// without it (and with the board framed for no analysis panel).
#[test]
fn a_new_game_starts_without_the_analysis() {
    use variantarium::app::play::computer::Analysing;
    let mut app = app_with(Variant::parse("flaxman", None).expect("a variant"));
    app.world_mut().resource_mut::<Analysing>().on = true;
    app.update();
    let variant = Variant::parse("chakra", None).expect("a variant");
    let session = new_session(variant, DrawRules::default(), None).expect("implemented");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
    assert!(!app.world().resource::<Analysing>().on);
}

/// The engine's own hint stood in by the first legal move.
fn first_legal(session: &dyn variantarium::rules::session::Session) -> Option<String> {
    session.legal_moves().first().map(|m| m.text.clone())
}

/// The engine's own hint stood in by the last legal move.
fn last_legal(session: &dyn variantarium::rules::session::Session) -> Option<String> {
    session.legal_moves().last().map(|m| m.text.clone())
}

/// Updates until the hint asked for has come: its move, and whether it is
/// the analysis'.
fn ask_for_a_hint(app: &mut App) -> (Option<String>, bool) {
    use variantarium::app::HintRequested;
    use variantarium::app::play::computer::SuggestedMove;
    app.world_mut().write_message(HintRequested);
    app.update();
    update_until(app, "the hint", |app| {
        let hint = app.world().resource::<SuggestedMove>();
        !hint.pending() && hint.answer.is_some()
    });
    let hint = app.world().resource::<SuggestedMove>();
    (hint.answer.clone(), hint.from_analysis)
}

/// While the analysis runs, Hint gives its best move: a beginner never
/// sees two answers to one question. Without the analysis the engine's
/// own hint comes, and says so.
#[test]
fn hint_gives_the_analysis_best_move_while_it_runs() {
    use variantarium::app::Engine;
    use variantarium::app::play::computer::Analysing;
    let mut app = app_with(Variant::parse("flaxman", None).expect("a variant"));
    app.world_mut().resource_mut::<Analysing>().on = true;
    update_until(&mut app, "the analysis' first depth", |app| {
        let analysing = app.world().resource::<Analysing>();
        analysing
            .latest
            .as_ref()
            .is_some_and(|a| !a.line.is_empty())
    });
    let best = app
        .world()
        .resource::<Analysing>()
        .latest
        .as_ref()
        .unwrap()
        .line[0]
        .clone();
    // The engine's own hint is made a legal move other than the analysis'
    // choice, so that the two answers differ.
    let session = app.world().resource::<Match>().session.clone_box();
    let own = match last_legal(session.as_ref()) == Some(best.clone()) {
        true => first_legal,
        false => last_legal,
    };
    let own_move = own(session.as_ref()).expect("a legal move");
    assert_ne!(best, own_move, "the test needs two different answers");
    app.insert_resource(Engine {
        hint: own,
        ..Engine::default()
    });
    let (answer, from_analysis) = ask_for_a_hint(&mut app);
    assert_eq!(answer, Some(best));
    assert!(from_analysis);
    app.world_mut().resource_mut::<Analysing>().on = false;
    app.update();
    let (answer, from_analysis) = ask_for_a_hint(&mut app);
    assert_eq!(answer, Some(own_move));
    assert!(!from_analysis, "the engine's own hint");
}

/// A game flies in while the frames come quickly; at a CPU renderer's few
/// frames a second it starts with the camera in place, at once.
#[test]
fn a_game_flies_in_only_when_the_frames_come_quickly() {
    use bevy::time::TimeUpdateStrategy;
    use variantarium::app::look::camera::start_the_view;
    use variantarium::app::play::settings::Settings;
    use variantarium::app::{FlyIn, OrbitCamera};
    for (frame_ms, flies) in [(16, true), (500, false)] {
        let mut app = app_with(Variant::parse("flaxman", None).expect("a variant"));
        app.init_resource::<OrbitCamera>()
            .insert_resource(Settings::default())
            .insert_resource(TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(frame_ms),
            ))
            .add_systems(
                Update,
                start_the_view.after(variantarium::app::play::game::GameSystems),
            );
        app.update();
        app.update();
        let variant = Variant::parse("chakra", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("implemented");
        app.world_mut().write_message(NewGameRequested { session });
        app.update();
        assert_eq!(
            app.world().contains_resource::<FlyIn>(),
            flies,
            "frames of {frame_ms} ms"
        );
    }
}
