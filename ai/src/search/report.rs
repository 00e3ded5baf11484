//! What a search reports (Stockfish's `info` lines as values): the progress its callback
//! receives while it runs and the result it returns. Its own module so that every root policy
//! (the driver, flat reaction windows) can build a result without importing the driver.

use super::tree::Candidate;
use engine::basics::action::Action;
use std::time::Duration;

/// Progress reported during a search.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iterations done.
    pub iterations: u64,
    /// Nodes in the trees.
    pub nodes: usize,
    /// Elapsed time.
    pub elapsed: Duration,
    /// Root candidates, best first.
    pub candidates: Vec<Candidate>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best action (None if nothing is legal).
    pub best: Option<Action>,
    /// All root candidates, most visited first.
    pub candidates: Vec<Candidate>,
    /// Iterations done.
    pub iterations: u64,
    /// Nodes allocated.
    pub nodes: usize,
    /// Elapsed.
    pub elapsed: Duration,
}
