//! `variantarium completions SHELL`: the shell's completion script for the
//! whole command line, to standard output (packages install it; a user can
//! `source <(variantarium completions bash)`).

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::command::Cli;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell whose script to print: bash, zsh, fish, elvish or
    /// powershell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

pub fn run(args: &CompletionsArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut program = Cli::command();
    let name = program.get_name().to_string();
    clap_complete::generate(args.shell, &mut program, name, out);
    Ok(())
}
