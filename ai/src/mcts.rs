//! Open-loop Monte Carlo tree search with dice re-sampled every iteration.
//!
//! A node is reached by a sequence of decisions, never by a sequence of dice: each iteration
//! clones the root, draws a fresh dice stream and replays the decisions down the tree, so a
//! node's value averages over every dice outcome that led through it (no clairvoyance).
//! Because outcomes differ between iterations, an action of a node may be illegal in some of
//! them (the target already down): selection only considers the children legal in the current
//! sample and uses availability counts in the exploration term (as in ISMCTS), which removes the
//! bias towards actions that are rarely available.
//!
//! Progressive widening keeps the branching manageable: a node with `n` visits may have at most
//! `ceil(k · n^α)` children, taken in the order of the heuristic prior (`policy.rs`). Movement is
//! already a macro-move (one decision per destination).
//!
//! Chance nodes: near the root, the children of an action node are split by the class of what
//! its dice did ([`Outcome`]: for each side, someone wounded, someone put out of the fight), so
//! that the continuation after a hit and after a miss are chosen separately; deeper, plain
//! open-loop nodes keep the tree small.
//!
//! Between decisions of one activation an agent may carry its tree over ([`Tree::subtree`],
//! [`search_from`]): the subtree under the action taken (and under the outcome class the table
//! rolled) becomes the next root.

use crate::policy::{choose_scored, rollout_choice, scores_into};
use engine::action::Action;
use engine::check::{Event, Log};
use engine::dice::{DiceSource, FxHasher, SeededDice};
use engine::game::DecisionKind;
use engine::{Side, State};
use eval::Weights;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long to search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Total iterations (over all threads).
    pub iterations: Option<u64>,
    /// Wall-clock time.
    pub movetime: Option<Duration>,
    /// Most nodes per tree (memory cap); beyond it iterations go on without expanding.
    pub nodes: Option<usize>,
}

/// Search parameters.
#[derive(Clone, Debug)]
pub struct Params {
    /// UCT exploration constant.
    pub c: f32,
    /// Progressive widening: k.
    pub pw_k: f32,
    /// Progressive widening: α.
    pub pw_alpha: f32,
    /// Progressive widening k at the root (the decision actually taken: wider than below it,
    /// so that the search sees most of the legal actions before it narrows).
    pub root_pw_k: f32,
    /// Rollout length in decisions before the evaluation.
    pub rollout_depth: u32,
    /// Count the rollout from the root rather than from the leaf: every iteration is evaluated
    /// `rollout_depth + 1` decisions after the root (or at its leaf, if the tree is deeper), so
    /// that deep and shallow iterations meet the same horizon (and the same dice noise).
    pub horizon: bool,
    /// Depth (decisions from the root) up to which action nodes split into chance nodes by
    /// outcome class (0: a plain open-loop tree).
    pub chance_depth: usize,
    /// Threads (root-parallel ensembles).
    pub threads: usize,
    /// Seed.
    pub seed: u64,
    /// Evaluation weights.
    pub weights: Weights,
    /// How threads share the work.
    pub parallel: Parallel,
    /// Root policy: 0 for UCT; otherwise sequential halving over the best root candidates by
    /// prior, with at least this many samples per candidate in its first round (see
    /// [`Halving`]).
    pub halving: u32,
    /// Final choice: 0 plays the most visited root action; k > 0 plays the one with the best
    /// lower bound `value − k/√visits` (see [`final_choice`]).
    pub lcb: f32,
    /// Final choice by values backed up from the best continuations with at least this many
    /// visits ([`Candidate::backed`]; 0: off).
    pub maxback: u32,
    /// A node grows children on its `expand_after`-th arrival (1 or 2: the classic growth of
    /// one node per iteration, a new decision node being a leaf on its first arrival; larger:
    /// rollouts from the node until then).
    pub expand_after: u32,
    /// Exact-outcome chance nodes per action node before outcomes are gathered by class (0:
    /// classes only; see [`Tree::chance_child`]).
    pub exact: usize,
    /// Common random numbers at the root: the k-th sample of every root action uses the same
    /// dice (root-parallel trees only).
    pub crn: bool,
    /// Flat screening: the share of the budget (percent) spent first on flat Monte Carlo
    /// samples of every legal root action in turn (the action, then the rollout), before the
    /// tree grows under the best of them (see [`Tree::screen`]; 0: off).
    pub screen: u32,
    /// With sequential halving: rounds with more than this many arms take flat samples (the
    /// action and the rollout, no tree below it); 0: every round descends the tree.
    pub flat_above: u32,
    /// A new node's candidates are made by the first step of the rollout from it, which
    /// generates and scores the same legal list anyway (see [`Prepared`]); off, the node makes
    /// them on its next visit, generating and scoring the list a second time. Off by default:
    /// it saves 1.5 % of an iteration's instructions and solved fewer tactics at 1,000
    /// iterations (47 against 57 of 72 over seeds 1–3; STRENGTH.md).
    pub prefill: bool,
}

/// How a search uses several threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// Root-parallel ensembles: one tree per thread, root statistics summed.
    Root,
    /// Tree-parallel with virtual loss, in deterministic batches: one descent per thread is
    /// selected in turn (each adding a virtual loss), the rollouts run in parallel, then the
    /// values are backed up in order.
    Tree,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            // Fourth session: c 0.3 and k 0.5 below the root (from 0.6 and 2) solve 66 of the
            // tactics' 72 seed-runs at 3,000 iterations instead of 50 — the tree follows the
            // few best continuations deep enough to value a preparatory action (crouch, reload,
            // a silent approach) by what it prepares — at no measurable cost in matches
            // (STRENGTH.md).
            c: 0.3,
            pw_k: 0.5,
            pw_alpha: 0.5,
            root_pw_k: 2.0,
            rollout_depth: 2,
            chance_depth: CHANCE_DEPTH,
            horizon: false,
            threads: 1,
            seed: 1,
            weights: Weights::default(),
            parallel: Parallel::Root,
            halving: 0,
            lcb: 0.0,
            maxback: 0,
            expand_after: 1,
            exact: 0,
            crn: false,
            screen: 0,
            flat_above: 0,
            prefill: false,
        }
    }
}

/// What a candidate risks: measured over the iterations that chose it, from its application up
/// to the next decision of the side that chose it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Risk {
    /// Iterations measured.
    pub samples: u32,
    /// Iterations where an enemy reaction window opened.
    pub windows: u32,
    /// Iterations where an enemy reaction wounded one of ours.
    pub reaction_hits: u32,
    /// Wounds dealt to the enemy (sum).
    pub wounds_dealt: u32,
    /// Wounds taken (sum).
    pub wounds_taken: u32,
    /// Iterations with a CH PSI of one of ours.
    pub psi: u32,
    /// Iterations with a failed CH PSI of one of ours.
    pub psi_failed: u32,
    /// Sum of the actor's ENE left.
    pub ene_left: i32,
}

impl Risk {
    fn add(&mut self, o: &Risk) {
        self.samples += o.samples;
        self.windows += o.windows;
        self.reaction_hits += o.reaction_hits;
        self.wounds_dealt += o.wounds_dealt;
        self.wounds_taken += o.wounds_taken;
        self.psi += o.psi;
        self.psi_failed += o.psi_failed;
        self.ene_left += o.ene_left;
    }
    /// Probability that the candidate opens a reaction window to an enemy.
    pub fn p_window(&self) -> f32 {
        self.windows as f32 / self.samples.max(1) as f32
    }
    /// Probability that a reaction wounds one of ours.
    pub fn p_reaction_hit(&self) -> f32 {
        self.reaction_hits as f32 / self.samples.max(1) as f32
    }
    /// Expected wounds dealt.
    pub fn exp_dealt(&self) -> f32 {
        self.wounds_dealt as f32 / self.samples.max(1) as f32
    }
    /// Expected wounds taken.
    pub fn exp_taken(&self) -> f32 {
        self.wounds_taken as f32 / self.samples.max(1) as f32
    }
    /// Probability of a CH PSI of one of ours.
    pub fn p_psi(&self) -> f32 {
        self.psi as f32 / self.samples.max(1) as f32
    }
    /// Probability of failing it.
    pub fn p_psi_fail(&self) -> f32 {
        self.psi_failed as f32 / self.samples.max(1) as f32
    }
    /// Expected ENE left to the actor.
    pub fn exp_ene(&self) -> f32 {
        self.ene_left as f32 / self.samples.max(1) as f32
    }
}

/// A node's children: most nodes below the root have a handful (widening k 0.5 admits a fifth
/// child after 64 visits), kept inline so that a descent reads them without a pointer chase.
type Children = smallvec::SmallVec<[u32; 4]>;

/// A tree node. `repr(C)` with the fields every descent reads first (the selection reads the
/// visits, value, availability and candidate index of every child): one cache line per child.
#[derive(Clone, Debug)]
#[repr(C)]
struct Node {
    visits: u32,
    avail: u32,
    value: f64,
    /// Index of this node's action among its parent's candidates.
    cand: u32,
    /// Side that chose `action` (the value is kept from its point of view).
    side: Side,
    /// A chance node: the outcome class (see [`Outcome`]) this node stands for, below the
    /// action node whose outcome it is; `NO_CLASS` for decision nodes.
    class: u8,
    /// Whether `candidates` hold the whole first legal list ([`TOP_CANDIDATES`]: below the
    /// root only the best by prior are kept until the widening asks for more).
    complete: bool,
    action: Option<Action>,
    /// Fingerprint ([`State::fingerprint`]) of the state the candidates were first made in: a
    /// sample that reaches this node in that same state (no dice changed anything on the way,
    /// or they fell the same) has the same legal actions, so the move generator is skipped.
    fp: u64,
    children: Children,
    /// Signature of the legal list the candidates were first made from, and how many of the
    /// candidates came from it: when a later sample has the same list (the usual case) every
    /// one of those is legal without looking.
    sig: u64,
    first_len: u32,
    /// Candidate actions sorted by prior, best first; filled on the first visit.
    candidates: Vec<Action>,
    /// Whether each candidate is already a child.
    is_child: Vec<bool>,
    /// A chance node's key: the fingerprint of the outcome's state for an exact outcome, or
    /// the class (≤ [`CLASS_KEYS`]) for a node that gathers a class.
    ckey: u64,
    risk: Risk,
}

