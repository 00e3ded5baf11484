//! Backpropagation: a sample's value added along its path (for the side that chose each node),
//! the candidates a rollout prepared installed, and the risk segment of the root action closed
//! and counted.

use super::luck;
use super::node::NO_CLASS;
use super::risk::Segment;
use super::rollout::Leaf;
use super::tree::Tree;
use engine::basics::check::{Event, Log};
use engine::game::DecisionKind;
use engine::{Side, State};

impl Tree {
    /// Backpropagation: the value of the leaf (for side A) added along its path.
    pub(super) fn finish(&mut self, mut leaf: Leaf, v_a: f32) {
        if let Some(prep) = leaf.prepared.take() {
            let n = &mut self.nodes[prep.node];
            // Only a node still without candidates takes them (never overwrite a list).
            if n.ncands == 0 {
                n.sig = prep.sig;
                n.fp = prep.fp;
                n.complete = prep.complete;
                self.reset_flags(prep.node, 0);
                self.set_cands(prep.node, &prep.candidates);
                let n = &mut self.nodes[prep.node];
                n.first_len = n.ncands;
            }
        }
        if self.track_sq && self.sq.len() < self.nodes.len() {
            self.sq.resize(self.nodes.len(), 0.0);
        }
        // `luck`: the fit learns from this sample's luck from the root, then each node's value
        // is corrected by the luck rolled after it (`luck.rs`).
        if let Some(fit) = self.luck.as_mut() {
            fit.add(&leaf.luck, v_a);
        }
        for (k, &i) in leaf.path.iter().enumerate() {
            let v_a = match (&self.luck, leaf.luck_at.get(k)) {
                (Some(fit), Some(before)) => v_a - fit.correction(&luck::since(&leaf.luck, before)),
                _ => v_a,
            };
            let n = &mut self.nodes[i];
            // The perspective flip of the search: values are stored for the side that chose.
            let v = if n.side == Side::A { v_a } else { 1.0 - v_a } as f64;
            n.value += v;
            if self.track_sq {
                self.sq[i] += v * v;
            }
        }
        if let Some(c) = leaf.risk_child {
            if leaf.seg.open {
                leaf.seg.open = false;
                leaf.seg.risk.samples = 1;
            }
            self.risks.entry(c as u32).or_default().add(&leaf.seg.risk);
        }
    }

    /// Closes the risk segment of the root action once the root side decides again (or the
    /// game ends): counts what happened between — the action's resolution and the enemy reaction
    /// windows it opened, whatever made the choices there (tree or rollout).
    pub(super) fn segment_step(me: Side, st: &State, seg: &mut Segment) {
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
        // Inside the hits of an area one of ours laid (until the next check of another kind
        // than the area's own CH DEF / CH PSI rolls, or another area).
        let mut own_area = false;
        for e in &seg.log.events {
            match e {
                Event::Area { who, .. } => own_area = st.side_of(*who) == me,
                Event::Check { who, what, roll } => {
                    if *what == "CH VOL reaction" && st.side_of(*who) != me && roll.pass {
                        reaction_phase = true;
                    }
                    if !matches!(*what, "CH DEF" | "CH DEF cover" | "CH PSI") {
                        own_area = false;
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
                        if own_area {
                            risk.friendly_fire += *amount as u32;
                        }
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

    /// Implicit minimax backup (`Params::imm`): the leaf of this iteration's path takes the
    /// static evaluation of its position (`at_leaf_a`, for side A; a running mean over the
    /// samples that end there, until it has children with values), and every node above it
    /// the minimax of its children's values — the best for whoever decides there, a visit-
    /// weighted mean over chance children (the dice are not chosen).
    pub(super) fn imm_backup(&mut self, path: &[usize], at_leaf_a: f32) {
        if self.tau.len() < self.nodes.len() {
            self.tau.resize(self.nodes.len(), f32::NAN);
        }
        let Some((&last, above)) = path.split_last() else {
            return;
        };
        if !self.imm_from_kids(last) {
            let n = &self.nodes[last];
            // The perspective flip of the search (as in `finish`).
            let v = if n.side == Side::A {
                at_leaf_a
            } else {
                1.0 - at_leaf_a
            };
            let t = &mut self.tau[last];
            if t.is_nan() {
                *t = v;
            } else {
                *t += (v - *t) / n.visits.max(1) as f32;
            }
        }
        for &i in above.iter().rev() {
            self.imm_from_kids(i);
        }
    }

    /// Node `i`'s implicit minimax value from its children's (`imm_backup`); false when none
    /// of them has one yet (the node's own value stays).
    fn imm_from_kids(&mut self, i: usize) -> bool {
        let Some(first) = self.first_kid(i) else {
            return false;
        };
        let side = self.nodes[i].side;
        let v = if self.nodes[first as usize].class != NO_CLASS {
            let (mut sum, mut w) = (0.0f32, 0.0f32);
            for c in self.kids(i) {
                let t = self.tau[c as usize];
                let n = self.nodes[c as usize].visits as f32;
                if !t.is_nan() && n > 0.0 {
                    sum += t * n;
                    w += n;
                }
            }
            if w == 0.0 {
                return false;
            }
            sum / w
        } else {
            let mut best: Option<(f32, Side)> = None;
            for c in self.kids(i) {
                let t = self.tau[c as usize];
                if !t.is_nan() && best.is_none_or(|(b, _)| t > b) {
                    best = Some((t, self.nodes[c as usize].side));
                }
            }
            match best {
                Some((t, s)) if s == side => t,
                Some((t, _)) => 1.0 - t,
                None => return false,
            }
        };
        self.tau[i] = v;
        true
    }
}
