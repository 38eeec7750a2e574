//! Hexagonal boards (RULES.md §3): axial coordinates `(l, n)` with
//! `0 ≤ l, n ≤ 2r` and `|l − n| ≤ r`, for radius `r` 5 (91 cells, Glinski and
//! McCooey) or 4 (61 cells, Compact). White's forward is `(1, 1)`.
//!
//! Cells are indexed in lexicographic order of `(l, n)`, so that every
//! direction vector either always raises or always lowers the index
//! ([`is_rising`]): a rider's first blocker is then the lowest or highest set
//! bit of a ray mask.

/// The six orthogonal unit steps e0..e5 in rotational order (White's view).
pub const ORTHO: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
/// The six diagonal steps d0..d5, `d_i = e_i + e_{i+1}`.
pub const DIAG: [(i8, i8); 6] = [(2, 1), (1, 2), (-1, 1), (-2, -1), (-1, -2), (1, -1)];
/// The twelve √7 leaps (Knight, Sennight).
pub const LEAPS: [(i8, i8); 12] = [
    (3, 2),
    (-3, -2),
    (2, 3),
    (-2, -3),
    (3, 1),
    (-3, -1),
    (1, 3),
    (-1, -3),
    (2, -1),
    (-2, 1),
    (-1, 2),
    (1, -2),
];

/// The step `(dl, dn)` turned anticlockwise by `sixths` × 60°: one turn maps
/// e_i to e_{i+1} (and d_i to d_{i+1}), `(x, y) → (x − y, x)`.
pub const fn rotate(step: (i8, i8), sixths: u8) -> (i8, i8) {
    let (mut x, mut y) = step;
    let mut turn = 0;
    while turn < sixths % 6 {
        (x, y) = (x - y, x);
        turn += 1;
    }
    (x, y)
}

/// Whether stepping by `(dl, dn)` always raises the cell index.
pub const fn is_rising(dl: i8, dn: i8) -> bool {
    dl > 0 || (dl == 0 && dn > 0)
}

/// A hexagonal board of the given radius.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexGrid {
    pub radius: u8,
}

impl HexGrid {
    /// The 91-cell board of Glinski and McCooey.
    pub const LARGE: HexGrid = HexGrid { radius: 5 };
    /// The 61-cell board of Compact Anglojewish Chess.
    pub const COMPACT: HexGrid = HexGrid { radius: 4 };

    /// Cells along an axis: 11 or 9.
    pub const fn span(self) -> u8 {
        2 * self.radius + 1
    }

    /// Number of cells: `3r(r+1) + 1`.
    pub const fn len(self) -> usize {
        let r = self.radius as usize;
        3 * r * (r + 1) + 1
    }

    pub const fn is_empty(self) -> bool {
        false
    }

    pub const fn contains(self, l: i8, n: i8) -> bool {
        let max = 2 * self.radius as i8;
        // Both in 0..=max first, so `l - n` cannot overflow.
        l >= 0 && n >= 0 && l <= max && n <= max && (l - n).abs() <= self.radius as i8
    }

    /// The index of cell `(l, n)`, if it is on the board.
    pub const fn index(self, l: i8, n: i8) -> Option<u8> {
        if !self.contains(l, n) {
            return None;
        }
        let r = self.radius as i8;
        let mut before: i32 = 0;
        let mut row = 0;
        while row < l {
            before += self.row_len(row) as i32;
            row += 1;
        }
        let first = if l - r > 0 { l - r } else { 0 };
        Some((before + (n - first) as i32) as u8)
    }

    /// Cells with a given `l`.
    const fn row_len(self, l: i8) -> u8 {
        let r = self.radius as i8;
        let lo = if l - r > 0 { l - r } else { 0 };
        let hi = if l + r < 2 * r { l + r } else { 2 * r };
        (hi - lo + 1) as u8
    }

    /// The axial coordinates of a cell index.
    pub const fn coords(self, index: u8) -> Option<(i8, i8)> {
        let r = self.radius as i8;
        let mut rest = index as i32;
        let mut l = 0;
        while l <= 2 * r {
            let len = self.row_len(l) as i32;
            if rest < len {
                let first = if l - r > 0 { l - r } else { 0 };
                return Some((l, first + rest as i8));
            }
            rest -= len;
            l += 1;
        }
        None
    }

    /// The cell reached from `index` by `(dl, dn)`, if on the board.
    pub const fn offset(self, index: u8, dl: i8, dn: i8) -> Option<u8> {
        match self.coords(index) {
            Some((l, n)) => match (l.checked_add(dl), n.checked_add(dn)) {
                (Some(l), Some(n)) => self.index(l, n),
                _ => None,
            },
            None => None,
        }
    }