/// Candidates a new node below the root keeps, best by prior. Progressive widening below the
/// root (k 0.5, α 0.5) admits a 13th child only after 576 visits, which few nodes reach, so
/// the whole sorted legal list (hundreds of destinations) was mostly sorted and stored for
/// nothing; a node whose widening wants more takes the rest of its list then
/// ([`Tree::complete_candidates`]).
const TOP_CANDIDATES: usize = 12;

/// Movement destinations a node deeper than the root's children scores for its candidates.
const PRIOR_MOVES: usize = 48;

/// Keys up to this are outcome classes ([`Node::ckey`]); fingerprints are moved above it.
const CLASS_KEYS: u64 = 0xFF;

/// `Node::class` of a decision node.
const NO_CLASS: u8 = u8::MAX;

impl Node {
    fn new(action: Option<Action>, side: Side) -> Node {
        Node {
            action,
            side,
            children: Children::new(),
            visits: 0,
            avail: 0,
            value: 0.0,
            candidates: Vec::new(),
            is_child: Vec::new(),
            cand: 0,
            sig: 0,
            first_len: 0,
            complete: false,
            fp: 0,
            risk: Risk::default(),
            class: NO_CLASS,
            ckey: u64::MAX,
        }
    }
}

/// Chance nodes: the wounds and incapacitations of both sides before an action, to classify
/// what its dice did.
///
/// An open-loop node averages over every outcome of its action; that is right for choosing the
/// action but blurs the continuation when the best next step depends on the outcome (shoot
/// again after a miss, take cover after the kill). Near the root ([`CHANCE_DEPTH`]) the
/// children of an action node are therefore split by outcome class — for each side, whether
/// one of its characters was wounded and whether one was put out of the fight (a hit, a miss,
/// a kill, a reaction that hit back) — and the search goes on below the class the sampled dice
/// produced. Deeper, plain open-loop nodes keep the tree small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    wounds: [u16; 2],
    down: [u8; 2],
}

/// Default depth (decisions from the root) up to which action nodes split by outcome class: deep
/// enough for an attack declared at the root to resolve after the enemy's early window
/// (attack, react or pass, reaction) and for the decision after it.
pub const CHANCE_DEPTH: usize = 4;

impl Outcome {
    /// The tally of a position.
    pub fn of(st: &State) -> Outcome {
        let mut o = Outcome {
            wounds: [0; 2],
            down: [0; 2],
        };
        for i in st.indices() {
            let s = st.side_of(i).index();
            o.wounds[s] += st.ch(i).wounds as u16;
            if !st.able(i) {
                o.down[s] += 1;
            }
        }
        o
    }

    /// The class of what happened between `self` (before) and `after`: bit 0/1 side A
    /// wounded/downed, bit 2/3 the same for side B.
    pub fn class(&self, after: &State) -> u8 {
        let a = Outcome::of(after);
        let mut k = 0u8;
        for s in 0..2 {
            if a.wounds[s] > self.wounds[s] {
                k |= 1 << (2 * s);
            }
            if a.down[s] > self.down[s] {
                k |= 2 << (2 * s);
            }
        }
        k
    }
}

/// A set of actions hashed with [`FxHasher`] (membership tests of a descent: cheaper than a
/// general-purpose hasher on the one-byte writes of `Action`'s derived `Hash`).
type ActionSet = std::collections::HashSet<Action, std::hash::BuildHasherDefault<FxHasher>>;

/// A signature of a legal list (order included). Computed on every node of every descent, so
/// it uses a multiply-rotate hasher (FxHash's) over the derived `Hash` of the actions: a
/// fraction of the cost of a general-purpose hasher on these one-byte writes, and still 64 bits.
fn signature(legal: &[Action]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = FxHasher(legal.len() as u64);
    legal.hash(&mut h);
    h.finish()
}

/// One search tree.
#[derive(Clone)]
pub struct Tree {
    nodes: Vec<Node>,
    root_side: Side,
    /// The root child the next descent must take (sequential halving at the root).
    force: Option<u32>,
    /// Common random numbers at the root (`Params::crn`): the dice seed of this tree's
    /// samples, per visit count of the root action.
    crn: Option<u64>,
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

/// Progress reported during a search.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iterations done.
    pub iterations: u64,
    /// Nodes in the trees.
    pub nodes: usize,
    /// Elapsed time.
    pub elapsed: Duration,
    /// Root candidates, best first.
    pub candidates: Vec<Candidate>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best action (None if nothing is legal).
    pub best: Option<Action>,
    /// All root candidates, most visited first.
    pub candidates: Vec<Candidate>,
    /// Iterations done.
    pub iterations: u64,
    /// Nodes allocated.
    pub nodes: usize,
    /// Elapsed.
    pub elapsed: Duration,
}

/// Independent dice streams per thread and iteration.
use engine::dice::mix64 as mix;

impl Tree {
    /// A tree for a root position.
    pub fn new(root: &State) -> Tree {
        let side = root.to_decide().unwrap_or(Side::A);
        Tree {
            nodes: vec![Node::new(None, side)],
            root_side: side,
            force: None,
            crn: None,
        }
    }

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
    fn chance_child(
        &mut self,
        parent: usize,
        after: Option<u64>,
        k: u8,
        exact: usize,
        node_cap: usize,
    ) -> Option<usize> {
        let kids = &self.nodes[parent].children;
        let exact_key = after.and_then(|after| {
            let exact_kids = kids
                .iter()
                .filter(|&&c| self.nodes[c as usize].ckey > CLASS_KEYS)
                .count();
            (exact_kids < exact).then_some(after)
        });
        if let Some(&c) =
            after.and_then(|a| kids.iter().find(|&&c| self.nodes[c as usize].ckey == a))
        {
            return Some(c as usize);
        }
        let key = if let Some(after) = exact_key {
            after
        } else {
            if let Some(&c) = kids
                .iter()
                .find(|&&c| self.nodes[c as usize].ckey == k as u64)
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
        n.ckey = key;
        self.nodes.push(n);
        self.nodes[parent].children.push(id as u32);
        Some(id)
    }

    /// The subtree below the root child reached by `action`, as a tree of its own (statistics
    /// kept), if that child exists and `side` chose it. Used to carry the search over to the
    /// next decision of the same activation: the child's node averaged every dice outcome of
    /// `action`, so its subtree is an open-loop tree for whatever outcome the table rolled
    /// (the availability counts deal with its actions that are illegal after that outcome).
    ///
    /// `class` is the outcome class of what happened since (see [`Outcome`]): when the child's
    /// children are chance nodes, the subtree starts at the one of that class.
    ///
    /// `now` is the position the search goes on from: where the child has a chance node of
    /// that exact outcome (its fingerprint) the subtree starts there; otherwise at the node of
    /// its class, or the most visited exact outcome of that class (an open-loop tree for the
    /// position, like any other).
    pub fn subtree(&self, action: &Action, class: u8, now: &State, side: Side) -> Option<Tree> {
        let &c = self.nodes[0]
            .children
            .iter()
            .find(|&&c| self.nodes[c as usize].action.as_ref() == Some(action))?;
        let kids = &self.nodes[c as usize].children;
        let c = if kids
            .iter()
            .any(|&k| self.nodes[k as usize].class != NO_CLASS)
        {
            let fp = now.fingerprint().max(CLASS_KEYS + 1);
            let node = |k: &u32| &self.nodes[*k as usize];
            *kids
                .iter()
                .find(|k| node(k).ckey == fp)
                .or_else(|| kids.iter().find(|k| node(k).ckey == class as u64))
                .or_else(|| {
                    kids.iter()
                        .filter(|k| node(k).class == class)
                        .max_by_key(|k| (node(k).visits, std::cmp::Reverse(**k)))
                })?
        } else {
            c
        };
        let mut nodes = Vec::new();
        // Depth-first copy with index remapping; `stack` holds (old index, new parent).
        let mut stack = vec![(c as usize, u32::MAX)];
        while let Some((old, parent)) = stack.pop() {
            let id = nodes.len() as u32;
            let mut n = self.nodes[old].clone();
            let kids = std::mem::take(&mut n.children);
            nodes.push(n);
            if parent != u32::MAX {
                nodes[parent as usize].children.push(id);
            }
            for &k in kids.iter().rev() {
                stack.push((k as usize, id));
            }
        }
        // Children are pushed back in their original order because the stack is popped in
        // reverse: the copy expands and breaks ties exactly as the original would.
        let root = &mut nodes[0];
        root.action = None;
        root.class = NO_CLASS;
        root.side = side;
        root.risk = Risk::default();
        Some(Tree {
            nodes,
            root_side: side,
            force: None,
            crn: None,
        })
    }

    /// Nodes allocated.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Runs one iteration with dice stream `seed`.
    pub fn iterate(
        &mut self,
        root: &State,
        p: &Params,
        seed: u64,
        node_cap: usize,
        bufs: &mut Bufs,
    ) {
        let mut leaf = self.descend(root, p, seed, node_cap, bufs);
        let v_a = rollout(self.root_side, &mut leaf, p, bufs);
        self.finish(leaf, v_a);
    }

    /// Adds the actions of `legal` (the legal list in `st`) to `node`'s candidates, best
    /// prior first; on the node's first visit (`fresh`) they are its reference list.
    ///
    /// A fresh node below the root keeps only its [`TOP_CANDIDATES`] best.
    ///
    /// A fresh node deeper than the root's children (`deep`) scores only an evenly spaced
    /// sample of [`PRIOR_MOVES`] of its movement destinations, as rollouts do: its dozen
    /// candidates need the best few, not an order of hundreds.
    fn add_candidates(
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
            n.candidates.extend(scored.into_iter().map(|(_, a)| a));
        } else {
            let known: ahash::AHashSet<Action> = n.candidates.iter().copied().collect();
            n.candidates.extend(
                scored
                    .into_iter()
                    .map(|(_, a)| a)
                    .filter(|a| !known.contains(a)),
            );
        }
        n.is_child.resize(n.candidates.len(), false);
    }

