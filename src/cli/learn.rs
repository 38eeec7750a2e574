//! `learn`: the Learn menu in the window, a lesson straight away, the list
//! of lessons, or the proof of every lesson against the rules.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::setup::io_error;
use crate::learn::Library;

#[derive(Args, Debug, Clone)]
pub struct LearnArgs {
    /// Print one line per lesson: its id, a tab, its variant id, a tab, its
    /// title.
    #[arg(long, conflicts_with_all = ["check", "lesson"])]
    pub list: bool,
    /// Prove every lesson against the rules: `lessons N ok`, or each
    /// failure naming its file and step (exit status 2).
    #[arg(long, conflicts_with = "lesson")]
    pub check: bool,
    /// Open the window straight into this lesson.
    #[arg(long)]
    pub lesson: Option<String>,
    /// Read lessons from this folder instead of the built-in ones.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Window size, e.g. 1280x720.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
}

impl LearnArgs {
    pub fn library(&self) -> Result<Library, String> {
        match &self.dir {
            Some(dir) => Library::load(dir),
            None => Library::shipped(),
        }
    }
}

pub fn run(args: &LearnArgs, out: &mut dyn Write) -> Result<(), String> {
    let library = args.library()?;
    if args.list {
        for entry in &library.entries {
            match (&entry.lesson, &entry.problem) {
                (Some(lesson), None) => {
                    writeln!(out, "{}\t{}\t{}", lesson.id, lesson.variant, lesson.title)
                        .map_err(io_error)?;
                }
                _ => eprintln!(
                    "variantarium: broken lesson: {}",
                    entry.problem.as_deref().unwrap_or("")
                ),
            }
        }
        return Ok(());
    }
    if args.check {
        let problems = library.problems();
        if problems.is_empty() {
            return writeln!(out, "lessons {} ok", library.entries.len()).map_err(io_error);
        }
        for problem in &problems {
            writeln!(out, "{problem}").map_err(io_error)?;
        }
        return Err(format!(
            "{} of {} lessons failed",
            problems.len(),
            library.entries.len()
        ));
    }
    let size = super::window::parse_size(&args.size)?;
    if let Some(id) = &args.lesson
        && library.find(id).is_none()
    {
        return Err(
            match library
                .entries
                .iter()
                .find(|e| e.lesson.as_ref().is_some_and(|l| &l.id == id))
            {
                Some(broken) => broken.problem.clone().unwrap_or_default(),
                None => format!("no lesson '{id}' (see `variantarium learn --list`)"),
            },
        );
    }
    super::window::open_learn(library, args.lesson.clone(), size)
}
