//! `wartime suite`: tactics files — positions with a known right answer — and how many of them
//! the search solves at a given budget.
//!
//! A tactic file (POSITIONS.md, "Tactics files") is a JSON object with a `name`, a `theme`, a
//! `why` (the right answer in rules terms), a full `position` (same schema as a position file,
//! usually with a `game` section so that the decision awaited is the one to test), a `best`
//! set of actions in notation (the right answers; empty: anything not in `avoid`) and an
//! `avoid` set (clearly wrong actions). Every action of both sets must parse and be legal in
//! the position. The search solves a tactic when its best action is in `best` (or `best` is
//! empty) and not in `avoid`.

use crate::analyze::{analyze, Options, Report};
use engine::action::Action;
use engine::game::normalise;
use engine::setup::Setup;
use engine::State;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A tactic file as written (before validation).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TacticFile {
    name: String,
    theme: String,
    why: String,
    position: serde_json::Value,
    best: Vec<String>,
    avoid: Vec<String>,
}

/// A loaded tactic: the position and its two sets of actions, checked legal.
#[derive(Clone, Debug)]
pub struct Tactic {
    /// The file it was read from.
    pub path: PathBuf,
    /// Its name.
    pub name: String,
    /// Its theme (a short tag: `finish_wounded`, `chain_deny_reaction`, …).
    pub theme: String,
    /// Why the right answer is right, in rules terms.
    pub why: String,
    /// The position, at the decision to test.
    pub state: State,
    /// The right answers (normalised: no free facing after an action). Empty: anything not
    /// in `avoid`.
    pub best: Vec<Action>,
    /// The clearly wrong answers (normalised).
    pub avoid: Vec<Action>,
}

/// How a tactic judges an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// In the best set (or the best set is empty and it is not in the avoid set).
    Best,
    /// In the avoid set.
    Avoid,
    /// In neither set, with a non-empty best set: not solved, but not a blunder either.
    Other,
}

impl Tactic {
    /// How this tactic judges an action.
    pub fn verdict(&self, a: &Action) -> Verdict {
        let a = normalise(a);
        if self.avoid.contains(&a) {
            Verdict::Avoid
        } else if self.best.is_empty() || self.best.contains(&a) {
            Verdict::Best
        } else {
            Verdict::Other
        }
    }

    /// Whether choosing `a` solves the tactic.
    pub fn solved_by(&self, a: &Action) -> bool {
        self.verdict(a) == Verdict::Best
    }

    /// The best set in canonical notation.
    pub fn best_notation(&self) -> Vec<String> {
        self.best.iter().map(|a| self.state.notation(a)).collect()
    }

    /// The avoid set in canonical notation.
    pub fn avoid_notation(&self) -> Vec<String> {
        self.avoid.iter().map(|a| self.state.notation(a)).collect()
    }
}

fn parse_set(
    st: &State,
    path: &Path,
    field: &str,
    texts: &[String],
) -> Result<Vec<Action>, String> {
    let mut out: Vec<Action> = Vec::new();
    for (k, t) in texts.iter().enumerate() {
        let a = st
            .parse_action(t)
            .map_err(|e| format!("{}: {field}[{k}]: {e}", path.display()))?;
        let a = normalise(&a);
        if let Some(j) = out.iter().position(|b| *b == a) {
            return Err(format!(
                "{}: {field}[{k}]: \"{t}\" is the same action as {field}[{j}]",
                path.display()
            ));
        }
        out.push(a);
    }
    Ok(out)
}

/// Whether `path` holds a JSON object shaped like a tactics file (a `position` with `best` and
/// `avoid` beside it), whatever else is wrong with it: such a file is reported by
/// [`load_tactic`]'s errors rather than a position file's.
pub fn is_tactic_file(path: impl AsRef<Path>) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|v| {
            ["position", "best", "avoid"]
                .iter()
                .all(|k| v.get(k).is_some())
        })
}

