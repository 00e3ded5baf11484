//! A node of the search tree (the open-loop tree of `mod.rs`): its statistics, candidates and
//! children, the constants that bound them, and the signature of a legal list that lets a
//! descent skip the move generator.

use engine::basics::action::Action;
use engine::basics::dice::FxHasher;
use engine::Side;

/// `Node::first_child` / `Node::next` of no node.
pub(super) const NONE: u32 = u32::MAX;

/// A tree node: 64 bytes. Its candidates live in the tree's arena (`Tree::cands`) and its
/// children are a list linked through `next`, so a node holds no heap of its own (PERFORMANCE.md,
/// "Tree memory"). `repr(C)` with the fields every descent reads of each child first (visits,
/// availability, value, candidate index, next sibling): one cache line per child.
#[derive(Clone, Debug)]
#[repr(C)]
pub(super) struct Node {
    pub(super) visits: u32,
    pub(super) avail: u32,
    pub(super) value: f64,
    /// The parent's next child after this one (`NONE`: the last).
    pub(super) next: u32,
    /// Index of this node's action among its parent's candidates (at most `u16::MAX`, as
    /// their count).
    pub(super) cand: u16,
    /// Whether each of the first 16 candidates is already a child, one bit each (a node below
    /// the root keeps a dozen until its widening wants more); the flags of longer lists go on
    /// in the tree's `flags_high`.
    pub(super) flags: u16,
    /// The first child (`NONE`: none yet); the others follow through `next`, in the order
    /// they were made.
    pub(super) first_child: u32,
    /// Where the candidates start in the tree's arena.
    pub(super) cands: u32,
    /// How many of the candidates came from the first legal list (see `sig`).
    pub(super) first_len: u16,
    /// How many candidates (0: not made yet).
    pub(super) ncands: u16,
    /// Side that chose `action` (the value is kept from its point of view).
    pub(super) side: Side,
    /// A chance node: the outcome class (see [`Outcome`]) this node stands for, below the
    /// action node whose outcome it is; `NO_CLASS` for decision nodes. (A chance node of an
    /// exact outcome keeps its fingerprint in the tree's `exact_keys`.)
    ///
    /// [`Outcome`]: crate::search::Outcome
    pub(super) class: u8,
    /// Whether the candidates hold the whole first legal list ([`TOP_CANDIDATES`]: below the
    /// root only the best by prior are kept until the widening asks for more).
    pub(super) complete: bool,
    pub(super) action: Option<Action>,
    /// Fingerprint ([`State::fingerprint`]) of the state the candidates were first made in: a
    /// sample that reaches this node in that same state (no dice changed anything on the way,
    /// or they fell the same) has the same legal actions, so the move generator is skipped.
    ///
    /// [`State::fingerprint`]: engine::State::fingerprint
    pub(super) fp: u64,
    /// Signature of the legal list the candidates were first made from, and how many of the
    /// candidates came from it: when a later sample has the same list (the usual case) every
    /// one of those is legal without looking.
    pub(super) sig: u64,
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

/// Keys up to this are outcome classes (a chance node's key, `Tree::ckey`); fingerprints are
/// moved above it.
pub(super) const CLASS_KEYS: u64 = 0xFF;

/// `Node::class` of a decision node.
pub(super) const NO_CLASS: u8 = u8::MAX;

impl Node {
    pub(super) fn new(action: Option<Action>, side: Side) -> Node {
        Node {
            action,
            side,
            first_child: NONE,
            next: NONE,
            visits: 0,
            avail: 0,
            value: 0.0,
            cands: 0,
            ncands: 0,
            flags: 0,
            cand: 0,
            sig: 0,
            first_len: 0,
            complete: false,
            fp: 0,
            class: NO_CLASS,
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
