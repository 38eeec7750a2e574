//! The browser client's own data agrees with the rules: the lobby offers
//! every game with the options the server takes (`web/games.js`), and
//! every man of every game has a sign of its own (`web/glyphs.js`).

use std::collections::BTreeSet;

use variantarium::rules::glossary::man_info;
use variantarium::rules::registry::GAMES;
use variantarium::rules::variant::{PawnKind, Promotion, Variant};
use variantarium::rules::view::ManState;

fn web_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("web")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The quoted text after `field: "` on a line, if any.
fn quoted(line: &str, field: &str) -> Option<String> {
    let start = line.find(&format!("{field}: \""))? + field.len() + 3;
    let rest = &line[start..];
    Some(rest[..rest.find('"')?].to_string())
}

fn word_after(line: &str, field: &str) -> Option<String> {
    let start = line.find(&format!("{field}: "))? + field.len() + 2;
    let rest = &line[start..];
    let end = rest.find([',', ' ', '}']).unwrap_or(rest.len());
    Some(rest[..end].to_string())
}

#[test]
fn the_lobby_offers_every_game_with_the_options_the_server_takes() {
    let text = web_file("games.js");
    let offered: Vec<(String, String, String, String, String)> = text
        .lines()
        .filter_map(|line| {
            Some((
                quoted(line, "key")?,
                quoted(line, "title")?,
                word_after(line, "players")?,
                quoted(line, "pawn").unwrap_or_else(|| "null".into()),
                word_after(line, "promotion")?,
            ))
        })
        .collect();
    let expected: Vec<(String, String, String, String, String)> = GAMES
        .iter()
        .map(|game| {
            let variant = Variant {
                id: game.id,
                pawn: None,
                promotion: None,
            };
            let promotion = variant.with_promotion(Some(Promotion::Straight)).is_ok();
            (
                game.key.to_string(),
                game.title.to_string(),
                game.players.to_string(),
                game.default_pawn
                    .map_or_else(|| "null".to_string(), |p| p.id().to_string()),
                promotion.to_string(),
            )
        })
        .collect();
    assert_eq!(offered, expected);
    let pawns: Vec<String> = PawnKind::ALL
        .iter()
        .map(|p| format!("\"{}\"", p.id()))
        .collect();
    let promotions: Vec<String> = Promotion::ALL
        .iter()
        .map(|p| format!("\"{}\"", p.id()))
        .collect();
    assert!(text.contains(&format!("PAWNS = [{}]", pawns.join(", "))));
    assert!(text.contains(&format!("PROMOTIONS = [{}]", promotions.join(", "))));
}

#[test]
fn every_man_of_every_game_has_a_sign_in_the_browser() {
    let glyphs = web_file("glyphs.js");
    let mut models = BTreeSet::new();
    for game in GAMES {
        let pawns: Vec<Option<PawnKind>> = if game.takes_pawn_kind() {
            PawnKind::ALL.iter().copied().map(Some).collect()
        } else {
            vec![None]
        };
        for pawn in pawns {
            let variant = Variant {
                id: game.id,
                pawn,
                promotion: None,
            };
            for letter in 'A'..='Z' {
                for state in [
                    ManState::Normal,
                    ManState::Prisoner,
                    ManState::KnightMode,
                    ManState::KingMode,
                ] {
                    if let Some(info) = man_info(variant, letter, state) {
                        models.insert(info.model);
                    }
                }
            }
        }
    }
    assert!(models.len() > 20, "{models:?}");
    for model in models {
        let key = if model.contains('-') {
            format!("\"{model}\":")
        } else {
            format!("  {model}:")
        };
        assert!(
            glyphs.contains(&key),
            "web/glyphs.js has no sign for {model}"
        );
    }
}
