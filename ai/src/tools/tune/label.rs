//! Deep labels for `wartime tune` (issue 19, fourteenth session). The games are played by a
//! cheap player ([`super::Player`]); at each *sampled* position only, a separate search of many
//! more iterations ([`Label::Mcts`], hand-set evaluation, one thread, its own seed derived from
//! the sample's game and decision: deterministic whatever the thread count) gives the label:
//! its root value for A ([`super::Sample::d`]) and, for its most visited root actions, the
//! position after each of them with that action's mean value ([`Kid`]) — what a leaf
//! evaluation inside the search should predict, and the order of siblings the search needs.
//!
//! Why: labels from the search's own 100-iteration root values are the hand-set evaluation
//! after two rollout moves (STRENGTH.md, twelfth session), so a fit to them can only approach
//! the hand-set model plus a little lookahead; a search of thousands of iterations knows more.

use crate::search::{search, Limits, Params, SearchResult};
use engine::basics::check::Log;
use engine::basics::dice::SeededDice;
use engine::{Side, State};
use eval::learned::{learned_features, NUM_LEARNED};
use eval::{features, NUM_FEATURES};

/// Who labels the sampled positions (`--label`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// No deep label: the samples keep the final result (and the player's root value).
    None,
    /// A search of this many iterations (MCTS defaults, hand-set evaluation, one thread).
    Mcts(u64),
}

impl Label {
    /// Parses `none` or `mcts:N` (N iterations, at least 1).
    ///
    /// # Errors
    /// Anything else, named.
    pub fn parse(s: &str) -> Result<Label, String> {
        if s == "none" {
            return Ok(Label::None);
        }
        s.strip_prefix("mcts:")
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|&n| n > 0)
            .map(Label::Mcts)
            .ok_or_else(|| format!("--label {s}: none or mcts:N (N ≥ 1 iterations) expected"))
    }

    /// The name `parse` reads.
    pub fn name(self) -> String {
        match self {
            Label::None => "none".into(),
            Label::Mcts(n) => format!("mcts:{n}"),
        }
    }
}

/// A root action of the deep search and the position after it (one roll of the dice).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Kid {
    /// The hand-set evaluation's features after the action.
    pub hand: [f32; NUM_FEATURES],
    /// The learned evaluation's features after the action.
    pub x: [f32; NUM_LEARNED],
    /// The deep search's mean value of the action, for A.
    pub q: f32,
    /// Its visits in the deep search.
    pub visits: u32,
}

/// The most root actions kept as [`Kid`]s of one sample.
pub const MAX_KIDS: usize = 6;

/// The search of `iterations` iterations at `st` (MCTS defaults, hand-set evaluation, one
/// thread, no tree carried over) with seed `seed`.
pub fn run_search(st: &State, iterations: u64, seed: u64) -> SearchResult {
    let p = Params {
        seed,
        threads: 1,
        ..Params::default()
    };
    let limits = Limits {
        iterations: Some(iterations),
        movetime: None,
        nodes: None,
    };
    search(st, &p, &limits, None, None)
}

/// A value for the side deciding at `st`, turned to A's view.
pub fn for_a(st: &State, v: f32) -> f32 {
    match st.to_decide() {
        Some(Side::B) => 1.0 - v,
        _ => v,
    }
}

/// The root value of a search result (the chosen action's mean, else the first candidate's),
/// for the side deciding; ½ without candidates.
pub fn root_value(r: &SearchResult) -> f32 {
    r.candidates
        .iter()
        .find(|c| Some(&c.action) == r.best.as_ref())
        .or(r.candidates.first())
        .map_or(0.5, |c| c.value)
}

/// The seed of the deep search at decision `n` of game `game` under the run's `seed`.
pub fn label_seed(seed: u64, game: usize, n: usize) -> u64 {
    seed ^ 0xDEE9_u64.wrapping_mul(0x1000_0001)
        ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (n as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

/// The deep label of a non-terminal position: the root value for A and the [`Kid`]s — the
/// root actions with at least 2 % of the visits (and 8), the most visited first, at most
/// [`MAX_KIDS`], each applied once with dice seeded from `seed` (positions that end the game
/// are left out: their value is the result, no evaluation is asked there).
pub fn deep_label(st: &State, iterations: u64, seed: u64) -> (f32, Vec<Kid>) {
    let r = run_search(st, iterations, seed);
    let d = for_a(st, root_value(&r));
    let least = (r.iterations / 50).max(8) as u32;
    let mut log = Log::off();
    let kids = r
        .candidates
        .iter()
        .filter(|c| c.visits >= least)
        .take(MAX_KIDS)
        .enumerate()
        .filter_map(|(k, c)| {
            let mut after = st.clone();
            let mut dice = SeededDice::new(seed ^ 0x4B1D ^ (k as u64) << 32);
            after.apply_unchecked(&c.action, &mut dice, &mut log);
            (!after.is_terminal()).then(|| Kid {
                hand: features(&after),
                x: learned_features(&after),
                q: for_a(st, c.value),
                visits: c.visits,
            })
        })
        .collect();
    (d, kids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_parse_and_bad_ones_are_refused() {
        assert_eq!(Label::parse("none"), Ok(Label::None));
        assert_eq!(Label::parse("mcts:4000"), Ok(Label::Mcts(4000)));
        assert_eq!(Label::Mcts(30).name(), "mcts:30");
        assert_eq!(Label::None.name(), "none");
        for bad in [
            "mcts:0", "mcts:", "mcts:-3", "mcts:x", "deep", "", "mcts4000",
        ] {
            let e = Label::parse(bad).unwrap_err();
            assert!(e.contains(&format!("--label {bad}:")), "{e}");
        }
    }

    #[test]
    fn label_seeds_differ_by_game_and_decision() {
        let s = label_seed(5, 3, 8);
        assert_eq!(s, label_seed(5, 3, 8));
        assert_ne!(s, label_seed(5, 3, 16));
        assert_ne!(s, label_seed(5, 4, 8));
        assert_ne!(s, label_seed(6, 3, 8));
    }
}
