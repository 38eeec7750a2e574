//! Chess clocks: a time control chosen before the game, each player's time
//! running on its turn, an increment after each move, and a flag fall that
//! ends the game in the rules session (a loss on time).
//!
//! The clock runs only while the game is live: on the playing screen, not
//! over, at its newest position (not while a step back in the history is
//! looked at, nor after an undo until a move is played) and not while the
//! computer waits after such a step. Undo takes back moves, not time. No
//! time runs while the camera flies in: the first click is not possible
//! before it lands. While "Leave this game?" is asked a game on this
//! machine pauses (an online clock is the server's and never does). A
//! saved game keeps its clocks, and a loaded or continued one goes on with
//! them.

use std::time::Duration;

use bevy::prelude::*;

use crate::app::fly_in::FlyIn;
use crate::app::play::game::{GameStarted, GameSystems, Match, MoveApplied};
use crate::app::play::leaving::LeaveAsked;
use crate::app::play::remote::ServerGame;
use crate::app::screen::{PlayMode, Screen, in_lesson};
use crate::record::SavedClock;
use crate::rules::Side;

/// Time for each player and time added after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// Five minutes each and three seconds a move.
    pub const BLITZ: TimeControl = TimeControl::minutes(5, 3);
    /// Fifteen minutes each and ten seconds a move.
    pub const RAPID: TimeControl = TimeControl::minutes(15, 10);

    pub const fn minutes(minutes: u64, increment_seconds: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment_seconds),
        }
    }

    /// "5+3": minutes and seconds of increment; a clock of whole days
    /// and no increment (an online correspondence game) "3 days a move".
    pub fn label(self) -> String {
        let seconds = self.base.as_secs();
        if self.increment.is_zero() && seconds > 0 && seconds.is_multiple_of(DAY_SECONDS) {
            return match seconds / DAY_SECONDS {
                1 => "1 day a move".to_string(),
                days => format!("{days} days a move"),
            };
        }
        let minutes = self.base.as_secs_f64() / 60.0;
        format!("{minutes}+{}", self.increment.as_secs())
    }
}

/// The clock of one game: each side's time left.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub control: TimeControl,
    left: Vec<Duration>,
    flagged: Option<Side>,
}

impl Clock {
    pub fn new(control: TimeControl, sides: u8) -> Clock {
        Clock {
            control,
            left: vec![control.base; usize::from(sides)],
            flagged: None,
        }
    }

    pub fn left(&self, side: Side) -> Duration {
        self.left.get(side.index()).copied().unwrap_or_default()
    }

    /// The side whose time ran out, once it has.
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// `side`'s time runs for `elapsed`; Some(side) when its flag falls now.
    pub fn run(&mut self, side: Side, elapsed: Duration) -> Option<Side> {
        if self.flagged.is_some() {
            return None;
        }
        let left = self.left.get_mut(side.index())?;
        *left = left.saturating_sub(elapsed);
        if left.is_zero() {
            self.flagged = Some(side);
            return Some(side);
        }
        None
    }

    /// The clock as a saved game keeps it.
    pub fn saved(&self) -> SavedClock {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        SavedClock {
            base_ms: ms(self.control.base),
            increment_ms: ms(self.control.increment),
            left_ms: self.left.iter().copied().map(ms).collect(),
        }
    }

    /// The clock a saved game kept (a side with no time left has flagged).
    pub fn from_saved(saved: &SavedClock) -> Clock {
        let left: Vec<Duration> = saved
            .left_ms
            .iter()
            .map(|&ms| Duration::from_millis(ms))
            .collect();
        let flagged = left
            .iter()
            .position(Duration::is_zero)
            .and_then(|i| u8::try_from(i).ok())
            .map(Side);
        Clock {
            control: TimeControl {
                base: Duration::from_millis(saved.base_ms),
                increment: Duration::from_millis(saved.increment_ms),
            },
            left,
            flagged,
        }
    }

    /// `side` made a move: it gains the increment (not after its flag fell).
    pub fn moved(&mut self, side: Side) {
        if self.flagged.is_some() {
            return;
        }
        if let Some(left) = self.left.get_mut(side.index()) {
            *left += self.control.increment;
        }
    }
}

/// "4:59", or "0:09.4" in the last ten seconds.
pub fn clock_text(left: Duration) -> String {
    let seconds = left.as_secs();
    if seconds < 10 {
        let tenths = left.as_millis() / 100;
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    if seconds >= DAY_SECONDS {
        return format!(
            "{}d {}h",
            seconds / DAY_SECONDS,
            seconds % DAY_SECONDS / 3600
        );
    }
    if seconds >= 3600 {
        let minutes = seconds / 60;
        return format!("{}:{:02}:{:02}", minutes / 60, minutes % 60, seconds % 60);
    }
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

const DAY_SECONDS: u64 = 86_400;

/// Below this a player's time shows in red.
pub const LOW_TIME: Duration = Duration::from_secs(20);

/// The kinds of time control offered before a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClockMode {
    #[default]
    None,
    Blitz,
    Rapid,
    Custom,
}

impl ClockMode {
    pub const ALL: [ClockMode; 4] = [
        ClockMode::None,
        ClockMode::Blitz,
        ClockMode::Rapid,
        ClockMode::Custom,
    ];

    /// The name the settings keep it by.
    pub fn id(self) -> &'static str {
        match self {
            ClockMode::None => "none",
            ClockMode::Blitz => "blitz",
            ClockMode::Rapid => "rapid",
            ClockMode::Custom => "custom",
        }
    }

    pub fn from_id(id: &str) -> Option<ClockMode> {
        ClockMode::ALL.into_iter().find(|mode| mode.id() == id)
    }
}

