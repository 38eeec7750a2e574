//! `status`: where a game stands, in two lines a script can read.

use std::io::Write;

use clap::Args;

use super::setup::{Setup, io_error};
use crate::rules::history::DrawRules;
use crate::rules::session::Session;

/// `status`: where the game stands.
#[derive(Args, Debug)]
pub struct StatusArgs {
    #[command(flatten)]
    pub setup: Setup,
    /// Switch off the threefold-repetition draw.
    #[arg(long)]
    pub no_repetition: bool,
    /// Switch off the 50-move draw.
    #[arg(long)]
    pub no_fifty_moves: bool,
}

pub fn run(args: &StatusArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut session = args.setup.session(DrawRules::default())?;
    let rules = session.draw_rules();
    session.set_draw_rules(DrawRules {
        repetition: rules.repetition && !args.no_repetition,
        fifty_moves: rules.fifty_moves && !args.no_fifty_moves,
    });
    let [standing, check] = lines(session.as_ref());
    writeln!(out, "{standing}\n{check}").map_err(io_error)
}

/// The result (or `ongoing`) with its reason, then whether the side to move
/// is in check; for three players, who is out instead.
pub fn lines(session: &dyn Session) -> [String; 2] {
    if let Some(lines) = session.multi_player_status() {
        return lines;
    }
    let standing = match session.outcome() {
        None => "ongoing".to_string(),
        Some(end) => format!("{} {}", end.result.score(), end.reason.id()),
    };
    let check = if session.in_check() {
        "check"
    } else {
        "no-check"
    };
    [standing, check.to_string()]
}
