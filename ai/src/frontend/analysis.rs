//! `wartime analysis`: a JSON-lines analysis engine for tools, after KataGo's analysis engine.
//! One query per input line; answers one JSON object per output line (PROTOCOL.md, "Analysis
//! mode"). Queries carry an id, a position (inline or a file), actions played from it (with
//! dice when they were rolled at the table), the positions to analyse along them, limits and
//! options. While a query searches it may send periodic reports; every query gets exactly one
//! final answer (`"is_final": true`): its results, or an error naming the bad field.
//! `terminate` stops a query by id (its final answer still comes, marked `terminated`).

use crate::frontend::analyze::{report, Report};
use crate::frontend::protocol::{parse_planned, progress_report, spawn_reader, Input, Out};
use crate::frontend::session::{load, play_action, Planned, SessionError, Source};
use crate::search::{self, Limits, Params, SearchInfo};
use engine::basics::dice::SeededDice;
use engine::State;
use serde_json::{json, Map, Value};
use std::collections::{HashMap, VecDeque};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Iterations of a query that gives neither `iterations` nor `movetime`: the same as
/// `wartime analyze`'s ([`crate::frontend::analyze::DEFAULT_ITERATIONS`]).
pub const DEFAULT_ITERATIONS: u64 = crate::frontend::analyze::DEFAULT_ITERATIONS;

/// The fields a query may have.
pub const QUERY_FIELDS: &[&str] = &[
    "id",
    "action",
    "terminate_id",
    "position",
    "file",
    "actions",
    "analyze_after",
    "iterations",
    "movetime",
    "nodes",
    "threads",
    "seed",
    "dice_seed",
    "strict_dice",
    "multipv",
    "report_every_ms",
];

/// A bad query: the message and the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// The field at fault (`None`: the line as a whole).
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl QueryError {
    /// An error of the line as a whole (no field at fault).
    fn whole(message: impl Into<String>) -> QueryError {
        QueryError {
            field: None,
            message: message.into(),
        }
    }
}

fn bad(field: &str, message: impl Into<String>) -> QueryError {
    QueryError {
        field: Some(field.to_string()),
        message: message.into(),
    }
}

/// A validated analysis query.
pub struct Job {
    /// Its id.
    pub id: String,
    /// The positions to analyse: (number of actions played, state).
    pub positions: Vec<(usize, State)>,
    /// Search parameters.
    pub params: Params,
    /// Limits.
    pub limits: Limits,
    /// Candidates reported.
    pub multipv: usize,
    /// Least time between periodic reports (`None`: no periodic reports).
    pub report_every: Option<Duration>,
    /// Set by `terminate`.
    pub stop: Arc<AtomicBool>,
}

fn uint(q: &Map<String, Value>, f: &str, min: u64, max: u64) -> Result<Option<u64>, QueryError> {
    match q.get(f) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            Some(n) => Err(bad(f, format!("{n} is outside {min}..={max}"))),
            None => Err(bad(
                f,
                format!("expected an integer in {min}..={max}, got {v}"),
            )),
        },
    }
}

fn planned(v: &Value, k: usize) -> Result<Planned, QueryError> {
    let field = format!("actions[{k}]");
    match v {
        Value::String(s) => parse_planned(s).map_err(|e| bad(&field, e)),
        Value::Object(o) => {
            for key in o.keys() {
                if key != "action" && key != "dice" {
                    return Err(bad(
                        &format!("{field}.{key}"),
                        "unknown field (expected action, dice)",
                    ));
                }
            }
            let text = o
                .get("action")
                .and_then(Value::as_str)
                .ok_or_else(|| bad(&format!("{field}.action"), "expected a string"))?;
            let mut p = parse_planned(text).map_err(|e| bad(&format!("{field}.action"), e))?;
            if let Some(d) = o.get("dice") {
                let arr = d.as_array().ok_or_else(|| {
                    bad(&format!("{field}.dice"), "expected an array of d10 results")
                })?;
                let mut dice = Vec::new();
                for (j, x) in arr.iter().enumerate() {
                    match x.as_u64() {
                        Some(n) if (1..=10).contains(&n) => dice.push(n as u8),
                        _ => {
                            return Err(bad(
                                &format!("{field}.dice[{j}]"),
                                format!("{x} is not a d10 result (1..=10)"),
                            ))
                        }
                    }
                }
                if p.dice.is_some() {
                    return Err(bad(
                        &format!("{field}.dice"),
                        "dice given both in the action text and in the dice array",
                    ));
                }
                p.dice = Some(dice);
            }
            Ok(p)
        }
        _ => Err(bad(
            &field,
            "expected an action in notation or {\"action\": ..., \"dice\": [...]}",
        )),
    }
}

