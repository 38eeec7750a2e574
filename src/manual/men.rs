//! The men of a family of games, each once with his move diagram: every
//! letter the diagrams can draw in each of its games, with every pawn-like
//! kind and promotion option the games offer, told apart by name (a letter
//! means different men in different games: `B` is a Bishop in classical
//! hex chess and a Rabbi in Anglojewish).

use crate::diagram::{Diagram, Request, draw};
use crate::rules::families::Family;
use crate::rules::glossary::man_info;
use crate::rules::session::new_session;
use crate::rules::variant::{PawnKind, Promotion, Variant};
use crate::rules::view::{ManInfo, ManState};

/// One man of a family, as the page shows him.
pub struct Man {
    /// His letter in the position text; None for a state of a man the
    /// text writes otherwise (Flaxman's Prisoner).
    pub letter: Option<char>,
    /// His words: one, or one per mode for a man of two (a chakra).
    pub infos: Vec<ManInfo>,
    /// The game his diagram is drawn in.
    pub variant: Variant,
    /// None for a state without moves of its own (Flaxman's Prisoner).
    pub diagram: Option<Diagram>,
}

impl Man {
    /// The name he is filed under: his first mode's.
    pub fn name(&self) -> &'static str {
        self.infos[0].name
    }
}

/// Every game of the family, with every pawn-like kind and promotion
/// option it takes.
fn variants_of(family: &Family) -> Vec<Variant> {
    let mut variants = Vec::new();
    for &id in family.members {
        let base = Variant::new(id);
        variants.push(base);
        if id.takes_pawn_kind() {
            variants.extend(PawnKind::ALL.map(|p| Variant {
                pawn: Some(p),
                ..base
            }));
        }
        if id.takes_promotion() {
            variants.extend(Promotion::ALL.map(|p| Variant {
                promotion: Some(p),
                ..base
            }));
        }
    }
    variants
}

const STATES: [ManState; 3] = [ManState::Normal, ManState::Prisoner, ManState::KnightMode];

/// The family's men: the royal man first, then in the order they stand in
/// the first game's start position, then those met only in other games or
/// by promotion.
pub fn men_of(family: &Family) -> Result<Vec<Man>, String> {
    let mut men: Vec<Man> = Vec::new();
    for variant in variants_of(family) {
        for letter in 'A'..='Z' {
            if !STATES
                .iter()
                .any(|&s| man_info(variant, letter, s).is_some())
            {
                continue;
            }
            // A letter the game's positions cannot hold draws no diagram.
            let Ok(diagram) = draw(&Request {
                variant,
                letter,
                cell: None,
                position: None,
            }) else {
                continue;
            };
            let mut infos: Vec<ManInfo> = Vec::new();
            for panel in &diagram.panels {
                if !infos.contains(&panel.info) {
                    infos.push(panel.info);
                }
            }
            let prisoner = man_info(variant, letter, ManState::Prisoner)
                .filter(|p| infos.iter().all(|i| i.name != p.name));
            add(&mut men, Some(letter), infos, variant, Some(diagram));
            if let Some(prisoner) = prisoner {
                add(&mut men, None, vec![prisoner], variant, None);
            }
        }
    }
    let order = start_order(family)?;
    men.sort_by_key(|man| {
        let royal = man.infos.iter().any(|i| i.royal);
        let at = order.iter().position(|n| *n == man.name());
        (!royal, at.is_none(), at)
    });
    Ok(men)
}

/// Files a man under his name unless a man of that name is there.
fn add(
    men: &mut Vec<Man>,
    letter: Option<char>,
    infos: Vec<ManInfo>,
    variant: Variant,
    diagram: Option<Diagram>,
) {
    if infos.is_empty() || men.iter().any(|m| m.name() == infos[0].name) {
        return;
    }
    men.push(Man {
        letter,
        infos,
        variant,
        diagram,
    });
}

/// The names of the men of the family's first game, in the order its
/// start position lists them.
fn start_order(family: &Family) -> Result<Vec<&'static str>, String> {
    let variant = Variant::new(family.members[0]);
    let start = new_session(variant, Default::default(), None)?;
    let mut names = Vec::new();
    for placement in start.placements() {
        if let Some(info) = man_info(variant, placement.letter, placement.state)
            && !names.contains(&info.name)
        {
            names.push(info.name);
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::families::FAMILIES;

    fn names(key: &str) -> Vec<&'static str> {
        let family = FAMILIES.iter().find(|f| f.key == key).expect("a family");
        men_of(family).expect("men").iter().map(Man::name).collect()
    }

    #[test]
    fn each_family_lists_its_men_once_royal_first() {
        assert_eq!(names("flaxman"), ["King", "Soldier", "Prisoner"]);
        let chakra = names("chakra");
        assert_eq!(chakra[0], "King");
        for man in [
            "Ape",
            "Courtesan",
            "Monk",
            "Samurai",
            "Queen",
            "Pawn",
            "Chakra (knight mode)",
        ] {
            assert!(chakra.contains(&man), "{man} in {chakra:?}");
        }
        assert!(!chakra.contains(&"Rook"), "{chakra:?}");
        let hex = names("hexagonal");
        for man in [
            "King", "Queen", "Rook", "Bishop", "Knight", "Point", "Migrant", "Broker", "Corporal",
        ] {
            assert!(hex.contains(&man), "{man} in {hex:?}");
        }
        let aj = names("anglojewish");
        assert_eq!(aj[0], "General");
        for man in [
            "Finch", "Rabbi", "Cohen", "Sennight", "Rook", "Unicorn", "Queen",
        ] {
            assert!(aj.contains(&man), "{man} in {aj:?}");
        }
        assert!(names("tapestry").contains(&"Fate"));
    }
}
