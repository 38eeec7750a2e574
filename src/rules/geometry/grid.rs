//! Rectangular grids of points or squares named `a1` … with files from
//! White's left and ranks from White's side, and the iteration of a mask
//! of their cells.

/// A rectangular grid of `files × ranks` cells, indexed `x + files·y`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grid {
    pub files: u8,
    pub ranks: u8,
}

impl Grid {
    pub const fn new(files: u8, ranks: u8) -> Self {
        Grid { files, ranks }
    }

    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    pub const fn index(self, x: u8, y: u8) -> u8 {
        x + self.files * y
    }

    pub const fn coords(self, index: u8) -> (u8, u8) {
        (index % self.files, index / self.files)
    }

    /// The cell at `(x, y)` moved by `(dx, dy)`, if it stays on the grid.
    pub const fn offset(self, index: u8, dx: i8, dy: i8) -> Option<u8> {
        let (x, y) = self.coords(index);
        let nx = x as i8 + dx;
        let ny = y as i8 + dy;
        if nx < 0 || ny < 0 || nx >= self.files as i8 || ny >= self.ranks as i8 {
            None
        } else {
            Some(self.index(nx as u8, ny as u8))
        }
    }

    pub fn name(self, index: u8) -> String {
        let (x, y) = self.coords(index);
        format!("{}{}", (b'a' + x) as char, y + 1)
    }

    /// Parses a cell name such as `e2`; None if it is not a cell of this grid.
    pub fn parse(self, text: &str) -> Option<u8> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let x = file as u8 - b'a';
        let digits = chars.as_str();
        // Digits only: `parse` would also take a sign (`a+1`).
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if digits.starts_with('0') || rank == 0 || x >= self.files || rank > self.ranks {
            return None;
        }
        Some(self.index(x, rank - 1))
    }
}

/// Squared Euclidean distance between two grid cells.
pub const fn distance_squared(grid: Grid, a: u8, b: u8) -> u8 {
    let (ax, ay) = grid.coords(a);
    let (bx, by) = grid.coords(b);
    let dx = ax.abs_diff(bx);
    let dy = ay.abs_diff(by);
    dx * dx + dy * dy
}

/// Chebyshev (king-step) distance between two grid cells.
pub const fn king_distance(grid: Grid, a: u8, b: u8) -> u8 {
    let (ax, ay) = grid.coords(a);
    let (bx, by) = grid.coords(b);
    let dx = ax.abs_diff(bx);
    let dy = ay.abs_diff(by);
    if dx > dy { dx } else { dy }
}

/// Iterates the set bits of a cell mask, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let bit = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(bit)
        }
    })
}

/// Iterates the set bits of a 128-bit cell mask (hex boards), lowest first.
pub fn bits128(mut mask: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let bit = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(bit)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_reject_off_board() {
        let grid = Grid::new(6, 6);
        for i in 0..36 {
            assert_eq!(grid.parse(&grid.name(i)), Some(i));
        }
        assert_eq!(grid.name(0), "a1");
        assert_eq!(grid.name(35), "f6");
        for bad in [
            "g1", "a7", "a0", "a01", "A1", "", "a", "1a", "a1x", "a+1", "a-1", "a256", "é1",
        ] {
            assert_eq!(grid.parse(bad), None, "{bad}");
        }
        let chakra = Grid::new(8, 8);
        assert_eq!(chakra.parse("h8"), Some(63));
    }

    #[test]
    fn offsets_stay_on_the_grid() {
        let grid = Grid::new(6, 6);
        assert_eq!(grid.offset(0, -1, 0), None);
        assert_eq!(grid.offset(0, 1, 1), Some(7));
        assert_eq!(grid.offset(35, 1, 0), None);
        assert_eq!(distance_squared(grid, 0, grid.index(4, 3)), 25);
        assert_eq!(king_distance(grid, 0, grid.index(4, 3)), 4);
        assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
    }
}
