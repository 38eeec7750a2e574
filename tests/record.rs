//! Saved games and plain-text records: a save loads back to the same game,
//! and a bad file gives a clear message and loses nothing.

use std::fs;
use std::path::PathBuf;

use variantarium::record::{self, GameRecord, write_atomically};
use variantarium::rules::history::DrawRules;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::{Variant, VariantId};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-test-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

fn flaxman_game(moves: &[&str]) -> Box<dyn Session> {
    let rules = DrawRules {
        repetition: false,
        fifty_moves: true,
    };
    let mut game = new_session(Variant::new(VariantId::Flaxman), rules, None).unwrap();
    for m in moves {
        game.play(m).unwrap();
    }
    game
}

fn same_game(a: &dyn Session, b: &dyn Session) {
    assert_eq!(a.variant(), b.variant());
    assert_eq!(a.position_text(), b.position_text());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.draw_rules(), b.draw_rules());
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn save_and_load_restore_the_game_in_both_formats() {
    let mut game = flaxman_game(&["d1-a1", "e6-d6", "a1-a4", "d6-d5", "b1-b6"]);
    game.undo();
    for name in ["game.json", "game.txt"] {
        let path = scratch(name);
        record::save(game.as_ref(), &path).unwrap();
        let loaded = record::load(&path).unwrap();
        same_game(game.as_ref(), loaded.as_ref());
    }
    // The undone move survives a JSON save, so redo still works after load;
    // the plain-text record keeps only the moves played.
    let mut loaded = record::load(&scratch("game.json")).unwrap();
    assert_eq!(loaded.redo_moves(), ["b1-b6"]);
    assert!(
        record::load(&scratch("game.txt"))
            .unwrap()
            .redo_moves()
            .is_empty()
    );
    assert!(loaded.redo());
    assert_eq!(loaded.moves().len(), 5);
}

#[test]
fn the_text_export_is_pgn_like_and_reads_back() {
    let game = flaxman_game(&["d1-a1", "e6-d6", "a1-a4", "d6-d5", "b1-b6", "c6-a2"]);
    let text = GameRecord::of(game.as_ref()).to_text();
    assert!(text.contains("[Variant \"flaxman\"]"), "{text}");
    assert!(text.contains("[DrawRules \"fifty-moves\"]"), "{text}");
    assert!(
        text.contains("1. d1-a1 e6-d6 2. a1-a4 d6-d5 3. b1-b6 c6-a2 *"),
        "{text}"
    );
    let back = record::parse(&text).unwrap();
    same_game(game.as_ref(), back.as_ref());
    let with_comment = text.replace("2. a1-a4", "{a comment} 2. a1-a4");
    same_game(
        game.as_ref(),
        record::parse(&with_comment).unwrap().as_ref(),
    );
}

#[test]
fn a_game_from_a_position_keeps_its_start() {
    let start = "6/6/3s2/6/2k1s1/1S1PK1 w";
    let rules = DrawRules::default();
    let game = new_session(Variant::new(VariantId::Flaxman), rules, Some(start)).unwrap();
    let record = GameRecord::of(game.as_ref());
    assert_eq!(record.start.as_deref(), Some(start));
    assert_eq!(record.result, "0-1", "checkmated at the start");
    same_game(
        game.as_ref(),
        record::parse(&record.to_text()).unwrap().as_ref(),
    );
}

#[test]
fn bad_files_give_clear_messages() {
    let good = GameRecord::of(flaxman_game(&["d1-a1", "e6-d6"]).as_ref()).to_json();
    let cases = [
        (
            good[..good.len() / 2].to_string(),
            "not a readable saved game",
        ),
        (
            "hello".to_string(),
            "neither a saved game nor a game record",
        ),
        (
            good.replace("variantarium-game", "other-game"),
            "not a Variantarium game",
        ),
        (
            good.replace("flaxman", "checkers"),
            "unknown variant 'checkers'",
        ),
        ("[Result \"*\"]\n\n1. d1-a1 *".to_string(), "no [Variant"),
    ];
    for (text, needle) in cases {
        let err = record::parse(&text).err().expect("an error");
        assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    }
    let path = scratch("binary.sav");
    fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    assert!(
        record::load(&path)
            .err()
            .unwrap()
            .contains("not a text file")
    );
    let missing = record::load(&scratch("missing.json")).err().unwrap();
    assert!(missing.contains("cannot read"), "{missing}");
}