    /// Takes the rest of `node`'s first legal list into its candidates, when the widening wants
    /// more children than its [`TOP_CANDIDATES`]. `legal` is the legal list of this sample,
    /// which must be the node's first list (same signature), so that the candidates stay a
    /// prefix of the list they were made from; a node whose candidates were merged with other
    /// samples' lists is marked complete as it is.
    fn complete_candidates(&mut self, node: usize, st: &State, legal: &[Action]) {
        let n = &self.nodes[node];
        if n.candidates.len() == n.first_len as usize {
            let scored = by_prior_top(st, legal, usize::MAX, 1);
            let n = &mut self.nodes[node];
            let have = n.candidates.len();
            for (_, a) in scored {
                if !n.candidates[..have].contains(&a) {
                    n.candidates.push(a);
                }
            }
            n.first_len = n.candidates.len() as u32;
            n.is_child.resize(n.candidates.len(), false);
        }
        self.nodes[node].complete = true;
    }

    /// Makes the `k` best root candidates by prior children of the root (all, if fewer) and
    /// returns the root's children: the arms of sequential halving.
    fn expand_root(&mut self, root: &State, k: usize, bufs: &mut Bufs) -> Vec<u32> {
        if self.nodes[0].candidates.is_empty() {
            root.legal_actions(&mut bufs.legal);
            let legal = std::mem::take(&mut bufs.legal);
            self.add_candidates(0, root, root.fingerprint(), true, &legal, false);
            bufs.legal = legal;
        }
        let side = self.root_side;
        let n = (self.nodes[0].first_len as usize).min(k.max(1));
        for i in 0..n {
            if !self.nodes[0].is_child[i] {
                let a = self.nodes[0].candidates[i];
                let id = self.nodes.len() as u32;
                let mut child = Node::new(Some(a), side);
                child.cand = i as u32;
                self.nodes.push(child);
                self.nodes[0].children.push(id);
                self.nodes[0].is_child[i] = true;
            }
        }
        self.nodes[0].children.to_vec()
    }

    /// Flat screening ([`Params::screen`]): samples every legal root action in turn — the
    /// action on fresh dice, then the rollout policy and the evaluation, exactly a flat Monte
    /// Carlo sample, with no tree to replay — while `more(i)` allows sample `i`. Then the root's
    /// candidates are ordered by screened mean (actions never sampled after, best prior
    /// first), the screened statistics go to the children that exist (a carried-over tree)
    /// and the best of the rest become children with theirs, as many as the root's widening
    /// allows at its new visit count. Returns the samples taken.
    ///
    /// Why: UCT widens the root in prior order, so a good action the prior ranks low is seen
    /// late or never, while flat Monte Carlo sees every action at the cost of one sample each
    /// (STRENGTH.md). Screening gives the tree flat Monte Carlo's breadth at flat Monte Carlo's
    /// price, and the tree's depth where the samples point.
    fn screen(
        &mut self,
        root: &State,
        p: &Params,
        seed: u64,
        node_cap: usize,
        more: &mut dyn FnMut(u64) -> bool,
        bufs: &mut Bufs,
    ) -> u64 {
        root.legal_actions(&mut bufs.legal);
        let legal = std::mem::take(&mut bufs.legal);
        // Prior order decides who is sampled first when the budget is short, and breaks ties.
        let order = by_prior(root, &legal);
        let n = order.len();
        let me = self.root_side;
        let mut sums = vec![0f64; n];
        let mut counts = vec![0u32; n];
        let mut i = 0u64;
        while n > 0 && more(i) {
            let k = (i % n as u64) as usize;
            sums[k] += flat_sample(me, root, &order[k].1, p, mix(seed, i), bufs);
            counts[k] += 1;
            i += 1;
        }
        let mean = |k: usize| {
            if counts[k] > 0 {
                sums[k] / counts[k] as f64
            } else {
                f64::NEG_INFINITY
            }
        };
        let mut rank: Vec<usize> = (0..n).collect();
        // Stable: equal means (and every unsampled action) keep the prior order.
        rank.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
        let mut candidates: Vec<Action> = rank.iter().map(|&k| order[k].1).collect();
        let children = std::mem::take(&mut self.nodes[0].children);
        let mut child_of: Vec<Option<usize>> = vec![None; n];
        for &c in &children {
            let a = self.nodes[c as usize].action.expect("child has an action");
            // A carried-over child whose action is not legal here goes past the legal list
            // (never available at this root).
            let j = candidates.iter().position(|x| *x == a).unwrap_or_else(|| {
                candidates.push(a);
                candidates.len() - 1
            });
            if j < n {
                child_of[j] = Some(c as usize);
            }
            self.nodes[c as usize].cand = j as u32;
        }
        let r = &mut self.nodes[0];
        r.sig = signature(&legal);
        r.fp = root.fingerprint();
        r.first_len = n as u32;
        r.is_child = vec![false; candidates.len()];
        for &c in &children {
            let j = self.nodes[c as usize].cand as usize;
            self.nodes[0].is_child[j] = true;
        }
        self.nodes[0].candidates = candidates;
        self.nodes[0].children = children;
        self.nodes[0].visits += i as u32;
        let visits = self.nodes[0].visits as f32;
        let allowed = (p.root_pw_k * visits.powf(p.pw_alpha)).ceil() as usize;
        let side = self.root_side;
        for (j, &k) in rank.iter().enumerate() {
            if counts[k] == 0 {
                break;
            }
            let id = match child_of[j] {
                Some(c) => c,
                None if self.nodes[0].children.len() < allowed && self.nodes.len() < node_cap => {
                    let id = self.nodes.len();
                    let mut child = Node::new(Some(order[k].1), side);
                    child.cand = j as u32;
                    self.nodes.push(child);
                    self.nodes[0].children.push(id as u32);
                    self.nodes[0].is_child[j] = true;
                    id
                }
                None => continue,
            };
            let ch = &mut self.nodes[id];
            ch.visits += counts[k];
            ch.value += sums[k];
            ch.avail += i as u32;
        }
        bufs.legal = legal;
        i
    }

