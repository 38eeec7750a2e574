//! `Piece` entities mirror the rules' placements. After a move they are
//! rebuilt from the new placements and the move's effects set them in motion
//! from where they stood: slides and leaps, swaps, Transmitter jumps, flips,
//! and ghosts of what was captured. Undo, redo and jumps in the move list
//! have no single move's effects, so the men glide from their old cells to
//! their new ones instead ([`morph`]).

use bevy::prelude::*;

use crate::app::play::board::{CellIndex, spawn_cells};
use crate::app::play::elimination::{Vacated, show_eliminations};
use crate::app::play::game::{AnimationSpeed, GameStarted, Match, MoveApplied, PositionChanged};
use crate::rules::Side;
use crate::rules::view::{CellId, Effect, ManState, Placement};

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub cell: CellId,
    pub letter: char,
    pub side: Option<Side>,
    pub state: ManState,
    pub level: u8,
}

impl Piece {
    pub fn of(p: &Placement) -> Self {
        Piece {
            cell: p.cell,
            letter: p.letter,
            side: p.side,
            state: p.state,
            level: p.level,
        }
    }

    /// Fates stack tall; a piece on a chakra stands on a thin disc.
    pub fn height_above_board(&self) -> f32 {
        let step = if self.side.is_none() { 0.23 } else { 0.07 };
        self.level as f32 * step
    }
}

/// A captured or removed man on its way off the board (not a `Piece`).
#[derive(Component, Clone, Copy, Debug)]
pub struct Ghost(pub Piece);

/// Motion along a path of points, with an arc for leaps.
#[derive(Component, Clone, Debug)]
pub struct Tween {
    pub path: Vec<Vec3>,
    pub elapsed: f32,
    pub duration: f32,
    pub arc: f32,
}

/// A chakra turning over, or a man changing (Prisoner, promotion).
#[derive(Component, Clone, Copy, Debug)]
pub struct Turning {
    pub elapsed: f32,
    pub duration: f32,
}

/// A chakra turning over like a coin about a line across the board, raised
/// as it turns so that it never cuts the board, and coming to rest on its
/// cell. A chakra that travels first turns once it has arrived.
#[derive(Component, Clone, Copy, Debug)]
pub struct Flipping {
    pub elapsed: f32,
    pub duration: f32,
    pub rest: Vec3,
}

/// How long an eliminated army takes to sink away, in seconds: slowly
/// enough to follow.
pub const ELIMINATION_SECONDS: f32 = 2.0;

/// A ghost sinking away.
#[derive(Component, Clone, Copy, Debug)]
pub struct Fading {
    pub elapsed: f32,
    pub duration: f32,
}

/// The systems that despawn and respawn `Piece` and ghost entities. Whatever
/// dresses a new entity runs after them in the same frame, or the board
/// would stand empty for a frame after each move.
#[derive(SystemSet, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PieceSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (rebuild_pieces, animate_applied_moves)
                .chain()
                .after(spawn_cells)
                .after(show_eliminations)
                .in_set(PieceSystems),
            (
                advance_tweens,
                advance_turning,
                advance_flipping,
                advance_fading,
            ),
        )
            .chain(),
    );
}

fn place_of(index: &CellIndex, piece: &Piece) -> Vec3 {
    index.place(piece.cell) + Vec3::Y * piece.height_above_board()
}

fn spawn_piece(commands: &mut Commands, index: &CellIndex, piece: Piece) -> Entity {
    commands
        .spawn((
            Name::new(format!("piece {}", piece.letter)),
            piece,
            Transform::from_translation(place_of(index, &piece)),
        ))
        .id()
}

