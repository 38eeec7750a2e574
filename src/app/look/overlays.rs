//! Rule overlays drawn: the hints gathered in [`crate::app::play::hints`] as lines,
//! paths and labelled marks, the computer's hint as an arrow, and the
//! hovered cell read from picking. Labels are laid out so that none covers
//! another, the selected man or the game panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::layout::{AnalysisRect, BoardWords, PanelRect};
use crate::app::look::camera::{MainCamera, OrbitCamera};
use crate::app::look::label_layout::{KeepOut, lay_out_labels};
use crate::app::look::meshes::man_extent;
use crate::app::look::top_letters::letter_disc;
use crate::app::play::board::CellIndex;
use crate::app::play::computer::{Analysing, SuggestedMove};
use crate::app::play::game::Match;
use crate::app::play::hints::{HoveredCell, Overlays, gather_hints};
use crate::app::play::picking::Pointed;
use crate::app::play::pieces::Piece;
use crate::app::play::selection::Selection;
use crate::app::screen::Screen;
use crate::rules::variant::Variant;
use crate::rules::view::{CellId, Hint, HintKind, Placement};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, thicken_lines)
        .add_systems(
            Update,
            (
                track_hovered_cell.before(gather_hints),
                (draw_hints, draw_computer_hint).after(gather_hints),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            label_hints
                .after(crate::app::layout::UiSystems)
                .run_if(in_state(Screen::Playing)),
        );
}

fn thicken_lines(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 4.0;
    config.depth_bias = -0.5;
}

/// The cell under the mouse: the nearest hovered cell, or the cell of the
/// nearest hovered piece (its mesh is a child of the piece). Read from the
/// hover map every frame, so it never lags behind enter and leave events.
fn track_hovered_cell(pointed: Pointed, mut hovered: ResMut<HoveredCell>) {
    let nearest = pointed.cell();
    if hovered.0 != nearest {
        hovered.0 = nearest;
    }
}

/// One colour, one meaning, everywhere: green where a man may go, red what
/// is forbidden or attacked, gold where to look, blue and violet the links
/// between men, white a plain move. A diagram's legend shows the same.
pub fn hint_colour(kind: HintKind) -> Color {
    match kind {
        HintKind::Definers => Color::srgb(0.2, 0.85, 0.95),
        HintKind::Leap => Color::srgb(0.95, 0.3, 0.9),
        HintKind::Transmitter => Color::srgb(0.6, 0.45, 1.0),
        HintKind::Route => Color::srgb(0.75, 1.0, 0.3),
        HintKind::Check => Color::srgb(1.0, 0.15, 0.1),
        HintKind::Forbidden => Color::srgb(1.0, 0.15, 0.1),
        HintKind::LoomEffect => Color::srgb(1.0, 0.85, 0.3),
        HintKind::Note => Color::srgb(0.95, 0.95, 0.95),
    }
}

/// The computer's suggestion: a blue arrow.
const HINT_ARROW: Color = Color::srgb(0.25, 0.6, 1.0);
/// The analysis' best move, green as on lichess.
const ANALYSIS_ARROW: Color = Color::srgb(0.3, 0.85, 0.35);

const LIFT: Vec3 = Vec3::new(0.0, 0.12, 0.0);

/// Radius of a hint's circle on a cell: outside the target and capture
/// rings of [`crate::app::play::marks`], so both stay visible.
const HINT_CIRCLE: f32 =
    crate::app::play::marks::RING_INNER + crate::app::play::marks::RING_WIDTH + 0.03;

/// An invisible line under the table, drawn in every frame: the gizmos'
/// buffer then never empties, and a hint that comes after a frame without
/// any is drawn in its own frame (a buffer made anew reaches the renderer a
/// frame late), at the same time as its label.
const KEEP_ALIVE: [Vec3; 2] = [Vec3::new(0.0, -50.0, 0.0), Vec3::new(0.01, -50.0, 0.0)];

fn draw_hints(overlays: Res<Overlays>, index: Res<CellIndex>, mut gizmos: Gizmos) {
    gizmos.line(KEEP_ALIVE[0], KEEP_ALIVE[1], Color::NONE);
    for hint in &overlays.0 {
        let colour = hint_colour(hint.kind());
        match hint {
            Hint::Line { from, to, .. } => {
                let points = [index.place(*from) + LIFT, index.place(*to) + LIFT];
                draw_route(&mut gizmos, &points, colour, hint.kind());
            }
            Hint::Path { cells, .. } => {
                let points: Vec<Vec3> = cells.iter().map(|c| index.place(*c) + LIFT).collect();
                draw_route(&mut gizmos, &points, colour, hint.kind());
            }
            Hint::Mark { at, .. } => {
                let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
                gizmos.circle(
                    Isometry3d::new(index.place(*at) + LIFT * 0.3, flat),
                    HINT_CIRCLE,
                    colour,
                );
            }
        }
    }
}

