//! `variantarium serve`: the game server, without a window. It prints
//! `listening ADDRESS` once it accepts connections, then runs until it is
//! stopped (SIGTERM or SIGINT: gracefully, then `stopped`); the games it
//! was playing carry on when it starts again on the same database.

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use super::setup::io_error;
use crate::net::server::{Database, Limits, ServerConfig, start};

/// The longest a game may wait for its players: a year.
const MAX_EXPIRY_SECONDS: u64 = 366 * 86400;

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
    /// Connections held at once, in all (lowered to fit the open-file
    /// limit); more are answered with HTTP 503.
    #[arg(long, default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Connections held at once from one address (an IPv6 /64), except
    /// from this machine; 0: no cap.
    #[arg(long, default_value_t = Limits::default().max_connections_per_address)]
    pub connections_per_address: usize,
    /// Seconds a new connection has to send its request or handshake.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub handshake_seconds: u64,
    /// Seconds a WebSocket may stay silent (the server pings it after a
    /// third of them) before it is closed.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(3..=86400))]
    pub idle_seconds: u64,
    /// Seconds a listed game waits for its players before it expires.
    #[arg(long, default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..=MAX_EXPIRY_SECONDS))]
    pub listed_expiry_seconds: u64,
    /// Seconds a game by invite only waits for its players before it
    /// expires.
    #[arg(long, default_value_t = 86400, value_parser = clap::value_parser!(u64).range(1..=MAX_EXPIRY_SECONDS))]
    pub invite_expiry_seconds: u64,
    /// Seconds a correspondence game (listed or not) waits for its
    /// players before it expires.
    #[arg(long, default_value_t = 604800, value_parser = clap::value_parser!(u64).range(1..=MAX_EXPIRY_SECONDS))]
    pub correspondence_expiry_seconds: u64,
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
        limits: limits(args)?,
    };
    let server = start(&config)?;
    writeln!(out, "listening {}", server.addr).map_err(io_error)?;
    writeln!(out, "resumed {} games", server.resumed).map_err(io_error)?;
    out.flush().map_err(io_error)?;
    server.wait()?;
    writeln!(out, "stopped").map_err(io_error)?;
    Ok(())
}

fn limits(args: &ServeArgs) -> Result<Limits, String> {
    if args.max_connections == 0 {
        return Err("--max-connections must be at least 1".into());
    }
    let idle = Duration::from_secs(args.idle_seconds);
    Ok(Limits {
        grace: Duration::from_secs(args.grace_seconds),
        max_connections: args.max_connections,
        max_connections_per_address: args.connections_per_address,
        handshake_timeout: Duration::from_secs(args.handshake_seconds),
        idle_timeout: idle,
        ping_interval: idle / 3,
        listed_expiry: Duration::from_secs(args.listed_expiry_seconds),
        invite_expiry: Duration::from_secs(args.invite_expiry_seconds),
        correspondence_expiry: Duration::from_secs(args.correspondence_expiry_seconds),
        ..Limits::default()
    })
}
