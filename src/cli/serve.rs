//! `variantarium serve`: the game server, without a window. It prints
//! `listening ADDRESS` once it accepts connections, then runs until it is
//! stopped; the games it was playing carry on when it starts again on the
//! same database.

use std::io::Write;
use std::net::SocketAddr;

use clap::Args;

use super::setup::io_error;
use crate::net::server::{Database, Limits, ServerConfig, start};

/// `serve`: the online game server.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub listen: String,
    /// The SQLite file of the games [default: games.sqlite in the data
    /// folder], or a PostgreSQL database: postgres://USER@HOST/DB,
    /// postgresql://… or "host=… dbname=…".
    #[arg(long)]
    pub db: Option<String>,
    /// Seconds a player may be disconnected from a game in progress before
    /// the others may claim the win.
    #[arg(long, default_value_t = 60)]
    pub grace_seconds: u64,
}

pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), String> {
    let listen: SocketAddr = args
        .listen
        .parse()
        .map_err(|_| format!("--listen must be ADDRESS:PORT, not '{}'", args.listen))?;
    let db = match &args.db {
        Some(db) => Database::parse(db),
        None => Database::Sqlite(
            crate::record::data_dir()
                .ok_or("no data folder for the games (set HOME or XDG_DATA_HOME, or give --db)")?
                .join("games.sqlite"),
        ),
    };
    let config = ServerConfig {
        listen,
        db,
        limits: Limits {
            grace: std::time::Duration::from_secs(args.grace_seconds),
            ..Limits::default()
        },
    };
    let server = start(&config)?;
    writeln!(out, "listening {}", server.addr).map_err(io_error)?;
    writeln!(out, "resumed {} games", server.resumed).map_err(io_error)?;
    out.flush().map_err(io_error)?;
    server.wait();
    Ok(())
}
