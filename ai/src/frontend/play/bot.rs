//! The bot of terminal play: the line protocol ([`run_protocol`]) on a thread of its own, spoken
//! to through in-process pipes exactly as a GUI would (PROTOCOL.md §10), and the `decision`
//! lines it answers.

use crate::frontend::protocol::run_protocol;
use engine::Side;
use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};

struct ChanReader {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for ChanReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos >= self.buf.len() {
            match self.rx.recv() {
                Ok(b) => {
                    self.buf = b;
                    self.pos = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

struct ChanWriter {
    tx: Sender<String>,
    partial: Vec<u8>,
}

impl Write for ChanWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        for &b in data {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                self.tx
                    .send(line)
                    .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "player gone"))?;
            } else {
                self.partial.push(b);
            }
        }
        Ok(data.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The bot: the protocol running on a thread, driven by lines.
pub(super) struct Bot {
    tx: Option<Sender<Vec<u8>>>,
    rx: Receiver<String>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Bot {
    pub(super) fn start() -> Bot {
        let (in_tx, in_rx) = mpsc::channel::<Vec<u8>>();
        let (out_tx, out_rx) = mpsc::channel::<String>();
        let handle = std::thread::spawn(move || {
            let r = BufReader::new(ChanReader {
                rx: in_rx,
                buf: Vec::new(),
                pos: 0,
            });
            let w = ChanWriter {
                tx: out_tx,
                partial: Vec::new(),
            };
            let _ = run_protocol(r, w, true);
        });
        Bot {
            tx: Some(in_tx),
            rx: out_rx,
            handle: Some(handle),
        }
    }

    pub(super) fn send(&self, line: &str) -> Result<(), String> {
        let mut b = line.as_bytes().to_vec();
        b.push(b'\n');
        self.tx
            .as_ref()
            .ok_or("the engine is gone")?
            .send(b)
            .map_err(|_| "the engine is gone".to_string())
    }

    /// Lines up to the first satisfying `stop` (included).
    pub(super) fn until(&self, stop: impl Fn(&str) -> bool) -> Result<Vec<String>, String> {
        let mut v = Vec::new();
        loop {
            let l = self
                .rx
                .recv()
                .map_err(|_| "the engine stopped".to_string())?;
            let done = stop(&l);
            v.push(l);
            if done {
                return Ok(v);
            }
        }
    }

    /// Sends a command answered by a `decision` line (or an error).
    pub(super) fn decision(&self, line: &str) -> Result<Result<Vec<String>, String>, String> {
        self.send(line)?;
        let v = self.until(|l| l.starts_with("decision ") || l.starts_with("error"))?;
        let last = v.last().cloned().unwrap_or_default();
        if last.starts_with("error") {
            Ok(Err(last))
        } else {
            Ok(Ok(v))
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.tx.take();
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// The fields of a `decision` line.
#[derive(Clone, Debug, Default)]
pub(super) struct Decision {
    pub(super) kind: String,
    pub(super) side: Option<Side>,
    pub(super) text: String,
    pub(super) line: String,
}

pub(super) fn parse_decision(line: &str) -> Decision {
    let (head, text) = line.split_once(" text ").unwrap_or((line, ""));
    let w: Vec<&str> = head.split_whitespace().collect();
    let get = |k: &str| {
        w.iter()
            .position(|t| *t == k)
            .and_then(|i| w.get(i + 1))
            .map(|s| s.to_string())
    };
    Decision {
        kind: get("kind").unwrap_or_default(),
        side: get("side").and_then(|s| s.chars().next().and_then(Side::from_letter)),
        text: text.to_string(),
        line: line.to_string(),
    }
}
