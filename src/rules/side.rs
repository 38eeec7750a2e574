//! The players of a game.

/// A player, numbered in turn order from 0. Two-player games use
/// [`Side::WHITE`] and [`Side::BLACK`]; nothing here assumes only two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Side(pub u8);

impl Side {
    pub const WHITE: Side = Side(0);
    pub const BLACK: Side = Side(1);

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next side in turn order among `side_count` sides.
    pub const fn next(self, side_count: u8) -> Side {
        Side((self.0 + 1) % side_count)
    }

    /// The other side of a two-player game.
    pub const fn opponent(self) -> Side {
        Side(self.0 ^ 1)
    }

    /// The sides of a game of `side_count` sides, from the one that moves
    /// first: White, Black; three players start with Red (side 2).
    pub fn in_turn_order(side_count: u8) -> Vec<Side> {
        match side_count {
            3 => vec![Side(2), Side::WHITE, Side::BLACK],
            n => (0..n).map(Side).collect(),
        }
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            0 => "White",
            1 => "Black",
            2 => "Red",
            _ => "Player",
        }
    }
}
