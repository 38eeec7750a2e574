//! A diagram as an SVG document: each board in its cell colours with its
//! coordinates on the edge, the men as lettered discs in their side's
//! colour, the marks, routes and rule lines over them, then the man's name
//! and move in a caption and a legend of the marks used. Every mark
//! carries `data-cell` and `data-kind`, so that a program can read back
//! what the picture says.

use std::fmt::Write;

use crate::rules::Side;
use crate::rules::view::{BoardLayout, CellId, CellShape, HintKind, ManState, Placement};

use super::build::{Diagram, Panel};
use super::geometry::{
    MARGIN, POINT_RADIUS, bounds, cell_fill, cell_is_dark, coordinate_labels, outline,
};
use super::ink::{
    CAPTURE_COLOUR, DEFINERS_COLOUR, FORBIDDEN_COLOUR, GAP, INK, MOVE_COLOUR, NOTE_COLOUR,
    ROUTE_COLOUR, TRANSMITTER_COLOUR, escape, halo_text, num, ring, text,
};
use super::legend::{Look, caption_lines, draw_legend, legend_items, legend_rows, look};
use super::marks::Mark;

/// Pixels per layout unit (one cell).
const UNIT: f32 = 44.0;
const HEADING: f32 = 28.0;
/// A move dot's radius and a capture ring's, in cells: both inside the
/// part of a hex cell above its name.
const MARK_DOT: f32 = 0.13;
const MARK_RING: f32 = 0.21;

/// The diagram as a complete SVG document: headed by the man's name, with
/// his move in words under the boards and the legend of the marks.
pub fn render(diagram: &Diagram) -> String {
    draw_document(diagram, true)
}

/// The diagram for a page that names the man and says his move in its own
/// words beside it: the boards and the legend only, so that nothing is
/// said twice.
pub fn figure(diagram: &Diagram) -> String {
    draw_document(diagram, false)
}

fn draw_document(diagram: &Diagram, words: bool) -> String {
    let frame = Frame::of(diagram);
    let columns = diagram.panels.len().clamp(1, 3);
    let rows = diagram.panels.len().div_ceil(columns).max(1);
    let boards_width = columns as f32 * frame.width + (columns as f32 - 1.0) * GAP;
    // Wide enough for the title too (about 11 pixels a letter at 18).
    let title_width = diagram.title.chars().count() as f32 * 11.0 + 2.0 * GAP;
    let width = (boards_width + 2.0 * GAP).max(480.0).max(title_width);
    let captions = if words {
        caption_lines(diagram, width)
    } else {
        Vec::new()
    };
    let legend = legend_items(diagram);
    let boards_top = if words { 44.0 } else { 8.0 };
    let boards_height = rows as f32 * (frame.height + HEADING) + (rows as f32 - 1.0) * GAP;
    let caption_top = boards_top + boards_height + 10.0;
    let legend_top = caption_top + captions.len() as f32 * 18.0 + 12.0;
    let legend_rows = legend_rows(&legend, width);
    let height = legend_top + legend_rows.len() as f32 * 22.0 + 10.0;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\">",
        w = num(width),
        h = num(height),
    );
    svg.push_str(&defs());
    let _ = writeln!(
        svg,
        "<rect width=\"{}\" height=\"{}\" fill=\"#fffdf8\"/>",
        num(width),
        num(height)
    );
    if words {
        text(
            &mut svg,
            width / 2.0,
            28.0,
            18.0,
            "middle",
            "bold",
            &diagram.title,
        );
    }
    let left = (width - boards_width) / 2.0;
    for (k, panel) in diagram.panels.iter().enumerate() {
        let x = left + (k % columns) as f32 * (frame.width + GAP);
        let y = boards_top + (k / columns) as f32 * (frame.height + HEADING + GAP);
        draw_panel(&mut svg, diagram, panel, &frame, x, y);
    }
    for (k, line) in captions.iter().enumerate() {
        let weight = if k == 0 { "bold" } else { "normal" };
        let y = caption_top + 14.0 + k as f32 * 18.0;
        text(&mut svg, GAP, y, 14.0, "start", weight, line);
    }
    draw_legend(&mut svg, &legend_rows, legend_top);
    svg.push_str("</svg>\n");
    svg
}

