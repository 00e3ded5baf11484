//! `wartime` engine: an exact, fast forward model of *Wartime The Game*.
//!
//! The rulebook is `shared/seeds/004_db3ed0c2614b7994.txt`; module names follow its sections
//! and `shared/GLOSSARY.md`. Start from [`State`]: load a position with [`State::load`], list
//! decisions with [`State::legal_actions`], play them with [`State::apply`].
#![warn(missing_docs)]

pub mod action;
pub mod archetype;
pub mod board;
pub mod catalogue;
pub mod check;
pub mod combat;
pub mod dice;
pub mod effect;
pub mod equipment;
pub mod game;
pub mod geom;
pub mod legal;
pub mod meta;
pub mod mind;
pub mod movement;
pub mod movement_actions;
pub mod noise;
pub mod physical;
pub mod points;
pub mod psychology;
pub mod rules;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod traits;

pub use action::{ActKind, Action, CharIdx, ShotMode};
pub use check::{Event, Log};
pub use dice::{DiceSource, ScriptedDice, SeededDice};
pub use game::{ActionError, DecisionKind, IllegalAction};
pub use geom::{Facing, Pos, Side};
pub use setup::{Setup, SetupError};
pub use state::{Pending, State};
