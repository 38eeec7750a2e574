//! Learn mode without a window: every shipped lesson proved against the
//! rules, broken lesson files named with their step, the CLI's `learn`
//! contract, a lesson's frame after any step, and the progress file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use variantarium::learn::progress::Progress;
use variantarium::learn::{Frame, Library, MarkColour, Step, check};

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lessons")
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lessons")
}

fn variantarium(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_shipped_lesson_is_proved_against_the_rules() {
    let library = Library::load(&lessons_dir()).expect("the lessons folder reads");
    assert!(
        library.problems().is_empty(),
        "broken lessons:\n{}",
        library.problems().join("\n")
    );
    assert!(library.entries.len() >= 40, "{} lessons", library.entries.len());
    let groups: BTreeSet<&str> = library.entries.iter().map(|e| e.group.as_str()).collect();
    assert_eq!(
        groups,
        BTreeSet::from(["chakra", "flaxman", "hexagonal", "tapestry"]),
        "one folder per game"
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
    assert!(accept.contains("step 2") && accept.contains("d1-d2"), "{accept}");
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
        library.playable().map(|l| l.id.as_str()).collect::<Vec<_>>(),
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
fn learn_list_prints_id_variant_and_title() {
    let (code, out, err) = variantarium(&["learn", "--list"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 40, "{out}");
    assert!(lines.contains(&"flaxman-jump-length\tflaxman\tHow far a man jumps"));
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(fields[1].parse::<variantarium::rules::variant::VariantId>().is_ok());
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
    assert!(out.contains("(lesson fixture-illegal) step 3: illegal move 'c6-c5'"), "{out}");
    assert_eq!(err.trim(), "variantarium: 4 of 5 lessons failed");
    let (code, _, err) = variantarium(&["learn", "--check", "--dir", "/nonexistent/lessons"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the lessons folder /nonexistent/lessons"), "{err}");
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
