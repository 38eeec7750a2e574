//! The rules reference, `docs/rules.md`, built into the program: the full
//! rules of each game, the notation every game shares and what is common
//! to all of them, cut into the sections the pages show.

/// The reference as the source tree holds it.
const RULES_MD: &str = include_str!("../../docs/rules.md");

/// The subsections of "Common to all games" a player does not need: the
/// move-generator count is a check for the program's authors.
const FOR_AUTHORS: [&str; 1] = ["perft"];

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

/// A game's full rules: the section whose heading names it ("Flaxman",
/// "Hexagonal chess and Anglojewish Chess" for either hex family), any
/// case.
pub fn game_rules(title: &str) -> Option<&'static str> {
    let title = title.to_lowercase();
    section(|heading| heading.to_lowercase().contains(&title))
}

/// How moves are written, in every game.
pub fn move_notation() -> &'static str {
    section(|heading| heading == "Move notation").unwrap_or("")
}

/// Turns and the draw rules, which every game shares.
pub fn common_rules() -> String {
    let text = section(|heading| heading == "Common to all games").unwrap_or("");
    let mut kept = String::new();
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        if let Some(title) = line.strip_prefix("### ") {
            skipping = FOR_AUTHORS.contains(&title.trim());
        }
        if !skipping {
            kept.push_str(line);
        }
    }
    kept
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
}
