//! `wartime spsa`: an evaluation's weights (the hand-set or the learned model) tuned by play
//! (issue 19 item 1) — simultaneous perturbation stochastic approximation (Spall 1992), the
//! method chess engines tune their evaluation with (Stockfish's fishtest "SPSA tests"). The
//! fits of `wartime tune` predict results and search values well and play no better
//! (STRENGTH.md, fourteenth session: 0.514); SPSA asks the games directly: at every step each
//! weight is pushed up or down by its perturbation at random, the search with the weights plus
//! the perturbation plays duplicate pairs against the search with the weights minus it, and
//! every weight moves toward the side that scored, in proportion to the score. The result is
//! the mean of the weights over the last half of the steps (Polyak averaging: the last iterate
//! carries the last games' noise), written as a weights file of the same model
//! (`eval/weights/hand.txt` is the shipped hand-set one) that `eval=FILE` loads.
//!
//! Deterministic for a seed: the perturbations, positions and game seeds come from the seed
//! and the step; the games of a step run in parallel and their results are summed in order.

use crate::agents::arena::{play_paired, AgentSpec};
use engine::State;
use eval::learned::{Model, HAND_LOGIT, LEARNED_NAMES, NUM_LEARNED};
use eval::{Evaluator, Weights, FEATURE_NAMES};
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// Index of `bias` in [`FEATURE_NAMES`]: a constant shifts every value alike, so the search's
/// choices barely depend on it; it is not tuned.
const BIAS: usize = 10;

/// The model whose weights are tuned: the hand-set one (`eval/weights/hand.txt`) or the learned
/// one (`eval/weights/learned.txt`), as a plain vector of weights with the ones left alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Tunable {
    /// The hand-set logistic model; its `bias` is not tuned.
    Hand(Weights),
    /// The learned logistic model; its `hand_logit` is tuned only when it is in use (a zero
    /// weight spares the model a hand-set evaluation per call, and stays zero).
    Learned(Model),
}

impl Tunable {
    /// The weights as a vector, in the model's order.
    pub fn weights(&self) -> Vec<f32> {
        match self {
            Tunable::Hand(w) => w.0.to_vec(),
            Tunable::Learned(m) => m.w.to_vec(),
        }
    }

    /// The names of the weights.
    pub fn names(&self) -> &'static [&'static str] {
        match self {
            Tunable::Hand(_) => &FEATURE_NAMES,
            Tunable::Learned(_) => &LEARNED_NAMES,
        }
    }

    /// Whether weight `k` is tuned.
    pub fn tuned(&self, k: usize) -> bool {
        match self {
            Tunable::Hand(_) => k != BIAS,
            Tunable::Learned(m) => k != HAND_LOGIT || m.w[HAND_LOGIT] != 0.0,
        }
    }

    /// The same model with the weights `w`.
    pub fn with(&self, w: &[f32]) -> Tunable {
        match self {
            Tunable::Hand(_) => {
                let mut x = [0f32; FEATURE_NAMES.len()];
                x.copy_from_slice(w);
                Tunable::Hand(Weights(x))
            }
            Tunable::Learned(_) => {
                let mut m = Model {
                    w: [0.0; NUM_LEARNED],
                };
                m.w.copy_from_slice(w);
                Tunable::Learned(m)
            }
        }
    }

    /// The evaluation with these weights.
    pub fn evaluator(&self) -> Evaluator {
        match self {
            Tunable::Hand(w) => Evaluator::Hand(w.clone()),
            Tunable::Learned(m) => Evaluator::Learned(Arc::new(m.clone())),
        }
    }

    /// The weights file's text (as `eval=FILE` loads it).
    pub fn to_text(&self, comment: &str) -> String {
        match self {
            Tunable::Hand(w) => w.to_text(comment),
            Tunable::Learned(m) => m.to_text(comment),
        }
    }

    /// Reads a hand-set or a learned weights file (by its header).
    ///
    /// # Errors
    /// The file's error, naming it.
    pub fn load(path: &std::path::Path) -> Result<Tunable, String> {
        match Evaluator::from_name(&path.display().to_string())? {
            Evaluator::Hand(w) => Ok(Tunable::Hand(w)),
            Evaluator::Learned(m) => Ok(Tunable::Learned((*m).clone())),
            Evaluator::HandOld(_) | Evaluator::HandUntimed(_) => {
                Err(format!("{}: not a weights file", path.display()))
            }
        }
    }
}

