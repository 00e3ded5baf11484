//! An external engine in a tournament: a child process speaking `wartime protocol`
//! (PROTOCOL.md) — handshake, `setoption`, `newgame`, `isready`, then per decision `position`
//! and `go`, read until `bestaction`; `quit` at the end.
//!
//! Each decision sends the **starting position and every action so far with the dice it used**
//! (`position json {START} actions A dice 3 7 ; B ; …`), as UCI GUIs send `position startpos
//! moves …`, rather than the current state as JSON: the engine rebuilds exactly our state
//! through its own rules (every die supplied, nothing drawn), it keeps no state between
//! decisions that could drift (a restarted engine picks the game up at once), and the line is
//! the game record itself — no reliance on a mid-game state (open reaction windows, declared
//! actions) surviving a JSON round trip. The cost, a line growing with the game, is small
//! beside a search.
//!
//! Faults: no `bestaction` within movetime + timemargin is a time loss — the engine is sent
//! `stop` and, if it still does not answer within [`STOP_GRACE`], it is hung and killed; the
//! end of its output is a crash; an `error` line, `bestaction none` or an action that is not
//! legal is an illegal action.

use crate::frontend::child::{EngineProcess, Received};
use crate::tools::tournament::options::ExternalSpec;
use crate::tools::tournament::record::DecisionRecord;
use engine::{Action, State};
use std::time::{Duration, Instant};

/// How long the handshake, `isready` and other untimed answers may take.
pub const ANSWER_WAIT: Duration = Duration::from_secs(10);
/// How long an engine that missed its deadline has to answer `stop` before it is killed.
pub const STOP_GRACE: Duration = Duration::from_millis(500);
/// The deadline of a decision limited by iterations only (no movetime): beyond it the engine
/// is taken for hung.
pub const ITERATIONS_ONLY_WAIT: Duration = Duration::from_secs(10);

/// What went wrong with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// It exited, closed its output or could not be started.
    Crash,
    /// It answered neither in time nor after `stop`: killed.
    Hang,
    /// It answered after movetime + timemargin.
    TimeLoss,
    /// An `error` line, `bestaction none` or an action that is not legal.
    Illegal,
}

impl FaultKind {
    /// The word in records.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Crash => "crash",
            FaultKind::Hang => "hang",
            FaultKind::TimeLoss => "time_loss",
            FaultKind::Illegal => "illegal",
        }
    }

    /// Whether the engine process is gone (crashed, or killed because it hung).
    pub fn is_fatal(self) -> bool {
        matches!(self, FaultKind::Crash | FaultKind::Hang)
    }
}

/// A fault with its explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What kind.
    pub kind: FaultKind,
    /// What happened, in words.
    pub detail: String,
}

impl Fault {
    fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

/// A running external engine.
pub struct ExternalEngine {
    proc: EngineProcess,
    spec: ExternalSpec,
}

impl ExternalEngine {
    /// Starts the engine, does the handshake and sends its options.
    ///
    /// # Errors
    /// The program does not start, the handshake does not come, or an option is refused (the
    /// message says which).
    pub fn start(spec: &ExternalSpec) -> Result<ExternalEngine, String> {
        let proc = EngineProcess::spawn(&spec.program, &spec.args, spec.dir.as_deref())?;
        let mut e = ExternalEngine {
            proc,
            spec: spec.clone(),
        };
        e.send("wartime")?;
        e.proc
            .until(ANSWER_WAIT, |l| l == "wartimeok", |_| {})
            .map_err(|m| format!("no handshake (\"wartime\" → \"wartimeok\"): {m}"))?;
        for (name, value) in &spec.options {
            e.send(&format!("setoption name {name} value {value}"))?;
            let lines = e.fence()?;
            if let Some(err) = lines.iter().find(|l| l.starts_with("error")) {
                return Err(format!("option.{name}={value} refused: {err}"));
            }
        }
        // Ready for a game: an engine that answers the handshake and dies is caught here.
        e.fence()
            .map_err(|m| format!("no answer to isready after the handshake: {m}"))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.proc.send(line)
    }

    /// `isready` and the lines before its `readyok`.
    fn fence(&mut self) -> Result<Vec<String>, String> {
        self.send("isready")?;
        let mut v = self.proc.until(ANSWER_WAIT, |l| l == "readyok", |_| {})?;
        v.pop();
        Ok(v)
    }

