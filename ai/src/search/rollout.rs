//! Rollouts (STRENGTH.md: the rollout policy and its depth): from a descent's leaf to the
//! horizon with the rollout policy, then the static evaluation; flat Monte Carlo samples of a
//! root action; the candidates a rollout's first step prepares for a new node; and a random
//! legal action for the baseline agent.

use super::luck::{self, Luck};
use super::node::{signature, TOP_CANDIDATES};
use super::params::Params;
use super::policy::{choose_scored_with, rollout_choice_with, scores_into};
use super::prior::{candidates_by_score, prior_stride};
use super::risk::Segment;
use super::tree::{Bufs, Tree};
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::{DiceSource, SeededDice};
use engine::{DecisionKind, Side, State};

/// One flat Monte Carlo sample of root action `a`: the action on the dice of `seed`, then the
/// rollout policy and the evaluation; the value for `me`.
pub(super) fn flat_sample(
    me: Side,
    root: &State,
    a: &Action,
    p: &Params,
    seed: u64,
    bufs: &mut Bufs,
) -> f64 {
    let mut leaf = Leaf::plain(root.clone(), seed);
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
pub(super) fn rollout(me: Side, leaf: &mut Leaf, p: &Params, bufs: &mut Bufs) -> f32 {
    let mut off = if p.luck { Log::recording() } else { Log::off() };
    let st = &mut leaf.st;
    let steps = if p.horizon {
        (p.rollout_depth as usize + 1).saturating_sub(leaf.tree_depth)
    } else {
        p.rollout_depth as usize
    };
    for step in 0..steps + p.quiet as usize {
        if st.is_terminal() || (step >= steps && !mid_activation(st)) {
            break;
        }
        // The leaf's list may be in the step cache (or is stored there for the new node's next
        // visit); the later steps' positions seldom come again.
        let fp = (step == 0 && bufs.cache.on())
            .then(|| leaf.known_fp.unwrap_or_else(|| st.fingerprint()));
        bufs.legal_of(st, fp);
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
                let cands = candidates_by_score(&bufs.scores, &bufs.legal, top, p.pass_first);
                leaf.prepared = Some(Prepared {
                    node,
                    sig: signature(&bufs.legal),
                    fp: st.fingerprint(),
                    complete: cands.len() == bufs.legal.len(),
                    candidates: cands.into_iter().map(|(_, a)| a).collect(),
                });
                choose_scored_with(&bufs.scores, best, &mut leaf.policy, p.rollout_style)
            }
            None => rollout_choice_with(
                st,
                &bufs.legal,
                &mut leaf.policy,
                &mut bufs.scores,
                p.rollout_style,
            ),
        };
        let a = bufs.legal[k];
        if leaf.seg.open {
            let logged = leaf.seg.log.events.len();
            st.apply_unchecked(&a, &mut leaf.dice, &mut leaf.seg.log);
            if p.luck {
                luck::add(st, &leaf.seg.log.events[logged..], &mut leaf.luck);
            }
            Tree::segment_step(me, st, &mut leaf.seg);
        } else {
            st.apply_unchecked(&a, &mut leaf.dice, &mut off);
            if p.luck {
                luck::add(st, &off.events, &mut leaf.luck);
                off.events.clear();
            }
        }
    }
    p.eval.win_probability(st, Side::A)
}

/// An activation is under way ([`Params::quiet`]): an action, a reaction window or a reaction
/// is awaited (not the initiative, the next activation or the end of the game).
pub(super) fn mid_activation(st: &State) -> bool {
    matches!(
        st.decision(),
        DecisionKind::Act | DecisionKind::ReactionWindow | DecisionKind::Reaction
    )
}

/// A descent's end: the sampled state and its dice, the path, the risk segment.
pub(super) struct Leaf {
    pub(super) st: State,
    pub(super) dice: SeededDice,
    pub(super) policy: SeededDice,
    /// Decisions applied in the tree (chance nodes not counted).
    pub(super) tree_depth: usize,
    pub(super) path: Vec<usize>,
    pub(super) risk_child: Option<usize>,
    pub(super) seg: Segment,
    /// The new decision node whose candidates the rollout's first step makes, and whether it
    /// is deeper than the root's children.
    pub(super) fill: Option<(usize, bool)>,
    pub(super) prepared: Option<Prepared>,
    /// The fingerprint of the leaf's position, when the descent knows it (`step_cache.rs`).
    pub(super) known_fp: Option<u64>,
    /// With `Params::luck`: the luck of the checks rolled so far (from the root), and the luck
    /// before each node of `path` (empty when off).
    pub(super) luck: Luck,
    pub(super) luck_at: Vec<Luck>,
}

impl Leaf {
    /// A leaf one decision below the root that no tree node owns (a flat sample's): `st` on
    /// the dice of `seed`, the rollout policy on its own stream.
    pub(super) fn plain(st: State, seed: u64) -> Leaf {
        Leaf {
            st,
            dice: SeededDice::new(seed),
            policy: SeededDice::new(seed ^ 0x5eed),
            tree_depth: 1,
            path: Vec::new(),
            risk_child: None,
            seg: Segment::default(),
            fill: None,
            prepared: None,
            known_fp: None,
            luck: Luck::default(),
            luck_at: Vec::new(),
        }
    }
}

/// A new node's candidates, made from the first rollout step's legal list and scores
/// ([`Params::prefill`]), installed by [`Tree::finish`] as a first visit would have made them
/// (the next visit in the same state skips the move generator).
pub(super) struct Prepared {
    pub(super) node: usize,
    pub(super) sig: u64,
    pub(super) fp: u64,
    pub(super) complete: bool,
    pub(super) candidates: Vec<Action>,
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
    use crate::search::tests::tactic;

    /// The position a rollout from `st` evaluates, with `quiet`.
    fn rollout_end(st: &State, quiet: u32, seed: u64) -> State {
        let p = Params {
            quiet,
            ..Params::default()
        };
        let mut leaf = Leaf::plain(st.clone(), seed);
        rollout(Side::A, &mut leaf, &p, &mut Bufs::default());
        leaf.st
    }

    /// `quiet=N` plays on past the rollout depth while an activation is under way and stops
    /// between activations; off, a rollout from the middle of an activation (tactic 04's
    /// position) often ends in it.
    #[test]
    fn quiet_rollouts_end_between_activations() {
        let st = tactic("04_take_cover.json");
        assert!(mid_activation(&st));
        let mut cut = 0;
        for seed in 0..40 {
            cut += usize::from(mid_activation(&rollout_end(&st, 0, seed)));
            let end = rollout_end(&st, 64, seed);
            assert!(end.is_terminal() || !mid_activation(&end), "seed {seed}");
        }
        assert!(cut > 10, "{cut} of 40 plain rollouts ended mid-activation");
    }
}
