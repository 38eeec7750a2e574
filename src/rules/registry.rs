//! Every game the program plays, described once: its id and title, a line
//! saying what it is, the rules the window shows, how many play it, the
//! options it starts with and what its boards show beyond their cells. The
//! men of each game (name, model, one-line move) are in [`super::glossary`].
//! The CLI, the records and the app read games from here and never name one.
//! A game's names ([`VariantId::id`], its title) and the parsing of a
//! variant from them are read from here too.

use std::fmt;
use std::str::FromStr;

use super::variant::{PawnKind, Promotion, Variant, VariantId};
use super::view::{Decor, ManInfo, ManState};
use super::{chakra, flaxman, hexchess, tapestry};

/// One game as the rest of the program sees it.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    pub id: VariantId,
    /// The id as the command line and the records write it.
    pub key: &'static str,
    pub title: &'static str,
    /// What the game is, in one line (the menu's hover text, `--help`).
    pub summary: &'static str,
    /// The rules in a few paragraphs, as the window's Rules panel shows them.
    pub rules: &'static str,
    pub players: u8,
    /// The pawn-like piece the game plays with when none is chosen: Some
    /// exactly for the games that let the player choose one.
    pub default_pawn: Option<PawnKind>,
    /// What the boards show beyond their cells.
    pub decor: fn() -> Decor,
    /// The game's words and model for a man of a letter and state (None
    /// for a letter that is no man of the game).
    pub men: fn(Variant, char, ManState) -> Option<ManInfo>,
}

impl GameEntry {
    /// Whether the player may choose the pawn-like piece (the hex games).
    pub fn takes_pawn_kind(&self) -> bool {
        self.default_pawn.is_some()
    }
}

const HEX_SUMMARY: &str = "hexagonal chess on the 91-cell board";
const ANGLOJEWISH_SUMMARY: &str = "Gilman's curved pieces (Finch, Rabbi, Cohen) on the hex board";
const MIXED_SUMMARY: &str =
    "Anglojewish Chess keeping the Rook nearest the General (a mixed-bird army)";
const THREE_PLAYER_SUMMARY: &str =
    "Red, White and Black on one hex board; an attacked General leaves the game";

/// The games in [`VariantId`] order (checked when compiling).
pub const GAMES: [GameEntry; 14] = [
    GameEntry {
        id: VariantId::Flaxman,
        key: "flaxman",
        title: "Flaxman",
        summary: "three men a side; a man jumps as far as its two companions stand apart",
        rules: flaxman::RULES_TEXT,
        players: 2,
        default_pawn: None,
        men: |_, letter, state| flaxman::men(letter, state),
        decor: flaxman::decor,
    },
    GameEntry {
        id: VariantId::Tapestry,
        key: "tapestry",
        title: "Tapestry Chess",
        summary: "chess on a four-colour 6×6 board steered by three Fates on the Loom",
        rules: tapestry::RULES_TEXT,
        players: 2,
        default_pawn: None,
        men: |_, letter, state| tapestry::men(letter, state),
        decor: tapestry::decor,
    },
    GameEntry {
        id: VariantId::Glinski,
        key: "glinski",
        title: "Glinski's hexagonal chess",
        summary: HEX_SUMMARY,
        rules: hexchess::CLASSICAL_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Migrant),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::McCooey,
        key: "mccooey",
        title: "McCooey's hexagonal chess",
        summary: HEX_SUMMARY,
        rules: hexchess::CLASSICAL_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Broker),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjGlinski,
        key: "aj-glinski",
        title: "Anglojewish Chess (Glinski layout)",
        summary: ANGLOJEWISH_SUMMARY,
        rules: hexchess::ANGLOJEWISH_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Migrant),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjMcCooey,
        key: "aj-mccooey",
        title: "Anglojewish Chess (McCooey layout)",
        summary: ANGLOJEWISH_SUMMARY,
        rules: hexchess::ANGLOJEWISH_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Broker),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjGlinskiMixed,
        key: "aj-glinski-mixed",
        title: "Anglojewish Chess, mixed-bird (Glinski layout)",
        summary: MIXED_SUMMARY,
        rules: hexchess::ANGLOJEWISH_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Migrant),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjMcCooeyMixed,
        key: "aj-mccooey-mixed",
        title: "Anglojewish Chess, mixed-bird (McCooey layout)",
        summary: MIXED_SUMMARY,
        rules: hexchess::ANGLOJEWISH_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Broker),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjCompact,
        key: "aj-compact",
        title: "Anglojewish Chess (compact 61-cell board)",
        summary: "Anglojewish Chess on the small 61-cell hex board",
        rules: hexchess::ANGLOJEWISH_RULES_TEXT,
        players: 2,
        default_pawn: Some(PawnKind::Broker),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::Chakra,
        key: "chakra",
        title: "Chakra",
        summary: "Freeling's 8×8 game whose two chakras form a Transmitter",
        rules: chakra::RULES_TEXT,
        players: 2,
        default_pawn: None,
        men: |_, letter, state| chakra::men(letter, state),
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjGlinski3p,
        key: "aj-glinski-3p",
        title: "Three-player Anglojewish Chess (Glinski layout)",
        summary: THREE_PLAYER_SUMMARY,
        rules: hexchess::THREE_PLAYER_RULES_TEXT,
        players: 3,
        default_pawn: Some(PawnKind::Migrant),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjGlinskiMixed3p,
        key: "aj-glinski-mixed-3p",
        title: "Three-player Anglojewish Chess, mixed-bird (Glinski layout)",
        summary: THREE_PLAYER_SUMMARY,
        rules: hexchess::THREE_PLAYER_RULES_TEXT,
        players: 3,
        default_pawn: Some(PawnKind::Migrant),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjMcCooey3p,
        key: "aj-mccooey-3p",
        title: "Three-player Anglojewish Chess (McCooey layout)",
        summary: THREE_PLAYER_SUMMARY,
        rules: hexchess::THREE_PLAYER_RULES_TEXT,
        players: 3,
        default_pawn: Some(PawnKind::Broker),
        men: hexchess::men,
        decor: Decor::plain,
    },
    GameEntry {
        id: VariantId::AjMcCooeyMixed3p,
        key: "aj-mccooey-mixed-3p",
        title: "Three-player Anglojewish Chess, mixed-bird (McCooey layout)",
        summary: THREE_PLAYER_SUMMARY,
        rules: hexchess::THREE_PLAYER_RULES_TEXT,
        players: 3,
        default_pawn: Some(PawnKind::Broker),
        men: hexchess::men,
        decor: Decor::plain,
    },
];