/// A new game sets the pieces down; undo, redo and a jump in the move list
/// move them from where they stood to where they now stand (see [`morph`]).
fn rebuild_pieces(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    mut changed: MessageReader<PositionChanged>,
    game: Option<Res<Match>>,
    index: Res<CellIndex>,
    speed: Res<AnimationSpeed>,
    pieces: Query<(Entity, Option<&Piece>), Or<(With<Piece>, With<Ghost>)>>,
) {
    let new_game = started.read().count() > 0;
    let moved = changed.read().count() > 0;
    let Some(game) = game else { return };
    if !(new_game || moved) {
        return;
    }
    let before: Vec<Piece> = pieces.iter().filter_map(|(_, p)| p.copied()).collect();
    for (entity, _) in &pieces {
        commands.entity(entity).despawn();
    }
    let after: Vec<Piece> = game.session.placements().iter().map(Piece::of).collect();
    let duration = if new_game { 0.0 } else { speed.0 };
    if duration <= 0.0 {
        for piece in after {
            spawn_piece(&mut commands, &index, piece);
        }
        return;
    }
    let distance = |a: &Piece, b: &Piece| index.place(a.cell).distance(index.place(b.cell));
    let plan = morph(&before, &after, distance);
    let turning = Turning {
        elapsed: 0.0,
        duration,
    };
    for (piece, origin) in plan.arrivals {
        let entity = spawn_piece(&mut commands, &index, piece);
        let glide = |old: Piece| {
            let path = vec![place_of(&index, &old), place_of(&index, &piece)];
            tween(path, duration)
        };
        match origin {
            Origin::Stays => {}
            Origin::From(old) => {
                commands.entity(entity).insert(glide(old));
            }
            Origin::Changed(old) => {
                commands.entity(entity).insert((glide(old), turning));
            }
            Origin::Appears => {
                commands.entity(entity).insert(turning);
            }
        }
    }
    for piece in plan.departures {
        let fading = Fading {
            elapsed: 0.0,
            duration,
        };
        spawn_ghost(&mut commands, &index, piece, fading);
    }
}

/// Where a man standing after a jump in the game's history comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The same man stood on the same cell.
    Stays,
    /// The same kind of man of the same side stood elsewhere.
    From(Piece),
    /// A man of the same side stood elsewhere as another letter or state (a
    /// promotion or a Prisoner taken back).
    Changed(Piece),
    /// Nothing of its side was left to come from (a capture taken back).
    Appears,
}

/// How the men `before` become the men `after`, by any number of moves
/// back or forward: each man after gets an origin, nearest first, and the
/// men before that nobody came from leave the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Morph {
    pub arrivals: Vec<(Piece, Origin)>,
    pub departures: Vec<Piece>,
}

pub fn morph(before: &[Piece], after: &[Piece], distance: impl Fn(&Piece, &Piece) -> f32) -> Morph {
    let mut free: Vec<Option<Piece>> = before.iter().copied().map(Some).collect();
    let mut origins: Vec<Option<Origin>> = vec![None; after.len()];
    for (slot, piece) in origins.iter_mut().zip(after) {
        if let Some(i) = free.iter().position(|p| p.as_ref() == Some(piece)) {
            free[i] = None;
            *slot = Some(Origin::Stays);
        }
    }
    for (slot, piece) in origins.iter_mut().zip(after) {
        if slot.is_none() {
            let same_kind = |p: &Piece| {
                p.letter == piece.letter && p.side == piece.side && p.state == piece.state
            };
            *slot = claim_nearest(&mut free, piece, same_kind, &distance).map(Origin::From);
        }
    }
    for (slot, piece) in origins.iter_mut().zip(after) {
        if slot.is_none() {
            let same_side = |p: &Piece| p.side == piece.side;
            *slot = claim_nearest(&mut free, piece, same_side, &distance).map(Origin::Changed);
        }
    }
    Morph {
        arrivals: after
            .iter()
            .zip(origins)
            .map(|(p, o)| (*p, o.unwrap_or(Origin::Appears)))
            .collect(),
        departures: free.into_iter().flatten().collect(),
    }
}

/// Takes the unclaimed man nearest to `to` among those `fits` accepts.
fn claim_nearest(
    free: &mut [Option<Piece>],
    to: &Piece,
    fits: impl Fn(&Piece) -> bool,
    distance: &impl Fn(&Piece, &Piece) -> f32,
) -> Option<Piece> {
    let nearest = free
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.filter(|p| fits(p)).map(|p| (i, distance(&p, to))))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)?;
    free[nearest].take()
}

