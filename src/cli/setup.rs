//! Which game, from where: the options every command that reads a position
//! shares.

use std::path::PathBuf;

use clap::Args;

use crate::rules::Position;
use crate::rules::history::DrawRules;
use crate::rules::notation::move_list;
use crate::rules::registry::GAMES;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::Variant;

/// Which game, from where: the options shared by the commands that read a
/// position.
#[derive(Args, Debug, Clone)]
pub struct Setup {
    #[arg(long, help = variant_help())]
    pub variant: Option<String>,
    /// Hex games: the pawn-like piece (point, migrant, broker, corporal).
    #[arg(long)]
    pub pawn: Option<String>,
    /// Anglojewish games: what men promote to (curved, straight,
    /// straight-curved).
    #[arg(long)]
    pub promotion: Option<String>,
    /// Start from this position text instead of the game's start.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, separated by spaces, in the game's notation.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Start where a saved game or an exported record stands (its variant,
    /// draw rules and history); --moves are played after it.
    #[arg(long, conflicts_with_all = ["variant", "pawn", "promotion", "position"])]
    pub record: Option<PathBuf>,
}

/// Which game, named directly: the options of the commands that play a
/// game from its start (`selfplay`, `match`, `diagram`, `puzzles generate`).
#[derive(Args, Debug, Clone)]
pub struct GameChoice {
    /// Variant id (see `perft --help`).
    #[arg(long)]
    pub variant: String,
    /// Hex games: the pawn-like piece (point, migrant, broker, corporal).
    #[arg(long)]
    pub pawn: Option<String>,
    /// Anglojewish games: what men promote to (curved, straight,
    /// straight-curved).
    #[arg(long)]
    pub promotion: Option<String>,
}

impl GameChoice {
    pub fn variant(&self) -> Result<Variant, String> {
        Variant::parse(&self.variant, self.pawn.as_deref())?
            .with_promotion_text(self.promotion.as_deref())
    }
}

/// The `--variant` help: every registered game's id.
fn variant_help() -> String {
    let ids: Vec<&str> = GAMES.iter().map(|game| game.key).collect();
    format!(
        "Variant id: {}. Needed unless --record names the game.",
        ids.join(", ")
    )
}

impl Setup {
    pub fn variant(&self) -> Result<Variant, String> {
        let Some(variant) = &self.variant else {
            return Err("--variant or --record is required".into());
        };
        Variant::parse(variant, self.pawn.as_deref())?
            .with_promotion_text(self.promotion.as_deref())
    }

    /// The same setup naming its game directly: a record becomes the
    /// variant it plays and the position it reached.
    pub fn resolved(&self) -> Result<Setup, String> {
        let Some(path) = &self.record else {
            return Ok(self.clone());
        };
        let session = crate::record::load(path)?;
        let variant = session.variant();
        Ok(Setup {
            variant: Some(variant.id.id().into()),
            pawn: variant.pawn.map(|p| p.id().into()),
            promotion: variant.promotion.map(|p| p.id().into()),
            position: Some(session.position_text()),
            moves: self.moves.clone(),
            record: None,
        })
    }

    /// The game this setup names with its moves played: a record keeps its
    /// own draw rules and history, a variant gets `rules`.
    pub fn session(&self, rules: DrawRules) -> Result<Box<dyn Session>, String> {
        let mut session = match &self.record {
            Some(path) => crate::record::load(path)?,
            None => new_session(self.variant()?, rules, self.position.as_deref())?,
        };
        for (place, text) in move_list(&self.moves) {
            session
                .play(text)
                .map_err(|e| format!("move {place} of --moves: {e}"))?;
        }
        Ok(session)
    }

    /// The position this setup names, for a game type `P` (a record must
    /// have been [resolved](Setup::resolved) first).
    pub fn position<P: Position>(&self, options: &P::Options) -> Result<P, String> {
        let mut pos = match &self.position {
            Some(text) => P::from_text(text, options).map_err(|e| e.to_string())?,
            None => P::start(options),
        };
        for (place, text) in move_list(&self.moves) {
            let mv = pos
                .parse_move(text)
                .map_err(|e| format!("move {place} of --moves: {e}"))?;
            pos.play(mv);
        }
        Ok(pos)
    }
}

pub fn io_error(e: std::io::Error) -> String {
    format!("cannot write output: {e}")
}
