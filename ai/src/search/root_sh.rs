//! Sequential halving over the prior's best root actions (`root=sh`; Karnin, Koren and Somekh
//! 2013; as the root of Gumbel MuZero, Danihelka et al. 2022, and of SHOT, Cazenave 2015),
//! with the ordinary tree policy below each arm, and the final choice it implies: the arm that
//! survives the last round.
//!
//! Why (STRENGTH.md, issue 19): only the root's choice is played, so the root faces a simple-
//! regret problem; UCT minimises the cumulative one, and flat Monte Carlo, which spreads its
//! samples evenly, was as strong as the search at equal CPU. The older `halving=N` option
//! (`root::Halving`) differs in three ways this one fixes: its arms were every root child,
//! carried-over children of an earlier decision included (an action illegal at the new root
//! could be forced); its final choice was the most visited child, so an arm eliminated in the
//! first round but visited often in the previous decision's tree could still be played; and
//! it chose the number of arms from the budget (40 at 1,000 iterations) rather than the
//! prior's best few.

use super::node::Node;
use super::prior::by_prior_top;
use super::tree::{Bufs, Tree};
use engine::basics::action::Action;
use engine::State;

/// One arm: its root child and the samples of this search.
#[derive(Clone, Debug)]
struct Arm {
    node: u32,
    sum: f64,
    n: u32,
}

/// Sequential halving at the root of one search (one thread's tree).
pub(super) struct SeqHalving {
    arms: Vec<Arm>,
    rounds: u32,
    round: u32,
    next: usize,
    /// Rank arms by the tree's whole statistics (carried-over visits included) rather than by
    /// this search's samples alone.
    total: bool,
}

impl SeqHalving {
    /// Arms: the `m` best legal root actions by prior (all, if fewer), made root children where
    /// they are not yet.
    pub(super) fn new(tree: &mut Tree, root: &State, m: u32, total: bool, bufs: &mut Bufs) -> Self {
        root.legal_actions(&mut bufs.legal);
        let legal = std::mem::take(&mut bufs.legal);
        if tree.nodes[0].ncands == 0 {
            // A fresh tree: the root's candidates first, as its first descent would make them.
            tree.add_candidates(0, root, root.fingerprint(), true, &legal, false);
        }
        let top = by_prior_top(root, &legal, m.max(1) as usize, 1, tree.pass_first);
        bufs.legal = legal;
        let arms: Vec<Arm> = top
            .into_iter()
            .map(|(_, a)| Arm {
                node: tree.root_child(a),
                sum: 0.0,
                n: 0,
            })
            .collect();
        let k = arms.len().max(2);
        let rounds = usize::BITS - (k - 1).leading_zeros();
        SeqHalving {
            arms,
            rounds,
            round: 0,
            next: 0,
            total,
        }
    }

    fn mean(&self, tree: &Tree, a: &Arm) -> f64 {
        if self.total {
            let n = &tree.nodes[a.node as usize];
            if n.visits > 0 {
                return n.value / n.visits as f64;
            }
        }
        if a.n == 0 {
            f64::MIN
        } else {
            a.sum / a.n as f64
        }
    }

    /// Drops the worse half of the arms (stable: equal means keep the prior order).
    fn halve(&mut self, tree: &Tree) {
        let mut scored: Vec<(f64, Arm)> = self.arms.drain(..).map(|a| (0.0, a)).collect::<Vec<_>>();
        for s in &mut scored {
            s.0 = self.mean(tree, &s.1);
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.truncate(scored.len().div_ceil(2));
        self.arms = scored.into_iter().map(|(_, a)| a).collect();
        self.round += 1;
        self.next = 0;
    }

    /// The index (among the surviving arms) and root child to sample next, `progress` being
    /// the fraction of the budget spent: a round ends at `(round + 1) / rounds`.
    pub(super) fn pick(&mut self, tree: &Tree, progress: f64) -> Option<(usize, u32)> {
        while self.arms.len() > 1 && progress >= (self.round + 1) as f64 / self.rounds as f64 {
            self.halve(tree);
        }
        if self.arms.is_empty() {
            return None;
        }
        let j = self.next % self.arms.len();
        self.next += 1;
        Some((j, self.arms[j].node))
    }

    /// Counts a sample of arm `j` worth `v` to the side at the root.
    pub(super) fn record(&mut self, j: usize, v: f64) {
        if let Some(a) = self.arms.get_mut(j) {
            a.sum += v;
            a.n += 1;
        }
    }

    /// The surviving arms with their samples (action, sum, count), best first: the last round's
    /// finalists (two, or one when the budget ran out before), for the final choice.
    pub(super) fn finalists(&self, tree: &Tree) -> Vec<(Action, f64, u32)> {
        let mut v: Vec<(f64, Action, f64, u32)> = self
            .arms
            .iter()
            .map(|a| {
                let action = tree.nodes[a.node as usize].action.expect("arm");
                let (sum, n) = if self.total {
                    let node = &tree.nodes[a.node as usize];
                    (node.value, node.visits)
                } else {
                    (a.sum, a.n)
                };
                (self.mean(tree, a), action, sum, n)
            })
            .collect();
        v.sort_by(|a, b| b.0.total_cmp(&a.0));
        v.into_iter().map(|(_, a, s, n)| (a, s, n)).collect()
    }
}

/// The final choice of `root=sh` over the finalists of every thread: the best mean of the
/// merged samples of each action (ties: the first thread's order).
pub(super) fn sh_choice(finalists: &[Vec<(Action, f64, u32)>]) -> Option<Action> {
    let mut merged: Vec<(Action, f64, u32)> = Vec::new();
    for f in finalists {
        for &(a, s, n) in f {
            match merged.iter_mut().find(|m| m.0 == a) {
                Some(m) => {
                    m.1 += s;
                    m.2 += n;
                }
                None => merged.push((a, s, n)),
            }
        }
    }
    let mean = |m: &(Action, f64, u32)| if m.2 == 0 { f64::MIN } else { m.1 / m.2 as f64 };
    merged
        .iter()
        .rev()
        .max_by(|a, b| mean(a).total_cmp(&mean(b)))
        .map(|m| m.0)
}

impl Tree {
    /// The root child for `a` (a legal root action), made if there is none: its candidate
    /// index is `a`'s place among the root's candidates, appended to them if missing.
    pub(super) fn root_child(&mut self, a: Action) -> u32 {
        if let Some(c) = self
            .kids(0)
            .find(|&c| self.nodes[c as usize].action == Some(a))
        {
            return c;
        }
        let i = match self.cands(0).iter().position(|x| *x == a) {
            Some(i) => i,
            None => {
                let mut all = self.cands(0).to_vec();
                all.push(a);
                self.set_cands(0, &all);
                all.len() - 1
            }
        };
        let id = self.nodes.len() as u32;
        let mut child = Node::new(Some(a), self.root_side);
        child.cand = i as u16;
        self.nodes.push(child);
        self.push_child(0, id);
        self.mark_child(0, i);
        id
    }
}
