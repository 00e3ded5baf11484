//! `wartime balance`: is a list, or an archetype, worth its points?
//!
//! Lists of equal points (LISTAS DE JUEGO) play a round robin on the board and scenario of a
//! template position. Every matchup is played in pairs: the same game seed twice, each list once
//! on each side, the dice keyed by turn and character slot ([`play_duplicate_game`]), so the side
//! advantage and the luck of each seat are met by both lists. The report gives each list's score
//! with a 95 % interval over pairs and an Elo-like rating, a cross table, and each archetype's
//! win rate and value for its points from a ridge regression on the differences in archetype
//! counts (see [`stats::fit_value`] and BALANCE.md).
//!
//! Files: `command.rs` (arguments, long help, the command), `run.rs` (the round robin and the
//! report's data), `report.rs` (its text), `lists.rs` (lists files, validation), `generate.rs`
//! (random lists for `--auto`), `deploy.rs` (lists placed on a template board), `stats.rs`
//! (intervals, ratings, regression).
//!
//! [`play_duplicate_game`]: crate::agents::play_duplicate_game

mod command;
pub mod deploy;
pub mod generate;
pub mod lists;
mod report;
mod run;
pub mod stats;

pub use command::{command, Args, LONG_ABOUT};
pub use run::{
    run, ArchetypeRow, ListRow, MatchupRow, Options, RegressionInfo, Report, DEFAULT_ITERATIONS,
    DEFAULT_RIDGE,
};
