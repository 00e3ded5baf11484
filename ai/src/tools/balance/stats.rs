//! The statistics of `wartime balance`: means with Student-t intervals, an Elo-like rating from a
//! score, and the ridge regression that prices archetypes ("value over cost").
//!
//! Everything here is plain arithmetic on `f64` with no game knowledge, so that it can be tested
//! on synthetic data with planted effects (see the tests at the end). BALANCE.md explains the
//! statistics and their limits for army builders.

/// A mean with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The estimate.
    pub estimate: f64,
    /// Lower end of the 95 % interval.
    pub lo: f64,
    /// Upper end of the 95 % interval.
    pub hi: f64,
}

impl Estimate {
    /// An estimate with a symmetric interval of half-width `half`.
    pub fn pm(estimate: f64, half: f64) -> Estimate {
        Estimate {
            estimate,
            lo: estimate - half,
            hi: estimate + half,
        }
    }

    /// The same estimate with its interval cut to `[lo, hi]` (scores live in 0..=1).
    pub fn clamp(self, lo: f64, hi: f64) -> Estimate {
        Estimate {
            estimate: self.estimate.clamp(lo, hi),
            lo: self.lo.clamp(lo, hi),
            hi: self.hi.clamp(lo, hi),
        }
    }

    /// Every number divided by `d` (an effect per copy to an effect per point).
    pub fn per(self, d: f64) -> Estimate {
        Estimate {
            estimate: self.estimate / d,
            lo: self.lo / d,
            hi: self.hi / d,
        }
    }

    /// Whether the interval lies wholly above (`1`), wholly below (`-1`) or across 0 (`0`).
    pub fn sign(&self) -> i32 {
        // A hair above 0, not rounding noise of an estimate the data pin at exactly 0.
        if self.lo > 1e-9 {
            1
        } else if self.hi < -1e-9 {
            -1
        } else {
            0
        }
    }
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom (the factor of a two-sided
/// 95 % interval): exact table values up to 5, then the Cornish–Fisher expansion (Abramowitz &
/// Stegun 26.7.5), within 0.001 of the exact value from 6 on; 1.96 for infinite `df`.
pub fn t975(df: f64) -> f64 {
    const SMALL: [f64; 5] = [12.706, 4.303, 3.182, 2.776, 2.571];
    // Also NaN: the widest interval.
    if df.is_nan() || df < 1.0 {
        return SMALL[0];
    }
    if df < 6.0 {
        return SMALL[(df.floor() as usize).clamp(1, 5) - 1];
    }
    let z: f64 = 1.959_964;
    let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
    let g1 = (z3 + z) / 4.0;
    let g2 = (5.0 * z5 + 16.0 * z3 + 3.0 * z) / 96.0;
    let g3 = (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / 384.0;
    let g4 = (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / 92_160.0;
    z + g1 / df + g2 / df.powi(2) + g3 / df.powi(3) + g4 / df.powi(4)
}

/// The mean of `xs` with its 95 % Student-t interval (sample standard deviation, `n − 1`
/// degrees of freedom). With fewer than two values the interval is unbounded.
pub fn mean_ci(xs: &[f64]) -> Estimate {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return Estimate::pm(f64::NAN, f64::INFINITY);
    }
    let m = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return Estimate::pm(m, f64::INFINITY);
    }
    let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
    Estimate::pm(m, t975(n - 1.0) * (var / n).sqrt())
}

/// Elo-like rating of a score against the field: `400·log10(s / (1 − s))`, the rating difference
/// that the Elo model says gives an expected score `s`. `s` is first kept half a game away from
/// 0 and 1 (`games` is the number of games behind it), so a perfect score stays finite.
pub fn elo(score: f64, games: usize) -> f64 {
    let eps = 0.5 / games.max(1) as f64;
    let s = score.clamp(eps, 1.0 - eps);
    400.0 * (s / (1.0 - s)).log10()
}

/// A score estimate with its interval, each end turned into an Elo-like rating ([`elo`] is
/// monotone, so the interval maps end to end).
pub fn elo_of(score: &Estimate, games: usize) -> Estimate {
    Estimate {
        estimate: elo(score.estimate, games),
        lo: elo(score.lo, games),
        hi: elo(score.hi, games),
    }
}

/// The standard deviation of a pair score the priors of [`fit_value`] are scaled by (pair
/// scores of evenly matched lists typically spread about this much).
pub const NOMINAL_SD: f64 = 0.3;

/// One observation of the archetype regression: a pair of games between two lists.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    /// Per archetype: copies in the first list minus copies in the second.
    pub x: Vec<f64>,
    /// The first list's pair score (mean of the two games of the pair) minus 0.5.
    pub y: f64,
    /// The matchup it belongs to (pairs of one matchup share any misfit of the model, so the
    /// intervals treat a matchup as a cluster).
    pub cluster: usize,
}

/// The fit of [`fit_value`].
#[derive(Clone, Debug, PartialEq)]
pub struct ValueFit {
    /// Per archetype: the marginal effect of one more copy on the pair score.
    pub effect: Vec<Estimate>,
    /// Per archetype: `effect − value_of_a_point × cost`, what a copy brings beyond what its
    /// points buy on average.
    pub over_cost: Vec<Estimate>,
    /// Per archetype: whether its count ever differed between the two sides (otherwise the data
    /// say nothing about it and its estimates are the prior's).
    pub identified: Vec<bool>,
    /// The value of one point: the cost-weighted least-squares slope of effects on costs.
    pub point_value: Estimate,
    /// Residual standard deviation of a pair score.
    pub residual_sd: f64,
    /// Effective degrees of freedom used by the fit (trace of the hat matrix).
    pub dof_used: f64,
}

/// A dense symmetric positive definite matrix, solved by Cholesky.
struct Cholesky {
    n: usize,
    l: Vec<f64>,
}

impl Cholesky {
    /// Factorises `a` (row-major `n × n`); `None` if it is not positive definite.
    fn new(a: &[f64], n: usize) -> Option<Cholesky> {
        let mut l = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..=i {
                let s: f64 = (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum();
                if i == j {
                    let d = a[i * n + i] - s;
                    if d.is_nan() || d <= 0.0 {
                        return None;
                    }
                    l[i * n + i] = d.sqrt();
                } else {
                    l[i * n + j] = (a[i * n + j] - s) / l[j * n + j];
                }
            }
        }
        Some(Cholesky { n, l })
    }

