//! Learn mode without a window: the lesson format ([`lesson`]), the loader
//! ([`load`]), the player's state after any step ([`script`]), the checker
//! that proves each lesson against the rules ([`check`]), what a lesson
//! says to a wrong answer ([`answer`]), the progress file ([`progress`])
//! and a lesson's cues at a frame rate, for recordings ([`timing`]).

pub mod answer;
pub mod check;
pub mod lesson;
pub mod load;
pub mod progress;
pub mod script;
pub mod timing;

pub use answer::wrong_answer;
pub use check::{Problem, check};
pub use lesson::{Arrow, ArrowKind, Exercise, Expect, Lesson, MarkColour, Shot, Step};
pub use load::{Entry, LESSONS_VARIABLE, Library, default_source, own_lessons_dir};
pub use script::{ArrowView, CameraShot, CellMark, Frame};
