//! Expansion (STRENGTH.md: 12 candidates kept per node below the root): a node's candidates,
//! best prior first (progressive widening takes its children from them in that order),
//! completed when the widening wants more than the first dozen, and the root's arms for
//! sequential halving.

use super::node::{signature, Node, TOP_CANDIDATES};
use super::prior::{by_prior_top, prior_stride};
use super::tree::{Bufs, Tree};
use engine::basics::action::Action;
use engine::State;

impl Tree {
    /// Adds the actions of `legal` (the legal list in `st`) to `node`'s candidates, best
    /// prior first; on the node's first visit (`fresh`) they are its reference list.
    ///
    /// A fresh node below the root keeps only its [`TOP_CANDIDATES`] best.
    ///
    /// A fresh node deeper than the root's children (`deep`) scores only an evenly spaced
    /// sample of [`PRIOR_MOVES`] of its movement destinations, as rollouts do: its dozen
    /// candidates need the best few, not an order of hundreds.
    ///
    /// [`PRIOR_MOVES`]: super::node::PRIOR_MOVES
    pub(super) fn add_candidates(
        &mut self,
        node: usize,
        st: &State,
        fp: u64,
        fresh: bool,
        legal: &[Action],
        deep: bool,
    ) {
        let top = if fresh && node != 0 {
            TOP_CANDIDATES
        } else {
            usize::MAX
        };
        let stride = if fresh { prior_stride(legal, deep) } else { 1 };
        let scored = by_prior_top(st, legal, top, stride);
        let n = &mut self.nodes[node];
        if fresh {
            n.sig = signature(legal);
            n.fp = fp;
            n.first_len = scored.len() as u32;
            n.complete = scored.len() == legal.len();
        }
        if n.candidates.is_empty() {
            n.candidates = scored.into_iter().map(|(_, a)| a).collect();
        } else {
            let known: ahash::AHashSet<Action> = n.candidates.iter().copied().collect();
            let mut all = Vec::from(std::mem::take(&mut n.candidates));
            all.extend(
                scored
                    .into_iter()
                    .map(|(_, a)| a)
                    .filter(|a| !known.contains(a)),
            );
            // Boxed: what the list holds, not the spare room of its growth (tree memory).
            n.candidates = all.into_boxed_slice();
        }
        n.is_child.resize(n.candidates.len());
    }

    /// Takes the rest of `node`'s first legal list into its candidates, when the widening wants
    /// more children than its [`TOP_CANDIDATES`]. `legal` is the legal list of this sample,
    /// which must be the node's first list (same signature), so that the candidates stay a
    /// prefix of the list they were made from; a node whose candidates were merged with other
    /// samples' lists is marked complete as it is.
    pub(super) fn complete_candidates(&mut self, node: usize, st: &State, legal: &[Action]) {
        let n = &self.nodes[node];
        if n.candidates.len() == n.first_len as usize {
            let scored = by_prior_top(st, legal, usize::MAX, 1);
            let n = &mut self.nodes[node];
            let have = n.candidates.len();
            let mut all = Vec::from(std::mem::take(&mut n.candidates));
            for (_, a) in scored {
                if !all[..have].contains(&a) {
                    all.push(a);
                }
            }
            n.candidates = all.into_boxed_slice();
            n.first_len = n.candidates.len() as u32;
            n.is_child.resize(n.candidates.len());
        }
        self.nodes[node].complete = true;
    }

    /// Makes the `k` best root candidates by prior children of the root (all, if fewer) and
    /// returns the root's children: the arms of sequential halving.
    pub(super) fn expand_root(&mut self, root: &State, k: usize, bufs: &mut Bufs) -> Vec<u32> {
        if self.nodes[0].candidates.is_empty() {
            root.legal_actions(&mut bufs.legal);
            let legal = std::mem::take(&mut bufs.legal);
            self.add_candidates(0, root, root.fingerprint(), true, &legal, false);
            bufs.legal = legal;
        }
        let side = self.root_side;
        let n = (self.nodes[0].first_len as usize).min(k.max(1));
        for i in 0..n {
            if !self.nodes[0].is_child.get(i) {
                let a = self.nodes[0].candidates[i];
                let id = self.nodes.len() as u32;
                let mut child = Node::new(Some(a), side);
                child.cand = i as u32;
                self.nodes.push(child);
                self.nodes[0].children.push(id);
                self.nodes[0].is_child.set(i);
            }
        }
        self.nodes[0].children.to_vec()
    }
}
