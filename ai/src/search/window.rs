//! The reaction window kept in one tree (`Params::winback`, `winback=M`; STRENGTH.md, "Issue
//! 19, fourteenth session"): the value a window's `react` edge shows its parent is the value of
//! the reactor's best reaction, not the mean over every reaction the subtree tried.
//!
//! REACCIONES: in a window the deciding side attempts a reaction with one of its characters
//! (`react`, a CH VOL) and, if the check passes, that character chooses its reaction. The two
//! steps are one choice of the same player. A mean backup charges `react` with every weak
//! reaction the search tried below it (the reactor's decision among ~100 actions, explored by
//! UCT), while after `pass` the next decisions are the enemy's, whose weak tries raise the mean
//! instead: the thirteenth session's error analysis against flat Monte Carlo found the tree
//! undervaluing `react` against `pass` by about a point of win probability, its one
//! systematic loss. Deciding the window by flat samples (`flatwin`) lost more than it gained,
//! because the reaction then started without a tree; this correction keeps the tree across
//! both steps and only changes what the window's selection (and so its final choice, the most
//! visited) sees.
//!
//! What is replaced: below a `react c` edge (or below each of its chance nodes), the samples
//! that went on into c's reaction (`reaction c …` or `hold c`) count with the mean of c's best
//! such reaction among those with at least M visits, instead of their own means; the samples
//! that stopped at the node (its rollouts) and those that went elsewhere (a failed CH VOL back
//! to the window, or the window closing) keep their values. Other decisions keep the plain
//! mean: a max backup everywhere (`maxback`) gained nothing in the twelfth session.

use super::tree::Tree;
use engine::basics::action::Action;

impl Tree {
    /// The mean value of node `e` for the side that chose it, with the window correction of
    /// this module when `e` is a `react c` edge and some reaction of c below it has at least
    /// `m` visits (`m` ≥ 1); the plain mean otherwise.
    pub(super) fn window_q(&self, e: usize, m: u32) -> f64 {
        let n = &self.nodes[e];
        if n.visits == 0 {
            return 0.5;
        }
        let mut sum = n.value;
        if let Some(Action::React(c)) = n.action {
            let m = m.max(1);
            let chance = self
                .first_kid(e)
                .is_some_and(|k| self.nodes[k as usize].class != super::node::NO_CLASS);
            if chance {
                for h in self.kids(e) {
                    sum += self.second_step_gain(h as usize, c, m);
                }
            } else {
                sum += self.second_step_gain(e, c, m);
            }
        }
        sum / n.visits as f64
    }

    /// What the samples of node `h` that went on into reactor `c`'s own reaction gain when
    /// they count with c's best reaction (≥ `m` visits) instead of their own values: the best
    /// mean, or with `backsel=visits` (`Tree::robust_back`) the most visited reaction's mean
    /// (the one the search would play; the max of a few noisy means is optimistic).
    fn second_step_gain(&self, h: usize, c: u8, m: u32) -> f64 {
        let (mut value, mut visits, mut best) = (0.0, 0u64, None::<f64>);
        let mut top = (0u32, 0.0f64);
        for k in self.kids(h) {
            let kn = &self.nodes[k as usize];
            let second = match kn.action {
                Some(Action::Reaction { who, .. }) | Some(Action::Hold(who)) => who == c,
                _ => false,
            };
            if !second || kn.visits == 0 {
                continue;
            }
            value += kn.value;
            visits += kn.visits as u64;
            if kn.visits >= m {
                let q = kn.value / kn.visits as f64;
                best = Some(best.map_or(q, |b: f64| b.max(q)));
                // Ties: the first made.
                if kn.visits > top.0 {
                    top = (kn.visits, q);
                }
            }
        }
        if self.robust_back && best.is_some() {
            best = Some(top.1);
        }
        best.map_or(0.0, |b| b * visits as f64 - value)
    }
}
