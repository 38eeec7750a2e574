//! Online play without a window: the messages ([`protocol`]) with the
//! boards and positions they carry for browsers ([`board_geometry`]), a game on the
//! server ([`room`]), where games are kept ([`store`], [`sqlite`],
//! [`postgres`]) and committed in batches ([`batch`]), the
//! server ([`server`]) and a blocking client ([`client`]) that the bot and
//! the window's online mode use, at an address typed as [`address`] reads it.

pub mod address;
pub mod batch;
pub mod board_geometry;
pub mod client;
pub mod player;
pub mod postgres;
pub mod protocol;
pub mod room;
pub mod server;
pub mod sqlite;
pub mod step;
pub mod store;