    /// Prepares a new game (`newgame`, `isready`).
    ///
    /// # Errors
    /// The engine does not answer: it died or hangs.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("newgame")?;
        self.fence().map(|_| ())
    }

    /// The engine's decision in `st`, reached from `start` (one line of JSON) by `history`.
    /// Returns the action and the milliseconds from `go` to `bestaction`.
    ///
    /// # Errors
    /// The [`Fault`].
    pub fn decide(
        &mut self,
        start: &str,
        history: &[DecisionRecord],
        st: &State,
    ) -> Result<(Action, u64), Fault> {
        let mut cmd = format!("position json {start}");
        if !history.is_empty() {
            cmd.push_str(" actions ");
            let items: Vec<String> = history
                .iter()
                .map(|d| {
                    if d.dice.is_empty() {
                        d.action.clone()
                    } else {
                        let dice: Vec<String> = d.dice.iter().map(u8::to_string).collect();
                        format!("{} dice {}", d.action, dice.join(" "))
                    }
                })
                .collect();
            cmd.push_str(&items.join(" ; "));
        }
        let go = match (self.spec.iterations, self.spec.movetime_ms) {
            (Some(n), Some(ms)) => format!("go iterations {n} movetime {ms}"),
            (Some(n), None) => format!("go iterations {n}"),
            (None, ms) => format!("go movetime {}", ms.unwrap_or(0)),
        };
        let limit = self
            .spec
            .movetime_ms
            .map_or(ITERATIONS_ONLY_WAIT, Duration::from_millis)
            + Duration::from_millis(self.spec.timemargin_ms);
        let crash = |e: String| Fault::new(FaultKind::Crash, e);
        self.send(&cmd).map_err(crash)?;
        // The clock starts with `go`, as a GUI's does: setting the position is not thinking.
        let t0 = Instant::now();
        self.send(&go).map_err(crash)?;
        let mut error: Option<String> = None;
        let mut deadline = t0 + limit;
        let mut late = false;
        loop {
            match self.proc.recv(deadline) {
                Received::Line(l) if l.starts_with("bestaction") => {
                    let ms = t0.elapsed().as_millis() as u64;
                    if late || t0.elapsed() > limit {
                        return Err(Fault::new(
                            FaultKind::TimeLoss,
                            format!(
                                "no bestaction within {} ms (movetime + timemargin); it \
                                 answered after stop, at {ms} ms",
                                limit.as_millis()
                            ),
                        ));
                    }
                    if let Some(e) = error {
                        return Err(Fault::new(
                            FaultKind::Illegal,
                            format!("it answered \"{e}\""),
                        ));
                    }
                    let text = l["bestaction".len()..].trim();
                    let text = text.split(" id ").next().unwrap_or(text).trim();
                    if text.is_empty() || text == "none" {
                        return Err(Fault::new(
                            FaultKind::Illegal,
                            format!("\"{l}\" with {} legal actions", legal_count(st)),
                        ));
                    }
                    return match st.parse_action(text) {
                        Ok(a) => Ok((a, ms)),
                        Err(e) => Err(Fault::new(
                            FaultKind::Illegal,
                            format!("bestaction \"{text}\": {e}"),
                        )),
                    };
                }
                Received::Line(l) if l.starts_with("error") => {
                    error.get_or_insert(l);
                }
                Received::Line(_) => {}
                Received::Closed => {
                    return Err(crash(format!(
                        "the engine exited during the decision (after {} ms)",
                        t0.elapsed().as_millis()
                    )))
                }
                Received::Timeout if !late => {
                    late = true;
                    deadline = Instant::now() + STOP_GRACE;
                    if self.send("stop").is_err() {
                        return Err(crash("the engine exited".into()));
                    }
                }
                Received::Timeout => {
                    self.proc.kill();
                    return Err(Fault::new(
                        FaultKind::Hang,
                        format!(
                            "no bestaction within {} ms (movetime + timemargin), nor {} ms after \
                             stop: killed",
                            limit.as_millis(),
                            STOP_GRACE.as_millis()
                        ),
                    ));
                }
            }
        }
    }

    /// Sends `quit` and lets the process exit (killed after a second).
    pub fn quit(mut self) {
        let _ = self.send("quit");
        self.proc.close(Duration::from_secs(1));
    }
}

fn legal_count(st: &State) -> usize {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    buf.len()
}
