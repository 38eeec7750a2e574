//! Material as puzzles count it: each man's value by its letter
//! ([`letter_value`]: 100 a pawn, 300 a minor piece or any man the table
//! does not name, 500 a Rook, 900 a Queen), royal men and Prisoners
//! nothing, men of nobody (Fates, chakras) not counted.

use crate::engine::eval::generic::letter_value;
use crate::rules::registry::describe;
use crate::rules::variant::Variant;
use crate::rules::view::ManState;
use crate::rules::{Position, Side};

/// The least material gain a material puzzle wins: a minor piece.
pub const MINOR_PIECE: i32 = 300;

/// `side`'s material minus its opponents' together.
pub fn balance<P: Position>(pos: &P, variant: Variant, side: Side) -> i32 {
    let men = describe(variant.id).men;
    pos.placements()
        .into_iter()
        .filter_map(|p| {
            let owner = p.side?;
            if p.state == ManState::Prisoner {
                return None;
            }
            let royal = men(variant, p.letter, p.state).is_some_and(|m| m.royal);
            let value = if royal { 0 } else { letter_value(p.letter) };
            Some(if owner == side { value } else { -value })
        })
        .sum()
}
