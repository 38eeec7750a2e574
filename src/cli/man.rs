//! `variantarium man`: the manual pages, made from the command line's own
//! definitions so that they say exactly what the program accepts.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::record::write_file;

#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write the program's page and one page per subcommand into DIR
    /// (`variantarium.1`, `variantarium-perft.1`, …), one path per line;
    /// without it, the program's page goes to standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// The pages of `program` (the whole command line, from its definitions).
pub fn run(args: &ManArgs, program: clap::Command, out: &mut dyn Write) -> Result<(), String> {
    let program = player_facing_command(program);
    match &args.out {
        None => out
            .write_all(&render(program)?)
            .map_err(|e| format!("cannot write the manual page: {e}")),
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            write_pages(program, dir, out)
        }
    }
}

/// The command line as the pages describe it: built (so that subcommands
/// are named `variantarium-perft` and so on), without clap's `help`
/// subcommand, which has no page of its own.
fn player_facing_command(program: clap::Command) -> clap::Command {
    let mut program = program.disable_help_subcommand(true);
    program.build();
    program
}

/// Writes the page of `command` and of each of its subcommands that
/// `--help` shows, depth first (a subcommand's own `help` has no page).
fn write_pages(command: clap::Command, dir: &Path, out: &mut dyn Write) -> Result<(), String> {
    let described = |sub: &&clap::Command| !sub.is_hide_set() && sub.get_name() != "help";
    for sub in command.get_subcommands().filter(described) {
        write_pages(sub.clone(), dir, out)?;
    }
    let page = clap_mangen::Man::new(command);
    let path = dir.join(page.get_filename());
    let mut roff = Vec::new();
    page.render(&mut roff)
        .map_err(|e| format!("cannot render {}: {e}", path.display()))?;
    write_file(&path, &roff)?;
    writeln!(out, "{}", path.display()).map_err(|e| e.to_string())
}

fn render(command: clap::Command) -> Result<Vec<u8>, String> {
    let mut roff = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut roff)
        .map_err(|e| format!("cannot render the manual page: {e}"))?;
    Ok(roff)
}
