//! Fitting a logistic model (the evaluation's, issue 19) by Newton's method with a small ridge
//! penalty, and scoring predictions (log-loss, Brier, accuracy). Written here rather than taken
//! from a crate: the model has a few dozen weights, so each Newton step is one pass over the
//! samples and one small linear solve; a crate (linfa-logistic) would bring ndarray and an
//! optimiser for what is forty lines, and this one is deterministic to the bit.

/// Held-out quality of a set of predictions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quality {
    /// Mean log-loss (predictions clamped to [1e-6, 1 − 1e-6]).
    pub log_loss: f64,
    /// Mean squared error of the probability (Brier score).
    pub brier: f64,
    /// Share of decisive games' samples on the right side of ½.
    pub accuracy: f64,
}

/// Scores predictions `(p, y)`: p the predicted probability, y the result (1, ½ or 0).
pub fn quality(pairs: impl Iterator<Item = (f32, f32)>) -> Quality {
    let (mut n, mut loss, mut brier, mut decisive, mut right) = (0usize, 0f64, 0f64, 0usize, 0);
    for (p, y) in pairs {
        let (p, y) = (p.clamp(1e-6, 1.0 - 1e-6) as f64, y as f64);
        n += 1;
        loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        brier += (p - y) * (p - y);
        if y != 0.5 {
            decisive += 1;
            right += ((p > 0.5) == (y > 0.5)) as usize;
        }
    }
    let n = n.max(1) as f64;
    Quality {
        log_loss: loss / n,
        brier: brier / n,
        accuracy: right as f64 / decisive.max(1) as f64,
    }
}

/// The logistic function of a dot product.
pub fn predict<const K: usize>(w: &[f32; K], x: &[f32; K]) -> f32 {
    let z: f32 = w.iter().zip(x).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}

/// Fits weights to `(x, y)` samples (y a result or a probability) by Newton's method on the
/// mean log-loss plus `ridge`·|w − prior|²/2, from `prior`, for at most `steps` steps (it stops
/// when a step moves no weight by more than 1e-6). A prior of zeros is the plain ridge; the
/// hand-set model's weights as the prior shrink the fit toward it.
// Symmetric matrix indices read more plainly as indices.
#[allow(clippy::needless_range_loop)]
pub fn newton<const K: usize>(
    data: &[([f32; K], f32)],
    prior: &[f32; K],
    ridge: f64,
    steps: usize,
) -> [f32; K] {
    let w0 = prior.map(|v| v as f64);
    let mut w = w0;
    let n = data.len().max(1) as f64;
    for _ in 0..steps {
        let mut g = [0f64; K];
        let mut h = vec![[0f64; K]; K];
        for (x, y) in data {
            let z: f64 = w.iter().zip(x).map(|(a, b)| a * *b as f64).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let (e, s) = (p - *y as f64, p * (1.0 - p));
            for a in 0..K {
                let xa = x[a] as f64;
                g[a] += e * xa;
                for (hb, xb) in h[a][..=a].iter_mut().zip(x) {
                    *hb += s * xa * *xb as f64;
                }
            }
        }
        for a in 0..K {
            g[a] = g[a] / n + ridge * (w[a] - w0[a]);
            for b in 0..=a {
                let v = h[a][b] / n;
                h[a][b] = v;
                h[b][a] = v;
            }
            h[a][a] += ridge + 1e-9;
        }
        let d = solve(h, g);
        let mut moved = 0f64;
        for a in 0..K {
            w[a] -= d[a];
            moved = moved.max(d[a].abs());
        }
        if moved < 1e-6 {
            break;
        }
    }
    w.map(|v| v as f32)
}

/// Solves `h d = g` (h symmetric positive definite) by Gaussian elimination with partial
/// pivoting.
fn solve<const K: usize>(mut h: Vec<[f64; K]>, mut g: [f64; K]) -> [f64; K] {
    for c in 0..K {
        let p = (c..K)
            .max_by(|&a, &b| h[a][c].abs().total_cmp(&h[b][c].abs()))
            .unwrap_or(c);
        h.swap(c, p);
        g.swap(c, p);
        let d = h[c][c];
        if d.abs() < 1e-300 {
            continue;
        }
        for r in c + 1..K {
            let f = h[r][c] / d;
            if f != 0.0 {
                let pivot = h[c];
                for (hr, hc) in h[r][c..].iter_mut().zip(&pivot[c..]) {
                    *hr -= f * hc;
                }
                g[r] -= f * g[c];
            }
        }
    }
    let mut x = [0f64; K];
    for c in (0..K).rev() {
        let s: f64 = (c + 1..K).map(|k| h[c][k] * x[k]).sum();
        x[c] = if h[c][c].abs() < 1e-300 {
            0.0
        } else {
            (g[c] - s) / h[c][c]
        };
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newton_recovers_a_known_model() {
        // y drawn from p = σ(2·x0 − 1·x1 + 0.5) on a grid of x, as expected frequencies.
        let truth = [2.0f32, -1.0, 0.5];
        let mut data = Vec::new();
        for i in 0..21 {
            for j in 0..21 {
                let x = [i as f32 / 5.0 - 2.0, j as f32 / 5.0 - 2.0, 1.0];
                let p = predict(&truth, &x);
                // Ten samples a point, as many ones as p says (rounded).
                let ones = (p * 10.0).round() as usize;
                for k in 0..10 {
                    data.push((x, if k < ones { 1.0 } else { 0.0 }));
                }
            }
        }
        let w = newton(&data, &[0.0; 3], 0.0, 50);
        for (a, b) in w.iter().zip(truth) {
            assert!((a - b).abs() < 0.1, "{w:?}");
        }
        let q = quality(data.iter().map(|(x, y)| (predict(&w, x), *y)));
        let q0 = quality(data.iter().map(|(_, y)| (0.5, *y)));
        assert!(
            q.log_loss < q0.log_loss && q.brier < q0.brier,
            "{q:?} {q0:?}"
        );
        assert!((q0.log_loss - std::f64::consts::LN_2).abs() < 1e-9);
        assert!((q0.brier - 0.25).abs() < 1e-9);
    }

    #[test]
    fn a_strong_ridge_keeps_the_prior_and_soft_labels_fit_their_probability() {
        // Labels that are probabilities (a search's values): one feature, p = 0.8 everywhere.
        let data: Vec<([f32; 2], f32)> = (0..50).map(|k| ([k as f32 / 50.0, 1.0], 0.8)).collect();
        let w = newton(&data, &[0.0; 2], 0.0, 50);
        let p = predict(&w, &[0.3, 1.0]);
        assert!((p - 0.8).abs() < 1e-3, "{w:?}");
        // Pulled toward a prior hard enough, the fit stays at it.
        let prior = [1.5f32, -0.5];
        let w = newton(&data, &prior, 1e6, 50);
        for (a, b) in w.iter().zip(prior) {
            assert!((a - b).abs() < 1e-3, "{w:?}");
        }
    }
}