    /// Selection and expansion: walks down the tree replaying decisions on a fresh sample of
    /// the dice, adds one child, and counts a visit on every node of the path with no value
    /// yet (a virtual loss, so that parallel descents of one batch spread out).
    fn descend(
        &mut self,
        root: &State,
        p: &Params,
        seed: u64,
        node_cap: usize,
        bufs: &mut Bufs,
    ) -> Leaf {
        let mut st = root.clone();
        let mut dice = SeededDice::new(seed);
        let mut policy = SeededDice::new(seed ^ 0x5eed);
        bufs.path.clear();
        bufs.path.push(0);
        let mut node = 0usize;
        let mut chance_nodes = 0usize;
        let mut risk_child: Option<usize> = None;
        let mut seg = Segment::default();
        let mut fill = None;
        loop {
            if st.is_terminal() {
                break;
            }
            let Some(side) = st.to_decide() else { break };
            // Expansion threshold: a node grows children on its `expand_after`-th arrival (a new
            // decision node is a leaf on its first anyway); until then its samples are rollouts
            // from it (cheap, like flat Monte Carlo's), and the tree deepens only where the
            // search keeps coming back.
            if node != 0 && self.nodes[node].visits + 1 < p.expand_after {
                break;
            }
            let fp = st.fingerprint();
            let fresh = self.nodes[node].candidates.is_empty();
            let known_state = !fresh && self.nodes[node].fp == fp;
            let same = known_state || {
                st.legal_actions(&mut bufs.legal);
                if bufs.legal.is_empty() {
                    break;
                }
                !fresh && self.nodes[node].sig == signature(&bufs.legal)
            };
            bufs.set.clear();
            // A fresh node's candidates are this very list: every one is legal, no set needed.
            if !same && !fresh {
                bufs.set.extend(bufs.legal.iter().copied());
            }
            let none_legal = !fresh
                && !same
                && !self.nodes[node]
                    .candidates
                    .iter()
                    .any(|a| bufs.set.contains(a));
            if fresh || none_legal {
                let deep = bufs.path.len() - chance_nodes > 2;
                self.add_candidates(node, &st, fp, fresh, &bufs.legal, deep);
            }
            let same = same || fresh;
            let legal_now = |n: &Node, i: usize, set: &ActionSet| -> bool {
                if same {
                    i < n.first_len as usize
                } else {
                    set.contains(&n.candidates[i])
                }
            };
            // Children available in this sample.
            bufs.avail.clear();
            for &ch in &self.nodes[node].children {
                let ci = self.nodes[ch as usize].cand as usize;
                if legal_now(&self.nodes[node], ci, &bufs.set) {
                    bufs.avail.push(ch);
                }
            }
            let n = self.nodes[node].visits as f32 + 1.0;
            let k = if node == 0 { p.root_pw_k } else { p.pw_k };
            let allowed = (k * n.powf(p.pw_alpha)).ceil() as usize;
            let mut expanded = None;
            let forced = if node == 0 { self.force } else { None };
            if forced.is_none() && bufs.avail.len() < allowed && self.nodes.len() < node_cap {
                let find = |parent: &Node, set: &ActionSet| {
                    (0..parent.candidates.len())
                        .find(|&i| !parent.is_child[i] && legal_now(parent, i, set))
                };
                let mut next = find(&self.nodes[node], &bufs.set);
                if next.is_none() && !self.nodes[node].complete && same {
                    // This sample has the node's first list: the rest of it may be added.
                    if known_state {
                        st.legal_actions(&mut bufs.legal);
                    }
                    let legal = std::mem::take(&mut bufs.legal);
                    self.complete_candidates(node, &st, &legal);
                    bufs.legal = legal;
                    next = find(&self.nodes[node], &bufs.set);
                }
                if let Some(i) = next {
                    let a = self.nodes[node].candidates[i];
                    let id = self.nodes.len() as u32;
                    let mut child = Node::new(Some(a), side);
                    child.cand = i as u32;
                    self.nodes.push(child);
                    self.nodes[node].children.push(id);
                    self.nodes[node].is_child[i] = true;
                    bufs.avail.push(id);
                    expanded = Some(id as usize);
                }
            }
            let chosen = match expanded {
                _ if forced.is_some() => forced.unwrap_or_default() as usize,
                Some(c) => c,
                None if bufs.avail.is_empty() => {
                    // Nothing in the tree is legal here and no room to expand: roll out.
                    break;
                }
                None => {
                    let mut best = bufs.avail[0] as usize;
                    let mut best_u = f32::MIN;
                    for &c in &bufs.avail {
                        let ch = &self.nodes[c as usize];
                        let u = if ch.visits == 0 {
                            f32::MAX
                        } else {
                            let q = (ch.value / ch.visits as f64) as f32;
                            let av = (ch.avail.max(1)) as f32;
                            q + p.c * (av.ln() / ch.visits as f32).sqrt()
                        };
                        if u > best_u {
                            best_u = u;
                            best = c as usize;
                        }
                    }
                    best
                }
            };
            for &c in &bufs.avail {
                self.nodes[c as usize].avail += 1;
            }
            let action = self.nodes[chosen].action.expect("child has an action");
            // Whether this action node splits by outcome: decided once, by its depth when its
            // first child is made (a reused subtree keeps the shape it has).
            let split = match self.nodes[chosen].children.first() {
                None => bufs.path.len() - chance_nodes <= p.chance_depth,
                Some(&c) => self.nodes[c as usize].class != NO_CLASS,
            };
            // With `prefill`, a new action node that splits gets the chance child of this
            // sample's outcome at once: that is the decision node the rollout prepares.
            let before = (split && (expanded.is_none() || p.prefill)).then(|| Outcome::of(&st));
            if node == 0 {
                if let Some(base) = self.crn {
                    // Common random numbers: the k-th sample of every root action plays on
                    // the same dice, so that the root's comparisons see the actions' effect
                    // rather than their luck (the root position rolls nothing before it).
                    let k = mix(base, self.nodes[chosen].visits as u64);
                    dice = SeededDice::new(k);
                    policy = SeededDice::new(k ^ 0x5eed);
                }
                risk_child = Some(chosen);
                seg = Segment {
                    open: true,
                    log: Log::recording(),
                    risk: Risk::default(),
                    actor: match action {
                        Action::Act { who, .. } => Some(who),
                        _ => None,
                    },
                };
            }
            st.apply_unchecked(&action, &mut dice, &mut seg.log);
            Self::segment_step(self.root_side, &st, &mut seg);
            bufs.path.push(chosen);
            node = chosen;
            if expanded.is_some() && !p.prefill {
                break;
            }
            if let Some(b) = before {
                let k = b.class(&st);
                // The exact outcome's key only when exact nodes are on (a hash per split).
                let after = (p.exact > 0).then(|| st.fingerprint().max(CLASS_KEYS + 1));
                match self.chance_child(chosen, after, k, p.exact, node_cap) {
                    Some(c) => {
                        bufs.path.push(c);
                        chance_nodes += 1;
                        node = c;
                    }
                    // No room for the chance node: nothing to prepare.
                    None => break,
                }
            }
            if expanded.is_some() {
                fill = self.nodes[node].candidates.is_empty().then_some(node);
                break;
            }
        }
        for &i in &bufs.path {
            self.nodes[i].visits += 1;
        }
        let tree_depth = bufs.path.len() - 1 - chance_nodes;
        Leaf {
            st,
            dice,
            policy,
            tree_depth,
            path: bufs.path.clone(),
            risk_child,
            seg,
            fill: fill
                .filter(|_| p.prefill)
                .map(|node| (node, tree_depth >= 2)),
            prepared: None,
        }
    }

    /// Backpropagation: the value of the leaf (for side A) added along its path.
    fn finish(&mut self, mut leaf: Leaf, v_a: f32) {
        if let Some(prep) = leaf.prepared.take() {
            let n = &mut self.nodes[prep.node];
            // A parallel descent of the same batch may have made them first.
            if n.candidates.is_empty() {
                n.sig = prep.sig;
                n.fp = prep.fp;
                n.first_len = prep.candidates.len() as u32;
                n.complete = prep.complete;
                n.is_child = vec![false; prep.candidates.len()];
                n.candidates = prep.candidates;
            }
        }
        for &i in &leaf.path {
            let n = &mut self.nodes[i];
            // The perspective flip of the search: values are stored for the side that chose.
            n.value += if n.side == Side::A { v_a } else { 1.0 - v_a } as f64;
        }
        if let Some(c) = leaf.risk_child {
            if leaf.seg.open {
                leaf.seg.open = false;
                leaf.seg.risk.samples = 1;
            }
            self.nodes[c].risk.add(&leaf.seg.risk);
        }
    }

