//! Under the boards: the man's name and move as a caption, and a legend
//! of the marks the diagram uses.

use std::fmt::Write;

use crate::rules::view::HintKind;

use super::build::Diagram;
use super::ink::{
    CAPTURE_COLOUR, DEFINERS_COLOUR, FORBIDDEN_COLOUR, GAP, MOVE_COLOUR, ROUTE_COLOUR,
    TRANSMITTER_COLOUR, num, ring, text,
};
use super::marks::Mark;

/// The man's name and move (each mode of a chakra on its own line).
pub fn caption_lines(diagram: &Diagram, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut seen = Vec::new();
    for panel in &diagram.panels {
        if seen.contains(&panel.info.name) {
            continue;
        }
        seen.push(panel.info.name);
        let side = panel
            .placements
            .iter()
            .find(|p| p.cell == panel.man)
            .and_then(|p| p.side)
            .map_or(String::new(), |s| format!("{}'s ", s.name()));
        let line = format!(
            "{side}{} in {}: {}",
            panel.info.name, diagram.game, panel.info.summary
        );
        // About 8 pixels a letter at 14 (the bold first line is the widest).
        lines.extend(wrap(&line, ((width - 2.0 * GAP) / 8.2) as usize));
    }
    lines
}

/// How a target is drawn: one mark a cell, whatever the rules say of it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Look {
    /// A green dot: he moves there (and, on an empty board, would take an
    /// enemy standing there).
    Dot,
    /// A green ring: he moves there but could take nobody there (a
    /// pawn's step ahead).
    MoveOnly,
    /// A wide green ring: he takes the man there (on an empty board: he would
    /// take an enemy there, but cannot move there otherwise).
    Capture,
}

/// The one mark a target gets; `probed`: whether his board was asked
/// where he would take an enemy.
pub fn look(mark: &Mark, probed: bool) -> Look {
    match (
        mark.moves,
        mark.captures || mark.captures_if_enemy.is_some(),
    ) {
        (true, true) => Look::Dot,
        (true, false) if probed => Look::MoveOnly,
        (true, false) => Look::Dot,
        (false, _) => Look::Capture,
    }
}

/// The legend's entries, each a kind of mark the diagram uses: a swatch
/// and what it means.
pub fn legend_items(diagram: &Diagram) -> Vec<(&'static str, &'static str)> {
    let overlays = || diagram.panels.iter().map(|p| &p.overlay);
    let marks = || {
        overlays().flat_map(|o| {
            o.marks
                .iter()
                .map(move |m| (m, look(m, o.probed), o.probed))
        })
    };
    let mut items = Vec::new();
    let dots = || marks().filter(|(_, l, _)| *l == Look::Dot);
    if dots().next().is_some() {
        items.push(if dots().all(|(m, _, _)| m.captures_if_enemy.is_some()) {
            ("move", "moves here, or takes an enemy standing here")
        } else {
            ("move", "moves here")
        });
    }
    if marks().any(|(_, l, _)| l == Look::MoveOnly) {
        items.push(("move-only", "moves here but cannot take here"));
    }
    let rings = || marks().filter(|(_, l, _)| *l == Look::Capture);
    if rings().any(|(m, _, _)| m.captures_if_enemy.is_some()) {
        items.push(("capture", "only to take an enemy standing here"));
    }
    if rings().any(|(m, _, _)| m.captures) {
        items.push(("capture", "takes the man here"));
    }
    if overlays().any(|o| !o.routes.is_empty()) {
        items.push(("route", "the way it goes"));
    }
    if overlays().any(|o| o.lines.iter().any(|l| l.kind == HintKind::Definers)) {
        items.push(("definers", "definers: the jump length"));
    }
    if overlays().any(|o| o.lines.iter().any(|l| l.kind == HintKind::Transmitter)) {
        items.push(("transmitter", "the Transmitter"));
    }
    if overlays().any(|o| o.stays) {
        items.push(("stay", "passes or turns over in place"));
    }
    if overlays().any(|o| !o.forbidden.is_empty()) {
        items.push(("forbidden", "forbidden by a rule"));
    }
    if items.is_empty() {
        items.push(("none", "no move from here"));
    }
    items
}

