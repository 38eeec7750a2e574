//! The lesson player in one headless world, as a player meets it: an
//! exercise's prompt comes with its exercise, the lesson is complete only
//! after its last step's time, the step buttons and a screenshot's step
//! stop where the lesson's video does, and lessons opened one after another
//! after a game against the computer, on a clock, each take their answer.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use crate::app::click_move;
use crate::learn::video_states;
use variantarium::app::{
    ClockChoice, ClockMode, CorePlugin, Engine, Feedback, LessonControl, LessonCue, LessonHints,
    LessonLibrary, LessonPlayer, LessonProgress, LessonRequested, Match, NewGameRequested,
    PacedFromOutside, Players, Screen, Thinking, frame_hints,
};
use variantarium::engine::Level;
use variantarium::learn::timing::{LEAD_IN_SECONDS, LessonTiming};
use variantarium::learn::{Exercise, Frame, Lesson, Library, Step};
use variantarium::rules::history::DrawRules;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::{Variant, VariantId};

fn library() -> Library {
    Library::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lessons"))
        .expect("the lessons load")
}

fn lesson(id: &str) -> Lesson {
    library().find(id).expect("the lesson").clone()
}

/// The window's core on a headless world whose clocks move `step` a frame
/// (a recording's world when `paced`).
fn world(step: Duration, paced: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
    app.insert_resource(LessonLibrary(library()));
    if paced {
        app.insert_resource(PacedFromOutside);
    }
    app.update();
    // The player's own progress file is not touched.
    app.world_mut().resource_mut::<LessonProgress>().path = None;
    app
}

fn player(app: &App) -> &LessonPlayer {
    app.world().resource::<LessonPlayer>()
}

fn open(app: &mut App, id: &str, step: Option<usize>) {
    app.world_mut().write_message(LessonRequested {
        id: id.into(),
        step,
    });
    app.update();
}

fn first_exercise(lesson: &Lesson) -> (usize, Exercise) {
    lesson
        .steps
        .iter()
        .enumerate()
        .find_map(|(i, s)| match s {
            Step::Exercise(e) => Some((i, e.clone())),
            _ => None,
        })
        .expect("an exercise")
}

/// Lessons whose exercise follows a caption.
const PROMPTED: [&str; 3] = ["hexagonal-finch", "flaxman-freeing", "tapestry-winning"];

/// The exercise's prompt shows from the moment the step before it has had
/// its seconds, not while that step's caption is still being read: in the
/// window's own time, and in a recording's frames.
#[test]
fn the_prompt_appears_when_its_exercise_starts() {
    let frame_time = 0.0625;
    for id in PROMPTED {
        let lesson = lesson(id);
        let (at, _) = first_exercise(&lesson);
        let timed = || lesson.steps[..at].iter().map(Step::seconds);
        let start = LEAD_IN_SECONDS + timed().sum::<f32>();
        let mut app = world(Duration::from_secs_f32(frame_time), false);
        open(&mut app, id, None);
        let mut frames = 1;
        while player(&app).words().prompt.is_none() && frames < 2000 {
            app.update();
            frames += 1;
        }
        let shown = frames as f32 * frame_time;
        assert!(
            shown >= start - 0.01 && shown <= start + frame_time + 0.01,
            "{id}: the prompt shows at {shown:.2} s, its exercise starts at {start:.2} s"
        );

        // A recording: the prompt's first frame is the exercise's.
        let fps = 10;
        let frames_of = |s: f32| (s * fps as f32).round() as u64;
        let start = frames_of(LEAD_IN_SECONDS) + timed().map(frames_of).sum::<u64>();
        let timing = LessonTiming::new(&lesson, fps);
        let mut app = world(Duration::from_millis(100), true);
        open(&mut app, id, None);
        let first = (0..timing.frames).find(|&frame| {
            let cues: Vec<LessonCue> = timing.at(frame).map(LessonCue).collect();
            app.world_mut().write_message_batch(cues);
            app.update();
            player(&app).words().prompt.is_some()
        });
        assert_eq!(
            first,
            Some(start),
            "{id}: the recording's first frame with the prompt"
        );
    }
}

/// "Lesson complete." comes when the last step has had its seconds, and the
/// praise for the answer is gone once the lesson has moved on to a later
/// caption.
#[test]
fn the_lesson_completes_after_its_last_step_and_the_praise_does_not_linger() {
    let id = "hexagonal-three-player-elimination";
    let lesson = lesson(id);
    let (_, exercise) = first_exercise(&lesson);
    let last = lesson.steps.last().expect("a step").seconds();
    let frame_time = 0.125;
    let mut app = world(Duration::from_secs_f32(frame_time), false);
    open(&mut app, id, None);
    for _ in 0..2000 {
        if player(&app).awaiting_move() {
            break;
        }
        app.update();
    }
    let answered_under = player(&app).frame.caption.clone();
    click_move(&mut app, &exercise.accept[0]);
    assert_eq!(
        player(&app).feedback,
        Some(Feedback::Right(exercise.right.clone()))
    );
    let mut lingering = Vec::new();
    let (mut frame, mut finished_at, mut complete_at) = (0, None, None);
    while complete_at.is_none() && frame < 2000 {
        app.update();
        frame += 1;
        let player = player(&app);
        let words = player.words();
        if words.caption != answered_under.as_deref() && words.feedback.is_some() {
            lingering.push(words.caption.unwrap_or_default().to_string());
        }
        if player.finished() && finished_at.is_none() {
            finished_at = Some(frame);
        }
        if words.complete {
            complete_at = Some(frame);
        }
    }
    let finished_at = finished_at.expect("the last step comes");
    let waited = (complete_at.expect("the lesson completes") - finished_at) as f32 * frame_time;
    lingering.dedup();
    assert!(
        lingering.is_empty() && (waited - last).abs() <= frame_time + 0.01,
        "complete {waited:.1} s after the last step began (it lasts {last} s); \
         the praise stayed under {lingering:?}"
    );
}

