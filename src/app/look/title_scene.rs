//! The board behind the title screen: the chosen card's game in its start
//! position, the camera slowly going round it. It is no game of the
//! player's: it is not kept (the autosave keeps the game that was left, and
//! "Continue" resumes that), the computer does not move in it, and clicks
//! on it select nothing.

use bevy::prelude::*;

use crate::app::form::Form;
use crate::app::look::camera::{OrbitCamera, seated_view};
use crate::app::play::game::{GameStarted, GameSystems, HumanSides, Match, NewGameRequested};
use crate::app::play::selection::Selection;
use crate::app::screen::{Backdrop, SceneOnly, Screen};
use crate::rules::session::new_session;
use crate::rules::variant::Variant;

/// How fast the camera goes round the backdrop, in radians a second.
const ORBIT_SPEED: f32 = 0.06;

/// How far right of the window's centre the backdrop's board sits, as a
/// fraction of the window's width: clear of the game cards on the left.
const BACKDROP_SHIFT: f32 = -0.22;

/// How much further than in play the camera stands from the backdrop.
const BACKDROP_DISTANCE: f32 = 1.4;

pub(super) fn plugin(app: &mut App) {
    // The Learn menu, opened from the title screen, keeps its backdrop.
    let behind_menus = || in_state(Screen::Menu).or_else(in_state(Screen::Learn));
    app.add_systems(OnEnter(Screen::Menu), forget_backdrop)
        .add_systems(
            OnTransition {
                exited: Screen::Menu,
                entered: Screen::Playing,
            },
            face_white,
        )
        .add_systems(
            Update,
            (
                stage_backdrop
                    .run_if(in_state(Screen::Menu))
                    .run_if(not(resource_exists::<SceneOnly>)),
                end_backdrop,
            )
                .chain()
                .before(GameSystems),
        )
        .add_systems(
            Update,
            (orbit_backdrop, unselect_in_backdrop)
                .after(GameSystems)
                .run_if(resource_exists::<Backdrop>)
                .run_if(behind_menus()),
        );
}

/// Entering the menu, the board behind it is staged afresh.
fn forget_backdrop(mut commands: Commands) {
    commands.remove_resource::<Backdrop>();
}

/// Puts the chosen game's start position on the table when the choice
/// changes.
fn stage_backdrop(
    mut commands: Commands,
    form: Res<Form>,
    backdrop: Option<Res<Backdrop>>,
    mut started: MessageWriter<GameStarted>,
) {
    let pawn = form.pawn.filter(|_| form.variant.takes_pawn_kind());
    let Ok(variant) = Variant::with_pawn(form.variant, pawn) else {
        return;
    };
    if backdrop.is_some_and(|b| b.0 == variant) {
        return;
    }
    let Ok(session) = new_session(variant, form.draw_rules, None) else {
        return;
    };
    let mut game = Match::new(session);
    // The computer does not play the backdrop's moves.
    game.computer_waits = true;
    commands.insert_resource(game);
    commands.insert_resource(Backdrop(variant));
    started.write(GameStarted);
}

/// A game asked for replaces the backdrop.
fn end_backdrop(mut commands: Commands, mut requests: MessageReader<NewGameRequested>) {
    if requests.read().count() > 0 {
        commands.remove_resource::<Backdrop>();
    }
}

/// Turns the camera a little, and keeps the board right of the cards and
/// smaller than in play: whenever the camera code frames the board afresh
/// (a new board, a new window size), its distance is taken further.
fn orbit_backdrop(
    time: Res<Time>,
    mut orbit: ResMut<OrbitCamera>,
    mut backed_off: Local<Option<f32>>,
) {
    orbit.yaw = (orbit.yaw + ORBIT_SPEED * time.delta_secs()) % std::f32::consts::TAU;
    if orbit.shift != BACKDROP_SHIFT {
        orbit.shift = BACKDROP_SHIFT;
    }
    if *backed_off != Some(orbit.distance) {
        orbit.distance *= BACKDROP_DISTANCE;
        *backed_off = Some(orbit.distance);
    }
}

/// A game starts seen from its seat (White's side unless the person plays
/// another army; a hex board's view turned a little off its files),
/// whatever the backdrop's turn.
fn face_white(
    mut orbit: ResMut<OrbitCamera>,
    game: Option<Res<Match>>,
    backdrop: Option<Res<Backdrop>>,
    humans: Res<HumanSides>,
) {
    // The backdrop's match may still stand until the player's game comes.
    let game = game.filter(|_| backdrop.is_none());
    orbit.yaw = game.map_or(0.0, |game| seated_view(&game, &humans).0);
}

fn unselect_in_backdrop(mut selection: ResMut<Selection>) {
    if selection.is_changed() && *selection != Selection::default() {
        *selection = Selection::default();
    }
}
