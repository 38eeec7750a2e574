//! What a lesson file holds: plain serde data, read from
//! `assets/lessons/<game>/NN-slug.json`. A lesson is a script a window (or a
//! recorder) plays step by step: captions with their durations, moves in
//! notation, marks and arrows on cells, camera shots, pauses, exercises, and
//! `expect` steps that state what must be true so that the checker can
//! prove the lesson against the rules.

use serde::{Deserialize, Serialize};

/// Seconds a caption stays when the file gives none.
pub const CAPTION_SECONDS: f32 = 4.0;
/// Seconds a move's animation is given when the file gives none.
pub const MOVE_SECONDS: f32 = 1.5;
/// The fastest a lesson's words may go by, in characters a second: the
/// common subtitle pace for adult viewers.
pub const READING_PACE: f32 = 17.0;

/// Seconds `text` needs at [`READING_PACE`], to the half second above.
pub fn reading_seconds(text: &str) -> f32 {
    (text.chars().count() as f32 / READING_PACE * 2.0).ceil() / 2.0
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Unique among all lessons, e.g. `flaxman-jump-length`.
    pub id: String,
    pub title: String,
    /// What the player will know afterwards, in one line.
    pub goal: String,
    /// The variant id it plays on (`flaxman`, `aj-glinski` …).
    pub variant: String,
    /// Hex games: the pawn-like piece, when the lesson is about one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn: Option<String>,
    /// Anglojewish games: what men promote to (`curved`, `straight`,
    /// `straight-curved`), when the lesson is about that option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
    /// The kinds of rule overlay this lesson explains (`definers`, `leap`,
    /// `transmitter`, `route`, `check`, `forbidden`, `loom-effect`, `note`):
    /// while one is shown in a game, the game panel offers "Show me".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topics: Vec<String>,
    /// The start position in the game's text format; the game's start when
    /// absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    pub steps: Vec<Step>,
}

impl Lesson {
    /// How many of the first `upto` steps the player sees as steps: those
    /// that take time (marks, arrows and checks come with the next one).
    pub fn shown_steps(&self, upto: usize) -> usize {
        self.steps[..upto.min(self.steps.len())]
            .iter()
            .filter(|s| s.seconds() > 0.0)
            .count()
    }

    /// How many steps are applied when the player has seen `shown` of them:
    /// through the `shown`-th step that takes time, with the marks, arrows
    /// and checks that came with it, and none of those that come with the
    /// next one. None past the lesson's end.
    pub fn steps_through(&self, shown: usize) -> Option<usize> {
        if shown > self.shown_steps(self.steps.len()) {
            return None;
        }
        if shown == 0 {
            return Some(0);
        }
        let mut seen = 0;
        for (i, step) in self.steps.iter().enumerate() {
            if step.seconds() > 0.0 {
                seen += 1;
                if seen == shown {
                    return Some(i + 1);
                }
            }
        }
        Some(self.steps.len())
    }
}

/// One step of a lesson; the `step` field names its kind.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// Text in the captions panel for `seconds` (or until "Next").
    Caption {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<f32>,
    },
    /// A move played with animation, in the game's notation. Clears the
    /// marks and arrows in force.
    Move {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<f32>,
    },
    /// Cells ringed in a colour that says what they mean.
    Marks {
        cells: Vec<String>,
        colour: MarkColour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
    },
    /// An arrow over the board.
    Arrow(Arrow),
    /// Takes every mark and arrow off the board.
    Clear,
    /// Where the camera looks.
    Camera {
        shot: Shot,
        /// The cell a `close` shot looks at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<String>,
    },
    /// Nothing happens for a while.
    Pause { seconds: f32 },
    /// The player's move: the lesson waits for one of `accept`.
    Exercise(Exercise),
    /// What must be true here; the checker proves it, the player ignores it.
    Expect(Expect),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MarkColour {
    /// Look here (gold).
    Focus,
    /// Allowed, a move that works (green).
    Good,
    /// Forbidden, attacked, a move that fails (red).
    Bad,
    /// Background knowledge (blue).
    Info,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArrowKind {
    /// A plain move or line of attack.
    Straight,
    /// A path through several cells (a Finch's or Rabbi's curve).
    Route,
    /// The link between two chakras.
    Transmitter,
    /// The two companions whose distance is a Flaxman man's jump.
    Definers,
    /// A move the rules refuse, drawn red and dashed.
    Illegal,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrow {
    pub kind: ArrowKind,
    /// The cells in order: two for a straight line, more for a route.
    pub cells: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shot {
    /// Behind the side to move, as in play.
    Player,
    TopDown,
    /// Close on one cell.
    Close,
    /// A slow turn around the board.
    Orbit,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// What to do, shown while the lesson waits.
    pub prompt: String,
    /// The moves that count as right; the first is the scripted answer a
    /// recording plays. Every one must be legal.
    pub accept: Vec<String>,
    pub right: String,
    pub wrong: String,
    /// The other side's answer, played after a right move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
}

/// Facts about the position at this point of the lesson.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Men that must stand where they are named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceAt>,
    /// Cells that must be empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub empty: Vec<String>,
    /// Moves that must be legal now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
    /// Moves (well-formed) that must not be legal now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub illegal: Vec<String>,
    /// Whether the side to move is in check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<bool>,
    /// `white`, `black` or `red`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    /// As `variantarium status` words it: `ongoing`, `1-0 checkmate`,
    /// `1/2-1/2 stalemate`, `3/4-1/4 stalemate` …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// The number of legal moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_count: Option<usize>,
    /// Exactly the players out of the game, as `variantarium status` words
    /// its second line (`white`, `black`, `red`; once a player has won,
    /// everyone else): three-player games; empty when all play on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminated: Option<Vec<String>>,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceAt {
    pub at: String,
    /// The man's letter in notation (upper case).
    pub letter: char,
    /// `white`, `black`, `red` or `none` (a Fate).
    pub side: String,
    /// `prisoner`, `knight-mode` or `king-mode` when it matters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
}

impl Step {
    /// How long the step takes when played at speed 1, in seconds (an
    /// exercise waits for the player: its time runs from the answer, long
    /// enough for its praise to be read).
    pub fn seconds(&self) -> f32 {
        match self {
            Step::Caption { seconds, .. } => seconds.unwrap_or(CAPTION_SECONDS),
            Step::Move { seconds, .. } => seconds.unwrap_or(MOVE_SECONDS),
            Step::Pause { seconds } => *seconds,
            Step::Exercise(exercise) => (MOVE_SECONDS * 2.0).max(reading_seconds(&exercise.right)),
            Step::Camera { .. } => 1.0,
            Step::Marks { .. } | Step::Arrow(_) | Step::Clear | Step::Expect(_) => 0.0,
        }
    }

    /// Whether the player sees the step (an `expect` is for the checker).
    pub fn is_shown(&self) -> bool {
        !matches!(self, Step::Expect(_))
    }
}
