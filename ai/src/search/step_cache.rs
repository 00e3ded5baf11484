//! The search's step cache (`hash=MB`, PERFORMANCE.md "Thirteenth session: the search's own
//! cost"): the position after a step that rolled no die, by the position before it and the
//! action, so that later descents copy it instead of replaying the action through the engine.
//!
//! Every iteration of the open-loop search clones the root and replays the decisions of its
//! path with `apply_unchecked` (`select.rs`). Many steps roll nothing — a movement, a `pass`,
//! a reaction window closing with no reaction, an activation — and such a step is a function
//! of the position before it: the same position and action give the same position after,
//! whatever the dice did earlier on the path. The cache keeps, for each (position before,
//! action) of a step that rolled no die (the descent's dice count their rolls), the position
//! after and what a real apply left besides (the events it logged, for the risk segment), with
//! the position's fingerprint and its outcome tally.
//!
//! It also keeps legal lists by position: a descent meets the same positions again and again
//! (a node's position after each outcome of the dice before it; a new node's position, whose
//! list its rollout makes and its next visit needs again), and a node whose first position
//! this is not must have the list to know which of its children are legal there.
//!
//! A position is known by its fingerprint ([`State::fingerprint`]: everything that changes during a game),
//! as the tree already knows a node's position again to skip the move generator; a hit thus
//! leaves what the apply would have left, and the search decides the same with the cache and
//! without it (`hash=0`; tests `search::tests_cache`; debug builds apply every hit for real
//! and compare).
//!
//! The cache is bounded by its byte budget; once full it takes no new entries (the first are
//! the steps nearest the root, the most visited), which keeps the result a function of the
//! seed and the budget.

use super::node::signature;
use super::outcome::Outcome;
use engine::basics::action::Action;
use engine::basics::check::Event;
use engine::basics::dice::{DiceSource, SeededDice};
use engine::State;

pub use super::params::DEFAULT_HASH_MB;

/// The key of a step: the fingerprint of the position before it, and the action.
pub(super) type StepKey = (u64, Action);

/// One cached step: the position after an action that rolled no die.
pub(super) struct Entry {
    /// The position.
    pub(super) st: State,
    /// Its fingerprint.
    pub(super) fp: u64,
    /// Its outcome tally (chance nodes).
    pub(super) outcome: Outcome,
    /// The events the apply logged, if the log was on (the risk segment was open).
    pub(super) events: Option<Vec<Event>>,
}

/// The key of a node's candidates by prior: the position's fingerprint, how many are kept,
/// the stride of the movement destinations scored.
type PriorKey = (u64, u32, u32);

/// How the cache served the descents of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Steps copied from the cache.
    pub hits: u64,
    /// Steps applied that rolled no die (their result was stored, or the cache was full).
    pub misses: u64,
    /// Steps applied that rolled a die (not cacheable).
    pub rolled: u64,
    /// Legal lists copied from the cache.
    pub legal_hits: u64,
    /// Candidate lists by prior copied from the cache.
    pub prior_hits: u64,
    /// Steps held at the end.
    pub entries: u64,
    /// Legal lists held at the end.
    pub lists: u64,
    /// Bytes held at the end.
    pub bytes: u64,
}

/// The step cache of one search thread.
#[derive(Default)]
pub struct StepCache {
    map: ahash::AHashMap<StepKey, Entry>,
    /// Legal lists by the fingerprint of their position, with their signature once a descent
    /// needed it (`node::signature`).
    lists: ahash::AHashMap<u64, (Option<u64>, Box<[Action]>)>,
    /// The prior's best of a position's legal list (`prior::by_prior_top`), by the position's
    /// fingerprint, how many and the stride.
    priors: ahash::AHashMap<PriorKey, Box<[(f32, Action)]>>,
    /// The root's fingerprint.
    pub(super) root_fp: Option<u64>,
    bytes: usize,
    cap: usize,
    pub(super) stats: CacheStats,
}

/// What an entry costs beyond the position's own size: the map's slot and control byte.
const ENTRY_OVERHEAD: usize = 16;

impl StepCache {
    /// A cache of at most `cap` bytes (0: off).
    pub(super) fn new(cap: usize) -> StepCache {
        StepCache {
            cap,
            ..StepCache::default()
        }
    }

    /// Whether the cache is on.
    #[inline]
    pub(super) fn on(&self) -> bool {
        self.cap > 0
    }

