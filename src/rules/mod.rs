//! Pure game logic: no Bevy, no I/O. Every game implements [`Position`]; the
//! CLI, the engine and the app are generic over it or dispatch through
//! [`dispatch::VariantVisitor`].
//!
//! The shared facts stand in small files below the games that read them
//! ([`side`], [`outcome`], [`position`], [`variant`], [`families`], [`view`],
//! [`men`] …);
//! [`registry`] and [`dispatch`] stand above the games, [`session`] and
//! [`glossary`] above those.

pub mod chakra;
pub mod dispatch;
pub mod families;
pub mod flaxman;
pub mod geometry;
pub mod glossary;
pub mod hexchess;
pub mod history;
pub mod legal;
pub mod men;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod random;
pub mod registry;
pub mod selfcheck;
pub mod session;
pub mod side;
pub mod status;
pub mod tapestry;
pub mod variant;
pub mod view;
pub mod zobrist;

pub use dispatch::VariantVisitor;
pub use history::{DrawRules, Game};
pub use legal::{find_legal_move, sorted_moves};
pub use notation::{MoveError, PositionError};
pub use outcome::{EndReason, GameResult, Outcome};
pub use position::{EvalWeights, Evaluated, OwnEvaluation, Position};
pub use side::Side;
pub use status::multi_player_status;
pub use view::{BoardLayout, CellId, Effect, Hint, HintKind, Placement, Route};
