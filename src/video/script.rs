//! What a recording shows, as plain data: segments (a title card, a start
//! position, timed moves with captions or a lesson played on its own
//! timeline, the final position held) and an end card; and the timeline
//! that maps every frame number to its beat. The frame count is a pure
//! function of the script and its pace.

use crate::learn::Lesson;
use crate::learn::lesson::READING_PACE;
use crate::learn::timing::LessonTiming;
use crate::rules::Side;
use crate::rules::session::Session;

/// Seconds a segment's title card stays up.
pub const TITLE_SECONDS: f64 = 2.0;
/// Seconds the final position of a segment is held, with its result.
pub const HOLD_SECONDS: f64 = 2.0;
/// Seconds of the closing card.
pub const END_SECONDS: f64 = 2.0;
/// At the pace a game was played (`record --real-time`): the longest a
/// move stays on screen before the next (a long think is cut short), and
/// the shortest (time for the move's animation).
pub const REAL_TIME_CAP_SECONDS: f64 = 10.0;
pub const REAL_TIME_FLOOR_SECONDS: f64 = 0.5;

/// A full-screen card: a heading and a few lines under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub heading: String,
    pub lines: Vec<String>,
}

impl Card {
    /// Seconds the card stays up: at least `least`, and long enough to
    /// read every word of it at the reading pace.
    pub fn seconds(&self, least: f64) -> f64 {
        let chars = self.heading.chars().count()
            + self.lines.iter().map(|l| l.chars().count()).sum::<usize>();
        least.max(chars as f64 / f64::from(READING_PACE))
    }
}

/// One move of a segment and the caption shown while it plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The move in the game's notation.
    pub text: String,
    pub caption: String,
    /// Seconds the move stays on screen; None: the pace's seconds per move.
    pub seconds: Option<f64>,
}

/// One game (or lesson) of a recording.
pub struct Segment {
    pub title: Card,
    /// Where the segment starts; its moves are played from here.
    pub start: Box<dyn Session>,
    pub steps: Vec<Step>,
    /// Shown while the final position is held: the result, or where the
    /// game stands.
    pub closing: String,
    /// A lesson played by the window's lesson player on its own timeline
    /// (then `steps` is empty).
    pub lesson: Option<Lesson>,
    /// The side the view sits behind for the whole segment (a puzzle's
    /// solver); None: the window's own choice, turning as it would in play.
    pub seat: Option<Side>,
}

impl Segment {
    /// A segment playing `moves` from `start`, captioned with their number
    /// and notation. A move that does not play is an error naming it.
    pub fn replay(
        title: Card,
        start: Box<dyn Session>,
        moves: &[String],
    ) -> Result<Segment, String> {
        let mut game = start.clone_box();
        let sides = game.side_count().max(1) as usize;
        let first_ply = game.ply_count();
        let mut steps = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let side = game.side_to_move();
            game.play(text)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            let number = (first_ply + i) / sides + 1;
            steps.push(Step {
                text: text.clone(),
                caption: format!("{number}. {}  {text}", side.name()),
                seconds: None,
            });
        }
        let closing = match game.outcome() {
            Some(outcome) => format!("{outcome}"),
            None if steps.is_empty() => "The position".to_string(),
            None => format!(
                "After {} move{}: {} to move",
                steps.len(),
                if steps.len() == 1 { "" } else { "s" },
                game.side_to_move().name()
            ),
        };
        Ok(Segment {
            title,
            start,
            steps,
            closing,
            lesson: None,
            seat: None,
        })
    }

    /// The segment at the pace its game was played, from the milliseconds
    /// each move took (by move, None where not known): each move stays on
    /// screen as long as the next move took to come, within
    /// [`REAL_TIME_FLOOR_SECONDS`] and [`REAL_TIME_CAP_SECONDS`]. The last
    /// move, and one whose successor's time is not known, keep the pace's
    /// seconds per move; the title card leads straight into the first move.
    pub fn at_real_pace(mut self, move_ms: &[Option<u64>]) -> Segment {
        for (i, step) in self.steps.iter_mut().enumerate() {
            step.seconds = move_ms.get(i + 1).copied().flatten().map(|ms| {
                (ms as f64 / 1000.0).clamp(REAL_TIME_FLOOR_SECONDS, REAL_TIME_CAP_SECONDS)
            });
        }
        self
    }
}

/// A whole recording.
pub struct Script {
    pub segments: Vec<Segment>,
    pub end: Card,
}

/// How fast the recording runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    pub fps: u32,
    pub seconds_per_move: f64,
}

impl Pace {
    /// Whole frames for a span of seconds; at least one.
    pub fn frames(&self, seconds: f64) -> u64 {
        ((seconds * self.fps as f64).round() as u64).max(1)
    }
}

/// What a frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beat {
    /// Segment `0`'s title card.
    Title(usize),
    /// Segment `0`, its move `1` playing.
    Move(usize, usize),
    /// Segment `0`'s lesson playing.
    Lesson(usize),
    /// Segment `0`'s last position, held.
    Hold(usize),
    End,
}

/// A beat and the frames it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub first: u64,
    pub frames: u64,
    pub beat: Beat,
}

/// Every beat of a script in order, with its frames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    pub spans: Vec<Span>,
    /// Each segment's lesson timeline, for the segments that are lessons.
    pub lessons: Vec<Option<LessonTiming>>,
}