/// The size every board of the diagram is drawn at, and where the layout's
/// origin falls in it.
struct Frame {
    min: [f32; 2],
    max: [f32; 2],
    width: f32,
    height: f32,
}

impl Frame {
    /// The box around every cell's outline and the board's ink.
    fn of(diagram: &Diagram) -> Frame {
        let cells: Vec<_> = diagram
            .panels
            .iter()
            .flat_map(|p| p.layout.cells.iter().cloned())
            .collect();
        let (min, max) = bounds(&cells, &diagram.decor.lines);
        Frame {
            min,
            max,
            width: (max[0] - min[0] + 2.0 * MARGIN) * UNIT,
            height: (max[1] - min[1] + 2.0 * MARGIN) * UNIT,
        }
    }

    /// A layout place in the board's pixels (y grows downwards in SVG).
    fn at(&self, [x, y]: [f32; 2]) -> (f32, f32) {
        (
            (x - self.min[0] + MARGIN) * UNIT,
            (self.max[1] - y + MARGIN) * UNIT,
        )
    }
}

fn draw_panel(svg: &mut String, diagram: &Diagram, panel: &Panel, frame: &Frame, x: f32, y: f32) {
    let _ = writeln!(
        svg,
        "<g class=\"panel\" transform=\"translate({},{})\" data-man=\"{}\" data-position=\"{}\">",
        num(x),
        num(y),
        cell_name(&panel.layout, panel.man),
        escape(&panel.position)
    );
    if let Some(heading) = &panel.heading {
        text(
            svg,
            frame.width / 2.0,
            18.0,
            15.0,
            "middle",
            "bold",
            heading,
        );
    }
    let _ = writeln!(svg, "<g transform=\"translate(0,{HEADING})\">");
    draw_cells(svg, &panel.layout, frame);
    draw_ink(svg, diagram, frame);
    draw_coordinates(svg, &panel.layout, frame);
    draw_rule_lines(svg, panel, frame);
    // The marks leave the cell's name (low in a hex cell) clear, and the
    // routes run over them, so that both stay readable; the men stand on
    // top, a taken man inside his ring.
    draw_marks(svg, panel, frame);
    draw_routes(svg, panel, frame);
    draw_men(svg, panel, frame);
    svg.push_str("</g>\n</g>\n");
}

fn draw_cells(svg: &mut String, layout: &BoardLayout, frame: &Frame) {
    for (id, cell) in layout.cells.iter().enumerate() {
        let (cx, cy) = frame.at(cell.place);
        let fill = cell_fill(layout, id as CellId);
        match cell.shape {
            CellShape::Square => {
                let half = UNIT / 2.0;
                let _ = writeln!(
                    svg,
                    "<rect x=\"{}\" y=\"{}\" width=\"{u}\" height=\"{u}\" fill=\"{fill}\" stroke=\"#6b4a2b\" stroke-width=\"0.5\"/>",
                    num(cx - half),
                    num(cy - half),
                    u = num(UNIT)
                );
            }
            CellShape::Hex => {
                let corners: Vec<String> = outline(cell)
                    .into_iter()
                    .map(|corner| {
                        let (x, y) = frame.at(corner);
                        format!("{},{}", num(x), num(y))
                    })
                    .collect();
                let _ = writeln!(
                    svg,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#6b4a2b\" stroke-width=\"0.6\"/>",
                    corners.join(" ")
                );
            }
            CellShape::Point => {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1\"/>",
                    num(cx),
                    num(cy),
                    num(POINT_RADIUS * UNIT)
                );
            }
        }
        if cell.board == 1 {
            text(
                svg,
                cx,
                cy - 0.3 * UNIT,
                9.0,
                "middle",
                "normal",
                &cell.name,
            );
        }
    }
}

