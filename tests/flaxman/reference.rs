//! A deliberately plain Flaxman move generator written straight from
//! RULES.md §1: a 6×6 array, everything recomputed, nothing shared with the
//! fast implementation except the notation. It exists to check that one.

use variantarium::rules::Position;
use variantarium::rules::flaxman::Flaxman;
use variantarium::rules::random::Rng;

type Man = (bool, char); // (is White, 'K' | 'S' | 'P')

#[derive(Clone)]
pub struct Board {
    cells: [[Option<Man>; 6]; 6], // [x][y]
    white_to_move: bool,
}

fn name(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn dist2(a: (usize, usize), b: (usize, usize)) -> usize {
    let dx = a.0.abs_diff(b.0);
    let dy = a.1.abs_diff(b.1);
    dx * dx + dy * dy
}

impl Board {
    pub fn start() -> Board {
        Board::parse("1sk1s1/6/6/6/6/1S1KS1 w")
    }

    pub fn parse(text: &str) -> Board {
        let (placement, side) = text.split_once(' ').expect("two fields");
        let mut cells = [[None; 6]; 6];
        for (row, rank) in placement.split('/').enumerate() {
            let y = 5 - row;
            let mut x = 0;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    x += d as usize;
                } else {
                    cells[x][y] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                    x += 1;
                }
            }
        }
        Board {
            cells,
            white_to_move: side == "w",
        }
    }

    fn men(&self, white: bool) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for x in 0..6 {
            for y in 0..6 {
                if matches!(self.cells[x][y], Some((w, _)) if w == white) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// The squared jump of the man at `p`: the distance of the other two.
    fn jump(&self, p: (usize, usize)) -> usize {
        let white = self.cells[p.0][p.1].expect("a man").0;
        let others: Vec<_> = self.men(white).into_iter().filter(|&q| q != p).collect();
        dist2(others[0], others[1])
    }

    fn king_in_check(&self, white: bool) -> bool {
        let king = self
            .men(white)
            .into_iter()
            .find(|&(x, y)| self.cells[x][y] == Some((white, 'K')))
            .expect("a King");
        self.men(!white).into_iter().any(|p| {
            self.cells[p.0][p.1].is_some_and(|(_, k)| k != 'P') && dist2(p, king) == self.jump(p)
        })
    }

    fn apply(&self, from: (usize, usize), to: (usize, usize)) -> Board {
        let mut next = self.clone();
        let mover = self.cells[from.0][from.1];
        let target = self.cells[to.0][to.1];
        next.cells[to.0][to.1] = mover;
        next.cells[from.0][from.1] = target.map(|(w, k)| (w, if k == 'S' { 'P' } else { 'S' }));
        next.white_to_move = !self.white_to_move;
        next
    }

    pub fn legal(&self) -> Vec<(String, Board)> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for p in self.men(us) {
            let (_, kind) = self.cells[p.0][p.1].expect("a man");
            if kind == 'P' {
                continue;
            }
            let d2 = self.jump(p);
            for x in 0..6 {
                for y in 0..6 {
                    if (x, y) == p || dist2(p, (x, y)) != d2 {
                        continue;
                    }
                    let allowed = match self.cells[x][y] {
                        None => true,
                        Some((_, 'K')) => false,
                        Some((_, 'P')) => true,
                        Some((white, _)) => white != us || kind == 'K',
                    };
                    if !allowed {
                        continue;
                    }
                    let next = self.apply(p, (x, y));
                    if !next.king_in_check(us) {
                        out.push((format!("{}-{}", name(p.0, p.1), name(x, y)), next));
                    }
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}

pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .legal()
        .iter()
        .map(|(_, next)| perft(next, depth - 1))
        .sum()
}

/// Walks random games with the fast implementation and compares the legal
/// move texts of both generators at every position.
pub fn agrees_on_random_positions(games: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = Flaxman::start(&());
        for _ in 0..80 {
            let reference: Vec<String> = Board::parse(&pos.to_text())
                .legal()
                .into_iter()
                .map(|(text, _)| text)
                .collect();
            let fast: Vec<String> = variantarium::rules::sorted_moves(&pos)
                .into_iter()
                .map(|(text, _)| text)
                .collect();
            assert_eq!(fast, reference, "position {}", pos.to_text());
            checked += 1;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(checked > games * 10);
}
