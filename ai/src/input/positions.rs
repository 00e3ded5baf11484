//! Position files (POSITIONS.md): one file, a directory of them, and the tactics files read as
//! the position they hold; a file that does not load is a bad input ([`EXIT_INPUT`]).
//!
//! [`EXIT_INPUT`]: super::error::EXIT_INPUT

use super::error::CliError;
use super::tactic::{is_tactic_file, load_tactic};
use engine::State;
use std::path::{Path, PathBuf};

/// Loads a position file, mapping a [`engine::SetupError`] (which names the file and the
/// field) to a bad-input error. A tactics file (POSITIONS.md, "Tactics files") is read too:
/// its position is the one under `position`, so that `analyze`, `show`, `legal` and `apply`
/// work on the tactics as they are shipped.
///
/// # Errors
/// A [`CliError`] with code [`EXIT_INPUT`].
///
/// [`EXIT_INPUT`]: super::error::EXIT_INPUT
pub fn load(file: &Path) -> Result<State, CliError> {
    State::load(file).or_else(|e| {
        if is_tactic_file(file) {
            load_tactic(file).map(|t| t.state).map_err(CliError::input)
        } else {
            Err(CliError::input(e.to_string()))
        }
    })
}

/// Loads position files and every position of the directories given (default `positions/`).
///
/// # Errors
/// A [`CliError`] when one does not load.
pub fn load_many(given: &[PathBuf]) -> Result<Vec<State>, CliError> {
    resolve(given)?.iter().map(|f| load(f)).collect()
}

/// The position files `given` names: files as given, directories as their shipped positions
/// ([`position_files`]); `positions/` when nothing is given. The order [`load_many`] loads them.
///
/// # Errors
/// A [`CliError`] when a directory cannot be read.
pub fn resolve(given: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let given = if given.is_empty() {
        vec![PathBuf::from("positions")]
    } else {
        given.to_vec()
    };
    let mut files = Vec::new();
    for p in given {
        if p.is_dir() {
            files.extend(position_files(&p)?);
        } else {
            files.push(p);
        }
    }
    Ok(files)
}

/// The shipped positions of a directory, sorted (catalogue files excluded).
///
/// # Errors
/// A [`CliError`] when the directory cannot be read.
pub fn position_files(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().contains("catalogue"))
        })
        .collect();
    v.sort();
    Ok(v)
}
