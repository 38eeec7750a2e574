//! The showcase's camera: it comes nearer the boards and turns its gaze
//! toward each move as it is made, so that the man that moves is large and
//! near the middle of the picture (clear of the caption strip, which the
//! lens already keeps the boards above), and eases back to the whole board
//! when a new game starts. Where it looks depends on the frames alone, so
//! every recording of one script is the same.

use bevy::prelude::*;

use crate::app::look::camera::OrbitCamera;

/// How near the camera comes while it follows the moves: a fraction of the
/// distance that shows the whole boards.
const NEAR: f32 = 0.8;
/// How far from the boards' centre toward the move its gaze goes: the rest
/// of the board stays in sight around the move.
const TOWARD: f32 = 0.5;
/// The time the gaze takes to settle on a new move, in seconds (it covers
/// about two thirds of the way in this time).
const SETTLE_SECONDS: f32 = 0.4;

/// Where the camera looks and how near it stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Focus {
    /// The point at the middle of the picture.
    pub at: Vec3,
    /// The distance as a fraction of the whole boards' distance.
    pub nearness: f32,
}

/// The boards' centre, where the window's camera looks.
const CENTRE: Vec3 = Vec3::new(0.0, -0.2, 0.0);

impl Focus {
    /// The whole boards, as the window frames them.
    pub const WHOLE: Focus = Focus {
        at: CENTRE,
        nearness: 1.0,
    };

    /// The focus wanted for a move from `from` to `to`.
    pub fn on_move(from: Vec3, to: Vec3) -> Focus {
        let action = from.lerp(to, 0.5).with_y(CENTRE.y);
        Focus {
            at: CENTRE.lerp(action, TOWARD),
            nearness: NEAR,
        }
    }

    /// One frame of `seconds` nearer `wanted`.
    pub fn toward(self, wanted: Focus, seconds: f32) -> Focus {
        let k = 1.0 - (-seconds / SETTLE_SECONDS).exp();
        Focus {
            at: self.at.lerp(wanted.at, k),
            nearness: self.nearness + (wanted.nearness - self.nearness) * k,
        }
    }

    /// The focus `share` of the way from this one to `other`.
    pub fn blend(self, other: Focus, share: f32) -> Focus {
        Focus {
            at: self.at.lerp(other.at, share),
            nearness: self.nearness + (other.nearness - self.nearness) * share,
        }
    }

    /// The focus nearest `self` on the way from the whole boards to it at
    /// which `fits` holds (every cell in sight, clear of the caption strip):
    /// a move at the far side of a wide layout (the Loom beside the
    /// Tapestry) pulls the camera only as far as the rest allows.
    pub fn kept_in_sight(self, fits: impl Fn(Focus) -> bool) -> Focus {
        if fits(self) {
            return self;
        }
        let (mut fitting, mut failing) = (0.0f32, 1.0f32);
        for _ in 0..12 {
            let mid = (fitting + failing) / 2.0;
            if fits(Focus::WHOLE.blend(self, mid)) {
                fitting = mid;
            } else {
                failing = mid;
            }
        }
        Focus::WHOLE.blend(self, fitting)
    }

    /// The camera of `orbit` brought to this focus: as near as it says,
    /// looking from the same side at the same angle, moved sideways.
    pub fn view(self, orbit: &OrbitCamera) -> Transform {
        let mut near = *orbit;
        near.distance *= self.nearness;
        let mut transform = near.transform();
        transform.translation += self.at - CENTRE;
        transform
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A focus that would take the camera too far is held back to the
    /// furthest one that fits, and one that fits is kept.
    #[test]
    fn a_focus_is_held_back_until_everything_fits() {
        let wanted = Focus::on_move(Vec3::new(4.0, 0.0, 0.0), Vec3::new(6.0, 0.0, 0.0));
        let fits = |f: Focus| f.at.x <= 1.0;
        let kept = wanted.kept_in_sight(fits);
        assert!(fits(kept) && kept.at.x > 0.99, "{kept:?}");
        assert!(kept.nearness > NEAR && kept.nearness < 1.0);
        assert_eq!(wanted.kept_in_sight(|_| true), wanted);
    }

    /// The gaze settles on a move within a second and never overshoots,
    /// and a move at a corner stays in the middle half of the picture's
    /// ground.
    #[test]
    fn the_gaze_settles_on_the_move_without_overshoot() {
        let corner = Vec3::new(3.5, 0.0, 3.5);
        let wanted = Focus::on_move(Vec3::new(3.5, 0.0, 1.5), corner);
        let mut focus = Focus::WHOLE;
        let mut last = f32::MAX;
        for _ in 0..30 {
            focus = focus.toward(wanted, 1.0 / 30.0);
            let gap = focus.at.distance(wanted.at);
            assert!(gap <= last, "it never turns away");
            last = gap;
        }
        assert!(last < 0.2 * wanted.at.distance(CENTRE), "settled: {last}");
        assert!((focus.nearness - NEAR).abs() < 0.1);
        let orbit = OrbitCamera::default();
        let view = focus.view(&orbit);
        let looks_at = view.translation + view.forward() * orbit.distance * focus.nearness;
        assert!(looks_at.distance(focus.at) < 1e-3, "it looks at its focus");
    }
}
