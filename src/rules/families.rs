//! The games as a player meets them: one family for each game of the seeds
//! (and classical hex chess beside Anglojewish), whose ids differ only in
//! choices made before the start (the board's layout, the army, how many
//! play). Plain data over [`VariantId`]: the title screen shows a card per
//! family and offers the choices in its setup.

use super::variant::VariantId;

/// A family of games that share a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    /// The card's name for scripts: the id of its only game, or the
    /// family's own word.
    pub key: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
    /// Its games, the one a first click chooses first.
    pub members: &'static [VariantId],
}

/// One choice of a family's setup that tells its games apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What is chosen: `Layout`, `Army` or `Players`.
    pub axis: &'static str,
    pub value: &'static str,
    /// One line on what the value means.
    pub about: &'static str,
}

pub const FAMILIES: [Family; 5] = [
    Family {
        key: "flaxman",
        title: "Flaxman",
        summary: "three men a side; each jumps as far as its companions stand apart",
        members: &[VariantId::Flaxman],
    },
    Family {
        key: "tapestry",
        title: "Tapestry Chess",
        summary: "chess on a four-colour 6×6 board steered by three Fates on the Loom",
        members: &[VariantId::Tapestry],
    },
    Family {
        key: "anglojewish",
        title: "Anglojewish Chess",
        summary: "Gilman's curved pieces on the hex board, for two or three players",
        members: &[
            VariantId::AjGlinski,
            VariantId::AjMcCooey,
            VariantId::AjCompact,
            VariantId::AjGlinskiMixed,
            VariantId::AjMcCooeyMixed,
            VariantId::AjGlinski3p,
            VariantId::AjMcCooey3p,
            VariantId::AjGlinskiMixed3p,
            VariantId::AjMcCooeyMixed3p,
        ],
    },
    Family {
        key: "hexagonal",
        title: "Hexagonal Chess",
        summary: "Glinski's and McCooey's classical chess on the 91-cell hex board",
        members: &[VariantId::Glinski, VariantId::McCooey],
    },
    Family {
        key: "chakra",
        title: "Chakra",
        summary: "Freeling's 8×8 game whose two chakras form a Transmitter",
        members: &[VariantId::Chakra],
    },
];

const GLINSKI: Choice = Choice {
    axis: "Layout",
    value: "Glinski",
    about: "the 91-cell board, Glinski's array",
};
const MCCOOEY: Choice = Choice {
    axis: "Layout",
    value: "McCooey",
    about: "the 91-cell board, McCooey's array",
};
const COMPACT: Choice = Choice {
    axis: "Layout",
    value: "Compact",
    about: "the small 61-cell board",
};
const CURVED: Choice = Choice {
    axis: "Army",
    value: "Anglojewish",
    about: "Finch, Rabbi and Cohen: every rider curved",
};
const MIXED: Choice = Choice {
    axis: "Army",
    value: "Mixed-bird",
    about: "a Rook keeps its place beside the General",
};
const TWO: Choice = Choice {
    axis: "Players",
    value: "2",
    about: "White against Black",
};
const THREE: Choice = Choice {
    axis: "Players",
    value: "3",
    about: "Red, White and Black on one board",
};

/// The family a game belongs to.
pub fn family_of(id: VariantId) -> &'static Family {
    FAMILIES
        .iter()
        .find(|family| family.members.contains(&id))
        .expect("every game is in a family")
}

/// The choices that make `id` the game it is within its family (none for a
/// family of one game).
pub fn choices_of(id: VariantId) -> &'static [Choice] {
    use VariantId::*;
    match id {
        Flaxman | Tapestry | Chakra => &[],
        Glinski => &[GLINSKI],
        McCooey => &[MCCOOEY],
        AjGlinski => &[GLINSKI, CURVED, TWO],
        AjMcCooey => &[MCCOOEY, CURVED, TWO],
        AjCompact => &[COMPACT, CURVED, TWO],
        AjGlinskiMixed => &[GLINSKI, MIXED, TWO],
        AjMcCooeyMixed => &[MCCOOEY, MIXED, TWO],
        AjGlinski3p => &[GLINSKI, CURVED, THREE],
        AjMcCooey3p => &[MCCOOEY, CURVED, THREE],
        AjGlinskiMixed3p => &[GLINSKI, MIXED, THREE],
        AjMcCooeyMixed3p => &[MCCOOEY, MIXED, THREE],
    }
}

/// The game of `from`'s family with `choice` made and as many of `from`'s
/// other choices kept as can be (Compact has no mixed army and no third
/// player: choosing it gives up those).
pub fn with_choice(from: VariantId, choice: Choice) -> VariantId {
    let kept = |id: VariantId| {
        choices_of(from)
            .iter()
            .filter(|c| choices_of(id).contains(c))
            .count()
    };
    family_of(from)
        .members
        .iter()
        .copied()
        .filter(|&id| choices_of(id).contains(&choice))
        .max_by_key(|&id| (kept(id), std::cmp::Reverse(rank(id))))
        .unwrap_or(from)
}

/// A game's place in its family (the first is the usual choice).
fn rank(id: VariantId) -> usize {
    family_of(id)
        .members
        .iter()
        .position(|&m| m == id)
        .unwrap_or(0)
}

/// The values each axis of a family's setup offers, axis by axis in the
/// order the choices name them.
pub fn axes(family: &Family) -> Vec<(&'static str, Vec<Choice>)> {
    let mut axes: Vec<(&'static str, Vec<Choice>)> = Vec::new();
    for &id in family.members {
        for &choice in choices_of(id) {
            match axes.iter_mut().find(|(axis, _)| *axis == choice.axis) {
                Some((_, values)) if !values.contains(&choice) => values.push(choice),
                Some(_) => {}
                None => axes.push((choice.axis, vec![choice])),
            }
        }
    }
    axes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game is in exactly one family, its choices tell it apart from
    /// every other member, and choosing its own choices from any member of
    /// its family leads back to it.
    #[test]
    fn the_choices_tell_a_familys_games_apart() {
        for id in VariantId::ALL {
            let family = family_of(id);
            assert_eq!(
                FAMILIES.iter().filter(|f| f.members.contains(&id)).count(),
                1
            );
            for &other in family.members {
                if other != id {
                    assert_ne!(choices_of(other), choices_of(id), "{id} and {other}");
                }
                let mut at = other;
                for &choice in choices_of(id) {
                    at = with_choice(at, choice);
                }
                // Compact drops the third player: choose the layout last.
                for &choice in choices_of(id).iter().filter(|c| c.axis == "Layout") {
                    at = with_choice(at, choice);
                }
                assert_eq!(at, id, "from {other}");
            }
        }
        assert_eq!(
            with_choice(VariantId::AjGlinski3p, COMPACT),
            VariantId::AjCompact
        );
        assert_eq!(
            with_choice(VariantId::AjMcCooeyMixed, THREE),
            VariantId::AjMcCooeyMixed3p
        );
        let axes = axes(&FAMILIES[2]);
        let names: Vec<&str> = axes.iter().map(|(axis, _)| *axis).collect();
        assert_eq!(names, ["Layout", "Army", "Players"]);
        assert_eq!(axes[0].1.len(), 3);
    }
}