    /// Closes the risk segment of the root action once the root side decides again (or the
    /// game ends): counts what happened between — the action's resolution and the enemy reaction
    /// windows it opened, whatever made the choices there (tree or rollout).
    fn segment_step(me: Side, st: &State, seg: &mut Segment) {
        if !seg.open {
            return;
        }
        let decider = st.to_decide();
        if decider == Some(me.other())
            && matches!(
                st.decision(),
                DecisionKind::ReactionWindow | DecisionKind::Reaction
            )
        {
            seg.risk.windows = 1;
        }
        if decider.is_some() && decider != Some(me) {
            return;
        }
        seg.open = false;
        let risk = &mut seg.risk;
        risk.samples = 1;
        let mut reaction_phase = false;
        for e in &seg.log.events {
            match e {
                Event::Check { who, what, roll } => {
                    if *what == "CH VOL reaction" && st.side_of(*who) != me && roll.pass {
                        reaction_phase = true;
                    }
                    if *what == "CH PSI" && st.side_of(*who) == me {
                        risk.psi = 1;
                        if !roll.pass {
                            risk.psi_failed = 1;
                        }
                    }
                }
                Event::Wounds { who, amount, .. } => {
                    if st.side_of(*who) == me {
                        risk.wounds_taken += *amount as u32;
                        if reaction_phase {
                            risk.reaction_hits = 1;
                        }
                    } else {
                        risk.wounds_dealt += *amount as u32;
                    }
                }
                _ => {}
            }
        }
        if let Some(a) = seg.actor {
            risk.ene_left = st.ch(a).ene as i32;
        }
        seg.log = Log::off();
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
    fn backed(&self, i: usize, m: u32) -> f64 {
        let n = &self.nodes[i];
        let mean = if n.visits == 0 {
            0.5
        } else {
            n.value / n.visits as f64
        };
        if m == 0 || n.children.is_empty() || n.visits < 2 * m {
            return mean;
        }
        if self.nodes[n.children[0] as usize].class != NO_CLASS {
            let (mut sum, mut w) = (0.0, 0.0);
            for &c in &n.children {
                let v = self.nodes[c as usize].visits as f64;
                if v > 0.0 {
                    sum += self.backed(c as usize, m) * v;
                    w += v;
                }
            }
            return if w > 0.0 { sum / w } else { mean };
        }
        let mut best: Option<(f64, Side)> = None;
        for &c in &n.children {
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
        let mut v: Vec<Candidate> = self.nodes[0]
            .children
            .iter()
            .map(|&c| {
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
                    risk: n.risk,
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
            for &c in n.children.iter().rev() {
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
            let Some(&next) = self.nodes[i]
                .children
                .iter()
                .max_by_key(|&&c| (self.nodes[c as usize].visits, std::cmp::Reverse(c)))
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

/// The actions of `legal` with their prior, best first (equal priors keep the legal list's
/// order).
fn by_prior(st: &State, legal: &[Action]) -> Vec<(f32, Action)> {
    by_prior_top(st, legal, usize::MAX, 1)
}

/// The `top` best of [`by_prior`], in its order, without sorting the rest (a selection, then a
/// sort of the selected: the same first `top` as the full sort).
///
/// With `stride` > 1 only every `stride`-th movement destination is scored
/// ([`scores_into`]); the others come last, in the legal list's order.
fn by_prior_top(st: &State, legal: &[Action], top: usize, stride: usize) -> Vec<(f32, Action)> {
    let mut scores = Vec::with_capacity(legal.len());
    scores_into(st, legal, stride, 0, &mut scores);
    top_by_score(&scores, legal, top)
}

/// The stride of a new node's prior ([`scores_into`]): every destination at the root's
/// children, an evenly spaced sample of [`PRIOR_MOVES`] deeper (`deep`).
fn prior_stride(legal: &[Action], deep: bool) -> usize {
    if !deep {
        return 1;
    }
    let moves = legal.iter().filter(|a| crate::policy::is_move(a)).count();
    moves.div_ceil(PRIOR_MOVES).max(1)
}

/// The `top` best actions of `legal` by `scores` (one per action), best first, equal scores
/// in the list's order.
fn top_by_score(scores: &[f32], legal: &[Action], top: usize) -> Vec<(f32, Action)> {
    let mut idx: Vec<(f32, u32)> = scores.iter().copied().zip(0u32..).collect();
    // Best prior first, then the legal list's order: a total order, so the selection and the
    // sort below agree with a stable sort by prior.
    let order = |x: &(f32, u32), y: &(f32, u32)| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1));
    if top < idx.len() {
        idx.select_nth_unstable_by(top, order);
        idx.truncate(top);
    }
    idx.sort_unstable_by(order);
    idx.into_iter()
        .map(|(v, i)| (v, legal[i as usize]))
        .collect()
}

/// One flat Monte Carlo sample of root action `a`: the action on the dice of `seed`, then the
/// rollout policy and the evaluation; the value for `me`.
fn flat_sample(me: Side, root: &State, a: &Action, p: &Params, seed: u64, bufs: &mut Bufs) -> f64 {
    let mut leaf = Leaf {
        st: root.clone(),
        dice: SeededDice::new(seed),
        policy: SeededDice::new(seed ^ 0x5eed),
        tree_depth: 1,
        path: Vec::new(),
        risk_child: None,
        seg: Segment::default(),
        fill: None,
        prepared: None,
    };
    leaf.st.apply_unchecked(a, &mut leaf.dice, &mut Log::off());
    let v_a = rollout(me, &mut leaf, p, bufs);
    // The perspective flip of the search (as in `Tree::finish`).
    if me == Side::A { v_a } else { 1.0 - v_a }.into()
}

/// Plays the rollout policy from a leaf to the horizon and evaluates (value for side A).
///
/// When the leaf is a new decision node ([`Leaf::fill`]), the first step's legal list and
/// scores also make the node's candidates ([`Prepared`]): the scores are the node's prior
/// (its stride, no random offset) and the step chooses among them as [`rollout_choice`] does.
fn rollout(me: Side, leaf: &mut Leaf, p: &Params, bufs: &mut Bufs) -> f32 {
    let mut off = Log::off();
    let st = &mut leaf.st;
    let steps = if p.horizon {
        (p.rollout_depth as usize + 1).saturating_sub(leaf.tree_depth)
    } else {
        p.rollout_depth as usize
    };
    for step in 0..steps {
        if st.is_terminal() {
            break;
        }
        st.legal_actions(&mut bufs.legal);
        if bufs.legal.is_empty() {
            break;
        }
        let k = match leaf.fill.filter(|_| step == 0) {
            Some((node, deep)) => {
                let stride = prior_stride(&bufs.legal, deep);
                let best = scores_into(st, &bufs.legal, stride, 0, &mut bufs.scores);
                let top = if node == 0 {
                    usize::MAX
                } else {
                    TOP_CANDIDATES
                };
                let cands = top_by_score(&bufs.scores, &bufs.legal, top);
                leaf.prepared = Some(Prepared {
                    node,
                    sig: signature(&bufs.legal),
                    fp: st.fingerprint(),
                    complete: cands.len() == bufs.legal.len(),
                    candidates: cands.into_iter().map(|(_, a)| a).collect(),
                });
                choose_scored(&bufs.scores, best, &mut leaf.policy)
            }
            None => rollout_choice(st, &bufs.legal, &mut leaf.policy, &mut bufs.scores),
        };
        let a = bufs.legal[k];
        if leaf.seg.open {
            st.apply_unchecked(&a, &mut leaf.dice, &mut leaf.seg.log);
            Tree::segment_step(me, st, &mut leaf.seg);
        } else {
            st.apply_unchecked(&a, &mut leaf.dice, &mut off);
        }
    }
    eval::win_probability_with(st, Side::A, &p.weights)
}

/// A descent's end: the sampled state and its dice, the path, the risk segment.
struct Leaf {
    st: State,
    dice: SeededDice,
    policy: SeededDice,
    /// Decisions applied in the tree (chance nodes not counted).
    tree_depth: usize,
    path: Vec<usize>,
    risk_child: Option<usize>,
    seg: Segment,
    /// The new decision node whose candidates the rollout's first step makes, and whether it
    /// is deeper than the root's children.
    fill: Option<(usize, bool)>,
    prepared: Option<Prepared>,
}

/// A new node's candidates, made from the first rollout step's legal list and scores
/// ([`Params::prefill`]), installed by [`Tree::finish`] as a first visit would have made them
/// (the next visit in the same state skips the move generator).
struct Prepared {
    node: usize,
    sig: u64,
    fp: u64,
    complete: bool,
    candidates: Vec<Action>,
}

/// The events after a root action, until the root side decides again.
#[derive(Default)]
struct Segment {
    open: bool,
    log: Log,
    risk: Risk,
    actor: Option<u8>,
}

/// Reusable buffers of one search thread.
#[derive(Default)]
pub struct Bufs {
    legal: Vec<Action>,
    set: ActionSet,
    avail: Vec<u32>,
    path: Vec<usize>,
    scores: Vec<f32>,
}

/// Searches `root` and returns the best action and the candidates. Root-parallel: each thread
/// grows its own tree with its own dice streams and a fixed share of the iterations; the root
/// statistics are summed. Same seed, same thread count and an iteration limit ⇒ same result.
/// `stop` ends the search early; `info` receives progress from the first thread.
pub fn search(
    root: &State,
    p: &Params,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    info: Option<&(dyn Fn(&SearchInfo) + Sync)>,
) -> SearchResult {
    search_from(root, p, limits, stop, info, Vec::new()).0
}

/// [`search`] continuing from trees of an earlier search (one per thread, as returned by this
/// function; see [`Tree::subtree`]); returns the trees for the next decision. Trees that do
/// not fit (wrong count or side) are dropped and the search starts afresh.
pub fn search_from(
    root: &State,
    p: &Params,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    info: Option<&(dyn Fn(&SearchInfo) + Sync)>,
    reuse: Vec<Tree>,
) -> (SearchResult, Vec<Tree>) {
    let start = Instant::now();
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    if legal.is_empty() {
        let r = SearchResult {
            best: None,
            candidates: Vec::new(),
            iterations: 0,
            nodes: 0,
            elapsed: start.elapsed(),
        };
        return (r, Vec::new());
    }
    let threads = p.threads.max(1);
    let side = root.to_decide().unwrap_or(Side::A);
    let tree_count = if p.parallel == Parallel::Tree && threads > 1 {
        1
    } else {
        threads
    };
    let mut reuse: Vec<Option<Tree>> =
        if reuse.len() == tree_count && reuse.iter().all(|t| t.root_side == side) {
            reuse.into_iter().map(Some).collect()
        } else {
            (0..tree_count).map(|_| None).collect()
        };
    let per_thread = limits.iterations.map(|n| n.div_ceil(threads as u64).max(1));
    let node_cap = limits.nodes.unwrap_or(2_000_000) / threads;
    let out_of_budget = |i: u64, total: Option<u64>| -> bool {
        if let Some(n) = total {
            if i >= n {
                return true;
            }
        }
        if limits.movetime.is_some_and(|mt| start.elapsed() >= mt) {
            return true;
        }
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return true;
        }
        total.is_none() && limits.movetime.is_none() && stop.is_none()
    };
    let trees: Vec<(Tree, u64)> = if p.parallel == Parallel::Tree && threads > 1 {
        let mut tree = reuse[0].take().unwrap_or_else(|| Tree::new(root));
        let mut bufs: Vec<Bufs> = (0..threads).map(|_| Bufs::default()).collect();
        let cap = limits.nodes.unwrap_or(2_000_000).max(16);
        let mut i: u64 = 0;
        while !out_of_budget(i, limits.iterations) {
            let k = limits
                .iterations
                .map_or(threads as u64, |n| (n - i).min(threads as u64))
                as usize;
            let mut leaves: Vec<Leaf> = (0..k)
                .map(|b| {
                    tree.descend(
                        root,
                        p,
                        mix(mix(p.seed, 0), i + b as u64),
                        cap,
                        &mut bufs[0],
                    )
                })
                .collect();
            let me = tree.root_side;
            let values: Vec<f32> = leaves
                .par_iter_mut()
                .zip(bufs.par_iter_mut())
                .map(|(leaf, b)| rollout(me, leaf, p, b))
                .collect();
            for (leaf, v) in leaves.into_iter().zip(values) {
                tree.finish(leaf, v);
            }
            i += k as u64;
            if i % 256 < k as u64 {
                if let Some(cb) = info {
                    cb(&SearchInfo {
                        iterations: i,
                        nodes: tree.len(),
                        elapsed: start.elapsed(),
                        candidates: tree.candidates(),
                    });
                }
            }
        }
        vec![(tree, i)]
    } else {
        reuse
            .into_par_iter()
            .enumerate()
            .map(|(t, old)| {
                let mut tree = old.unwrap_or_else(|| Tree::new(root));
                let mut bufs = Bufs::default();
                let mut i: u64 = 0;
                let mut halving: Option<Halving> = None;
                tree.force = None;
                tree.crn = p.crn.then(|| mix(mix(p.seed, t as u64), 0x00c0_ffee));
                if p.screen > 0 {
                    // The screening's share of the budget: of the iterations, or of the time.
                    let share = p.screen.min(100) as f64 / 100.0;
                    let quota = per_thread.map(|n| (n as f64 * share) as u64);
                    let until = limits.movetime.map(|mt| mt.mul_f64(share));
                    let mut more = |k: u64| {
                        if quota.is_some_and(|q| k >= q) {
                            return false;
                        }
                        if k.is_multiple_of(32) {
                            if until.is_some_and(|u| start.elapsed() >= u) {
                                return false;
                            }
                            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                                return false;
                            }
                        }
                        quota.is_some() || until.is_some() || stop.is_some()
                    };
                    let seed = mix(mix(p.seed, t as u64), 0x5c2e_e000);
                    i = tree.screen(root, p, seed, node_cap.max(16), &mut more, &mut bufs);
                }
                loop {
                    if let Some(n) = per_thread {
                        if i >= n {
                            break;
                        }
                    }
                    if i.is_multiple_of(32) {
                        if let Some(mt) = limits.movetime {
                            if start.elapsed() >= mt {
                                break;
                            }
                        }
                        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                            break;
                        }
                        if per_thread.is_none() && limits.movetime.is_none() && stop.is_none() {
                            break;
                        }
                    }
                    if p.halving > 0 {
                        // The budget is known with an iteration limit; with a time limit it
                        // is estimated from the rate of the first iterations.
                        let progress = match (per_thread, limits.movetime) {
                            (Some(n), _) => Some(i as f64 / n as f64),
                            (None, Some(mt)) if i >= HALVING_PROBE => {
                                Some(start.elapsed().as_secs_f64() / mt.as_secs_f64())
                            }
                            _ => None,
                        };
                        if let Some(f) = progress {
                            let h = halving.get_or_insert_with(|| {
                                let budget = match per_thread {
                                    Some(n) => n,
                                    None => (i as f64 / f.max(1e-6)) as u64,
                                };
                                Halving::new(&mut tree, root, budget, p.halving, &mut bufs)
                            });
                            tree.force = Some(h.pick(&tree, f));
                        }
                    }
                    let seed = mix(mix(p.seed, t as u64), i);
                    match (tree.force, &halving) {
                        (Some(c), Some(h))
                            if p.flat_above > 0 && h.arms.len() > p.flat_above as usize =>
                        {
                            // An early round of many arms: a flat sample, no tree below.
                            let a = tree.nodes[c as usize].action.expect("child has an action");
                            let v = flat_sample(tree.root_side, root, &a, p, seed, &mut bufs);
                            let ch = &mut tree.nodes[c as usize];
                            ch.visits += 1;
                            ch.avail += 1;
                            ch.value += v;
                            tree.nodes[0].visits += 1;
                        }
                        _ => tree.iterate(root, p, seed, node_cap.max(16), &mut bufs),
                    }
                    i += 1;
                    if t == 0 && i.is_multiple_of(256) {
                        if let Some(cb) = info {
                            cb(&SearchInfo {
                                iterations: i * threads as u64,
                                nodes: tree.len() * threads,
                                elapsed: start.elapsed(),
                                candidates: tree.candidates(),
                            });
                        }
                    }
                }
                tree.force = None;
                (tree, i)
            })
            .collect()
    };
    let iterations: u64 = trees.iter().map(|(_, i)| *i).sum();
    let nodes: usize = trees.iter().map(|(t, _)| t.len()).sum();
    // Merge the root statistics of every thread.
    let mut merged: Vec<Candidate> = Vec::new();
    for (tree, _) in &trees {
        for c in tree.candidates_backed(p.maxback) {
            match merged.iter_mut().find(|m| m.action == c.action) {
                Some(m) => {
                    let total = m.visits + c.visits;
                    if total > 0 {
                        m.value =
                            (m.value * m.visits as f32 + c.value * c.visits as f32) / total as f32;
                        m.backed = (m.backed * m.visits as f32 + c.backed * c.visits as f32)
                            / total as f32;
                    }
                    if c.visits > m.visits {
                        m.pv = c.pv.clone();
                    }
                    m.visits = total;
                    m.risk.add(&c.risk);
                }
                None => merged.push(c),
            }
        }
    }
    // A carried-over tree's root children were made in sampled positions of the previous
    // decision: some may not be legal in this one (another side to decide, a target gone).
    // They are never chosen here, so they are neither reported nor played.
    merged.retain(|c| legal.contains(&c.action));
    merged.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then_with(|| format!("{:?}", a.action).cmp(&format!("{:?}", b.action)))
    });
    let best = final_choice(&merged, p.lcb, p.maxback > 0).or(Some(legal[0]));
    let r = SearchResult {
        best,
        candidates: merged,
        iterations,
        nodes,
        elapsed: start.elapsed(),
    };
    (r, trees.into_iter().map(|(t, _)| t).collect())
}

