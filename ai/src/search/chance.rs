//! Chance nodes (rulebook, CHEQUEOS: the dice of a check decide what an action did; the tree
//! splits by it): the outcome class of an action, the chance child of an action node for the
//! outcome sampled, and the subtree a carried-over search starts from after the outcome the
//! table rolled.

use super::node::{Node, CLASS_KEYS, NONE, NO_CLASS};
use super::tree::Tree;
use engine::basics::action::Action;
use engine::{Side, State};

impl Tree {
    /// The chance node below action node `parent` for the outcome that led to the position of
    /// fingerprint `after` (of class `k`), created if there is room: the node of that exact
    /// outcome while the action has fewer than `exact` of them, otherwise (or without `after`)
    /// the node of its class.
    ///
    /// Most actions have a handful of outcomes (a miss, a wound, two, a kill; a reaction or
    /// none): below an exact node the state is the same in every sample, so the search is
    /// closed-loop there — its statistics are not blurred across outcomes, and the move
    /// generator is skipped ([`State::fingerprint`]). Actions with many outcomes fall back to
    /// classes once `exact` nodes exist.
    pub(super) fn chance_child(
        &mut self,
        parent: usize,
        after: Option<u64>,
        k: u8,
        exact: usize,
        node_cap: usize,
    ) -> Option<usize> {
        let exact_key = after.and_then(|after| {
            let exact_kids = self
                .kids(parent)
                .filter(|&c| self.ckey(c as usize) > CLASS_KEYS)
                .count();
            (exact_kids < exact).then_some(after)
        });
        if let Some(c) = after.and_then(|a| self.kids(parent).find(|&c| self.ckey(c as usize) == a))
        {
            return Some(c as usize);
        }
        let key = if let Some(after) = exact_key {
            after
        } else {
            if let Some(c) = self
                .kids(parent)
                .find(|&c| self.ckey(c as usize) == k as u64)
            {
                return Some(c as usize);
            }
            k as u64
        };
        if self.nodes.len() >= node_cap {
            return None;
        }
        let id = self.nodes.len();
        let mut n = Node::new(None, self.nodes[parent].side);
        n.class = k;
        self.nodes.push(n);
        self.set_ckey(id, key);
        self.push_child(parent, id as u32);
        Some(id)
    }

    /// The subtree below the root child reached by `action`, as a tree of its own (statistics
    /// kept), if that child exists and `side` chose it. Used to carry the search over to the
    /// next decision of the same activation: the child's node averaged every dice outcome of
    /// `action`, so its subtree is an open-loop tree for whatever outcome the table rolled
    /// (the availability counts deal with its actions that are illegal after that outcome).
    ///
    /// `class` is the outcome class of what happened since (see [`Outcome`](super::outcome::Outcome)): when the child's
    /// children are chance nodes, the subtree starts at the one of that class.
    ///
    /// `now` is the position the search goes on from: where the child has a chance node of
    /// that exact outcome (its fingerprint) the subtree starts there; otherwise at the node of
    /// its class, or the most visited exact outcome of that class (an open-loop tree for the
    /// position, like any other).
    pub fn subtree(&self, action: &Action, class: u8, now: &State, side: Side) -> Option<Tree> {
        let c = self
            .kids(0)
            .find(|&c| self.nodes[c as usize].action.as_ref() == Some(action))?;
        let c = if self
            .kids(c as usize)
            .any(|k| self.nodes[k as usize].class != NO_CLASS)
        {
            let fp = now.fingerprint().max(CLASS_KEYS + 1);
            let node = |k: &u32| &self.nodes[*k as usize];
            let mut kids = self.kids(c as usize);
            kids.clone()
                .find(|&k| self.ckey(k as usize) == fp)
                .or_else(|| {
                    kids.clone()
                        .find(|&k| self.ckey(k as usize) == class as u64)
                })
                .or_else(|| {
                    kids.by_ref()
                        .filter(|k| node(k).class == class)
                        .max_by_key(|k| (node(k).visits, std::cmp::Reverse(*k)))
                })?
        } else {
            c
        };
        let mut t = Tree::without_nodes(side);
        t.merge_cap = self.merge_cap;
        t.pass_first = self.pass_first;
        t.track_sq = self.track_sq;
        // Depth-first copy with index remapping; `stack` holds (old index, new parent). The
        // candidates are copied to the new tree's arena (lists a merge left behind are not).
        let mut stack = vec![(c as usize, u32::MAX)];
        while let Some((old, parent)) = stack.pop() {
            let id = t.nodes.len() as u32;
            let mut n = self.nodes[old].clone();
            n.first_child = NONE;
            n.next = NONE;
            n.cands = t.arena.len() as u32;
            t.arena.extend_from_slice(self.cands(old));
            t.nodes.push(n);
            if let Some(&q) = self.sq.get(old) {
                t.sq.resize(id as usize, 0.0);
                t.sq.push(q);
            }
            if let Some(&m) = self.tau.get(old) {
                t.tau.resize(id as usize, f32::NAN);
                t.tau.push(m);
            }
            if let Some(h) = self.flags_high.get(&(old as u32)) {
                t.flags_high.insert(id, h.clone());
            }
            if let Some(&k) = self.exact_keys.get(&(old as u32)) {
                t.exact_keys.insert(id, k);
            }
            if parent != u32::MAX {
                t.push_child(parent as usize, id);
            }
            let kids: Vec<u32> = self.kids(old).collect();
            for &k in kids.iter().rev() {
                stack.push((k as usize, id));
            }
        }
        // Children are pushed back in their original order because the stack is popped in
        // reverse: the copy expands and breaks ties exactly as the original would.
        let root = &mut t.nodes[0];
        root.action = None;
        root.class = NO_CLASS;
        root.side = side;
        t.exact_keys.remove(&0);
        Some(t)
    }
}
