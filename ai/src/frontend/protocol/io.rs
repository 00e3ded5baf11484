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

/// The most bytes of one input line, its newline excluded (1 MiB: a position sent inline is a few
/// KB). A longer line is read to its end and dropped, and answered by one error.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line without its `\n` / `\r\n`, invalid UTF-8 replaced.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`] (dropped).
    TooLong,
}

impl Input {
    /// The error for a line over the limit.
    pub const TOO_LONG: &'static str =
        "input line longer than 1048576 bytes (the limit of one line); ignored";
}

/// Reads one line of at most `max` bytes (newline excluded) without ever holding more than
/// `max` bytes of it: `None` at the end of the input. Invalid UTF-8 is replaced, never an
/// error (a terminal may send anything).
///
/// # Errors
/// Reading failed.
pub fn read_line_capped<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<Input>> {
    let mut buf = Vec::new();
    let (mut over, mut any) = (false, false);
    loop {
        let avail = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            break;
        }
        any = true;
        let (n, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        if !over {
            buf.extend_from_slice(&avail[..n]);
            // Room for the `\r\n` that is not part of the line.
            if buf.len() > max + 2 {
                over = true;
                buf = Vec::new();
            }
        }
        input.consume(n);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    let s = String::from_utf8_lossy(&buf);
    let s = s.trim_end_matches(['\n', '\r']);
    Ok(Some(if over || s.len() > max {
        Input::TooLong
    } else {
        Input::Line(s.to_string())
    }))
}

/// Reads lines on a thread of their own (each as [`read_line_capped`] reads it, with
/// [`MAX_LINE_BYTES`]). The channel closes at the end of the input.
pub fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    let _ = std::thread::Builder::new()
        .name("wartime-input".into())
        .spawn(move || {
            while let Ok(Some(l)) = read_line_capped(&mut input, MAX_LINE_BYTES) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_dropped_and_invalid_utf8_replaced() {
        let mut text = b"short\r\n".to_vec();
        text.extend(vec![b'x'; 11]);
        text.extend(b"\n\xff ok\nlast");
        let mut r = io::BufReader::with_capacity(4, &text[..]);
        let mut got = Vec::new();
        while let Some(l) = read_line_capped(&mut r, 10).unwrap() {
            got.push(l);
        }
        assert_eq!(
            got,
            vec![
                Input::Line("short".into()),
                Input::TooLong,
                Input::Line("\u{fffd} ok".into()),
                Input::Line("last".into()),
            ]
        );
        assert!(Input::TOO_LONG.contains(&format!(" {MAX_LINE_BYTES} bytes")));
    }
}