/// What `wartime spsa` does.
#[derive(Clone, Debug)]
pub struct SpsaOptions {
    /// SPSA steps.
    pub steps: usize,
    /// Duplicate pairs per step (played in parallel; each on a position drawn at random).
    pub pairs: usize,
    /// The agent both sides play (its evaluation is replaced by the perturbed weights).
    pub player: AgentSpec,
    /// The player as given on the command line (for the weights file's comment).
    pub player_text: String,
    /// The model and weights to start from.
    pub start: Tunable,
    /// The perturbation of each weight, as a share of its scale (`max(|start|, 1)`).
    pub perturb: f32,
    /// The gain: a weight moves by `gain × perturbation × (pair points − 1)` per pair.
    pub gain: f32,
    /// Seed.
    pub seed: u64,
    /// Where to write the tuned weights (none: report only).
    pub out: Option<PathBuf>,
    /// Report the running weights every this many steps (0: only at the end).
    pub report_every: usize,
}

/// One step's outcome: the perturbation signs and the points of the `+` side over its pairs.
#[derive(Clone, Debug)]
pub struct Step {
    /// +1 or −1 per weight (0 for a weight left alone).
    pub delta: Vec<f32>,
    /// Points of the weights plus the perturbation, over `2 × pairs` games.
    pub points: f32,
}

/// The perturbation of each weight for `start` ([`SpsaOptions::perturb`] of its scale).
pub fn perturbations(start: &Tunable, share: f32) -> Vec<f32> {
    start
        .weights()
        .iter()
        .enumerate()
        .map(|(k, w)| {
            if start.tuned(k) {
                share * w.abs().max(1.0)
            } else {
                0.0
            }
        })
        .collect()
}

/// The SPSA update of `theta` by one step over `pairs` pairs: every tuned weight moves by
/// `gain × c × Σ(pair points − 1) × δ` — up where the `+` side outscored, down where it lost.
pub fn update(theta: &mut [f32], c: &[f32], gain: f32, s: &Step, pairs: usize) {
    let r = s.points - pairs as f32;
    for ((t, c), d) in theta.iter_mut().zip(c).zip(&s.delta) {
        *t += gain * c * r * d;
    }
}