#[test]
fn a_failed_save_leaves_the_previous_file_intact() {
    let path = scratch("keep.json");
    let game = flaxman_game(&["d1-a1"]);
    record::save(game.as_ref(), &path).unwrap();
    let before = fs::read_to_string(&path).unwrap();
    // A directory where the temporary file should go makes the write fail.
    let blocker = scratch(&format!(".keep.json.{}.tmp", std::process::id()));
    fs::create_dir_all(&blocker).unwrap();
    let later = flaxman_game(&["d1-a1", "e6-d6"]);
    assert!(record::save(later.as_ref(), &path).is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), before);
    fs::remove_dir_all(&blocker).unwrap();
    write_atomically(&path, "new").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "new");
}

#[test]
fn a_record_whose_moves_stop_replaying_loads_up_to_the_last_legal_move() {
    let good = GameRecord::of(flaxman_game(&["d1-a1", "e6-d6", "a1-a4"]).as_ref()).to_json();
    let cases = [
        (
            good.replace("e6-d6", "e6-e1"),
            1,
            "move 2 of the record: illegal move 'e6-e1'",
        ),
        (
            "[Variant \"flaxman\"]\n\n1. d1-a1 zz *".to_string(),
            1,
            "move 2 of the record: malformed",
        ),
        (good.replace("d1-a1", "d1-d1"), 0, "move 1 of the record"),
    ];
    for (text, kept, needle) in cases {
        let loaded = record::read(&text).expect("the moves before it load");
        assert_eq!(loaded.session.moves().len(), kept, "{text}");
        let stopped = loaded.stopped.expect("says which move failed");
        assert!(
            stopped.contains(needle),
            "{stopped:?} should mention {needle:?}"
        );
        assert!(
            stopped.contains(&format!("{kept} moves before it")),
            "{stopped}"
        );
        // The strict replay refuses the same record.
        let record = GameRecord::from_json(&text).or_else(|_| GameRecord::from_text(&text));
        assert!(record.unwrap().replay().is_err());
    }
    // A taken-back move that no longer replays drops only the redo.
    let mut game = flaxman_game(&["d1-a1", "e6-d6", "a1-a4"]);
    game.undo();
    let mut record = GameRecord::of(game.as_ref());
    record.redo = vec!["a1-f6".into()];
    let loaded = record::read(&record.to_json()).unwrap();
    assert_eq!(loaded.session.moves(), ["d1-a1", "e6-d6"]);
    assert!(loaded.session.redo_moves().is_empty());
    assert!(
        loaded
            .stopped
            .unwrap()
            .contains("move 3 of the record (taken back)")
    );
    // The file's name leads the note when it is loaded from disk.
    let path = scratch("stops.json");
    fs::write(&path, good.replace("a1-a4", "a1-a5")).unwrap();
    let loaded = record::open(&path).unwrap();
    assert_eq!(loaded.session.moves().len(), 2);
    assert!(
        loaded
            .stopped
            .unwrap()
            .starts_with(&path.display().to_string())
    );
}

#[test]
fn saves_carry_a_version_newer_ones_are_named_older_ones_migrate() {
    let game = flaxman_game(&["d1-a1", "e6-d6"]);
    let json = GameRecord::of(game.as_ref()).to_json();
    assert!(
        json.contains(&format!("\"version\": {}", record::VERSION)),
        "{json}"
    );
    // Newer: the error names the version, even when the rest changed shape.
    let newer = json.replace(
        &format!("\"version\": {}", record::VERSION),
        "\"version\": 7",
    );
    let err = record::parse(&newer).err().unwrap();
    assert!(
        err.contains("format version 7") && err.contains("newer"),
        "{err}"
    );
    let reshaped = newer
        .replace("\"moves\": [", "\"moves\": {\"list\": [")
        .replace("],", "]},");
    let err = record::parse(&reshaped).err().unwrap();
    assert!(err.contains("format version 7"), "{err}");
    let huge = json.replace(
        &format!("\"version\": {}", record::VERSION),
        "\"version\": 1e30",
    );
    assert!(record::parse(&huge).err().unwrap().contains("newer"));
    for bad in ["0", "\"2\"", "1.5", "-1", "null"] {
        let text = json.replace(
            &format!("\"version\": {}", record::VERSION),
            &format!("\"version\": {bad}"),
        );
        let err = record::parse(&text).err().unwrap();
        assert!(err.contains("not a readable saved game"), "{bad}: {err}");
    }
    // Version 1, as the first release wrote it: no players, and it loads.
    let v1 = r#"{
  "format": "variantarium-game",
  "version": 1,
  "variant": "flaxman",
  "repetition_draws": false,
  "fifty_move_draws": true,
  "moves": [
    "d1-a1",
    "e6-d6"
  ],
  "result": "*"
}"#;
    let loaded = record::read(v1).expect("version 1 loads");
    same_game(loaded.session.as_ref(), game.as_ref());
    assert!(loaded.stopped.is_none());
    assert_eq!(loaded.players, None);
    let migrated = GameRecord::from_json(v1).unwrap();
    assert_eq!(migrated.version, record::VERSION);
    // Version 2 keeps who played.
    let level = "3".parse().unwrap();
    let with = GameRecord::of(game.as_ref()).with_players(&[None, Some(level)]);
    assert_eq!(with.players, ["human", "3"]);
    let loaded = record::read(&with.to_json()).unwrap();
    assert_eq!(loaded.players, Some(vec![None, Some(level)]));
}

