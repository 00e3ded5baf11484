//! The `wartime` command line: argument definitions (clap) and one function per subcommand.
//!
//! Every subcommand returns its standard output as a `String`, or a [`CliError`] carrying the
//! message for standard error, the exit code and whatever was printed before the failure, so
//! that all of them can be unit-tested without running the binary.
//!
//! Files: `args.rs` (clap definitions), `dispatch.rs` (runs a command), `referee.rs` (`show`,
//! `legal`, `apply`), `points.rs` and `bench.rs`. Nothing imports the command line back: what
//! it shares with the tools (position loading, [`CliError`], exit codes) is in [`crate::input`].
//!
//! [`CliError`]: crate::input::CliError

mod args;
mod bench;
mod dispatch;
mod points;
mod referee;

pub use args::{Cli, Command};
pub use bench::bench;
pub use dispatch::{run, tournament};
pub use points::{
    meta_ability_cost_line, object_cost_line, points, points_report, protection_cost_line,
    race_cost_line, transport_cost_line, weapon_cost_line,
};
pub use referee::{apply, legal, legal_lines, rebase, show, ApplyOptions};