    fn files(self) -> &'static [u8] {
        if self.radius == 5 {
            b"abcdefghikl"
        } else {
            b"abcdefghi"
        }
    }

    /// The file index from White's left, `l − n + r` (0 = a).
    pub fn file(self, index: u8) -> Option<u8> {
        let (l, n) = self.coords(index)?;
        Some((l - n + self.radius as i8) as u8)
    }

    /// Whether the cell is on the centre file (f, or e on Compact): `l = n`.
    pub fn is_centre_file(self, index: u8) -> bool {
        self.coords(index).is_some_and(|(l, n)| l == n)
    }

    /// The Glinski name: file letter (no j) and rank `min(l, n) + 1`.
    pub fn name(self, index: u8) -> String {
        match self.coords(index) {
            Some((l, n)) => {
                let file = self.files()[(l - n + self.radius as i8) as usize] as char;
                format!("{file}{}", l.min(n) + 1)
            }
            None => format!("#{index}"),
        }
    }

    /// Parses a Glinski name such as `f6` or `f11`.
    pub fn parse(self, text: &str) -> Option<u8> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let f = self.files().iter().position(|&c| c as char == file)? as i8;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: i8 = digits.parse().ok()?;
        // No file has more cells than the board's span: a larger rank would
        // overflow the arithmetic below.
        if rank > self.span() as i8 {
            return None;
        }
        let low = rank - 1;
        let diff = f - self.radius as i8;
        let (l, n) = if diff >= 0 {
            (low + diff, low)
        } else {
            (low, low - diff)
        };
        self.index(l, n)
    }

    /// Gilman's number: first digit `n + 1`, second `l + 1`, in the digits
    /// 1–9, a, b (11 = f1, 21 = e1, 12 = g1).
    pub fn gilman(self, index: u8) -> String {
        const DIGITS: &[u8] = b"0123456789ab";
        match self.coords(index) {
            Some((l, n)) => format!(
                "{}{}",
                DIGITS[n as usize + 1] as char,
                DIGITS[l as usize + 1] as char
            ),
            None => format!("#{index}"),
        }
    }

    /// The cell colour `(l + n + 2) mod 3` (three colours; bishops and
    /// Rabbis stay on one).
    pub fn colour(self, index: u8) -> u8 {
        self.coords(index)
            .map_or(0, |(l, n)| ((l + n + 2) % 3) as u8)
    }

    /// The cell turned anticlockwise by `sixths` × 60° about the board's
    /// centre (f6 on 91 cells); every cell has one.
    pub const fn rotate_cell(self, index: u8, sixths: u8) -> Option<u8> {
        match self.coords(index) {
            Some((l, n)) => {
                let r = self.radius as i8;
                let (x, y) = rotate((l - r, n - r), sixths);
                self.index(x + r, y + r)
            }
            None => None,
        }
    }

    /// The centre of a flat-topped hexagon, White at the bottom, neighbouring
    /// centres 1.0 apart: `x = (l − n)·√3/2`, `y = (l + n)/2` (f1 at the origin).
    pub fn place(self, index: u8) -> [f32; 2] {
        let (l, n) = self.coords(index).unwrap_or((0, 0));
        let half_root3 = 3f32.sqrt() / 2.0;
        [(l - n) as f32 * half_root3, (l + n) as f32 / 2.0]
    }

    /// The centre of the board in the units of [`HexGrid::place`].
    pub fn centre(self) -> [f32; 2] {
        [0.0, self.radius as f32]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_coords_agree() {
        for grid in [HexGrid::LARGE, HexGrid::COMPACT] {
            for i in 0..grid.len() as u8 {
                let (l, n) = grid.coords(i).unwrap();
                assert_eq!(grid.index(l, n), Some(i));
                assert_eq!(grid.parse(&grid.name(i)), Some(i));
            }
            assert_eq!(grid.coords(grid.len() as u8), None);
        }
        assert_eq!(HexGrid::LARGE.len(), 91);
        assert_eq!(HexGrid::LARGE.index(i8::MIN, i8::MAX), None);
        assert_eq!(HexGrid::LARGE.offset(0, i8::MIN, 0), None);
        assert_eq!(HexGrid::LARGE.offset(90, i8::MAX, i8::MAX), None);
        // Ranks past the board are refused, not overflowed.
        for bad in [
            "k127", "a127", "f12", "l99", "f+1", "f-1", "f128", "j1", "f",
        ] {
            assert_eq!(HexGrid::LARGE.parse(bad), None, "{bad}");
        }
        assert_eq!(HexGrid::COMPACT.parse("i120"), None);
    }

    #[test]
    fn directions_in_rotational_order() {
        for i in 0..6 {
            let (a, b) = (ORTHO[i], ORTHO[(i + 1) % 6]);
            assert_eq!(DIAG[i], (a.0 + b.0, a.1 + b.1));
            assert_eq!(ORTHO[(i + 3) % 6], (-a.0, -a.1));
        }
        // Squared length in this 60° basis is l² + n² − l·n: 7 for a leap.
        for (l, n) in LEAPS {
            let (l, n) = (l as i32, n as i32);
            assert_eq!(l * l + n * n - l * n, 7);
        }
        assert_eq!(HexGrid::COMPACT.len(), 61);
    }

    #[test]
    fn rotation_turns_steps_and_cells_about_the_centre() {
        for i in 0..6 {
            assert_eq!(rotate(ORTHO[i], 1), ORTHO[(i + 1) % 6]);
            assert_eq!(rotate(DIAG[i], 2), DIAG[(i + 2) % 6]);
            assert_eq!(rotate(ORTHO[i], 6), ORTHO[i]);
        }
        let g = HexGrid::LARGE;
        let cell = |name: &str| g.parse(name).unwrap();
        // RULES.md: Red's General g1 turns to k7 (120°) and a5 (240°).
        assert_eq!(g.rotate_cell(cell("g1"), 2), Some(cell("k7")));
        assert_eq!(g.rotate_cell(cell("g1"), 4), Some(cell("a5")));
        assert_eq!(g.rotate_cell(cell("f1"), 2), Some(cell("l6")));
        assert_eq!(g.rotate_cell(cell("f6"), 1), Some(cell("f6")));
        for grid in [HexGrid::LARGE, HexGrid::COMPACT] {
            for c in 0..grid.len() as u8 {
                let turned = grid.rotate_cell(c, 1).expect("on the board");
                assert_eq!(grid.rotate_cell(turned, 5), Some(c));
            }
        }
    }
}