fn animate_applied_moves(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    game: Option<Res<Match>>,
    index: Res<CellIndex>,
    speed: Res<AnimationSpeed>,
    vacated: Res<Vacated>,
    pieces: Query<Entity, With<Piece>>,
) {
    let Some(last) = applied.read().last() else {
        return;
    };
    let Some(game) = game else { return };
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let after: Vec<Piece> = game.session.placements().iter().map(Piece::of).collect();
    let spawned: Vec<(Piece, Entity)> = after
        .iter()
        .map(|&p| (p, spawn_piece(&mut commands, &index, p)))
        .collect();
    if speed.0 <= 0.0 {
        return;
    }
    let shown = MoveShown {
        index: &index,
        eliminated: vacated.sides.clone(),
        before: last.before.iter().map(Piece::of).collect(),
        after,
        spawned,
        duration: speed.0,
    };
    for effect in &last.mv.effects {
        shown.animate(&mut commands, effect);
    }
}

/// A move as it is shown: the men before and after it, the new men's
/// entities, and how long its animation takes.
struct MoveShown<'a> {
    index: &'a CellIndex,
    /// The players the move eliminated: their men sink away slowly.
    eliminated: Vec<Side>,
    before: Vec<Piece>,
    after: Vec<Piece>,
    spawned: Vec<(Piece, Entity)>,
    duration: f32,
}

impl MoveShown<'_> {
    /// The top man of a cell in a set of men.
    fn top(set: &[Piece], cell: CellId) -> Option<Piece> {
        set.iter()
            .filter(|p| p.cell == cell)
            .max_by_key(|p| p.level)
            .copied()
    }

    /// Where the man that leaves a cell stood.
    fn start_at(&self, cell: CellId) -> Vec3 {
        Self::top(&self.before, cell).map_or(self.index.place(cell), |p| place_of(self.index, &p))
    }

    /// The new entity of the top man on a cell.
    fn entity_on(&self, cell: CellId) -> Option<Entity> {
        self.spawned
            .iter()
            .filter(|(p, _)| p.cell == cell)
            .max_by_key(|(p, _)| p.level)
            .map(|(_, e)| *e)
    }

    /// A man leaving the board: at once as the move's own capture, or, when
    /// his whole army is eliminated, slowly once the move has landed.
    fn ghost(&self, commands: &mut Commands, victim: Piece) {
        let (wait, duration) = if victim.side.is_some_and(|s| self.eliminated.contains(&s)) {
            (self.duration, ELIMINATION_SECONDS)
        } else {
            (0.0, self.duration)
        };
        spawn_ghost(
            commands,
            self.index,
            victim,
            Fading {
                elapsed: -wait,
                duration,
            },
        );
    }

    /// The man that arrived on `to` travels there from `from` (through
    /// `via` on a Transmitter trip).
    fn travel(&self, commands: &mut Commands, from: CellId, via: Option<CellId>, to: CellId) {
        let (Some(entity), Some(p)) = (self.entity_on(to), Self::top(&self.after, to)) else {
            return;
        };
        let mut path = vec![self.start_at(from)];
        path.extend(via.map(|via| self.index.place(via)));
        path.push(place_of(self.index, &p));
        let duration = if via.is_some() {
            self.duration * 1.5
        } else {
            self.duration
        };
        commands.entity(entity).insert(tween(path, duration));
    }

    fn animate(&self, commands: &mut Commands, effect: &Effect) {
        match *effect {
            Effect::Move { from, to } => self.travel(commands, from, None, to),
            Effect::Swap { a, b } => {
                self.travel(commands, a, None, b);
                self.travel(commands, b, None, a);
            }
            Effect::Transmit { from, via, to } => self.travel(commands, from, Some(via), to),
            Effect::Capture { at } => {
                if let Some(victim) = Self::top(&self.before, at) {
                    self.ghost(commands, victim);
                }
            }
            Effect::Remove { at, level } => {
                if let Some(victim) = self
                    .before
                    .iter()
                    .find(|p| p.cell == at && p.level == level)
                {
                    self.ghost(commands, *victim);
                }
            }
            Effect::Flip { at } => {
                // The man that turns over is the one with a mode: it turns
                // over like a coin once it has arrived, so that its new face
                // comes up in sight from any side, above included.
                let chakra = self.spawned.iter().find(|(p, _)| {
                    p.cell == at && matches!(p.state, ManState::KnightMode | ManState::KingMode)
                });
                if let Some((piece, entity)) = chakra {
                    commands.entity(*entity).insert(Flipping {
                        elapsed: 0.0,
                        duration: self.duration * 2.0,
                        rest: place_of(self.index, piece),
                    });
                }
            }
            Effect::Transform { at, .. } => {
                let turned = self
                    .spawned
                    .iter()
                    .filter(|(p, _)| p.cell == at)
                    .max_by_key(|(p, _)| p.level);
                if let Some((_, entity)) = turned {
                    commands.entity(*entity).insert(Turning {
                        elapsed: 0.0,
                        duration: self.duration,
                    });
                }
            }
        }
    }
}