#[test]
fn the_variant_tag_takes_the_id_or_the_title_in_any_case() {
    for (tag, id) in [
        ("chakra", VariantId::Chakra),
        ("Chakra", VariantId::Chakra),
        ("Tapestry Chess", VariantId::Tapestry),
        ("tapestry chess", VariantId::Tapestry),
        ("FLAXMAN", VariantId::Flaxman),
    ] {
        let text = format!("[Variant \"{tag}\"]\n\n*\n");
        let session = record::parse(&text).unwrap_or_else(|e| panic!("{tag}: {e}"));
        assert_eq!(session.variant().id, id, "{tag}");
    }
    let error = record::parse("[Variant \"Tapestry Draughts\"]\n\n*\n").map(|_| ());
    assert!(
        error
            .as_ref()
            .is_err_and(|e| e.contains("unknown variant 'Tapestry Draughts'")),
        "{error:?}"
    );
}

/// The move list is kept as moves are played, taken back and replayed (no
/// replay from the start): after any walk back and forth it is what the
/// game's moves say, and the moves to redo are the ones taken back.
#[test]
fn the_move_list_follows_undo_and_redo_in_every_game() {
    use variantarium::rules::random::Rng;
    let mut rng = Rng::new(12);
    for id in VariantId::ALL {
        let mut game = new_session(Variant::new(id), DrawRules::NONE, None).expect("a game");
        let mut played = Vec::new();
        for _ in 0..30 {
            let legal = game.legal_moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let text = legal[rng.below(legal.len())].text.clone();
            game.play(&text).expect("legal");
            played.push(text);
        }
        let back = rng.below(played.len() + 1);
        for _ in 0..back {
            assert!(game.undo());
        }
        let forward = rng.below(back + 1);
        for _ in 0..forward {
            assert!(game.redo());
        }
        let now = played.len() - back + forward;
        assert_eq!(game.ply_count(), now, "{id}");
        assert_eq!(game.moves(), played[..now], "{id}");
        assert_eq!(game.redo_moves(), played[now..], "{id}");
        // The list names the moves that lead to the position.
        let mut replay = new_session(Variant::new(id), DrawRules::NONE, None).expect("a game");
        for text in game.moves() {
            replay.play(&text).expect("the list replays");
        }
        assert_eq!(replay.position_text(), game.position_text(), "{id}");
    }
}

/// An Anglojewish game keeps its promotion option through a save in both
/// formats, with a curved rider's promotion among its moves; a save without
/// the option (as older builds wrote them) is a `curved` game.
#[test]
fn a_saved_game_keeps_its_promotion_option() {
    use variantarium::rules::variant::Promotion;
    let men = [("e8", 'F'), ("e9", 'b'), ("a1", 'G'), ("i5", 'g')];
    let start = crate::hexchess::text_of(
        variantarium::rules::geometry::hex::HexGrid::COMPACT,
        &men,
        'w',
        "-",
    );
    let variant = Variant::new(VariantId::AjCompact)
        .with_promotion(Some(Promotion::StraightCurved))
        .unwrap();
    let mut game = new_session(variant, DrawRules::default(), Some(&start)).unwrap();
    game.play("e8-e9=R").unwrap();
    let record = GameRecord::of(game.as_ref());
    assert_eq!(record.promotion.as_deref(), Some("straight-curved"));
    assert!(record.to_text().contains("[Promotion \"straight-curved\"]"));
    for name in ["promotee.json", "promotee.txt"] {
        let path = scratch(name);
        record::save(game.as_ref(), &path).unwrap();
        let loaded = record::load(&path).unwrap();
        same_game(game.as_ref(), loaded.as_ref());
        assert_eq!(loaded.variant().promotion, Some(Promotion::StraightCurved));
    }
    // Without the option the move does not replay: it is a curved game.
    let mut old = record.clone();
    old.promotion = None;
    assert!(old.replay().is_err_and(|e| e.contains("e8-e9=R")));
    old.moves.clear();
    let curved = old.replay().unwrap();
    assert_eq!(curved.variant().promotion, None);
    assert!(curved.legal_moves().iter().all(|m| m.text != "e8-e9=R"));
    // A curved game writes no option at all.
    let plain = new_session(
        Variant::new(VariantId::AjCompact),
        DrawRules::default(),
        None,
    );
    let plain = GameRecord::of(plain.unwrap().as_ref());
    assert_eq!(plain.promotion, None);
    assert!(!serde_json::to_string(&plain).unwrap().contains("promotion"));
}

