//! The game server: a tokio runtime, one task per connection, one actor per
//! game, the store behind them all.

mod accept;
mod actor;
mod config;
mod connection;
mod gate;
mod host;
mod http;
mod listen;
mod lobby;
mod mailbox;
mod outbox;
mod presence;
mod secret;
mod trim;
mod web_assets;
mod writer;

pub use config::{Database, Limits, ServerConfig};
pub use listen::{RunningServer, start};
pub use lobby::LobbyCounts;
