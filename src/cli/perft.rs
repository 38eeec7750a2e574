//! `perft`: the number of leaves of the legal-move tree to a depth, with
//! `--divide` the count under each first move.

use std::io::Write;

use clap::Args;

use super::setup::{Setup, io_error};
use crate::rules::Position;
use crate::rules::dispatch::VariantVisitor;
use crate::rules::perft::{divide, perft};

/// `perft`: count the leaves of the legal-move tree.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub setup: Setup,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Print one line `MOVE COUNT` per legal move before the total.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), String> {
    let setup = args.setup.resolved()?;
    setup.variant()?.visit(PerftCommand {
        setup: &setup,
        depth: args.depth,
        divide: args.divide,
        out,
    })?
}

struct PerftCommand<'a> {
    setup: &'a Setup,
    depth: u32,
    divide: bool,
    out: &'a mut dyn Write,
}

impl VariantVisitor for PerftCommand<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let mut pos: P = self.setup.position(&options)?;
        let total = if self.divide {
            let lines = divide(&mut pos, self.depth);
            for (text, nodes) in &lines {
                writeln!(self.out, "{text} {nodes}").map_err(io_error)?;
            }
            if self.depth == 0 {
                1
            } else {
                lines.iter().map(|(_, n)| n).sum()
            }
        } else {
            perft(&mut pos, self.depth)
        };
        writeln!(self.out, "nodes {total}").map_err(io_error)
    }
}
