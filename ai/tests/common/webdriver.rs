//! Headless Chromium driven through chromedriver's WebDriver HTTP API (W3C), for the browser
//! test of `wartime serve`: start, find elements, click, type, run a script, screenshot. Only
//! Debian's `chromium` and `chromium-driver` packages are needed; the chromedriver process is
//! this test's child and is stopped when the driver is dropped.

use super::http::{exchange, parse};
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The key of an element reference in WebDriver answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Finds a program on `PATH` (or as given in the environment variable `var`).
pub fn find(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(var) {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    let extra = [
        PathBuf::from("/usr/lib/chromium"),
        PathBuf::from("/usr/bin"),
    ];
    std::env::split_paths(&path)
        .chain(extra)
        .flat_map(|d| names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

/// A browser session.
pub struct Driver {
    child: Child,
    addr: SocketAddr,
    session: String,
}

fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let bytes = exchange(addr, req.as_bytes(), Duration::from_secs(120), false)
        .map_err(|e| format!("{method} {path}: {e}"))?;
    let a = parse(&bytes);
    let v: Value = serde_json::from_slice(&a.body)
        .map_err(|e| format!("{method} {path}: not JSON ({e}): {}", a.text()))?;
    if a.status != 200 {
        return Err(format!("{method} {path}: {} {}", a.status, v));
    }
    Ok(v["value"].clone())
}

impl Driver {
    /// Starts chromedriver on a free port and a headless Chromium session.
    ///
    /// # Errors
    /// chromedriver or Chromium do not start.
    pub fn start(chromedriver: &Path, chromium: &Path, profile: &Path) -> Result<Driver, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", chromedriver.display()))?;
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut d = Driver {
            child,
            addr,
            session: String::new(),
        };
        let t = Instant::now();
        while call(addr, "GET", "/status", None)
            .map(|v| v["ready"] != true)
            .unwrap_or(true)
        {
            if t.elapsed() > Duration::from_secs(30) {
                return Err("chromedriver did not become ready in 30 s".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1500,1050",
                         "--no-first-run", "--disable-extensions",
                         format!("--user-data-dir={}", profile.display())]
            }
        }}});
        let v = call(addr, "POST", "/session", Some(&caps))?;
        d.session = v["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session id in {v}"))?
            .to_string();
        Ok(d)
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    /// Goes to a URL.
    pub fn go(&self, url: &str) -> Result<(), String> {
        call(
            self.addr,
            "POST",
            &self.s("/url"),
            Some(&json!({ "url": url })),
        )
        .map(|_| ())
    }

    /// The first element matching a CSS selector, if any.
    pub fn find(&self, css: &str) -> Option<String> {
        let v = call(
            self.addr,
            "POST",
            &self.s("/element"),
            Some(&json!({"using": "css selector", "value": css})),
        )
        .ok()?;
        v[ELEMENT].as_str().map(str::to_string)
    }

    /// Waits (up to `secs`) for an element.
    pub fn wait_for(&self, css: &str, secs: u64) -> Result<String, String> {
        let t = Instant::now();
        loop {
            if let Some(e) = self.find(css) {
                return Ok(e);
            }
            if t.elapsed() > Duration::from_secs(secs) {
                return Err(format!("no element {css} after {secs} s"));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks an element.
    pub fn click(&self, css: &str) -> Result<(), String> {
        let e = self.wait_for(css, 30)?;
        call(
            self.addr,
            "POST",
            &self.s(&format!("/element/{e}/click")),
            Some(&json!({})),
        )
        .map(|_| ())
    }

    /// Replaces the text of an input.
    pub fn type_into(&self, css: &str, text: &str) -> Result<(), String> {
        let e = self.wait_for(css, 30)?;
        call(
            self.addr,
            "POST",
            &self.s(&format!("/element/{e}/clear")),
            Some(&json!({})),
        )?;
        call(
            self.addr,
            "POST",
            &self.s(&format!("/element/{e}/value")),
            Some(&json!({ "text": text })),
        )
        .map(|_| ())
    }

    /// The visible text of an element.
    pub fn text(&self, css: &str) -> Result<String, String> {
        let e = self.wait_for(css, 30)?;
        let v = call(
            self.addr,
            "GET",
            &self.s(&format!("/element/{e}/text")),
            None,
        )?;
        Ok(v.as_str().unwrap_or_default().to_string())
    }

    /// A property of an element (e.g. the absolute `href` of a link).
    pub fn property(&self, css: &str, name: &str) -> Result<String, String> {
        let e = self.wait_for(css, 30)?;
        let v = call(
            self.addr,
            "GET",
            &self.s(&format!("/element/{e}/property/{name}")),
            None,
        )?;
        Ok(v.as_str().unwrap_or_default().to_string())
    }

    /// Runs a script in the page and returns its value.
    pub fn script(&self, body: &str) -> Result<Value, String> {
        call(
            self.addr,
            "POST",
            &self.s("/execute/sync"),
            Some(&json!({ "script": body, "args": [] })),
        )
    }

    /// Waits (up to `secs`) until a script returns `true`.
    pub fn wait_until(&self, what: &str, body: &str, secs: u64) -> Result<(), String> {
        let t = Instant::now();
        loop {
            if self.script(body)? == Value::Bool(true) {
                return Ok(());
            }
            if t.elapsed() > Duration::from_secs(secs) {
                return Err(format!("{what}: not after {secs} s"));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A PNG screenshot of the page.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = call(self.addr, "GET", &self.s("/screenshot"), None)?;
        base64(v.as_str().ok_or("no screenshot")?)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = call(self.addr, "DELETE", &self.s(""), None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Decodes standard base64.
pub fn base64(s: &str) -> Result<Vec<u8>, String> {
    let val = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("not base64: {}", c as char)),
        } as u32)
    };
    let clean: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let pad = chunk.iter().filter(|&&b| b == b'=').count();
        let mut n = 0u32;
        for (k, &b) in chunk.iter().enumerate() {
            n |= if b == b'=' { 0 } else { val(b)? } << (18 - 6 * k);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Ok(out)
}
