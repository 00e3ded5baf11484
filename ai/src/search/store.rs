//! Where a tree keeps what its nodes point at (PERFORMANCE.md, "Tree memory"): the candidates
//! of every node in one arena (a node holds an offset and a length, not a heap list of its
//! own), the children as a list linked through the nodes, and the rare extras kept beside the
//! nodes rather than in every one — the child flags of candidates past the 16th (the root,
//! completed and merged lists) and the fingerprints of exact-outcome chance nodes.

use super::node::{Node, CLASS_KEYS, NONE, NO_CLASS};
use super::tree::Tree;
use engine::basics::action::Action;

/// Candidates left behind in the arena before it may be compacted (small trees never are).
const COMPACT_MIN: usize = 1024;

/// Child flags a node keeps in itself (`Node::flags`): a fresh node below the root has a dozen
/// candidates; longer lists (the root's, completed and merged ones) keep the rest beside the
/// nodes.
const LOW_FLAGS: usize = 16;

/// The children of a node, in the order they were made.
#[derive(Clone)]
pub(super) struct Kids<'a> {
    nodes: &'a [Node],
    at: u32,
}

impl Iterator for Kids<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.at == NONE {
            return None;
        }
        let c = self.at;
        self.at = self.nodes[c as usize].next;
        Some(c)
    }
}

impl Tree {
    /// Node `i`'s candidate actions, best prior first (empty until made).
    pub(super) fn cands(&self, i: usize) -> &[Action] {
        let n = &self.nodes[i];
        let at = n.cands as usize;
        &self.arena[at..at + n.ncands as usize]
    }

    /// Makes `list` node `i`'s candidates: appended to the arena (a list that grows — a merge,
    /// a completion — is copied whole to the end; the old copy stays until the arena is
    /// compacted or the tree copied by [`Tree::subtree`]). A list longer than `u16::MAX` is cut there (legal lists are a few
    /// hundred actions). The child flags keep their bits and make room for the new length.
    pub(super) fn set_cands(&mut self, i: usize, list: &[Action]) {
        let list = &list[..list.len().min(u16::MAX as usize)];
        // The old list (if any) is waste from here on, and is not carried by a compaction.
        self.waste += std::mem::take(&mut self.nodes[i].ncands) as usize;
        if self.waste > COMPACT_MIN && self.waste * 16 > self.arena.len() {
            self.compact();
        }
        let at = self.arena.len() as u32;
        self.arena.extend_from_slice(list);
        let n = &mut self.nodes[i];
        n.cands = at;
        n.ncands = list.len() as u16;
        self.resize_flags(i, list.len());
    }

    /// Copies the live lists to a fresh arena, in node order, leaving the waste behind: when
    /// more than a sixteenth of the arena is lists that merges and completions replaced. The
    /// order of the candidates within a list is kept, so the search does not change.
    fn compact(&mut self) {
        let live: usize = self.nodes.iter().map(|n| n.ncands as usize).sum();
        let mut arena = Vec::with_capacity(live + live / 4);
        for n in &mut self.nodes {
            let at = n.cands as usize;
            let list = &self.arena[at..at + n.ncands as usize];
            n.cands = arena.len() as u32;
            arena.extend_from_slice(list);
        }
        self.arena = arena;
        self.waste = 0;
    }

    /// Clears node `i`'s child flags and makes room for `n` of them.
    pub(super) fn reset_flags(&mut self, i: usize, n: usize) {
        self.nodes[i].flags = 0;
        self.flags_high.remove(&(i as u32));
        self.resize_flags(i, n);
    }

    /// Makes room for `n` child flags of node `i` (the first [`LOW_FLAGS`] are in the node).
    fn resize_flags(&mut self, i: usize, n: usize) {
        let words = n.saturating_sub(LOW_FLAGS).div_ceil(64);
        if words == 0 {
            return;
        }
        let high = self.flags_high.entry(i as u32).or_default();
        if high.len() < words {
            let mut v = Vec::from(std::mem::take(high));
            v.resize(words, 0);
            *high = v.into_boxed_slice();
        }
    }

    /// Whether candidate `k` of node `i` is already a child.
    pub(super) fn is_child(&self, i: usize, k: usize) -> bool {
        if k < LOW_FLAGS {
            return self.nodes[i].flags >> k & 1 != 0;
        }
        let (w, b) = ((k - LOW_FLAGS) / 64, (k - LOW_FLAGS) % 64);
        self.flags_high
            .get(&(i as u32))
            .and_then(|h| h.get(w))
            .is_some_and(|x| x >> b & 1 != 0)
    }

    /// Flags candidate `k` of node `i` as a child (room for it was made with the candidates).
    pub(super) fn mark_child(&mut self, i: usize, k: usize) {
        if k < LOW_FLAGS {
            self.nodes[i].flags |= 1 << k;
            return;
        }
        let (w, b) = ((k - LOW_FLAGS) / 64, (k - LOW_FLAGS) % 64);
        if let Some(x) = self
            .flags_high
            .get_mut(&(i as u32))
            .and_then(|h| h.get_mut(w))
        {
            *x |= 1 << b;
        }
    }

    /// Node `i`'s children.
    pub(super) fn kids(&self, i: usize) -> Kids<'_> {
        Kids {
            nodes: &self.nodes,
            at: self.nodes[i].first_child,
        }
    }

    /// Node `i`'s first child.
    pub(super) fn first_kid(&self, i: usize) -> Option<u32> {
        let c = self.nodes[i].first_child;
        (c != NONE).then_some(c)
    }

    /// Appends node `c` to node `parent`'s children (after the last: the order they are made
    /// in breaks the selection's ties).
    pub(super) fn push_child(&mut self, parent: usize, c: u32) {
        self.nodes[c as usize].next = NONE;
        match self.kids(parent).last() {
            None => self.nodes[parent].first_child = c,
            Some(last) => self.nodes[last as usize].next = c,
        }
    }

    /// A chance node's key: the fingerprint of its outcome's state for an exact outcome, its
    /// class for a node that gathers a class; `u64::MAX` for a decision node.
    pub(super) fn ckey(&self, i: usize) -> u64 {
        let class = self.nodes[i].class;
        if class == NO_CLASS {
            return u64::MAX;
        }
        self.exact_keys
            .get(&(i as u32))
            .copied()
            .unwrap_or(class as u64)
    }

    /// Sets chance node `i`'s key (a class, or a fingerprint above [`CLASS_KEYS`]).
    pub(super) fn set_ckey(&mut self, i: usize, key: u64) {
        if key > CLASS_KEYS {
            self.exact_keys.insert(i as u32, key);
        }
    }

    /// Bytes of what the tree keeps beside its nodes: the arena (by length: the arena's spare
    /// room is not counted, as the node vector's is not), the long child flags and the exact
    /// keys (by their maps' capacity).
    pub(super) fn store_bytes(&self) -> usize {
        let high: usize = self.flags_high.values().map(|h| 8 * h.len()).sum();
        self.arena.len() * std::mem::size_of::<Action>()
            + high
            + self.flags_high.capacity() * (4 + std::mem::size_of::<Box<[u64]>>())
            + self.exact_keys.capacity() * (4 + 8)
    }
}

#[cfg(test)]
impl Tree {
    /// Node `i`'s children as a list (tests).
    pub(super) fn children(&self, i: usize) -> Vec<u32> {
        self.kids(i).collect()
    }

    /// Room for child flags node `i` has (tests).
    pub(super) fn flags_capacity(&self, i: usize) -> usize {
        LOW_FLAGS + 64 * self.flags_high.get(&(i as u32)).map_or(0, |h| h.len())
    }
}
