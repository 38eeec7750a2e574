//! Where the labels of the board's hints go: each as near the place it
//! wants as it can stand without covering another label or what must stay
//! in sight.

use bevy_egui::egui;

/// Where labels must not go, and where they had better not.
pub struct KeepOut {
    /// Never covered: the panels, the selected man, the marked cells.
    pub hard: Vec<egui::Rect>,
    /// Covered only when no place near the label's own is free of them:
    /// the men on the board.
    pub soft: Vec<egui::Rect>,
}

/// Puts each label as near its wanted place as it can go without covering
/// a label placed before it, any hard keep-out rectangle and, where it can,
/// any soft one, and inside `screen`: it tries its wanted place, then steps
/// up and down (and aside) from it, nearest first. `wanted` is each label's
/// wanted centre and size.
pub fn lay_out_labels(
    wanted: &[(egui::Pos2, egui::Vec2)],
    keep_out: &KeepOut,
    screen: egui::Rect,
) -> Vec<egui::Rect> {
    let mut placed: Vec<egui::Rect> = Vec::new();
    for &(centre, size) in wanted {
        let home = egui::Rect::from_center_size(centre, size);
        let step_y = size.y + 4.0;
        let step_x = size.x * 0.5 + 4.0;
        let inside = |r: egui::Rect| {
            let dx = (screen.left() - r.left()).max(0.0) - (r.right() - screen.right()).max(0.0);
            let dy = (screen.top() - r.top()).max(0.0) - (r.bottom() - screen.bottom()).max(0.0);
            r.translate(egui::vec2(dx, dy))
        };
        let clear = |r: &egui::Rect, others: &[egui::Rect]| {
            !placed
                .iter()
                .chain(&keep_out.hard)
                .chain(others)
                .any(|o| o.expand(1.0).intersects(*r))
        };
        // Nearest first, in pixels; just left or right of the wanted place,
        // level with what it explains, counts as near as a step or two up.
        let beside = size.x * 0.5 + 16.0;
        let mut offsets: Vec<(egui::Vec2, f32)> = (-8..=8i8)
            .flat_map(|dy| {
                (-2..=2i8).map(move |dx| egui::vec2(f32::from(dx) * step_x, f32::from(dy) * step_y))
            })
            .map(|o| (o, o.length()))
            .chain([-1.0f32, 1.0].into_iter().flat_map(|side| {
                [0.5f32, 1.5].map(|down| {
                    (
                        egui::vec2(side * beside, down * step_y),
                        step_y * (1.0 + down),
                    )
                })
            }))
            .collect();
        offsets.sort_by(|a, b| a.1.total_cmp(&b.1));
        let offsets = offsets.into_iter().map(|(o, _)| o);
        let spots: Vec<egui::Rect> = offsets.map(|o| inside(home.translate(o))).collect();
        let spot = spots
            .iter()
            .find(|r| clear(r, &keep_out.soft))
            .or_else(|| spots.iter().find(|r| clear(r, &[])))
            .copied()
            .unwrap_or_else(|| inside(home));
        placed.push(spot);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two long Loom labels wanted one Loom square apart (Light and Nexus),
    /// and a third on the panel's edge: none overlaps another or the panel,
    /// and all stay on screen.
    #[test]
    fn labels_never_overlap_each_other_or_the_panel() {
        let screen = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(800.0, 600.0));
        let panel = egui::Rect::from_min_max(egui::pos2(540.0, 8.0), egui::pos2(792.0, 500.0));
        let size = egui::vec2(260.0, 40.0);
        let wanted = [
            (egui::pos2(420.0, 300.0), size),
            (egui::pos2(470.0, 300.0), size),
            (egui::pos2(520.0, 280.0), size),
            (egui::pos2(420.0, 300.0), egui::vec2(60.0, 18.0)),
        ];
        let keep_out = KeepOut {
            hard: vec![panel],
            soft: Vec::new(),
        };
        let placed = lay_out_labels(&wanted, &keep_out, screen);
        assert_eq!(placed.len(), wanted.len());
        for (i, a) in placed.iter().enumerate() {
            assert!(
                screen.contains_rect(*a),
                "label {i} leaves the screen: {a:?}"
            );
            assert!(!a.intersects(panel), "label {i} covers the panel: {a:?}");
            for (j, b) in placed.iter().enumerate().skip(i + 1) {
                assert!(!a.intersects(*b), "labels {i} and {j} overlap: {a:?} {b:?}");
            }
            assert_eq!(a.size(), wanted[i].1);
        }
        // A label with room where it is wanted stays there.
        let nothing = KeepOut {
            hard: Vec::new(),
            soft: Vec::new(),
        };
        let alone = lay_out_labels(&wanted[..1], &nothing, screen);
        assert_eq!(alone[0].center(), wanted[0].0);
    }

    /// A label wanted on a man moves off him when a place nearby is free;
    /// where men stand everywhere it settles for a place free of the hard
    /// keep-outs alone.
    #[test]
    fn labels_keep_off_the_men_where_they_can() {
        let screen = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(800.0, 600.0));
        let man = egui::Rect::from_center_size(egui::pos2(400.0, 300.0), egui::vec2(30.0, 60.0));
        let ring = egui::Rect::from_center_size(egui::pos2(400.0, 360.0), egui::vec2(26.0, 22.0));
        let wanted = [(egui::pos2(400.0, 300.0), egui::vec2(120.0, 20.0))];
        let keep_out = KeepOut {
            hard: vec![ring],
            soft: vec![man],
        };
        let placed = lay_out_labels(&wanted, &keep_out, screen);
        assert!(
            !placed[0].intersects(man),
            "the label covers the man: {:?}",
            placed[0]
        );
        assert!(!placed[0].intersects(ring));
        let crowd: Vec<egui::Rect> = (0..40)
            .flat_map(|x| (0..30).map(move |y| egui::pos2(x as f32 * 20.0, y as f32 * 20.0)))
            .map(|p| egui::Rect::from_center_size(p, egui::vec2(30.0, 30.0)))
            .collect();
        let crowded = KeepOut {
            hard: vec![ring],
            soft: crowd,
        };
        let placed = lay_out_labels(&wanted, &crowded, screen);
        assert!(
            !placed[0].intersects(ring),
            "the label covers the mark: {:?}",
            placed[0]
        );
    }
}
