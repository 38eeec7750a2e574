//! Proves a lesson against the rules: every move legal where it is played,
//! every exercise's accepted moves legal (and the rest of the lesson sound
//! after each of them), every cell named on the board, every `expect` true;
//! and every caption up long enough to be read.

use std::fmt;

use super::lesson::{Lesson, READING_PACE, Step, reading_seconds};
use super::script::Frame;
use crate::rules::view::HintKind;

/// What is wrong with a lesson, and at which step (1-based; 0 for the
/// lesson as a whole).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    pub step: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "step {}: {}", self.step, self.message)
        }
    }
}

fn whole(message: impl Into<String>) -> Problem {
    Problem {
        step: 0,
        message: message.into(),
    }
}

/// Checks the lesson's own fields, then plays it through.
pub fn check(lesson: &Lesson) -> Result<(), Problem> {
    let id_ok = !lesson.id.is_empty()
        && lesson
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(whole(format!(
            "the id '{}' must be lower-case letters, digits and '-'",
            lesson.id
        )));
    }
    if lesson.title.trim().is_empty() || lesson.goal.trim().is_empty() {
        return Err(whole("a lesson needs a title and a goal"));
    }
    if !lesson
        .steps
        .iter()
        .any(|s| matches!(s, Step::Caption { .. }))
    {
        return Err(whole("a lesson needs at least one caption"));
    }
    let kinds: Vec<&str> = HintKind::ALL.iter().map(|k| k.id()).collect();
    if let Some(topic) = lesson.topics.iter().find(|t| !kinds.contains(&t.as_str())) {
        return Err(whole(format!(
            "unknown topic '{topic}' (known: {})",
            kinds.join(", ")
        )));
    }
    readable(lesson)?;
    let frame = Frame::start(lesson).map_err(whole)?;
    walk(frame, &lesson.steps, 0)
}

/// Every caption is up for at least the time its words take to read at
/// [`READING_PACE`].
fn readable(lesson: &Lesson) -> Result<(), Problem> {
    for (i, step) in lesson.steps.iter().enumerate() {
        let Step::Caption { text, .. } = step else {
            continue;
        };
        let seconds = step.seconds();
        let characters = text.chars().count();
        if characters as f32 > seconds * READING_PACE {
            return Err(Problem {
                step: i + 1,
                message: format!(
                    "the caption's {characters} characters need {} seconds at {READING_PACE} \
                     a second, not {seconds}",
                    reading_seconds(text)
                ),
            });
        }
    }
    Ok(())
}

/// Plays `steps` (the first is step `offset + 1`) from `frame`; an
/// exercise branches into each accepted move.
fn walk(mut frame: Frame, steps: &[Step], offset: usize) -> Result<(), Problem> {
    for (i, step) in steps.iter().enumerate() {
        let number = offset + i + 1;
        let at = |message: String| Problem {
            step: number,
            message,
        };
        if let Step::Exercise(exercise) = step {
            if exercise.accept.is_empty() {
                return Err(at("an exercise accepts no move".into()));
            }
            for (k, answer) in exercise.accept.iter().enumerate() {
                if exercise.accept[..k].contains(answer) {
                    return Err(at(format!("'{answer}' is accepted twice")));
                }
                let mut branch = frame.clone();
                branch.apply(step, Some(answer)).map_err(at)?;
                walk(branch, &steps[i + 1..], number)?;
            }
            return Ok(());
        }
        frame.apply(step, None).map_err(at)?;
    }
    Ok(())
}
