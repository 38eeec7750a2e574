//! The boards a move diagram shows. A man never stands quite alone: the
//! rules want both Kings (or Generals) on the board, Flaxman's men need
//! their two definers, Tapestry's Fates stand somewhere on the Loom and a
//! chakra has its partner. The companions are placed where they take the
//! fewest of the man's moves away (asked of the rules, position by
//! position), as far from him as the board allows.

use crate::rules::Side;
use crate::rules::history::DrawRules;
use crate::rules::registry::describe;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::{Variant, VariantId};
use crate::rules::view::{BoardLayout, CellId, Effect, ManState, Placement};

use super::text::{Figure, Scene, position_text};

/// What a game's start position tells the stager: its boards, who moves
/// first, who else plays, and which letters are royal.
pub struct Game {
    pub variant: Variant,
    pub layout: BoardLayout,
    pub mover: Side,
    /// The other sides, in turn order after the mover.
    pub others: Vec<Side>,
    start: Vec<Placement>,
}

impl Game {
    pub fn new(variant: Variant) -> Result<Game, String> {
        let start = new_session(variant, DrawRules::default(), None)?;
        let mover = start.side_to_move();
        let count = start.side_count();
        let others = (1..count).map(|k| Side((mover.0 + k) % count)).collect();
        Ok(Game {
            variant,
            layout: start.layout(),
            mover,
            others,
            start: start.placements(),
        })
    }

    pub fn id(&self) -> VariantId {
        self.variant.id
    }

    /// The game's id as the command line writes it.
    pub fn key(&self) -> &'static str {
        describe(self.variant.id).key
    }

    /// The royal man's letter in this game (`K`, or the General `G`), as
    /// the start position shows it.
    pub fn royal_letter(&self) -> Option<char> {
        self.start
            .iter()
            .find(|p| {
                crate::rules::glossary::man_info(self.variant, p.letter, p.state)
                    .is_some_and(|info| info.royal)
            })
            .map(|p| p.letter)
    }

    /// A man of the other side that can stand on any cell and be taken:
    /// the first non-royal piece of the second side's army that is neither
    /// a pawn (which cannot stand on its last rank) nor a chakra.
    pub fn target_letter(&self) -> Option<char> {
        let enemy = *self.others.first()?;
        let mut letters: Vec<char> = self
            .start
            .iter()
            .filter(|p| p.side == Some(enemy) && p.state == ManState::Normal)
            .map(|p| p.letter)
            .filter(|&l| l != 'P' && Some(l) != self.royal_letter())
            .collect();
        letters.sort_unstable();
        letters.first().copied()
    }

    /// Where the mover's pawns start, for a pawn's default cell.
    pub fn start_cells_of(&self, letter: char) -> Vec<CellId> {
        self.start
            .iter()
            .filter(|p| p.side == Some(self.mover) && p.letter == letter)
            .map(|p| p.cell)
            .collect()
    }

    /// Where the game starts a man of this letter and side (the first
    /// such cell), if it does.
    pub fn home(&self, letter: char, side: Side) -> Option<CellId> {
        self.start
            .iter()
            .find(|p| p.letter == letter && p.side == Some(side))
            .map(|p| p.cell)
    }

    pub fn distance(&self, a: CellId, b: CellId) -> f32 {
        let place = |c: CellId| self.layout.cells.get(usize::from(c)).map(|c| c.place);
        match (place(a), place(b)) {
            (Some([ax, ay]), Some([bx, by])) => ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt(),
            _ => 0.0,
        }
    }

    /// The cells of the board the men stand on (not Tapestry's Loom).
    pub fn board_cells(&self) -> Vec<CellId> {
        (0..self.layout.cells.len() as CellId)
            .filter(|&c| self.layout.cells[usize::from(c)].board == 0)
            .collect()
    }

    pub fn text(&self, scene: &Scene) -> String {
        position_text(self.id(), &self.layout, scene, self.mover)
    }

    /// The rules' session on a scene, or why they refuse it.
    pub fn session(&self, scene: &Scene) -> Result<Box<dyn Session>, String> {
        new_session(self.variant, DrawRules::default(), Some(&self.text(scene)))
    }
}

/// The cells the man on `from` moves to without touching anyone else: a
/// staged board where his move would end another army (three players:
/// the next player's General already attacked) shows no such moves.
fn clean_targets(session: &dyn Session, from: CellId) -> usize {
    let mut cells: Vec<CellId> = session
        .legal_moves()
        .iter()
        .filter(|m| m.route.from == from)
        .filter(|m| {
            m.effects.iter().all(|e| match *e {
                Effect::Capture { at } | Effect::Remove { at, .. } => at == m.route.to,
                _ => true,
            })
        })
        .map(|m| m.route.to)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells.len()
}

/// How good a board is for showing the man on `man`: the rules must take
/// it, and then the more of his moves it leaves him the better; among
/// equals, the nearer each companion stands to where his army starts him
/// (Kings at home look like a game), else the farther from the man.
fn score(game: &Game, scene: &Scene, man: CellId) -> Option<(usize, f32)> {
    let session = game.session(scene).ok()?;
    let moves = clean_targets(session.as_ref(), man);
    let closeness: f32 = scene
        .figures
        .iter()
        .filter(|f| f.cell != man)
        .map(|f| match game.home(f.letter, f.side) {
            Some(home) => -game.distance(f.cell, home),
            None => game.distance(f.cell, man),
        })
        .sum();
    Some((moves, closeness))
}

fn better(a: Option<(usize, f32)>, b: Option<(usize, f32)>) -> bool {
    match (a, b) {
        (Some(_), None) => true,
        (Some((ma, sa)), Some((mb, sb))) => ma > mb || (ma == mb && sa > sb + 1e-4),
        _ => false,
    }
}

/// Places each companion (its cell is ignored) beside the fixed figures:
/// first where the game starts him (else on the free cell farthest from
/// the man), then each moved in turn to the cell that scores best with the
/// others where they are, twice round, so that a start the rules refuse
/// (a man attacking a General) is mended one companion at a time.
pub fn place_companions(
    game: &Game,
    mut scene: Scene,
    man: CellId,
    companions: &[Figure],
) -> Result<Scene, String> {
    let mut free: Vec<CellId> = game
        .board_cells()
        .into_iter()
        .filter(|&c| c != man && scene.figures.iter().all(|f| f.cell != c))
        .collect();
    free.sort_by(|&a, &b| game.distance(b, man).total_cmp(&game.distance(a, man)));
    let first = scene.figures.len();
    for figure in companions {
        let taken = |c: CellId| scene.figures.iter().any(|f| f.cell == c);
        let home = game
            .home(figure.letter, figure.side)
            .filter(|&h| free.contains(&h) && !taken(h));
        let Some(cell) = home.or_else(|| free.iter().copied().find(|&c| !taken(c))) else {
            return Err("the board has no room for the men the rules need".into());
        };
        scene.figures.push(Figure { cell, ..*figure });
    }
    let mut best = score(game, &scene, man);
    for _round in 0..2 {
        let before = best;
        for k in first..scene.figures.len() {
            for &cell in &free {
                if scene.figures.iter().any(|f| f.cell == cell) {
                    continue;
                }
                let mut trial = scene.clone();
                trial.figures[k].cell = cell;
                let trial_score = score(game, &trial, man);
                if better(trial_score, best) {
                    best = trial_score;
                    scene = trial;
                }
            }
        }
        if best == before {
            break;
        }
    }
    match best {
        Some(_) => Ok(scene),
        None => Err(game.session(&scene).err().unwrap_or_default()),
    }
}
