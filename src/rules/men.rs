//! The words for men that several games share: the orthodox chess men of
//! the square-board games, the pawn-like kinds of the hex games and the
//! Anglojewish promotion options.

use super::variant::{PawnKind, Promotion};
use super::view::ManInfo;

/// The men of orthodox chess, as the square-board games that keep them
/// describe them.
pub fn chess_man(letter: char) -> Option<ManInfo> {
    match letter {
        'K' => ManInfo::royal("King", "king", "one step in any direction"),
        'Q' => ManInfo::man("Queen", "queen", "slides along ranks, files and diagonals"),
        'R' => ManInfo::man("Rook", "rook", "slides along ranks and files"),
        'B' => ManInfo::man("Bishop", "bishop", "slides along diagonals"),
        'N' => ManInfo::man(
            "Knight",
            "knight",
            "leaps two squares straight and one aside",
        ),
        _ => None,
    }
}

/// What a pawn-like kind of the hex games does (RULES.md §3).
pub fn pawn_info(kind: PawnKind) -> ManInfo {
    let summary = match kind {
        PawnKind::Point => "one step forward; captures straight forward",
        PawnKind::Migrant => {
            "one step forward; captures on the two half-forward orthogonals (Glinski's pawn)"
        }
        PawnKind::Broker => {
            "one step forward; captures on the two forward diagonals (McCooey's pawn)"
        }
        PawnKind::Corporal => {
            "one step forward; captures half-forward toward the edge and diagonally toward the centre"
        }
    };
    let (name, model) = match kind {
        PawnKind::Point => ("Point", "pawn-point"),
        PawnKind::Migrant => ("Migrant", "pawn-migrant"),
        PawnKind::Broker => ("Broker", "pawn-broker"),
        PawnKind::Corporal => ("Corporal", "pawn-corporal"),
    };
    ManInfo {
        name,
        summary,
        model,
        royal: false,
    }
}

/// A promotion option of the Anglojewish games in a few words, and in one
/// line (RULES.md §3, Straight-promotee options).
pub fn promotion_info(option: Promotion) -> (&'static str, &'static str) {
    match option {
        Promotion::Curved => (
            "Curved",
            "a pawn becomes a Cohen, Finch, Rabbi or Sennight (the army's own men)",
        ),
        Promotion::Straight => (
            "Straight",
            "a pawn becomes a Queen, Rook, Unicorn or Sennight (the straight riders)",
        ),
        Promotion::StraightCurved => (
            "Straight-curved",
            "as Straight, and a Finch, Rabbi or Cohen reaching the far edge may straighten \
             into a Rook, Unicorn or Queen",
        ),
    }
}