/// The time control the next game starts with.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockChoice {
    pub mode: ClockMode,
    /// Minutes and increment of the custom control.
    pub custom: TimeControl,
}

impl Default for ClockChoice {
    fn default() -> Self {
        ClockChoice {
            mode: ClockMode::None,
            custom: TimeControl::minutes(10, 5),
        }
    }
}

impl ClockChoice {
    /// The control chosen; None plays without clocks.
    pub fn control(&self) -> Option<TimeControl> {
        match self.mode {
            ClockMode::None => None,
            ClockMode::Blitz => Some(TimeControl::BLITZ),
            ClockMode::Rapid => Some(TimeControl::RAPID),
            ClockMode::Custom => Some(self.custom),
        }
    }
}

/// The clock of the game being played, and whose time runs now.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct GameClock {
    pub clock: Option<Clock>,
    /// The side to move when the clock last ran: the one a move credits.
    to_move: Side,
    /// Whether the clock ran in the last frame (for the display).
    pub running: Option<Side>,
}

impl GameClock {
    /// The clocks as a saved game keeps them; None without clocks.
    pub fn saved(&self) -> Option<SavedClock> {
        self.clock.as_ref().map(Clock::saved)
    }
}

/// The clocks the next game starts with: the chosen time control for a new
/// game, or those a loaded or continued game was saved with (none for a
/// game saved without clocks).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub enum NextClock {
    #[default]
    Chosen,
    Saved(Option<SavedClock>),
}

/// The clock's systems: whoever saves the clocks runs after them.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ClockSystems;

impl Default for GameClock {
    fn default() -> Self {
        GameClock {
            clock: None,
            to_move: Side::WHITE,
            running: None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClockChoice>()
        .init_resource::<GameClock>()
        .init_resource::<NextClock>()
        .add_systems(
            Update,
            (start_clock, run_clock)
                .chain()
                .in_set(ClockSystems)
                .after(GameSystems),
        );
}

/// Each new game gets a fresh clock of the chosen control, a loaded one
/// the clocks it was saved with (lessons none).
fn start_clock(
    mut started: MessageReader<GameStarted>,
    choice: Res<ClockChoice>,
    mut next: ResMut<NextClock>,
    game: Option<Res<Match>>,
    mode: Option<Res<State<PlayMode>>>,
    mut clock: ResMut<GameClock>,
) {
    if started.read().count() == 0 {
        return;
    }
    let Some(game) = game else { return };
    let lesson = in_lesson(mode);
    let session = game.session.as_ref();
    let clock_now = match std::mem::take(&mut *next) {
        NextClock::Chosen => choice
            .control()
            .map(|control| Clock::new(control, session.side_count())),
        NextClock::Saved(saved) => saved.as_ref().map(Clock::from_saved),
    };
    *clock = GameClock {
        clock: clock_now.filter(|_| !lesson),
        to_move: session.side_to_move(),
        running: None,
    };
}

/// Credits each move's increment, runs the time of the side to move while
/// the game is live, and ends the game when a flag falls.
fn run_clock(
    // Wall-clock time: the game's own time is capped per frame, and a slow
    // frame must cost the player every second it took.
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    game: Option<ResMut<Match>>,
    (fly_in, leave_asked): (Option<Res<FlyIn>>, Res<LeaveAsked>),
    server: Option<Res<ServerGame>>,
    mut applied: MessageReader<MoveApplied>,
    mut state: ResMut<GameClock>,
) {
    let moves = applied.read().count();
    let Some(mut game) = game else { return };
    let GameClock {
        clock,
        to_move,
        running,
    } = &mut *state;
    let Some(clock) = clock else { return };
    for _ in 0..moves {
        clock.moved(*to_move);
    }
    let session = game.session.as_ref();
    *to_move = session.side_to_move();
    // A server's clock runs from the moment every side has moved, and the
    // server alone says when a flag fell: this one only shows the time.
    let online = server.is_some();
    let server_runs =
        crate::net::protocol::every_side_has_moved(session.ply_count(), session.side_count());
    let live = *screen.get() == Screen::Playing
        && session.outcome().is_none()
        && !session.can_redo()
        && !game.computer_waits
        && (if online {
            server_runs
        } else {
            fly_in.is_none() && !leave_asked.open
        })
        && server.as_ref().is_none_or(|s| s.ended.is_none());
    *running = live.then_some(*to_move);
    if !live {
        return;
    }
    if let Some(side) = clock.run(*to_move, time.delta())
        && !online
        && game.session.lose_on_time(side)
    {
        game.notice = Some(format!("{}'s flag fell", side.name()));
    }
}
