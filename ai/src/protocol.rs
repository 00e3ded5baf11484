//! `wartime protocol`: the line protocol for GUIs and servers (PROTOCOL.md), in the manner of
//! UCI. This module only reads command lines and writes answer lines; the position, the
//! options, the dice and the search live in [`crate::session::Session`].
//!
//! Input is read on its own thread and handed to the command loop, so that `isready` and
//! `stop` are answered while a search runs (the search runs on a third thread and reports
//! through callbacks formatted here). Every output line is written whole and flushed; the
//! lines of one answer are written together, never interleaved with `info` lines.

use crate::analyze::{report, Report};
use crate::mcts::{SearchInfo, SearchResult};
use crate::session::{
    record_command, Applied, GoRequest, OptionKind, Options, Planned, Session, SessionError,
    Source, OPTIONS,
};
use engine::action::Roster;
use engine::check::EventText;
use engine::{Pending, Side, State};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The protocol version announced by `id protocol`.
pub const PROTOCOL_VERSION: u32 = 1;

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

    fn take_error(&self) -> Option<io::Error> {
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

/// Runs the protocol on `input` and `output` until `quit` or the end of the input (a finite
/// search still running then is finished and reported; an infinite one is stopped).
///
/// # Errors
/// Writing the output failed.
pub fn run_protocol<R: BufRead + Send + 'static, W: Write + Send + 'static>(
    input: R,
    output: W,
) -> io::Result<()> {
    let out = Arc::new(Out::new(Box::new(output)));
    let rx = spawn_reader(input);
    let mut p = Protocol::new(out.clone());
    loop {
        match rx.recv() {
            Ok(line) => {
                if p.handle(&line) == Flow::Quit {
                    p.session.stop();
                    break;
                }
            }
            Err(_) => {
                p.session.finish();
                break;
            }
        }
        if out.failed() {
            p.session.stop();
            break;
        }
    }
    drop(p);
    match out.take_error() {
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}

/// Whether the command loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit`.
    Quit,
}

/// The commands, for `help` and the unknown-command error.
pub const COMMANDS: &[(&str, &str)] = &[
    ("wartime", "handshake: id lines, option lines, wartimeok"),
    ("isready", "readyok (at any time, also during a search)"),
    (
        "setoption name NAME value VALUE",
        "set an option (not during a search)",
    ),
    ("newgame", "forget the position, restart the dice stream"),
    (
        "position file PATH [actions A ; B dice 3 7 ; ...]",
        "set the position from a file and play actions; answers decision",
    ),
    (
        "position json {...} [actions ...]",
        "set the position from one line of JSON; answers decision",
    ),
    (
        "apply ACTION [dice D1 D2 ...]",
        "play one action with the dice rolled at the table; answers applied, event, dice, decision",
    ),
    (
        "actions A ; B dice 3 7 ; ...",
        "play several actions (all or none); answers as apply, one decision at the end",
    ),
    (
        "undo",
        "take back the last action; answers undone, decision",
    ),
    (
        "legal",
        "legal count N kind K side S, then N lines: action ACTION",
    ),
    (
        "go [iterations N] [movetime MS] [nodes N] [multipv K] [infinite] [id X]",
        "search: info lines, then exactly one bestaction",
    ),
    ("stop", "end the search now; it answers bestaction"),
    (
        "eval",
        "the static evaluation: eval side S value P winprob_a P winprob_b P",
    ),
    ("show", "the board and legend (show lines), then decision"),
    ("record", "the game so far as a replayable position command"),
    ("save", "the position now as one line of JSON"),
    ("help", "this list"),
    ("quit", "exit (a running search answers bestaction first)"),
];

/// The protocol: a session and the output.
pub struct Protocol {
    /// The engine session.
    pub session: Session,
    out: Arc<Out>,
}

/// Text safe to echo on one line: control characters replaced, at most 80 characters.
fn echo(s: &str) -> String {
    let mut t: String = s
        .chars()
        .take(80)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if s.chars().count() > 80 {
        t.push('…');
    }
    t
}

/// One line: control characters (newlines) replaced by spaces.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Whitespace-separated words with their byte ranges.
fn words(s: &str) -> Vec<(usize, &str)> {
    let mut v = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c.is_whitespace() {
            if let Some(b) = start.take() {
                v.push((b, &s[b..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(b) = start {
        v.push((b, &s[b..]));
    }
    v
}

/// Reads `ACTION [dice D1 D2 …]` (dice separated by spaces or commas, each 1..=10).
///
/// # Errors
/// A message naming the bad die or the missing action.
pub fn parse_planned(text: &str) -> Result<Planned, String> {
    let w = words(text);
    let Some(k) = w.iter().position(|(_, t)| t.eq_ignore_ascii_case("dice")) else {
        let t = text.trim();
        if t.is_empty() {
            return Err("no action".into());
        }
        return Ok(Planned::new(t));
    };
    let action = text[..w[k].0].trim();
    if action.is_empty() {
        return Err("no action before \"dice\"".into());
    }
    let mut dice = Vec::new();
    for (_, t) in &w[k + 1..] {
        for d in t.split(',').filter(|d| !d.is_empty()) {
            match d.parse::<u8>() {
                Ok(v) if (1..=10).contains(&v) => dice.push(v),
                _ => {
                    return Err(format!(
                        "dice: \"{}\" is not a d10 result (1..=10)",
                        echo(d)
                    ))
                }
            }
        }
    }
    Ok(Planned {
        text: action.to_string(),
        dice: Some(dice),
    })
}

/// Reads `A ; B dice 3 7 ; …` (empty items skipped).
///
/// # Errors
/// The 1-based index and the error of the first bad item.
pub fn parse_action_list(text: &str) -> Result<Vec<Planned>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(k, t)| {
            parse_planned(t).map_err(|e| format!("action {} \"{}\": {e}", k + 1, echo(t)))
        })
        .collect()
}

/// Reads the arguments of `position`: the source and the actions.
///
/// # Errors
/// A message naming what is wrong.
pub fn parse_position(args: &str) -> Result<(Source, Vec<Planned>), String> {
    let args = args.trim();
    let w = words(args);
    let Some(&(_, kind)) = w.first() else {
        return Err("expected \"file PATH\" or \"json {...}\"".into());
    };
    let after_kind = args[kind.len()..].trim_start();
    let (src, rest): (Source, &str) = if kind.eq_ignore_ascii_case("file") {
        let ws = words(after_kind);
        let cut = ws
            .iter()
            .position(|(_, t)| t.eq_ignore_ascii_case("actions"))
            .map_or(after_kind.len(), |k| ws[k].0);
        let path = after_kind[..cut].trim();
        if path.is_empty() {
            return Err("file: no path".into());
        }
        (Source::File(PathBuf::from(path)), &after_kind[cut..])
    } else if kind.eq_ignore_ascii_case("json") {
        if !after_kind.starts_with('{') {
            return Err("json: expected a JSON object starting with {".into());
        }
        let mut it =
            serde_json::Deserializer::from_str(after_kind).into_iter::<serde::de::IgnoredAny>();
        match it.next() {
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(format!("json: {e}")),
            None => return Err("json: expected a JSON object".into()),
        }
        let end = it.byte_offset();
        (
            Source::Json(after_kind[..end].to_string()),
            &after_kind[end..],
        )
    } else {
        return Err(format!(
            "expected \"file PATH\" or \"json {{...}}\", not \"{}\"",
            echo(kind)
        ));
    };
    let rest = rest.trim();
    if rest.is_empty() {
        return Ok((src, Vec::new()));
    }
    let ws = words(rest);
    if !ws[0].1.eq_ignore_ascii_case("actions") {
        return Err(format!(
            "unexpected \"{}\" after the position (expected \"actions\")",
            echo(ws[0].1)
        ));
    }
    let list = parse_action_list(&rest[ws[0].1.len()..])?;
    Ok((src, list))
}

/// A parsed `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Limits.
    pub req: GoRequest,
    /// Candidates reported (overrides the MultiPV option).
    pub multipv: Option<usize>,
    /// Echoed in `info` and `bestaction`.
    pub id: Option<String>,
}

/// Reads the arguments of `go`. On error, also returns the `id` if one could be read (so that
/// the `bestaction none` that answers a bad `go` still carries it).
///
/// # Errors
/// A message naming the bad argument, and the id.
pub fn parse_go(args: &str) -> Result<Go, (String, Option<String>)> {
    let w: Vec<&str> = args.split_whitespace().collect();
    let id = w
        .iter()
        .position(|t| t.eq_ignore_ascii_case("id"))
        .and_then(|k| w.get(k + 1))
        .map(|s| echo(s));
    let fail = |m: String| Err((m, id.clone()));
    let mut g = Go::default();
    let mut k = 0;
    while k < w.len() {
        let key = w[k].to_ascii_lowercase();
        let val = w.get(k + 1).copied();
        let num = |name: &str, min: u64| -> Result<u64, String> {
            match val.map(str::parse::<u64>) {
                Some(Ok(v)) if v >= min => Ok(v),
                Some(_) => Err(format!(
                    "{name}: \"{}\" is not an integer ≥ {min}",
                    echo(val.unwrap_or(""))
                )),
                None => Err(format!("{name}: missing value")),
            }
        };
        match key.as_str() {
            "infinite" => {
                g.req.infinite = true;
                k += 1;
                continue;
            }
            "iterations" => match num("iterations", 1) {
                Ok(v) => g.req.iterations = Some(v),
                Err(e) => return fail(e),
            },
            "movetime" => match num("movetime", 1) {
                Ok(v) => g.req.movetime = Some(v),
                Err(e) => return fail(e),
            },
            "nodes" => match num("nodes", 1) {
                Ok(v) => g.req.nodes = Some(v as usize),
                Err(e) => return fail(e),
            },
            "multipv" => match num("multipv", 1) {
                Ok(v) if v <= 64 => g.multipv = Some(v as usize),
                Ok(v) => return fail(format!("multipv: {v} is outside 1..=64")),
                Err(e) => return fail(e),
            },
            "id" => match val {
                Some(v) => g.id = Some(echo(v)),
                None => return fail("id: missing value".into()),
            },
            other => {
                return fail(format!(
                    "unknown argument \"{}\" (expected iterations, movetime, nodes, \
                     multipv, infinite or id)",
                    echo(other)
                ))
            }
        }
        k += 2;
    }
    Ok(g)
}

/// The `decision …` line: kind, side, turn, phase, the characters involved, the result when
/// the game is over, and the sentence.
pub fn decision_line(st: &State) -> String {
    let side = st
        .to_decide()
        .map_or_else(|| "none".to_string(), |s| s.to_string());
    let mut s = format!(
        "decision kind {} side {} turn {} phase {}",
        st.decision().name(),
        side,
        st.turn(),
        st.phase()
    );
    match st.pending() {
        Pending::Act { actor } => s.push_str(&format!(" actor {}", st.label(actor))),
        Pending::Window { actor, early, .. } => {
            s.push_str(&format!(" actor {} early {early}", st.label(actor)))
        }
        Pending::Reaction {
            reactor,
            actor,
            early,
            ..
        } => s.push_str(&format!(
            " actor {} reactor {} early {early}",
            st.label(actor),
            st.label(reactor)
        )),
        Pending::MentalCombat { hacker, .. } => {
            let who = st.pending().mind_decider().unwrap_or(hacker);
            s.push_str(&format!(
                " actor {} reactor {}",
                st.label(hacker),
                st.label(who)
            ))
        }
        Pending::GameOver => {
            let a = st.returns(Side::A);
            let winner = if a > 0.75 {
                "A"
            } else if a < 0.25 {
                "B"
            } else {
                "draw"
            };
            s.push_str(&format!(
                " winner {winner} score_a {} score_b {}",
                engine::scenario::score(st, Side::A),
                engine::scenario::score(st, Side::B)
            ));
        }
        _ => {}
    }
    s.push_str(" text ");
    s.push_str(&one_line(&st.describe_decision()));
    s
}

/// The lines answering one applied action: `applied`, `event`s, `dice`.
pub fn applied_lines(st: &State, a: &Applied) -> Vec<String> {
    let mut v = vec![format!("applied {}", a.action)];
    for e in &a.events {
        v.push(format!(
            "event {}",
            one_line(
                &EventText {
                    event: e,
                    roster: st
                }
                .to_string()
            )
        ));
    }
    let used: Vec<String> = a.dice.iter().map(|d| d.to_string()).collect();
    let mut d = format!("dice supplied {} drawn {} used", a.supplied, a.drawn);
    if !used.is_empty() {
        d.push(' ');
        d.push_str(&used.join(" "));
    }
    v.push(d);
    v
}

/// The `info` lines of a report (one per candidate, `multipv 1` the best).
pub fn info_lines(r: &Report, id: Option<&str>) -> Vec<String> {
    let idp = id.map(|i| format!(" id {i}")).unwrap_or_default();
    if r.candidates.is_empty() {
        return vec![format!(
            "info{idp} iterations {} nodes {} time {} nps {}",
            r.iterations, r.nodes, r.time_ms, r.ips
        )];
    }
    r.candidates
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let q = &c.risk;
            format!(
                "info{idp} multipv {} iterations {} nodes {} time {} nps {} visits {} value {:.4} \
                 risk_window {:.3} risk_hit {:.3} risk_dealt {:.3} risk_taken {:.3} \
                 risk_psi {:.3} risk_psifail {:.3} risk_outnumbered {} risk_ene {:.2} pv {}",
                k + 1,
                r.iterations,
                r.nodes,
                r.time_ms,
                r.ips,
                c.visits,
                c.win_probability,
                q.p_reaction_window,
                q.p_reaction_hit,
                q.wounds_dealt,
                q.wounds_taken,
                q.p_psyche_check,
                q.p_psyche_fail,
                u8::from(q.ends_outnumbered),
                q.ene_left,
                c.pv.join(" ; ")
            )
        })
        .collect()
}

/// A report of the search so far.
pub fn progress_report(st: &State, si: &SearchInfo, multipv: usize) -> Report {
    let res = SearchResult {
        best: si.candidates.first().map(|c| c.action),
        candidates: si.candidates.clone(),
        iterations: si.iterations,
        nodes: si.nodes,
        elapsed: si.elapsed,
    };
    report(st, &res, multipv)
}

/// The `bestaction` line.
pub fn bestaction_line(st: &State, res: Option<&SearchResult>, id: Option<&str>) -> String {
    let a = res
        .and_then(|r| r.best)
        .map_or_else(|| "none".to_string(), |a| st.notation(&a));
    match id {
        Some(i) => format!("bestaction {a} id {i}"),
        None => format!("bestaction {a}"),
    }
}

/// The handshake lines.
pub fn handshake_lines() -> Vec<String> {
    let mut v = vec![
        format!("id name wartime {}", env!("CARGO_PKG_VERSION")),
        "id author the wartime authors".to_string(),
        format!("id protocol {PROTOCOL_VERSION}"),
    ];
    let d = Options::default();
    for o in OPTIONS {
        let default = d.value(o);
        v.push(match o.kind {
            OptionKind::Spin { min, max } => format!(
                "option name {} type spin default {default} min {min} max {max}",
                o.name
            ),
            OptionKind::Check => format!("option name {} type check default {default}", o.name),
            OptionKind::Combo(vars) => {
                let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                format!(
                    "option name {} type combo default {default} {}",
                    o.name,
                    vars.join(" ")
                )
            }
        });
    }
    v.push("wartimeok".into());
    v
}

impl Protocol {
    /// A protocol writing to `out`, with a fresh session.
    pub fn new(out: Arc<Out>) -> Protocol {
        Protocol {
            session: Session::new(),
            out,
        }
    }

    fn error(&self, cmd: &str, msg: impl std::fmt::Display) {
        self.out
            .line(format!("error {cmd}: {}", echo_long(&msg.to_string())));
    }

    /// Handles one input line. A panic inside the engine (a bug) is answered by one `error`
    /// line; the session keeps its state (every change is committed only at its end).
    pub fn handle(&mut self, line: &str) -> Flow {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle_inner(line)));
        match r {
            Ok(f) => f,
            Err(p) => {
                let what = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let cmd = line.split_whitespace().next().unwrap_or("");
                self.error(
                    &echo(&cmd.to_ascii_lowercase()),
                    format!("internal error (please report): {what}"),
                );
                Flow::Continue
            }
        }
    }

    fn handle_inner(&mut self, line: &str) -> Flow {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Flow::Continue;
        }
        let cmd = line.split_whitespace().next().unwrap_or("");
        let args = line[cmd.len()..].trim();
        let lc = cmd.to_ascii_lowercase();
        const BARE: &[&str] = &[
            "wartime", "isready", "quit", "stop", "newgame", "help", "undo", "legal", "eval",
            "show", "record", "save",
        ];
        if !args.is_empty() && BARE.contains(&lc.as_str()) {
            self.error(
                &lc,
                format!("unexpected \"{}\" ({lc} takes no arguments)", echo(args)),
            );
            return Flow::Continue;
        }
        match lc.as_str() {
            "wartime" => self.out.lines(&handshake_lines()),
            "isready" => self.out.line("readyok"),
            "quit" => return Flow::Quit,
            "stop" => self.session.stop(),
            "newgame" => self.session.new_game(),
            "help" => {
                let v: Vec<String> = COMMANDS
                    .iter()
                    .map(|(c, h)| format!("help {c} - {h}"))
                    .collect();
                self.out.lines(&v);
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "apply" => match parse_planned(args) {
                Ok(p) => self.apply(&lc, &[p]),
                Err(e) => self.error("apply", e),
            },
            "actions" => match parse_action_list(args) {
                Ok(v) if v.is_empty() => self.error("actions", "no action"),
                Ok(v) => self.apply(&lc, &v),
                Err(e) => self.error("actions", e),
            },
            "undo" => match self.session.undo() {
                Ok(p) => {
                    let st = self.session.state().expect("a position after undo");
                    self.out
                        .lines(&[format!("undone {}", p.action), decision_line(st)]);
                }
                Err(e) => self.error("undo", e),
            },
            "legal" => self.legal(),
            "go" => self.go(args),
            "eval" => self.eval(),
            "show" => self.show(),
            "record" => match self.session.game() {
                Some(g) => self.out.line(format!("record {}", record_command(g))),
                None => self.error("record", SessionError::NoPosition),
            },
            "save" => match self.session.game() {
                Some(g) => self.out.line(format!("save json {}", g.state_json())),
                None => self.error("save", SessionError::NoPosition),
            },
            _ => {
                let mut names: Vec<&str> = COMMANDS
                    .iter()
                    .map(|(c, _)| c.split(' ').next().unwrap_or(c))
                    .collect();
                names.dedup();
                self.out.line(format!(
                    "error unknown command \"{}\" (commands: {})",
                    echo(cmd),
                    names.join(", ")
                ));
            }
        }
        Flow::Continue
    }

    fn setoption(&mut self, args: &str) {
        let w = words(args);
        if w.first().map(|(_, t)| t.to_ascii_lowercase()) != Some("name".into()) {
            return self.error("setoption", "expected \"name NAME value VALUE\"");
        }
        let vpos = w.iter().position(|(_, t)| t.eq_ignore_ascii_case("value"));
        let name_end = vpos.map_or(args.len(), |k| w[k].0);
        let name = args[w[0].0 + 4..name_end].trim();
        if name.is_empty() {
            return self.error("setoption", "no option name");
        }
        let Some(k) = vpos else {
            return self.error("setoption", format!("option {}: no value", echo(name)));
        };
        let value = args[w[k].0 + 5..].trim();
        if let Err(e) = self.session.set_option(name, value) {
            self.error("setoption", e);
        }
    }

    fn position(&mut self, args: &str) {
        let (src, list) = match parse_position(args) {
            Ok(x) => x,
            Err(e) => return self.error("position", e),
        };
        match self.session.set_position(&src, &list) {
            Ok(_) => {
                let st = self.session.state().expect("a position was just set");
                self.out.line(decision_line(st));
            }
            Err(e) => self.error("position", e),
        }
    }

    fn apply(&mut self, cmd: &str, list: &[Planned]) {
        match self.session.apply(list) {
            Ok(applied) => {
                let st = self.session.state().expect("a position");
                let mut v = Vec::new();
                for a in &applied {
                    v.extend(applied_lines(st, a));
                }
                v.push(decision_line(st));
                self.out.lines(&v);
            }
            Err(e) => self.error(cmd, e),
        }
    }

    fn legal(&mut self) {
        let st = match self.session.state() {
            Ok(s) => s,
            Err(e) => return self.error("legal", e),
        };
        let mut buf = Vec::new();
        st.legal_actions(&mut buf);
        let mut v = vec![format!(
            "legal count {} kind {} side {}",
            buf.len(),
            st.decision().name(),
            st.to_decide()
                .map_or_else(|| "none".to_string(), |s| s.to_string())
        )];
        v.extend(buf.iter().map(|a| format!("action {}", st.notation(a))));
        self.out.lines(&v);
    }

    fn eval(&mut self) {
        let st = match self.session.state() {
            Ok(s) => s,
            Err(e) => return self.error("eval", e),
        };
        let a = eval::win_probability(st, Side::A);
        let b = eval::win_probability(st, Side::B);
        let (side, value) = match st.to_decide() {
            Some(Side::A) => ("A", a),
            Some(Side::B) => ("B", b),
            None => ("none", a),
        };
        self.out.line(format!(
            "eval side {side} value {value:.4} winprob_a {a:.4} winprob_b {b:.4}"
        ));
    }

    fn show(&mut self) {
        let st = match self.session.state() {
            Ok(s) => s,
            Err(e) => return self.error("show", e),
        };
        let mut v: Vec<String> = crate::render::show(st)
            .lines()
            .map(|l| {
                if l.is_empty() {
                    "show".to_string()
                } else {
                    format!("show {l}")
                }
            })
            .collect();
        v.push(decision_line(st));
        self.out.lines(&v);
    }

    fn go(&mut self, args: &str) {
        let g = match parse_go(args) {
            Ok(g) => g,
            Err((e, id)) => {
                self.error("go", e);
                self.out.line(bestaction_line_none(id.as_deref()));
                return;
            }
        };
        let multipv = g.multipv.unwrap_or(self.session.options.multipv).max(1);
        let interval = Duration::from_millis(self.session.options.info_interval);
        let out = self.out.clone();
        let id = g.id.clone();
        let last: Mutex<Option<Instant>> = Mutex::new(None);
        let progress = Box::new(move |st: &State, si: &SearchInfo| {
            let mut l = last.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            if l.is_some_and(|t| now.duration_since(t) < interval) {
                return;
            }
            *l = Some(now);
            let r = progress_report(st, si, multipv);
            out.lines(&info_lines(&r, id.as_deref()));
        });
        let out = self.out.clone();
        let id = g.id.clone();
        let done = Box::new(move |st: &State, res: Option<SearchResult>| {
            let mut v = Vec::new();
            match &res {
                Some(r) => v.extend(info_lines(&report(st, r, multipv), id.as_deref())),
                None => v.push("error go: internal error in the search".into()),
            }
            v.push(bestaction_line(st, res.as_ref(), id.as_deref()));
            out.lines(&v);
        });
        if let Err(e) = self.session.go(&g.req, progress, done) {
            self.error("go", e);
            self.out.line(bestaction_line_none(g.id.as_deref()));
        }
    }
}