/// A line or path of a hint: a move's (a route, a line of attack) ends in
/// an arrowhead, a link between men (definers, a Transmitter) does not, and
/// what the rules refuse is dashed.
fn draw_route(gizmos: &mut Gizmos, points: &[Vec3], colour: Color, kind: HintKind) {
    let Some((&last, before)) = points.split_last() else {
        return;
    };
    let Some(&penultimate) = before.last() else {
        return;
    };
    let dashed = kind == HintKind::Forbidden;
    let headed = !matches!(kind, HintKind::Definers | HintKind::Transmitter);
    let legs = points.len() - 1;
    for (i, leg) in points.windows(2).enumerate() {
        let (a, b) = (leg[0], leg[1]);
        // The last leg stops where the arrowhead starts.
        let b = if headed && i + 1 == legs {
            b - (b - a).normalize_or_zero() * ARROW_TIP.min(a.distance(b) * 0.5)
        } else {
            b
        };
        if dashed {
            draw_dashes(gizmos, a, b, colour);
        } else {
            gizmos.line(a, b, colour);
        }
    }
    if headed {
        let tip_base = last - (last - penultimate).normalize_or_zero() * ARROW_TIP;
        gizmos
            .arrow(tip_base, last, colour)
            .with_tip_length(ARROW_TIP);
    }
}

/// The length of a route's arrowhead, in board units (a cell is one).
const ARROW_TIP: f32 = 0.3;

/// A dashed line: dashes of 0.14 units with gaps of 0.1.
fn draw_dashes(gizmos: &mut Gizmos, a: Vec3, b: Vec3, colour: Color) {
    let length = a.distance(b);
    let direction = (b - a).normalize_or_zero();
    let mut at = 0.0;
    while at < length {
        let end = (at + 0.14).min(length);
        gizmos.line(a + direction * at, a + direction * end, colour);
        at += 0.24;
    }
}

/// The hinted move as an arrow from its first cell to its last (a circle
/// for a move that stays on its cell, such as a flip in place); the
/// analysis' best move the same way in its own colour.
fn draw_computer_hint(
    hint: Res<SuggestedMove>,
    analysing: Res<Analysing>,
    game: Res<Match>,
    index: Res<CellIndex>,
    mut gizmos: Gizmos,
) {
    let best = analysing.latest.as_ref().and_then(|a| a.line.first());
    for (text, colour) in [(hint.answer.as_ref(), HINT_ARROW), (best, ANALYSIS_ARROW)] {
        let Some(text) = text else { continue };
        let Some(mv) = game
            .session
            .legal_moves()
            .into_iter()
            .find(|m| &m.text == text)
        else {
            continue;
        };
        let lift = Vec3::Y * 0.45;
        let (from, to) = (index.place(mv.route.from), index.place(mv.route.to));
        if mv.route.from == mv.route.to {
            let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
            gizmos.circle(Isometry3d::new(from + lift, flat), 0.45, colour);
        } else {
            gizmos
                .arrow(from + lift, to + lift, colour)
                .with_tip_length(0.35);
        }
    }
}

/// Where the scene's points and men appear on screen, for their labels.
struct LabelView<'a> {
    camera: &'a Camera,
    at: &'a GlobalTransform,
    index: &'a CellIndex,
    variant: Variant,
    placements: Vec<Placement>,
    /// The top view's letters are on the men's tops.
    letters: bool,
}

