//! A `wartime` subprocess spoken to line by line (the line protocol and the analysis mode,
//! PROTOCOL.md), for the end-to-end tests of the front-ends.

use super::BIN;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long to wait for an answer line.
pub const WAIT: Duration = Duration::from_secs(60);

/// The shipped positions.
pub fn positions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions")
}

/// The duel position file.
pub fn duel() -> String {
    positions().join("duel.json").display().to_string()
}

/// A `wartime` subprocess spoken to line by line; its output read on a thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the wartime binary starts");
        let out = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(out);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let s = String::from_utf8(buf.clone()).expect("the output is UTF-8");
                        assert!(s.ends_with('\n'));
                        if tx.send(s.trim_end_matches('\n').to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            rx,
        }
    }

    pub fn protocol() -> Engine {
        Engine::start(&["protocol"])
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    pub fn send_bytes(&mut self, line: &[u8]) {
        let w = self.stdin.as_mut().unwrap();
        w.write_all(line).unwrap();
        w.write_all(b"\n").unwrap();
        w.flush().unwrap();
    }

    pub fn next(&self, wait: Duration) -> Option<String> {
        self.rx.recv_timeout(wait).ok()
    }

    /// Lines up to the first satisfying `stop`, included.
    pub fn until(&self, stop: impl Fn(&str) -> bool) -> Vec<String> {
        let mut v = Vec::new();
        loop {
            let l = self
                .next(WAIT)
                .unwrap_or_else(|| panic!("no answer; so far {v:?}"));
            let done = stop(&l);
            v.push(l);
            if done {
                return v;
            }
        }
    }

    /// `isready` and every line before its `readyok`.
    pub fn fence(&mut self) -> Vec<String> {
        self.send("isready");
        let mut v = self.until(|l| l == "readyok");
        v.pop();
        v
    }

    /// A command answered by lines ending with a `decision` line; panics on an error.
    pub fn decision(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        let v = self.until(|l| l.starts_with("decision ") || l.starts_with("error"));
        assert!(
            v.last().unwrap().starts_with("decision "),
            "{line:?} answered {v:?}"
        );
        v
    }

    pub fn legal(&mut self) -> Vec<String> {
        self.send("legal");
        // Info lines of a running search may come before the header, never after it.
        let h = self.until(|l| l.starts_with("legal "));
        let n: usize = h
            .last()
            .unwrap()
            .strip_prefix("legal count ")
            .and_then(|r| r.split_whitespace().next())
            .unwrap()
            .parse()
            .unwrap();
        (0..n)
            .map(|_| {
                let l = self.next(WAIT).unwrap();
                l.strip_prefix("action ").unwrap().to_string()
            })
            .collect()
    }

    pub fn one(&mut self, line: &str, prefix: &str) -> String {
        self.send(line);
        let v = self.until(|l| l.starts_with(prefix) || l.starts_with("error"));
        let last = v.last().unwrap().clone();
        assert!(last.starts_with(prefix), "{line:?} answered {v:?}");
        last
    }

    /// Closes the input and waits for the exit.
    pub fn close(mut self) -> Vec<String> {
        self.stdin.take();
        let mut rest = Vec::new();
        while let Some(l) = self.next(WAIT) {
            rest.push(l);
        }
        let st = self.child.wait().unwrap();
        assert!(st.success(), "exit status {st:?}");
        rest
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin.take();
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
    }
}
