//! `wartime tournament`: AI-versus-AI tournaments in the manner of cutechess-cli and fastchess,
//! for a dice game — paired games with the same dice (duplicate format), gauntlet or round
//! robin, Elo / nElo / LOS / pentanomial statistics, SPRT, JSON-lines game records with resume,
//! external engines over the line protocol with crash and time-loss handling. TOURNAMENTS.md
//! is the user's guide.
//!
//! Games (scheduled by [`schedule()`]) run on a rayon pool of `-concurrency` threads, one game
//! per thread at a time (internal agents in-process, external engines one process per running
//! game); results are printed in game order whatever order they finish in, and records are
//! written as games end. Results never depend on `-concurrency` for agents limited by
//! iterations: each game's agents are built from its own seed, and the SPRT is evaluated on
//! games in game order, so that it stops at the same game however many ran at once.

//!
//! Files: `run.rs` (the tournament itself), `options.rs` (flags), `schedule.rs`, `game.rs`,
//! `external.rs` (external engines), `record.rs` (game records), `replay.rs`, `report.rs`,
//! `stats.rs` and `progress.rs`.

pub mod external;
pub mod game;
pub mod options;
pub mod progress;
pub mod record;
pub mod replay;
pub mod report;
mod run;
pub mod schedule;
pub mod stats;

pub use run::{run, RunError};
pub use schedule::{encounters, load_positions, schedule, self_contained, Job, Position};
