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
