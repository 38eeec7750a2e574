//! What a server is told at start: where it listens, where it keeps its
//! games, and the limits that keep one connection from crowding out the
//! rest.

use std::net::SocketAddr;
use std::path::PathBuf;

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
    /// larger one closes the connection.
    pub max_message_bytes: usize,
    /// Messages per second a connection may send, on average...
    pub messages_per_second: f64,
    /// ...and at once, after a quiet spell. A message over the rate is
    /// refused; a connection that keeps on is closed.
    pub message_burst: f64,
    /// Games a connection may have waiting for players at one time.
    pub open_games_per_connection: usize,
    /// How long a seat may be without a connection to its game before the
    /// other players may claim the win.
    pub grace: std::time::Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: crate::net::protocol::MAX_MESSAGE_BYTES,
            messages_per_second: 200.0,
            message_burst: 400.0,
            open_games_per_connection: 5,
            grace: std::time::Duration::from_secs(60),
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
