//! The error of a failed command and the exit codes (product role: the contract of `wartime`,
//! as `wartime --help` states it): the message for standard error, the exit code and the
//! output printed before the failure, so that every command can be unit-tested without running
//! the binary.

use std::fmt;

/// Exit code of a bad input: a file that does not load, an action that cannot be parsed or is
/// illegal (the same code clap uses for bad arguments).
pub const EXIT_INPUT: i32 = 2;
/// Exit code of a failure to write an output file.
pub const EXIT_IO: i32 = 1;

/// A failed command: what to print on standard error, the exit code, and the standard output
/// produced before the failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    /// Process exit code.
    pub code: i32,
    /// One line for standard error, without the `error: ` prefix.
    pub message: String,
    /// Standard output printed before the failure.
    pub stdout: String,
}

impl CliError {
    /// A bad-input error (exit code [`EXIT_INPUT`]) with no output before it.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_INPUT,
            message: message.into(),
            stdout: String::new(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.message)
    }
}

impl std::error::Error for CliError {}