/// The board's own ink (Flaxman's grid, Tapestry's territories).
fn draw_ink(svg: &mut String, diagram: &Diagram, frame: &Frame) {
    for line in &diagram.decor.lines {
        let (x1, y1) = frame.at(line.from);
        let (x2, y2) = frame.at(line.to);
        let _ = writeln!(
            svg,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(line.width * UNIT)
        );
    }
}

/// The board's coordinates (see [`coordinate_labels`]): a hex cell's name
/// small in it, the edge's files and ranks bold.
fn draw_coordinates(svg: &mut String, layout: &BoardLayout, frame: &Frame) {
    for label in coordinate_labels(layout, frame.min) {
        let (x, y) = frame.at(label.at);
        match label.on_cell {
            Some(cell) => {
                let ink = if cell_is_dark(layout, cell) {
                    "#f3e6cf"
                } else {
                    "#5a4632"
                };
                small_text(svg, x, y, ink, &label.text);
            }
            None => text(svg, x, y + 4.0, 12.0, "middle", "bold", &label.text),
        }
    }
}

fn small_text(svg: &mut String, x: f32, y: f32, ink: &str, words: &str) {
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"7.5\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
        num(x),
        num(y),
        escape(words)
    );
}

fn draw_rule_lines(svg: &mut String, panel: &Panel, frame: &Frame) {
    for line in &panel.overlay.lines {
        let (colour, kind) = match line.kind {
            HintKind::Definers => (DEFINERS_COLOUR, "definers"),
            HintKind::Transmitter => (TRANSMITTER_COLOUR, "transmitter"),
            _ => (NOTE_COLOUR, "note"),
        };
        let (x1, y1) = frame.at(place(&panel.layout, line.from));
        let (x2, y2) = frame.at(place(&panel.layout, line.to));
        let _ = writeln!(
            svg,
            "<g class=\"rule\" data-kind=\"{kind}\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"3\" stroke-dasharray=\"7 5\" stroke-linecap=\"round\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
        if let Some(label) = &line.label {
            let (mx, my) = label_place(panel, frame, [(x1, y1), (x2, y2)], label);
            halo_text(svg, mx, my + 4.0, 13.0, colour, label);
        }
        svg.push_str("</g>\n");
    }
}

/// Where a line's label stands: beside the line, off to one side, at the
/// first place along it (the middle first) where it covers no mark and no
/// man.
fn label_place(panel: &Panel, frame: &Frame, ends: [(f32, f32); 2], label: &str) -> (f32, f32) {
    let [(x1, y1), (x2, y2)] = ends;
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / length, dx / length);
    let (nx, ny) = if ny > 0.0 { (-nx, -ny) } else { (nx, ny) };
    let mut discs: Vec<(f32, f32, f32)> = panel
        .overlay
        .marks
        .iter()
        .map(|m| (m.cell, MARK_RING))
        .chain(panel.placements.iter().map(|p| (p.cell, 0.34)))
        .map(|(cell, r)| {
            let (x, y) = frame.at(place(&panel.layout, cell));
            (x, y, r * UNIT + 2.0)
        })
        .collect();
    discs.dedup();
    // About 8 pixels a letter at 13, bold.
    let (half_w, half_h) = (label.chars().count() as f32 * 4.0 + 2.0, 8.0);
    let clear = |(cx, cy): (f32, f32)| {
        discs.iter().all(|&(x, y, r)| {
            let (px, py) = (
                x.clamp(cx - half_w, cx + half_w),
                y.clamp(cy - half_h, cy + half_h),
            );
            (px - x).powi(2) + (py - y).powi(2) > r * r
        })
    };
    let mut candidates = [0.5, 0.35, 0.65, 0.2, 0.8, 0.0, 1.0]
        .into_iter()
        .flat_map(|t| {
            [16.0, -16.0, 28.0, -28.0, 42.0, -42.0]
                .map(|off| (x1 + dx * t + nx * off, y1 + dy * t + ny * off))
        });
    let middle = ((x1 + x2) / 2.0 + nx * 16.0, (y1 + y2) / 2.0 + ny * 16.0);
    candidates.find(|&c| clear(c)).unwrap_or(middle)
}

