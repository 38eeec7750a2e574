//! The showcase: the moments that make each game unique, found in seeded
//! computer games by the [director](director) and told in words.

pub mod director;
pub mod moments;

pub use director::{SHOWCASE_GAMES, reading_seconds, showcase};
