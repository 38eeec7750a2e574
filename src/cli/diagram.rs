//! `diagram`: one man's moves drawn as an SVG picture, on an empty board
//! or in a given position; or as a PNG of the game window's scene seen
//! from above, the man selected and his targets marked as the window marks
//! them.

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
    /// The file to write: .svg (drawn from the rules alone) or .png (the
    /// game window's scene from above; needs a display).
    #[arg(long)]
    pub out: PathBuf,
    /// With a .png: the picture's size.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// With a .png: also write where each cell appears in it, as JSON.
    #[arg(long)]
    pub cell_map: Option<PathBuf>,
}

/// The kinds of picture `--out` names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Picture {
    Svg,
    Png,
}

pub fn run(args: &DiagramArgs, out: &mut dyn Write) -> Result<(), String> {
    let extension = args.out.extension().and_then(|e| e.to_str()).unwrap_or("");
    let picture = match extension.to_ascii_lowercase().as_str() {
        "svg" => Picture::Svg,
        "png" => Picture::Png,
        _ => {
            return Err(format!(
                "--out must name an .svg or a .png file, not '{}'",
                args.out.display()
            ));
        }
    };
    if picture == Picture::Svg && args.cell_map.is_some() {
        return Err("--cell-map goes with a .png picture".into());
    }
    let size = super::window::parse_size(&args.size)?;
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
    let boards = diagram.panels.len();
    let said = match picture {
        Picture::Svg => {
            crate::record::write_file(&args.out, &svg::render(&diagram))?;
            let marked: usize = diagram.panels.iter().map(|p| p.overlay.marks.len()).sum();
            let plural = if boards == 1 { "" } else { "s" };
            format!("{boards} board{plural}, {marked} cells marked")
        }
        Picture::Png => {
            let panel = diagram.panels.first().ok_or("the diagram has no board")?;
            let legend = crate::diagram::legend::window_legend(&diagram);
            photograph(variant, panel, legend, size, args)?;
            let marked = panel.overlay.marks.iter().filter(|m| m.moves || m.captures);
            let first = if boards == 1 {
                String::new()
            } else {
                format!(" (the first of {boards}; the SVG draws them all)")
            };
            format!("board 1{first}, {} cells marked", marked.count())
        }
    };
    writeln!(out, "diagram {}: {said}", args.out.display()).map_err(io_error)
}

/// The panel's position in the game window, seen from above with its man
/// selected, written as a PNG through the window's screenshot.
#[cfg(feature = "app")]
fn photograph(
    variant: crate::rules::variant::Variant,
    panel: &crate::diagram::Panel,
    legend: Vec<(&'static str, &'static str)>,
    size: (u32, u32),
    args: &DiagramArgs,
) -> Result<(), String> {
    use super::start::{Snapshot, WindowStart};
    let session = crate::rules::session::new_session(
        variant,
        crate::rules::history::DrawRules::default(),
        Some(&panel.position),
    )?;
    super::launch::check_display()?;
    super::launch::open(WindowStart {
        game: Some(session),
        players: vec![None, None, None],
        cell_map: args.cell_map.clone(),
        screenshot: Some(Snapshot {
            path: args.out.clone(),
            frames: PNG_SETTLE_FRAMES,
            frame_time: false,
            select: Some(panel.man),
            legend,
        }),
        ..WindowStart::new(size)
    })
}

/// Frames rendered before a PNG diagram is taken: the man is clicked in
/// the second, his marks drawn in the frames after.
#[cfg(feature = "app")]
const PNG_SETTLE_FRAMES: u32 = 8;

#[cfg(not(feature = "app"))]
fn photograph(
    _variant: crate::rules::variant::Variant,
    _panel: &crate::diagram::Panel,
    _legend: Vec<(&'static str, &'static str)>,
    _size: (u32, u32),
    _args: &DiagramArgs,
) -> Result<(), String> {
    Err("a PNG diagram is drawn by the game window, which this build lacks (built without the `app` feature): write an .svg".into())
}
