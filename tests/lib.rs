//! Helpers shared by the integration tests.

use engine::State;
use std::path::{Path, PathBuf};

/// The `positions/` directory of the repository.
pub fn positions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions")
}

/// Loads a shipped position by file name (`duel.json`).
///
/// # Panics
/// When the file does not load: tests want to know.
pub fn load(name: &str) -> State {
    let p = positions_dir().join(name);
    State::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// The JSON position files of `dir` (but `catalogue.json`), sorted.
///
/// # Panics
/// When the directory cannot be read.
pub fn position_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && p.file_name().is_some_and(|n| n != "catalogue.json")
        })
        .collect();
    v.sort();
    v
}

/// The file names of the shipped positions (`positions/*.json` but the catalogue), sorted.
///
/// # Panics
/// When the directory cannot be read or holds none.
pub fn position_names() -> Vec<String> {
    let dir = positions_dir();
    let names: Vec<String> = position_files(&dir)
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    assert!(!names.is_empty(), "no positions in {}", dir.display());
    names
}
