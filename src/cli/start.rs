//! How the game window starts, as plain data: the arguments decide it
//! (`window`) before the window opens it (`launch`), and a build without
//! the window still reads the arguments and says what it cannot do.

use std::path::PathBuf;

use crate::engine::Level;
use crate::record::SavedClock;
use crate::rules::session::Session;

/// How the window starts.
// A build without the window reads the arguments into this and opens
// nothing.
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub struct WindowStart {
    /// Open straight into this game; None shows the main menu.
    pub game: Option<Box<dyn Session>>,
    /// Who plays each side: None a person, else the computer at that level.
    pub players: Vec<Option<Level>>,
    /// The clocks the game starts with (None: without clocks).
    pub clock: Option<SavedClock>,
    /// The time each of its moves took, where known (a saved game's).
    pub move_ms: Vec<Option<u64>>,
    pub size: (u32, u32),
    /// The window is never shown (a recording made from the game window).
    pub hidden: bool,
    /// A line for the status bar of the launch game (a load that stopped).
    pub notice: Option<String>,
    /// Keep a JSON map of where each cell appears on screen.
    pub cell_map: Option<PathBuf>,
    /// Render once, write a PNG and exit.
    pub screenshot: Option<Snapshot>,
    /// The lessons, and the one to open; None loads the installed lessons
    /// for the Learn menu.
    pub lessons: Option<LessonStart>,
    /// Open on the Play online screen, connected to this server.
    pub online: Option<OnlineLaunch>,
    /// Open straight into a puzzle.
    pub puzzle: Option<PuzzleStart>,
}

/// `puzzles --play [--variant V]`, `screenshot --puzzle ID`: the puzzle to
/// open (by id, or the next of the set for the player).
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub struct PuzzleStart {
    pub set: crate::puzzles::PuzzleSet,
    pub id: Option<String>,
}

/// `play --online ADDR [--join CODE]`.
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub struct OnlineLaunch {
    pub addr: String,
    pub join: Option<String>,
}

impl WindowStart {
    /// The main menu in a window of this size, people on both sides.
    pub fn new(size: (u32, u32)) -> WindowStart {
        WindowStart {
            game: None,
            players: vec![None, None],
            clock: None,
            move_ms: Vec::new(),
            size,
            hidden: false,
            notice: None,
            cell_map: None,
            screenshot: None,
            lessons: None,
            online: None,
            puzzle: None,
        }
    }
}

/// A screenshot to take once the scene has settled.
// A build without the window reads the arguments into this and opens
// nothing.
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub struct Snapshot {
    pub path: PathBuf,
    /// Frames to render first, so that meshes, shadows and egui are in place.
    pub frames: u32,
    /// Print the mean frame time of the settling frames.
    pub frame_time: bool,
    /// A move diagram: seen from above, the man on this cell selected.
    pub select: Option<crate::rules::view::CellId>,
    /// A move diagram's legend: each kind of mark and what it means.
    pub legend: Vec<(&'static str, &'static str)>,
}

/// How the window starts in Learn mode (`variantarium learn`).
// A build without the window reads the arguments into this and opens
// nothing.
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub struct LessonStart {
    pub library: crate::learn::Library,
    /// Straight into this lesson; None shows the Learn menu.
    pub lesson: Option<String>,
    /// Start after this many steps, paused (screenshots).
    pub step: Option<usize>,
}
