//! The online game on the board: it starts there once every seat is taken,
//! the server's moves are played on it as they come (and animate like any
//! move), the person's picked moves go to the server, its clock readings
//! set the clocks, and the panels learn how the game and the link stand
//! through [`ServerGame`].

use std::time::Instant;

use bevy::prelude::*;

use super::follow::{LinkState, Online};
use super::link::Ask;
use crate::app::play::clock::{Clock, ClockSystems, GameClock, NextClock};
use crate::app::play::computer::Players;
use crate::app::play::game::{GameSystems, HumanSides, Match, NewGameRequested};
use crate::app::play::remote::{
    Away, Connection, MoveProposed, SeatAction, ServerGame, ServerMoved, ServerTookBack,
};
use crate::app::screen::Screen;
use crate::record::{OnlineSeat, SavedClock};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (start_the_board, hand_moves_to_the_board, take_seats)
                .chain()
                .before(GameSystems),
            (send_proposed_moves, send_seat_actions, show_the_game)
                .chain()
                .after(GameSystems),
            set_the_clocks.after(ClockSystems),
        ),
    )
    .add_systems(OnEnter(Screen::Menu), leave_online);
}

/// The seated game goes on the board once every seat is taken and every
/// event so far has come: from its current position, without animation.
fn start_the_board(
    mut commands: Commands,
    online: Option<ResMut<Online>>,
    mut players: ResMut<Players>,
    mut next_clock: ResMut<NextClock>,
    mut games: MessageWriter<NewGameRequested>,
    hosting: Option<Res<super::host::Hosting>>,
) {
    let Some(mut online) = online else { return };
    if online.on_board.is_some() || !online.game_ready() {
        return;
    }
    let (Some(view), Some(ticket)) = (&online.view, &online.ticket) else {
        return;
    };
    let sides = usize::from(view.sides);
    // Nobody's side is the computer's: the other seats are people online.
    // Changed seats are handed on at the next frame's start (and would undo
    // this window's seat there): the board starts a frame later.
    let nobody = Players(vec![None; sides]);
    if *players != nobody {
        *players = nobody;
        return;
    }
    let ply = view.session.ply_count();
    *next_clock = NextClock::Saved(view.clock.map(|spec| SavedClock {
        base_ms: spec.allowance_ms(),
        increment_ms: spec.increment_ms,
        left_ms: match &online.clock {
            Some((_, left)) => left.clone(),
            None => vec![spec.allowance_ms(); sides],
        },
    }));
    commands.insert_resource(ServerGame {
        place: OnlineSeat {
            server: online.link.addr.clone(),
            game: ticket.game.clone(),
            code: ticket.code.clone(),
            seat: ticket.seat,
            token: ticket.token.clone(),
            hosted: hosting.is_some_and(|h| h.local.to_string() == online.link.addr),
        },
        names: view.names.clone(),
        ..ServerGame::default()
    });
    games.write(NewGameRequested {
        session: view.session.clone_box(),
    });
    online.on_board = Some(ply);
}

/// Every move the server played that the board has not: the next in turn.
/// Moves the board has and the server no longer has (a takeback) go
/// first.
fn hand_moves_to_the_board(
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
    server: Option<Res<ServerGame>>,
    mut moves: MessageWriter<ServerMoved>,
    mut took_back: MessageWriter<ServerTookBack>,
) {
    let (Some(mut online), Some(game), Some(server)) = (online, game, server) else {
        return;
    };
    // A new seat's board (a rematch) starts at the frame's end: until then
    // the board is the last game's.
    let seated_in = online.ticket.as_ref().map(|t| t.game.as_str());
    if seated_in != Some(server.place.game.as_str()) {
        return;
    }
    let (Some(handed), Some(view)) = (online.on_board, &online.view) else {
        return;
    };
    let all = view.session.moves();
    let board = game.session.moves();
    let kept = board
        .iter()
        .zip(&all)
        .take_while(|(shown, played)| shown == played)
        .count();
    // A move the board refused stays handed: it is not handed again.
    let from = if kept < board.len() {
        took_back.write(ServerTookBack { ply: kept });
        kept
    } else {
        handed.clamp(kept, all.len())
    };
    for text in &all[from..] {
        moves.write(ServerMoved { text: text.clone() });
    }
    if handed != all.len() {
        online.on_board = Some(all.len());
    }
}

