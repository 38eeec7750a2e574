//! `variantarium completions SHELL`: the shell's completion script for the
//! whole command line, to standard output (packages install it; a user can
//! `source <(variantarium completions bash)`).

use std::io::Write;

use clap::Args;
use clap_complete::Shell;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell whose script to print: bash, zsh, fish, elvish or
    /// powershell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// The completion script of `program` (the whole command line) for a shell.
pub fn run(
    args: &CompletionsArgs,
    mut program: clap::Command,
    out: &mut dyn Write,
) -> Result<(), String> {
    let name = program.get_name().to_string();
    clap_complete::generate(args.shell, &mut program, name, out);
    Ok(())
}
