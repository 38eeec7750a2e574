//! Learn mode without a window: every shipped lesson proved against the
//! rules, broken lesson files named with their step, the CLI's `learn`
//! contract, a lesson's frame after any step, and the progress file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::cli::variantarium;
use variantarium::learn::progress::Progress;
use variantarium::learn::{Frame, Library, MarkColour, Step, check};

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lessons")
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lessons")
}

#[test]
fn every_shipped_lesson_is_proved_against_the_rules() {
    let library = Library::load(&lessons_dir()).expect("the lessons folder reads");
    assert!(
        library.problems().is_empty(),
        "broken lessons:\n{}",
        library.problems().join("\n")
    );
    assert!(
        library.entries.len() >= 40,
        "{} lessons",
        library.entries.len()
    );
    let groups: BTreeSet<&str> = library.entries.iter().map(|e| e.group.as_str()).collect();
    assert_eq!(
        groups,
        BTreeSet::from(["chakra", "flaxman", "hexagonal", "tapestry"]),
        "one folder per game"
    );
    // Listed in the registry's order of the games, each folder in file order.
    assert_eq!(
        library.groups(),
        ["flaxman", "tapestry", "hexagonal", "chakra"]
    );
    let first: Vec<&str> = library.playable().take(2).map(|l| l.id.as_str()).collect();
    assert_eq!(first, ["flaxman-board", "flaxman-jump-length"]);
    assert_eq!(
        library
            .next_after("flaxman-no-move-draw")
            .map(|l| l.id.as_str()),
        Some("tapestry-colours-territories")
    );
    // Every lesson states what must be true and lets the player try.
    for lesson in library.playable() {
        let expects = lesson.steps.iter().any(|s| matches!(s, Step::Expect(_)));
        assert!(expects, "{} proves nothing", lesson.id);
    }
    let exercises = library
        .playable()
        .filter(|l| l.steps.iter().any(|s| matches!(s, Step::Exercise(_))))
        .count();
    assert!(exercises >= 35, "only {exercises} lessons have an exercise");
}

#[test]
fn a_lesson_that_drifts_from_the_rules_fails_naming_lesson_and_step() {
    let library = Library::load(&fixtures_dir()).expect("the fixtures read");
    let problems = library.problems();
    let illegal = problems
        .iter()
        .find(|p| p.contains("02-illegal-move.json"))
        .expect("the illegal move is found");
    assert!(illegal.contains("lesson fixture-illegal"), "{illegal}");
    assert!(illegal.contains("step 3"), "{illegal}");
    assert!(illegal.contains("c6-c5"), "{illegal}");
    let accept = problems
        .iter()
        .find(|p| p.contains("05-illegal-accept.json"))
        .expect("the illegal accepted move is found");
    assert!(
        accept.contains("step 2") && accept.contains("d1-d2"),
        "{accept}"
    );
    let unknown = problems
        .iter()
        .find(|p| p.contains("03-unknown-game.json"))
        .expect("the unknown game is found");
    assert!(unknown.contains("unknown variant 'checkers'"), "{unknown}");
    let unparsable = problems
        .iter()
        .find(|p| p.contains("04-unparsable.json"))
        .expect("the unparsable file is found");
    assert!(unparsable.contains("line 2"), "{unparsable}");
    // The sound lesson beside them still plays.
    assert_eq!(
        library
            .playable()
            .map(|l| l.id.as_str())
            .collect::<Vec<_>>(),
        ["fixture-good"]
    );
}

#[test]
fn the_checker_proves_expectations_and_branches_on_each_accepted_move() {
    let library = Library::load(&lessons_dir()).expect("the lessons folder reads");
    let mut lesson = library
        .find("flaxman-capture-prisoner")
        .expect("the lesson exists")
        .clone();
    assert_eq!(check(&lesson), Ok(()));
    // Claim the captured Soldier is still a Soldier: the checker says where.
    let at = lesson
        .steps
        .iter()
        .position(|s| matches!(s, Step::Expect(e) if !e.pieces.is_empty()))
        .expect("an expect step");
    if let Step::Expect(expect) = &mut lesson.steps[at] {
        expect.pieces[0].state = Some("normal".into());
    }
    let problem = check(&lesson).expect_err("a false claim fails");
    assert_eq!(problem.step, at + 1);
    assert!(problem.message.contains("on b1"), "{problem}");
    // An exercise whose second accepted move breaks a later step fails too.
    let mut lesson = library.find("flaxman-freeing").expect("exists").clone();
    assert_eq!(check(&lesson), Ok(()));
    lesson.steps.push(Step::Move {
        text: "f6-f3".into(),
        seconds: None,
    });
    let problem = check(&lesson).expect_err("f6-f3 is not legal after every answer");
    assert_eq!(problem.step, lesson.steps.len());
}

