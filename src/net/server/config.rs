//! What a server is told at start: where it listens, where it keeps its
//! games, and the limits that keep one connection from crowding out the
//! rest.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::net::protocol::ClockSpec;

#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub listen: SocketAddr,
    /// Where the games are kept.
    pub db: Database,
    pub limits: Limits,
}

#[derive(Clone, Debug)]
pub enum Database {
    /// An SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL connection string (a URL or libpq's `key=value` form).
    Postgres(String),
}

impl Database {
    /// `--db`: a PostgreSQL connection string, else an SQLite file's path.
    pub fn parse(text: &str) -> Database {
        if crate::net::postgres::is_postgres(text) {
            Database::Postgres(text.to_string())
        } else {
            Database::Sqlite(PathBuf::from(text))
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest message (and frame) a client may send, in bytes; a
    /// larger one closes the connection (close code 1009).
    pub max_message_bytes: usize,
    /// Messages per second a connection may send, on average...
    pub messages_per_second: f64,
    /// ...and at once, after a quiet spell. A message over the rate is
    /// refused; a connection that keeps on is closed (close code 1008).
    pub message_burst: f64,
    /// Games waiting for players that one address (one IPv6 /64) may have
    /// made; from this machine (uncapped), one connection.
    pub open_games_per_address: usize,
    /// How long a seat may be without a connection to its game before the
    /// other players may claim the win.
    pub grace: Duration,
    /// How long a new connection has to send a whole HTTP request head
    /// (a page's request or the WebSocket handshake); a plain HTTP
    /// connection is also closed after this long without a next request.
    pub handshake_timeout: Duration,
    /// A WebSocket silent this long is sent a ping...
    pub ping_interval: Duration,
    /// ...and one that sends nothing at all (not even the pong) this long
    /// is closed (close code 1001).
    pub idle_timeout: Duration,
    /// Connections at once, in all; lowered to fit the process's limit on
    /// open files.
    pub max_connections: usize,
    /// Connections at once from one address (one IPv6 /64); 0: no cap.
    pub max_connections_per_address: usize,
    /// Whether connections from this machine (a proxy in front of the
    /// server, usually) count against the per-address cap.
    pub cap_loopback: bool,
    /// How long a finished game stays in memory after its last request
    /// once no one follows it (then it is read back from the store when
    /// asked for).
    pub keep_finished: Duration,
    /// How long a shutdown waits for the connections to be told and
    /// their replies sent.
    pub shutdown_wait: Duration,
    /// How long a listed game (an open seek) waits for its players, from
    /// when it was made, before it expires...
    pub listed_expiry: Duration,
    /// ...a game by invite only...
    pub invite_expiry: Duration,
    /// ...and a correspondence game, listed or not.
    pub correspondence_expiry: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: crate::net::protocol::MAX_MESSAGE_BYTES,
            messages_per_second: 200.0,
            message_burst: 400.0,
            open_games_per_address: 5,
            grace: Duration::from_secs(60),
            handshake_timeout: Duration::from_secs(10),
            ping_interval: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(60),
            max_connections: 10_000,
            max_connections_per_address: 32,
            cap_loopback: false,
            keep_finished: Duration::from_secs(60),
            shutdown_wait: Duration::from_secs(10),
            listed_expiry: Duration::from_secs(3600),
            invite_expiry: Duration::from_secs(24 * 3600),
            correspondence_expiry: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

impl Limits {
    /// How long a game waits for its players before it expires.
    pub fn expiry(&self, listed: bool, clock: Option<ClockSpec>) -> Duration {
        match clock {
            Some(ClockSpec {
                days_per_move: Some(_),
                ..
            }) => self.correspondence_expiry,
            _ if listed => self.listed_expiry,
            _ => self.invite_expiry,
        }
    }
}

/// A token bucket: `take` answers whether one more message is within the
/// rate.
pub struct RateLimit {
    tokens: f64,
    last: std::time::Instant,
    limits: Limits,
}

impl RateLimit {
    pub fn new(limits: Limits) -> RateLimit {
        RateLimit {
            tokens: limits.message_burst,
            last: std::time::Instant::now(),
            limits,
        }
    }

    pub fn take(&mut self, now: std::time::Instant) -> bool {
        let earned = now.duration_since(self.last).as_secs_f64() * self.limits.messages_per_second;
        self.tokens = (self.tokens + earned).min(self.limits.message_burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
