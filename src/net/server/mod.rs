//! The game server: a tokio runtime, one task per connection, one actor per
//! game, the store behind them all.

mod actor;
mod config;
mod connection;
mod host;
mod listen;
mod lobby;
mod mailbox;
mod outbox;
mod presence;
mod secret;

pub use config::{Database, Limits, ServerConfig};
pub use listen::{RunningServer, start};
