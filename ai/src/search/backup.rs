//! Backpropagation: a sample's value added along its path (for the side that chose each node),
//! the candidates a rollout prepared installed, and the risk segment of the root action closed
//! and counted.

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
        for &i in &leaf.path {
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
}
