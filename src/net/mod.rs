//! Online play without a window: the messages ([`protocol`]), a game on the
//! server ([`room`]), where games are kept ([`store`], [`sqlite`]), the
//! server ([`server`]) and a blocking client ([`client`]) that the bot and
//! the window's online mode use.

pub mod client;
pub mod player;
pub mod protocol;
pub mod room;
pub mod server;
pub mod sqlite;
pub mod store;
