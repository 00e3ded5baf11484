//! Agents behind one trait: random, greedy one-ply, flat Monte Carlo and MCTS (the game
//! runners that make them play are in `game.rs`).

use crate::search::policy::{rollout_choice_with, RolloutStyle};
use crate::search::{random_action, search_from, Candidate, Limits, Outcome, Params, Tree};
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::SeededDice;
use engine::{Side, State};
use eval::Evaluator;
use std::time::{Duration, Instant};

/// Fills `buf` with the legal actions and returns the only one when there is no choice to make
/// (agents answer those at once, spending no budget).
pub fn forced(st: &State, buf: &mut Vec<Action>) -> Option<Action> {
    st.legal_actions(buf);
    (buf.len() == 1).then(|| buf[0])
}

/// Something that decides.
pub trait Agent: Send {
    /// A short name.
    fn name(&self) -> String;
    /// The decision for the side to decide in `st` (which has at least one legal action).
    fn choose(&mut self, st: &State) -> Action;
}

/// Uniformly random legal actions.
pub struct RandomAgent {
    dice: SeededDice,
    buf: Vec<Action>,
}

impl RandomAgent {
    /// A random agent with its own seed.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            dice: SeededDice::new(seed),
            buf: Vec::new(),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, st: &State) -> Action {
        random_action(st, &mut self.dice, &mut self.buf).expect("a legal action")
    }
}

/// Greedy one-ply: each legal action is applied with a few dice samples and the position
/// evaluated; the best mean wins.
pub struct GreedyAgent {
    samples: u32,
    seed: u64,
    /// The evaluation of the positions after each action.
    pub eval: Evaluator,
    calls: u64,
}

impl GreedyAgent {
    /// A greedy agent averaging `samples` dice samples per action.
    pub fn new(samples: u32, seed: u64) -> GreedyAgent {
        GreedyAgent {
            samples: samples.max(1),
            seed,
            eval: Params::default().eval,
            calls: 0,
        }
    }
}

impl Agent for GreedyAgent {
    fn name(&self) -> String {
        format!("greedy{}", self.samples)
    }
    fn choose(&mut self, st: &State) -> Action {
        let side = st.to_decide().unwrap_or(Side::A);
        let mut buf = Vec::new();
        st.legal_actions(&mut buf);
        self.calls += 1;
        let mut best = buf[0];
        let mut best_v = f32::MIN;
        for (k, a) in buf.iter().enumerate() {
            let mut sum = 0.0;
            for s in 0..self.samples {
                let mut c = st.clone();
                let mut d =
                    SeededDice::new(self.seed ^ (self.calls << 20) ^ ((k as u64) << 8) ^ s as u64);
                c.apply_unchecked(a, &mut d, &mut Log::off());
                sum += self.eval.win_probability(&c, side);
            }
            let v = sum / self.samples as f32;
            if v > best_v {
                best_v = v;
                best = *a;
            }
        }
        best
    }
}

/// Rollout depth of flat Monte Carlo: 2 decisions after the sampled action (the best depth of
/// the rollout policy before the search; STRENGTH.md).
pub const FLAT_MC_DEPTH: u32 = 2;

/// Flat Monte Carlo: the budget is spread evenly over the legal actions; each sample applies the
/// action with fresh dice and plays the rollout policy to the horizon.
pub struct FlatMcAgent {
    /// Samples per decision (total).
    pub budget: u32,
    /// Or a time per decision.
    pub movetime: Option<Duration>,
    seed: u64,
    calls: u64,
    /// Rollout decisions after the sampled action ([`FLAT_MC_DEPTH`] unless set).
    pub depth: u32,
    /// Samples taken by the last decision (0 when it was forced): for tools that compare
    /// budgets.
    pub last_samples: u64,
    /// The evaluation at the rollouts' ends.
    pub eval: Evaluator,
    /// With `record`: every legal action of the last decision with its mean and samples (for
    /// the error analysis of `ai/examples/disagree.rs`).
    pub last_means: Vec<(Action, f32, u32)>,
    /// Fill `last_means` (off by default).
    pub record: bool,
    /// How greedy its rollouts are (the policy's default unless set: `rgreedy`, `rtemp`).
    pub style: RolloutStyle,
}

impl FlatMcAgent {
    /// A flat Monte Carlo agent.
    pub fn new(budget: u32, movetime: Option<Duration>, seed: u64) -> FlatMcAgent {
        FlatMcAgent {
            budget,
            movetime,
            seed,
            calls: 0,
            depth: FLAT_MC_DEPTH,
            last_samples: 0,
            eval: Params::default().eval,
            last_means: Vec::new(),
            record: false,
            style: RolloutStyle::default(),
        }
    }
}

