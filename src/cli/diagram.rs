//! `diagram`: one man's moves drawn as an SVG picture, on an empty board
//! or in a given position.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::setup::{GameChoice, io_error};
use crate::diagram::{Request, draw, svg};

/// `diagram`: the cells a man can reach, as an SVG picture.
#[derive(Args, Debug)]
pub struct DiagramArgs {
    #[command(flatten)]
    pub game: GameChoice,
    /// The man's letter as the game's position text writes it (`Q`, `F`
    /// for a Finch, `T` for a chakra …).
    #[arg(long)]
    pub man: String,
    /// Where he stands (default: a central cell suited to him).
    #[arg(long)]
    pub cell: Option<String>,
    /// Draw him in this position (with --cell) instead of on an empty
    /// board.
    #[arg(long)]
    pub position: Option<String>,
    /// The SVG file to write.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: &DiagramArgs, out: &mut dyn Write) -> Result<(), String> {
    if args
        .out
        .extension()
        .is_none_or(|e| !e.eq_ignore_ascii_case("svg"))
    {
        return Err(format!(
            "--out must name an .svg file, not '{}'",
            args.out.display()
        ));
    }
    let mut letters = args.man.trim().chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return Err(format!("--man takes one letter, not '{}'", args.man));
    };
    let variant = args.game.variant()?;
    let diagram = draw(&Request {
        variant,
        letter: letter.to_ascii_uppercase(),
        cell: args.cell.clone(),
        position: args.position.clone(),
    })?;
    crate::record::write_atomically(&args.out, &svg::render(&diagram))
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let marked: usize = diagram.panels.iter().map(|p| p.overlay.marks.len()).sum();
    writeln!(
        out,
        "diagram {}: {} board{}, {marked} cells marked",
        args.out.display(),
        diagram.panels.len(),
        if diagram.panels.len() == 1 { "" } else { "s" }
    )
    .map_err(io_error)
}
