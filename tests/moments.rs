//! The moments a lesson teaches, shown in the ECS without a window: a check
//! line appears only once the checking man has landed, a chakra turns over
//! where it can be seen, and an eliminated army sinks away slowly and
//! leaves its cells marked.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use variantarium::app::play::elimination::Vacated;
use variantarium::app::play::pieces::{ELIMINATION_SECONDS, Fading, Flipping};
use variantarium::app::{
    CorePlugin, Ghost, Match, MoveRequested, NewGameRequested, Overlays, Tween,
};
use variantarium::rules::history::DrawRules;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::Variant;
use variantarium::rules::view::{Hint, HintKind};

/// The core app at `position`, its clock stepping `frame_ms` a frame.
fn app_at(variant: &str, position: &str, frame_ms: u64) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            frame_ms,
        )));
    let variant = Variant::parse(variant, None).expect("a variant");
    let session = new_session(variant, DrawRules::default(), Some(position)).expect("a position");
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
    app
}

fn play(app: &mut App, text: &str) {
    app.world_mut()
        .write_message(MoveRequested { text: text.into() });
    app.update();
}

fn check_lines(app: &App) -> usize {
    app.world()
        .resource::<Overlays>()
        .0
        .iter()
        .filter(|h| h.kind() == HintKind::Check)
        .count()
}

fn moving(app: &mut App) -> bool {
    let mut query = app.world_mut().query_filtered::<(), With<Tween>>();
    query.iter(app.world()).next().is_some()
}

#[test]
fn a_check_line_shows_once_the_checking_man_has_landed() {
    // The White Ape jumps in at c3 and comes out of the Transmitter at f6,
    // capturing, and attacks the Black King on e8.
    let mut app = app_at("chakra", "4k3/8/5a2/8/8/8/8/1A2K3 w Tc3n,Tf6n", 50);
    play(&mut app, "b1-f6");
    assert!(app.world().resource::<Match>().session.in_check());
    assert!(moving(&mut app), "the Ape travels");
    assert_eq!(check_lines(&app), 0, "no check line while he travels");
    let mut frames = 0;
    while moving(&mut app) && frames < 100 {
        app.update();
        if moving(&mut app) {
            assert_eq!(check_lines(&app), 0, "frame {frames}: he still travels");
        }
        frames += 1;
    }
    assert!(!moving(&mut app), "he lands");
    app.update();
    assert_eq!(check_lines(&app), 1, "the check line once he has landed");
}

#[test]
fn a_chakra_turns_over_in_sight_of_a_camera_above() {
    let mut app = app_at("chakra", "8/8/8/8/8/8/8/4K2k w Ta2n,Th7n", 50);
    play(&mut app, "a2^");
    let mut query = app.world_mut().query::<(&Flipping, &Transform)>();
    assert_eq!(query.iter(app.world()).count(), 1, "one chakra turns over");
    let mut tilts = Vec::new();
    for _ in 0..40 {
        app.update();
        let mut query = app.world_mut().query::<(&Flipping, &Transform)>();
        if let Some((_, at)) = query.iter(app.world()).next() {
            // How far its face is from facing up, in degrees.
            tilts.push((at.rotation * Vec3::Y).angle_between(Vec3::Y).to_degrees());
        }
    }
    assert!(
        tilts.iter().any(|&t| (60.0..=120.0).contains(&t)),
        "it stands on its edge at some moment, seen from above: {tilts:?}"
    );
    let mut query = app.world_mut().query::<(&Flipping, &Transform)>();
    assert_eq!(query.iter(app.world()).count(), 0, "and it comes to rest");
}

#[test]
fn an_eliminated_army_sinks_slowly_and_its_cells_stay_marked() {
    // The position of the elimination lesson: Red's Sennight leaves the
    // line from White's Rook to Black's General, White moves next and
    // attacks it, so Black is out.
    let position = "2bFbCbG1/4bP2/5bPrS1/9/2rP7/3rP5wR1/rG9/9/4wP3/6wG/6 r -";
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    let variant = Variant::parse("aj-glinski-mixed-3p", None).expect("a variant");
    let session = new_session(variant, DrawRules::default(), Some(position)).expect("a position");
    let black: Vec<u16> = session
        .placements()
        .iter()
        .filter(|p| p.side.is_some_and(|s| s.0 == 1))
        .map(|p| p.cell)
        .collect();
    assert_eq!(black.len(), 5);
    app.world_mut().write_message(NewGameRequested { session });
    app.update();
    app.update();
    play(&mut app, "c7-a4");
    let vacated = app.world().resource::<Vacated>().clone();
    let mut expected = black.clone();
    expected.sort();
    assert_eq!(vacated.cells, expected, "every cell Black's army left");
    let ghosts = |app: &mut App| {
        let mut query = app.world_mut().query::<(&Ghost, &Fading, &Transform)>();
        query
            .iter(app.world())
            .map(|(_, _, t)| t.scale.x)
            .collect::<Vec<f32>>()
    };
    assert_eq!(
        ghosts(&mut app).len(),
        black.len(),
        "the captured man and the army"
    );
    // A second and a half later the army is still in sight, sinking.
    for _ in 0..15 {
        app.update();
    }
    let sinking = ghosts(&mut app);
    assert!(
        sinking.len() >= black.len() - 1 && sinking.iter().any(|&s| s > 0.1 && s < 1.0),
        "still sinking after 1.5 s: {sinking:?}"
    );
    for _ in 0..(ELIMINATION_SECONDS * 10.0) as usize {
        app.update();
    }
    assert!(ghosts(&mut app).is_empty(), "gone at last");
    // The cells stay marked until the next move.
    let marked: Vec<u16> = app
        .world()
        .resource::<Overlays>()
        .0
        .iter()
        .filter_map(|h| match h {
            Hint::Mark { at, label, .. } if label.contains("Black's army") => Some(*at),
            _ => None,
        })
        .collect();
    assert_eq!(marked, expected);
    let next = app.world().resource::<Match>().session.legal_moves()[0]
        .text
        .clone();
    play(&mut app, &next);
    assert!(app.world().resource::<Vacated>().cells.is_empty());
}