/// Loads and validates a tactic file: the JSON, the position (its catalogue path is relative
/// to the tactic file's directory), and every action of `best` and `avoid`, which must parse
/// and be legal in the position and may not appear in both sets.
///
/// # Errors
/// A message naming the file and the field: `x.json: position.sides.A[0].ene: …`,
/// `x.json: best[1]: illegal action "a1 move 9,9": …`.
pub fn load_tactic(path: impl AsRef<Path>) -> Result<Tactic, String> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let file: TacticFile =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for (field, value) in [
        ("name", &file.name),
        ("theme", &file.theme),
        ("why", &file.why),
    ] {
        if value.trim().is_empty() {
            return Err(format!("{}: {field}: must not be empty", path.display()));
        }
    }
    let setup: Setup = serde_json::from_value(file.position)
        .map_err(|e| format!("{}: position: {e}", path.display()))?;
    let state = State::from_setup(&setup, path.parent())
        .map_err(|e| format!("{}: position.{}: {}", path.display(), e.field, e.reason))?;
    if state.is_terminal() {
        return Err(format!(
            "{}: position: the game is over: there is no decision to test",
            path.display()
        ));
    }
    let best = parse_set(&state, path, "best", &file.best)?;
    let avoid = parse_set(&state, path, "avoid", &file.avoid)?;
    if let Some((k, a)) = best.iter().enumerate().find(|(_, a)| avoid.contains(a)) {
        return Err(format!(
            "{}: best[{k}]: \"{}\" is also in avoid",
            path.display(),
            state.notation(a)
        ));
    }
    if best.is_empty() && avoid.is_empty() {
        return Err(format!(
            "{}: best, avoid: both empty: the tactic tests nothing",
            path.display()
        ));
    }
    Ok(Tactic {
        path: path.to_path_buf(),
        name: file.name,
        theme: file.theme,
        why: file.why,
        state,
        best,
        avoid,
    })
}

/// The tactic files of a directory (`*.json`, sorted by file name).
///
/// # Errors
/// When the directory cannot be read.
pub fn tactic_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

/// Loads every tactic of a directory.
///
/// # Errors
/// The first file that does not load (its message names it), or an unreadable directory.
pub fn load_dir(dir: &Path) -> Result<Vec<Tactic>, String> {
    tactic_files(dir)?.iter().map(load_tactic).collect()
}

/// One tactic's result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SuiteLine {
    /// File name (within the directory).
    pub file: String,
    /// Tactic name.
    pub name: String,
    /// Theme.
    pub theme: String,
    /// Whether the engine's choice is a right answer.
    pub solved: bool,
    /// How the tactic judges the engine's choice.
    pub verdict: Verdict,
    /// The engine's choice in notation (None: no legal action).
    pub choice: Option<String>,
    /// Its win probability for the side deciding.
    pub win_probability: f32,
    /// Share of the root visits that went to right answers (to see how close a miss was).
    pub best_share: f32,
    /// The best-valued right answer among the root candidates and its win probability.
    pub best_alternative: Option<(String, f32)>,
    /// Iterations searched.
    pub iterations: u64,
    /// Milliseconds.
    pub time_ms: u64,
    /// The best set in notation (empty: anything not in avoid).
    pub best: Vec<String>,
    /// The avoid set in notation.
    pub avoid: Vec<String>,
}

/// The result of a suite run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SuiteReport {
    /// The directory.
    pub dir: String,
    /// Iteration budget per tactic (None: by time).
    pub iterations: Option<u64>,
    /// Threads.
    pub threads: usize,
    /// Seed.
    pub seed: u64,
    /// One line per tactic, in file-name order.
    pub lines: Vec<SuiteLine>,
    /// Tactics solved.
    pub solved: usize,
    /// Tactics run.
    pub total: usize,
}

/// Judges a finished analysis of a tactic.
pub fn judge(t: &Tactic, report: &Report, time_ms: u64) -> SuiteLine {
    let choice = report
        .best
        .as_ref()
        .and_then(|b| t.state.parse_action(b).ok());
    let verdict = match &choice {
        Some(a) => t.verdict(a),
        None => Verdict::Other,
    };
    let mut total = 0u64;
    let mut right = 0u64;
    let mut best_alt: Option<(String, f32)> = None;
    for c in &report.candidates {
        total += c.visits as u64;
        let Ok(a) = t.state.parse_action(&c.action) else {
            continue;
        };
        if t.solved_by(&a) {
            right += c.visits as u64;
            if best_alt
                .as_ref()
                .is_none_or(|(_, v)| c.win_probability > *v)
            {
                best_alt = Some((c.action.clone(), c.win_probability));
            }
        }
    }
    SuiteLine {
        file: t
            .path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default(),
        name: t.name.clone(),
        theme: t.theme.clone(),
        solved: verdict == Verdict::Best,
        verdict,
        choice: report.best.clone(),
        win_probability: report.win_probability,
        best_share: if total > 0 {
            right as f32 / total as f32
        } else {
            0.0
        },
        best_alternative: best_alt,
        iterations: report.iterations,
        time_ms,
        best: t.best_notation(),
        avoid: t.avoid_notation(),
    }
}

