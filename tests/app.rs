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
