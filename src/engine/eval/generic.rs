//! The generic evaluation, for any game: material from the view's letters
//! and the mover's mobility.

use crate::rules::view::ManState;
use crate::rules::{Position, Side};

/// A rough value per piece letter, shared by the chess-like games: the usual
/// chess values for the usual letters, 300 for anything unknown. Royal
/// pieces count nothing (losing them is mate, scored by the search).
pub fn letter_value(letter: char) -> i32 {
    match letter {
        'K' => 0,
        'P' => 100,
        'N' => 300,
        'B' => 320,
        'R' => 500,
        'Q' => 900,
        _ => 300,
    }
}

/// The generic evaluation: material (by [`letter_value`], from the view, men
/// belonging to nobody ignored, Flaxman-style Prisoners counted as nothing)
/// plus a little for each legal move of the side to move. Other sides'
/// mobility is not known without playing a move, so it is left out; for more
/// than two sides the mover's material is compared with the strongest rival.
pub fn generic<P: Position>(pos: &P) -> i32 {
    let sides = usize::from(pos.side_count().max(1));
    let mut material = [0i32; 8];
    for p in pos.placements() {
        let Some(side) = p.side else { continue };
        if p.state == ManState::Prisoner {
            continue;
        }
        if let Some(m) = material.get_mut(side.index()) {
            *m += letter_value(p.letter);
        }
    }
    let me: Side = pos.side_to_move();
    let mine = material.get(me.index()).copied().unwrap_or(0);
    let best_rival = (0..sides.min(8))
        .filter(|&s| s != me.index())
        .map(|s| material[s])
        .max()
        .unwrap_or(0);
    let mobility = pos.count_legal_moves().min(200) as i32;
    mine - best_rival + 2 * mobility
}
