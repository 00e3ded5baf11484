//! The protocol's command loop (PROTOCOL.md §2 "Commands"): each input line handled against
//! the session and answered, `isready` and `stop` also while a search runs.

use super::io::{spawn_reader, Input, Out};
use super::lines::{
    applied_lines, bestaction_line, bestaction_line_none, decision_line, handshake_lines,
    info_lines, progress_report,
};
use super::parse::{
    echo, echo_long, parse_action_list, parse_go, parse_planned, parse_position, words,
};
use crate::frontend::analyze::report;
use crate::frontend::session::{record_command, Planned, Session, SessionError};
use crate::search::{SearchInfo, SearchResult};
use engine::{Side, State};
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Runs the protocol on `input` and `output` until `quit` or the end of the input (a finite
/// search still running then is finished and reported; an infinite one is stopped). `files`:
/// whether `position file` may read files by path (`--no-files` switches it off).
///
/// # Errors
/// Writing the output failed.
pub fn run_protocol<R: BufRead + Send + 'static, W: Write + Send + 'static>(
    input: R,
    output: W,
    files: bool,
) -> io::Result<()> {
    let out = Arc::new(Out::new(Box::new(output)));
    let rx = spawn_reader(input);
    let mut p = Protocol::new(out.clone());
    p.session.allow_files(files);
    loop {
        match rx.recv() {
            Ok(Input::TooLong) => p.out.line(format!("error line: {}", Input::TOO_LONG)),
            Ok(Input::Line(line)) => {
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
        let mut v: Vec<String> = crate::view::render::show(st)
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
