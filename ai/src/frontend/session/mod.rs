//! The engine session behind the line protocol (`frontend/protocol/`), the JSON analysis mode
//! (`frontend/analysis.rs`) and terminal play (`view/play.rs`): the position and how it was
//! reached, the options, the dice stream of the referee and the search thread.
//!
//! Nothing here prints. The search reports through callbacks that the protocol layer formats;
//! every change of the position goes through [`Session::set_position`], [`Session::apply`] or
//! [`Session::undo`], which are atomic (on error nothing changes) and keep the game record —
//! the base position and every action with the exact dice it used — so that any game can be
//! written out and replayed exactly ([`Session::record`]).
//!
//! Files: `commands.rs` ([`Session`] and its commands), `game.rs` (loading a position, the
//! game and its record), `actions.rs` (playing actions with the table's dice), `options.rs`
//! and `error.rs`.

mod actions;
mod commands;
mod error;
mod game;
mod options;

pub use actions::{parse_action, play_action, play_list, Applied, Planned, Played};
pub use commands::{Done, GoRequest, Progress, Session};
pub use error::SessionError;
pub use game::{load, one_line_json, record_command, Game, Loaded, Source, FILES_OFF};
pub use options::{OptionKind, OptionSpec, Options, DEFAULT_ITERATIONS, OPTIONS};