#[test]
fn an_expected_elimination_is_proved_as_status_words_it() {
    let library = Library::load(&lessons_dir()).expect("the lessons folder reads");
    let mut lesson = library
        .find("hexagonal-three-player-checkmate")
        .expect("the lesson exists")
        .clone();
    assert_eq!(check(&lesson), Ok(()));
    // After Black's forced pass Red eliminates him; claim White is out.
    let at = lesson
        .steps
        .iter()
        .position(|s| matches!(s, Step::Expect(e) if e.eliminated.as_deref() == Some(&["black".to_string()][..])))
        .expect("an expect step on the elimination");
    if let Step::Expect(expect) = &mut lesson.steps[at] {
        expect.eliminated = Some(vec!["white".into()]);
    }
    let problem = check(&lesson).expect_err("a false claim fails");
    assert_eq!(problem.step, at + 1);
    assert!(
        problem
            .message
            .contains("expected white out of the game, the game says black"),
        "{problem}"
    );
    if let Step::Expect(expect) = &mut lesson.steps[at] {
        expect.eliminated = Some(Vec::new());
    }
    let problem = check(&lesson).expect_err("nobody out is false too");
    assert!(problem.message.contains("expected nobody out"), "{problem}");
}

#[test]
fn learn_list_prints_id_variant_and_title() {
    let (code, out, err) = variantarium(&["learn", "--list"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 40, "{out}");
    assert!(lines.contains(&"flaxman-jump-length\tflaxman\tHow far a man jumps"));
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(
            fields[1]
                .parse::<variantarium::rules::variant::VariantId>()
                .is_ok()
        );
    }
}