fn bestaction_line_none(id: Option<&str>) -> String {
    match id {
        Some(i) => format!("bestaction none id {i}"),
        None => "bestaction none".into(),
    }
}

/// An error message that may quote user text: one line, at most 600 characters.
fn echo_long(s: &str) -> String {
    let mut t: String = s.chars().take(600).collect();
    if s.chars().count() > 600 {
        t.push('…');
    }
    one_line(&t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn planned_with_and_without_dice() {
        assert_eq!(
            parse_planned("a1 move 3,4").unwrap(),
            Planned::new("a1 move 3,4")
        );
        let p = parse_planned("a1 shoot b1 w1 + dice 3 7,1").unwrap();
        assert_eq!(p.text, "a1 shoot b1 w1 +");
        assert_eq!(p.dice, Some(vec![3, 7, 1]));
        assert!(parse_planned("a1 move 3,4 dice 11").is_err());
        assert!(parse_planned("dice 3").is_err());
        assert!(parse_planned("   ").is_err());
    }

    #[test]
    fn position_arguments() {
        let (s, l) = parse_position("file positions/duel.json").unwrap();
        assert!(matches!(s, Source::File(p) if p == Path::new("positions/duel.json")));
        assert!(l.is_empty());
        let (s, l) =
            parse_position("json {\"a\": {\"b\": \"}\"}} actions init a1 ; init b1 dice 4")
                .unwrap();
        assert!(matches!(s, Source::Json(j) if j == "{\"a\": {\"b\": \"}\"}}"));
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].dice, Some(vec![4]));
        assert!(parse_position("json {\"a\": ").is_err());
        assert!(parse_position("json {} foo").is_err());
        assert!(parse_position("startpos").is_err());
        assert!(parse_position("").is_err());
    }

    #[test]
    fn go_arguments() {
        let g = parse_go("iterations 300 id q7 multipv 2").unwrap();
        assert_eq!(g.req.iterations, Some(300));
        assert_eq!(g.id.as_deref(), Some("q7"));
        assert_eq!(g.multipv, Some(2));
        assert!(parse_go("infinite").unwrap().req.infinite);
        let (e, id) = parse_go("iterations x id z").unwrap_err();
        assert!(e.contains("iterations"), "{e}");
        assert_eq!(id.as_deref(), Some("z"));
        assert!(parse_go("depth 3").is_err());
        assert!(parse_go("movetime").is_err());
    }
}
