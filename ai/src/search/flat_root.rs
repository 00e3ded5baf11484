//! Reaction windows decided by flat samples (`Params::flat_windows`; STRENGTH.md, "Issue 19,
//! thirteenth session"): at a root that is a reaction window (REACCIONES: whether and with whom
//! to attempt a reaction) the budget goes to flat Monte Carlo samples of each legal action in
//! turn — the action on fresh dice, the rollout, the evaluation — at the exchange rate of flat
//! samples per tree iteration, and the best mean is played.
//!
//! Why: the error analysis against flat Monte Carlo (`ai/examples/disagree.rs`) found the
//! windows the one kind of decision where the tree's choice was worse than flat MC's by both
//! oracles (a flat one at flat MC's horizon and a deeper one): a window offers two to five
//! actions, the tree's depth adds little there, and its mean of `react` is charged with every
//! reaction the subtree tried after it (the reactor's own decision among ~100 actions) while
//! `pass` hands the next decisions to the enemy — the tree rated reacting ~1 point lower than
//! the deep oracle did relative to passing, and its 1,000-iteration choices agreed with that
//! oracle barely more often than chance. Flat samples of a 2–5 action list at 3.4 per
//! iteration are that list's best estimate at equal CPU.

use super::params::{Limits, Params};
use super::report::SearchResult;
use super::rollout::flat_sample;
use super::tree::{Bufs, Candidate};
use engine::basics::action::Action;
use engine::basics::dice::mix64 as mix;
use engine::game::DecisionKind;
use engine::State;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Whether [`flat_window`] decides at `root`.
pub(super) fn flat_window_applies(root: &State, p: &Params, legal: &[Action]) -> bool {
    p.flat_windows > 0.0 && legal.len() > 1 && root.decision() == DecisionKind::ReactionWindow
}

/// Flat samples of every legal action of `root` in turn: `iterations × flat_windows` of them
/// with an iteration limit (the exchange rate), or until the time limit / `stop`. Candidates
/// report the samples as visits and the mean as the value, best mean first; the first legal
/// action breaks ties (the legal list's order).
pub(super) fn flat_window(
    root: &State,
    p: &Params,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    legal: &[Action],
) -> SearchResult {
    let start = Instant::now();
    let me = root.to_decide().unwrap_or(engine::Side::A);
    let n = legal.len();
    let budget = limits
        .iterations
        .map(|it| ((it as f64) * p.flat_windows as f64).round().max(n as f64) as u64);
    let mut sums = vec![0f64; n];
    let mut counts = vec![0u32; n];
    let mut bufs = Bufs::default();
    let seed = mix(p.seed, 0xf1a7_0000);
    let mut i = 0u64;
    loop {
        if budget.is_some_and(|b| i >= b) {
            break;
        }
        if i.is_multiple_of(32) {
            if limits.movetime.is_some_and(|mt| start.elapsed() >= mt) {
                break;
            }
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            if budget.is_none() && limits.movetime.is_none() && stop.is_none() {
                break;
            }
        }
        let k = (i % n as u64) as usize;
        sums[k] += flat_sample(me, root, &legal[k], p, mix(seed, i), &mut bufs);
        counts[k] += 1;
        i += 1;
    }
    let mut candidates: Vec<Candidate> = (0..n)
        .map(|k| Candidate {
            action: legal[k],
            visits: counts[k],
            value: if counts[k] == 0 {
                0.5
            } else {
                (sums[k] / counts[k] as f64) as f32
            },
            backed: 0.0,
            risk: Default::default(),
            pv: vec![legal[k]],
        })
        .collect();
    for c in &mut candidates {
        c.backed = c.value;
    }
    // Stable: equal means keep the legal list's order.
    candidates.sort_by(|a, b| b.value.total_cmp(&a.value));
    SearchResult {
        best: candidates
            .first()
            .map(|c| c.action)
            .or(legal.first().copied()),
        candidates,
        iterations: i,
        nodes: 0,
        elapsed: start.elapsed(),
    }
}
