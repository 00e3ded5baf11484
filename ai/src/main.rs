//! The `wartime` binary: parses the command line, runs the subcommand, prints its output and
//! maps errors to exit codes (see `ai::cli`).

use ai::cli::{self, Cli};
use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

/// Exit code when the engine panics (a bug: the input should have been rejected cleanly).
const EXIT_INTERNAL: u8 = 3;

fn main() -> ExitCode {
    let args = Cli::parse();
    // Never let a panic escape as a backtrace: report it as one error line.
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| cli::run(&args));
    let _ = std::panic::take_hook();
    let mut stdout = std::io::stdout().lock();
    match result {
        Ok(Ok(text)) => {
            let _ = stdout.write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            let _ = stdout.write_all(e.stdout.as_bytes());
            let _ = stdout.flush();
            eprintln!("{e}");
            ExitCode::from(u8::try_from(e.code).unwrap_or(1))
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            eprintln!("error: internal error (please report): {what}");
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}
