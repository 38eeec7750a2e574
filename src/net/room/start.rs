//! The rules session a game starts with, as its `created` event names it.

use crate::rules::history::DrawRules;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::Variant;

/// The longest position text a game may start from: every game's fits
/// in well under it.
pub const MAX_POSITION_TEXT: usize = 400;

/// A new game's rules session: the variant with its pawn kind, promotion
/// option and start (its own, or a position text), as the `created` event
/// names them.
pub fn game_session(
    variant: &str,
    pawn: Option<&str>,
    promotion: Option<&str>,
    position: Option<&str>,
) -> Result<Box<dyn Session>, String> {
    let parsed = Variant::parse(variant, pawn)?.with_promotion_text(promotion)?;
    new_session(parsed, DrawRules::default(), position).map_err(|e| {
        if position.is_some() {
            format!("position: {e}")
        } else {
            e
        }
    })
}
