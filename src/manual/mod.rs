//! The rules manual: a static site of the games — an index, and per game
//! its rules, its men with their move diagrams, its lessons with their
//! recordings and words, and its notation — that works offline from its
//! folder. Plain HTML and one style sheet, no script; the recordings are
//! made by the command line and only linked here.

mod html;
mod markdown;
mod men;
mod pages;
mod plan;
mod reference;
mod site;

pub use men::Man;
pub use pages::LessonVideo;
pub use plan::{GamePage, Plan, family_named, plan};
pub use site::{Written, prepare, video_files, videos_in, write_assets, write_pages};