/// Searches one tactic with the analysis options and judges the choice.
pub fn run_tactic(t: &Tactic, opts: &Options) -> SuiteLine {
    // Every candidate is needed to measure the share of visits on right answers.
    let opts = Options {
        multipv: usize::MAX,
        ..opts.clone()
    };
    let start = Instant::now();
    let report = analyze(&t.state, &opts);
    judge(t, &report, start.elapsed().as_millis() as u64)
}

/// Runs every tactic file of `dir` (`*.json`, sorted by name): searches each position with
/// `opts` (iterations or time, threads, seed) and counts those solved — the engine's best
/// action is in the tactic's best set (or that set is empty) and not in its avoid set.
///
/// # Errors
/// An unreadable directory, a directory with no tactic file, or the first tactic file that
/// does not load (the message names the file and field).
pub fn run_suite(dir: &Path, opts: &Options) -> Result<SuiteReport, String> {
    let tactics = load_dir(dir)?;
    if tactics.is_empty() {
        return Err(format!("{}: no tactic files (*.json)", dir.display()));
    }
    let lines: Vec<SuiteLine> = tactics.iter().map(|t| run_tactic(t, opts)).collect();
    let solved = lines.iter().filter(|l| l.solved).count();
    Ok(SuiteReport {
        dir: dir.display().to_string(),
        iterations: opts.iterations,
        threads: opts.threads.max(1),
        seed: opts.seed,
        total: lines.len(),
        solved,
        lines,
    })
}

/// A set of actions for the text report: the first few, then how many more.
fn list(v: &[String]) -> String {
    const SHOWN: usize = 6;
    let mut s = v
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(" | ");
    if v.len() > SHOWN {
        s.push_str(&format!(" | … ({} more)", v.len() - SHOWN));
    }
    s
}

impl SuiteReport {
    /// A readable report: one line per tactic, the misses with the expected answers, the total.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let budget = match self.iterations {
            Some(n) => format!("{n} iterations"),
            None => "time budget".to_string(),
        };
        s.push_str(&format!(
            "suite {}: {} tactics, {budget}, {} thread{}, seed {}\n",
            self.dir,
            self.total,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.seed
        ));
        let wf = self.lines.iter().map(|l| l.file.len()).max().unwrap_or(4);
        let wt = self.lines.iter().map(|l| l.theme.len()).max().unwrap_or(5);
        for l in &self.lines {
            let mark = match l.verdict {
                Verdict::Best => "ok   ",
                Verdict::Avoid => "AVOID",
                Verdict::Other => "miss ",
            };
            s.push_str(&format!(
                "{mark} {:<wf$}  {:<wt$}  {:<30}  win {:>5.1}%  right {:>3.0}%  {} it  {} ms\n",
                l.file,
                l.theme,
                l.choice.as_deref().unwrap_or("(none)"),
                l.win_probability * 100.0,
                l.best_share * 100.0,
                l.iterations,
                l.time_ms,
            ));
            if !l.solved {
                if !l.best.is_empty() {
                    s.push_str(&format!("      best: {}\n", list(&l.best)));
                }
                if let Some((a, v)) = &l.best_alternative {
                    s.push_str(&format!(
                        "      best right answer searched: {a} (win {:.1}%)\n",
                        v * 100.0
                    ));
                }
                if !l.avoid.is_empty() {
                    s.push_str(&format!("      avoid: {}\n", list(&l.avoid)));
                }
            }
        }
        s.push_str(&format!("solved {} / {}\n", self.solved, self.total));
        s
    }

    /// The report as one JSON object.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}
