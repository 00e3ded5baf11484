//! The game a session holds (PROTOCOL.md §2: `position`, `record`, `save`): where the position
//! comes from, loading it, the record of what was played since, and the replayable record.

use super::actions::Played;
use super::error::SessionError;
use engine::setup::{CatalogueSetup, Setup};
use engine::State;
use std::path::{Path, PathBuf};

/// Where a position comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// A position file (a catalogue path in it is relative to its directory).
    File(PathBuf),
    /// A position as JSON text (a catalogue path in it is relative to the current directory).
    Json(String),
}

/// A loaded position: the state, the normalised setup it came from and the directory its
/// catalogue path is relative to.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The state.
    pub state: State,
    /// The position as one line of JSON, catalogue path made absolute (replayable anywhere).
    pub json: String,
    /// The directory a catalogue path is relative to (`None`: the current directory).
    pub base: Option<PathBuf>,
    /// The position's description.
    pub description: String,
}

/// The error of a file read while reading files by path is switched off.
pub const FILES_OFF: &str = "reading files by path is switched off (--no-files)";

/// Loads a position. `files`: whether it may read files by path (a position file, a catalogue
/// path inside a position); a server embedding the engine switches it off (`--no-files`) so
/// that its users cannot read the host's files.
///
/// # Errors
/// The position's [`engine::SetupError`] as text (file, field and reason).
pub fn load(src: &Source, files: bool) -> Result<Loaded, SessionError> {
    let (setup, base): (Setup, Option<PathBuf>) = match src {
        Source::File(_) if !files => {
            return Err(SessionError::Load(format!(
                "{FILES_OFF}: send the position itself (position json {{...}})"
            )))
        }
        Source::File(path) => {
            let s = Setup::from_file(path).map_err(|e| SessionError::Load(e.to_string()))?;
            let base = path
                .parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        PathBuf::from(".")
                    } else {
                        p.to_path_buf()
                    }
                })
                .unwrap_or_else(|| PathBuf::from("."));
            let state = State::from_setup(&s, Some(&base)).map_err(|e| {
                SessionError::Load(format!("{}: {}: {}", path.display(), e.field, e.reason))
            })?;
            return Ok(Loaded {
                json: one_line_json(&state, &s.description, Some(&base)),
                state,
                base: Some(base),
                description: s.description,
            });
        }
        Source::Json(text) => (
            Setup::from_json(text).map_err(|e| SessionError::Load(e.to_string()))?,
            None,
        ),
    };
    if !files && matches!(setup.catalogue, Some(CatalogueSetup::Path(_))) {
        return Err(SessionError::Load(format!(
            "catalogue: a path names a file, and {FILES_OFF}: give the catalogue inline"
        )));
    }
    let state = State::from_setup(&setup, base.as_deref())
        .map_err(|e| SessionError::Load(e.to_string()))?;
    Ok(Loaded {
        json: one_line_json(&state, &setup.description, None),
        state,
        base: None,
        description: setup.description,
    })
}

/// A state as one line of JSON with its catalogue path made absolute, so that it loads the same
/// from any directory.
pub fn one_line_json(st: &State, description: &str, base: Option<&Path>) -> String {
    let mut setup = st.to_setup();
    setup.description = description.to_string();
    if let Some(CatalogueSetup::Path(p)) = &setup.catalogue {
        let full = match base {
            Some(b) => b.join(p),
            None => PathBuf::from(p),
        };
        if let Ok(abs) = full.canonicalize() {
            setup.catalogue = Some(CatalogueSetup::Path(abs.to_string_lossy().into_owned()));
        }
    }
    serde_json::to_string(&setup).unwrap_or_default()
}

/// The current game: the base position, the record of what was played since, the state now.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position set by the last `position` command, before its actions.
    pub base: State,
    /// The base as one line of JSON.
    pub base_json: String,
    /// The state now.
    pub state: State,
    /// Every action played since the base, with its dice.
    pub record: Vec<Played>,
    /// The directory the position's catalogue path is relative to.
    pub base_dir: Option<PathBuf>,
    /// The position's description.
    pub description: String,
}

impl Game {
    /// The state now as one line of JSON (a `position json` argument).
    pub fn state_json(&self) -> String {
        one_line_json(&self.state, &self.description, self.base_dir.as_deref())
    }
}

/// The record as the arguments of a `position` command that replays the game exactly:
/// `json {…} actions A dice 3 7 ; B ; …` (every action with every die it used).
pub fn record_command(g: &Game) -> String {
    let mut s = format!("json {}", g.base_json);
    if !g.record.is_empty() {
        s.push_str(" actions ");
        let items: Vec<String> = g
            .record
            .iter()
            .map(|p| {
                if p.dice.is_empty() {
                    p.action.clone()
                } else {
                    let d: Vec<String> = p.dice.iter().map(|d| d.to_string()).collect();
                    format!("{} dice {}", p.action, d.join(" "))
                }
            })
            .collect();
        s.push_str(&items.join(" ; "));
    }
    s
}
