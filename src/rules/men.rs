//! The words for men that several games share: the orthodox chess men of
//! the square-board games and the pawn-like kinds of the hex games.

use super::variant::PawnKind;
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
