//! Move diagrams: one man on a board with every cell he can reach marked,
//! as the page of a variant illustrates its men. Staged and judged by the
//! rules alone (their layouts, placements, legal moves and hints), drawn
//! as SVG without a window.

mod build;
mod flaxman;
pub mod geometry;
mod ink;
pub mod legend;
mod marks;
mod stage;
pub mod svg;
mod text;

pub use build::{Diagram, Panel, Request, draw};
pub use ink::escape;
pub use marks::{Mark, Overlay, RoutePath, RuleLine};