/// What the world shows: the caption and the lesson's hints.
fn shown(app: &App) -> (Option<String>, Vec<variantarium::rules::view::Hint>) {
    (
        player(app).frame.caption.clone(),
        app.world().resource::<LessonHints>().0.clone(),
    )
}

/// What the lesson's video shows at the steps its panel counts as `count`.
fn in_video(
    lesson: &Lesson,
    count: usize,
) -> Vec<(Option<String>, Vec<variantarium::rules::view::Hint>)> {
    video_states(lesson)
        .into_iter()
        .filter(|&done| lesson.shown_steps(done) == count)
        .map(|done| {
            let frame = Frame::after(lesson, done).expect("the steps play");
            (frame.caption.clone(), frame_hints(&frame))
        })
        .collect()
}

/// `screenshot --lesson ID --step N` (a lesson opened after the steps the
/// panel counts as N) and the panel's step buttons show, at each step, the
/// caption, marks and arrows the lesson's video shows there.
#[test]
fn screenshot_steps_and_step_buttons_show_what_the_video_shows() {
    for id in ["chakra-transmitter", "hexagonal-finch"] {
        let lesson = lesson(id);
        let total = lesson.shown_steps(lesson.steps.len());
        let mut app = world(Duration::from_millis(100), false);
        for count in 0..=total {
            let through = lesson.steps_through(count).expect("a step");
            open(&mut app, id, Some(through));
            app.update();
            let video = in_video(&lesson, count);
            assert_eq!(
                Some(&shown(&app)),
                video.first(),
                "{id} --step {count}: the screenshot and the video"
            );
        }
        open(&mut app, id, Some(0));
        // Every step forward to the end, then back to the start: the board
        // always one of the video's at that step.
        let mut presses = 0;
        for (control, button, limit) in [
            (LessonControl::Forward, "⏩", 80),
            (LessonControl::Back, "⏪", 160),
        ] {
            let forward = matches!(control, LessonControl::Forward);
            while presses < limit
                && (if forward {
                    !player(&app).words().complete
                } else {
                    player(&app).frame.done > 0
                })
            {
                app.world_mut().write_message(control);
                app.update();
                app.update();
                presses += 1;
                let count = lesson.shown_steps(player(&app).frame.done);
                assert!(
                    in_video(&lesson, count).contains(&shown(&app)),
                    "{id}: after {presses} presses ({button}; step {count}) the board is not the video's"
                );
            }
        }
    }
}

/// While false, the test's engine holds its answer back.
static ANSWER: AtomicBool = AtomicBool::new(true);

