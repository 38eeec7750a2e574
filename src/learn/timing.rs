//! A lesson's timeline at a frame rate: the frame at which each of its
//! cues falls when it is played at its own pace, as the window's lesson
//! player plays it. A recording drives the player with these cues, so the
//! lesson plays by the recording's frame clock instead of the wall clock.
//!
//! The player's pace: after a short lead-in, each step that takes no time
//! (marks, arrows, a clear, an `expect`) comes at once with the next step
//! that takes time (a caption, a move, a camera shot, a pause), and that
//! step's seconds pass before the next such group. An exercise opens, its
//! prompt up, when the step before it has had its seconds, and waits for
//! the player; in a recording the player thinks for [`THINK_SECONDS`], or
//! longer when the prompt needs longer to be read (picking up the man to
//! move [`PICK_SECONDS`] in, which shows where he may go and what the
//! rules say of it), then plays the scripted answer (the first accepted
//! move), the lesson's reply follows [`REPLY_SECONDS`] later, and the
//! exercise's own seconds run from the answer. The lesson is complete when
//! its last step has had its seconds.

use super::lesson::{Lesson, Step, reading_seconds};

/// Seconds before a lesson's first step, as the player waits on opening.
pub const LEAD_IN_SECONDS: f32 = 0.5;
/// Seconds a recording's player looks at an exercise before answering, at
/// the least.
pub const THINK_SECONDS: f32 = 2.5;
/// Seconds into that thought at which the answer's man is picked up.
pub const PICK_SECONDS: f32 = 1.0;
/// Seconds between a right answer and the lesson's reply: the answer's
/// man arrives before the other side moves.
pub const REPLY_SECONDS: f32 = 0.9;

/// What happens at a cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The lesson plays on until this many steps are done (stopping short
    /// at an exercise).
    Through(usize),
    /// The exercise that comes next opens: its prompt is up.
    Open,
    /// The man of the scripted answer is picked up (selected, as a click
    /// on him would).
    Pick,
    /// The exercise waiting now is answered with its scripted answer.
    Answer,
    /// The reply to the answer is played.
    Reply,
    /// The last step has had its time: the lesson is complete.
    End,
}

/// A cue and the frame it falls on (0 is the lesson's first frame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedCue {
    pub frame: u64,
    pub cue: Cue,
}

/// Every cue of a lesson at one frame rate, and the frames it lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonTiming {
    pub cues: Vec<TimedCue>,
    /// Frames from the lesson's start through the one that completes it.
    pub frames: u64,
}

impl LessonTiming {
    /// The lesson's cues at `fps` frames a second.
    pub fn new(lesson: &Lesson, fps: u32) -> LessonTiming {
        let frames_of = |seconds: f32| ((seconds as f64 * fps as f64).round() as u64).max(1);
        let steps = &lesson.steps;
        let mut cues = Vec::new();
        let mut at = frames_of(LEAD_IN_SECONDS);
        let mut done = 0;
        while done < steps.len() {
            if let Step::Exercise(exercise) = &steps[done] {
                let think = frames_of(THINK_SECONDS.max(reading_seconds(&exercise.prompt)));
                let answer = at + think;
                cues.push(TimedCue {
                    frame: at,
                    cue: Cue::Open,
                });
                cues.push(TimedCue {
                    frame: at + frames_of(PICK_SECONDS).min(think - 1),
                    cue: Cue::Pick,
                });
                cues.push(TimedCue {
                    frame: answer,
                    cue: Cue::Answer,
                });
                if exercise.reply.is_some() {
                    cues.push(TimedCue {
                        frame: answer + frames_of(REPLY_SECONDS),
                        cue: Cue::Reply,
                    });
                }
                done += 1;
                at = answer + frames_of(steps[done - 1].seconds());
                continue;
            }
            let (through, seconds) = group_end(steps, done);
            cues.push(TimedCue {
                frame: at,
                cue: Cue::Through(through),
            });
            done = through;
            if seconds > 0.0 {
                at += frames_of(seconds);
            }
        }
        cues.push(TimedCue {
            frame: at,
            cue: Cue::End,
        });
        LessonTiming {
            cues,
            frames: at + 1,
        }
    }

    /// The cues that fall on `frame`.
    pub fn at(&self, frame: u64) -> impl Iterator<Item = Cue> + '_ {
        self.cues
            .iter()
            .filter(move |c| c.frame == frame)
            .map(|c| c.cue)
    }

    /// The first frame at which `steps` steps are done, if any is.
    pub fn frame_done(&self, steps: usize) -> Option<u64> {
        if steps == 0 {
            return Some(0);
        }
        let mut done = 0;
        for cue in &self.cues {
            done = match cue.cue {
                Cue::Through(n) => n,
                Cue::Answer => done + 1,
                Cue::Open | Cue::Pick | Cue::Reply | Cue::End => done,
            };
            if done >= steps {
                return Some(cue.frame);
            }
        }
        None
    }
}