/// The action to play among the merged root candidates (sorted most visited first).
///
/// The most visited child is UCT's usual answer, but with values as close as win probabilities
/// of neighbouring moves are, exploration spreads the visits almost evenly and the children
/// widened first (best prior) collect the most visits by seniority alone. With `lcb` > 0 the
/// choice is the best lower confidence bound `value − lcb/√visits` instead: the best mean,
/// discounted for candidates seen too few times to trust it.
fn final_choice(candidates: &[Candidate], lcb: f32, backed: bool) -> Option<Action> {
    if backed {
        // The best backed value among the candidates with a quarter of the most visits.
        let most = candidates.first().map_or(0, |c| c.visits);
        return candidates
            .iter()
            .filter(|c| c.visits > 0 && c.visits * 4 >= most)
            .rev()
            .max_by(|a, b| a.backed.total_cmp(&b.backed))
            .map(|c| c.action);
    }
    if lcb <= 0.0 {
        return candidates.first().map(|c| c.action);
    }
    candidates
        .iter()
        .filter(|c| c.visits > 0)
        .map(|c| (c.value - lcb / (c.visits as f32).sqrt(), c.action))
        // `max_by` keeps the last of equals: reversed so that ties go to the most visited.
        .rev()
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// Iterations of plain UCT before sequential halving starts under a time limit: their rate
/// estimates the budget.
const HALVING_PROBE: u64 = 16;

/// Sequential halving at the root (Karnin, Koren and Somekh 2013; with a tree below each arm
/// as in SHOT, Cazenave 2015, and H-MCTS, Pepels et al. 2014).
///
/// UCT at the root minimises cumulative regret, but only the one action played counts: the
/// simple regret. Flat Monte Carlo, which spreads its samples evenly, was as strong as UCT at
/// equal time (STRENGTH.md). Halving keeps that even coverage and spends the rest on the
/// actions that stay ahead: the budget is cut into ⌈log₂ K⌉ rounds; in each, the surviving
/// arms are sampled in turn, then the worse half (by mean value) is dropped. Below the root
/// each sample is an ordinary tree descent. K is the largest number of root candidates (best
/// prior first) that gives each at least `min_samples` samples in the first round.
struct Halving {
    arms: Vec<u32>,
    rounds: u32,
    round: u32,
    next: usize,
}

impl Halving {
    fn new(tree: &mut Tree, root: &State, budget: u64, min_samples: u32, bufs: &mut Bufs) -> Self {
        let rounds_for = |k: usize| (usize::BITS - (k.max(2) - 1).leading_zeros()).max(1);
        let mut k = 2usize;
        while k < 4096 && budget >= (k as u64 + 1) * rounds_for(k + 1) as u64 * min_samples as u64 {
            k += 1;
        }
        let arms = tree.expand_root(root, k, bufs);
        let rounds = rounds_for(arms.len());
        Halving {
            arms,
            rounds,
            round: 0,
            next: 0,
        }
    }

    /// The arm to sample next, `progress` being the fraction of the budget spent.
    fn pick(&mut self, tree: &Tree, progress: f64) -> u32 {
        while self.arms.len() > 1 && progress >= (self.round + 1) as f64 / self.rounds as f64 {
            let mean = |c: u32| {
                let n = &tree.nodes[c as usize];
                if n.visits == 0 {
                    f64::MIN
                } else {
                    n.value / n.visits as f64
                }
            };
            // Stable sort: equal means keep the prior order.
            self.arms.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
            self.arms.truncate(self.arms.len().div_ceil(2));
            self.round += 1;
            self.next = 0;
        }
        let a = self.arms[self.next % self.arms.len()];
        self.next += 1;
        a
    }
}

/// Convenience: a random legal action drawn with `d` (baseline agent, tests).
pub fn random_action(st: &State, d: &mut dyn DiceSource, buf: &mut Vec<Action>) -> Option<Action> {
    st.legal_actions(buf);
    if buf.is_empty() {
        return None;
    }
    let r = ((d.d100() as usize - 1) * 10 + d.d10() as usize - 1) % buf.len();
    Some(buf[r])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn tactic(name: &str) -> State {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../positions/tactics")
            .join(name);
        crate::suite::load_tactic(&p).expect("tactic loads").state
    }

    /// The tree of a one-thread search of a tactic.
    fn searched(name: &str, p: &Params, iterations: u64) -> Tree {
        let st = tactic(name);
        let (_, mut trees) = search_from(&st, p, &limits(iterations), None, None, Vec::new());
        trees.remove(0)
    }

    fn limits(n: u64) -> Limits {
        Limits {
            iterations: Some(n),
            ..Limits::default()
        }
    }

    /// The action applied with `seed`, then every `pass` of the enemy's early window, so that
    /// the action resolves.
    fn resolve(st: &State, a: &Action, seed: u64) -> State {
        let mut s = st.clone();
        let mut d = SeededDice::new(seed);
        s.apply_unchecked(a, &mut d, &mut Log::off());
        while s.decision() == DecisionKind::ReactionWindow {
            s.apply_unchecked(&Action::Pass, &mut d, &mut Log::off());
        }
        s
    }

    fn attack(st: &State) -> Action {
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        legal
            .into_iter()
            .find(|a| matches!(a, Action::Act { kind, .. } if kind.enemy_target().is_some()))
            .expect("an attack")
    }

    #[test]
    fn attack_outcomes_split_into_chance_nodes() {
        // a1 can shoot the wounded b1, who faces away (no reaction window): the chance nodes of
        // the shot's outcome (miss, b1 wounded, b1 down) hang right below it, or below the
        // enemy's pass when a window opens, each with the search going on below it.
        let st = tactic("20_crouch_to_shoot.json");
        let p = Params::default();
        let (_, trees) = search_from(&st, &p, &limits(3000), None, None, Vec::new());
        let t = &trees[0];
        let shot = attack(&st);
        let &s = t.nodes[0]
            .children
            .iter()
            .find(|&&c| t.nodes[c as usize].action == Some(shot))
            .expect("the shot was searched");
        // Depth-first over the shot's subtree, down to the chance depth.
        let mut stack = vec![(s as usize, 1usize)];
        let mut split_seen = Vec::new();
        while let Some((i, d)) = stack.pop() {
            let n = &t.nodes[i];
            let classes: Vec<u8> = n
                .children
                .iter()
                .map(|&c| t.nodes[c as usize].class)
                .collect();
            if classes.iter().any(|&k| k != NO_CLASS) {
                assert!(
                    classes.iter().all(|&k| k != NO_CLASS),
                    "no mixed children: {classes:?}"
                );
                let mut u = classes.clone();
                u.sort_unstable();
                u.dedup();
                assert_eq!(u.len(), classes.len(), "one chance node per class");
                let through: u32 = n.children.iter().map(|&c| t.nodes[c as usize].visits).sum();
                assert!(
                    through <= n.visits,
                    "chance visits come from their action node"
                );
                if classes.len() >= 2 {
                    split_seen.push(classes);
                }
            }
            if d < CHANCE_DEPTH + 2 {
                stack.extend(n.children.iter().map(|&c| (c as usize, d + 1)));
            }
        }
        assert!(
            split_seen
                .iter()
                .any(|ks| ks.contains(&0) && ks.iter().any(|k| k & 0b1100 != 0)),
            "a miss and a wound or kill of side B below the shot: {split_seen:?}"
        );
    }

    #[test]
    fn exact_outcomes_get_their_own_chance_nodes_up_to_the_cap() {
        // The same shot with `exact` = 2: below each split action node at most two chance nodes
        // stand for one exact outcome each (and the state there is that outcome's: the node's
        // decision was made in a position with the key's fingerprint); the other outcomes are
        // gathered by class.
        let p = Params {
            exact: 2,
            ..Params::default()
        };
        let t = &searched("20_crouch_to_shoot.json", &p, 3000);
        let mut exact_seen = 0;
        for n in &t.nodes {
            let kids: Vec<&Node> = n.children.iter().map(|&c| &t.nodes[c as usize]).collect();
            if kids.first().is_none_or(|k| k.class == NO_CLASS) {
                continue;
            }
            let mut keys: Vec<u64> = kids.iter().map(|k| k.ckey).collect();
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), kids.len(), "one chance node per key");
            let exact: Vec<&&Node> = kids.iter().filter(|k| k.ckey > CLASS_KEYS).collect();
            assert!(exact.len() <= 2, "at most `exact` exact outcomes");
            for k in &exact {
                if !k.candidates.is_empty() {
                    assert_eq!(
                        k.fp.max(CLASS_KEYS + 1),
                        k.ckey,
                        "the outcome's own position"
                    );
                }
            }
            for k in kids.iter().filter(|k| k.ckey <= CLASS_KEYS) {
                assert_eq!(
                    k.ckey, k.class as u64,
                    "class nodes are keyed by their class"
                );
            }
            exact_seen += exact.len();
        }
        assert!(exact_seen > 0, "some outcome got a node of its own");
    }

    #[test]
    fn halving_spreads_then_narrows_the_root() {
        // 1200 iterations, at least 8 samples per arm in the first round: every arm is sampled
        // that often, the survivor of the last round gets the most, and the same seed gives
        // the same visits.
        let st = tactic("01_finish_wounded.json");
        let p = Params {
            halving: 8,
            ..Params::default()
        };
        let run = || search_from(&st, &p, &limits(1200), None, None, Vec::new());
        let (r, trees) = run();
        let root = &trees[0].nodes[0];
        let arms = root.children.len();
        assert!(arms >= 2, "several arms");
        let rounds = (usize::BITS - (arms - 1).leading_zeros()) as u64;
        let first_round = 1200 / rounds / arms as u64;
        assert!(
            first_round >= 8,
            "K chosen for 8 samples per arm: {arms} arms"
        );
        for c in &r.candidates {
            assert!(c.visits as u64 >= first_round, "{c:?}");
        }
        assert_eq!(
            r.best,
            Some(r.candidates[0].action),
            "the survivor is the most visited"
        );
        let (again, _) = run();
        let v = |r: &SearchResult| r.candidates.iter().map(|c| c.visits).collect::<Vec<_>>();
        assert_eq!(v(&r), v(&again));
    }

    #[test]
    fn halving_rounds_of_many_arms_sample_flat() {
        // With `flat_above`, the rounds that still have many arms take flat samples: the root
        // counts them, the arms get them, and no node grows below an arm until few are left.
        let p = Params {
            halving: 1,
            ..Params::default()
        };
        let flat = Params {
            flat_above: 8,
            ..p.clone()
        };
        let tree = searched("18_surprise_attack.json", &p, 600);
        let flat_tree = searched("18_surprise_attack.json", &flat, 600);
        let root = &flat_tree.nodes[0];
        assert!(root.children.len() > 8, "many arms in the first round");
        assert_eq!(root.visits, 600, "every sample counted at the root");
        let arm_visits: u32 = root
            .children
            .iter()
            .map(|&c| flat_tree.nodes[c as usize].visits)
            .sum();
        assert_eq!(arm_visits, 600, "every sample went to an arm");
        assert!(
            flat_tree.len() < tree.len(),
            "flat rounds grow nothing below the arms: {} vs {} nodes",
            flat_tree.len(),
            tree.len()
        );
        let again = searched("18_surprise_attack.json", &flat, 600);
        let visits = |t: &Tree| t.nodes.iter().map(|n| n.visits).collect::<Vec<_>>();
        assert_eq!(visits(&flat_tree), visits(&again), "same seed, same search");
    }

    #[test]
    fn final_choice_by_visits_lower_bound_or_backed_value() {
        let cand = |i: u8, visits: u32, value: f32, backed: f32| Candidate {
            action: Action::Activate(i),
            visits,
            value,
            backed,
            risk: Risk::default(),
            pv: Vec::new(),
        };
        // Most visited first, as the search sorts them.
        let c = [
            cand(0, 100, 0.50, 0.52),
            cand(1, 60, 0.56, 0.55),
            cand(2, 4, 0.90, 0.95),
        ];
        assert_eq!(final_choice(&c, 0.0, false), Some(Action::Activate(0)));
        // value − 0.1/√visits: 0.49, 0.547, 0.85 — the lucky 4-visit candidate wins at 0.1 …
        assert_eq!(final_choice(&c, 0.1, false), Some(Action::Activate(2)));
        // … not at 1.0: 0.40, 0.431, 0.40.
        assert_eq!(final_choice(&c, 1.0, false), Some(Action::Activate(1)));
        // Backed values among candidates with a quarter of the most visits (not the third).
        assert_eq!(final_choice(&c, 0.0, true), Some(Action::Activate(1)));
    }

    #[test]
    fn backed_value_takes_the_best_continuation_of_the_same_side() {
        let t = &searched("01_finish_wounded.json", &Params::default(), 2000);
        for &c in &t.nodes[0].children {
            let n = &t.nodes[c as usize];
            // Off (m = 0): the mean.
            let mean = n.value / n.visits.max(1) as f64;
            assert!(
                (t.backed(c as usize, 0) - if n.visits == 0 { 0.5 } else { mean }).abs() < 1e-9
            );
            // On: a decision child of the same side with enough visits bounds it from below.
            let b = t.backed(c as usize, 4);
            if n.visits >= 8 {
                for &k in &n.children {
                    let kn = &t.nodes[k as usize];
                    if kn.class == NO_CLASS && kn.side == n.side && kn.visits >= 4 {
                        assert!(b >= t.backed(k as usize, 4) - 1e-9);
                    }
                }
            }
            assert!((0.0..=1.0).contains(&b));
        }
    }

    #[test]
    fn nodes_grow_children_after_expand_after_samples() {
        let p = Params {
            expand_after: 8,
            ..Params::default()
        };
        let t = &searched("01_finish_wounded.json", &p, 1500);
        // Nodes with decision children (an action node's chance children are its outcomes,
        // made as it is sampled).
        let grown = t.nodes.iter().skip(1).filter(|n| {
            n.children
                .first()
                .is_some_and(|&c| t.nodes[c as usize].class == NO_CLASS)
        });
        let mut any = false;
        for n in grown {
            any = true;
            assert!(
                n.visits >= 8,
                "a node grew children after {} samples",
                n.visits
            );
        }
        assert!(any, "the tree still deepens where it returns");
    }

    #[test]
    fn common_random_numbers_are_deterministic_and_change_the_dice() {
        let st = tactic("01_finish_wounded.json");
        let crn = Params {
            crn: true,
            ..Params::default()
        };
        let visits = |p: &Params| {
            let r = search(&st, p, &limits(800), None, None);
            r.candidates
                .iter()
                .map(|c| (c.action, c.visits))
                .collect::<Vec<_>>()
        };
        assert_eq!(visits(&crn), visits(&crn), "same seed, same search");
        assert_ne!(
            visits(&crn),
            visits(&Params::default()),
            "the samples are drawn differently"
        );
    }

    #[test]
    fn screening_samples_every_root_action_and_widens_by_screened_mean() {
        let st = tactic("01_finish_wounded.json");
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let n = legal.len();
        assert!(n > 8, "a position with a choice");
        let p = Params::default();
        let mut tree = Tree::new(&st);
        let mut bufs = Bufs::default();
        let budget = 2 * n as u64;
        let taken = tree.screen(&st, &p, 7, 1 << 20, &mut |i| i < budget, &mut bufs);
        assert_eq!(taken, budget);
        let root = &tree.nodes[0];
        assert_eq!(root.visits as u64, budget);
        assert_eq!(root.first_len as usize, n);
        let mut cands = root.candidates.clone();
        let mut want = legal.clone();
        let key = |a: &Action| format!("{a:?}");
        cands.sort_by_key(key);
        want.sort_by_key(key);
        assert_eq!(cands, want, "the candidates are the legal actions");
        let allowed = (p.root_pw_k * (budget as f32).powf(p.pw_alpha)).ceil() as usize;
        assert_eq!(root.children.len(), allowed.min(n));
        let mut last = f64::MAX;
        for (j, &c) in root.children.iter().enumerate() {
            let ch = &tree.nodes[c as usize];
            assert_eq!(
                ch.cand as usize, j,
                "children are the best screened, in order"
            );
            assert_eq!(ch.visits, 2, "two rounds over {n} actions");
            assert_eq!(ch.avail as u64, budget);
            let mean = ch.value / ch.visits as f64;
            assert!(mean <= last, "screened means do not increase");
            last = mean;
        }
        // A second screening (a carried-over tree) adds to the children there are.
        let before: Vec<Action> = root
            .children
            .iter()
            .map(|&c| tree.nodes[c as usize].action.unwrap())
            .collect();
        tree.screen(&st, &p, 8, 1 << 20, &mut |i| i < budget, &mut bufs);
        for a in &before {
            let c = tree.nodes[0]
                .children
                .iter()
                .find(|&&c| tree.nodes[c as usize].action.as_ref() == Some(a));
            let c = c.expect("children are kept");
            assert!(tree.nodes[*c as usize].visits >= 4, "screened twice");
        }
        // Searches with screening are reproducible and count the screening samples.
        let ps = Params {
            screen: 50,
            ..Params::default()
        };
        let a = search(&st, &ps, &limits(600), None, None);
        let b = search(&st, &ps, &limits(600), None, None);
        assert_eq!(a.iterations, 600);
        assert_eq!(
            a.candidates
                .iter()
                .map(|c| (c.action, c.visits))
                .collect::<Vec<_>>(),
            b.candidates
                .iter()
                .map(|c| (c.action, c.visits))
                .collect::<Vec<_>>()
        );
        let kept: u64 = a.candidates.iter().map(|c| c.visits as u64).sum();
        assert!(
            kept < 600,
            "screened samples of actions not widened stay at the root only"
        );
    }

    #[test]
    fn a_carried_over_tree_never_reports_or_plays_an_action_illegal_at_the_new_root() {
        // A tree grown in one position, handed to a search of another where other actions are
        // legal (as a subtree of the previous decision can be, when the table's dice made
        // another side decide): its well-visited root children must not come back.
        let first = tactic("01_finish_wounded.json");
        let now = tactic("18_surprise_attack.json");
        assert_eq!(first.to_decide(), now.to_decide());
        let p = Params::default();
        let (_, trees) = search_from(&first, &p, &limits(400), None, None, Vec::new());
        let (r, _) = search_from(&now, &p, &limits(1), None, None, trees);
        let best = r.best.expect("a choice");
        assert!(now.is_legal(&best), "{}", now.notation(&best));
        for c in &r.candidates {
            assert!(now.is_legal(&c.action), "{}", now.notation(&c.action));
        }
    }

    #[test]
    fn outcome_class_reads_wounds_and_incapacitation() {
        let st = tactic("01_finish_wounded.json");
        let before = Outcome::of(&st);
        assert_eq!(before.class(&st), 0);
        let a = attack(&st);
        let seen: std::collections::BTreeSet<u8> = (0..200)
            .map(|seed| before.class(&resolve(&st, &a, seed)))
            .collect();
        // Side B is the target: bits 2 (wounded) and 3 (down); a miss is 0; side A untouched.
        assert!(seen.contains(&0), "{seen:?}");
        assert!(seen.iter().any(|k| k & 0b1000 != 0), "{seen:?}");
    }

    #[test]
    fn subtree_keeps_statistics_and_is_deterministic() {
        let st = tactic("20_crouch_to_shoot.json");
        let p = Params::default();
        let (r, trees) = search_from(&st, &p, &limits(1500), None, None, Vec::new());
        let best = r.best.unwrap();
        let side = st.to_decide().unwrap();
        let child_visits = r.candidates[0].visits;
        let mut next = st.clone();
        let before = Outcome::of(&next);
        next.apply_unchecked(&best, &mut SeededDice::new(3), &mut Log::off());
        if next.to_decide() != Some(side) {
            return;
        }
        let sub: Vec<Tree> = trees
            .iter()
            .filter_map(|t| t.subtree(&best, before.class(&next), &next, side))
            .collect();
        assert_eq!(sub.len(), 1);
        assert!(sub[0].nodes[0].visits <= child_visits);
        assert!(sub[0].nodes[0].visits > 0);
        assert!(sub[0].nodes[0].action.is_none());
        // Same trees, same seed: same answer.
        let a = search_from(&next, &p, &limits(500), None, None, sub.clone()).0;
        let b = search_from(&next, &p, &limits(500), None, None, sub).0;
        assert_eq!(a.best, b.best);
        assert_eq!(
            a.candidates.iter().map(|c| c.visits).collect::<Vec<_>>(),
            b.candidates.iter().map(|c| c.visits).collect::<Vec<_>>()
        );
    }

    #[test]
    fn top_by_score_is_the_head_of_the_stable_sort() {
        let st = tactic("01_finish_wounded.json");
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        assert!(legal.len() > 20, "a list long enough to cut");
        // Scores with many ties: the selection must keep the legal list's order among them.
        let mut d = SeededDice::new(5);
        for _ in 0..20 {
            let scores: Vec<f32> = legal.iter().map(|_| d.d10() as f32 / 2.0).collect();
            let mut full: Vec<(f32, Action)> =
                scores.iter().copied().zip(legal.iter().copied()).collect();
            full.sort_by(|x, y| y.0.total_cmp(&x.0));
            for top in [1, 5, TOP_CANDIDATES, legal.len(), legal.len() + 3] {
                let got = top_by_score(&scores, &legal, top);
                assert_eq!(got, full[..top.min(full.len())], "top {top}");
            }
        }
    }

    #[test]
    fn nodes_below_the_root_keep_a_dozen_candidates_until_widening_wants_more() {
        // A wide widening below the root: nodes with many visits outgrow their first dozen and
        // take the rest of their list; the others keep TOP_CANDIDATES.
        let p = Params {
            pw_k: 4.0,
            ..Params::default()
        };
        let tree = searched("01_finish_wounded.json", &p, 3000);
        let mut outgrown = 0;
        for (i, n) in tree.nodes.iter().enumerate().skip(1) {
            assert_eq!(n.is_child.len(), n.candidates.len(), "node {i}");
            assert!(n.first_len as usize <= n.candidates.len(), "node {i}");
            // (An action node that splits by outcome has chance nodes as children.)
            let decisions = n
                .children
                .iter()
                .filter(|&&c| tree.nodes[c as usize].class == NO_CLASS);
            if decisions.count() > TOP_CANDIDATES {
                // Its whole first list, or other samples' lists merged in.
                let merged = n.candidates.len() > n.first_len as usize;
                assert!(
                    n.complete || merged,
                    "node {i} grew past its dozen without its list"
                );
                if n.complete && !merged {
                    outgrown += 1;
                }
            }
            // Unless other samples' lists were merged in (a sample where none was legal).
            if !n.complete && n.candidates.len() == n.first_len as usize {
                assert!(n.candidates.len() <= TOP_CANDIDATES, "node {i}");
            }
        }
        assert!(outgrown > 0, "some node took the rest of its first list");
    }

    #[test]
    fn the_rollout_prepares_the_candidates_a_first_visit_would_make() {
        // With prefill, a new node gets its candidates from the rollout's first step: the best
        // by prior of the legal list of the state the sample reached, like a first visit's.
        let st = tactic("01_finish_wounded.json");
        for prefill in [true, false] {
            let p = Params {
                prefill,
                chance_depth: 0,
                ..Params::default()
            };
            let (_, trees) = search_from(&st, &p, &limits(2), None, None, Vec::new());
            let tree = &trees[0];
            // Iteration 1 grows the root's first child; iteration 2 a child of the root again
            // (root widening k = 2): the first child was prepared by iteration 1's rollout.
            let first = tree.nodes[0].children[0] as usize;
            let n = &tree.nodes[first];
            if !prefill {
                assert!(
                    n.candidates.is_empty(),
                    "without prefill nothing is made early"
                );
                continue;
            }
            let a = n.action.expect("a child");
            let mut after = st.clone();
            after.apply_unchecked(
                &a,
                &mut SeededDice::new(mix(mix(p.seed, 0), 0)),
                &mut Log::off(),
            );
            let mut legal = Vec::new();
            after.legal_actions(&mut legal);
            if after.fingerprint() != n.fp {
                continue; // dice made the sampled state differ: nothing to compare
            }
            let want: Vec<Action> = by_prior_top(&after, &legal, TOP_CANDIDATES, 1)
                .into_iter()
                .map(|(_, a)| a)
                .collect();
            assert_eq!(n.candidates, want);
            assert_eq!(n.sig, signature(&legal));
            assert_eq!(n.complete, legal.len() <= TOP_CANDIDATES);
        }
    }
}
