//! The one place that maps a variant to the game type that plays it: code
//! written once for any [`Position`] is called with the concrete type.

use super::chakra::Chakra;
use super::flaxman::Flaxman;
use super::hexchess::{HexChess, HexChess3, HexOptions};
use super::position::Position;
use super::tapestry::Tapestry;
use super::variant::{Variant, VariantId};

/// Code that works on any game, written once and called with the concrete type.
pub trait VariantVisitor {
    type Output;
    fn visit<P: Position>(self, options: P::Options) -> Self::Output;
}

impl Variant {
    /// Calls the visitor with the game type that plays this variant and its
    /// options; an error when the options do not fit the game.
    pub fn visit<V: VariantVisitor>(&self, visitor: V) -> Result<V::Output, String> {
        match self.id {
            VariantId::Flaxman => Ok(visitor.visit::<Flaxman>(())),
            VariantId::Tapestry => Ok(visitor.visit::<Tapestry>(())),
            VariantId::Chakra => Ok(visitor.visit::<Chakra>(())),
            id @ (VariantId::Glinski
            | VariantId::McCooey
            | VariantId::AjGlinski
            | VariantId::AjMcCooey
            | VariantId::AjGlinskiMixed
            | VariantId::AjMcCooeyMixed
            | VariantId::AjCompact) => match self.hex_options(id) {
                Some(options) => Ok(visitor.visit::<HexChess>(options)),
                None => Err(format!("variant '{id}' does not take these options")),
            },
            id @ (VariantId::AjGlinski3p
            | VariantId::AjGlinskiMixed3p
            | VariantId::AjMcCooey3p
            | VariantId::AjMcCooeyMixed3p) => match self.hex_options(id) {
                Some(options) => Ok(visitor.visit::<HexChess3>(options)),
                None => Err(format!("variant '{id}' does not take these options")),
            },
        }
    }

    /// The options of a hex variant: its pawn kind and promotion option
    /// (None when the game does not take that promotion option).
    fn hex_options(&self, id: VariantId) -> Option<HexOptions> {
        HexOptions::for_variant(id, self.pawn)?.with_promotion(self.promotion.unwrap_or_default())
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