/// A save keeps the time each move took (`move_ms`, in milliseconds, the
/// moves then those taken back): they load back, a save without them (any
/// older one) loads with none, times beyond the game's moves are refused,
/// and the text export, which has no place for them, leaves them out.
#[test]
fn a_save_keeps_the_time_each_move_took() {
    let mut game = flaxman_game(&["d1-a1", "e6-d6", "a1-a4"]);
    game.undo();
    let times = [Some(1_500), None, Some(42_000), Some(800)];
    let saved = GameRecord::of(game.as_ref()).with_move_times(&times);
    assert_eq!(
        saved.move_ms,
        times[..3],
        "two moves played and one taken back: the fourth time is dropped"
    );
    let json = saved.to_json();
    assert!(json.contains("\"move_ms\""), "{json}");
    let loaded = record::read(&json).expect("loads");
    assert_eq!(loaded.move_ms, times[..3].to_vec());
    assert_eq!(loaded.session.moves(), ["d1-a1", "e6-d6"]);

    let untimed = GameRecord::of(game.as_ref()).with_move_times(&[None, None]);
    assert!(untimed.move_ms.is_empty(), "no times known: none kept");
    assert!(!untimed.to_json().contains("move_ms"));
    assert!(record::read(&untimed.to_json()).unwrap().move_ms.is_empty());
    assert!(
        !saved.to_text().contains("1500"),
        "the text record has no times"
    );

    let mut too_many = saved.clone();
    too_many.move_ms = vec![Some(1); 4];
    let refused = record::read(&too_many.to_json()).err().expect("refused");
    assert_eq!(refused, "the record keeps 4 move times for 3 moves");
}

/// In the window each move is timed from the move (or the start) before it,
/// the autosave keeps the times, and a loaded game goes on with its own.
#[cfg(feature = "app")]
mod timed_in_the_window {
    use std::time::Duration;

    use bevy::prelude::*;
    use bevy::time::TimeUpdateStrategy;

    use variantarium::app::play::file_actions::LoadRequested;
    use variantarium::app::{MoveRequested, NewGameRequested};
    use variantarium::record;
    use variantarium::rules::history::DrawRules;
    use variantarium::rules::session::new_session;
    use variantarium::rules::variant::Variant;

    /// Each update is seven seconds of wall-clock time.
    const STEP_MS: u64 = 7_000;

    fn play(app: &mut App, text: &str) {
        app.world_mut()
            .write_message(MoveRequested { text: text.into() });
        app.update();
    }

    fn saved_times(path: &std::path::Path) -> Vec<Option<u64>> {
        record::open(path).expect("the autosave loads").move_ms
    }

    #[test]
    fn moves_are_timed_saved_and_loaded() {
        let dir = std::env::temp_dir().join(format!("variantarium-times-{}", std::process::id()));
        let autosave = dir.join("autosave.json");
        let mut app = crate::app::core_app_with_autosave(&autosave);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            STEP_MS,
        )));
        app.update();
        let variant = Variant::parse("flaxman", None).expect("a variant");
        let session = new_session(variant, DrawRules::default(), None).expect("a game");
        app.world_mut().write_message(NewGameRequested { session });
        app.update();
        play(&mut app, "d1-a1");
        app.update();
        app.update();
        play(&mut app, "e6-d6");
        assert_eq!(
            saved_times(&autosave),
            [Some(STEP_MS), Some(3 * STEP_MS)],
            "one update after the start, three after the first move"
        );
        app.world_mut()
            .write_message(LoadRequested(autosave.clone()));
        app.update();
        app.update();
        play(&mut app, "a1-a4");
        assert_eq!(
            saved_times(&autosave),
            [Some(STEP_MS), Some(3 * STEP_MS), Some(2 * STEP_MS)],
            "the loaded game keeps its times and times the next move from its start"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
