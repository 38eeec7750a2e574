//! Board geometry shared by the games: rectangular grids of points or squares
//! named `a1` … with files from White's left and ranks from White's side
//! ([`grid`]), the square boards' rays and leaps ([`square`]) and the hex
//! boards ([`hex`]).

pub mod grid;
pub mod hex;
pub mod square;

pub use grid::{Grid, bits, bits128, distance_squared, king_distance};
