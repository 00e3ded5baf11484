//! `wartime` engine: an exact, fast forward model of *Wartime The Game*.
//!
//! The rulebook is `shared/seeds/004_db3ed0c2614b7994.txt`; module names follow its sections
//! and `shared/GLOSSARY.md`. Start from [`State`]: load a position with [`State::load`], list
//! decisions with [`State::legal_actions`], play them with [`State::apply`].
#![warn(missing_docs)]

pub mod actions;
pub mod basics;
pub mod creation;
pub mod environment;
pub mod game;
pub mod psychology;
pub mod scenario;
pub mod sequence;
pub mod setup;
pub mod state;

pub use basics::action::{ActKind, Action, CharIdx, ShotMode};
pub use basics::check::{Event, Log};
pub use basics::dice::{DiceSource, ScriptedDice, SeededDice};
pub use basics::geom::{Facing, Pos, Side};
pub use game::{ActionError, DecisionKind, IllegalAction};
pub use setup::{Setup, SetupError};
pub use state::{Pending, State};