    /// Solves `A x = b`.
    fn solve(&self, b: &[f64]) -> Vec<f64> {
        let (n, l) = (self.n, &self.l);
        let mut y = b.to_vec();
        for i in 0..n {
            let s: f64 = (0..i).map(|k| l[i * n + k] * y[k]).sum();
            y[i] = (y[i] - s) / l[i * n + i];
        }
        for i in (0..n).rev() {
            let s: f64 = (i + 1..n).map(|k| l[k * n + i] * y[k]).sum();
            y[i] = (y[i] - s) / l[i * n + i];
        }
        y
    }
}

/// `v' M v` for a row-major `n × n` matrix.
fn quad(m: &[f64], v: &[f64]) -> f64 {
    let n = v.len();
    (0..n)
        .map(|i| v[i] * (0..n).map(|j| m[i * n + j] * v[j]).sum::<f64>())
        .sum()
}

/// `A⁻¹ M A⁻¹` for symmetric `M`, through the factorisation of `A`.
fn sandwich(a: &Cholesky, m: &[f64]) -> Vec<f64> {
    let n = a.n;
    // Columns of A⁻¹ M, then A⁻¹ (A⁻¹ M)ᵀ: symmetric, so rows and columns agree.
    let mut left = vec![0.0; n * n];
    for j in 0..n {
        let col: Vec<f64> = (0..n).map(|i| m[i * n + j]).collect();
        let s = a.solve(&col);
        for i in 0..n {
            left[i * n + j] = s[i];
        }
    }
    let mut out = vec![0.0; n * n];
    for i in 0..n {
        let row: Vec<f64> = (0..n).map(|j| left[i * n + j]).collect();
        let s = a.solve(&row);
        for j in 0..n {
            out[i * n + j] = s[j];
        }
    }
    out
}

/// Prices archetypes from pair results of equal-points lists.
///
/// The model: `y = x·β + noise`, with `x` the difference in copies of each archetype and `y`
/// the pair score minus 0.5 (no intercept: the two games of a pair swap the sides, so the side
/// advantage cancels, and swapping the two lists flips both `x` and `y`).
///
/// Lists of equal points have `x·cost ≈ 0`, so the data can hardly tell the effects `β` from
/// `β + t·cost` for any `t`: what they measure is how far each effect is from *proportional to
/// its cost*. The fit therefore writes `β = ρ·cost + v`, `ρ` the value of a point and `v` the
/// value over cost, and puts a separate prior on each (ridge penalties, in units of pairs of
/// nominal pair-score variance [`NOMINAL_SD`]²):
/// - `v`: penalty `ridge·|v|²`, as if every archetype had been seen in `ridge` extra pairs that
///   went exactly as its cost predicts ("priced right" until the games say otherwise);
/// - `ρ`: a weak prior of standard deviation `2 / points_limit` (a list with a quarter more
///   points than its opponent might be worth anything up to a sure win), so that the tiny points
///   differences the tolerance allows cannot blow `ρ` up; `v` is nearly free of it.
///
/// Intervals: 95 %, from the larger of the ridge posterior variance `σ²·A⁻¹` (`σ²` the
/// residual variance on the residual degrees of freedom; in directions the games do not inform
/// it is the prior's, so an archetype the data cannot price gets a wide interval) and the
/// cluster-robust sandwich with matchups as clusters (misfit of the additive model is shared by
/// all pairs of a matchup). Returns `None` without observations or archetypes.
pub fn fit_value(
    obs: &[Observation],
    costs: &[f64],
    ridge: f64,
    points_limit: f64,
) -> Option<ValueFit> {
    let p = costs.len();
    let n = obs.len();
    if p == 0 || n == 0 || obs.iter().any(|o| o.x.len() != p) {
        return None;
    }
    let ridge = ridge.max(0.0);
    let cc: f64 = costs.iter().map(|c| c * c).sum();
    // P⊥ = I − c cᵀ / |c|²: the part of β not proportional to the costs.
    let perp = |i: usize, j: usize| -> f64 {
        let id = if i == j { 1.0 } else { 0.0 };
        if cc > 0.0 {
            id - costs[i] * costs[j] / cc
        } else {
            id
        }
    };
    let mut xtx = vec![0.0; p * p];
    let mut xty = vec![0.0; p];
    for o in obs {
        for i in 0..p {
            if o.x[i] == 0.0 {
                continue;
            }
            xty[i] += o.x[i] * o.y;
            for j in 0..p {
                xtx[i * p + j] += o.x[i] * o.x[j];
            }
        }
    }
    // The prior of ρ as a penalty on β·c / |c|²: (σ₀ / sd_ρ)² · (β·c)² / |c|⁴.
    let rho_penalty = if cc > 0.0 && points_limit > 0.0 {
        (NOMINAL_SD * points_limit / 2.0).powi(2) / (cc * cc)
    } else {
        0.0
    };
    let identified: Vec<bool> = (0..p).map(|i| xtx[i * p + i] > 0.0).collect();
    let scale = (0..p).map(|i| xtx[i * p + i]).sum::<f64>() / p as f64;
    let eps = 1e-9 * (scale + 1.0);
    let mut a = xtx.clone();
    for i in 0..p {
        for j in 0..p {
            a[i * p + j] += ridge * perp(i, j) + rho_penalty * costs[i] * costs[j];
        }
        a[i * p + i] += eps;
    }
    let chol = Cholesky::new(&a, p)?;
    let beta = chol.solve(&xty);
    let fitted = |o: &Observation| -> f64 { o.x.iter().zip(&beta).map(|(x, b)| x * b).sum() };
    let resid: Vec<f64> = obs.iter().map(|o| o.y - fitted(o)).collect();
    let rss: f64 = resid.iter().map(|r| r * r).sum();
    // Degrees of freedom used: tr(A⁻¹ XᵀX).
    let dof_used: f64 = (0..p)
        .map(|j| {
            let col: Vec<f64> = (0..p).map(|i| xtx[i * p + j]).collect();
            chol.solve(&col)[j]
        })
        .sum();
    let dof_resid = (n as f64 - dof_used).max(1.0);
    let sigma2 = rss / dof_resid;
    // The ridge posterior's covariance σ² A⁻¹: in a direction the games say nothing about it is
    // the prior's, not the estimator's (near-zero) sampling variance, so an archetype the data
    // cannot price gets a wide interval rather than a spurious verdict.
    let mut v_model = vec![0.0; p * p];
    for j in 0..p {
        let col = chol.solve(&(0..p).map(|i| (i == j) as u8 as f64).collect::<Vec<_>>());
        for i in 0..p {
            v_model[i * p + j] = col[i] * sigma2;
        }
    }
    // Cluster-robust meat: Σ_g s_g s_gᵀ with s_g = Σ_{i∈g} x_i r_i, small-sample factor G/(G−1).
    let mut clusters: Vec<usize> = obs.iter().map(|o| o.cluster).collect();
    clusters.sort_unstable();
    clusters.dedup();
    let g = clusters.len();
    let mut sums = vec![vec![0.0; p]; g];
    for (o, r) in obs.iter().zip(&resid) {
        let k = clusters.binary_search(&o.cluster).unwrap_or(0);
        for (s, x) in sums[k].iter_mut().zip(&o.x) {
            *s += x * r;
        }
    }
    let mut meat = vec![0.0; p * p];
    for s in &sums {
        for i in 0..p {
            for j in 0..p {
                meat[i * p + j] += s[i] * s[j];
            }
        }
    }
    let factor = if g > 1 {
        g as f64 / (g as f64 - 1.0)
    } else {
        1.0
    };
    let v_cluster: Vec<f64> = sandwich(&chol, &meat).iter().map(|v| v * factor).collect();
    let df = if g > 1 {
        dof_resid.min(g as f64 - 1.0)
    } else {
        dof_resid
    };
    let t = t975(df);
    let linear = |l: &[f64]| -> Estimate {
        let est: f64 = l.iter().zip(&beta).map(|(a, b)| a * b).sum();
        let var = quad(&v_model, l).max(quad(&v_cluster, l)).max(0.0);
        Estimate::pm(est, t * var.sqrt())
    };
    let unit = |i: usize| -> Vec<f64> { (0..p).map(|j| if i == j { 1.0 } else { 0.0 }).collect() };
    let effect: Vec<Estimate> = (0..p).map(|i| linear(&unit(i))).collect();
    let over_cost: Vec<Estimate> = (0..p)
        .map(|i| linear(&(0..p).map(|j| perp(i, j)).collect::<Vec<_>>()))
        .collect();
    let point_value = if cc > 0.0 {
        linear(&costs.iter().map(|c| c / cc).collect::<Vec<_>>())
    } else {
        Estimate::pm(0.0, f64::INFINITY)
    };
    Some(ValueFit {
        effect,
        over_cost,
        identified,
        point_value,
        residual_sd: sigma2.sqrt(),
        dof_used,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn t_quantiles_match_the_table() {
        assert_eq!(t975(1.0), 12.706);
        assert_eq!(t975(4.0), 2.776);
        for (df, exact) in [(6.0, 2.447), (10.0, 2.228), (30.0, 2.042), (120.0, 1.980)] {
            assert!((t975(df) - exact).abs() < 0.002, "t({df}) = {}", t975(df));
        }
        assert!((t975(1e9) - 1.96).abs() < 1e-3);
    }

    #[test]
    fn mean_interval() {
        let e = mean_ci(&[0.0, 1.0, 0.5, 0.5]);
        assert_eq!(e.estimate, 0.5);
        // sd = sqrt(0.5 / 3), half = 3.182 · sd / 2.
        let half = 3.182 * (0.5f64 / 3.0).sqrt() / 2.0;
        assert!((e.hi - 0.5 - half).abs() < 1e-12);
        assert!(mean_ci(&[0.7]).hi.is_infinite());
        assert_eq!(mean_ci(&[0.5, 0.5, 0.5]).hi, 0.5);
    }

    #[test]
    fn elo_is_the_logistic_rating() {
        assert_eq!(elo(0.5, 10), 0.0);
        assert!((elo(0.64, 100) - 100.0).abs() < 1.0);
        assert!((elo(0.36, 100) + 100.0).abs() < 1.0);
        // A perfect score is kept half a game from 1: 400·log10(19.5 / 0.5).
        assert!((elo(1.0, 20) - 400.0 * 39f64.log10()).abs() < 1e-9);
        let e = elo_of(&Estimate::pm(0.5, 0.1), 50);
        assert!(e.lo < 0.0 && e.hi > 0.0 && e.estimate == 0.0);
    }

    /// Synthetic round robin: `k` lists with random archetype counts; each matchup played
    /// `pairs` times with `y = x·(ρ·cost + v) + noise`.
    fn synthetic(
        costs: &[f64],
        rho: f64,
        v: &[f64],
        k: usize,
        pairs: usize,
        noise: f64,
        seed: u64,
    ) -> Vec<Observation> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut unif = move || (rng.next_u32() as f64 + 0.5) / 4_294_967_296.0;
        let lists: Vec<Vec<f64>> = (0..k)
            .map(|_| (0..costs.len()).map(|_| (unif() * 3.0).floor()).collect())
            .collect();
        let mut obs = Vec::new();
        let mut m = 0;
        for i in 0..k {
            for j in i + 1..k {
                let x: Vec<f64> = (0..costs.len())
                    .map(|a| lists[i][a] - lists[j][a])
                    .collect();
                let mean: f64 = (0..costs.len())
                    .map(|a| x[a] * (rho * costs[a] + v[a]))
                    .sum();
                for _ in 0..pairs {
                    // Noise of a pair score: the mean of 4 uniforms, centred.
                    let e: f64 = (0..4).map(|_| unif() - 0.5).sum::<f64>() / 4.0 * noise;
                    // Not clamped into −0.5..=0.5: the test is of the estimator under its own
                    // model (a linear model of a bounded score is a documented limit).
                    obs.push(Observation {
                        x: x.clone(),
                        y: mean + e,
                        cluster: m,
                    });
                }
                m += 1;
            }
        }
        obs
    }

    #[test]
    fn regression_recovers_a_planted_under_costed_archetype() {
        let costs = [10.0, 20.0, 15.0, 30.0, 25.0, 12.0];
        // Archetype 2 brings 0.12 of pair score per copy beyond its points, archetype 4 costs
        // 0.10 more than it is worth; the rest are priced at ρ = 0.002 score per point.
        let v = [0.0, 0.0, 0.12, 0.0, -0.10, 0.0];
        let obs = synthetic(&costs, 0.002, &v, 14, 6, 1.2, 7);
        let fit = fit_value(&obs, &costs, 4.0, 300.0).expect("a fit");
        assert!(fit.identified.iter().all(|&b| b));
        let oc = &fit.over_cost;
        assert_eq!(oc[2].sign(), 1, "{:?}", oc[2]);
        assert_eq!(oc[4].sign(), -1, "{:?}", oc[4]);
        for a in [0, 1, 3, 5] {
            assert_eq!(oc[a].sign(), 0, "archetype {a}: {:?}", oc[a]);
        }
        assert!((oc[2].estimate - 0.12).abs() < 0.05, "{:?}", oc[2]);
        assert!((oc[4].estimate + 0.10).abs() < 0.05, "{:?}", oc[4]);
        // The value of a point is identified here (the lists differ in points): the
        // cost-weighted slope of the true effects, ρ + v·c / |c|².
        let cc: f64 = costs.iter().map(|c| c * c).sum();
        let slope = 0.002 + (0.12 * 15.0 - 0.10 * 25.0) / cc;
        let pv = fit.point_value;
        assert!(pv.lo < slope && slope < pv.hi, "{pv:?} vs {slope}");
        // Effects: ρ·cost + v within their intervals.
        for a in 0..costs.len() {
            let truth = 0.002 * costs[a] + v[a];
            let e = fit.effect[a];
            assert!(
                e.lo - 0.02 < truth && truth < e.hi + 0.02,
                "{a}: {e:?} vs {truth}"
            );
        }
    }

    #[test]
    fn fairly_priced_archetypes_are_flagged_about_one_time_in_twenty() {
        // 100 independent round robins where every archetype is priced right: the 95 %
        // intervals of the value over cost should miss 0 about 5 % of the time, and the
        // estimates average 0.
        let costs = [10.0, 20.0, 15.0, 30.0];
        let mut flagged = [0; 4];
        let mut mean = [0.0; 4];
        for seed in 0..100 {
            let obs = synthetic(&costs, 0.002, &[0.0; 4], 12, 4, 1.0, seed);
            let fit = fit_value(&obs, &costs, 4.0, 300.0).unwrap();
            for a in 0..4 {
                flagged[a] += (fit.over_cost[a].sign() != 0) as usize;
                mean[a] += fit.over_cost[a].estimate / 100.0;
            }
        }
        assert!(flagged.iter().all(|&f| f <= 10), "{flagged:?}");
        assert!(mean.iter().all(|m| m.abs() < 0.005), "{mean:?}");
    }

    #[test]
    fn ridge_zero_is_least_squares() {
        let costs = [10.0, 20.0, 15.0, 30.0];
        // Without noise and without penalty the fit is exact.
        let exact: Vec<Observation> =
            synthetic(&costs, 0.002, &[0.0, 0.05, 0.0, 0.0], 10, 1, 0.0, 5);
        let fit = fit_value(&exact, &costs, 0.0, 0.0).unwrap();
        assert!((fit.effect[1].estimate - (0.04 + 0.05)).abs() < 1e-6);
        assert!((fit.over_cost[1].estimate - fit.effect[1].estimate + 0.002 * 20.0).abs() < 0.05);
        assert!(fit.residual_sd < 1e-6);
    }

    #[test]
    fn an_archetype_that_never_varies_is_not_identified() {
        let obs = vec![
            Observation {
                x: vec![1.0, 0.0],
                y: 0.1,
                cluster: 0,
            },
            Observation {
                x: vec![-1.0, 0.0],
                y: -0.1,
                cluster: 1,
            },
        ];
        let fit = fit_value(&obs, &[10.0, 10.0], 4.0, 100.0).unwrap();
        assert_eq!(fit.identified, vec![true, false]);
        assert!(fit_value(&[], &[10.0], 4.0, 100.0).is_none());
        assert!(fit_value(&obs, &[], 4.0, 100.0).is_none());
    }
}
