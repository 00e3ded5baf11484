//! `prior=expert` (issue 19, item 3 of the brief): the root's candidates in the order of the
//! scripted expert's scores (`agents::expert`: focus fire on the wounded, cover against ready
//! shooters, not outnumbered beyond VOL, charge the panicked, chain to deny reactions, keep ENE
//! when nothing is in reach), and a progressive bias from them in the root's selection.
//!
//! Why the root only: the root widens in candidate order (k 2: ~64 children after 1,000
//! iterations of a list of hundreds), so the order decides which actions the search ever
//! weighs, and the root is scored once per decision — the expert's dice samples of every attack
//! and its legal-list look-ahead of every move would cost far more at every new node below it.

use super::node::signature;
use super::policy::scores_into;
use super::tree::{Bufs, Tree};
use crate::agents::expert::ExpertAgent;
use engine::basics::action::Action;
use engine::State;

/// Candidates of the root that get a progressive bias (the expert's best first): the rest get
/// none.
pub(super) const BIAS_RANKS: usize = 16;

impl Tree {
    /// Orders the root's candidates by the expert's scores of the root's legal list (ties by
    /// the heuristic prior, then the list's order), keeping the children a carried-over tree
    /// already has, and records each candidate's progressive bias (`1 − rank / BIAS_RANKS`
    /// for the first [`BIAS_RANKS`], 0 after). `seed` seeds the expert's dice samples.
    pub(super) fn expert_root(&mut self, root: &State, seed: u64, bufs: &mut Bufs) {
        root.legal_actions(&mut bufs.legal);
        let legal = std::mem::take(&mut bufs.legal);
        let expert = ExpertAgent::new(seed).rate(root, &legal);
        scores_into(root, &legal, 1, 0, &mut bufs.scores);
        let mut idx: Vec<usize> = (0..legal.len()).collect();
        idx.sort_by(|&a, &b| {
            expert[b]
                .total_cmp(&expert[a])
                .then(bufs.scores[b].total_cmp(&bufs.scores[a]))
                .then(a.cmp(&b))
        });
        let n = legal.len();
        let mut cands: Vec<Action> = idx.iter().map(|&i| legal[i]).collect();
        let children: Vec<u32> = self.kids(0).collect();
        for &c in &children {
            let a = self.nodes[c as usize].action.expect("child has an action");
            // A carried-over child whose action is not legal here goes past the legal list
            // (never available at this root), as in `Tree::screen`.
            let j = cands.iter().position(|x| *x == a).unwrap_or_else(|| {
                cands.push(a);
                cands.len() - 1
            });
            self.nodes[c as usize].cand = j.min(u16::MAX as usize) as u16;
        }
        let r = &mut self.nodes[0];
        r.sig = signature(&legal);
        r.fp = root.fingerprint();
        r.first_len = n.min(u16::MAX as usize) as u16;
        r.complete = true;
        self.reset_flags(0, cands.len());
        self.set_cands(0, &cands);
        for &c in &children {
            let j = self.nodes[c as usize].cand as usize;
            self.mark_child(0, j);
        }
        self.root_bias = (0..n.min(BIAS_RANKS))
            .map(|r| 1.0 - r as f32 / BIAS_RANKS as f32)
            .collect();
        bufs.legal = legal;
    }

    /// The progressive bias of root candidate `cand` (0 without `prior=expert`).
    pub(super) fn root_bias(&self, cand: usize) -> f32 {
        self.root_bias.get(cand).copied().unwrap_or(0.0)
    }
}