// Each entry sits at its id's index, so that `describe` is a lookup and a
// new id without its entry does not compile.
const _: () = {
    assert!(GAMES.len() == VariantId::ALL.len());
    let mut i = 0;
    while i < GAMES.len() {
        assert!(GAMES[i].id as usize == i);
        assert!(VariantId::ALL[i] as usize == i);
        i += 1;
    }
};

/// The description of a game.
pub fn describe(id: VariantId) -> &'static GameEntry {
    &GAMES[id as usize]
}

impl VariantId {
    pub fn id(self) -> &'static str {
        describe(self).key
    }

    pub fn title(self) -> &'static str {
        describe(self).title
    }

    /// Whether the player chooses this game's pawn-like piece (the hex
    /// games do).
    pub fn takes_pawn_kind(self) -> bool {
        describe(self).takes_pawn_kind()
    }

    /// Whether the player chooses what men promote to (the Anglojewish
    /// games do, two and three players).
    pub fn takes_promotion(self) -> bool {
        hexchess::HexOptions::for_variant(self, None)
            .is_some_and(|o| o.army != hexchess::Army::Classical)
    }

    /// Whether this id is a three-player game (Red, White, Black).
    pub fn is_three_player(self) -> bool {
        describe(self).players == 3
    }
}

impl VariantId {
    /// A game named by its id (`chakra`) or by its title (`Tapestry Chess`,
    /// any case), as people write the `[Variant "…"]` tag of a record.
    pub fn from_id_or_title(text: &str) -> Result<VariantId, String> {
        let wanted = text.trim();
        VariantId::ALL
            .into_iter()
            .find(|v| v.id() == wanted || v.title().eq_ignore_ascii_case(wanted))
            .map_or_else(|| wanted.parse(), Ok)
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for VariantId {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        VariantId::ALL
            .into_iter()
            .find(|v| v.id() == text)
            .ok_or_else(|| {
                let ids: Vec<&str> = VariantId::ALL.iter().map(|v| v.id()).collect();
                format!("unknown variant '{text}' (known: {})", ids.join(", "))
            })
    }
}

impl Variant {
    /// A variant from its id and, for hex games, a pawn kind's id — as the
    /// command line and the records write them.
    pub fn parse(id: &str, pawn: Option<&str>) -> Result<Self, String> {
        let pawn = pawn.map(str::parse::<PawnKind>).transpose()?;
        Variant::with_pawn(id.parse()?, pawn)
    }

    pub fn with_pawn(id: VariantId, pawn: Option<PawnKind>) -> Result<Self, String> {
        if pawn.is_some() && !id.takes_pawn_kind() {
            return Err(format!("--pawn applies to hex games only, not '{id}'"));
        }
        Ok(Variant {
            pawn,
            ..Variant::new(id)
        })
    }

    /// This variant with a promotion option's id (None: not chosen), as the
    /// command line and the records write it.
    pub fn with_promotion_text(self, promotion: Option<&str>) -> Result<Self, String> {
        let promotion = promotion.map(str::parse::<Promotion>).transpose()?;
        self.with_promotion(promotion)
    }

    /// This variant with a promotion option; only the Anglojewish games
    /// take one.
    pub fn with_promotion(self, promotion: Option<Promotion>) -> Result<Self, String> {
        if promotion.is_some() && !self.id.takes_promotion() {
            return Err(format!(
                "--promotion applies to Anglojewish games only, not '{}'",
                self.id
            ));
        }
        Ok(Variant { promotion, ..self })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hex_game_starts_with_the_pawn_its_entry_names() {
        for id in VariantId::ALL {
            let options = hexchess::HexOptions::for_variant(id, None);
            assert_eq!(describe(id).default_pawn, options.map(|o| o.pawn), "{id}");
        }
    }
}
