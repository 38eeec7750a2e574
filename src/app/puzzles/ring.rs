//! The red ring on the cell a wrong move went to, drawn over the board
//! while the move stands (before it is taken back).

use bevy::prelude::*;

use super::run::PuzzleRun;
use crate::app::play::board::CellIndex;
use crate::app::play::marks::{RING_INNER, RING_WIDTH};
use crate::app::screen::Screen;

/// The ring's red: the colour of a check, of something gone wrong.
const WRONG_RED: Color = Color::srgb(1.0, 0.12, 0.08);
/// Circles drawn side by side make the ring a band, not a hairline.
const STROKES: usize = 6;
/// The band's inner edge: outside the last move's ring mark (which would
/// hide it), as the rule overlays' circles are.
const INNER: f32 = RING_INNER + RING_WIDTH + 0.02;
const WIDTH: f32 = 0.08;
/// Above the board and the marks lying on it.
const LIFT: f32 = 0.06;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // In the very frame the wrong move is judged.
        draw_wrong_ring
            .after(super::answer::answer_moves)
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<PuzzleRun>),
    );
}

fn draw_wrong_ring(run: Res<PuzzleRun>, index: Option<Res<CellIndex>>, mut gizmos: Gizmos) {
    let (Some(wrong), Some(index)) = (&run.wrong, index) else {
        return;
    };
    let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    let centre = index.place(wrong.cell) + Vec3::Y * LIFT;
    for stroke in 0..STROKES {
        let radius = INNER + WIDTH * stroke as f32 / (STROKES - 1) as f32;
        gizmos.circle(Isometry3d::new(centre, flat), radius, WRONG_RED);
    }
}
