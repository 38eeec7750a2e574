//! `manual`: the rules manual as a static site in a folder — an index, a
//! page per game with its rules, men, lessons and notation, the men's move
//! diagrams, the games' thumbnails and the lessons' recordings. The pages
//! are written last, so that every file they link is there.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::setup::io_error;
use crate::manual;

/// `manual`: the rules manual, a site that works offline from its folder.
#[derive(Args, Debug)]
pub struct ManualArgs {
    /// The folder to write the site into (made if missing; the files the
    /// manual makes are replaced, others left alone).
    #[arg(long)]
    pub out: PathBuf,
    /// Make one game's page only: a game of the title screen (flaxman,
    /// tapestry, anglojewish, hexagonal, chakra) or a variant id. The index
    /// links the games with a page in the folder and marks the others as
    /// not built.
    #[arg(long)]
    pub only: Option<String>,
    /// The lesson videos' frame size.
    #[arg(long, default_value = "480x270")]
    pub size: String,
    /// The lesson videos' frames per second.
    #[arg(long, default_value_t = 8)]
    pub fps: u32,
    /// Record no lessons: the pages link the recordings already in the
    /// folder, if any.
    #[arg(long)]
    pub no_videos: bool,
}

/// Frames per second accepted for the lesson videos.
const FPS_RANGE: std::ops::RangeInclusive<u32> = 1..=30;

pub fn run(args: &ManualArgs, out: &mut dyn Write) -> Result<(), String> {
    let only = args.only.as_deref().map(manual::family_named).transpose()?;
    let size = super::window::parse_size(&args.size)?;
    if !FPS_RANGE.contains(&args.fps) {
        return Err(format!("--fps must be 1 to 30, not {}", args.fps));
    }
    if !args.no_videos {
        videos::check_ready()?;
    }
    let plan = manual::plan(only, crate::learn::Library::shipped()?)?;
    let mut log = std::io::stderr();
    for line in &plan.skipped {
        let _ = writeln!(log, "{line}");
    }
    manual::prepare(&args.out)?;
    let thumbnails = manual::write_assets(&args.out, &plan, &mut log)?;
    if !args.no_videos {
        videos::record_lessons(&plan, &args.out, size, args.fps)?;
    }
    let recorded = manual::videos_in(&args.out, &plan);
    let written = manual::write_pages(&args.out, &plan, &thumbnails, &recorded, &remake(args))?;
    writeln!(
        out,
        "manual {}: {} pages, {} diagrams, {} lesson videos, {:.1} MB",
        args.out.join("index.html").display(),
        written.pages,
        written.diagrams,
        written.videos,
        written.bytes as f64 / 1e6
    )
    .map_err(io_error)
}

/// The command line that makes this site again, as a player types it: the
/// same folder and video options, without `--only`.
fn remake(args: &ManualArgs) -> String {
    let mut line = format!(
        "variantarium manual --out {}",
        shell_word(&args.out.to_string_lossy())
    );
    if args.no_videos {
        line.push_str(" --no-videos");
    } else {
        line.push_str(&format!(
            " --size {} --fps {}",
            shell_word(&args.size),
            args.fps
        ));
    }
    line
}

/// A word a POSIX shell reads back as it is: plain when it is, else quoted.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Without the game window there is nothing to record lessons with.
#[cfg(not(feature = "app"))]
mod videos {
    pub fn check_ready() -> Result<(), String> {
        Err("this build has no game window to record the lessons with: add --no-videos".into())
    }

    pub fn record_lessons(
        _: &crate::manual::Plan,
        _: &std::path::Path,
        _: (u32, u32),
        _: u32,
    ) -> Result<(), String> {
        check_ready()
    }
}

#[cfg(feature = "app")]
use super::manual_videos as videos;
