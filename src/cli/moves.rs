//! `moves`: the legal moves of a position, sorted by their text.

use std::io::Write;

use clap::Args;

use super::setup::{Setup, io_error};
use crate::rules::dispatch::VariantVisitor;
use crate::rules::{Position, sorted_moves};

/// `moves`: the legal moves, one per line, sorted by their text.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub setup: Setup,
}

pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), String> {
    let setup = args.setup.resolved()?;
    setup
        .variant()?
        .visit(MovesCommand { setup: &setup, out })?
}

struct MovesCommand<'a> {
    setup: &'a Setup,
    out: &'a mut dyn Write,
}

impl VariantVisitor for MovesCommand<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let pos: P = self.setup.position(&options)?;
        for (text, _) in sorted_moves(&pos) {
            writeln!(self.out, "{text}").map_err(io_error)?;
        }
        Ok(())
    }
}
