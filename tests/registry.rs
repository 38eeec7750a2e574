//! The game registry (`src/rules/registry.rs`) describes every game once,
//! and the app draws from it: these tests check that each description is
//! complete and that no file of the app names a game or a piece letter.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;

use variantarium::rules::Position;
use variantarium::rules::dispatch::VariantVisitor;
use variantarium::rules::glossary::man_info;
use variantarium::rules::random::Rng;
use variantarium::rules::registry::{GAMES, GameEntry, describe};
use variantarium::rules::variant::{PawnKind, Promotion, Variant, VariantId};
use variantarium::rules::view::{CellShape, Effect, ManState};

const MODELS_JSON: &str = include_str!("../assets/pieces.json");
/// Random games per game and options, and their longest length in plies.
const PLAYOUTS: usize = 12;
const PLIES: usize = 200;

// ---------------------------------------------------------------------------
// The app names no game

/// What in a line of the app's source names a game or one of its men: the
/// game enum's variants (`VariantId::Chakra`), or a character literal of an
/// upper-case ASCII letter (`'T'`), which is how a piece letter is written
/// (placements give every man as its upper-case letter). Returns the
/// offending text.
fn game_knowledge(line: &str) -> Option<String> {
    if let Some(at) = line.find("VariantId::") {
        let name: String = line[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == ':' || *c == '_')
            .collect();
        return Some(name);
    }
    line.as_bytes()
        .windows(3)
        .find(|w| w[0] == b'\'' && w[1].is_ascii_uppercase() && w[2] == b'\'')
        .map(|w| String::from_utf8_lossy(w).into_owned())
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the directory reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_check_for_game_knowledge_finds_what_it_should() {
    assert_eq!(
        game_knowledge("if id == VariantId::Flaxman {"),
        Some("VariantId::Flaxman".into())
    );
    assert_eq!(
        game_knowledge("    .find(|p| p.letter == 'T')"),
        Some("'T'".into())
    );
    assert_eq!(
        game_knowledge("matches!(p.letter, 'K' | 'G')"),
        Some("'K'".into())
    );
    // Types, lifetimes, lower-case characters and strings are no game's.
    for innocent in [
        "fn pick(id: VariantId) -> &'static str {",
        "let split = name.find(|c: char| c == 'x');",
        "format!(\"{}'s {}\", side, name)",
        "impl<'a> Label<'a> {",
    ] {
        assert_eq!(game_knowledge(innocent), None, "{innocent}");
    }
}

#[test]
fn the_app_names_no_game_and_no_piece_letter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 10, "the app's sources are under src/app");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("the source reads");
        for (n, line) in text.lines().enumerate() {
            if let Some(what) = game_knowledge(line) {
                found.push(format!("{}:{}: {what}", file.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the app should draw from the registry, not name games or letters:\n{}",
        found.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Every description is complete

/// Every man (letter and state) that stands in positions reached by random
/// games from the start, and every man a legal move on the way turns one
/// into (promotions, Prisoners, freed Soldiers).
struct MenSeen {
    seed: u64,
}

impl VariantVisitor for MenSeen {
    type Output = BTreeSet<(char, ManState)>;

    fn visit<P: Position>(self, options: P::Options) -> Self::Output {
        let mut rng = Rng::new(self.seed);
        let mut seen = BTreeSet::new();
        let mut moves = Vec::new();
        for _ in 0..PLAYOUTS {
            let mut pos = P::start(&options);
            for _ in 0..PLIES {
                seen.extend(pos.placements().iter().map(|p| (p.letter, p.state)));
                moves.clear();
                pos.legal_moves(&mut moves);
                for &mv in &moves {
                    for effect in pos.effects(mv) {
                        if let Effect::Transform { letter, state, .. } = effect {
                            seen.insert((letter, state));
                        }
                    }
                }
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
        seen
    }
}

/// The sides a game starts with.
struct Sides;

impl VariantVisitor for Sides {
    type Output = u8;
    fn visit<P: Position>(self, options: P::Options) -> u8 {
        P::start(&options).side_count()
    }
}

/// The variant with each choice of options the game offers.
fn option_choices(game: &GameEntry) -> Vec<Variant> {
    let mut choices = vec![Variant::new(game.id)];
    if game.takes_pawn_kind() {
        choices.extend(
            PawnKind::ALL
                .into_iter()
                .map(|kind| Variant::with_pawn(game.id, Some(kind)).expect("a hex game")),
        );
    }
    if game.id.takes_promotion() {
        choices.extend(Promotion::ALL.into_iter().map(|promotion| {
            Variant::new(game.id)
                .with_promotion(Some(promotion))
                .expect("an Anglojewish game")
        }));
    }
    choices
}

#[test]
fn every_game_is_registered_once_under_its_own_key_and_title() {
    assert_eq!(GAMES.len(), VariantId::ALL.len());
    let mut keys = HashSet::new();
    let mut titles = HashSet::new();
    for id in VariantId::ALL {
        let game = describe(id);
        assert_eq!(game.id, id);
        assert!(keys.insert(game.key), "{} twice", game.key);
        assert!(titles.insert(game.title), "{} twice", game.title);
        assert_eq!(game.key.parse::<VariantId>(), Ok(id));
        assert_eq!(VariantId::from_id_or_title(game.title), Ok(id));
        assert!(!game.summary.trim().is_empty(), "{id} has no summary");
    }
}

#[test]
fn every_game_has_its_rules_text() {
    for game in &GAMES {
        let paragraphs = game.rules.lines().filter(|l| !l.trim().is_empty()).count();
        assert!(
            paragraphs >= 2 && game.rules.len() >= 300,
            "{}: the rules text should explain the game in paragraphs",
            game.key
        );
    }
    // Games of one family may share a text; a text that is another
    // family's (the old fall-through to Anglojewish) is caught here.
    for game in &GAMES {
        if game.players == 3 {
            assert!(game.rules.contains("Three-player"), "{}", game.key);
        } else {
            assert!(!game.rules.contains("Three-player"), "{}", game.key);
        }
    }
}

#[test]
fn every_game_starts_with_its_default_options_and_takes_only_options_it_has() {
    for game in &GAMES {
        let default = Variant::new(game.id);
        assert_eq!(
            default.visit(Sides),
            Ok(game.players),
            "{}: the registry's player count",
            game.key
        );
        for variant in option_choices(game) {
            assert!(variant.visit(Sides).is_ok(), "{variant:?} does not start");
        }
        if !game.takes_pawn_kind() {
            assert!(
                Variant::with_pawn(game.id, Some(PawnKind::Point)).is_err(),
                "{} has no pawn-like piece to choose",
                game.key
            );
        }
        if !game.id.takes_promotion() {
            for promotion in Promotion::ALL {
                assert!(
                    Variant::new(game.id)
                        .with_promotion(Some(promotion))
                        .is_err(),
                    "{} takes no promotion option",
                    game.key
                );
            }
        }
    }
}

#[test]
fn every_man_that_can_stand_in_a_game_has_a_name_and_a_model() {
    let models: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(MODELS_JSON).expect("assets/pieces.json parses");
    for (n, game) in GAMES.iter().enumerate() {
        for variant in option_choices(game) {
            let seen = variant
                .visit(MenSeen { seed: n as u64 + 1 })
                .expect("every game starts");
            assert!(seen.len() >= 2, "{variant:?}: playouts saw {seen:?}");
            for (letter, state) in seen {
                let info = man_info(variant, letter, state)
                    .unwrap_or_else(|| panic!("{variant:?}: no words for {letter} {state:?}"));
                assert!(!info.name.is_empty() && !info.summary.is_empty());
                assert!(
                    models.contains_key(info.model),
                    "{variant:?}: {letter} {state:?} is drawn as '{}', not a model",
                    info.model
                );
            }
        }
    }
}

/// The men the straight-promotee options bring (Queen, Rook, Unicorn) have
/// their words and a model in every Anglojewish game, whether or not random
/// games reach them.
#[test]
fn the_straight_promotee_men_have_words_and_models() {
    let models: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(MODELS_JSON).expect("assets/pieces.json parses");
    for game in GAMES.iter().filter(|g| g.id.takes_promotion()) {
        for promotion in [Promotion::Straight, Promotion::StraightCurved] {
            let variant = Variant::new(game.id)
                .with_promotion(Some(promotion))
                .expect("an Anglojewish game");
            for (letter, name) in [('Q', "Queen"), ('R', "Rook"), ('U', "Unicorn")] {
                let info = man_info(variant, letter, ManState::Normal)
                    .unwrap_or_else(|| panic!("{variant:?}: no words for {letter}"));
                assert_eq!(info.name, name);
                assert!(!info.summary.is_empty() && !info.royal);
                assert!(models.contains_key(info.model), "{letter}: {}", info.model);
            }
            // Each straight man has a model of its own, told apart at a
            // glance from the curved men and the Sennight.
            let model = |letter| man_info(variant, letter, ManState::Normal).map(|m| m.model);
            let drawn: Vec<_> = ['Q', 'R', 'U', 'F', 'B', 'C', 'S']
                .into_iter()
                .map(|letter| model(letter).unwrap_or_else(|| panic!("{variant:?}: {letter}")))
                .collect();
            let distinct: std::collections::HashSet<_> = drawn.iter().collect();
            assert_eq!(distinct.len(), drawn.len(), "{variant:?}: {drawn:?}");
        }
    }
}

#[test]
fn every_game_has_a_royal_man_for_check_to_mark() {
    for game in &GAMES {
        let seen = Variant::new(game.id)
            .visit(MenSeen { seed: 99 })
            .expect("every game starts");
        let variant = Variant::new(game.id);
        assert!(
            seen.iter()
                .any(|&(l, s)| man_info(variant, l, s).is_some_and(|m| m.royal)),
            "{}: no man is royal",
            game.key
        );
    }
}

#[test]
fn every_board_decor_lies_on_its_board_and_points_are_inked() {
    for game in &GAMES {
        let layout = new_layout(game.id);
        let decor = (game.decor)();
        assert!(
            decor.base_margin > 0.0,
            "{}: a base under the board",
            game.key
        );
        // Points alone would float on bare wood: they need lines.
        let has_points = layout.cells.iter().any(|c| c.shape == CellShape::Point);
        assert!(
            !has_points || !decor.lines.is_empty(),
            "{}: points without lines",
            game.key
        );
        let (lo, hi) = layout
            .cells
            .iter()
            .fold(([f32::MAX; 2], [f32::MIN; 2]), |(lo, hi), c| {
                (
                    [lo[0].min(c.place[0]), lo[1].min(c.place[1])],
                    [hi[0].max(c.place[0]), hi[1].max(c.place[1])],
                )
            });
        let on_board = |p: [f32; 2]| {
            (0..2).all(|k| p[k] >= lo[k] - decor.base_margin && p[k] <= hi[k] + decor.base_margin)
        };
        for line in &decor.lines {
            assert!(line.width > 0.0 && line.from != line.to, "{line:?}");
            assert!(
                on_board(line.from) && on_board(line.to),
                "{}: {line:?} leaves the board",
                game.key
            );
        }
    }
}

fn new_layout(id: VariantId) -> variantarium::rules::view::BoardLayout {
    variantarium::rules::session::new_session(
        Variant::new(id),
        variantarium::rules::DrawRules::default(),
        None,
    )
    .expect("every game starts")
    .layout()
}
