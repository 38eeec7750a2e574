//! What each side has taken, beside the board: the men it took off the
//! board by name (several of one kind counted), and, where a game keeps its
//! captures on the board, how many of each side's men are Prisoners. The rules say what was
//! taken ([`Session::takings`]); this only words it.

use bevy_egui::egui;

use crate::rules::glossary;
use crate::rules::session::Session;
use crate::rules::view::Takings;

/// The men's names, each kind once with its count: "Pawn ×2, Knight".
pub fn takings_text(session: &dyn Session, takings: &Takings) -> String {
    let variant = session.variant();
    let mut named: Vec<(&'static str, usize)> = Vec::new();
    for man in &takings.men {
        let name = glossary::man_info(variant, man.letter, man.state).map_or("man", |i| i.name);
        match named.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => named.push((name, 1)),
        }
    }
    let parts: Vec<String> = named
        .into_iter()
        .map(|(name, count)| match count {
            1 => name.to_string(),
            n => format!("{name} ×{n}"),
        })
        .collect();
    parts.join(", ")
}

/// "Prisoners on the board: White 1, Black 2", or None when there are none.
pub fn prisoners_text(all: &[Takings]) -> Option<String> {
    let held: Vec<String> = all
        .iter()
        .filter(|t| t.prisoners > 0)
        .map(|t| format!("{} {}", t.side.name(), t.prisoners))
        .collect();
    (!held.is_empty()).then(|| format!("Prisoners on the board: {}", held.join(", ")))
}

/// One line per side that has taken men, then the Prisoners; a quiet line
/// before any.
pub(super) fn captured_men(ui: &mut egui::Ui, session: &dyn Session) {
    let all = session.takings();
    let lines: Vec<(String, String)> = all
        .iter()
        .filter(|t| !t.men.is_empty())
        .map(|t| (t.side.name().to_string(), takings_text(session, t)))
        .collect();
    let prisoners = prisoners_text(&all);
    if lines.is_empty() && prisoners.is_none() {
        ui.weak("No captures yet");
        return;
    }
    egui::Grid::new("captured").num_columns(2).show(ui, |ui| {
        for (side, text) in lines {
            ui.strong(format!("{side} took"));
            ui.add(egui::Label::new(text).wrap());
            ui.end_row();
        }
    });
    if let Some(prisoners) = prisoners {
        ui.label(prisoners);
    }
}