impl LabelView<'_> {
    /// How high the men on a cell reach, for labels to sit above them.
    fn top_of(&self, cell: CellId) -> f32 {
        self.placements
            .iter()
            .filter(|p| p.cell == cell)
            .map(|p| {
                let man = Piece::of(p);
                man.height_above_board() + man_extent(self.variant, &man).height
            })
            .fold(0.0f32, f32::max)
    }

    fn to_screen(&self, world: Vec3) -> Option<egui::Pos2> {
        self.camera
            .world_to_viewport(self.at, world)
            .ok()
            .map(|p| egui::pos2(p.x, p.y))
    }

    /// The man on `cell` as the camera sees him, from his base to his top,
    /// and in the top view the disc with his letter on his top.
    fn man_rect(&self, cell: CellId) -> Option<egui::Rect> {
        let base = self.index.place(cell);
        let top = base + Vec3::new(0.0, self.top_of(cell).max(0.1), 0.0);
        let corners = [
            base + Vec3::new(-0.3, 0.0, 0.0),
            base + Vec3::new(0.3, 0.0, 0.0),
            top,
        ];
        let points: Vec<egui::Pos2> = corners.iter().filter_map(|&c| self.to_screen(c)).collect();
        let (first, rest) = points.split_first()?;
        let body = rest
            .iter()
            .fold(egui::Rect::from_min_max(*first, *first), |r, p| {
                r.union(egui::Rect::from_min_max(*p, *p))
            });
        Some(self.letter_rect(cell).map_or(body, |d| body.union(d)))
    }

    /// In the top view, the disc with the letter of the man on `cell`.
    fn letter_rect(&self, cell: CellId) -> Option<egui::Rect> {
        if !self.letters {
            return None;
        }
        let top = self.index.place(cell) + Vec3::Y * self.top_of(cell).max(0.1);
        let (centre, radius) = letter_disc(self.camera, self.at, top)?;
        Some(egui::Rect::from_center_size(
            centre,
            egui::Vec2::splat(radius * 2.0),
        ))
    }

    /// A mark's place on screen: the ring or dot on the cell.
    fn cell_rect(&self, cell: CellId) -> Option<egui::Rect> {
        let p = self.to_screen(self.index.place(cell))?;
        Some(egui::Rect::from_center_size(p, egui::vec2(26.0, 22.0)))
    }

    /// A hint's line or path on screen as small squares along it, every
    /// few pixels: a label never hides the route it explains. A mark has
    /// none.
    fn line_rects(&self, hint: &Hint) -> Vec<egui::Rect> {
        if matches!(hint, Hint::Mark { .. }) {
            return Vec::new();
        }
        let points: Vec<egui::Pos2> = hint
            .cells()
            .iter()
            .filter_map(|c| self.to_screen(self.index.place(*c) + LIFT))
            .collect();
        let mut rects = Vec::new();
        for leg in points.windows(2) {
            let steps = (leg[0].distance(leg[1]) / 8.0).ceil().max(1.0) as usize;
            rects.extend((0..=steps).map(|i| {
                let at = leg[0].lerp(leg[1], i as f32 / steps as f32);
                egui::Rect::from_center_size(at, egui::vec2(8.0, 8.0))
            }));
        }
        rects
    }

    /// Where labels must not go: the panels, the selected man from its
    /// base to its top, the targets' marks and every cell a hint marks (a
    /// label must not hide where a man may go, nor the cell it explains);
    /// and where they had better not: the men.
    fn keep_out(
        &self,
        panels: [Option<egui::Rect>; 2],
        selection: &Selection,
        hints: &[Hint],
    ) -> KeepOut {
        let mut hard: Vec<egui::Rect> = panels.into_iter().flatten().collect();
        hard.extend(
            selection
                .from
                .and_then(|from| self.man_rect(from))
                .map(|r| r.expand(4.0)),
        );
        let marked = hints.iter().filter_map(|h| match h {
            Hint::Mark { at, .. } => Some(*at),
            _ => None,
        });
        let targets = selection.targets.iter().map(|t| t.cell);
        hard.extend(targets.chain(marked).filter_map(|c| self.cell_rect(c)));
        hard.extend(hints.iter().flat_map(|h| self.line_rects(h)));
        let soft = self
            .placements
            .iter()
            .filter_map(|p| self.man_rect(p.cell))
            .collect();
        KeepOut { hard, soft }
    }

    /// A hint's label laid out, with the place it wants (centre and size):
    /// a mark's above the men on its cell, so the words do not hide them; a
    /// line's on its middle.
    fn label(&self, painter: &egui::Painter, hint: &Hint) -> Option<Label> {
        let label = hint.label().filter(|l| !l.is_empty())?;
        let cells = hint.cells();
        if cells.is_empty() {
            return None;
        }
        let anchor = match hint {
            Hint::Mark { at: cell, .. } => {
                self.index.place(*cell) + Vec3::Y * (self.top_of(*cell) + 0.15)
            }
            _ => {
                cells.iter().map(|c| self.index.place(*c)).sum::<Vec3>() / cells.len() as f32 + LIFT
            }
        };
        let p = self.to_screen(anchor)?;
        let [r, g, b, _] = hint_colour(hint.kind()).to_srgba().to_u8_array();
        let ink = egui::Color32::from_rgb(r, g, b);
        // White on near black reads on any board; the bar beside the words
        // says which colour of mark they explain.
        let galley = painter.layout(
            label.to_string(),
            egui::FontId::proportional(14.0),
            LABEL_TEXT,
            260.0,
        );
        let size = galley.size() + egui::vec2(6.0 + LABEL_BAR, 6.0);
        let centre = match hint {
            Hint::Mark { .. } => egui::pos2(p.x, p.y - size.y / 2.0),
            _ => egui::pos2(p.x, p.y - 16.0),
        };
        Some(Label {
            centre,
            size,
            galley,
            ink,
            anchor: p,
        })
    }
}

