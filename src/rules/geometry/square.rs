//! The precomputed moves of chess-like men on a square board of up to 64
//! squares, shared by the square-board games (Tapestry, Chakra): the eight
//! rays from every square, the Knight's and King's leaps, and the lines
//! through a square. Built at compile time for the game's [`Grid`];
//! `N` is its number of squares.

use super::grid::Grid;

/// The eight directions. The first four raise the square index (a ray's
/// nearest blocker is its lowest set bit); `d ^ 4` is the opposite of `d`.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
/// The directions along ranks and files, and along diagonals.
pub const ROOK_DIRECTIONS: [usize; 4] = [0, 1, 4, 5];
pub const BISHOP_DIRECTIONS: [usize; 4] = [2, 3, 6, 7];

/// The Knight's leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The squares one leap of `leaps` takes a man from `from` to, as a mask.
pub const fn leap_mask(grid: Grid, leaps: &[(i8, i8)], from: u8) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < leaps.len() {
        if let Some(to) = grid.offset(from, leaps[i].0, leaps[i].1) {
            mask |= 1 << to;
        }
        i += 1;
    }
    mask
}

/// `table[s]`: the squares one leap of `leaps` takes a man from `s` to.
pub const fn leap_table<const N: usize>(grid: Grid, leaps: &[(i8, i8)]) -> [u64; N] {
    let mut table = [0; N];
    let mut s = 0;
    while s < N {
        table[s] = leap_mask(grid, leaps, s as u8);
        s += 1;
    }
    table
}

/// The rays, leaps and lines of one square board.
pub struct SquareKit<const N: usize> {
    /// `rays[d][s]`: the squares from `s` (exclusive) to the edge in
    /// direction `d`.
    pub rays: [[u64; N]; 8],
    pub knight: [u64; N],
    pub king: [u64; N],
    /// `lines[s]`: every square sharing a rank, file or diagonal with `s`.
    /// Only a man on one of these can uncover an attack on a King on `s`.
    pub lines: [u64; N],
}

impl<const N: usize> SquareKit<N> {
    pub const fn new(grid: Grid) -> Self {
        assert!(grid.len() == N && N <= 64);
        let mut rays = [[0; N]; 8];
        let mut lines = [0; N];
        let mut d = 0;
        while d < 8 {
            let mut s = 0;
            while s < N {
                let mut at = s as u8;
                while let Some(next) = grid.offset(at, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                    rays[d][s] |= 1 << next;
                    at = next;
                }
                lines[s] |= rays[d][s];
                s += 1;
            }
            d += 1;
        }
        SquareKit {
            rays,
            knight: leap_table(grid, &KNIGHT_LEAPS),
            king: leap_table(grid, &DIRECTIONS),
            lines,
        }
    }

    /// The squares a slider on `s` reaches in direction `d`, up to and
    /// including the first square of `stops`.
    #[inline]
    pub fn ray(&self, d: usize, s: u8, stops: u64) -> u64 {
        let ray = self.rays[d][s as usize];
        let hit = ray & stops;
        if hit == 0 {
            return ray;
        }
        let first = if d < 4 {
            hit.trailing_zeros()
        } else {
            63 - hit.leading_zeros()
        };
        ray ^ self.rays[d][first as usize]
    }

    /// A Rook's reach from `s`, stopped by `stops`.
    #[inline]
    pub fn rook(&self, s: u8, stops: u64) -> u64 {
        self.ray(0, s, stops)
            | self.ray(1, s, stops)
            | self.ray(4, s, stops)
            | self.ray(5, s, stops)
    }

    /// A Bishop's reach from `s`, stopped by `stops`.
    #[inline]
    pub fn bishop(&self, s: u8, stops: u64) -> u64 {
        self.ray(2, s, stops)
            | self.ray(3, s, stops)
            | self.ray(6, s, stops)
            | self.ray(7, s, stops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A slow reference: step from `s` in direction `d` until the edge or
    /// the first stop.
    fn walk(grid: Grid, d: usize, s: u8, stops: u64) -> u64 {
        let mut mask = 0;
        let mut at = s;
        while let Some(next) = grid.offset(at, DIRECTIONS[d].0, DIRECTIONS[d].1) {
            mask |= 1 << next;
            if stops & (1 << next) != 0 {
                break;
            }
            at = next;
        }
        mask
    }

    fn agrees_with_walking<const N: usize>(grid: Grid) {
        let kit = SquareKit::<N>::new(grid);
        let mut stops = 0x9A3C_5E71_0F0F_3355u64 & ((1u128 << N) - 1) as u64;
        for s in 0..N as u8 {
            stops = stops.rotate_left(7) & ((1u128 << N) - 1) as u64;
            let rook: u64 = ROOK_DIRECTIONS
                .iter()
                .map(|&d| walk(grid, d, s, stops))
                .fold(0, |a, b| a | b);
            let bishop: u64 = BISHOP_DIRECTIONS
                .iter()
                .map(|&d| walk(grid, d, s, stops))
                .fold(0, |a, b| a | b);
            assert_eq!(kit.rook(s, stops), rook, "rook from {s}");
            assert_eq!(kit.bishop(s, stops), bishop, "bishop from {s}");
            assert_eq!(kit.lines[s as usize], kit.rook(s, 0) | kit.bishop(s, 0));
        }
    }

    #[test]
    fn rays_and_leaps_agree_with_walking_the_board() {
        agrees_with_walking::<36>(Grid::new(6, 6));
        agrees_with_walking::<64>(Grid::new(8, 8));
        let kit = SquareKit::<64>::new(Grid::new(8, 8));
        // a1: two Knight leaps, three King steps; d4: eight of each.
        assert_eq!(kit.knight[0].count_ones(), 2);
        assert_eq!(kit.king[0].count_ones(), 3);
        assert_eq!(kit.knight[27].count_ones(), 8);
        assert_eq!(kit.king[27].count_ones(), 8);
    }
}
