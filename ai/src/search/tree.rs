//! The search tree and what it reports (product role: the candidates, values, risks and
//! principal variations `wartime analyze` explains), the values backed up from the best
//! continuations, and the tree's shape. The phases of an iteration live beside it: `select.rs`
//! (descent), `expand.rs` (candidates), `backup.rs`, `chance.rs`, `root.rs`.

use super::node::{signature, ActionSet, Node, NO_CLASS};
use super::risk::Risk;
use super::step_cache::{CacheStats, StepCache};
use engine::basics::action::Action;
use engine::{Side, State};

/// One search tree.
#[derive(Clone)]
pub struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) root_side: Side,
    /// The root child the next descent must take (sequential halving at the root).
    pub(super) force: Option<u32>,
    /// Common random numbers at the root (`Params::crn`): the dice seed of this tree's
    /// samples, per visit count of the root action.
    pub(super) crn: Option<u64>,
    /// What each root child risks ([`Risk`]), by node index: only the root's children are
    /// measured, so the tally lives here rather than in every node (36 bytes a node).
    pub(super) risks: ahash::AHashMap<u32, Risk>,
    /// Every node's candidates, one list after another (`Node::cands`, `Node::ncands`).
    pub(super) arena: Vec<Action>,
    /// The child flags of candidates past the 16th, by node (the root, completed and merged
    /// lists).
    pub(super) flags_high: ahash::AHashMap<u32, Box<[u64]>>,
    /// The keys of exact-outcome chance nodes (fingerprints), by node (`Params::exact`).
    pub(super) exact_keys: ahash::AHashMap<u32, u64>,
    /// Candidates in the arena that no node points at any more (replaced lists).
    pub(super) waste: usize,
    /// A merge below the root keeps the best [`TOP_CANDIDATES`] of the new list
    /// (`Params::merge_cap`, set by each search).
    ///
    /// [`TOP_CANDIDATES`]: super::node::TOP_CANDIDATES
    pub(super) merge_cap: bool,
    /// A reaction window's `pass` first among a node's candidates (`Params::pass_first`, set
    /// by each search).
    pub(super) pass_first: bool,
    /// The progressive bias of each root candidate, by candidate index (`prior=expert`,
    /// `expert_prior.rs`; empty otherwise).
    pub(super) root_bias: Vec<f32>,
    /// [`Tree::backed`] follows each decision's most visited continuation (the line the search
    /// would play) instead of its best mean (`Params::robust_back`, set by each search).
    pub(super) robust_back: bool,
    /// How the step cache served the last search of this tree.
    pub(super) cache_stats: CacheStats,
    /// The iterations this search has run so far (set by the driver before each one): the
    /// root's exploration may grow with them (`Params::root_grow`).
    pub(super) iteration: u64,
    /// The sum of each node's squared sample values (for the side that chose it), by node:
    /// kept only when a search asks for its children's spread (`Params::ucbv`), else empty.
    pub(super) sq: Vec<f64>,
    /// Whether [`Tree::sq`] is kept (set by each search).
    pub(super) track_sq: bool,
    /// The implicit minimax value of each node (`Params::imm`, `backup.rs`: for the side that
    /// chose it; NaN while unknown), by node: kept only when a search asks for it, else empty.
    pub(super) tau: Vec<f32>,
    /// The fit of the dice's luck (`Params::luck`, set by each search; `None`: off).
    pub(super) luck: Option<super::luck::LuckFit>,
}

/// A root candidate after the search.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The action.
    pub action: Action,
    /// Visits.
    pub visits: u32,
    /// Mean value for the side that decides at the root (win probability).
    pub value: f32,
    /// Value with the best continuations instead of the mean over the tried ones, where they
    /// have enough visits (`Params::maxback`; equal to `value` when it is 0).
    pub backed: f32,
    /// Risk breakdown.
    pub risk: Risk,
    /// Principal variation starting with this action.
    pub pv: Vec<Action>,
}

/// Reusable buffers of one search thread.
#[derive(Default)]
pub struct Bufs {
    pub(super) legal: Vec<Action>,
    pub(super) set: ActionSet,
    pub(super) avail: Vec<u32>,
    pub(super) path: Vec<usize>,
    pub(super) scores: Vec<f32>,
    /// The step cache of this thread's search (`Params::hash_mb`; off by default).
    pub(super) cache: StepCache,
}

impl Tree {
    /// A tree for a root position.
    pub fn new(root: &State) -> Tree {
        let side = root.to_decide().unwrap_or(Side::A);
        let mut t = Tree::without_nodes(side);
        t.nodes.push(Node::new(None, side));
        t
    }

    /// A tree with no nodes yet whose root side is `side`.
    pub(super) fn without_nodes(side: Side) -> Tree {
        Tree {
            nodes: Vec::new(),
            root_side: side,
            force: None,
            crn: None,
            risks: ahash::AHashMap::new(),
            arena: Vec::new(),
            flags_high: ahash::AHashMap::new(),
            exact_keys: ahash::AHashMap::new(),
            waste: 0,
            merge_cap: false,
            pass_first: false,
            root_bias: Vec::new(),
            robust_back: false,
            sq: Vec::new(),
            track_sq: false,
            tau: Vec::new(),
            luck: None,
            cache_stats: CacheStats::default(),
            iteration: 0,
        }
    }

    /// How the step cache served the last search that grew this tree (`Params::hash_mb`).
    pub fn cache_stats(&self) -> CacheStats {
        self.cache_stats
    }

