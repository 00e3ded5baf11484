//! One iteration of the search, and its descent: selection (UCT with availability counts over
//! the children legal in this sample), progressive widening and expansion, the chance child of
//! the outcome sampled.

use super::luck::{self, Luck};
use super::node::{ActionSet, Node, CLASS_KEYS, NO_CLASS};
use super::outcome::Outcome;
use super::params::Params;
use super::prior::by_prior_top;
use super::risk::{Risk, Segment};
use super::rollout::{rollout, Leaf};
use super::step_cache::Counted;
use super::tree::{Bufs, Tree};
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::mix64 as mix;
use engine::basics::dice::SeededDice;
use engine::{Side, State};

impl Tree {
    /// The factor on the root's exploration constant at this iteration (`Params::root_grow`):
    /// 1 up to `root_ref` iterations of this search, then (iterations / `root_ref`)^α.
    pub(super) fn root_growth(&self, p: &Params) -> f32 {
        if p.root_grow <= 0.0 || self.iteration <= p.root_ref as u64 {
            return 1.0;
        }
        (self.iteration as f32 / p.root_ref.max(1) as f32).powf(p.root_grow)
    }

    /// `ucbv=S` (`Params::ucbv`): a child's standard deviation of sample values over S, the
    /// variance shrunk toward S² by one pseudo-sample (a child of one visit has no spread yet).
    pub(super) fn spread(&self, c: usize, s: f32) -> f32 {
        let n = self.nodes[c].visits as f64;
        let sum = self.nodes[c].value;
        let sq = self.sq.get(c).copied().unwrap_or(0.0);
        let ss = (s as f64) * (s as f64);
        // Σ(v − mean)² = Σv² − (Σv)²/n, plus the pseudo-sample's S².
        let var = ((sq - sum * sum / n.max(1.0)).max(0.0) + ss) / (n + 1.0);
        (var.sqrt() / s as f64) as f32
    }

    /// UCT's choice among the children of `node` available in this sample (`avail`): the best
    /// mean (mixed with its implicit minimax value with `IMM`, `imm`) plus
    /// `explore`·√(ln availability / visits) (times the child's spread with `SPREAD`, `ucbv`),
    /// plus the root's progressive bias; a child never visited first.
    fn uct_pick<const SPREAD: bool, const IMM: bool>(
        &self,
        node: usize,
        avail: &[u32],
        explore: f32,
        p: &Params,
    ) -> usize {
        let mut best = avail[0] as usize;
        let mut best_u = f32::MIN;
        for &c in avail {
            let ch = &self.nodes[c as usize];
            let u = if ch.visits == 0 {
                f32::MAX
            } else {
                // `winback`: a window's `react` edge shows its reactor's best reaction
                // (`window.rs`); every other edge its plain mean.
                let q = if p.winback > 0 {
                    self.window_q(c as usize, p.winback) as f32
                } else {
                    (ch.value / ch.visits as f64) as f32
                };
                // `imm`: the mean mixed with the child's implicit minimax value.
                let q = if IMM {
                    match self.tau.get(c as usize) {
                        Some(&t) if !t.is_nan() => q + p.imm * (t - q),
                        _ => q,
                    }
                } else {
                    q
                };
                let av = (ch.avail.max(1)) as f32;
                let bias = if node == 0 && p.pb > 0.0 {
                    p.pb * self.root_bias(ch.cand as usize) / (ch.visits + 1) as f32
                } else {
                    0.0
                };
                let e = explore * (av.ln() / ch.visits as f32).sqrt();
                let e = if SPREAD {
                    e * self.spread(c as usize, p.ucbv)
                } else {
                    e
                };
                q + e + bias
            };
            if u > best_u {
                best_u = u;
                best = c as usize;
            }
        }
        best
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
        // `imm`: the static evaluation of the leaf itself, before the rollout moves on.
        let mix_w = p.leaf_mix;
        let at_leaf =
            (p.imm > 0.0 || mix_w > 0.0).then(|| p.eval.win_probability(&leaf.st, Side::A));
        let v_a = rollout(self.root_side, &mut leaf, p, bufs);
        let v_a = match at_leaf {
            Some(h) if mix_w > 0.0 => v_a + mix_w * (h - v_a),
            _ => v_a,
        };
        if let Some(h) = at_leaf.filter(|_| p.imm > 0.0) {
            self.imm_backup(&leaf.path, h);
        }
        self.finish(leaf, v_a);
    }

