//! Flaxman's staged board: a man jumps as far as his two companions (the
//! definers) stand apart, so they are not companions to keep out of the
//! way but the very thing the diagram shows. They stand a knight's move
//! apart (a jump of √5, the length with the most targets on 6×6), away
//! from every cell the man lands on; the enemy's three men go where they
//! take the fewest of his moves away.

use crate::rules::view::{CellId, ManState};

use super::stage::{Game, place_companions};
use super::text::{Figure, Scene};

/// √5: one step one way and two the other.
const DEFINERS_APART_SQUARED: f32 = 5.0;

pub fn stage(game: &Game, mut scene: Scene, man: Figure) -> Result<Scene, String> {
    let own = |letter| Figure {
        cell: 0,
        letter,
        side: game.mover,
        state: ManState::Normal,
    };
    let definers = if man.letter == 'K' {
        [own('S'), own('S')]
    } else {
        [own('K'), own('S')]
    };
    let (a, b) = definer_cells(game, man.cell, &definers).ok_or("no room for the definers")?;
    scene.figures.push(Figure {
        cell: a,
        ..definers[0]
    });
    scene.figures.push(Figure {
        cell: b,
        ..definers[1]
    });
    let enemy = *game.others.first().ok_or("Flaxman has two sides")?;
    let theirs = |letter| Figure {
        side: enemy,
        ..own(letter)
    };
    place_companions(
        game,
        scene,
        man.cell,
        &[theirs('K'), theirs('S'), theirs('S')],
    )
}

fn squared(game: &Game, a: CellId, b: CellId) -> f32 {
    game.distance(a, b).powi(2)
}

/// Two points √5 apart, neither a point the man jumps to, the pair as near
/// where the game starts these two men as the board allows.
fn definer_cells(game: &Game, man: CellId, definers: &[Figure; 2]) -> Option<(CellId, CellId)> {
    let near = |a: f32, b: f32| (a - b).abs() < 0.01;
    let points = game.board_cells();
    let lands = |c: CellId| c == man || near(squared(game, c, man), DEFINERS_APART_SQUARED);
    let mut pairs: Vec<(CellId, CellId)> = points
        .iter()
        .flat_map(|&a| points.iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| a != b && near(squared(game, a, b), DEFINERS_APART_SQUARED))
        .filter(|&(a, b)| !lands(a) && !lands(b))
        .collect();
    let from_home = |cell: CellId, figure: &Figure| {
        game.home(figure.letter, figure.side)
            .map_or(0.0, |home| game.distance(cell, home))
    };
    let away = |(a, b): (CellId, CellId)| from_home(a, &definers[0]) + from_home(b, &definers[1]);
    pairs.sort_by(|&p, &q| away(p).total_cmp(&away(q)));
    pairs.first().copied()
}
