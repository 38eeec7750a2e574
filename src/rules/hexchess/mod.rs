//! Hexagonal chess (RULES.md §3): classical Glinski and McCooey, and Charles
//! Gilman's Anglojewish Chess with its curved riders (Finch, Rabbi, Cohen),
//! the Sennight and the General, on the 91-cell board or the 61-cell Compact
//! board, with any of the four pawn-like pieces and, in the Anglojewish
//! games, any promotion option (curved, straight, straight-curved).
//!
//! The board is a mailbox of piece codes plus `u128` masks per kind and per
//! side; every geometric fact (neighbours, rays, leaps, curved paths, pawn
//! captures and their reverse) is precomputed once per board size. Legality
//! is an attack test on the royal piece after the move, skipped for moves
//! that cannot uncover it (not in check, not the royal piece, not en passant,
//! and the piece does not stand on a line or curved path from its royal).
//!
//! The kinds, options and tables both games share are in [`shared`]; the
//! two-player position in [`two`], the three-player one in [`three`]; the
//! rule overlays of both in [`hints`].

mod hints;
mod shared;
mod three;
mod two;

pub use shared::{
    ANGLOJEWISH_RULES_TEXT, Army, CLASSICAL_RULES_TEXT, HexOptions, Kind, Layout, Move,
};
pub use three::HexChess3;
pub use three::RULES_TEXT as THREE_PLAYER_RULES_TEXT;
pub use two::{HexChess, men};