/// Validates an analysis query: loads its position, plays its actions, collects the positions
/// to analyse.
///
/// # Errors
/// The first bad field.
pub fn parse_query(q: &Map<String, Value>, files: bool) -> Result<Job, QueryError> {
    let id = match q.get("id") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(bad("id", "expected a string")),
        None => return Err(bad("id", "missing (every query needs an id)")),
    };
    for k in q.keys() {
        if !QUERY_FIELDS.contains(&k.as_str()) {
            return Err(bad(
                k,
                format!("unknown field (fields: {})", QUERY_FIELDS.join(", ")),
            ));
        }
    }
    if q.contains_key("terminate_id") {
        return Err(bad("terminate_id", "only with \"action\": \"terminate\""));
    }
    let src = match (q.get("position"), q.get("file")) {
        (Some(_), Some(_)) => {
            return Err(bad("file", "give either position or file, not both"));
        }
        (Some(p @ Value::Object(_)), None) => Source::Json(p.to_string()),
        (Some(_), None) => return Err(bad("position", "expected a position object")),
        (None, Some(Value::String(f))) => Source::File(PathBuf::from(f)),
        (None, Some(_)) => return Err(bad("file", "expected a path")),
        (None, None) => {
            return Err(bad(
                "position",
                "missing (give a position object or a file)",
            ))
        }
    };
    let actions: Vec<Planned> = match q.get("actions") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .map(|(k, v)| planned(v, k))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(bad("actions", "expected an array")),
    };
    let after: Vec<usize> = match q.get("analyze_after") {
        None | Some(Value::Null) => vec![actions.len()],
        Some(Value::Array(a)) => {
            if a.is_empty() {
                return Err(bad("analyze_after", "empty: nothing to analyse"));
            }
            let mut v = Vec::new();
            for (k, x) in a.iter().enumerate() {
                match x.as_u64() {
                    Some(n) if n as usize <= actions.len() => v.push(n as usize),
                    _ => {
                        return Err(bad(
                            &format!("analyze_after[{k}]"),
                            format!("{x} is not a number of actions in 0..={}", actions.len()),
                        ))
                    }
                }
            }
            v
        }
        Some(_) => return Err(bad("analyze_after", "expected an array of integers")),
    };
    let iterations = uint(q, "iterations", 1, u64::MAX)?;
    let movetime = uint(q, "movetime", 1, 86_400_000)?;
    let nodes = uint(q, "nodes", 1, 1_000_000_000)?;
    let threads = uint(q, "threads", 1, 256)?.unwrap_or(1) as usize;
    let seed = uint(q, "seed", 0, u64::MAX)?.unwrap_or(1);
    let dice_seed = uint(q, "dice_seed", 0, u64::MAX)?.unwrap_or(0);
    let multipv = uint(q, "multipv", 1, 64)?.unwrap_or(3) as usize;
    let report_every = uint(q, "report_every_ms", 0, 3_600_000)?
        .filter(|&n| n > 0)
        .map(Duration::from_millis);
    let strict = match q.get("strict_dice") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("strict_dice", "expected true or false")),
    };
    if let Some(a) = q.get("action") {
        return Err(bad(
            "action",
            format!(
                "unknown action {a} (expected terminate, terminate_all, query_version, \
                 or no action for an analysis)"
            ),
        ));
    }
    let field = if matches!(src, Source::File(_)) {
        "file"
    } else {
        "position"
    };
    let loaded = load(&src, files).map_err(|e| bad(field, e.to_string()))?;
    let mut state = loaded.state;
    let mut stream = SeededDice::new(dice_seed);
    let mut positions = Vec::new();
    for k in 0..=actions.len() {
        for _ in after.iter().filter(|&&n| n == k) {
            positions.push((k, state.clone()));
        }
        if k < actions.len() {
            play_action(&mut state, &mut stream, &actions[k], strict).map_err(|e| {
                let e = match e {
                    SessionError::Action(a) => a.to_string(),
                    other => other.to_string(),
                };
                bad(&format!("actions[{k}]"), e)
            })?;
        }
    }
    // In the order asked.
    let mut ordered = Vec::new();
    for n in &after {
        if let Some(i) = positions.iter().position(|(k, _)| k == n) {
            ordered.push(positions.remove(i));
        }
    }
    let limits = Limits {
        iterations: if iterations.is_none() && movetime.is_none() {
            Some(DEFAULT_ITERATIONS)
        } else {
            iterations
        },
        movetime: movetime.map(Duration::from_millis),
        nodes: nodes.map(|n| n as usize),
    };
    Ok(Job {
        id,
        positions: ordered,
        params: Params {
            threads,
            seed,
            ..Params::default()
        },
        limits,
        multipv,
        report_every,
        stop: Arc::new(AtomicBool::new(false)),
    })
}