/// Only this window's seat takes clicks, and only while its turn waits for
/// a move (not while one is on its way to the server).
fn take_seats(online: Option<Res<Online>>, mut humans: ResMut<HumanSides>) {
    let Some(online) = online.filter(|o| o.on_board.is_some()) else {
        return;
    };
    let (Some(view), Some(ticket)) = (&online.view, &online.ticket) else {
        return;
    };
    let open = view.ended.is_none() && online.sent.is_none();
    let wanted: Vec<bool> = (0..3).map(|side| open && side == ticket.seat).collect();
    if humans.0 != wanted {
        humans.0 = wanted;
    }
}

/// A move picked on the board goes to the server for the position it was
/// picked in; it shows when the server plays it.
fn send_proposed_moves(
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut proposed: MessageReader<MoveProposed>,
) {
    let (Some(mut online), Some(mut game)) = (online, game) else {
        proposed.clear();
        return;
    };
    for MoveProposed { text } in proposed.read() {
        if let Some(sent) = &online.sent {
            game.notice = Some(format!("{text} not sent: {sent} waits for the server"));
            continue;
        }
        let ply = game.session.ply_count() as u32;
        online.link.ask(Ask::Move {
            ply,
            text: text.clone(),
        });
        online.sent = Some(text.clone());
        online.refused = None;
    }
}

fn send_seat_actions(online: Option<Res<Online>>, mut actions: MessageReader<SeatAction>) {
    let Some(online) = online else {
        actions.clear();
        return;
    };
    for action in actions.read() {
        online.link.ask(Ask::Seat(*action));
    }
}

/// What the panels show of the online game, and its end: a loss on time
/// is the rules' own end (the same dialog as a flag fallen at home); a
/// resignation or an agreement is the server's word.
fn show_the_game(
    online: Option<Res<Online>>,
    server: Option<ResMut<ServerGame>>,
    game: Option<ResMut<Match>>,
) {
    let (Some(online), Some(mut server), Some(mut game)) = (online, server, game) else {
        return;
    };
    let Some(view) = &online.view else { return };
    let mut wanted = server.clone();
    wanted.connection = match &online.state {
        LinkState::Down(why) => Connection::Reconnecting(why.clone()),
        LinkState::Connecting | LinkState::Up => Connection::Connected,
    };
    wanted.sent = online.sent.clone();
    wanted.refused = online.refused.clone();
    wanted.draw_offers = view.draw_offers.clone();
    wanted.names = view.names.clone();
    wanted.takeback = view.takeback.clone();
    wanted.rematch_offers = view.rematch_offers.clone();
    let now = Instant::now();
    wanted.away = online
        .away
        .iter()
        .map(|&(seat, claim_at)| Away {
            seat,
            claim_in_secs: claim_at.saturating_duration_since(now).as_secs_f64().ceil() as u64,
        })
        .collect();
    let all_shown = online.on_board == Some(view.session.ply_count());
    wanted.ended = view.ended.clone().filter(|_| all_shown);
    if wanted.ended.is_some() && server.ended.is_none() {
        let session = game.session.as_mut();
        let on_time = wanted
            .ended
            .as_deref()
            .is_some_and(|s| s.contains("timeout"));
        if on_time && session.outcome().is_none() {
            let side = session.side_to_move();
            session.lose_on_time(side);
        }
    }
    if *server != wanted {
        *server = wanted;
    }
}

/// The server's clock reading for the position on the board replaces the
/// board's own count (after it added its increment, so that the server's
/// numbers stand).
fn set_the_clocks(
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    mut clock: ResMut<GameClock>,
    mut set_for: Local<Option<(usize, Vec<u64>)>>,
) {
    let (Some(online), Some(game)) = (online, game) else {
        *set_for = None;
        return;
    };
    let Some(reading) = &online.clock else { return };
    let Some(spec) = online.view.as_ref().and_then(|v| v.clock) else {
        return;
    };
    if reading.0 != game.session.ply_count() || *set_for == Some(reading.clone()) {
        return;
    }
    clock.clock = Some(Clock::from_saved(&SavedClock {
        base_ms: spec.allowance_ms(),
        increment_ms: spec.increment_ms,
        left_ms: reading.1.clone(),
    }));
    *set_for = Some(reading.clone());
}

/// Back at the title screen the online session ends: the link closes, and
/// the board is no server's any more.
fn leave_online(mut commands: Commands) {
    commands.remove_resource::<Online>();
    commands.remove_resource::<ServerGame>();
}
