//! The analysis panel, as chess players know it from lichess: an "Analyse"
//! toggle, then an evaluation bar, the score, the depth reached and the best
//! line in notation. The search runs on its own thread
//! ([`crate::app::play::computer::Analysing`]); this only shows its latest depth,
//! and the board shows the line's first move as an arrow.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme::EXPLAIN;
use crate::app::layout::{AnalysisRect, ControlMap, compact_corner, corner_content_width};
use crate::app::play::computer::Analysing;
use crate::app::play::game::Match;
use crate::engine::session::Analysis;
use crate::rules::Side;

/// The evaluation bar's size in logical pixels.
const BAR_SIZE: egui::Vec2 = egui::vec2(220.0, 18.0);
/// The score (in evaluation units) at which the bar stands at about 73%.
const BAR_SCALE: f32 = 400.0;
/// Moves of the best line shown.
const LINE_MOVES: usize = 12;
const LIGHT: egui::Color32 = egui::Color32::from_rgb(236, 236, 228);
const DARK: egui::Color32 = egui::Color32::from_rgb(48, 48, 52);

pub(super) fn analysis_panel(
    mut contexts: EguiContexts,
    mut controls: ResMut<ControlMap>,
    game: Res<Match>,
    mut analysing: ResMut<Analysing>,
    mut taken: ResMut<AnalysisRect>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let sides = game.session.side_count();
    let over = game.is_over();
    let window_width = ctx.content_rect().width();
    // In a narrow window a strip of two lines, so that the boards below it
    // keep most of the width.
    let compact = compact_corner(window_width);
    let shown = egui::Window::new("Analysis")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .resizable(false)
        .collapsible(false)
        .title_bar(!compact)
        .show(ctx, |ui| {
            ui.set_max_width(corner_content_width(window_width, BAR_SIZE.x));
            let mut on = analysing.on;
            ui.horizontal(|ui| {
                // A finished game is what players analyse most: stepping
                // back through its moves shows each position's analysis.
                let toggle = ui.add(egui::Button::new("Analyse").selected(on));
                if controls.note("analyse", toggle).clicked() {
                    on = !on;
                }
                if compact && on && !over {
                    analysis_status(ui, &analysing, sides, compact, &mut controls);
                }
            });
            if on != analysing.on {
                analysing.on = on;
            }
            if !analysing.on {
                return;
            }
            if over {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(
                            "The game ends here: click a move in the list, or press ←, \
                             to analyse the position before it.",
                        )
                        .color(EXPLAIN),
                    )
                    .wrap(),
                );
                return;
            }
            match &analysing.latest {
                Some(found) => {
                    if !compact {
                        evaluation(ui, found, sides, compact, &mut controls);
                    }
                    best_line(ui, found, compact);
                }
                None if !compact => analysis_status(ui, &analysing, sides, compact, &mut controls),
                None => {}
            }
        });
    let rect = shown.map(|inner| inner.response.rect);
    if let Some(rect) = rect {
        controls.place("analysis-panel-corner", rect.right_bottom());
    }
    if taken.0 != rect {
        taken.0 = rect;
    }
    Ok(())
}

/// The evaluation when there is one, else a spinner while the search
/// starts.
fn analysis_status(
    ui: &mut egui::Ui,
    analysing: &Analysing,
    sides: u8,
    compact: bool,
    controls: &mut ControlMap,
) {
    match &analysing.latest {
        Some(found) => evaluation(ui, found, sides, compact, controls),
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Analysing…");
            });
        }
    }
}

/// The bar and the score (and in a column, the depth); in a strip the
/// bar is shorter and all stand in a row.
fn evaluation(
    ui: &mut egui::Ui,
    found: &Analysis,
    sides: u8,
    compact: bool,
    controls: &mut ControlMap,
) {
    // Two players: White's point of view, as a chess player reads a bar.
    // More: the side to move's, against the others together.
    let (holder, score, mate) = if sides == 2 && found.side != Side::WHITE {
        (Side::WHITE, -found.score, found.mate.map(|m| -m))
    } else {
        (found.side, found.score, found.mate)
    };
    let share = match mate {
        Some(plies) if plies > 0 => 1.0,
        Some(_) => 0.0,
        None => 1.0 / (1.0 + (-(score as f32) / BAR_SCALE).exp()),
    };
    let size = if compact {
        egui::vec2(BAR_SIZE.x * 0.6, BAR_SIZE.y)
    } else {
        BAR_SIZE
    };
    let (rect, bar) = ui.allocate_exact_size(size, egui::Sense::hover());
    // Named like a control, so that scripts and tests find the bar.
    controls.note("evaluation-bar", bar);
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, DARK);
    let mut filled = rect;
    filled.set_width(rect.width() * share);
    painter.rect_filled(filled, 3.0, LIGHT);
    painter.line_segment(
        [rect.center_top(), rect.center_bottom()],
        egui::Stroke::new(1.0, egui::Color32::from_gray(128)),
    );
    let value = match mate {
        Some(plies) if plies > 0 => format!("{} mates in {}", holder.name(), (plies + 1) / 2),
        Some(plies) => format!("{} is mated in {}", holder.name(), (1 - plies) / 2),
        None => format!("{:+.2} for {}", score as f32 / 100.0, holder.name()),
    };
    ui.label(egui::RichText::new(value).strong());
    if !compact {
        ui.label(depth(found));
    }
}

fn depth(found: &Analysis) -> String {
    format!("Depth {} · {} nodes", found.depth, thousands(found.nodes))
}

/// The best line: wrapped in a column; in a strip, after the depth on one
/// line, cut where the strip ends.
fn best_line(ui: &mut egui::Ui, found: &Analysis, compact: bool) {
    let shown: Vec<&str> = found
        .line
        .iter()
        .take(LINE_MOVES)
        .map(String::as_str)
        .collect();
    let more = if found.line.len() > LINE_MOVES {
        " …"
    } else {
        ""
    };
    let line = format!("Best line: {}{more}", shown.join(" "));
    if compact {
        let text = format!("{} · {line}", depth(found));
        ui.add(egui::Label::new(egui::RichText::new(text).color(EXPLAIN)).truncate());
    } else {
        ui.add(egui::Label::new(egui::RichText::new(line).color(EXPLAIN)).wrap());
    }
}

/// 1234567 as "1.2M", 45000 as "45k".
fn thousands(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{}k", n / 1_000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}