/// A label ready to draw where it wants to be.
struct Label {
    centre: egui::Pos2,
    size: egui::Vec2,
    galley: std::sync::Arc<egui::Galley>,
    /// The colour of the hint it explains.
    ink: egui::Color32,
    /// The point on screen it explains: its mark, or its line's middle.
    anchor: egui::Pos2,
}

/// A label's words: white, on [`LABEL_BACK`].
const LABEL_TEXT: egui::Color32 = egui::Color32::from_rgb(248, 248, 244);
const LABEL_BACK: egui::Color32 = egui::Color32::from_rgba_premultiplied(12, 12, 14, 235);
/// The width of the bar in the hint's colour at a label's left.
const LABEL_BAR: f32 = 4.0;

/// A label where it was placed: its back, its bar in the hint's colour, its
/// words, and, when it had to stand off from what it explains, a thin
/// leader line to that.
fn draw_label(painter: &egui::Painter, rect: egui::Rect, label: Label) {
    if !rect.expand(14.0).contains(label.anchor) {
        let from = egui::pos2(
            label.anchor.x.clamp(rect.left(), rect.right()),
            label.anchor.y.clamp(rect.top(), rect.bottom()),
        );
        painter.line_segment([from, label.anchor], egui::Stroke::new(3.0, LABEL_BACK));
        painter.line_segment([from, label.anchor], egui::Stroke::new(1.5, label.ink));
    }
    painter.rect_filled(rect, 3.0, LABEL_BACK);
    let bar = egui::Rect::from_min_size(rect.min, egui::vec2(LABEL_BAR, rect.height()));
    painter.rect_filled(bar, 2.0, label.ink);
    painter.galley(
        rect.min + egui::vec2(LABEL_BAR + 3.0, 3.0),
        label.galley,
        LABEL_TEXT,
    );
}

/// Each hint's words beside it: a line's at its middle, a mark's above
/// whatever stands on its cell. Long words wrap; no label covers another,
/// the selected man or the game panel.
fn label_hints(
    mut contexts: EguiContexts,
    overlays: Res<Overlays>,
    game: Res<Match>,
    selection: Res<Selection>,
    index: Res<CellIndex>,
    panel: Res<PanelRect>,
    analysis: Res<AnalysisRect>,
    orbit: Res<OrbitCamera>,
    words: Option<Res<BoardWords>>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let Ok((camera, at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect().shrink(4.0);
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, "hints".into()));
    let view = LabelView {
        camera,
        at,
        index: &index,
        variant: game.session.variant(),
        placements: game.session.placements(),
        letters: orbit.top_down,
    };
    let mut keep_out = view.keep_out([panel.0, analysis.0], &selection, &overlays.0);
    // A label never hides a man's letter (above) nor the words written on
    // the boards.
    let discs = view
        .placements
        .iter()
        .filter_map(|p| view.letter_rect(p.cell));
    keep_out.hard.extend(discs);
    keep_out
        .hard
        .extend(words.iter().flat_map(|w| w.0.iter().copied()));
    // A line said once is enough: the marks show every cell it is about.
    let mut said = std::collections::HashSet::new();
    let labels: Vec<Label> = overlays
        .0
        .iter()
        .filter(|h| h.label().is_some_and(|l| said.insert(l.to_string())))
        .filter_map(|h| view.label(&painter, h))
        .collect();
    let wanted: Vec<(egui::Pos2, egui::Vec2)> = labels.iter().map(|l| (l.centre, l.size)).collect();
    let rects = lay_out_labels(&wanted, &keep_out, screen);
    for (rect, label) in rects.into_iter().zip(labels) {
        draw_label(&painter, rect, label);
    }
    Ok(())
}