#[test]
fn learn_check_passes_the_shipped_lessons_and_fails_the_fixtures() {
    let (code, out, err) = variantarium(&["learn", "--check"]);
    assert_eq!(code, 0, "{err}");
    let count = Library::load(&lessons_dir()).unwrap().entries.len();
    assert_eq!(out, format!("lessons {count} ok\n"));
    let dir = fixtures_dir();
    let (code, out, err) = variantarium(&["learn", "--check", "--dir", dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(
        out.contains("(lesson fixture-illegal) step 3: illegal move 'c6-c5'"),
        "{out}"
    );
    assert_eq!(err.trim(), "variantarium: 4 of 5 lessons failed");
    let (code, _, err) = variantarium(&["learn", "--check", "--dir", "/nonexistent/lessons"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot read the folder /nonexistent/lessons"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let (code, _, err) = variantarium(&["learn", "--lesson", "no-such-lesson"]);
    assert_eq!(code, 2);
    assert!(err.contains("no lesson 'no-such-lesson'"), "{err}");
}

#[test]
fn a_frame_after_some_steps_holds_the_marks_arrows_and_caption() {
    let library = Library::load(&lessons_dir()).unwrap();
    let lesson = library.find("flaxman-jump-length").unwrap();
    let frame = Frame::after(lesson, 5).expect("the steps play");
    let layout = frame.session.layout();
    assert_eq!(frame.marks.len(), 1);
    assert_eq!(frame.marks[0].cell, layout.cell_named("d1").unwrap());
    assert_eq!(frame.marks[0].colour, MarkColour::Focus);
    assert_eq!(frame.arrows.len(), 1);
    assert_eq!(frame.arrows[0].label.as_deref(), Some("3 apart"));
    assert_eq!(
        frame.caption.as_deref(),
        Some("The White King's companions are the Soldiers on b1 and e1: they are 3 points apart.")
    );
    // The whole lesson: the exercise answered with its scripted answer.
    let end = Frame::after(lesson, lesson.steps.len()).unwrap();
    assert_eq!(end.session.moves(), ["d1-a1"]);
    assert_eq!(end.done, lesson.steps.len());
}

#[test]
fn progress_is_kept_atomically_in_a_json_list() {
    let dir = std::env::temp_dir().join(format!("variantarium-learn-{}", std::process::id()));
    let path = dir.join("nested").join("learn.json");
    let mut progress = Progress::load(&path);
    assert!(progress.done.is_empty());
    progress.finish("flaxman-board", &path).expect("written");
    progress.finish("chakra-pass", &path).expect("written");
    let again = Progress::load(&path);
    assert_eq!(again, progress);
    let text = std::fs::read_to_string(&path).unwrap();
    let ids: Vec<String> = serde_json::from_str(&text).unwrap();
    assert_eq!(ids, ["chakra-pass", "flaxman-board"]);
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(left.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One lesson of each game driven to its end on `MinimalPlugins`: scripted
/// moves go through the game's messages, each exercise is first answered
/// wrong and then right by clicking cells as a player does.
#[cfg(feature = "app")]
mod ecs {
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;

    use super::lessons_dir;
    use variantarium::app::{
        CellClicked, CorePlugin, Feedback, LessonControl, LessonHints, LessonLibrary, LessonPlayer,
        LessonProgress, LessonRequested, Match, Overlays,
    };
    use variantarium::learn::{Exercise, Frame, Library, Step};

    fn settle(app: &mut App) {
        for _ in 0..4 {
            app.update();
        }
    }

    #[test]
    fn a_lesson_opened_from_the_learn_screen_leaves_the_autosaved_game_as_it_was() {
        use variantarium::app::{MoveRequested, NewGameRequested, Screen};
        use variantarium::rules::history::DrawRules;
        use variantarium::rules::session::new_session;
        use variantarium::rules::variant::Variant;
        let dir =
            std::env::temp_dir().join(format!("variantarium-ecs-autosave-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let autosave = dir.join("autosave.json");
        let mut app = crate::app::core_app_with_autosave(&autosave);
        app.insert_resource(LessonLibrary(Library::load(&lessons_dir()).unwrap()));
        app.world_mut().resource_mut::<LessonProgress>().path = Some(dir.join("learn.json"));
        let variant = Variant::parse("chakra", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("a game");
        app.world_mut().write_message(NewGameRequested { session });
        settle(&mut app);
        app.world_mut().write_message(MoveRequested {
            text: "e2-e4".into(),
        });
        settle(&mut app);
        let kept = std::fs::read_to_string(&autosave).expect("the autosave");
        assert!(kept.contains("e2-e4"), "{kept}");
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Learn);
        settle(&mut app);
        app.world_mut().write_message(LessonRequested {
            id: "flaxman-board".into(),
            step: None,
        });
        settle(&mut app);
        assert!(app.world().get_resource::<LessonPlayer>().is_some());
        app.world_mut().write_message(AppExit::Success);
        settle(&mut app);
        assert_eq!(
            std::fs::read_to_string(&autosave).expect("the autosave"),
            kept
        );
    }

    fn click_move(app: &mut App, text: &str) {
        crate::app::click_move(app, text);
        settle(app);
    }

    /// Plays a legal move the exercise does not accept (one with a route of
    /// its own, so that a click makes it), checks that the lesson says it is
    /// wrong, naming it, and takes it back; false when every such move is
    /// an answer.
    fn try_a_wrong_move(app: &mut App, id: &str, exercise: &Exercise) -> bool {
        let before = app.world().resource::<Match>().session.position_text();
        let legal = app.world().resource::<Match>().session.legal_moves();
        let route_of = |text: &str| legal.iter().find(|m| m.text == text).map(|m| m.route);
        let unique = |m: &&variantarium::rules::session::MoveInfo| {
            legal.iter().filter(|o| o.route == m.route).count() == 1
        };
        let wrong = legal
            .iter()
            .filter(unique)
            .find(|m| !exercise.accept.contains(&m.text))
            .map(|m| m.text.clone());
        let Some(wrong) = wrong else {
            return false;
        };
        click_move(app, &wrong);
        let player = app.world().resource::<LessonPlayer>();
        let Some(Feedback::Wrong(said)) = &player.feedback else {
            panic!("{id}: {wrong} gets no wrong answer: {:?}", player.feedback);
        };
        assert!(said.starts_with(&wrong), "{id}: names {wrong}: {said}");
        let from = route_of(&wrong).expect("legal").from;
        let answers_from_there = exercise
            .accept
            .iter()
            .any(|a| route_of(a).is_some_and(|r| r.from == from));
        assert_eq!(
            said.contains(&exercise.wrong),
            answers_from_there,
            "{id}: the lesson's own line only for its own man: {said}"
        );
        assert_eq!(
            app.world().resource::<Match>().session.position_text(),
            before,
            "{id}: the wrong move {wrong} is taken back"
        );
        true
    }

    fn drive(id: &str) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
        let library = Library::load(&lessons_dir()).unwrap();
        let lesson = library.find(id).unwrap().clone();
        app.insert_resource(LessonLibrary(library));
        app.update();
        let dir =
            std::env::temp_dir().join(format!("variantarium-ecs-{id}-{}", std::process::id()));
        let progress_file = dir.join("learn.json");
        app.world_mut().resource_mut::<LessonProgress>().path = Some(progress_file.clone());
        app.world_mut().write_message(LessonRequested {
            id: id.into(),
            step: None,
        });
        settle(&mut app);
        let (mut wrong_seen, mut right_seen, mut hints_seen) = (false, false, false);
        for _ in 0..200 {
            let player = app.world().resource::<LessonPlayer>();
            if player.complete {
                break;
            }
            hints_seen |= !app.world().resource::<LessonHints>().0.is_empty();
            if let (true, Some(Step::Exercise(exercise))) =
                (player.awaiting_move(), player.next_step().cloned())
            {
                wrong_seen |= try_a_wrong_move(&mut app, id, &exercise);
                let legal = app.world().resource::<Match>().session.legal_moves();
                assert!(legal.iter().any(|m| m.text == exercise.accept[0]));
                click_move(&mut app, &exercise.accept[0]);
                let player = app.world().resource::<LessonPlayer>();
                assert_eq!(
                    player.feedback,
                    Some(Feedback::Right(exercise.right.clone()))
                );
                right_seen = true;
            } else {
                app.world_mut().write_message(LessonControl::Forward);
                settle(&mut app);
            }
        }
        let player = app.world().resource::<LessonPlayer>();
        assert!(player.complete, "{id} ran to its end");
        assert!(
            wrong_seen && right_seen && hints_seen,
            "{id}: {wrong_seen} {right_seen} {hints_seen}"
        );
        // The game in the window is the lesson's game, move for move.
        let end = Frame::after(&lesson, lesson.steps.len()).unwrap();
        assert_eq!(
            app.world().resource::<Match>().session.moves(),
            end.session.moves()
        );
        assert_eq!(player.frame.session.moves(), end.session.moves());
        let kept = std::fs::read_to_string(&progress_file).expect("progress written");
        assert!(kept.contains(id), "{kept}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The lesson's prepared line speaks of a wrong move of the man the
    /// exercise is about; any other legal move is named and told it is not
    /// what is asked.
    #[test]
    fn a_wrong_answer_speaks_of_the_move_played() {
        for (id, wrong, not_said, said) in [
            (
                "tapestry-loom-step",
                "b5-b4",
                "O to N",
                "b5-b4 moves Black's Pawn: a legal move, but not what this exercise asks. \
                 Black to move: make a Loom step that is allowed.",
            ),
            (
                "hexagonal-finch",
                "",
                "Follow the curve",
                " moves White's General: a legal move, but not what this exercise asks.",
            ),
        ] {
            let mut app = App::new();
            app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
            let library = Library::load(&lessons_dir()).unwrap();
            app.insert_resource(LessonLibrary(library));
            app.update();
            app.world_mut().write_message(LessonRequested {
                id: id.into(),
                step: None,
            });
            settle(&mut app);
            for _ in 0..100 {
                if app.world().resource::<LessonPlayer>().awaiting_move() {
                    break;
                }
                app.world_mut().write_message(LessonControl::Forward);
                settle(&mut app);
            }
            // No move named: the first legal move of a man no answer moves.
            let wrong = match wrong {
                "" => {
                    let game = app.world().resource::<Match>();
                    let Some(Step::Exercise(exercise)) =
                        app.world().resource::<LessonPlayer>().next_step().cloned()
                    else {
                        panic!("{id}: an exercise");
                    };
                    let legal = game.session.legal_moves();
                    let starts: Vec<_> = legal
                        .iter()
                        .filter(|m| exercise.accept.contains(&m.text))
                        .map(|m| m.route.from)
                        .collect();
                    let other = legal.iter().find(|m| !starts.contains(&m.route.from));
                    other.expect("another man's move").text.clone()
                }
                named => named.to_string(),
            };
            click_move(&mut app, &wrong);
            let player = app.world().resource::<LessonPlayer>();
            let Some(Feedback::Wrong(text)) = &player.feedback else {
                panic!("{id}: no wrong answer for {wrong}: {:?}", player.feedback);
            };
            assert!(!text.contains(not_said), "{id}: {text}");
            assert!(text.starts_with(&wrong), "{id}: names the move: {text}");
            assert!(text.contains(said), "{id}: {text}");
        }
    }

    #[test]
    fn one_lesson_of_each_game_plays_to_its_end() {
        for id in [
            "flaxman-pythagorean-leap",
            "tapestry-pawns-under-loom",
            "hexagonal-double-step-en-passant",
            "chakra-transmitter",
        ] {
            drive(id);
        }
    }

    #[test]
    fn lesson_marks_join_the_overlays() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
        app.insert_resource(LessonLibrary(Library::load(&lessons_dir()).unwrap()));
        app.update();
        app.world_mut().resource_mut::<LessonProgress>().path = None;
        app.world_mut().write_message(LessonRequested {
            id: "flaxman-jump-length".into(),
            step: Some(5),
        });
        settle(&mut app);
        let hints = app.world().resource::<LessonHints>().0.clone();
        assert_eq!(hints.len(), 2, "{hints:?}");
        let overlays = &app.world().resource::<Overlays>().0;
        assert!(hints.iter().all(|h| overlays.contains(h)), "{overlays:?}");
        // A click outside an exercise moves nothing.
        let before = app.world().resource::<Match>().session.position_text();
        let layout = app.world().resource::<Match>().layout.clone();
        for name in ["d1", "d4"] {
            let cell = layout.cell_named(name).unwrap();
            app.world_mut().write_message(CellClicked { cell });
            app.update();
        }
        settle(&mut app);
        assert_eq!(
            app.world().resource::<Match>().session.position_text(),
            before
        );
    }
}

#[test]
fn show_me_offers_the_lessons_of_the_game_being_played() {
    use variantarium::rules::variant::VariantId;
    let library = Library::load(&lessons_dir()).unwrap();
    let of = |id: &str| -> Vec<String> {
        let id: VariantId = id.parse().unwrap();
        library
            .for_game(id)
            .into_iter()
            .map(|l| l.id.clone())
            .collect()
    };
    let flaxman = of("flaxman");
    assert!(!flaxman.is_empty());
    assert!(
        flaxman.iter().all(|id| id.starts_with("flaxman-")),
        "{flaxman:?}"
    );
    // The hex family shares its board, pieces and pawns.
    let hex = of("aj-mccooey-3p");
    assert!(hex.contains(&"hexagonal-finch".to_string()), "{hex:?}");
    assert!(hex.iter().all(|id| id.starts_with("hexagonal-")), "{hex:?}");
    // Every topic names a kind of rule overlay.
    let mut lesson = library.find("chakra-pass").unwrap().clone();
    assert_eq!(lesson.topics, ["transmitter"]);
    lesson.topics.push("teleport".into());
    let problem = check(&lesson).expect_err("an unknown topic fails");
    assert!(
        problem.message.contains("unknown topic 'teleport'"),
        "{problem}"
    );
}

#[test]
fn the_readme_example_is_a_shipped_lesson_and_proves() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme
        .find("A complete example:\n\n```json\n")
        .expect("the README shows a complete lesson")
        + "A complete example:\n\n```json\n".len();
    let end = start + readme[start..].find("```").unwrap();
    let example: variantarium::learn::Lesson =
        serde_json::from_str(&readme[start..end]).expect("the example parses");
    assert_eq!(check(&example), Ok(()));
    let library = Library::load(&lessons_dir()).unwrap();
    assert_eq!(library.find(&example.id), Some(&example));
}

#[cfg(feature = "app")]
#[test]
fn screenshot_of_a_lesson_names_a_bad_lesson_or_step_before_any_window() {
    let out = std::env::temp_dir().join("variantarium-lesson-never-written.png");
    let out = out.to_str().unwrap();
    let (code, _, err) = variantarium(&["screenshot", "--lesson", "nope", "--out", out]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "variantarium: no lesson 'nope' (see `variantarium learn --list`)"
    );
    let (code, _, err) = variantarium(&[
        "screenshot",
        "--lesson",
        "chakra-pass",
        "--step",
        "99",
        "--out",
        out,
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--step 99: lesson 'chakra-pass' has 5 steps"),
        "{err}"
    );
    let (code, _, err) = variantarium(&["screenshot", "--step", "3", "--out", out]);
    assert_eq!(code, 2);
    assert!(err.contains("--lesson"), "{err}");
}

/// `--step N` counts steps as the lesson panel does: only those that take
/// time; marks, arrows and checks come with the step after them, so step N
/// has those that came with it and none of the next one's.
#[test]
fn screenshot_steps_are_counted_as_the_panel_counts_them() {
    let library = Library::shipped().expect("the lessons load");
    let lesson = library.find("chakra-pass").expect("the lesson");
    // camera, marks, arrow, caption, caption, expect, exercise, expect, caption
    assert_eq!(lesson.shown_steps(lesson.steps.len()), 5);
    let applied: Vec<Option<usize>> = (0..=6).map(|n| lesson.steps_through(n)).collect();
    assert_eq!(
        applied,
        [Some(0), Some(1), Some(4), Some(5), Some(7), Some(9), None]
    );
}

/// The steps done each time a recording's timeline moves the lesson on,
/// from its start: what the video shows, state by state.
pub fn video_states(lesson: &variantarium::learn::Lesson) -> Vec<usize> {
    use variantarium::learn::timing::{Cue, LessonTiming};
    let mut states = vec![0];
    let mut done = 0;
    for cue in LessonTiming::new(lesson, 10).cues {
        done = match cue.cue {
            Cue::Through(steps) => steps,
            Cue::Answer => done + 1,
            _ => done,
        };
        if states.last() != Some(&done) {
            states.push(done);
        }
    }
    states
}

/// `screenshot --lesson ID --step N` shows what the lesson's video shows
/// when its panel first counts step N: the same caption, marks and arrows,
/// for every step of every lesson.
#[test]
fn a_screenshot_step_shows_what_the_video_shows_at_that_step() {
    let library = Library::load(&lessons_dir()).expect("the lessons folder reads");
    let mut differ = Vec::new();
    for lesson in library.playable() {
        let states = video_states(lesson);
        for shown in 0..=lesson.shown_steps(lesson.steps.len()) {
            let in_video = states
                .iter()
                .find(|&&done| lesson.shown_steps(done) == shown)
                .unwrap_or_else(|| panic!("{}: the video reaches step {shown}", lesson.id));
            let video = Frame::after(lesson, *in_video).expect("the steps play");
            let through = lesson.steps_through(shown).expect("a step");
            let shot = Frame::after(lesson, through).expect("the steps play");
            if (&shot.caption, &shot.marks, &shot.arrows)
                != (&video.caption, &video.marks, &video.arrows)
            {
                differ.push(format!(
                    "{} --step {shown}: the screenshot has {} marks and {} arrows, the video {} and {}",
                    lesson.id,
                    shot.marks.len(),
                    shot.arrows.len(),
                    video.marks.len(),
                    video.arrows.len()
                ));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} steps differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Every caption, every exercise's praise and every prompt of a recording
/// is up long enough to read at 17 characters a second.
#[test]
fn every_lesson_reads_at_17_characters_a_second_or_slower() {
    use variantarium::learn::timing::{Cue, LessonTiming};
    let library = Library::load(&lessons_dir()).expect("the lessons folder reads");
    let lessons: Vec<_> = library
        .entries
        .iter()
        .filter_map(|e| e.lesson.as_ref())
        .collect();
    assert!(lessons.len() >= 58, "{} lessons", lessons.len());
    let fps = 10;
    let mut fast = Vec::new();
    let mut captions = 0;
    for lesson in lessons {
        let mut too_fast = |what: &str, text: &str, seconds: f32| {
            let pace = text.chars().count() as f32 / seconds;
            if pace > 17.0 {
                fast.push(format!(
                    "{}: {what} at {pace:.1} characters a second ({} in {seconds} s)",
                    lesson.id,
                    text.chars().count()
                ));
            }
        };
        let timing = LessonTiming::new(lesson, fps);
        // A recording's prompt is up from the exercise's start to its answer.
        let mut answers = timing.cues.iter().filter(|c| c.cue == Cue::Answer);
        for (i, step) in lesson.steps.iter().enumerate() {
            match step {
                Step::Caption { text, .. } => {
                    captions += 1;
                    too_fast(&format!("step {} caption", i + 1), text, step.seconds());
                }
                Step::Exercise(exercise) => {
                    too_fast(
                        &format!("step {} praise", i + 1),
                        &exercise.right,
                        step.seconds(),
                    );
                    let answer = answers.next().expect("an answer cue").frame;
                    // It starts when the step before it has had its time.
                    let before = i.checked_sub(1).map_or(0.0, |b| lesson.steps[b].seconds());
                    let start = timing.frame_done(i).expect("reached")
                        + (before * fps as f32).round() as u64;
                    let up = (answer - start) as f32 / fps as f32;
                    too_fast(&format!("step {} prompt", i + 1), &exercise.prompt, up);
                }
                _ => {}
            }
        }
    }
    assert!(captions >= 200, "{captions} captions");
    assert!(
        fast.is_empty(),
        "{} words read too fast:\n{}",
        fast.len(),
        fast.join("\n")
    );
}

/// A lesson's words need no glyph the font atlas lacks when they are first
/// drawn: opening a lesson lays out every character it writes beforehand,
/// so the frame that shows a caption adds nothing to the atlas (without
/// it, that frame would, and the renderer would draw the caption with
/// letters missing).
#[cfg(feature = "app")]
#[test]
fn a_lessons_glyphs_are_in_the_atlas_before_its_words_are_drawn() {
    use bevy_egui::egui;
    use variantarium::app::ui::glyphs::{lesson_characters, panel_characters, preload};
    use variantarium::learn::{Library, Step};
    let library = Library::load(&lessons_dir()).unwrap();
    let lesson = library.find("tapestry-loom-step").unwrap().clone();
    let words: Vec<String> = lesson
        .steps
        .iter()
        .filter_map(|step| match step {
            Step::Caption { text, .. } => Some(text.clone()),
            Step::Exercise(exercise) => Some(exercise.prompt.clone()),
            _ => None,
        })
        .chain([lesson.title.clone(), lesson.goal.clone()])
        .collect();
    assert!(words.len() > 3, "the lesson has words");
    // Draws each line in a frame of its own; true when a frame added glyphs.
    let frame_adds_glyphs = |ctx: &egui::Context, text: &str| {
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            ui.label(egui::RichText::new(text).size(17.0));
            ui.label(egui::RichText::new(text).heading());
            ui.label(egui::RichText::new(text).italics());
        });
        let added = !output.textures_delta.set.is_empty();
        // A renderer would upload them; here they are let go.
        output.textures_delta.clear();
        added
    };
    let cold = egui::Context::default();
    cold.run_ui(egui::RawInput::default(), |_| {})
        .textures_delta
        .clear();
    assert!(
        frame_adds_glyphs(&cold, &words[0]),
        "without the preload, a caption's first frame adds glyphs"
    );
    let warm = egui::Context::default();
    warm.run_ui(egui::RawInput::default(), |ui| {
        preload(ui.ctx(), &panel_characters(), &[17.0]);
        preload(ui.ctx(), &lesson_characters(&lesson), &[17.0]);
    })
    .textures_delta
    .clear();
    for text in &words {
        assert!(!frame_adds_glyphs(&warm, text), "'{text}' lacked glyphs");
    }
}
