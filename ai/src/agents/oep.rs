//! Online Evolutionary Planning (Justesen, Mahlmann & Togelius, 2016), adapted to dice.
//!
//! OEP evolves the whole action sequence of a turn as one genome. Here the "turn" is the
//! acting character's activation: a genome is the list of its actions up to `end`. Because
//! dice decide whether later actions are still legal (the target may be down), a genome is
//! *repaired* while it is evaluated: an action that is illegal in the sampled state is replaced
//! by the rollout policy's choice. Fitness is the mean evaluation over several dice samples at
//! the end of the activation (enemy reactions included, played by the rollout policy).
//! Decisions that are not the actor's own (initiative, activation choice, reaction windows)
//! are left to flat Monte Carlo with the same time budget.

use super::agent::{forced, Agent, FlatMcAgent};
use crate::search::policy::rollout_choice;
use crate::search::Params;
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::{DiceSource, SeededDice};
use engine::game::DecisionKind;
use engine::{Side, State};
use eval::Evaluator;
use std::time::{Duration, Instant};

/// The OEP agent.
pub struct OepAgent {
    /// Time per decision.
    pub movetime: Duration,
    /// Or a fixed number of genome evaluations per decision.
    pub evaluations: Option<u32>,
    /// Population size.
    pub population: usize,
    /// Dice samples per fitness evaluation.
    pub samples: u32,
    seed: u64,
    calls: u64,
    fallback: FlatMcAgent,
    eval: Evaluator,
}

impl OepAgent {
    /// Sets the evaluation (of its genomes and of its fallback's rollouts).
    pub fn set_eval(&mut self, e: Evaluator) {
        self.fallback.eval = e.clone();
        self.eval = e;
    }

    /// An OEP agent with a time budget per decision.
    pub fn new(movetime: Duration, evaluations: Option<u32>, seed: u64) -> OepAgent {
        OepAgent {
            movetime,
            evaluations,
            population: 24,
            samples: 3,
            seed,
            calls: 0,
            fallback: FlatMcAgent::new(
                evaluations.unwrap_or(200),
                evaluations.is_none().then_some(movetime),
                seed ^ 7,
            ),
            eval: Params::default().eval,
        }
    }

    /// Plays a genome from `st` for the actor with dice `d`, repairing illegal genes; returns
    /// the repaired genome and the evaluation for `side` at the end of the activation.
    #[allow(clippy::too_many_arguments)]
    fn play(
        &self,
        st: &State,
        genome: &[Action],
        side: Side,
        d: &mut SeededDice,
        pol: &mut SeededDice,
        buf: &mut Vec<Action>,
        scores: &mut Vec<f32>,
    ) -> (Vec<Action>, f32) {
        let mut s = st.clone();
        let mut off = Log::off();
        let mut out = Vec::with_capacity(genome.len());
        let mut g = 0;
        let actor = match st.pending() {
            engine::Pending::Act { actor } => actor,
            _ => return (Vec::new(), self.eval.win_probability(st, side)),
        };
        for _ in 0..64 {
            if s.is_terminal() {
                break;
            }
            s.legal_actions(buf);
            if buf.is_empty() {
                break;
            }
            let mine = matches!(s.pending(), engine::Pending::Act { actor: a } if a == actor);
            if !mine {
                if s.to_decide() == Some(side) && s.decision() == DecisionKind::Activate {
                    break; // the activation is over
                }
                if s.decision() == DecisionKind::Initiative {
                    break;
                }
                // Enemy reaction windows and our own reactions: rollout policy.
                let k = rollout_choice(&s, buf, pol, scores);
                let a = buf[k];
                s.apply_unchecked(&a, d, &mut off);
                continue;
            }
            let a = match genome.get(g) {
                Some(a) if buf.contains(a) => *a,
                _ => buf[rollout_choice(&s, buf, pol, scores)],
            };
            g += 1;
            out.push(a);
            s.apply_unchecked(&a, d, &mut off);
            if matches!(a, Action::End { .. }) {
                // Let the closing reaction window play out.
                continue;
            }
        }
        (out, self.eval.win_probability(&s, side))
    }
}

impl Agent for OepAgent {
    fn name(&self) -> String {
        "oep".into()
    }

    fn choose(&mut self, st: &State) -> Action {
        self.calls += 1;
        let mut buf = Vec::new();
        if let Some(a) = forced(st, &mut buf) {
            return a;
        }
        if st.decision() != DecisionKind::Act {
            return self.fallback.choose(st);
        }
        let start = Instant::now();
        let side = st.to_decide().unwrap_or(Side::A);
        let mut rng = SeededDice::new(self.seed ^ (self.calls << 16));
        let mut scores = Vec::new();
        let mut evals: u32 = 0;
        let budget_left = |evals: u32| match self.evaluations {
            Some(n) => evals < n,
            None => start.elapsed() < self.movetime,
        };
        // Initial population: random repaired genomes (the rollout policy proposes them).
        let mut pop: Vec<(Vec<Action>, f32)> = Vec::new();
        let mut sample_seed: u64 = self.seed ^ (self.calls << 40);
        let fitness = |this: &Self,
                       genome: &[Action],
                       rng_seed: &mut u64,
                       buf: &mut Vec<Action>,
                       scores: &mut Vec<f32>|
         -> (Vec<Action>, f32) {
            let mut total = 0.0;
            let mut repaired = Vec::new();
            for k in 0..this.samples {
                *rng_seed = rng_seed.wrapping_add(0x9E37_79B9);
                let mut d = SeededDice::new(*rng_seed);
                let mut pol = SeededDice::new(*rng_seed ^ 0x51);
                let (g, v) = this.play(st, genome, side, &mut d, &mut pol, buf, scores);
                if k == 0 {
                    repaired = g;
                }
                total += v;
            }
            (repaired, total / this.samples as f32)
        };
        while pop.len() < self.population && budget_left(evals) {
            let (g, f) = fitness(self, &[], &mut sample_seed, &mut buf, &mut scores);
            evals += 1;
            pop.push((g, f));
        }
        if pop.is_empty() {
            st.legal_actions(&mut buf);
            return buf[0];
        }
        while budget_left(evals) {
            pop.sort_by(|a, b| b.1.total_cmp(&a.1));
            pop.truncate((self.population / 2).max(2));
            let n = pop.len();
            let mut children = Vec::new();
            for _ in 0..n {
                let a = (rng.d100() as usize) % n;
                let b = (rng.d100() as usize) % n;
                // Uniform crossover on the aligned prefix, then one mutation.
                let (ga, gb) = (&pop[a].0, &pop[b].0);
                let len = ga.len().max(gb.len());
                let mut child: Vec<Action> = (0..len)
                    .filter_map(|i| {
                        if rng.d10() <= 5 {
                            ga.get(i).or(gb.get(i))
                        } else {
                            gb.get(i).or(ga.get(i))
                        }
                    })
                    .copied()
                    .collect();
                if !child.is_empty() && rng.d10() <= 7 {
                    let i = (rng.d100() as usize) % child.len();
                    child.truncate(i); // the tail is re-proposed by the repair policy
                }
                children.push(child);
            }
            for c in children {
                if !budget_left(evals) {
                    break;
                }
                let (g, f) = fitness(self, &c, &mut sample_seed, &mut buf, &mut scores);
                evals += 1;
                pop.push((g, f));
            }
        }
        pop.sort_by(|a, b| b.1.total_cmp(&a.1));
        st.legal_actions(&mut buf);
        pop.iter()
            .find_map(|(g, _)| g.first().filter(|a| buf.contains(a)).copied())
            .unwrap_or(buf[0])
    }
}
