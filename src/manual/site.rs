//! The manual's folder: what goes where, and every file written under a
//! temporary name beside its place and renamed when complete, so that an
//! interrupted run never leaves a half-written file under its final name.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::pages::{self, LessonVideo, Links, diagram_file, thumbnail_file};
use super::plan::{Plan, page_file};
use crate::record::write_file;
use crate::rules::families::FAMILIES;
use crate::rules::variant::VariantId;

/// The style sheet every page links.
const STYLE: &str = include_str!("style.css");

/// What a finished manual holds.
pub struct Written {
    pub pages: usize,
    pub diagrams: usize,
    pub videos: usize,
    pub bytes: u64,
}

/// The folders of the manual, made if missing; a clear line when `out`
/// cannot hold them.
pub fn prepare(out: &Path) -> Result<(), String> {
    if out.exists() && !out.is_dir() {
        return Err(format!("--out {} is a file, not a folder", out.display()));
    }
    for sub in ["", "men", "thumbnails", "videos"] {
        let dir = out.join(sub);
        fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    Ok(())
}

/// The two files of a lesson's recording.
pub fn video_files(out: &Path, lesson: &str) -> (PathBuf, PathBuf) {
    let dir = out.join("videos");
    (
        dir.join(format!("{lesson}.webm")),
        dir.join(format!("{lesson}.gif")),
    )
}

/// The lessons of the plan whose two recordings are in `out`.
pub fn videos_in(out: &Path, plan: &Plan) -> BTreeMap<String, LessonVideo> {
    let mut videos = BTreeMap::new();
    for lesson in plan.pages.iter().flat_map(|p| &p.lessons) {
        let (webm, gif) = video_files(out, &lesson.id);
        if webm.is_file() && gif.is_file() {
            videos.insert(
                lesson.id.clone(),
                LessonVideo {
                    webm: format!("videos/{}.webm", lesson.id),
                    gif: format!("videos/{}.gif", lesson.id),
                },
            );
        }
    }
    videos
}

/// The style sheet, the thumbnails the pages show and the men's diagrams;
/// a line on `log` for each thumbnail missing from the source.
pub fn write_assets(
    out: &Path,
    plan: &Plan,
    log: &mut dyn Write,
) -> Result<HashSet<VariantId>, String> {
    write_file(&out.join("style.css"), STYLE.as_bytes())?;
    let mut wanted: Vec<VariantId> = FAMILIES.iter().map(|f| f.members[0]).collect();
    wanted.extend(
        plan.pages
            .iter()
            .flat_map(|p| p.family.members.iter().copied()),
    );
    let mut copied = HashSet::new();
    for id in wanted {
        if copied.contains(&id) {
            continue;
        }
        match crate::data::thumbnail(id.id()) {
            Some(bytes) => {
                write_file(&out.join(thumbnail_file(id)), bytes)?;
                copied.insert(id);
            }
            None => {
                let _ = writeln!(log, "no thumbnail for {id}");
            }
        }
    }
    // Thumbnails an earlier run copied stay usable.
    copied.extend(
        crate::rules::variant::VariantId::ALL
            .into_iter()
            .filter(|&id| out.join(thumbnail_file(id)).is_file()),
    );
    for page in &plan.pages {
        for man in &page.men {
            if let Some(diagram) = &man.diagram {
                let svg = crate::diagram::svg::figure(diagram);
                write_file(&out.join(diagram_file(page.family, man)), svg.as_bytes())?;
            }
        }
    }
    Ok(copied)
}

/// The pages: each game's of the plan, then the index, which links every
/// game with a page in `out` (made now or before).
pub fn write_pages(
    out: &Path,
    plan: &Plan,
    thumbnails: &HashSet<VariantId>,
    videos: &BTreeMap<String, LessonVideo>,
    remake: &str,
) -> Result<Written, String> {
    let mut built: BTreeSet<&'static str> = FAMILIES
        .iter()
        .filter(|f| out.join(page_file(f)).is_file())
        .map(|f| f.key)
        .collect();
    built.extend(plan.pages.iter().map(|p| p.family.key));
    let links = Links {
        pages: &built,
        thumbnails,
        videos,
        remake,
    };
    for page in &plan.pages {
        write_file(&out.join(page.file()), pages::game(page, &links).as_bytes())?;
    }
    write_file(
        &out.join("index.html"),
        pages::index(&links, &plan.lesson_counts).as_bytes(),
    )?;
    Ok(Written {
        pages: plan.pages.len() + 1,
        diagrams: plan
            .pages
            .iter()
            .flat_map(|p| &p.men)
            .filter(|m| m.diagram.is_some())
            .count(),
        videos: videos.len(),
        bytes: folder_bytes(out),
    })
}

/// The bytes of every file under `dir`.
fn folder_bytes(dir: &Path) -> u64 {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => folder_bytes(&e.path()),
            _ => e.metadata().map_or(0, |m| m.len()),
        })
        .sum()
}
