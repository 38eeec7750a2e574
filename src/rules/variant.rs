//! The games by id, a hex game's pawn-like piece, an Anglojewish game's
//! promotion option, and a game with its options: plain values that name no
//! game type. Their names and descriptions are in [`super::registry`]; the
//! game type that plays each is found by [`super::dispatch`].

use std::str::FromStr;

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

/// What an Anglojewish game's men promote to (RULES.md §3,
/// "Straight-promotee options").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Promotion {
    /// Pawn-like pieces promote to the array's own pieces (Cohen, Finch,
    /// Rabbi, Sennight, and the mixed-bird Rook).
    #[default]
    Curved,
    /// Pawn-like pieces promote to Queen, Rook, Unicorn or Sennight.
    Straight,
    /// As `Straight`, and a Finch, Rabbi or Cohen ending a move in its
    /// promotion zone may become a Rook, Unicorn or Queen.
    StraightCurved,
}

impl Promotion {
    pub const ALL: [Promotion; 3] = [
        Promotion::Curved,
        Promotion::Straight,
        Promotion::StraightCurved,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Promotion::Curved => "curved",
            Promotion::Straight => "straight",
            Promotion::StraightCurved => "straight-curved",
        }
    }
}

impl FromStr for Promotion {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Promotion::ALL
            .into_iter()
            .find(|p| p.id() == text)
            .ok_or_else(|| {
                format!("unknown promotion '{text}' (known: curved, straight, straight-curved)")
            })
    }
}

/// A variant and its options: everything needed to set up a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Variant {
    pub id: VariantId,
    /// Hex games only: overrides the layout's default pawn-like piece.
    pub pawn: Option<PawnKind>,
    /// Anglojewish games only: what men promote to (None: curved).
    pub promotion: Option<Promotion>,
}

impl Variant {
    pub fn new(id: VariantId) -> Self {
        Variant {
            id,
            pawn: None,
            promotion: None,
        }
    }
}
