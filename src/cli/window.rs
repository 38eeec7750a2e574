//! `play`, `screenshot` and the bare command: the game window.

use std::path::PathBuf;

use clap::Args;

use super::Setup;
use crate::record;
use crate::rules::history::DrawRules;
use crate::rules::session::Session;

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Variant id (see `perft --help`); without it and --record, the menu.
    #[arg(long)]
    pub variant: Option<String>,
    #[arg(long)]
    pub pawn: Option<String>,
    #[arg(long)]
    pub position: Option<String>,
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Load a saved game or an exported text record.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Switch off the threefold-repetition draw.
    #[arg(long)]
    pub no_repetition: bool,
    /// Switch off the 50-move draw.
    #[arg(long)]
    pub no_fifty_moves: bool,
    /// Window size, e.g. 1280x720.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Keep a JSON file of where each cell appears on screen (for scripts).
    #[arg(long)]
    pub cell_map: Option<PathBuf>,
    /// White's player: `human` (the default) or a computer level 1–6.
    #[arg(long, default_value = "human")]
    pub white: String,
    /// Black's player: `human` (the default) or a computer level 1–6.
    #[arg(long, default_value = "human")]
    pub black: String,
}

/// `human` or a computer level.
pub fn player(flag: &str, text: &str) -> Result<Option<crate::engine::Level>, String> {
    if text == "human" {
        return Ok(None);
    }
    text.parse::<crate::engine::Level>()
        .map(Some)
        .map_err(|e| format!("--{flag}: {e} (or 'human')"))
}

#[derive(Args, Debug, Clone)]
pub struct ScreenshotArgs {
    #[command(flatten)]
    pub setup: Setup,
    /// The PNG to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Image size, e.g. 1280x720.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Frames to render before the picture is taken.
    #[arg(long, default_value_t = 4)]
    pub frames: u32,
    /// Also write where each cell appears in the picture, as JSON.
    #[arg(long)]
    pub cell_map: Option<PathBuf>,
}

pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--size must look like 1280x720, not '{text}'");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.parse().map_err(|_| bad())?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(format!("--size {text} is outside 64x64 to 8192x8192"));
    }
    Ok((w, h))
}

/// The game these arguments describe, with the moves played; None (the
/// main menu) when they name no game.
pub fn game_of(args: &PlayArgs) -> Result<Option<Box<dyn Session>>, String> {
    if let Some(path) = &args.record {
        return record::load(path).map(Some);
    }
    let Some(variant) = args.variant.clone() else {
        return Ok(None);
    };
    let setup = Setup {
        variant: Some(variant),
        pawn: args.pawn.clone(),
        position: args.position.clone(),
        moves: args.moves.clone(),
        record: None,
    };
    let rules = DrawRules {
        repetition: !args.no_repetition,
        fifty_moves: !args.no_fifty_moves,
    };
    setup.session(rules).map(Some)
}

#[cfg(feature = "app")]
pub fn open(
    game: Option<Box<dyn Session>>,
    size: (u32, u32),
    cell_map: Option<PathBuf>,
    players: Vec<Option<crate::engine::Level>>,
) -> Result<(), String> {
    crate::app::run(crate::app::Launch {
        game,
        screenshot: None,
        cell_map,
        players,
        size,
    })
}

#[cfg(feature = "app")]
pub fn screenshot(args: &ScreenshotArgs) -> Result<(), String> {
    let size = parse_size(&args.size)?;
    let game = args.setup.session(DrawRules::default())?;
    if args.out.extension().is_none_or(|e| e != "png") {
        return Err(format!(
            "--out must name a .png file, not '{}'",
            args.out.display()
        ));
    }
    crate::app::run(crate::app::Launch {
        game: Some(game),
        screenshot: Some(crate::app::ScreenshotRequest {
            path: args.out.clone(),
            settle_frames: args.frames.max(2),
        }),
        cell_map: args.cell_map.clone(),
        players: vec![None, None],
        size,
    })
}

#[cfg(not(feature = "app"))]
pub fn open(
    _game: Option<Box<dyn Session>>,
    _size: (u32, u32),
    _cell_map: Option<PathBuf>,
    _players: Vec<Option<crate::engine::Level>>,
) -> Result<(), String> {
    Err("this build has no game window (it was built without the `app` feature)".into())
}

#[cfg(not(feature = "app"))]
pub fn screenshot(_args: &ScreenshotArgs) -> Result<(), String> {
    open(None, (0, 0), None, Vec::new())
}