fn error_value(id: Option<&str>, e: &QueryError) -> Value {
    let mut v = json!({
        "id": id,
        "is_final": true,
        "error": e.message,
    });
    if let Some(f) = &e.field {
        v["field"] = json!(f);
    }
    v
}

fn result_value(after: usize, r: &Report) -> Value {
    json!({ "after": after, "report": r })
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Stop flags of the queued and running queries, by id.
    live: Mutex<HashMap<String, Vec<Arc<AtomicBool>>>>,
    /// Whether a query may read files by path (`--no-files` switches it off).
    files: bool,
}

struct Queue {
    jobs: VecDeque<Job>,
    closed: bool,
}

fn send(out: &Out, v: &Value) {
    out.line(serde_json::to_string(v).unwrap_or_default());
}

fn run_job(job: &Job, out: &Arc<Out>) {
    let mut results = Vec::new();
    for (after, st) in &job.positions {
        if job.stop.load(Ordering::Relaxed) {
            break;
        }
        let last: Mutex<Option<Instant>> = Mutex::new(None);
        let cb = |si: &SearchInfo| {
            let Some(every) = job.report_every else {
                return;
            };
            let mut l = last.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            if l.is_some_and(|t| now.duration_since(t) < every) {
                return;
            }
            *l = Some(now);
            let r = progress_report(st, si, job.multipv);
            send(
                out,
                &json!({"id": job.id, "is_final": false, "after": after, "report": r}),
            );
        };
        let res = search::search(st, &job.params, &job.limits, Some(&job.stop), Some(&cb));
        results.push(result_value(*after, &report(st, &res, job.multipv)));
    }
    send(
        out,
        &json!({
            "id": job.id,
            "is_final": true,
            "terminated": job.stop.load(Ordering::Relaxed),
            "results": results,
        }),
    );
}

fn worker(shared: Arc<Shared>, out: Arc<Out>) {
    loop {
        let job = {
            let mut q = shared.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(j) = q.jobs.pop_front() {
                    break Some(j);
                }
                if q.closed {
                    break None;
                }
                q = shared.ready.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        let Some(job) = job else { return };
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_job(&job, &out)));
        if r.is_err() {
            send(
                &out,
                &error_value(
                    Some(&job.id),
                    &QueryError::whole("internal error in the search"),
                ),
            );
        }
        let mut live = shared.live.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = live.get_mut(&job.id) {
            v.retain(|f| !Arc::ptr_eq(f, &job.stop));
            if v.is_empty() {
                live.remove(&job.id);
            }
        }
    }
}