/// From step `from` (no exercise), the steps played together: those that
/// take no time, up to and with the first that does, stopping before an
/// exercise. Returns where the group ends and the seconds its last step
/// takes (0 when it stopped at an exercise or at the lesson's end).
fn group_end(steps: &[Step], from: usize) -> (usize, f32) {
    let mut end = from;
    while end < steps.len() && !matches!(steps[end], Step::Exercise(_)) {
        end += 1;
        let seconds = steps[end - 1].seconds();
        if seconds > 0.0 {
            return (end, seconds);
        }
    }
    (end, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::lesson::{Exercise, Shot};

    fn lesson(steps: Vec<Step>) -> Lesson {
        Lesson {
            id: "t".into(),
            title: "T".into(),
            goal: "G".into(),
            variant: "flaxman".into(),
            pawn: None,
            promotion: None,
            topics: Vec::new(),
            position: None,
            steps,
        }
    }

    fn caption(seconds: f32) -> Step {
        Step::Caption {
            text: "c".into(),
            seconds: Some(seconds),
        }
    }

    fn exercise(reply: bool) -> Step {
        Step::Exercise(Exercise {
            prompt: "p".into(),
            accept: vec!["a".into()],
            right: "r".into(),
            wrong: "w".into(),
            reply: reply.then(|| "b".into()),
        })
    }

    #[test]
    fn steps_that_take_no_time_come_with_the_next_that_does() {
        let steps = vec![
            Step::Camera {
                shot: Shot::TopDown,
                cell: None,
            },
            Step::Clear,
            caption(3.0),
            Step::Clear,
            Step::Pause { seconds: 2.0 },
        ];
        let timing = LessonTiming::new(&lesson(steps), 10);
        let cues: Vec<(u64, Cue)> = timing.cues.iter().map(|c| (c.frame, c.cue)).collect();
        // Lead-in 0.5 s, the camera's second, the caption's three seconds;
        // the pause's two seconds end it.
        assert_eq!(
            cues,
            vec![
                (5, Cue::Through(1)),
                (15, Cue::Through(3)),
                (45, Cue::Through(5)),
                (65, Cue::End)
            ]
        );
        assert_eq!(timing.frames, 66, "through the frame that completes it");
        assert_eq!(timing.at(15).collect::<Vec<_>>(), vec![Cue::Through(3)]);
        assert_eq!(timing.at(16).count(), 0);
    }

    #[test]
    fn an_exercise_is_answered_after_thinking_and_replied_to_later() {
        let steps = vec![caption(2.0), Step::Clear, exercise(true), caption(1.0)];
        let l = lesson(steps);
        let timing = LessonTiming::new(&l, 4);
        let cues: Vec<(u64, Cue)> = timing.cues.iter().map(|c| (c.frame, c.cue)).collect();
        // 0.5 s lead-in (2 frames); the caption's 2 s (8); the clear comes
        // with the exercise's opening, when the caption has had its time;
        // 2.5 s of thought (10), the man picked up after one (4); the reply
        // 0.9 s after the answer (4); the exercise's 3 s from the answer;
        // the last caption's second.
        assert_eq!(
            cues,
            vec![
                (2, Cue::Through(1)),
                (10, Cue::Through(2)),
                (10, Cue::Open),
                (14, Cue::Pick),
                (20, Cue::Answer),
                (24, Cue::Reply),
                (32, Cue::Through(4)),
                (36, Cue::End),
            ]
        );
        assert_eq!(timing.frames, 37);
        assert_eq!(timing.frame_done(0), Some(0));
        assert_eq!(timing.frame_done(1), Some(2));
        assert_eq!(timing.frame_done(3), Some(20));
        assert_eq!(timing.frame_done(4), Some(32));
        assert_eq!(timing.frame_done(5), None);
    }

    #[test]
    fn a_long_prompt_is_up_long_enough_to_be_read() {
        let mut long = exercise(false);
        if let Step::Exercise(e) = &mut long {
            // 85 characters: five seconds at 17 a second.
            e.prompt = "p".repeat(85);
        }
        let timing = LessonTiming::new(&lesson(vec![long]), 10);
        let cues: Vec<(u64, Cue)> = timing.cues.iter().map(|c| (c.frame, c.cue)).collect();
        assert_eq!(
            cues,
            vec![
                (5, Cue::Open),
                (15, Cue::Pick),
                (55, Cue::Answer),
                (85, Cue::End)
            ]
        );
    }

    #[test]
    fn every_shipped_lesson_has_a_timeline_ending_after_its_last_cue() {
        let library = crate::learn::Library::shipped().expect("lessons");
        let mut count = 0;
        for lesson in library.playable() {
            let timing = LessonTiming::new(lesson, 30);
            let last = timing.cues.last().expect("a lesson has cues");
            assert!(timing.frames > last.frame, "{}", lesson.id);
            let all = timing.frame_done(lesson.steps.len());
            assert!(
                all.is_some_and(|frame| frame <= last.frame),
                "{}: every step is done by the last cue",
                lesson.id
            );
            count += 1;
        }
        assert!(count > 50, "the shipped lessons are timed: {count}");
    }
}
