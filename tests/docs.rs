//! The rules reference (`docs/rules.md`) quotes each game's start position
//! text; those quotes must stay what the rules write.

use variantarium::rules::DrawRules;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::{Variant, VariantId};

const RULES_DOC: &str = include_str!("../docs/rules.md");

#[test]
fn the_rules_reference_quotes_the_start_positions_exactly() {
    let quoted = [
        VariantId::Flaxman,
        VariantId::Tapestry,
        VariantId::Chakra,
        VariantId::Glinski,
        VariantId::McCooey,
        VariantId::AjGlinski,
        VariantId::AjCompact,
        VariantId::AjGlinski3p,
    ];
    for id in quoted {
        let start = new_session(Variant::new(id), DrawRules::default(), None)
            .expect("every game starts")
            .position_text();
        assert!(
            RULES_DOC.contains(&start),
            "docs/rules.md does not quote the {id} start: {start}"
        );
    }
}

/// A game in the registry is in the rules reference: its id is written
/// there (as `id`), in the section that explains it.
#[test]
fn the_rules_reference_names_every_registered_game() {
    for game in &variantarium::rules::registry::GAMES {
        assert!(
            RULES_DOC.contains(&format!("`{}`", game.key)),
            "docs/rules.md does not name {}",
            game.key
        );
    }
}
