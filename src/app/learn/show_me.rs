//! "Show me": the game panel's links from the rule overlays in force to the
//! lessons that explain them, and the list of this game's lessons.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::player::{LessonLibrary, LessonRequested};
use crate::app::play::hints::Overlays;
use crate::rules::session::Session;

/// What the links need: the lessons, the overlays in force, and the way
/// into a lesson.
#[derive(SystemParam)]
pub struct ShowMe<'w> {
    library: Option<Res<'w, LessonLibrary>>,
    overlays: Res<'w, Overlays>,
    requests: MessageWriter<'w, LessonRequested>,
}

/// How many "Show me" links the overlays in force bring up at most.
const LINKS: usize = 3;

impl ShowMe<'_> {
    /// The links for the overlays shown now, then every lesson of this game
    /// under a header of its own.
    pub fn show(&mut self, ui: &mut egui::Ui, session: &dyn Session) {
        let Some(library) = &self.library else { return };
        let lessons = library.0.for_game(session.variant().id);
        if lessons.is_empty() {
            return;
        }
        let kinds: Vec<&str> = self.overlays.0.iter().map(|h| h.kind().id()).collect();
        let linked: Vec<_> = lessons
            .iter()
            .filter(|l| l.topics.iter().any(|t| kinds.contains(&t.as_str())))
            .take(LINKS)
            .collect();
        let mut open = None;
        for lesson in linked {
            let link = ui
                .link(format!("Show me: {}", lesson.title))
                .on_hover_text(&lesson.goal);
            if link.clicked() {
                open = Some(lesson.id.clone());
            }
        }
        egui::CollapsingHeader::new("Lessons").show(ui, |ui| {
            for lesson in &lessons {
                if ui.link(&lesson.title).on_hover_text(&lesson.goal).clicked() {
                    open = Some(lesson.id.clone());
                }
            }
        });
        if let Some(id) = open {
            self.requests.write(LessonRequested { id, step: None });
        }
    }
}