/// The first legal move, once the test lets it go.
fn held_first_move(session: &dyn Session, _: Level, _: u64) -> Option<String> {
    for _ in 0..2000 {
        if ANSWER.load(Ordering::SeqCst) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    session.legal_moves().first().map(|m| m.text.clone())
}

fn flaxman() -> Box<dyn Session> {
    new_session(Variant::new(VariantId::Flaxman), DrawRules::default(), None).expect("a game")
}

/// Updates (waiting a little in real time) until the computer has played.
fn wait_for_the_computer(app: &mut App, plies: usize) {
    for _ in 0..1000 {
        if app.world().resource::<Match>().session.ply_count() >= plies {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    panic!("the computer did not move");
}

/// A game against the computer on a five-minute clock, then lessons of
/// every game opened one after another from the Learn list, in one world:
/// each lesson says nothing until the player moves, and takes its answer
/// however long the player thinks. Nothing of the game (the clock, a
/// search still running for the lesson's position) reaches a lesson.
#[test]
fn lessons_opened_after_a_game_each_take_their_answer() {
    let novice: Level = "1".parse().expect("a level");
    let mut app = world(Duration::from_millis(500), false);
    app.insert_resource(Engine {
        play: held_first_move,
        hint: |_| None,
    });
    app.world_mut().resource_mut::<ClockChoice>().mode = ClockMode::Blitz;
    // The person plays White against the computer.
    ANSWER.store(true, Ordering::SeqCst);
    app.world_mut().resource_mut::<Players>().0 = vec![None, Some(novice), None];
    app.world_mut()
        .write_message(NewGameRequested { session: flaxman() });
    app.update();
    for plies in [2, 4] {
        let first = app.world().resource::<Match>().session.legal_moves()[0]
            .text
            .clone();
        click_move(&mut app, &first);
        wait_for_the_computer(&mut app, plies);
    }
    // A new game with the computer as White; it is still thinking about
    // the opening position when the player goes to the Learn list.
    ANSWER.store(false, Ordering::SeqCst);
    app.world_mut().resource_mut::<Players>().0 = vec![None; 3];
    app.world_mut()
        .write_message(NewGameRequested { session: flaxman() });
    app.update();
    app.world_mut().resource_mut::<Players>().0 = vec![Some(novice), None, None];
    app.update();
    assert!(app.world().get_resource::<Thinking>().is_some());
    for screen in [Screen::Menu, Screen::Learn] {
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(screen);
        app.update();
    }
    for id in [
        "flaxman-jump-length",
        "tapestry-loom-step",
        "hexagonal-finch",
        "hexagonal-three-player-elimination",
        "chakra-transmitter",
    ] {
        let (_, exercise) = first_exercise(&lesson(id));
        open(&mut app, id, None);
        for _ in 0..400 {
            if player(&app).awaiting_move() {
                break;
            }
            app.update();
        }
        assert!(player(&app).awaiting_move(), "{id}: the exercise comes");
        // The search of the game before ends now, for this position.
        ANSWER.store(true, Ordering::SeqCst);
        for _ in 0..100 {
            std::thread::sleep(Duration::from_millis(5));
            app.update();
        }
        // Five minutes and a second of thought.
        for _ in 0..602 {
            app.update();
        }
        assert_eq!(
            player(&app).feedback,
            None,
            "{id}: the lesson speaks before the player moves"
        );
        let answer = &exercise.accept[0];
        let game = app.world().resource::<Match>();
        let legal = game.session.legal_moves();
        assert!(
            legal.iter().any(|m| &m.text == answer),
            "{id}: {answer} cannot be played: the game is at {:?}, moves {:?}, over: {:?}",
            game.session.position_text(),
            game.session.moves(),
            game.session.outcome().map(|o| o.reason.id()),
        );
        click_move(&mut app, answer);
        app.update();
        assert_eq!(
            player(&app).feedback,
            Some(Feedback::Right(exercise.right.clone())),
            "{id}: the answer {answer} is taken"
        );
        let game = app.world().resource::<Match>();
        assert!(
            game.session.moves().contains(answer),
            "{id}: {answer} is on the board"
        );
        app.world_mut().write_message(LessonControl::Leave);
        app.update();
        app.update();
    }
}

/// In the exercise after White's Loom step, a click on the Fate that may
/// not step back says why it cannot move, in the rules' words.
#[test]
fn a_click_on_a_man_that_cannot_move_says_why_in_a_lesson() {
    use variantarium::app::CellClicked;
    let mut app = world(Duration::from_millis(250), false);
    open(&mut app, "tapestry-loom-step", None);
    for _ in 0..400 {
        if player(&app).awaiting_move() {
            break;
        }
        app.update();
    }
    assert!(player(&app).awaiting_move(), "the exercise comes");
    let layout = app.world().resource::<Match>().session.layout();
    let cell = layout.cell_named("O").expect("the Loom's O");
    app.world_mut().write_message(CellClicked { cell });
    app.update();
    let notice = app.world().resource::<Match>().notice.clone();
    let notice = notice.expect("the click says why");
    assert!(
        notice.contains("Fate on O cannot move") && notice.contains("O-N"),
        "{notice}"
    );
    assert!(player(&app).awaiting_move(), "the exercise still waits");
}

/// A click on the board while the lesson shows a caption is answered: the
/// step wants no move, and the panel says how to go on, until it moves on.
#[test]
fn a_click_outside_an_exercise_says_the_step_wants_no_move() {
    use variantarium::app::CellClicked;
    use variantarium::app::learn::aside::LessonAside;
    let mut app = world(Duration::from_millis(250), false);
    open(&mut app, "hexagonal-finch", None);
    app.world_mut().write_message(LessonControl::PlayPause);
    app.update();
    assert!(!player(&app).playing && !player(&app).awaiting_move());
    let game = app.world().resource::<Match>();
    let before = game.session.position_text();
    let cell = game.session.legal_moves()[0].route.from;
    app.world_mut().write_message(CellClicked { cell });
    app.update();
    let line = app.world().resource::<LessonAside>().now(player(&app));
    let line = line.expect("the click is answered").to_string();
    assert!(
        line.contains("does not ask for a move") && line.contains("Play"),
        "{line}"
    );
    let game = app.world().resource::<Match>();
    assert_eq!(game.session.position_text(), before, "nothing moved");
    let done = player(&app).frame.done;
    app.world_mut().write_message(LessonControl::Forward);
    app.update();
    assert!(player(&app).frame.done > done, "the lesson steps on");
    let aside = app.world().resource::<LessonAside>();
    assert_eq!(aside.now(player(&app)), None, "the line goes with its step");
}