/// The legend of the game window's picture of the diagram's first board
/// (`diagram --out F.png`): the window marks the legal moves of the
/// position (a dot where he moves, a ring round a man he takes) and the
/// rules' lines for the man, but neither the cells where he could only
/// take nor his routes. Its legend is the SVG's for what it shows: a dot
/// still means "moves here, or takes an enemy standing here" when that is
/// true of every dot.
pub fn window_legend(diagram: &Diagram) -> Vec<(&'static str, &'static str)> {
    let mut seen = diagram.clone();
    seen.panels.truncate(1);
    for panel in &mut seen.panels {
        let overlay = &mut panel.overlay;
        overlay.marks.retain(|m| m.moves || m.captures);
        // Without the cells he only takes, no dot is told apart as a
        // move that takes nobody.
        overlay.probed = false;
        overlay.routes.clear();
    }
    legend_items(&seen)
}

/// A legend entry's swatch, words and where it starts on its row.
pub type LegendEntry = (&'static str, &'static str, f32);

/// The entries in rows that fit the width, each entry as wide as its words
/// (about 7 pixels a letter at 12.5) and its swatch.
pub fn legend_rows(items: &[(&'static str, &'static str)], width: f32) -> Vec<Vec<LegendEntry>> {
    let mut rows: Vec<Vec<LegendEntry>> = vec![Vec::new()];
    let mut x = GAP;
    for &(kind, words) in items {
        let wide = 34.0 + words.chars().count() as f32 * 7.0;
        if x + wide > width - GAP && x > GAP {
            rows.push(Vec::new());
            x = GAP;
        }
        rows.last_mut().expect("a row").push((kind, words, x));
        x += wide;
    }
    rows
}

pub fn draw_legend(svg: &mut String, rows: &[Vec<LegendEntry>], top: f32) {
    svg.push_str("<g class=\"legend\">\n");
    for (r, row) in rows.iter().enumerate() {
        for &(kind, words, left) in row {
            let (x, y) = (left + 10.0, top + r as f32 * 22.0 + 8.0);
            swatch(svg, kind, x, y);
            text(svg, x + 16.0, y + 4.5, 12.5, "start", "normal", words);
        }
    }
    svg.push_str("</g>\n");
}

fn swatch(svg: &mut String, kind: &str, x: f32, y: f32) {
    match kind {
        "move" => {
            let _ = write!(
                svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"{MOVE_COLOUR}\"/>",
                num(x),
                num(y)
            );
        }
        "move-only" => ring(svg, x, y, 5.0, MOVE_COLOUR, 2.5, ""),
        "capture" => ring(svg, x, y, 8.0, CAPTURE_COLOUR, 3.0, ""),
        "stay" => ring(
            svg,
            x,
            y,
            8.0,
            ROUTE_COLOUR,
            2.0,
            " stroke-dasharray=\"4 2\"",
        ),
        "forbidden" => {
            let _ = write!(
                svg,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{FORBIDDEN_COLOUR}\" stroke-width=\"3\"/>",
                num(x - 5.0),
                num(y - 5.0),
                num(x + 5.0),
                num(y + 5.0),
                num(x - 5.0),
                num(y + 5.0),
                num(x + 5.0),
                num(y - 5.0)
            );
        }
        "none" => {}
        line => {
            let (colour, dash) = match line {
                "definers" => (DEFINERS_COLOUR, " stroke-dasharray=\"5 3\""),
                "transmitter" => (TRANSMITTER_COLOUR, " stroke-dasharray=\"5 3\""),
                _ => (ROUTE_COLOUR, ""),
            };
            let _ = write!(
                svg,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"3\"{dash}/>",
                num(x - 9.0),
                num(y),
                num(x + 9.0),
                num(y)
            );
        }
    }
}

/// The words of `text` in lines of at most `width` characters (a longer
/// word stands on a line of its own).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