impl Timeline {
    pub fn new(script: &Script, pace: Pace) -> Timeline {
        let mut spans = Vec::new();
        let mut first = 0;
        let mut push = |beat: Beat, frames: u64| {
            spans.push(Span {
                first,
                frames,
                beat,
            });
            first += frames;
        };
        let lessons: Vec<Option<LessonTiming>> = script
            .segments
            .iter()
            .map(|s| s.lesson.as_ref().map(|l| LessonTiming::new(l, pace.fps)))
            .collect();
        for (s, segment) in script.segments.iter().enumerate() {
            push(
                Beat::Title(s),
                pace.frames(segment.title.seconds(TITLE_SECONDS)),
            );
            for (m, step) in segment.steps.iter().enumerate() {
                let seconds = step.seconds.unwrap_or(pace.seconds_per_move);
                push(Beat::Move(s, m), pace.frames(seconds));
            }
            if let Some(timing) = &lessons[s] {
                push(Beat::Lesson(s), timing.frames);
            }
            push(Beat::Hold(s), pace.frames(HOLD_SECONDS));
        }
        push(Beat::End, pace.frames(script.end.seconds(END_SECONDS)));
        Timeline { spans, lessons }
    }

    /// The number of frames of the whole recording.
    pub fn total(&self) -> u64 {
        self.spans.last().map_or(0, |s| s.first + s.frames)
    }

    /// The span frame `frame` belongs to, and how far into it it is.
    pub fn at(&self, frame: u64) -> Option<(Span, u64)> {
        let i = self.spans.partition_point(|s| s.first + s.frames <= frame);
        self.spans.get(i).map(|s| (*s, frame - s.first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::DrawRules;
    use crate::rules::session::new_session;
    use crate::rules::variant::Variant;

    #[test]
    fn the_timeline_counts_title_moves_hold_and_end() {
        let variant = Variant::implemented()[0];
        let start = new_session(variant, DrawRules::default(), None).expect("a game");
        let first = start.legal_moves()[0].text.clone();
        let card = Card {
            heading: "A".into(),
            lines: Vec::new(),
        };
        let segment = Segment::replay(card.clone(), start, &[first]).expect("plays");
        let script = Script {
            segments: vec![segment],
            end: card,
        };
        let pace = Pace {
            fps: 10,
            seconds_per_move: 1.5,
        };
        let timeline = Timeline::new(&script, pace);
        assert_eq!(timeline.total(), 20 + 15 + 20 + 20);
        assert_eq!(
            timeline.at(0).map(|(s, o)| (s.beat, o)),
            Some((Beat::Title(0), 0))
        );
        assert_eq!(
            timeline.at(34).map(|(s, o)| (s.beat, o)),
            Some((Beat::Move(0, 0), 14))
        );
        assert_eq!(
            timeline.at(35).map(|(s, o)| (s.beat, o)),
            Some((Beat::Hold(0), 0))
        );
        assert_eq!(timeline.at(74).map(|(s, _)| s.beat), Some(Beat::End));
        assert_eq!(timeline.at(75), None);
    }

    #[test]
    fn a_lesson_lasts_its_own_timeline_between_title_and_hold() {
        let library = crate::learn::Library::shipped().expect("lessons");
        let lesson = library
            .find("tapestry-loom-light")
            .expect("the lesson")
            .clone();
        let start = crate::learn::Frame::start(&lesson).expect("starts").session;
        let card = Card {
            heading: lesson.title.clone(),
            lines: Vec::new(),
        };
        let script = Script {
            segments: vec![Segment {
                title: card.clone(),
                start,
                steps: Vec::new(),
                closing: String::new(),
                lesson: Some(lesson.clone()),
                seat: None,
            }],
            end: card,
        };
        let pace = Pace {
            fps: 4,
            seconds_per_move: 1.0,
        };
        let timeline = Timeline::new(&script, pace);
        let frames = LessonTiming::new(&lesson, 4).frames;
        assert_eq!(timeline.total(), 8 + frames + 8 + 8);
        let beat = |frame| timeline.at(frame).map(|(s, o)| (s.beat, o));
        assert_eq!(beat(8), Some((Beat::Lesson(0), 0)));
        assert_eq!(beat(8 + frames - 1), Some((Beat::Lesson(0), frames - 1)));
        assert_eq!(beat(8 + frames), Some((Beat::Hold(0), 0)));
        assert_eq!(timeline.lessons, vec![Some(LessonTiming::new(&lesson, 4))]);
    }

    #[test]
    fn at_real_pace_each_move_waits_for_the_next_within_the_cap_and_floor() {
        let variant = Variant::implemented()[0];
        let start = new_session(variant, DrawRules::default(), None).expect("a game");
        let mut game = start.clone_box();
        let mut moves = Vec::new();
        for _ in 0..5 {
            let text = game.legal_moves()[0].text.clone();
            game.play(&text).expect("plays");
            moves.push(text);
        }
        let card = Card {
            heading: "A".into(),
            lines: Vec::new(),
        };
        let times = [Some(900), Some(3_000), Some(60_000), Some(100), None];
        let segment = Segment::replay(card.clone(), start, &moves)
            .expect("plays")
            .at_real_pace(&times);
        let seconds: Vec<Option<f64>> = segment.steps.iter().map(|s| s.seconds).collect();
        assert_eq!(
            seconds,
            vec![Some(3.0), Some(10.0), Some(0.5), None, None],
            "the next move's time, capped at 10 s and at least 0.5 s"
        );
        let script = Script {
            segments: vec![segment],
            end: card,
        };
        let pace = Pace {
            fps: 10,
            seconds_per_move: 1.5,
        };
        let total = Timeline::new(&script, pace).total();
        assert_eq!(total, 20 + (30 + 100 + 5 + 15 + 15) + 20 + 20);
    }
}