/// Runs the analysis engine on `input` and `output` with `workers` queries searched at once
/// (each with its own `threads`). At the end of the input the queries already received are
/// finished and answered, then it returns. `files`: whether a query may read files by path
/// (`file`, a catalogue path); `--no-files` switches it off.
///
/// # Errors
/// Writing the output failed.
pub fn run_analysis<R: BufRead + Send + 'static, W: Write + Send + 'static>(
    input: R,
    output: W,
    workers: usize,
    files: bool,
) -> io::Result<()> {
    let out = Arc::new(Out::new(Box::new(output)));
    let shared = Arc::new(Shared {
        queue: Mutex::new(Queue {
            jobs: VecDeque::new(),
            closed: false,
        }),
        ready: Condvar::new(),
        live: Mutex::new(HashMap::new()),
        files,
    });
    let handles: Vec<_> = (0..workers.max(1))
        .map(|k| {
            let (s, o) = (shared.clone(), out.clone());
            std::thread::Builder::new()
                .name(format!("wartime-analysis-{k}"))
                .spawn(move || worker(s, o))
        })
        .collect::<Result<_, _>>()?;
    let rx = spawn_reader(input);
    while let Ok(input) = rx.recv() {
        if out.failed() {
            break;
        }
        match input {
            Input::Line(line) => handle_line(&line, &shared, &out),
            Input::TooLong => send(
                &out,
                &error_value(None, &QueryError::whole(Input::TOO_LONG)),
            ),
        }
    }
    {
        let mut q = shared.queue.lock().unwrap_or_else(|e| e.into_inner());
        q.closed = true;
        if out.failed() {
            for j in &q.jobs {
                j.stop.store(true, Ordering::Relaxed);
            }
        }
    }
    shared.ready.notify_all();
    for h in handles {
        let _ = h.join();
    }
    Ok(())
}

fn handle_line(line: &str, shared: &Arc<Shared>, out: &Arc<Out>) {
    let line = line.trim();
    if line.is_empty() {
        return;
    }
    let v: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return send(
                out,
                &error_value(None, &QueryError::whole(format!("not JSON: {e}"))),
            )
        }
    };
    let Value::Object(q) = v else {
        return send(
            out,
            &error_value(None, &QueryError::whole("a query is a JSON object")),
        );
    };
    let id = q.get("id").and_then(Value::as_str).map(str::to_string);
    match q.get("action").and_then(Value::as_str) {
        Some("terminate") | Some("terminate_all") | Some("query_version") => {
            let r = control(&q, shared);
            match r {
                Ok(v) => send(out, &v),
                Err(e) => send(out, &error_value(id.as_deref(), &e)),
            }
        }
        _ => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            parse_query(&q, shared.files)
        }))
        .unwrap_or_else(|_| {
            Err(QueryError::whole(
                "internal error reading the query (please report)",
            ))
        }) {
            Ok(job) => {
                shared
                    .live
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .entry(job.id.clone())
                    .or_default()
                    .push(job.stop.clone());
                shared
                    .queue
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .jobs
                    .push_back(job);
                shared.ready.notify_one();
            }
            Err(e) => send(out, &error_value(id.as_deref(), &e)),
        },
    }
}

/// `terminate`, `terminate_all`, `query_version`.
fn control(q: &Map<String, Value>, shared: &Shared) -> Result<Value, QueryError> {
    let id = match q.get("id") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(bad("id", "expected a string")),
        None => return Err(bad("id", "missing (every query needs an id)")),
    };
    let action = q.get("action").and_then(Value::as_str).unwrap_or("");
    let allowed: &[&str] = match action {
        "terminate" => &["id", "action", "terminate_id"],
        _ => &["id", "action"],
    };
    for k in q.keys() {
        if !allowed.contains(&k.as_str()) {
            return Err(bad(
                k,
                format!(
                    "unknown field for {action} (fields: {})",
                    allowed.join(", ")
                ),
            ));
        }
    }
    let live = shared.live.lock().unwrap_or_else(|e| e.into_inner());
    match action {
        "terminate" => {
            let target = match q.get("terminate_id") {
                Some(Value::String(s)) => s.clone(),
                Some(_) => return Err(bad("terminate_id", "expected a string")),
                None => return Err(bad("terminate_id", "missing")),
            };
            let found = live.get(&target).map_or(0, |v| {
                v.iter().for_each(|f| f.store(true, Ordering::Relaxed));
                v.len()
            });
            Ok(json!({"id": id, "is_final": true, "action": "terminate",
                      "terminate_id": target, "terminated": found}))
        }
        "terminate_all" => {
            let mut n = 0;
            for v in live.values() {
                for f in v {
                    f.store(true, Ordering::Relaxed);
                    n += 1;
                }
            }
            Ok(json!({"id": id, "is_final": true, "action": "terminate_all", "terminated": n}))
        }
        _ => Ok(
            json!({"id": id, "is_final": true, "action": "query_version",
                       "version": env!("CARGO_PKG_VERSION"),
                       "protocol": crate::frontend::protocol::PROTOCOL_VERSION}),
        ),
    }
}