impl Agent for FlatMcAgent {
    fn name(&self) -> String {
        "flatmc".into()
    }
    fn choose(&mut self, st: &State) -> Action {
        let start = Instant::now();
        let side = st.to_decide().unwrap_or(Side::A);
        let mut buf = Vec::new();
        self.calls += 1;
        self.last_samples = 0;
        if let Some(a) = forced(st, &mut buf) {
            return a;
        }
        let n = buf.len();
        let mut sums = vec![0f32; n];
        let mut counts = vec![0u32; n];
        let mut legal = Vec::new();
        let mut scores = Vec::new();
        let mut i: u64 = 0;
        loop {
            if let Some(mt) = self.movetime {
                if start.elapsed() >= mt {
                    break;
                }
            } else if i >= self.budget as u64 {
                break;
            }
            let k = (i as usize) % n;
            let mut c = st.clone();
            let mut d = SeededDice::new(self.seed ^ (self.calls << 32) ^ i);
            let mut pol = SeededDice::new(self.seed ^ (self.calls << 32) ^ i ^ 0xabc);
            let mut off = Log::off();
            c.apply_unchecked(&buf[k], &mut d, &mut off);
            for _ in 0..self.depth {
                if c.is_terminal() {
                    break;
                }
                c.legal_actions(&mut legal);
                let j = rollout_choice_with(&c, &legal, &mut pol, &mut scores, self.style);
                let a = legal[j];
                c.apply_unchecked(&a, &mut d, &mut off);
            }
            sums[k] += self.eval.win_probability(&c, side);
            counts[k] += 1;
            i += 1;
        }
        self.last_samples = i;
        if self.record {
            self.last_means = (0..n)
                .map(|k| (buf[k], sums[k] / counts[k].max(1) as f32, counts[k]))
                .collect();
        }
        let mut best = 0;
        let mut best_v = f32::MIN;
        for k in 0..n {
            if counts[k] > 0 {
                let v = sums[k] / counts[k] as f32;
                if v > best_v {
                    best_v = v;
                    best = k;
                }
            }
        }
        buf[best]
    }
}

/// MCTS with a fixed budget per decision.
pub struct MctsAgent {
    /// Parameters.
    pub params: Params,
    /// Limits per decision.
    pub limits: Limits,
    /// Carry the tree over between decisions of one activation (default on).
    pub reuse: bool,
    /// Iterations of the last decision's search (0 when it was forced): for tools that compare
    /// budgets.
    pub last_iterations: u64,
    /// The root candidates of the last decision's search (empty when it was forced): for the
    /// error analysis of `ai/examples/disagree.rs`.
    pub last_candidates: Vec<Candidate>,
    calls: u64,
    /// The trees of the last search, the action it chose and the outcome tally before it.
    kept: Option<(Vec<Tree>, Action, Outcome)>,
}

impl MctsAgent {
    /// An MCTS agent.
    pub fn new(params: Params, limits: Limits) -> MctsAgent {
        MctsAgent {
            params,
            limits,
            reuse: true,
            last_iterations: 0,
            last_candidates: Vec::new(),
            calls: 0,
            kept: None,
        }
    }
}

/// Whether `st` is the next decision of the character that took `prev` (its activation or its
/// reaction goes on), so that the subtree below `prev` describes it.
fn continues(prev: &Action, st: &State) -> bool {
    use engine::state::Pending;
    match (*prev, st.pending()) {
        // A possessed character's action (Poseer) belongs to its possessor's activation.
        (Action::Activate(c), Pending::Act { actor })
        | (Action::Act { who: c, .. }, Pending::Act { actor }) => {
            st.owner(c) == actor || c == actor
        }
        (Action::React(c), Pending::Reaction { reactor, .. }) => c == reactor,
        _ => false,
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> String {
        "mcts".into()
    }
    fn choose(&mut self, st: &State) -> Action {
        self.calls += 1;
        self.last_iterations = 0;
        self.last_candidates.clear();
        let kept = self.kept.take();
        if let Some(a) = forced(st, &mut Vec::new()) {
            return a;
        }
        let side = st.to_decide().unwrap_or(Side::A);
        let reuse = match kept {
            Some((trees, prev, before)) if self.reuse && continues(&prev, st) => {
                let class = before.class(st);
                trees
                    .iter()
                    .filter_map(|t| t.subtree(&prev, class, st, side))
                    .collect()
            }
            _ => Vec::new(),
        };
        let mut p = self.params.clone();
        p.seed ^= self.calls << 24;
        let (r, trees) = search_from(st, &p, &self.limits, None, None, reuse);
        let best = r.best.expect("a legal action");
        self.last_iterations = r.iterations;
        self.last_candidates = r.candidates;
        if self.reuse {
            self.kept = Some((trees, best, Outcome::of(st)));
        }
        best
    }
}