fn draw_routes(svg: &mut String, panel: &Panel, frame: &Frame) {
    for route in &panel.overlay.routes {
        let points: Vec<String> = route
            .cells
            .iter()
            .map(|&c| {
                let (x, y) = frame.at(place(&panel.layout, c));
                format!("{},{}", num(x), num(y))
            })
            .collect();
        let _ = write!(
            svg,
            "<polyline class=\"route\" data-cells=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{ROUTE_COLOUR}\" \
             stroke-width=\"2.2\" stroke-opacity=\"0.65\" stroke-linejoin=\"round\" marker-end=\"url(#arrow)\">",
            route
                .cells
                .iter()
                .map(|&c| cell_name(&panel.layout, c))
                .collect::<Vec<_>>()
                .join(" "),
            points.join(" ")
        );
        if let Some(label) = &route.label {
            let _ = write!(svg, "<title>{}</title>", escape(label));
        }
        svg.push_str("</polyline>\n");
    }
}

/// The men, lowest first (a chakra under the piece on it, stacked Fates).
fn draw_men(svg: &mut String, panel: &Panel, frame: &Frame) {
    let mut men: Vec<&Placement> = panel.placements.iter().collect();
    men.sort_by_key(|p| p.level);
    for man in men {
        let shared = panel
            .placements
            .iter()
            .filter(|p| p.cell == man.cell && p.letter == man.letter)
            .count();
        if man.side.is_none() && man.level > 0 {
            continue;
        }
        let (cx, cy) = frame.at(place(&panel.layout, man.cell));
        let on_chakra = man.level > 0 && man.side.is_some();
        let radius = if on_chakra { 0.27 } else { 0.34 } * UNIT;
        let subject = man.cell == panel.man && !is_chakra_under(panel, man);
        man_glyph(svg, man, cx, cy, radius, subject);
        if shared > 1 && man.side.is_none() {
            halo_text(
                svg,
                cx + 0.3 * UNIT,
                cy - 0.28 * UNIT,
                11.0,
                INK,
                &format!("×{shared}"),
            );
        }
    }
}

/// Whether `man` is a chakra with the drawn man standing on it.
fn is_chakra_under(panel: &Panel, man: &Placement) -> bool {
    matches!(man.state, ManState::KnightMode | ManState::KingMode)
        && man.level == 0
        && panel
            .placements
            .iter()
            .any(|p| p.cell == man.cell && p.level > man.level)
}

fn side_colours(side: Option<Side>) -> (&'static str, &'static str, &'static str) {
    match side.map(|s| s.0) {
        Some(0) => ("#fbfaf4", "#333333", "#1d1d1d"),
        Some(1) => ("#2a2a2a", "#000000", "#ffffff"),
        Some(_) => ("#c8322b", "#6e1410", "#ffffff"),
        None => ("#7a5ea8", "#3f2c5e", "#ffffff"),
    }
}

fn man_glyph(svg: &mut String, man: &Placement, cx: f32, cy: f32, radius: f32, subject: bool) {
    let (fill, stroke, ink) = side_colours(man.side);
    let chakra = matches!(man.state, ManState::KnightMode | ManState::KingMode);
    if subject {
        let _ = writeln!(
            svg,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffd23f\" fill-opacity=\"0.85\"/>",
            num(cx),
            num(cy),
            num(radius + 5.0)
        );
    }
    let dash = if chakra {
        " stroke-dasharray=\"4 2\""
    } else {
        ""
    };
    let _ = writeln!(
        svg,
        "<circle class=\"man\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.6\"{dash}/>",
        num(cx),
        num(cy),
        num(radius)
    );
    let label = match man.state {
        ManState::KnightMode => "Tn".to_string(),
        ManState::KingMode => "Tk".to_string(),
        ManState::Prisoner => "P".to_string(),
        ManState::Normal => man.letter.to_string(),
    };
    let size = radius * if label.len() > 1 { 0.8 } else { 1.1 };
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
        num(cx),
        num(cy + size * 0.36),
        num(size),
        escape(&label)
    );
}