/// Plays one step's pairs: the `+` weights against the `−` weights, each pair on a position
/// drawn from `positions`, both sides with the same dice. Returns the `+` side's points.
fn play_step(
    positions: &[State],
    o: &SpsaOptions,
    plus: &Tunable,
    minus: &Tunable,
    step: usize,
    rng: &mut rand_pcg::Pcg64Mcg,
) -> f32 {
    let jobs: Vec<(usize, u64, bool)> = (0..o.pairs)
        .flat_map(|_| {
            let p = rng.random_range(0..positions.len());
            let s: u64 = rng.random();
            [(p, s, true), (p, s, false)]
        })
        .collect();
    let mut sp = o.player.clone();
    sp.eval = Some(plus.evaluator());
    let mut sm = o.player.clone();
    sm.eval = Some(minus.evaluator());
    let scores: Vec<f32> = jobs
        .par_iter()
        .map(|&(p, s, plus_first)| {
            let seed = s ^ (step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            play_paired(&positions[p], &sp, &sm, seed, plus_first)
        })
        .collect();
    scores.iter().sum()
}

/// Runs SPSA from `o.start` on `positions`; returns the report (the running weights every
/// [`SpsaOptions::report_every`] steps, then the averaged result) and writes the weights file
/// when [`SpsaOptions::out`] is set. Each line of the report is also handed to `progress` as
/// it is made (a long run's front-end shows it; the tool itself never prints).
///
/// # Errors
/// No positions, no steps or pairs, or the weights file cannot be written.
pub fn spsa(
    positions: &[State],
    o: &SpsaOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<String, String> {
    if positions.is_empty() {
        return Err("spsa: no positions".into());
    }
    if o.steps == 0 || o.pairs == 0 {
        return Err("spsa: --steps and --pairs must be at least 1".into());
    }
    if !(o.perturb > 0.0 && o.perturb.is_finite() && o.gain > 0.0 && o.gain.is_finite()) {
        return Err("spsa: --perturb and --gain must be positive numbers".into());
    }
    if let Some(path) = &o.out {
        // Refused before the games, not after an hour of them.
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if dir.is_some_and(|d| !d.is_dir()) {
            return Err(format!(
                "weights file {}: cannot be written: no such directory",
                path.display()
            ));
        }
    }
    let c = perturbations(&o.start, o.perturb);
    let mut theta = o.start.weights();
    let n = theta.len();
    let names = o.start.names();
    let mut sum = vec![0f64; n];
    let mut summed = 0usize;
    let mut points = 0f64;
    let mut report = format!(
        "spsa: {} steps × {} pairs, {} on {} positions, perturbation {} of each weight's scale, gain {}, seed {}\n  {}\n",
        o.steps,
        o.pairs,
        o.player.label(),
        positions.len(),
        o.perturb,
        o.gain,
        o.seed,
        header(names)
    );
    report.push_str(&row("start", &theta));
    progress(&report);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(o.seed);
    for step in 0..o.steps {
        let delta: Vec<f32> = (0..n)
            .map(|k| {
                let up = rng.random::<bool>();
                match (o.start.tuned(k), up) {
                    (false, _) => 0.0,
                    (true, true) => 1.0,
                    (true, false) => -1.0,
                }
            })
            .collect();
        let plus: Vec<f32> = (0..n).map(|k| theta[k] + c[k] * delta[k]).collect();
        let minus: Vec<f32> = (0..n).map(|k| theta[k] - c[k] * delta[k]).collect();
        let pts = play_step(
            positions,
            o,
            &o.start.with(&plus),
            &o.start.with(&minus),
            step,
            &mut rng,
        );
        points += pts as f64;
        update(
            &mut theta,
            &c,
            o.gain,
            &Step { delta, points: pts },
            o.pairs,
        );
        if step >= o.steps / 2 {
            for (a, t) in sum.iter_mut().zip(&theta) {
                *a += *t as f64;
            }
            summed += 1;
        }
        if o.report_every > 0 && (step + 1) % o.report_every == 0 {
            let line = row(&format!("step {}", step + 1), &theta);
            progress(&line);
            report.push_str(&line);
        }
    }
    let avg: Vec<f32> = sum
        .iter()
        .map(|a| (a / summed.max(1) as f64) as f32)
        .collect();
    report.push_str(&row("last", &theta));
    report.push_str(&row("result", &avg));
    report.push_str(&format!(
        "  the + side scored {:.4} over {} games (0.5 expected: the perturbations are symmetric)\n",
        points / (2 * o.pairs * o.steps) as f64,
        2 * o.pairs * o.steps
    ));
    if let Some(path) = &o.out {
        let text = o.start.with(&avg).to_text(&format!(
            "wartime hand-set evaluation tuned by play: `wartime spsa --steps {} --pairs {} --player {} --perturb {} --gain {} --seed {}`\nmean of the weights over the last {} steps",
            o.steps, o.pairs, o.player_text, o.perturb, o.gain, o.seed, summed
        ));
        std::fs::write(path, text)
            .map_err(|e| format!("weights file {}: cannot be written: {e}", path.display()))?;
        report.push_str(&format!("  wrote {}\n", path.display()));
    }
    Ok(report)
}

fn header(names: &[&str]) -> String {
    let mut s = format!("{:<10}", "");
    for n in names {
        s.push_str(&format!(" {:>8.8}", n));
    }
    s
}

fn row(label: &str, w: &[f32]) -> String {
    let mut s = format!("  {label:<10}");
    for v in w {
        s.push_str(&format!(" {v:>8.3}"));
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> State {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions");
        let s = engine::Setup::from_file(&dir.join("duel.json")).unwrap();
        State::from_setup(&s, Some(&dir)).unwrap()
    }

    fn options(steps: usize, out: Option<PathBuf>) -> SpsaOptions {
        SpsaOptions {
            steps,
            pairs: 1,
            player: AgentSpec::parse("mcts:iterations=8", None).unwrap(),
            player_text: "mcts:iterations=8".into(),
            start: Tunable::Hand(Weights::shipped()),
            perturb: 0.5,
            gain: 0.05,
            seed: 3,
            out,
            report_every: 1,
        }
    }

    #[test]
    fn a_step_moves_every_weight_toward_the_side_that_scored_and_never_the_bias() {
        let start = Tunable::Hand(Weights::shipped());
        let c = perturbations(&start, 0.5);
        assert_eq!(c[BIAS], 0.0);
        assert_eq!(c[0], 3.0); // score 6: half of it
        assert_eq!(c[7], 0.5); // engaged 0: half of the scale 1
        let mut delta = vec![1f32; FEATURE_NAMES.len()];
        delta[1] = -1.0;
        delta[BIAS] = 0.0;
        // Two pairs; the + side took 3 of the 4 games: one point above even.
        let mut theta = start.weights();
        let step = Step {
            delta: delta.clone(),
            points: 3.0,
        };
        update(&mut theta, &c, 0.1, &step, 2);
        assert!((theta[0] - (6.0 + 0.1 * 3.0)).abs() < 1e-6, "{theta:?}");
        assert!((theta[1] - (4.0 - 0.1 * 2.0)).abs() < 1e-6, "{theta:?}");
        assert_eq!(theta[BIAS], start.weights()[BIAS]);
        // An even step moves nothing.
        let mut even = start.weights();
        update(&mut even, &c, 0.1, &Step { delta, points: 2.0 }, 2);
        assert_eq!(even, start.weights());
        // The learned model leaves an unused hand_logit alone.
        let learned = Tunable::Learned(Model::shipped());
        assert_eq!(learned.weights()[HAND_LOGIT], 0.0);
        assert_eq!(perturbations(&learned, 0.5)[HAND_LOGIT], 0.0);
        assert!(perturbations(&learned, 0.5)[0] > 0.0);
    }

    #[test]
    fn spsa_is_deterministic_for_a_seed_and_writes_a_file_that_loads() {
        let st = [duel()];
        let path = std::env::temp_dir().join(format!("spsa_{}.txt", std::process::id()));
        let a = spsa(&st, &options(3, Some(path.clone())), &mut |_| {}).unwrap();
        let b = spsa(&st, &options(3, None), &mut |_| {}).unwrap();
        let rows = |r: &str| {
            r.lines()
                .filter(|l| l.contains("step") || l.contains("result"))
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(rows(&a), rows(&b));
        assert!(a.contains("step 3") && a.contains("wrote"), "{a}");
        let w = Weights::load(&path).unwrap();
        assert_eq!(w.0[BIAS], 0.0);
        match Evaluator::from_name(&path.display().to_string()).unwrap() {
            Evaluator::Hand(h) => assert_eq!(h, w),
            e => panic!("a hand-set file loads as the hand-set evaluation: {e:?}"),
        }
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn bad_options_are_refused_by_name() {
        let st = [duel()];
        assert!(spsa(&st, &options(0, None), &mut |_| {})
            .unwrap_err()
            .contains("--steps"));
        assert!(spsa(&[], &options(1, None), &mut |_| {})
            .unwrap_err()
            .contains("no positions"));
        let mut o = options(1, None);
        o.gain = f32::NAN;
        assert!(spsa(&st, &o, &mut |_| {}).unwrap_err().contains("--gain"));
        let mut o = options(1, Some(PathBuf::from("/nonexistent/dir/w.txt")));
        o.steps = 1;
        let e = spsa(&st, &o, &mut |_| {}).unwrap_err();
        assert!(e.contains("/nonexistent/dir/w.txt"), "{e}");
    }
}
