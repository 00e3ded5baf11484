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

/// The file names of the shipped positions (`positions/*.json` but the catalogue), sorted.
///
/// # Panics
/// When the directory cannot be read or holds none.
pub fn position_names() -> Vec<String> {
    let dir = positions_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") && n != "catalogue.json")
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no positions in {}", dir.display());
    names
}
