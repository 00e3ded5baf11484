//! `wartime compliance CMD`: checks that an engine command speaks the line protocol correctly
//! (PROTOCOL.md): the handshake, `isready` at any time (also during a search, without
//! stopping it), `stop`, exactly one `bestaction` per `go` with a final `info` just before it,
//! one `error` line per bad line with the state left as it was, and `quit`.
//!
//! The engine runs as a child process ([`EngineProcess`]); every check waits with a timeout, so
//! a silent or crashed engine fails the checks instead of hanging them.

use crate::frontend::child::{short, EngineProcess, Received};
use std::time::{Duration, Instant};

/// The position the checks use: the shipped duel with the shipped catalogue (no file needed).
pub fn duel_json() -> String {
    let text = include_str!("../../../positions/duel.json");
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    if let Some(o) = v.as_object_mut() {
        o.remove("catalogue");
    }
    serde_json::to_string(&v).unwrap_or_default()
}

/// Lines a check needs the engine to answer within.
const WAIT: Duration = Duration::from_secs(10);

struct Engine {
    proc: EngineProcess,
    transcript: Vec<String>,
}

impl Engine {
    fn start(cmd: &str) -> Result<Engine, String> {
        Ok(Engine {
            proc: EngineProcess::spawn_line(cmd)?,
            transcript: Vec::new(),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.transcript.push(format!("> {}", short(line)));
        self.proc.send(line)
    }

    /// Reads lines until one satisfies `stop` (included), or fails after `wait`.
    fn until(
        &mut self,
        wait: Duration,
        stop: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        let transcript = &mut self.transcript;
        self.proc
            .until(wait, stop, |l| transcript.push(format!("< {}", short(l))))
    }

    /// Lines that arrive within `wait` (none expected to end the wait early).
    fn quiet(&mut self, wait: Duration) -> Vec<String> {
        let end = Instant::now() + wait;
        let mut got = Vec::new();
        while let Received::Line(l) = self.proc.recv(end) {
            self.transcript.push(format!("< {}", short(&l)));
            got.push(l);
        }
        got
    }

    /// `isready` and the lines up to its `readyok`.
    fn fence(&mut self) -> Result<Vec<String>, String> {
        self.send("isready")?;
        let mut v = self.until(WAIT, |l| l == "readyok")?;
        v.pop();
        Ok(v)
    }

    fn legal(&mut self) -> Result<Vec<String>, String> {
        self.send("legal")?;
        let head = self.until(WAIT, |l| l.starts_with("legal ") || l.starts_with("error"))?;
        let h = head.last().cloned().unwrap_or_default();
        let n: usize = h
            .strip_prefix("legal count ")
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("expected \"legal count N …\", got \"{}\"", short(&h)))?;
        let mut v = vec![h];
        for _ in 0..n {
            let l = self.until(WAIT, |_| true)?;
            v.extend(l);
        }
        if v[1..].iter().any(|l| !l.starts_with("action ")) {
            return Err("legal: a line after the header is not \"action …\"".into());
        }
        Ok(v)
    }
}

fn bestactions(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestaction")).count()
}

/// Checks a `go` answer: info lines, exactly one bestaction, the last line before it an info.
fn check_go_answer(lines: &[String], legal: &[String], id: Option<&str>) -> Result<(), String> {
    if bestactions(lines) != 1 {
        return Err(format!("{} bestaction lines", bestactions(lines)));
    }
    let n = lines.len();
    let best = &lines[n - 1];
    if n < 2 || !lines[n - 2].starts_with("info") {
        return Err("no info line just before bestaction".into());
    }
    let mut action = best["bestaction ".len().min(best.len())..].to_string();
    if let Some(id) = id {
        let suffix = format!(" id {id}");
        if !action.ends_with(&suffix) {
            return Err(format!("bestaction does not echo id {id}: \"{best}\""));
        }
        action.truncate(action.len() - suffix.len());
        if !lines[n - 2].contains(&format!(" id {id} ")) {
            return Err(format!("final info does not echo id {id}"));
        }
    }
    if !legal.iter().any(|l| l["action ".len()..] == action) {
        return Err(format!("bestaction \"{action}\" is not a legal action"));
    }
    for l in &lines[..n - 1] {
        if !l.starts_with("info") {
            return Err(format!(
                "unexpected line during the search: \"{}\"",
                short(l)
            ));
        }
    }
    Ok(())
}

type Check = (&'static str, fn(&mut Engine) -> Result<(), String>);

fn handshake(e: &mut Engine) -> Result<(), String> {
    e.send("wartime")?;
    let v = e.until(WAIT, |l| l == "wartimeok")?;
    if !v.iter().any(|l| l.starts_with("id name ")) {
        return Err("no \"id name\" line".into());
    }
    if let Some(l) = v[..v.len() - 1]
        .iter()
        .find(|l| !l.starts_with("id ") && !l.starts_with("option name "))
    {
        return Err(format!("unexpected handshake line \"{}\"", short(l)));
    }
    Ok(())
}

fn isready(e: &mut Engine) -> Result<(), String> {
    let v = e.fence()?;
    if v.is_empty() {
        Ok(())
    } else {
        Err(format!("unexpected lines before readyok: {v:?}"))
    }
}

fn one_error(e: &mut Engine, line: &str) -> Result<(), String> {
    e.send(line)?;
    let v = e.fence()?;
    let errors = v.iter().filter(|l| l.starts_with("error")).count();
    if errors != 1 || v.len() != 1 {
        return Err(format!(
            "\"{}\" answered {v:?}, expected exactly one error line",
            short(line)
        ));
    }
    Ok(())
}

fn unknown_command(e: &mut Engine) -> Result<(), String> {
    one_error(e, "frobnicate the widgets")
}

fn bad_option(e: &mut Engine) -> Result<(), String> {
    one_error(e, "setoption name NoSuchOption value 3")?;
    one_error(e, "setoption name Threads value many")?;
    e.send("setoption name Threads value 1")?;
    isready(e)
}

fn position(e: &mut Engine) -> Result<(), String> {
    e.send(&format!("position json {}", duel_json()))?;
    let v = e.until(WAIT, |l| {
        l.starts_with("decision ") || l.starts_with("error")
    })?;
    let last = v.last().cloned().unwrap_or_default();
    if !last.starts_with("decision kind initiative side A") {
        return Err(format!("position answered \"{}\"", short(&last)));
    }
    Ok(())
}

fn legal(e: &mut Engine) -> Result<(), String> {
    let v = e.legal()?;
    if v.len() < 2 {
        return Err("no legal action in the duel".into());
    }
    Ok(())
}

fn errors_keep_state(e: &mut Engine) -> Result<(), String> {
    let before = e.legal()?;
    for bad in [
        "position file /nonexistent/nothing.json",
        "position json {\"name\": 3}",
        "position json {",
        "apply a1 fly 3,3",
        "apply c9 move 1,1",
        "apply init a1 dice 0",
        "apply",
        "actions init a1 ; nonsense",
        "\u{1}\u{2}\u{7f} binary junk \u{fffd}",
    ] {
        one_error(e, bad)?;
    }
    let after = e.legal()?;
    if before != after {
        return Err("the legal actions changed after rejected lines".into());
    }
    Ok(())
}

fn apply(e: &mut Engine) -> Result<(), String> {
    let l = e.legal()?;
    let first = l[1]["action ".len()..].to_string();
    e.send(&format!("apply {first}"))?;
    let v = e.until(WAIT, |l| {
        l.starts_with("decision ") || l.starts_with("error")
    })?;
    if !v[0].starts_with("applied ") {
        return Err(format!("apply answered {v:?}"));
    }
    if !v.iter().any(|l| l.starts_with("dice ")) {
        return Err("apply: no dice line".into());
    }
    if !v.last().is_some_and(|l| l.starts_with("decision ")) {
        return Err(format!("apply answered {v:?}"));
    }
    Ok(())
}

fn go(e: &mut Engine) -> Result<(), String> {
    let legal = e.legal()?;
    e.send("go iterations 200")?;
    let v = e.until(WAIT * 3, |l| l.starts_with("bestaction"))?;
    check_go_answer(&v, &legal[1..], None)?;
    // Nothing more after the bestaction.
    let extra = e.fence()?;
    if !extra.is_empty() {
        return Err(format!("lines after bestaction: {extra:?}"));
    }
    Ok(())
}

fn go_id(e: &mut Engine) -> Result<(), String> {
    let legal = e.legal()?;
    e.send("go movetime 150 id c-42")?;
    let v = e.until(WAIT * 3, |l| l.starts_with("bestaction"))?;
    check_go_answer(&v, &legal[1..], Some("c-42"))
}

fn infinite(e: &mut Engine) -> Result<(), String> {
    let legal = e.legal()?;
    e.send("go infinite")?;
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("isready")?;
    let v = e.until(Duration::from_secs(2), |l| l == "readyok")?;
    if t.elapsed() > Duration::from_millis(1500) {
        return Err("isready during the search took more than 1.5 s".into());
    }
    if bestactions(&v) > 0 {
        return Err("bestaction before stop in an infinite search".into());
    }
    let more = e.quiet(Duration::from_millis(300));
    if bestactions(&more) > 0 {
        return Err("an infinite search ended on its own".into());
    }
    let t = Instant::now();
    e.send("stop")?;
    let mut w = e.until(Duration::from_secs(2), |l| l.starts_with("bestaction"))?;
    if t.elapsed() > Duration::from_millis(1000) {
        return Err(format!(
            "stop answered after {} ms",
            t.elapsed().as_millis()
        ));
    }
    let after = e.fence()?;
    if bestactions(&after) > 0 {
        return Err("more than one bestaction for one go".into());
    }
    // The lines of the search since isready, and the last info before the bestaction.
    let mut all: Vec<String> = v.into_iter().filter(|l| l.starts_with("info")).collect();
    all.extend(more);
    all.append(&mut w);
    check_go_answer(&all, &legal[1..], None)
}

fn stop_when_idle(e: &mut Engine) -> Result<(), String> {
    e.send("stop")?;
    let v = e.fence()?;
    if v.is_empty() {
        Ok(())
    } else {
        Err(format!("stop without a search answered {v:?}"))
    }
}

fn bad_go(e: &mut Engine) -> Result<(), String> {
    e.send("go iterations many id bad")?;
    let v = e.fence()?;
    let errors = v.iter().filter(|l| l.starts_with("error")).count();
    if errors != 1
        || bestactions(&v) != 1
        || v.last().map(String::as_str) != Some("bestaction none id bad")
    {
        return Err(format!(
            "a bad go answered {v:?}; expected one error and \"bestaction none id bad\""
        ));
    }
    Ok(())
}

fn go_while_searching(e: &mut Engine) -> Result<(), String> {
    e.send("go infinite id first")?;
    e.send("go iterations 10 id second")?;
    e.send("apply pass")?;
    let v = e.fence()?;
    let errors = v.iter().filter(|l| l.starts_with("error")).count();
    if errors != 2 || !v.iter().any(|l| l == "bestaction none id second") {
        return Err(format!(
            "go and apply during a search answered {v:?}; expected two errors and \
             \"bestaction none id second\""
        ));
    }
    e.send("stop")?;
    let w = e.until(WAIT, |l| l.starts_with("bestaction"))?;
    if !w.last().is_some_and(|l| l.ends_with(" id first")) {
        return Err(format!("stop answered {:?}", w.last()));
    }
    isready(e)
}

fn quit(e: &mut Engine) -> Result<(), String> {
    e.send("go infinite")?;
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit")?;
    let end = Instant::now() + Duration::from_secs(3);
    while Instant::now() < end {
        if e.proc.exited() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Err("the engine did not exit within 3 s of quit".into())
}

/// Every check, in order.
const CHECKS: &[Check] = &[
    ("handshake: id lines, option lines, wartimeok", handshake),
    ("isready answers readyok", isready),
    ("an unknown command gets one error line", unknown_command),
    ("a bad setoption gets one error line", bad_option),
    ("position json answers a decision", position),
    ("legal lists the actions after a counted header", legal),
    (
        "bad lines get one error each and leave the state",
        errors_keep_state,
    ),
    ("apply answers applied, dice and decision", apply),
    ("go: info lines, final info, one legal bestaction", go),
    ("go id: the id is echoed in info and bestaction", go_id),
    (
        "go infinite: isready answered during the search, stop answers promptly, one bestaction",
        infinite,
    ),
    ("stop without a search answers nothing", stop_when_idle),
    ("a bad go gets one error and bestaction none", bad_go),
    (
        "go and apply during a search are refused",
        go_while_searching,
    ),
    ("quit ends the engine, also during a search", quit),
];

/// Why compliance failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The command could not be started (one line, for standard error).
    CannotStart(String),
    /// A check failed: the report and the end of the transcript (for standard output).
    Failed(String),
}

/// Whether a failure leaves nothing else to check: the handshake or `isready` failed, the
/// engine said nothing within the wait, or it exited. The checks after it are skipped, so that
/// a silent engine fails in one wait (10 s), not in one wait per check.
fn fatal(k: usize, message: &str, exited: bool) -> bool {
    k < 2 || exited || message.starts_with("no answer within")
}

/// Runs every check on the engine started by `cmd` (a program and its arguments, separated
/// by spaces: `wartime protocol`), stopping at the first fatal failure ([`fatal`]). `Ok` with
/// the report when every check passes.
///
/// # Errors
/// [`Failure::CannotStart`], or [`Failure::Failed`] with the report and the end of the
/// transcript.
pub fn compliance(cmd: &str) -> Result<String, Failure> {
    let mut e = Engine::start(cmd).map_err(Failure::CannotStart)?;
    let mut report = String::new();
    let mut passed = 0;
    let mut stopped = None;
    for (k, (name, f)) in CHECKS.iter().enumerate() {
        if let Some(at) = stopped {
            report.push_str(&format!(
                "SKIP {name} (after the fatal failure of check {at})\n"
            ));
            continue;
        }
        match f(&mut e) {
            Ok(()) => {
                passed += 1;
                report.push_str(&format!("PASS {name}\n"));
            }
            Err(m) => {
                report.push_str(&format!("FAIL {name}: {m}\n"));
                if k + 1 < CHECKS.len() && fatal(k, &m, e.proc.exited()) {
                    stopped = Some(k + 1);
                }
            }
        }
    }
    report.push_str(&format!("{passed} of {} checks passed\n", CHECKS.len()));
    if passed == CHECKS.len() {
        Ok(report)
    } else {
        report.push_str("transcript (last 40 lines):\n");
        let n = e.transcript.len();
        for l in &e.transcript[n.saturating_sub(40)..] {
            report.push_str(&format!("  {l}\n"));
        }
        Err(Failure::Failed(report))
    }
}
