//! Root policies (STRENGTH.md: UCT, flat Monte Carlo and what beat them): flat screening of
//! every root action before the tree grows, sequential halving over the root's arms, and the
//! final choice among the root candidates.

use super::node::{signature, Node};
use super::params::Params;
use super::prior::by_prior;
use super::rollout::flat_sample;
use super::tree::{Bufs, Candidate, Tree};
use engine::basics::action::Action;
use engine::basics::dice::mix64 as mix;
use engine::State;

impl Tree {
    /// Flat screening ([`Params::screen`]): samples every legal root action in turn — the
    /// action on fresh dice, then the rollout policy and the evaluation, exactly a flat Monte
    /// Carlo sample, with no tree to replay — while `more(i)` allows sample `i`. Then the root's
    /// candidates are ordered by screened mean (actions never sampled after, best prior
    /// first), the screened statistics go to the children that exist (a carried-over tree)
    /// and the best of the rest become children with theirs, as many as the root's widening
    /// allows at its new visit count. Returns the samples taken.
    ///
    /// Why: UCT widens the root in prior order, so a good action the prior ranks low is seen
    /// late or never, while flat Monte Carlo sees every action at the cost of one sample each
    /// (STRENGTH.md). Screening gives the tree flat Monte Carlo's breadth at flat Monte Carlo's
    /// price, and the tree's depth where the samples point.
    pub(super) fn screen(
        &mut self,
        root: &State,
        p: &Params,
        seed: u64,
        node_cap: usize,
        more: &mut dyn FnMut(u64) -> bool,
        bufs: &mut Bufs,
    ) -> u64 {
        root.legal_actions(&mut bufs.legal);
        let legal = std::mem::take(&mut bufs.legal);
        // Prior order decides who is sampled first when the budget is short, and breaks ties.
        let order = by_prior(root, &legal);
        let n = order.len();
        let me = self.root_side;
        let mut sums = vec![0f64; n];
        let mut counts = vec![0u32; n];
        let mut i = 0u64;
        while n > 0 && more(i) {
            let k = (i % n as u64) as usize;
            sums[k] += flat_sample(me, root, &order[k].1, p, mix(seed, i), bufs);
            counts[k] += 1;
            i += 1;
        }
        let mean = |k: usize| {
            if counts[k] > 0 {
                sums[k] / counts[k] as f64
            } else {
                f64::NEG_INFINITY
            }
        };
        let mut rank: Vec<usize> = (0..n).collect();
        // Stable: equal means (and every unsampled action) keep the prior order.
        rank.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
        let mut candidates: Vec<Action> = rank.iter().map(|&k| order[k].1).collect();
        let children: Vec<u32> = self.kids(0).collect();
        let mut child_of: Vec<Option<usize>> = vec![None; n];
        for &c in &children {
            let a = self.nodes[c as usize].action.expect("child has an action");
            // A carried-over child whose action is not legal here goes past the legal list
            // (never available at this root).
            let j = candidates.iter().position(|x| *x == a).unwrap_or_else(|| {
                candidates.push(a);
                candidates.len() - 1
            });
            if j < n {
                child_of[j] = Some(c as usize);
            }
            self.nodes[c as usize].cand = j as u16;
        }
        let r = &mut self.nodes[0];
        r.sig = signature(&legal);
        r.fp = root.fingerprint();
        r.first_len = n.min(u16::MAX as usize) as u16;
        self.reset_flags(0, candidates.len());
        self.set_cands(0, &candidates);
        for &c in &children {
            let j = self.nodes[c as usize].cand as usize;
            self.mark_child(0, j);
        }
        self.nodes[0].visits += i as u32;
        let visits = self.nodes[0].visits as f32;
        let allowed = (p.root_pw_k * visits.powf(p.pw_alpha)).ceil() as usize;
        let side = self.root_side;
        for (j, &k) in rank.iter().enumerate() {
            if counts[k] == 0 {
                break;
            }
            let id = match child_of[j] {
                Some(c) => c,
                None if self.kids(0).count() < allowed && self.nodes.len() < node_cap => {
                    let id = self.nodes.len();
                    let mut child = Node::new(Some(order[k].1), side);
                    child.cand = j as u16;
                    self.nodes.push(child);
                    self.push_child(0, id as u32);
                    self.mark_child(0, j);
                    id
                }
                None => continue,
            };
            let ch = &mut self.nodes[id];
            ch.visits += counts[k];
            ch.value += sums[k];
            ch.avail += i as u32;
        }
        bufs.legal = legal;
        i
    }
}