fn tween(path: Vec<Vec3>, duration: f32) -> Tween {
    let length: f32 = path.windows(2).map(|w| w[0].distance(w[1])).sum();
    Tween {
        path,
        elapsed: 0.0,
        duration,
        arc: (length * 0.18).min(1.2),
    }
}

fn spawn_ghost(commands: &mut Commands, index: &CellIndex, piece: Piece, fading: Fading) {
    commands.spawn((
        Name::new(format!("ghost {}", piece.letter)),
        Ghost(piece),
        Transform::from_translation(place_of(index, &piece)),
        fading,
    ));
}

/// Position along a polyline at fraction `t`, lifted by a sine arc.
pub fn point_on(path: &[Vec3], t: f32, arc: f32) -> Vec3 {
    let t = t.clamp(0.0, 1.0);
    let legs = path.len().saturating_sub(1).max(1);
    let scaled = t * legs as f32;
    let leg = (scaled.floor() as usize).min(legs - 1);
    let local = scaled - leg as f32;
    let a = path.get(leg).copied().unwrap_or_default();
    let b = path.get(leg + 1).copied().unwrap_or(a);
    let eased = local * local * (3.0 - 2.0 * local);
    a.lerp(b, eased) + Vec3::Y * arc * (local * std::f32::consts::PI).sin()
}

fn advance_tweens(
    mut commands: Commands,
    time: Res<Time>,
    mut moving: Query<(Entity, &mut Tween, &mut Transform)>,
) {
    for (entity, mut tween, mut transform) in &mut moving {
        tween.elapsed += time.delta_secs();
        let t = tween.elapsed / tween.duration.max(1e-3);
        transform.translation = point_on(&tween.path, t, tween.arc);
        if t >= 1.0 {
            commands.entity(entity).remove::<Tween>();
        }
    }
}

fn advance_turning(
    mut commands: Commands,
    time: Res<Time>,
    mut turning: Query<(Entity, &mut Turning, &mut Transform)>,
) {
    for (entity, mut turn, mut transform) in &mut turning {
        turn.elapsed += time.delta_secs();
        let t = (turn.elapsed / turn.duration.max(1e-3)).min(1.0);
        transform.rotation = Quat::from_rotation_y(t * std::f32::consts::TAU);
        transform.scale = Vec3::splat(0.7 + 0.3 * t);
        if t >= 1.0 {
            transform.rotation = Quat::IDENTITY;
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Turning>();
        }
    }
}

fn advance_flipping(
    mut commands: Commands,
    time: Res<Time>,
    mut flipping: Query<(Entity, &mut Flipping, &mut Transform), Without<Tween>>,
) {
    for (entity, mut flip, mut transform) in &mut flipping {
        flip.elapsed += time.delta_secs();
        let t = (flip.elapsed / flip.duration.max(1e-3)).clamp(0.0, 1.0);
        // From upside down (its old face up) to its new face up.
        transform.rotation = Quat::from_rotation_x((1.0 - t) * std::f32::consts::PI);
        transform.translation = flip.rest + Vec3::Y * 0.45 * (t * std::f32::consts::PI).sin();
        if t >= 1.0 {
            transform.rotation = Quat::IDENTITY;
            transform.translation = flip.rest;
            commands.entity(entity).remove::<Flipping>();
        }
    }
}

fn advance_fading(
    mut commands: Commands,
    time: Res<Time>,
    mut fading: Query<(Entity, &mut Fading, &mut Transform)>,
) {
    for (entity, mut fade, mut transform) in &mut fading {
        fade.elapsed += time.delta_secs();
        // A ghost may wait (a negative elapsed time) before it sinks.
        let t = (fade.elapsed / fade.duration.max(1e-3)).max(0.0);
        transform.scale = Vec3::splat((1.0 - t).max(0.0));
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}
