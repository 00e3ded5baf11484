//! Inputs that could hurt the engine (issue 18: devices, huge lines, the host's files, bytes
//! that are not UTF-8), each answered by one clear error while the engine keeps answering,
//! driven through the real `wartime` binary.

mod common;

use common::process::{duel, Engine};
use common::{run, run_with_input};
use serde_json::Value;
use std::time::{Duration, Instant};

/// `/dev/zero` used to grow the process without bound (18 GB in 40 s) until it stopped
/// answering `isready`: now one error, at once.
#[cfg(unix)]
#[test]
fn dev_zero_is_refused_at_once_everywhere() {
    let t0 = Instant::now();
    let mut e = Engine::protocol();
    let v = e.fence_after("position file /dev/zero");
    assert_eq!(
        v,
        vec![
            "error position: /dev/zero: cannot read: a device, pipe or socket, not a regular file"
        ]
    );
    let v = e.fence_after("position file /tmp");
    assert_eq!(
        v,
        vec!["error position: /tmp: cannot read: a directory, not a regular file"]
    );
    e.decision(&format!("position file {}", duel()));
    drop(e);

    let o = run(&["show", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: /dev/zero: cannot read: a device, pipe or socket, not a regular file\n"
    );

    let mut a = Engine::start(&["analysis"]);
    a.send(r#"{"id": "z", "file": "/dev/zero"}"#);
    let v: Value = serde_json::from_str(&a.until(|_| true)[0]).unwrap();
    assert_eq!(v["id"], "z");
    assert_eq!(v["field"], "file");
    assert!(
        v["error"].as_str().unwrap().contains("not a regular file"),
        "{v}"
    );
    drop(a);
    assert!(t0.elapsed() < Duration::from_secs(30), "{:?}", t0.elapsed());
}

impl Engine {
    /// Sends a line, then `isready`: the lines answered before `readyok`.
    fn fence_after(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.fence()
    }
}

#[test]
fn a_line_over_the_limit_is_one_error_and_the_engine_goes_on() {
    let long = "x".repeat((1 << 20) + 1);
    let mut e = Engine::protocol();
    let v = e.fence_after(&format!("position json {long}"));
    assert_eq!(
        v,
        vec!["error line: input line longer than 1048576 bytes (the limit of one line); ignored"]
    );
    e.decision(&format!("position file {}", duel()));
    drop(e);
    let mut a = Engine::start(&["analysis"]);
    a.send(&long);
    a.send(r#"{"id": "v", "action": "query_version"}"#);
    let first: Value = serde_json::from_str(&a.until(|_| true)[0]).unwrap();
    assert!(first["id"].is_null());
    assert!(first["error"]
        .as_str()
        .unwrap()
        .starts_with("input line longer"));
    let second: Value = serde_json::from_str(&a.until(|_| true)[0]).unwrap();
    assert_eq!(second["id"], "v");
}

/// `--no-files`: a GUI or server embedding the engine does not let its users read the host's
/// files, neither by `position file` nor by a catalogue path inside a position.
#[test]
fn no_files_refuses_every_path() {
    let json = std::fs::read_to_string(duel()).unwrap();
    let mut one_line: Value = serde_json::from_str(&json).unwrap();
    // The shipped catalogue, not a path.
    one_line.as_object_mut().unwrap().remove("catalogue");
    let mut with_path = one_line.clone();
    with_path["catalogue"] = Value::String("/etc/passwd".into());

    let mut e = Engine::start(&["protocol", "--no-files"]);
    let v = e.fence_after(&format!("position file {}", duel()));
    assert_eq!(
        v,
        vec![
            "error position: reading files by path is switched off (--no-files): send the \
             position itself (position json {...})"
        ]
    );
    let v = e.fence_after(&format!("position json {with_path}"));
    assert_eq!(
        v,
        vec![
            "error position: catalogue: a path names a file, and reading files by path is \
             switched off (--no-files): give the catalogue inline"
        ]
    );
    e.decision(&format!("position json {one_line}"));
    drop(e);

    let mut a = Engine::start(&["analysis", "--no-files"]);
    a.send(&format!(r#"{{"id": "f", "file": "{}"}}"#, duel()));
    a.send(&serde_json::json!({"id": "c", "position": with_path}).to_string());
    let rest = a.close();
    let v: Vec<Value> = rest
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 2, "{rest:?}");
    assert_eq!(v[0]["id"], "f");
    assert_eq!(v[0]["field"], "file");
    assert!(v[0]["error"].as_str().unwrap().contains("--no-files"));
    assert_eq!(v[1]["id"], "c");
    assert!(v[1]["error"].as_str().unwrap().contains("catalogue inline"));
}

/// `printf '\xff\n' | wartime play …` used to exit 2: a byte that is not UTF-8 is now read as
/// an unknown word, answered, and play goes on.
#[test]
fn play_tolerates_invalid_utf8() {
    let (code, out) = run_with_input(
        &[
            "play",
            &duel(),
            "--human",
            "A",
            "--iterations",
            "30",
            "--dice-seed",
            "1",
        ],
        b"\xff\n\xfe\xfd init\n1\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("cannot parse action \"\u{fffd}\""), "{out}");
    assert!(out.contains("A plays init a1"), "{out}");
}

/// Compliance against a silent engine stops at the failed handshake (it used to run every check
/// after it, 145 s); a command that cannot start is one line on standard error.
#[test]
fn compliance_stops_at_the_first_fatal_failure() {
    let t0 = Instant::now();
    let o = run(&["compliance", "sleep 60"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.starts_with("FAIL handshake"), "{out}");
    assert!(out.contains("no answer within"), "{out}");
    assert_eq!(out.matches("SKIP ").count(), 14, "{out}");
    assert!(out.contains("0 of 15 checks passed"), "{out}");
    assert!(t0.elapsed() < Duration::from_secs(25), "{:?}", t0.elapsed());

    let o = run(&["compliance", "/nonexistent/engine --flag"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("error: cannot start \"/nonexistent/engine --flag\": "),
        "{err}"
    );
    assert!(err.ends_with('\n') && err.lines().count() == 1, "{err:?}");
}