/// The action to play among the merged root candidates (sorted most visited first).
///
/// The most visited child is UCT's usual answer, but with values as close as win probabilities
/// of neighbouring moves are, exploration spreads the visits almost evenly and the children
/// widened first (best prior) collect the most visits by seniority alone. With `lcb` > 0 the
/// choice is the best lower confidence bound `value − lcb/√visits` instead: the best mean,
/// discounted for candidates seen too few times to trust it.
pub(super) fn final_choice(candidates: &[Candidate], lcb: f32, backed: bool) -> Option<Action> {
    if backed {
        // The best backed value among the candidates with a quarter of the most visits.
        let most = candidates.first().map_or(0, |c| c.visits);
        return candidates
            .iter()
            .filter(|c| c.visits > 0 && c.visits * 4 >= most)
            .rev()
            .max_by(|a, b| a.backed.total_cmp(&b.backed))
            .map(|c| c.action);
    }
    if lcb <= 0.0 {
        return candidates.first().map(|c| c.action);
    }
    candidates
        .iter()
        .filter(|c| c.visits > 0)
        .map(|c| (c.value - lcb / (c.visits as f32).sqrt(), c.action))
        // `max_by` keeps the last of equals: reversed so that ties go to the most visited.
        .rev()
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// Iterations of plain UCT before sequential halving starts under a time limit: their rate
/// estimates the budget.
pub(super) const HALVING_PROBE: u64 = 16;

/// Sequential halving at the root (Karnin, Koren and Somekh 2013; with a tree below each arm
/// as in SHOT, Cazenave 2015, and H-MCTS, Pepels et al. 2014).
///
/// UCT at the root minimises cumulative regret, but only the one action played counts: the
/// simple regret. Flat Monte Carlo, which spreads its samples evenly, was as strong as UCT at
/// equal time (STRENGTH.md). Halving keeps that even coverage and spends the rest on the
/// actions that stay ahead: the budget is cut into ⌈log₂ K⌉ rounds; in each, the surviving
/// arms are sampled in turn, then the worse half (by mean value) is dropped. Below the root
/// each sample is an ordinary tree descent. K is the largest number of root candidates (best
/// prior first) that gives each at least `min_samples` samples in the first round.
pub(super) struct Halving {
    pub(super) arms: Vec<u32>,
    rounds: u32,
    round: u32,
    next: usize,
}

impl Halving {
    pub(super) fn new(
        tree: &mut Tree,
        root: &State,
        budget: u64,
        min_samples: u32,
        bufs: &mut Bufs,
    ) -> Self {
        let rounds_for = |k: usize| (usize::BITS - (k.max(2) - 1).leading_zeros()).max(1);
        let mut k = 2usize;
        while k < 4096 && budget >= (k as u64 + 1) * rounds_for(k + 1) as u64 * min_samples as u64 {
            k += 1;
        }
        let arms = tree.expand_root(root, k, bufs);
        let rounds = rounds_for(arms.len());
        Halving {
            arms,
            rounds,
            round: 0,
            next: 0,
        }
    }

    /// The arm to sample next, `progress` being the fraction of the budget spent.
    pub(super) fn pick(&mut self, tree: &Tree, progress: f64) -> u32 {
        while self.arms.len() > 1 && progress >= (self.round + 1) as f64 / self.rounds as f64 {
            let mean = |c: u32| {
                let n = &tree.nodes[c as usize];
                if n.visits == 0 {
                    f64::MIN
                } else {
                    n.value / n.visits as f64
                }
            };
            // Stable sort: equal means keep the prior order.
            self.arms.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
            self.arms.truncate(self.arms.len().div_ceil(2));
            self.round += 1;
            self.next = 0;
        }
        let a = self.arms[self.next % self.arms.len()];
        self.next += 1;
        a
    }
}