fn mark_kinds(mark: &Mark) -> String {
    let mut kinds = Vec::new();
    if mark.moves {
        kinds.push("move");
    }
    if mark.captures {
        kinds.push("capture");
    }
    if mark.captures_if_enemy.is_some() {
        kinds.push("capture-if-enemy");
    }
    kinds.join(" ")
}

fn draw_marks(svg: &mut String, panel: &Panel, frame: &Frame) {
    for mark in &panel.overlay.marks {
        let (cx, cy) = frame.at(place(&panel.layout, mark.cell));
        let probe = mark
            .captures_if_enemy
            .as_ref()
            .map(|p| format!(" data-probe=\"{}\"", escape(p)))
            .unwrap_or_default();
        let _ = write!(
            svg,
            "<g class=\"mark\" data-cell=\"{}\" data-kind=\"{}\"{probe}>",
            cell_name(&panel.layout, mark.cell),
            mark_kinds(mark)
        );
        mark_glyph(svg, look(mark, panel.overlay.probed), mark.captures, cx, cy);
        svg.push_str("</g>\n");
    }
    if panel.overlay.stays {
        let (cx, cy) = frame.at(place(&panel.layout, panel.man));
        let name = cell_name(&panel.layout, panel.man);
        let _ = write!(
            svg,
            "<g class=\"mark\" data-cell=\"{name}\" data-kind=\"stay\">"
        );
        ring(
            svg,
            cx,
            cy,
            0.47 * UNIT,
            ROUTE_COLOUR,
            2.5,
            " stroke-dasharray=\"5 3\"",
        );
        svg.push_str("</g>\n");
    }
    for (cell, reason) in &panel.overlay.forbidden {
        let (cx, cy) = frame.at(place(&panel.layout, *cell));
        let d = 0.14 * UNIT;
        let _ = writeln!(
            svg,
            "<g class=\"forbidden\" data-cell=\"{}\"><title>{}</title><path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{FORBIDDEN_COLOUR}\" stroke-width=\"3\" stroke-linecap=\"round\"/></g>",
            cell_name(&panel.layout, *cell),
            escape(reason),
            num(cx - d),
            num(cy - d),
            num(cx + d),
            num(cy + d),
            num(cx - d),
            num(cy + d),
            num(cx + d),
            num(cy - d)
        );
    }
}

/// A target's one mark, small enough to leave a hex cell's name clear; a
/// man who is taken is ringed round.
fn mark_glyph(svg: &mut String, look: Look, on_a_man: bool, cx: f32, cy: f32) {
    match look {
        Look::Dot => {
            let _ = write!(
                svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{MOVE_COLOUR}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
                num(cx),
                num(cy),
                num(MARK_DOT * UNIT)
            );
        }
        Look::MoveOnly => {
            ring(svg, cx, cy, MARK_DOT * UNIT, "#ffffff", 4.5, "");
            ring(svg, cx, cy, MARK_DOT * UNIT, MOVE_COLOUR, 2.5, "");
        }
        Look::Capture => {
            let r = if on_a_man { 0.42 } else { MARK_RING } * UNIT;
            // A pale ring under the green one keeps it clear on any cell.
            ring(svg, cx, cy, r, "#ffffff", 5.0, " stroke-opacity=\"0.8\"");
            ring(svg, cx, cy, r, CAPTURE_COLOUR, 3.0, "");
        }
    }
}

/// The arrowhead of a route.
fn defs() -> String {
    format!(
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" \
         orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"{ROUTE_COLOUR}\"/></marker></defs>\n"
    )
}

fn place(layout: &BoardLayout, cell: CellId) -> [f32; 2] {
    layout
        .cells
        .get(usize::from(cell))
        .map_or([0.0, 0.0], |c| c.place)
}

fn cell_name(layout: &BoardLayout, cell: CellId) -> String {
    layout
        .cells
        .get(usize::from(cell))
        .map_or_else(|| "?".to_string(), |c| escape(&c.name))
}
