//! What the manual holds before anything is written: one page per family
//! of games (the title screen's cards), each with its men and its lessons.

use std::collections::BTreeMap;

use super::men::{Man, men_of};
use crate::learn::{Lesson, Library};
use crate::rules::families::{FAMILIES, Family, family_of};
use crate::rules::variant::VariantId;

/// One game's page.
pub struct GamePage {
    pub family: &'static Family,
    pub men: Vec<Man>,
    /// Its lessons in the Learn menu's order.
    pub lessons: Vec<Lesson>,
}

impl GamePage {
    /// The page's file name.
    pub fn file(&self) -> String {
        page_file(self.family)
    }
}

/// A family's page file name.
pub fn page_file(family: &Family) -> String {
    format!("{}.html", family.key)
}

/// The pages to make and the lessons that could not be used.
pub struct Plan {
    pub pages: Vec<GamePage>,
    /// One line per lesson file left out, naming it and why.
    pub skipped: Vec<String>,
    /// The lessons of every family, made or not, by its key.
    pub lesson_counts: BTreeMap<&'static str, usize>,
}

/// The family `--only` names: by its key (`anglojewish`) or by the id of
/// one of its games (`aj-glinski`).
pub fn family_named(name: &str) -> Result<&'static Family, String> {
    if let Some(family) = FAMILIES.iter().find(|f| f.key == name) {
        return Ok(family);
    }
    match name.parse::<VariantId>() {
        Ok(id) => Ok(family_of(id)),
        Err(_) => {
            let keys: Vec<&str> = FAMILIES.iter().map(|f| f.key).collect();
            Err(format!(
                "--only: unknown game '{name}' (known: {}, or a variant id)",
                keys.join(", ")
            ))
        }
    }
}

/// The pages of every family, or of `only`, with the lessons of `library`.
pub fn plan(only: Option<&'static Family>, library: Library) -> Result<Plan, String> {
    let mut skipped = Vec::new();
    let mut lessons: Vec<(&'static Family, Lesson)> = Vec::new();
    for entry in &library.entries {
        let Some(lesson) = entry.playable() else {
            let why = entry.problem.clone().unwrap_or_default();
            skipped.push(format!("lesson {} left out: {why}", entry.path.display()));
            continue;
        };
        match lesson.variant.parse::<VariantId>() {
            Ok(id) => lessons.push((family_of(id), lesson.clone())),
            Err(e) => skipped.push(format!("lesson {} left out: {e}", lesson.id)),
        }
    }
    let mut lesson_counts = BTreeMap::new();
    for (family, _) in &lessons {
        *lesson_counts.entry(family.key).or_insert(0) += 1;
    }
    let mut pages = Vec::new();
    for family in FAMILIES
        .iter()
        .filter(|f| only.is_none_or(|o| o.key == f.key))
    {
        pages.push(GamePage {
            family,
            men: men_of(family)?,
            lessons: lessons
                .iter()
                .filter(|(f, _)| f.key == family.key)
                .map(|(_, l)| l.clone())
                .collect(),
        });
    }
    Ok(Plan {
        pages,
        skipped,
        lesson_counts,
    })
}
