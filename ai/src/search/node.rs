//! A node of the search tree (the open-loop tree of `mod.rs`): its statistics, candidates and
//! children, the constants that bound them, and the signature of a legal list that lets a
//! descent skip the move generator.

use engine::basics::action::Action;
use engine::basics::dice::FxHasher;
use engine::Side;

/// A node's children: most nodes below the root have a handful (widening k 0.5 admits a fifth
/// child after 64 visits), kept inline so that a descent reads them without a pointer chase.
pub(super) type Children = smallvec::SmallVec<[u32; 4]>;

/// A tree node. `repr(C)` with the fields every descent reads first (the selection reads the
/// visits, value, availability and candidate index of every child): one cache line per child.
#[derive(Clone, Debug)]
#[repr(C)]
pub(super) struct Node {
    pub(super) visits: u32,
    pub(super) avail: u32,
    pub(super) value: f64,
    /// Index of this node's action among its parent's candidates.
    pub(super) cand: u32,
    /// How many of the candidates came from the first legal list (see `sig`).
    pub(super) first_len: u32,
    /// Side that chose `action` (the value is kept from its point of view).
    pub(super) side: Side,
    /// A chance node: the outcome class (see [`Outcome`]) this node stands for, below the
    /// action node whose outcome it is; `NO_CLASS` for decision nodes.
    ///
    /// [`Outcome`]: crate::search::Outcome
    pub(super) class: u8,
    /// Whether `candidates` hold the whole first legal list ([`TOP_CANDIDATES`]: below the
    /// root only the best by prior are kept until the widening asks for more).
    pub(super) complete: bool,
    pub(super) action: Option<Action>,
    /// Fingerprint ([`State::fingerprint`]) of the state the candidates were first made in: a
    /// sample that reaches this node in that same state (no dice changed anything on the way,
    /// or they fell the same) has the same legal actions, so the move generator is skipped.
    ///
    /// [`State::fingerprint`]: engine::State::fingerprint
    pub(super) fp: u64,
    pub(super) children: Children,
    /// Signature of the legal list the candidates were first made from, and how many of the
    /// candidates came from it: when a later sample has the same list (the usual case) every
    /// one of those is legal without looking.
    pub(super) sig: u64,
    /// Candidate actions sorted by prior, best first; filled on the first visit. A boxed slice
    /// (no spare capacity, 8 bytes less than a `Vec`): it grows only on a merge or a
    /// completion, rare next to the reads.
    pub(super) candidates: Box<[Action]>,
    /// Whether each candidate is already a child.
    pub(super) is_child: ChildFlags,
    /// A chance node's key: the fingerprint of the outcome's state for an exact outcome, or
    /// the class (≤ [`CLASS_KEYS`]) for a node that gathers a class.
    pub(super) ckey: u64,
}

/// Candidates a new node below the root keeps, best by prior. Progressive widening below the
/// root (k 0.5, α 0.5) admits a 13th child only after 576 visits, which few nodes reach, so
/// the whole sorted legal list (hundreds of destinations) was mostly sorted and stored for
/// nothing; a node whose widening wants more takes the rest of its list then
/// ([`Tree::complete_candidates`]).
///
/// [`Tree::complete_candidates`]: crate::search::Tree::complete_candidates
pub(super) const TOP_CANDIDATES: usize = 12;

/// Movement destinations a node deeper than the root's children scores for its candidates.
pub(super) const PRIOR_MOVES: usize = 48;

/// Keys up to this are outcome classes ([`Node::ckey`]); fingerprints are moved above it.
pub(super) const CLASS_KEYS: u64 = 0xFF;

/// `Node::class` of a decision node.
pub(super) const NO_CLASS: u8 = u8::MAX;

impl Node {
    pub(super) fn new(action: Option<Action>, side: Side) -> Node {
        Node {
            action,
            side,
            children: Children::new(),
            visits: 0,
            avail: 0,
            value: 0.0,
            candidates: Box::default(),
            is_child: ChildFlags::default(),
            cand: 0,
            sig: 0,
            first_len: 0,
            complete: false,
            fp: 0,
            class: NO_CLASS,
            ckey: u64::MAX,
        }
    }
}

/// Which of a node's candidates are already children: one bit per candidate, the first 64
/// inline (a node below the root keeps a dozen until its widening wants more), the rest on the
/// heap. Was a `Vec<bool>`: 24 bytes of header and a byte per candidate in every node.
#[derive(Clone, Debug, Default)]
pub(super) struct ChildFlags {
    low: u64,
    high: Option<Box<[u64]>>,
}

impl ChildFlags {
    /// Room for `n` flags, all false.
    pub(super) fn new(n: usize) -> ChildFlags {
        let mut f = ChildFlags::default();
        f.resize(n);
        f
    }

    /// Makes room for `n` flags; the new ones are false, the old ones kept.
    pub(super) fn resize(&mut self, n: usize) {
        let words = n.saturating_sub(64).div_ceil(64);
        let have = self.high.as_ref().map_or(0, |h| h.len());
        if words > have {
            let mut v = self.high.take().map(Vec::from).unwrap_or_default();
            v.resize(words, 0);
            self.high = Some(v.into_boxed_slice());
        }
    }

    /// Flags the node has room for.
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        64 + 64 * self.high.as_ref().map_or(0, |h| h.len())
    }

    /// Bytes on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        8 * self.high.as_ref().map_or(0, |h| h.len())
    }

    /// Whether candidate `i` is a child.
    pub(super) fn get(&self, i: usize) -> bool {
        if i < 64 {
            return self.low >> i & 1 != 0;
        }
        let (w, b) = ((i - 64) / 64, (i - 64) % 64);
        self.high
            .as_ref()
            .and_then(|h| h.get(w))
            .is_some_and(|x| x >> b & 1 != 0)
    }

    /// Flags candidate `i` as a child (room for it was made by [`ChildFlags::resize`]).
    pub(super) fn set(&mut self, i: usize) {
        if i < 64 {
            self.low |= 1 << i;
            return;
        }
        let (w, b) = ((i - 64) / 64, (i - 64) % 64);
        if let Some(x) = self.high.as_mut().and_then(|h| h.get_mut(w)) {
            *x |= 1 << b;
        }
    }
}

/// A set of actions hashed with [`FxHasher`] (membership tests of a descent: cheaper than a
/// general-purpose hasher on the one-byte writes of `Action`'s derived `Hash`).
pub(super) type ActionSet =
    std::collections::HashSet<Action, std::hash::BuildHasherDefault<FxHasher>>;

/// A signature of a legal list (order included). Computed on every node of every descent, so
/// it uses a multiply-rotate hasher (FxHash's) over the derived `Hash` of the actions: a
/// fraction of the cost of a general-purpose hasher on these one-byte writes, and still 64 bits.
pub(super) fn signature(legal: &[Action]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = FxHasher(legal.len() as u64);
    legal.hash(&mut h);
    h.finish()
}
