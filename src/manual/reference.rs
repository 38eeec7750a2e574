//! The rules reference, `docs/rules.md`, built into the program: the full
//! rules of each game, the notation every game shares and what is common
//! to all of them, cut into the sections the pages show.

/// The reference as the source tree holds it.
const RULES_MD: &str = include_str!("../../docs/rules.md");

/// The subsections a player does not need: the move-generator count is a
/// check for the program's authors, and what the program does not play is
/// no rule of a game it plays.
const FOR_AUTHORS: [&str; 2] = ["perft", "Not implemented"];

/// Paragraphs a player does not need: how the authors came to a layout.
const AUTHORS_PARAGRAPHS: [&str; 1] = ["The seed's diagram of the start was lost"];

/// Headings the reference words for its authors, and the player's words.
const PLAYERS_HEADINGS: [(&str, &str); 1] = [(
    "Clarifications (decided here; the tests pin each one)",
    "Fine points",
)];

/// The text under a `## ` heading, without the heading, up to the next
/// `## ` heading.
fn section(wanted: impl Fn(&str) -> bool) -> Option<&'static str> {
    let mut start = None;
    let mut offset = 0;
    for line in RULES_MD.split_inclusive('\n') {
        let heading = line.strip_prefix("## ").map(str::trim);
        match (start, heading) {
            (None, Some(title)) if wanted(title) => start = Some(offset + line.len()),
            (Some(from), Some(_)) => return Some(&RULES_MD[from..offset]),
            _ => {}
        }
        offset += line.len();
    }
    start.map(|from| &RULES_MD[from..])
}

/// A game's full rules as a player reads them: the section whose heading
/// names it ("Flaxman", "Hexagonal chess and Anglojewish Chess" for either
/// hex family), any case, without what is there for the authors.
pub fn game_rules(title: &str) -> Option<String> {
    let title = title.to_lowercase();
    section(|heading| heading.to_lowercase().contains(&title)).map(for_players)
}

/// The reference's text without the subsections and paragraphs written
/// for the program's authors, its headings in a player's words.
fn for_players(text: &str) -> String {
    let mut kept = String::new();
    let mut skipping = false;
    for paragraph in text.split_inclusive("\n\n") {
        if let Some(title) = paragraph.strip_prefix("### ") {
            let title = title.lines().next().unwrap_or("").trim();
            skipping = FOR_AUTHORS.contains(&title);
        }
        if skipping || AUTHORS_PARAGRAPHS.iter().any(|p| paragraph.starts_with(p)) {
            continue;
        }
        let mut paragraph = paragraph.to_string();
        for (authors, players) in PLAYERS_HEADINGS {
            paragraph = paragraph.replace(&format!("### {authors}\n"), &format!("### {players}\n"));
        }
        kept.push_str(&paragraph);
    }
    kept
}

/// How moves are written, in every game.
pub fn move_notation() -> &'static str {
    section(|heading| heading == "Move notation").unwrap_or("")
}

/// Turns and the draw rules, which every game shares.
pub fn common_rules() -> String {
    for_players(section(|heading| heading == "Common to all games").unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::families::FAMILIES;

    #[test]
    fn every_family_finds_its_rules_and_the_shared_parts_are_there() {
        for family in &FAMILIES {
            let rules = game_rules(family.title).unwrap_or_else(|| panic!("{}", family.key));
            assert!(rules.contains("### Position text"), "{}", family.key);
            assert!(!rules.contains("\n## "), "{}", family.key);
        }
        assert!(move_notation().contains("from-to"));
        let common = common_rules();
        assert!(common.contains("### Draw rules") && !common.contains("### perft"));
    }

    #[test]
    fn the_pages_keep_what_is_written_for_the_authors_out() {
        let mut all = common_rules();
        for family in &FAMILIES {
            all.push_str(&game_rules(family.title).expect("rules"));
        }
        for authors in [
            "The seed's diagram",
            "code keeps the layout",
            "Clarifications (decided here",
            "the tests pin",
            "Not implemented",
            "Witchy Flaxman",
            "### perft",
        ] {
            assert!(!all.contains(authors), "the pages say '{authors}'");
        }
        // What follows the authors' words is still there.
        let flaxman = game_rules("Flaxman").expect("rules");
        assert!(flaxman.contains("### How a man moves"), "{flaxman}");
        assert!(flaxman.contains("Soldier b1, King d1"), "{flaxman}");
        let chakra = game_rules("Chakra").expect("rules");
        assert!(chakra.contains("### Fine points\n"), "{chakra}");
        assert!(chakra.contains("A King moving onto a vacant enemy chakra"));
    }
}
