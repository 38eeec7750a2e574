//! The command line: `perft`, `moves`, `bench` and the rest. Every bad input
//! ends in a one-line message and exit status 2, never a panic.

mod bench;
mod bot;
mod command;
mod completions;
mod contender;
mod diagram;
#[cfg(feature = "app")]
mod gpu;
mod in_order;
#[cfg(feature = "app")]
mod launch;
mod learn;
mod man;
mod manual;
#[cfg(feature = "app")]
mod manual_videos;
mod match_command;
mod match_games;
mod match_journal;
mod moves;
mod perft;
mod puzzles;
#[cfg(feature = "app")]
mod record;
mod selfplay;
mod serve;
mod setup;
mod start;
mod status;
mod tune;
mod tune_games;
mod window;

pub use command::{Cli, Command, run};
pub use setup::Setup;
