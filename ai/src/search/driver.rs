//! The search's entry points (product role: what agents, `wartime analyze`, the protocol and the
//! benches call): [`search`] and [`search_from`] with the root-parallel driver (one tree per
//! thread), the merge of the threads' root statistics and what a search reports.
//!
//! There is no tree-parallel mode (one shared tree): the former one selected its descents one
//! after another on one thread and started rayon for every batch of rollouts, which made two
//! threads slower than one (PERFORMANCE.md, "Threads"); root-parallel trees scale with the
//! cores and stay deterministic for a seed, a thread count and an iteration budget.

use super::params::{Limits, Params};
pub use super::report::{SearchInfo, SearchResult};
use super::rollout::flat_sample;
use super::root::{final_choice, Halving, HALVING_PROBE};
use super::root_sh::{sh_choice, SeqHalving};
use super::step_cache::StepCache;
use super::tree::{Bufs, Candidate, Tree};
use engine::basics::action::Action;
use engine::{Side, State};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Independent dice streams per thread and iteration.
use engine::basics::dice::mix64 as mix;

/// Searches `root` and returns the best action and the candidates. Root-parallel: each thread
/// grows its own tree with its own dice streams and a fixed share of the iterations; the root
/// statistics are summed. Same seed, same thread count and an iteration limit ⇒ same result.
/// `stop` ends the search early; `info` receives progress from the first thread.
pub fn search(
    root: &State,
    p: &Params,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    info: Option<&(dyn Fn(&SearchInfo) + Sync)>,
) -> SearchResult {
    search_from(root, p, limits, stop, info, Vec::new()).0
}

