//! The protocol's input and output (PROTOCOL.md §1 "Conventions": lines, output, input on its
//! own thread): lines read on a thread of their own, and an output written whole line by line
//! and shared by the command loop and the search.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver};
use std::sync::Mutex;

/// The output: whole lines, flushed one by one, shared by the command loop and the search.
pub struct Out {
    inner: Mutex<OutInner>,
}

struct OutInner {
    w: Box<dyn Write + Send>,
    error: Option<io::Error>,
}

impl Out {
    /// Wraps a writer.
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out {
            inner: Mutex::new(OutInner { w, error: None }),
        }
    }

    /// Writes lines together (no other line comes between them), flushing after each.
    pub fn lines(&self, lines: &[String]) {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if g.error.is_some() {
            return;
        }
        for l in lines {
            let r =
                g.w.write_all(l.as_bytes())
                    .and_then(|_| g.w.write_all(b"\n"))
                    .and_then(|_| g.w.flush());
            if let Err(e) = r {
                g.error = Some(e);
                return;
            }
        }
    }

    /// Writes one line and flushes.
    pub fn line(&self, l: impl Into<String>) {
        self.lines(&[l.into()]);
    }

    /// Whether writing failed (the reader went away).
    pub fn failed(&self) -> bool {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .error
            .is_some()
    }

    pub(super) fn take_error(&self) -> Option<io::Error> {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .error
            .take()
    }
}

/// Reads lines on a thread of their own: each line without its `\n` / `\r\n`, invalid UTF-8
/// replaced. The channel closes at the end of the input.
pub fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let _ = std::thread::Builder::new()
        .name("wartime-input".into())
        .spawn(move || {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) => break,
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&buf);
                        let s = s.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(s).is_err() {
                            break;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
        });
    rx
}