    /// The entry of step `key`.
    #[inline]
    pub(super) fn get(&self, key: &StepKey) -> Option<&Entry> {
        self.map.get(key)
    }

    /// Stores the position `st` reached by step `key` (the apply logged `events`, `None` when
    /// the log was off), if there is room; returns its fingerprint and outcome tally when
    /// stored. A step already stored without its events gets them.
    pub(super) fn put(
        &mut self,
        key: StepKey,
        st: &State,
        events: Option<&[Event]>,
    ) -> Option<(u64, Outcome)> {
        let logged = events.map_or(0, std::mem::size_of_val);
        if let Some(e) = self.map.get_mut(&key) {
            if e.events.is_none() && events.is_some() && self.bytes + logged <= self.cap {
                e.events = events.map(<[Event]>::to_vec);
                self.bytes += logged;
            }
            return Some((e.fp, e.outcome));
        }
        let size = std::mem::size_of::<Entry>() + ENTRY_OVERHEAD + logged;
        if self.bytes + size > self.cap {
            return None;
        }
        let fp = st.fingerprint();
        let outcome = Outcome::of(st);
        self.bytes += size;
        self.map.insert(
            key,
            Entry {
                st: st.clone(),
                fp,
                outcome,
                events: events.map(<[Event]>::to_vec),
            },
        );
        Some((fp, outcome))
    }

    /// Copies the stored legal list of the position of fingerprint `fp` into `out`; false if
    /// none.
    pub(super) fn legal_into(&mut self, fp: u64, out: &mut Vec<Action>) -> bool {
        match self.lists.get(&fp) {
            Some((_, l)) => {
                out.clear();
                out.extend_from_slice(l);
                self.stats.legal_hits += 1;
                true
            }
            None => false,
        }
    }

    /// Keeps `legal`, the legal list of the position of fingerprint `fp` (if there is room).
    pub(super) fn put_legal(&mut self, fp: u64, legal: &[Action]) {
        let size = std::mem::size_of_val(legal) + ENTRY_OVERHEAD + 16;
        if self.bytes + size > self.cap {
            return;
        }
        if let std::collections::hash_map::Entry::Vacant(v) = self.lists.entry(fp) {
            v.insert((None, legal.into()));
            self.bytes += size;
        }
    }

    /// The signature of `legal`, the legal list of the position of fingerprint `fp`: stored
    /// with the list, or computed (and stored, if the list is).
    pub(super) fn signature_of(&mut self, fp: u64, legal: &[Action]) -> u64 {
        match self.lists.get_mut(&fp) {
            Some((Some(sig), _)) => *sig,
            Some((sig, _)) => *sig.insert(signature(legal)),
            None => signature(legal),
        }
    }

    /// The prior's `top` best of the legal list of the position of fingerprint `fp`, its
    /// movement destinations scored with `stride`: stored, or made by `make` (and stored).
    pub(super) fn prior_of(
        &mut self,
        fp: u64,
        top: usize,
        stride: usize,
        make: impl FnOnce() -> Vec<(f32, Action)>,
    ) -> Vec<(f32, Action)> {
        let key = (fp, top.min(u32::MAX as usize) as u32, stride as u32);
        if let Some(p) = self.priors.get(&key) {
            self.stats.prior_hits += 1;
            return p.to_vec();
        }
        let scored = make();
        let size = std::mem::size_of_val(&scored[..]) + ENTRY_OVERHEAD + 24;
        if self.bytes + size <= self.cap {
            self.priors.insert(key, scored.as_slice().into());
            self.bytes += size;
        }
        scored
    }

    /// The statistics, with the entries and bytes held now.
    pub(super) fn stats(&self) -> CacheStats {
        CacheStats {
            entries: self.map.len() as u64,
            lists: self.lists.len() as u64,
            bytes: self.bytes as u64,
            ..self.stats
        }
    }
}

/// The dice of a descent, counting its rolls: a step that rolled none is cacheable.
pub(super) struct Counted<'a> {
    pub(super) dice: &'a mut SeededDice,
    pub(super) rolls: u32,
}

impl DiceSource for Counted<'_> {
    #[inline]
    fn d10(&mut self) -> u8 {
        self.rolls += 1;
        self.dice.d10()
    }
    #[inline]
    fn d100(&mut self) -> u8 {
        self.rolls += 1;
        self.dice.d100()
    }
}