    /// Selection and expansion: walks down the tree replaying decisions on a fresh sample of
    /// the dice, adds one child, and counts a visit on every node of the path (its value comes
    /// with the backup).
    pub(super) fn descend(
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
        // The outcome tally of `st` when it was made after the last split and nothing was
        // applied since: the next split's "before" (one tally per split, not two).
        let mut tally: Option<Outcome> = None;
        // The step cache (`step_cache.rs`): `known_fp` is `st`'s fingerprint when already known.
        let cache_on = bufs.cache.on();
        let mut known_fp: Option<u64> = None;
        // `luck` (`luck.rs`): the luck so far, before each node of the path, and the log of
        // the steps the risk segment does not record.
        let mut lk = Luck::default();
        let mut luck_at: Vec<Luck> = Vec::new();
        let mut luck_log = Log::off();
        if p.luck {
            luck_at.push(lk);
            luck_log = Log::recording();
        }
        if cache_on {
            known_fp = Some(*bufs.cache.root_fp.get_or_insert_with(|| root.fingerprint()));
        }
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
            let fp = match known_fp {
                Some(fp) => fp,
                None => {
                    let fp = st.fingerprint();
                    known_fp = cache_on.then_some(fp);
                    fp
                }
            };
            let fresh = self.nodes[node].ncands == 0;
            let known_state = !fresh && self.nodes[node].fp == fp;
            let same = known_state || {
                bufs.legal_of(&st, cache_on.then_some(fp));
                if bufs.legal.is_empty() {
                    break;
                }
                !fresh && self.nodes[node].sig == bufs.signature_of(cache_on.then_some(fp))
            };
            bufs.set.clear();
            // A fresh node's candidates are this very list: every one is legal, no set needed.
            if !same && !fresh {
                bufs.set.extend(bufs.legal.iter().copied());
            }
            let none_legal =
                !fresh && !same && !self.cands(node).iter().any(|a| bufs.set.contains(a));
            if fresh || none_legal {
                let deep = bufs.path.len() - chance_nodes > 2;
                if cache_on {
                    // The prior's best of a position met before are in the step cache.
                    let (top, stride) = self.prior_shape(node, fresh, &bufs.legal, deep);
                    let scored = bufs.cache.prior_of(fp, top, stride, || {
                        by_prior_top(&st, &bufs.legal, top, stride, self.pass_first)
                    });
                    let sig = if fresh {
                        bufs.signature_of(Some(fp))
                    } else {
                        0
                    };
                    self.add_scored(node, fp, sig, fresh, &bufs.legal, scored);
                } else {
                    self.add_candidates(node, &st, fp, fresh, &bufs.legal, deep);
                }
            }
            let same = same || fresh;
            let legal_now = |t: &Tree, i: usize, set: &ActionSet| -> bool {
                if same {
                    i < t.nodes[node].first_len as usize
                } else {
                    set.contains(&t.cands(node)[i])
                }
            };
            // Children available in this sample.
            bufs.avail.clear();
            for ch in self.kids(node) {
                let ci = self.nodes[ch as usize].cand as usize;
                if legal_now(self, ci, &bufs.set) {
                    bufs.avail.push(ch);
                }
            }
            let n = self.nodes[node].visits as f32 + 1.0;
            let k = if node == 0 { p.root_pw_k } else { p.pw_k };
            let allowed = (k * n.powf(p.pw_alpha)).ceil() as usize;
            let mut expanded = None;
            let forced = if node == 0 { self.force } else { None };
            if forced.is_none() && bufs.avail.len() < allowed && self.nodes.len() < node_cap {
                let find = |t: &Tree, set: &ActionSet| {
                    (0..t.nodes[node].ncands as usize)
                        .find(|&i| !t.is_child(node, i) && legal_now(t, i, set))
                };
                let mut next = find(self, &bufs.set);
                if next.is_none() && !self.nodes[node].complete && same {
                    // This sample has the node's first list: the rest of it may be added.
                    if known_state {
                        bufs.legal_of(&st, cache_on.then_some(fp));
                    }
                    let legal = std::mem::take(&mut bufs.legal);
                    self.complete_candidates(node, &st, &legal);
                    bufs.legal = legal;
                    next = find(self, &bufs.set);
                }
                if let Some(i) = next {
                    let a = self.cands(node)[i];
                    let id = self.nodes.len() as u32;
                    let mut child = Node::new(Some(a), side);
                    child.cand = i as u16;
                    self.nodes.push(child);
                    self.push_child(node, id);
                    self.mark_child(node, i);
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
                    let explore = if node == 0 {
                        p.root_c.unwrap_or(p.c) * self.root_growth(p)
                    } else {
                        p.c
                    };
                    let explore = if p.ucbv_parent > 0.0 {
                        explore * self.spread(node, p.ucbv_parent)
                    } else {
                        explore
                    };
                    // The per-child spread (`ucbv`) and the minimax values (`imm`) as separate
                    // instances of the loop, so that the default loop carries no test of them.
                    match (p.ucbv > 0.0, p.imm > 0.0) {
                        (false, false) => {
                            self.uct_pick::<false, false>(node, &bufs.avail, explore, p)
                        }
                        (true, false) => {
                            self.uct_pick::<true, false>(node, &bufs.avail, explore, p)
                        }
                        (false, true) => {
                            self.uct_pick::<false, true>(node, &bufs.avail, explore, p)
                        }
                        (true, true) => self.uct_pick::<true, true>(node, &bufs.avail, explore, p),
                    }
                }
            };
            for &c in &bufs.avail {
                self.nodes[c as usize].avail += 1;
            }
            let action = self.nodes[chosen].action.expect("child has an action");
            // Whether this action node splits by outcome: decided once, by its depth when its
            // first child is made (a reused subtree keeps the shape it has).
            let split = match self.first_kid(chosen) {
                None => bufs.path.len() - chance_nodes <= p.chance_depth,
                Some(c) => self.nodes[c as usize].class != NO_CLASS,
            };
            // With `prefill`, a new action node that splits gets the chance child of this
            // sample's outcome at once: that is the decision node the rollout prepares.
            let before = (split && (expanded.is_none() || p.prefill))
                .then(|| tally.unwrap_or_else(|| Outcome::of(&st)));
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
            // The step: copied from the step cache when this position and action are there (a
            // step that rolled no die; a hit leaves what the apply would: the position and the
            // events it logs), else applied (and stored if it rolled no die).
            // (The risk segment's log records exactly while the segment is open.)
            let key = (fp, action);
            let luck_before = lk;
            let own_log = p.luck && !seg.open;
            let luck_from = seg.log.events.len();
            let cached = if cache_on {
                bufs.cache
                    .get(&key)
                    .filter(|e| e.events.is_some() || !seg.open)
            } else {
                None
            };
            known_fp = None;
            if let Some(e) = cached {
                #[cfg(debug_assertions)]
                Self::check_hit(&st, &action, &dice, e);
                st.clone_from(&e.st);
                if seg.open {
                    seg.log
                        .events
                        .extend_from_slice(e.events.as_deref().unwrap_or(&[]));
                }
                known_fp = Some(e.fp);
                tally = Some(e.outcome);
                bufs.cache.stats.hits += 1;
            } else if cache_on {
                let logged = seg.log.events.len();
                let mut counted = Counted {
                    dice: &mut dice,
                    rolls: 0,
                };
                let log = if own_log { &mut luck_log } else { &mut seg.log };
                st.apply_unchecked(&action, &mut counted, log);
                tally = None;
                if counted.rolls > 0 {
                    bufs.cache.stats.rolled += 1;
                } else {
                    bufs.cache.stats.misses += 1;
                    let events = seg.open.then(|| &seg.log.events[logged..]);
                    if let Some((fp, o)) = bufs.cache.put(key, &st, events) {
                        known_fp = Some(fp);
                        tally = Some(o);
                    }
                }
            } else {
                let log = if own_log { &mut luck_log } else { &mut seg.log };
                st.apply_unchecked(&action, &mut dice, log);
                tally = None;
            }
            if p.luck {
                if own_log {
                    luck::add(&st, &luck_log.events, &mut lk);
                    luck_log.events.clear();
                } else {
                    luck::add(&st, &seg.log.events[luck_from..], &mut lk);
                }
                luck_at.push(luck_before);
            }
            Self::segment_step(self.root_side, &st, &mut seg);
            bufs.path.push(chosen);
            node = chosen;
            if expanded.is_some() && !p.prefill {
                break;
            }
            if let Some(b) = before {
                let now = tally.unwrap_or_else(|| Outcome::of(&st));
                let k = b.class_to(&now);
                tally = Some(now);
                // The exact outcome's key only when exact nodes are on (a hash per split).
                let after = (p.exact > 0).then(|| {
                    known_fp
                        .unwrap_or_else(|| st.fingerprint())
                        .max(CLASS_KEYS + 1)
                });
                match self.chance_child(chosen, after, k, p.exact, node_cap) {
                    Some(c) => {
                        bufs.path.push(c);
                        if p.luck {
                            luck_at.push(lk);
                        }
                        chance_nodes += 1;
                        node = c;
                    }
                    // No room for the chance node: nothing to prepare.
                    None => break,
                }
            }
            if expanded.is_some() {
                fill = (self.nodes[node].ncands == 0).then_some(node);
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
            known_fp: known_fp.filter(|_| cache_on),
            luck: lk,
            luck_at,
        }
    }
}

impl Tree {
    /// Debug builds: a step served by the cache is applied for real too, and must roll no die
    /// and reach the cached position (fingerprint, events).
    #[cfg(debug_assertions)]
    fn check_hit(st: &State, action: &Action, dice: &SeededDice, e: &super::step_cache::Entry) {
        let mut real = st.clone();
        let mut d = dice.clone();
        let mut log = Log::recording();
        let mut counted = Counted {
            dice: &mut d,
            rolls: 0,
        };
        real.apply_unchecked(action, &mut counted, &mut log);
        assert_eq!(counted.rolls, 0, "a cached step rolled a die: {action:?}");
        assert_eq!(
            real.fingerprint(),
            e.fp,
            "a cached step went elsewhere: {action:?}"
        );
        if let Some(ev) = &e.events {
            assert_eq!(
                &log.events, ev,
                "a cached step logged otherwise: {action:?}"
            );
        }
    }
}
