//! An engine run as a child process and spoken to by lines (the line protocol of PROTOCOL.md):
//! used by `wartime compliance` and by the tournament's external engines.
//!
//! The engine's standard output is read on a thread of its own and handed over a channel, so
//! that every wait has a deadline: a silent, hung or crashed engine is noticed (timeout, or the
//! channel closing at end of output) instead of blocking the caller. Standard error is
//! discarded: an engine's diagnostics must not mix with our output or a progress bar.

use crate::frontend::protocol::{read_line_capped, Input, MAX_LINE_BYTES};
use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What waiting for a line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A line, without its `\n` / `\r\n` (invalid UTF-8 replaced).
    Line(String),
    /// Nothing before the deadline.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
}

impl EngineProcess {
    /// Starts `program` with `args` in `dir` (default: ours), its standard input and output
    /// piped.
    ///
    /// # Errors
    /// The program cannot be started (the message names it).
    pub fn spawn(program: &str, args: &[String], dir: Option<&Path>) -> Result<Self, String> {
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = dir {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn().map_err(|e| {
            let shown = std::iter::once(program.to_string())
                .chain(args.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ");
            format!("cannot start \"{shown}\": {e}")
        })?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            // A line over the limit (a broken or hostile engine) is never held whole.
            while let Ok(Some(l)) = read_line_capped(&mut r, MAX_LINE_BYTES) {
                let s = match l {
                    Input::Line(s) => s,
                    Input::TooLong => format!("<{}>", Input::TOO_LONG),
                };
                if tx.send(s).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            stdin: child.stdin.take(),
            child,
            rx,
        })
    }

    /// Starts a command line: a program and its arguments separated by spaces.
    ///
    /// # Errors
    /// The line is empty or the program cannot be started.
    pub fn spawn_line(cmd: &str) -> Result<Self, String> {
        let mut parts = cmd.split_whitespace();
        let prog = parts.next().ok_or("empty engine command")?;
        let args: Vec<String> = parts.map(str::to_string).collect();
        EngineProcess::spawn(prog, &args, None)
    }

    /// Writes one line and flushes.
    ///
    /// # Errors
    /// The engine's input is closed (it exited).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let w = self.stdin.as_mut().ok_or("the engine's input is closed")?;
        w.write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))
    }

    /// The next line, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Received {
        match self
            .rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(l) => Received::Line(l),
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
            Err(RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }

    /// The lines up to and including the first that satisfies `stop`, each shown to `seen`
    /// as it comes, waiting at most `wait` in all.
    ///
    /// # Errors
    /// No such line in time, or the engine closed its output (saying how many lines came).
    pub fn until(
        &mut self,
        wait: Duration,
        stop: impl Fn(&str) -> bool,
        mut seen: impl FnMut(&str),
    ) -> Result<Vec<String>, String> {
        let end = Instant::now() + wait;
        let mut got: Vec<String> = Vec::new();
        loop {
            match self.recv(end) {
                Received::Line(l) => {
                    seen(&l);
                    let done = stop(&l);
                    got.push(l);
                    if done {
                        return Ok(got);
                    }
                }
                Received::Timeout => {
                    return Err(format!(
                        "no answer within {} ms (got {} line(s){})",
                        wait.as_millis(),
                        got.len(),
                        got.last()
                            .map(|l| format!(", last \"{}\"", short(l)))
                            .unwrap_or_default()
                    ))
                }
                Received::Closed => {
                    return Err(format!(
                        "the engine closed its output (got {} line(s))",
                        got.len()
                    ))
                }
            }
        }
    }

    /// Whether the process has exited.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Kills the process at once and reaps it.
    pub fn kill(&mut self) {
        self.stdin.take();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Closes the engine's input and gives it `grace` to exit, then kills it.
    pub fn close(&mut self, grace: Duration) {
        self.stdin.take();
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if self.exited() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if !self.exited() {
            self.close(Duration::from_secs(2));
        }
    }
}

/// A line cut to 160 characters for messages and transcripts.
pub fn short(s: &str) -> String {
    if s.chars().count() > 160 {
        let t: String = s.chars().take(160).collect();
        format!("{t}…")
    } else {
        s.to_string()
    }
}
