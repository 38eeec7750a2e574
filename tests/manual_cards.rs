//! What a learner reads on a game's page of `variantarium manual`: each
//! man's card is headed by the man (not by the game), says his move once
//! (its diagram carries no second copy of the words), and every exercise
//! of a lesson is numbered, its answer under the same number.

use std::path::{Path, PathBuf};
use std::process::Command;

use variantarium::learn::{Library, Step};
use variantarium::rules::glossary::{capitalised, man_info};
use variantarium::rules::variant::{Variant, VariantId};
use variantarium::rules::view::ManState;

fn built(family: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-cards-{}", std::process::id()))
        .join(family);
    let _ = std::fs::remove_dir_all(&dir);
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["manual", "--only", family, "--no-videos", "--out"])
        .arg(&dir)
        .env_remove("DISPLAY")
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    dir
}

/// The words of an SVG's text elements.
fn svg_words(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.to_string()))
        .collect()
}

/// Each man's card on the page: its HTML and its diagram's file, if any.
fn cards(dir: &Path, page: &str) -> Vec<(String, Option<String>)> {
    let text = std::fs::read_to_string(dir.join(page)).expect("the page");
    text.split("<figure class=\"man")
        .skip(1)
        .map(|card| {
            let card = card.split("</figure>").next().unwrap().to_string();
            let svg = card
                .split_once("<img src=\"")
                .and_then(|(_, rest)| rest.split_once('"'))
                .map(|(file, _)| std::fs::read_to_string(dir.join(file)).expect("its diagram"));
            (card, svg)
        })
        .collect()
}

fn check_cards(family: &str, game: &str, men: &[(char, ManState, VariantId)]) {
    let dir = built(family);
    let cards = cards(&dir, &format!("{family}.html"));
    for &(letter, state, id) in men {
        let info = man_info(Variant::new(id), letter, state).expect("a man");
        let (card, svg) = cards
            .iter()
            .find(|(card, _)| card.contains(&format!("<h3>{}", info.name)))
            .unwrap_or_else(|| panic!("a card for the {}", info.name));
        // The first thing on the card is his name.
        let first = card.split_once(">\n").expect("the figure's tag").1;
        assert!(first.starts_with(&format!("<h3>{}", info.name)), "{card}");
        let svg = svg.as_deref().unwrap_or_default();
        let words = svg_words(svg);
        assert!(!words.iter().any(|w| w == game), "{}: {words:?}", info.name);
        let said = capitalised(info.summary).replace('\'', "&apos;");
        let times = card.matches(&said).count()
            + words
                .iter()
                .filter(|w| w.to_lowercase().contains(&info.summary.to_lowercase()))
                .count();
        assert_eq!(times, 1, "the {}'s move said once: {card}", info.name);
    }
}

#[test]
fn each_card_is_headed_by_its_man_and_says_his_move_once() {
    check_cards(
        "chakra",
        "Chakra",
        &[
            ('K', ManState::Normal, VariantId::Chakra),
            ('A', ManState::Normal, VariantId::Chakra),
            ('C', ManState::Normal, VariantId::Chakra),
        ],
    );
    check_cards(
        "flaxman",
        "Flaxman",
        &[
            ('K', ManState::Normal, VariantId::Flaxman),
            ('S', ManState::Normal, VariantId::Flaxman),
        ],
    );
}

#[test]
fn every_answer_stands_under_its_numbered_exercise() {
    let dir = built("flaxman");
    let page = std::fs::read_to_string(dir.join("flaxman.html")).expect("the page");
    let library = Library::shipped().expect("the lessons");
    let mut checked = 0;
    for lesson in library.entries.iter().filter_map(|e| e.playable()) {
        if lesson.variant != "flaxman" {
            continue;
        }
        let exercises = lesson
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Exercise(_)))
            .count();
        for n in 1..=exercises {
            let id = format!("id=\"{}-exercise-{n}\"", lesson.id);
            let item = page
                .split_once(&id)
                .and_then(|(_, rest)| rest.split_once("</li>"))
                .unwrap_or_else(|| panic!("{id} on the page"))
                .0;
            assert!(item.contains(&format!("Exercise {n}.")), "{item}");
            assert!(item.contains(&format!("Answer to exercise {n}:")), "{item}");
            checked += 1;
        }
        let unnumbered = format!("id=\"{}-exercise-{}\"", lesson.id, exercises + 1);
        assert!(!page.contains(&unnumbered), "{unnumbered}");
    }
    assert!(checked > 0, "Flaxman's lessons hold exercises");
    assert!(!page.contains("Answer: "), "no answer without its number");
}