/// [`search`] continuing from trees of an earlier search (one per thread, as returned by this
/// function; see [`Tree::subtree`]); returns the trees for the next decision. Trees that do
/// not fit (wrong count or side) are dropped and the search starts afresh.
pub fn search_from(
    root: &State,
    p: &Params,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    info: Option<&(dyn Fn(&SearchInfo) + Sync)>,
    reuse: Vec<Tree>,
) -> (SearchResult, Vec<Tree>) {
    let start = Instant::now();
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    if legal.is_empty() {
        let r = SearchResult {
            best: None,
            candidates: Vec::new(),
            iterations: 0,
            nodes: 0,
            elapsed: start.elapsed(),
        };
        return (r, Vec::new());
    }
    if super::flat_root::flat_window_applies(root, p, &legal) {
        return (
            super::flat_root::flat_window(root, p, limits, stop, &legal),
            Vec::new(),
        );
    }
    let threads = p.threads.max(1);
    let side = root.to_decide().unwrap_or(Side::A);
    let reuse: Vec<Option<Tree>> =
        if reuse.len() == threads && reuse.iter().all(|t| t.root_side == side) {
            reuse.into_iter().map(Some).collect()
        } else {
            (0..threads).map(|_| None).collect()
        };
    let per_thread = limits.iterations.map(|n| n.div_ceil(threads as u64).max(1));
    let node_cap = limits.nodes.unwrap_or(2_000_000) / threads;
    let trees: Vec<(Tree, u64, Option<Finalists>)> = reuse
        .into_par_iter()
        .enumerate()
        .map(|(t, old)| {
            let mut tree = old.unwrap_or_else(|| Tree::new(root));
            let mut bufs = Bufs {
                cache: StepCache::new(p.hash_mb.saturating_mul(1 << 20) / threads),
                ..Bufs::default()
            };
            let mut i: u64 = 0;
            let mut halving: Option<Halving> = None;
            let mut sh: Option<SeqHalving> = None;
            tree.force = None;
            tree.merge_cap = p.merge_cap;
            tree.pass_first = p.pass_first;
            tree.robust_back = p.robust_back;
            tree.track_sq = p.ucbv > 0.0 || p.ucbv_parent > 0.0;
            if p.imm <= 0.0 {
                tree.tau = Vec::new();
            }
            tree.luck = p.luck.then(super::luck::LuckFit::default);
            tree.crn = p.crn.then(|| mix(mix(p.seed, t as u64), 0x00c0_ffee));
            tree.iteration = 0;
            if p.expert_prior {
                let seed = mix(mix(p.seed, t as u64), 0xe4_9e27);
                tree.expert_root(root, seed, &mut bufs);
            }
            if p.screen > 0 {
                // The screening's share of the budget: of the iterations, or of the time.
                let share = p.screen.min(100) as f64 / 100.0;
                let quota = per_thread.map(|n| (n as f64 * share) as u64);
                let until = limits.movetime.map(|mt| mt.mul_f64(share));
                let mut more = |k: u64| {
                    if quota.is_some_and(|q| k >= q) {
                        return false;
                    }
                    if k.is_multiple_of(32) {
                        if until.is_some_and(|u| start.elapsed() >= u) {
                            return false;
                        }
                        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                            return false;
                        }
                    }
                    quota.is_some() || until.is_some() || stop.is_some()
                };
                let seed = mix(mix(p.seed, t as u64), 0x5c2e_e000);
                i = tree.screen(root, p, seed, node_cap.max(16), &mut more, &mut bufs);
            }
            loop {
                if let Some(n) = per_thread {
                    if i >= n {
                        break;
                    }
                }
                if i.is_multiple_of(32) {
                    if let Some(mt) = limits.movetime {
                        if start.elapsed() >= mt {
                            break;
                        }
                    }
                    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                        break;
                    }
                    if per_thread.is_none() && limits.movetime.is_none() && stop.is_none() {
                        break;
                    }
                }
                if p.halving > 0 {
                    // The budget is known with an iteration limit; with a time limit it
                    // is estimated from the rate of the first iterations.
                    if let Some(f) = progress_of(i, per_thread, limits.movetime, start) {
                        let h = halving.get_or_insert_with(|| {
                            let budget = match per_thread {
                                Some(n) => n,
                                None => (i as f64 / f.max(1e-6)) as u64,
                            };
                            Halving::new(&mut tree, root, budget, p.halving, &mut bufs)
                        });
                        tree.force = Some(h.pick(&tree, f));
                    }
                }
                let mut arm = None;
                if p.root_sh > 0 && p.halving == 0 {
                    if let Some(f) = progress_of(i, per_thread, limits.movetime, start) {
                        let s = sh.get_or_insert_with(|| {
                            SeqHalving::new(&mut tree, root, p.root_sh, p.sh_total, &mut bufs)
                        });
                        arm = s.pick(&tree, f);
                        tree.force = arm.map(|(_, c)| c);
                    }
                }
                let before = arm.map(|(_, c)| tree.nodes[c as usize].value);
                tree.iteration = i;
                let seed = mix(mix(p.seed, t as u64), i);
                match (tree.force, &halving) {
                    (Some(c), Some(h))
                        if p.flat_above > 0 && h.arms.len() > p.flat_above as usize =>
                    {
                        // An early round of many arms: a flat sample, no tree below.
                        let a = tree.nodes[c as usize].action.expect("child has an action");
                        let v = flat_sample(tree.root_side, root, &a, p, seed, &mut bufs);
                        let ch = &mut tree.nodes[c as usize];
                        ch.visits += 1;
                        ch.avail += 1;
                        ch.value += v;
                        tree.nodes[0].visits += 1;
                    }
                    _ => tree.iterate(root, p, seed, node_cap.max(16), &mut bufs),
                }
                if let (Some((j, c)), Some(b), Some(s)) = (arm, before, sh.as_mut()) {
                    s.record(j, tree.nodes[c as usize].value - b);
                }
                i += 1;
                if t == 0 && i.is_multiple_of(256) {
                    if let Some(cb) = info {
                        cb(&SearchInfo {
                            iterations: i * threads as u64,
                            nodes: tree.len() * threads,
                            elapsed: start.elapsed(),
                            candidates: tree.candidates(),
                        });
                    }
                }
            }
            tree.force = None;
            tree.cache_stats = bufs.cache.stats();
            let finalists = sh.map(|s| s.finalists(&tree));
            (tree, i, finalists)
        })
        .collect();
    let iterations: u64 = trees.iter().map(|(_, i, _)| *i).sum();
    let nodes: usize = trees.iter().map(|(t, _, _)| t.len()).sum();
    // Merge the root statistics of every thread.
    let mut merged: Vec<Candidate> = Vec::new();
    for (tree, _, _) in &trees {
        for c in tree.candidates_backed(p.maxback) {
            match merged.iter_mut().find(|m| m.action == c.action) {
                Some(m) => {
                    let total = m.visits + c.visits;
                    if total > 0 {
                        m.value =
                            (m.value * m.visits as f32 + c.value * c.visits as f32) / total as f32;
                        m.backed = (m.backed * m.visits as f32 + c.backed * c.visits as f32)
                            / total as f32;
                    }
                    if c.visits > m.visits {
                        m.pv = c.pv.clone();
                    }
                    m.visits = total;
                    m.risk.add(&c.risk);
                }
                None => merged.push(c),
            }
        }
    }
    // A carried-over tree's root children were made in sampled positions of the previous
    // decision: some may not be legal in this one (another side to decide, a target gone).
    // They are never chosen here, so they are neither reported nor played.
    merged.retain(|c| legal.contains(&c.action));
    merged.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then_with(|| format!("{:?}", a.action).cmp(&format!("{:?}", b.action)))
    });
    let finalists: Vec<Finalists> = trees.iter().filter_map(|(_, _, f)| f.clone()).collect();
    let best = sh_choice(&finalists)
        .filter(|a| legal.contains(a))
        .or_else(|| final_choice(&merged, p.lcb, p.maxback > 0))
        .or(Some(legal[0]));
    let r = SearchResult {
        best,
        candidates: merged,
        iterations,
        nodes,
        elapsed: start.elapsed(),
    };
    (r, trees.into_iter().map(|(t, _, _)| t).collect())
}

/// The finalists of one thread's sequential halving (`root=sh`): action, sum, samples.
type Finalists = Vec<(Action, f64, u32)>;

/// The fraction of the budget spent after `i` iterations: of the iteration limit, or (with a
/// time limit, once [`HALVING_PROBE`] iterations measured the rate) of the time.
fn progress_of(
    i: u64,
    per_thread: Option<u64>,
    movetime: Option<Duration>,
    start: Instant,
) -> Option<f64> {
    match (per_thread, movetime) {
        (Some(n), _) => Some(i as f64 / n as f64),
        (None, Some(mt)) if i >= HALVING_PROBE => {
            Some(start.elapsed().as_secs_f64() / mt.as_secs_f64())
        }
        _ => None,
    }
}
