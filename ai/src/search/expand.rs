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
    /// A fresh node below the root keeps only its [`TOP_CANDIDATES`] best; a merge (a sample
    /// where none of the candidates is legal) adds the whole list, or its best
    /// [`TOP_CANDIDATES`] too with [`Params::merge_cap`].
    ///
    /// [`Params::merge_cap`]: super::params::Params::merge_cap
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
        let (top, stride) = self.prior_shape(node, fresh, legal, deep);
        let scored = by_prior_top(st, legal, top, stride, self.pass_first);
        let sig = if fresh { signature(legal) } else { 0 };
        self.add_scored(node, fp, sig, fresh, legal, scored);
    }

    /// How many of `legal` [`Tree::add_candidates`] keeps for `node`, best by prior, and the
    /// stride of the movement destinations it scores.
    pub(super) fn prior_shape(
        &self,
        node: usize,
        fresh: bool,
        legal: &[Action],
        deep: bool,
    ) -> (usize, usize) {
        let top = if node != 0 && (fresh || self.merge_cap) {
            TOP_CANDIDATES
        } else {
            usize::MAX
        };
        let stride = if fresh { prior_stride(legal, deep) } else { 1 };
        (top, stride)
    }

    /// [`Tree::add_candidates`] with the prior's best already chosen (`scored`: the
    /// [`by_prior_top`] of `legal` in the node's [`Tree::prior_shape`]) and, for a `fresh`
    /// node, the signature of `legal` (`sig`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn add_scored(
        &mut self,
        node: usize,
        fp: u64,
        sig: u64,
        fresh: bool,
        legal: &[Action],
        scored: Vec<(f32, Action)>,
    ) {
        let n = &mut self.nodes[node];
        if fresh {
            n.sig = sig;
            n.fp = fp;
            n.first_len = scored.len().min(u16::MAX as usize) as u16;
            n.complete = scored.len() == legal.len();
        }
        let all: Vec<Action> = if n.ncands == 0 {
            scored.into_iter().map(|(_, a)| a).collect()
        } else {
            let mut all = self.cands(node).to_vec();
            let known: ahash::AHashSet<Action> = all.iter().copied().collect();
            all.extend(
                scored
                    .into_iter()
                    .map(|(_, a)| a)
                    .filter(|a| !known.contains(a)),
            );
            all
        };
        self.set_cands(node, &all);
    }

    /// Takes the rest of `node`'s first legal list into its candidates, when the widening wants
    /// more children than its [`TOP_CANDIDATES`]. `legal` is the legal list of this sample,
    /// which must be the node's first list (same signature), so that the candidates stay a
    /// prefix of the list they were made from; a node whose candidates were merged with other
    /// samples' lists is marked complete as it is.
    pub(super) fn complete_candidates(&mut self, node: usize, st: &State, legal: &[Action]) {
        let n = &self.nodes[node];
        if n.ncands == n.first_len {
            let scored = by_prior_top(st, legal, usize::MAX, 1, self.pass_first);
            let mut all = self.cands(node).to_vec();
            let have = all.len();
            for (_, a) in scored {
                if !all[..have].contains(&a) {
                    all.push(a);
                }
            }
            self.set_cands(node, &all);
            self.nodes[node].first_len = self.nodes[node].ncands;
        }
        self.nodes[node].complete = true;
    }

    /// Makes the `k` best root candidates by prior children of the root (all, if fewer) and
    /// returns the root's children: the arms of sequential halving.
    pub(super) fn expand_root(&mut self, root: &State, k: usize, bufs: &mut Bufs) -> Vec<u32> {
        if self.nodes[0].ncands == 0 {
            root.legal_actions(&mut bufs.legal);
            let legal = std::mem::take(&mut bufs.legal);
            self.add_candidates(0, root, root.fingerprint(), true, &legal, false);
            bufs.legal = legal;
        }
        let side = self.root_side;
        let n = (self.nodes[0].first_len as usize).min(k.max(1));
        for i in 0..n {
            if !self.is_child(0, i) {
                let a = self.cands(0)[i];
                let id = self.nodes.len() as u32;
                let mut child = Node::new(Some(a), side);
                child.cand = i as u16;
                self.nodes.push(child);
                self.push_child(0, id);
                self.mark_child(0, i);
            }
        }
        self.kids(0).collect()
    }
}
