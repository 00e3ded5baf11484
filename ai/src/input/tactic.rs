//! Tactics files (POSITIONS.md §11 "Tactics files"): positions with a known right answer, read
//! and validated, and how a tactic judges an action.
//!
//! A tactic file is a JSON object with a `name`, a `theme`, a `why` (the right answer in rules
//! terms), a full `position` (same schema as a position file, usually with a `game` section so
//! that the decision awaited is the one to test), a `best` set of actions in notation (the right
//! answers; empty: anything not in `avoid`) and an `avoid` set (clearly wrong actions). Every
//! action of both sets must parse and be legal in the position.

use engine::basics::action::Action;
use engine::game::normalise;
use engine::setup::Setup;
use engine::State;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

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
    engine::setup::read_text(path.as_ref(), engine::setup::MAX_FILE_BYTES)
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
    let text = engine::setup::read_text(path, engine::setup::MAX_FILE_BYTES)
        .map_err(|e| format!("{}: {e}", path.display()))?;
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