    /// Nodes allocated.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes the tree holds: every node's own size (`size_of::<Node>()`) plus the candidate
    /// arena, the long child flags, the exact-outcome keys and the risk tally of the root's
    /// children ([`Tree::store_bytes`]), and the squares of `ucbv` and the minimax values of `imm` when kept; the node vector's
    /// spare capacity is not counted.
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.store_bytes()
            + self.risks.capacity() * (std::mem::size_of::<u32>() + std::mem::size_of::<Risk>())
            + self.sq.len() * std::mem::size_of::<f64>()
            + self.tau.len() * std::mem::size_of::<f32>()
    }

    /// The size of one node without what it keeps on the heap (`size_of::<Node>()`): for the
    /// memory figures of PERFORMANCE.md.
    pub fn node_size() -> usize {
        std::mem::size_of::<Node>()
    }

    /// Whether the tree has only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Root candidates, most visited first, with their principal variations.
    pub fn candidates(&self) -> Vec<Candidate> {
        self.candidates_backed(0)
    }

    /// The value of node `i` for the side that chose it, backed up from the best continuation
    /// below it (recursively) where that has at least `m` visits; the mean where nothing does.
    ///
    /// A mean backup charges an action with every continuation the search tried after it,
    /// poor ones included; over an activation of several actions of one side that drags down
    /// exactly the actions worth continuing. Chance children are averaged by their visits (the
    /// dice are not chosen); a decision's children are maximised for whoever decides there.
    pub(super) fn backed(&self, i: usize, m: u32) -> f64 {
        let n = &self.nodes[i];
        let mean = if n.visits == 0 {
            0.5
        } else {
            n.value / n.visits as f64
        };
        let Some(first) = self.first_kid(i) else {
            return mean;
        };
        if m == 0 || n.visits < 2 * m {
            return mean;
        }
        if self.nodes[first as usize].class != NO_CLASS {
            let (mut sum, mut w) = (0.0, 0.0);
            for c in self.kids(i) {
                let v = self.nodes[c as usize].visits as f64;
                if v > 0.0 {
                    sum += self.backed(c as usize, m) * v;
                    w += v;
                }
            }
            return if w > 0.0 { sum / w } else { mean };
        }
        let mut best: Option<(f64, Side)> = None;
        if self.robust_back {
            // The most visited continuation (ties: the first made): its backed value.
            let top = self
                .kids(i)
                .filter(|&c| self.nodes[c as usize].visits >= m)
                .max_by_key(|&c| (self.nodes[c as usize].visits, std::cmp::Reverse(c)));
            best = top.map(|c| (self.backed(c as usize, m), self.nodes[c as usize].side));
        }
        for c in self.kids(i).filter(|_| !self.robust_back) {
            let cn = &self.nodes[c as usize];
            if cn.visits >= m {
                let v = self.backed(c as usize, m);
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, cn.side));
                }
            }
        }
        match best {
            Some((v, side)) if side == n.side => v,
            Some((v, _)) => 1.0 - v,
            None => mean,
        }
    }

    /// [`Tree::candidates`] with values backed up from continuations of at least `m` visits.
    pub fn candidates_backed(&self, m: u32) -> Vec<Candidate> {
        let mut v: Vec<Candidate> = self
            .kids(0)
            .map(|c| {
                let n = &self.nodes[c as usize];
                Candidate {
                    action: n.action.expect("child"),
                    visits: n.visits,
                    value: if n.visits == 0 {
                        0.5
                    } else {
                        (n.value / n.visits as f64) as f32
                    },
                    backed: self.backed(c as usize, m) as f32,
                    risk: self.risks.get(&c).copied().unwrap_or_default(),
                    pv: self.pv_from(c as usize),
                }
            })
            .collect();
        v.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        v
    }

    /// Every node with its depth (decisions from the root; chance nodes add none), its action
    /// (`None` for the root and chance nodes), its visits and whether it is a chance node, in
    /// depth-first order: for tools that study the tree's shape.
    pub fn shape(&self) -> Vec<(usize, Option<Action>, u32, bool)> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![(0usize, 0usize)];
        while let Some((i, d)) = stack.pop() {
            let n = &self.nodes[i];
            let chance = n.class != NO_CLASS;
            out.push((d, n.action, n.visits, chance));
            let kids: Vec<u32> = self.kids(i).collect();
            for &c in kids.iter().rev() {
                let cn = &self.nodes[c as usize];
                stack.push((c as usize, if cn.class != NO_CLASS { d } else { d + 1 }));
            }
        }
        out
    }

    fn pv_from(&self, mut i: usize) -> Vec<Action> {
        let mut pv = Vec::new();
        loop {
            // Chance nodes carry no action: the PV goes on through the likeliest class.
            if let Some(a) = self.nodes[i].action {
                pv.push(a);
            }
            let Some(next) = self
                .kids(i)
                .max_by_key(|&c| (self.nodes[c as usize].visits, std::cmp::Reverse(c)))
            else {
                break;
            };
            if self.nodes[next as usize].visits < 2 || pv.len() >= 24 {
                break;
            }
            i = next as usize;
        }
        pv
    }
}

impl Bufs {
    /// The legal list of `st`, of fingerprint `fp` (`None`: the cache is off), into
    /// `self.legal`: copied from the step cache when it has the list, else generated (and
    /// stored).
    pub(super) fn legal_of(&mut self, st: &State, fp: Option<u64>) {
        match fp {
            Some(fp) => {
                if !self.cache.legal_into(fp, &mut self.legal) {
                    st.legal_actions(&mut self.legal);
                    self.cache.put_legal(fp, &self.legal);
                }
            }
            None => st.legal_actions(&mut self.legal),
        }
    }

    /// The signature of `self.legal`, the legal list of a position of fingerprint `fp`
    /// (`None`: the cache is off).
    pub(super) fn signature_of(&mut self, fp: Option<u64>) -> u64 {
        match fp {
            Some(fp) => self.cache.signature_of(fp, &self.legal),
            None => signature(&self.legal),
        }
    }
}
