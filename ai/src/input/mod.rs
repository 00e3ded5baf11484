//! What the user gives (product role: the files every command reads): position files and
//! directories of them, tactics files (POSITIONS.md), and the error and exit code of a bad
//! input. Below the command line, the tools and the front-ends, which all read through it.

mod error;
mod positions;
mod tactic;

pub use error::{CliError, EXIT_INPUT, EXIT_IO};
pub use positions::{load, load_many, position_files, resolve};
pub use tactic::{is_tactic_file, load_dir, load_tactic, tactic_files, Tactic, Verdict};
