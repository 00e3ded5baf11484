//! `wartime suite`: how many tactics — positions with a known right answer, read by
//! [`crate::input`] (POSITIONS.md, "Tactics files") — the search solves at a given budget.
//!
//! The search solves a tactic when its best action is in `best` (or `best` is empty) and not
//! in `avoid`.

use crate::frontend::analyze::{analyze, Options, Report};
use crate::input::{load_dir, Tactic, Verdict};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

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
