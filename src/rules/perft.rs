//! perft: the number of leaves of the legal-move tree (RULES.md), counted in
//! bulk at the last ply.

use super::position::Position;

pub fn perft<P: Position>(pos: &mut P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<P::Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(pos, depth, &mut buffers)
}

fn count<P: Position>(pos: &mut P, depth: u32, buffers: &mut [Vec<P::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
            moves.clear();
            pos.legal_moves(moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                let undo = pos.play(mv);
                nodes += count(pos, depth - 1, deeper);
                pos.undo(mv, undo);
            }
            nodes
        }
    }
}

/// perft split by first move: `(move text, count)` sorted by text in byte order.
pub fn divide<P: Position>(pos: &mut P, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    super::legal::sorted_moves(pos)
        .into_iter()
        .map(|(text, mv)| {
            let undo = pos.play(mv);
            let nodes = perft(pos, depth - 1);
            pos.undo(mv, undo);
            (text, nodes)
        })
        .collect()
}
