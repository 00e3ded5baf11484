//! A minimal HTTP/1.1 client on a raw TCP stream, for the tests of `wartime serve` (WEB.md)
//! and for driving chromedriver: one request per connection, the answer read to its end, a
//! chunked body decoded. Raw bytes can be sent too (the fuzz test).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Status code (0: no status line came back).
    pub status: u16,
    /// Headers, names lower-cased.
    pub headers: Vec<(String, String)>,
    /// Body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    /// The body as JSON (panics with the body when it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
    /// A header.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == &name.to_ascii_lowercase())
            .map(|(_, v)| v.as_str())
    }
}

/// Sends raw bytes, closes the sending side (a server waiting for more sees the end) and reads
/// whatever comes back until the server closes (or `timeout`).
pub fn raw(addr: SocketAddr, bytes: &[u8], timeout: Duration) -> std::io::Result<Vec<u8>> {
    exchange(addr, bytes, timeout, true)
}

/// Sends a request and reads the answer until the server closes (`Connection: close`).
pub fn exchange(
    addr: SocketAddr,
    bytes: &[u8],
    timeout: Duration,
    half_close: bool,
) -> std::io::Result<Vec<u8>> {
    let mut s = TcpStream::connect_timeout(&addr, timeout)?;
    s.set_read_timeout(Some(timeout))?;
    s.set_write_timeout(Some(timeout))?;
    s.write_all(bytes)?;
    if half_close {
        let _ = s.shutdown(std::net::Shutdown::Write);
    }
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                out.extend_from_slice(&buf[..n]);
                if complete(&out) {
                    break;
                }
            }
            Err(e) if out.is_empty() => return Err(e),
            Err(_) => break,
        }
    }
    Ok(out)
}

/// Whether an answer has arrived whole (its `Content-Length` read, or its last chunk), for
/// servers that keep the connection open.
fn complete(b: &[u8]) -> bool {
    let Some(end) = b.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&b[..end]).to_ascii_lowercase();
    if let Some(n) = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
    {
        return b.len() >= end + 4 + n;
    }
    head.contains("chunked") && b.ends_with(b"0\r\n\r\n")
}

/// Parses an answer.
pub fn parse(bytes: &[u8]) -> Answer {
    let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Answer {
            status: 0,
            headers: vec![],
            body: bytes.to_vec(),
        };
    };
    let head = String::from_utf8_lossy(&bytes[..end]);
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = bytes[end + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.to_ascii_lowercase().contains("chunked"));
    if chunked {
        body = dechunk(&body);
    } else if let Some(n) = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok())
    {
        body.truncate(n);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&b[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next()?.trim(), 16).ok())
            .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = eol + 2;
        let end = (start + size).min(b.len());
        out.extend_from_slice(&b[start..end]);
        b = &b[(end + 2).min(b.len())..];
    }
    out
}

/// One request with `Connection: close`.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Answer {
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let bytes = exchange(addr, req.as_bytes(), Duration::from_secs(120), false)
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    parse(&bytes)
}

/// `GET`.
pub fn get(addr: SocketAddr, path: &str) -> Answer {
    request(addr, "GET", path, None)
}

/// `POST` with a JSON body.
pub fn post(addr: SocketAddr, path: &str, body: &str) -> Answer {
    request(addr, "POST", path, Some(body))
}
