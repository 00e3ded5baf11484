//! `wartime tune`: fits the evaluation weights to self-play outcomes by logistic regression and
//! reports accuracy and log-loss before and after on held-out games.

use crate::search::policy::rollout_choice;
use engine::basics::check::Log;
use engine::basics::dice::SeededDice;
use engine::{Side, State};
use eval::{features, Weights, FEATURE_NAMES, NUM_FEATURES};
use rayon::prelude::*;

/// One sampled position: its features (A's perspective) and A's final result.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Features.
    pub x: [f32; NUM_FEATURES],
    /// A's result: 1, 0.5 or 0.
    pub y: f32,
    /// Which game it came from.
    pub game: usize,
}

/// Plays `games` self-play games with the rollout policy (both sides) from the positions, and
/// samples every `every`-th decision.
pub fn self_play(positions: &[State], games: usize, every: usize, seed: u64) -> Vec<Sample> {
    (0..games)
        .into_par_iter()
        .flat_map_iter(|g| {
            let start = &positions[g % positions.len()];
            let mut st = start.clone();
            let mut dice = SeededDice::new(seed ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut pol = SeededDice::new(seed ^ 0x77 ^ g as u64);
            let mut buf = Vec::new();
            let mut scores = Vec::new();
            let mut log = Log::off();
            let mut xs = Vec::new();
            let mut n = 0;
            while !st.is_terminal() && n < 20_000 {
                if n % every.max(1) == 0 {
                    xs.push(features(&st));
                }
                st.legal_actions(&mut buf);
                let k = rollout_choice(&st, &buf, &mut pol, &mut scores);
                let a = buf[k];
                st.apply_unchecked(&a, &mut dice, &mut log);
                n += 1;
            }
            let y = st.returns(Side::A);
            xs.into_iter()
                .map(move |x| Sample { x, y, game: g })
                .collect::<Vec<_>>()
        })
        .collect()
}

fn predict(w: &[f32; NUM_FEATURES], x: &[f32; NUM_FEATURES]) -> f32 {
    let z: f32 = w.iter().zip(x).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}

/// Accuracy (decisive games only) and mean log-loss of weights on samples.
pub fn score(w: &Weights, samples: &[Sample]) -> (f64, f64) {
    let mut right = 0usize;
    let mut decisive = 0usize;
    let mut loss = 0f64;
    for s in samples {
        let p = predict(&w.0, &s.x).clamp(1e-6, 1.0 - 1e-6) as f64;
        let y = s.y as f64;
        loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        if s.y != 0.5 {
            decisive += 1;
            if (p > 0.5) == (s.y > 0.5) {
                right += 1;
            }
        }
    }
    (
        right as f64 / decisive.max(1) as f64,
        loss / samples.len().max(1) as f64,
    )
}

/// Fits weights by full-batch gradient descent on log-loss with a little L2, from `start`.
pub fn fit(start: &Weights, samples: &[Sample], epochs: usize, rate: f32) -> Weights {
    let mut w = start.0;
    let n = samples.len().max(1) as f32;
    for _ in 0..epochs {
        let mut grad = [0f32; NUM_FEATURES];
        for s in samples {
            let err = predict(&w, &s.x) - s.y;
            for (g, x) in grad.iter_mut().zip(&s.x) {
                *g += err * x;
            }
        }
        for k in 0..NUM_FEATURES {
            w[k] -= rate * (grad[k] / n + 1e-3 * w[k]);
        }
    }
    Weights(w)
}

/// Runs the whole tuning and returns a report.
pub fn tune(positions: &[State], games: usize, seed: u64) -> String {
    let samples = self_play(positions, games, 4, seed);
    let (train, test): (Vec<Sample>, Vec<Sample>) =
        samples.into_iter().partition(|s| s.game % 5 != 0);
    let before = Weights::default();
    let after = fit(&before, &train, 3000, 0.5);
    let (acc0, ll0) = score(&before, &test);
    let (acc1, ll1) = score(&after, &test);
    let mut out = format!(
        "self-play games: {games} ({} training samples, {} held-out samples from {} held-out games)\n",
        train.len(),
        test.len(),
        games.div_ceil(5)
    );
    out.push_str(&format!(
        "held-out before: accuracy {:.3}  log-loss {:.4}\n",
        acc0, ll0
    ));
    out.push_str(&format!(
        "held-out after:  accuracy {:.3}  log-loss {:.4}\n",
        acc1, ll1
    ));
    out.push_str("weights (paste into eval::Weights::default):\n");
    for (k, name) in FEATURE_NAMES.iter().enumerate() {
        out.push_str(&format!(
            "  {name:<22} {:>8.3} -> {:>8.3}\n",
            before.0[k], after.0[k]
        ));
    }
    out.push_str(&format!(
        "  [{}]\n",
        after
            .0
            .iter()
            .map(|v| format!("{v:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out
}
