//! Variant ids with their options, and the one place that maps an id to the
//! game that plays it.

use std::fmt;
use std::str::FromStr;

use super::Position;
use super::flaxman::Flaxman;
use super::registry::describe;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantId {
    Flaxman,
    Tapestry,
    Glinski,
    McCooey,
    AjGlinski,
    AjMcCooey,
    AjGlinskiMixed,
    AjMcCooeyMixed,
    AjCompact,
    Chakra,
    AjGlinski3p,
    AjGlinskiMixed3p,
    AjMcCooey3p,
    AjMcCooeyMixed3p,
}

impl VariantId {
    pub const ALL: [VariantId; 14] = [
        VariantId::Flaxman,
        VariantId::Tapestry,
        VariantId::Glinski,
        VariantId::McCooey,
        VariantId::AjGlinski,
        VariantId::AjMcCooey,
        VariantId::AjGlinskiMixed,
        VariantId::AjMcCooeyMixed,
        VariantId::AjCompact,
        VariantId::Chakra,
        VariantId::AjGlinski3p,
        VariantId::AjGlinskiMixed3p,
        VariantId::AjMcCooey3p,
        VariantId::AjMcCooeyMixed3p,
    ];

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

/// The pawn-like piece of a hex game (RULES.md §3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PawnKind {
    Point,
    Migrant,
    Broker,
    Corporal,
}

impl PawnKind {
    pub const ALL: [PawnKind; 4] = [
        PawnKind::Point,
        PawnKind::Migrant,
        PawnKind::Broker,
        PawnKind::Corporal,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PawnKind::Point => "point",
            PawnKind::Migrant => "migrant",
            PawnKind::Broker => "broker",
            PawnKind::Corporal => "corporal",
        }
    }
}

impl FromStr for PawnKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        PawnKind::ALL
            .into_iter()
            .find(|p| p.id() == text)
            .ok_or_else(|| {
                format!("unknown pawn kind '{text}' (known: point, migrant, broker, corporal)")
            })
    }
}

/// A variant and its options: everything needed to set up a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Variant {
    pub id: VariantId,
    /// Hex games only: overrides the layout's default pawn-like piece.
    pub pawn: Option<PawnKind>,
}

impl Variant {
    pub fn new(id: VariantId) -> Self {
        Variant { id, pawn: None }
    }

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
        Ok(Variant { id, pawn })
    }

    /// Calls the visitor with the game type that plays this variant and its
    /// options; an error when the options do not fit the game.
    pub fn visit<V: VariantVisitor>(&self, visitor: V) -> Result<V::Output, String> {
        match self.id {
            VariantId::Flaxman => Ok(visitor.visit::<Flaxman>(())),
            VariantId::Tapestry => Ok(visitor.visit::<super::tapestry::Tapestry>(())),
            VariantId::Chakra => Ok(visitor.visit::<super::chakra::Chakra>(())),
            id @ (VariantId::Glinski
            | VariantId::McCooey
            | VariantId::AjGlinski
            | VariantId::AjMcCooey
            | VariantId::AjGlinskiMixed
            | VariantId::AjMcCooeyMixed
            | VariantId::AjCompact) => {
                match super::hexchess::HexOptions::for_variant(id, self.pawn) {
                    Some(options) => Ok(visitor.visit::<super::hexchess::HexChess>(options)),
                    None => Err(format!("variant '{id}' has no hex options")),
                }
            }
            id @ (VariantId::AjGlinski3p
            | VariantId::AjGlinskiMixed3p
            | VariantId::AjMcCooey3p
            | VariantId::AjMcCooeyMixed3p) => {
                match super::hexchess::HexOptions::for_variant(id, self.pawn) {
                    Some(options) => Ok(visitor.visit::<super::hexchess::HexChess3>(options)),
                    None => Err(format!("variant '{id}' has no hex options")),
                }
            }
        }
    }

    /// The variants this build can play.
    pub fn implemented() -> Vec<Variant> {
        VariantId::ALL
            .into_iter()
            .map(Variant::new)
            .filter(|v| v.visit(Probe).is_ok())
            .collect()
    }
}

struct Probe;

impl VariantVisitor for Probe {
    type Output = ();
    fn visit<P: Position>(self, _options: P::Options) {}
}

/// Code that works on any game, written once and called with the concrete type.
pub trait VariantVisitor {
    type Output;
    fn visit<P: Position>(self, options: P::Options) -> Self::Output;
}
