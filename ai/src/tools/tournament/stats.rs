//! Tournament statistics: score, logistic Elo with its 95 % interval, normalised Elo (nElo),
//! likelihood of superiority (LOS), pentanomial counts, and the generalised SPRT.
//!
//! The formulas are those of cutechess-cli and fastchess (`elo_wdl.cpp`, `elo_pentanomial.cpp`,
//! `sprt.cpp`) and of Stockfish's fishtest (`stats/LLRcalc.py`, M. Van den Bergh):
//!
//! - score s = (W + D/2) / N; **Elo = -400 log10(1/s - 1)** (logistic Elo);
//! - the 95 % interval of Elo maps s ± 1.96 σ/√N through that formula, and `±` is half its
//!   width. σ² is the variance of one outcome: per game over {0, ½, 1} (trinomial), or per
//!   *pair* of games over the pair's mean score {0, ¼, ½, ¾, 1} (pentanomial). The two games of
//!   a pair share their position and dice and so are correlated: the pentanomial variance
//!   counts that correlation, the trinomial one ignores it — the pentanomial interval is the
//!   one to trust (fishtest and fastchess report it for paired games);
//! - **nElo = (s - ½) / σ_game × 800 / ln 10**, σ_game = σ per game (trinomial) or √2 σ_pair
//!   (pentanomial): Elo normalised by the spread of results, comparable across game lengths
//!   and draw rates (fishtest's "normalized Elo");
//! - **LOS = Φ((s - ½) / (σ/√N))**, the probability that the true score is above ½ (as
//!   fastchess computes it; cutechess's 0.5 + 0.5 erf((W-L)/√(2(W+L))) is the trinomial
//!   special case without draws);
//! - **GSPRT**: the log-likelihood ratio of score s1 = L(elo1) against s0 = L(elo0), L the
//!   logistic curve, with the multinomial maximum-likelihood distributions of given mean
//!   (Van den Bergh, "Comments on normalized Elo", Proposition 1.1; fishtest `LLR_logistic`,
//!   fastchess `getLLR_logistic`), over the pentanomial counts with zero counts replaced by
//!   1e-3. The test stops at LLR ≤ log(β/(1-α)) (H0 accepted) or LLR ≥ log((1-β)/α) (H1).

pub use crate::agents::arena::Wdl;
use serde::Serialize;

/// The 97.5 % quantile of the standard normal distribution (two-sided 95 % interval).
pub const Z95: f64 = 1.959_963_984_540_054;

/// 800 / ln 10: nElo per unit of the normalised score (fishtest's `nelo_divided_by_nt`).
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// Logistic Elo difference of a score: -400 log10(1/s - 1); ±∞ at 1 and 0.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of a logistic Elo difference: 1 / (1 + 10^(-elo/400)).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The complementary error function (Numerical Recipes' `erfcc`, Chebyshev fit with fractional
/// error below 1.2e-7 everywhere: plenty for percentages printed to two decimals).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let ans = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        ans
    } else {
        2.0 - ans
    }
}

/// The standard normal distribution function Φ.
pub fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// Pentanomial counts of pairs of games by the pair's total score: `[LL, LD, DD+WL, WD, WW]`
/// (index = 2 × points of the pair: 0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Penta(pub [u64; 5]);

impl Penta {
    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
    /// Counts a pair from the two games' scores (each 1, ½ or 0).
    pub fn add(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[k] += 1;
    }
    /// The other side's view.
    pub fn flipped(&self) -> Penta {
        let mut v = self.0;
        v.reverse();
        Penta(v)
    }
    /// Adds another count.
    pub fn merge(&mut self, o: &Penta) {
        for (x, y) in self.0.iter_mut().zip(o.0) {
            *x += y;
        }
    }
}

/// What a set of results says about the strength difference.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// Units counted: games (trinomial) or pairs (pentanomial).
    pub n: u64,
    /// Mean score, 0..1.
    pub score: f64,
    /// Logistic Elo difference (±∞ for a score of 1 or 0; `null` in JSON).
    pub elo: f64,
    /// Half-width of the 95 % interval of `elo`.
    pub elo_error: f64,
    /// Normalised Elo.
    pub nelo: f64,
    /// Half-width of the 95 % interval of `nelo`.
    pub nelo_error: f64,
    /// Likelihood of superiority, 0..1.
    pub los: f64,
    /// Whether the results have a spread to estimate the intervals from: false with fewer than
    /// 2 units or when every unit has the same score (every pair split, say), where the `±`
    /// would read 0 (or ∞) and mean nothing — reports then say "too few to estimate a spread".
    pub spread: bool,
}

/// The estimate from outcomes of score `values[i]` counted `counts[i]` times. `games_per_unit`
/// is 1 for games, 2 for pairs (σ per game = √(games_per_unit) σ per unit for nElo).
fn estimate(values: &[f64], counts: &[u64], games_per_unit: f64) -> Option<Estimate> {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let s: f64 = values
        .iter()
        .zip(counts)
        .map(|(a, &c)| a * c as f64)
        .sum::<f64>()
        / nf;
    let var: f64 = values
        .iter()
        .zip(counts)
        .map(|(a, &c)| c as f64 * (a - s).powi(2))
        .sum::<f64>()
        / nf;
    let stderr = (var / nf).sqrt();
    let (lo, hi) = (
        (s - Z95 * stderr).clamp(0.0, 1.0),
        (s + Z95 * stderr).clamp(0.0, 1.0),
    );
    let sigma_game = (games_per_unit * var).sqrt();
    let nelo = |x: f64| {
        if sigma_game > 0.0 {
            (x - 0.5) / sigma_game * NELO_SCALE
        } else if x == 0.5 {
            0.0
        } else {
            (x - 0.5).signum() * f64::INFINITY
        }
    };
    let los = if stderr > 0.0 {
        phi((s - 0.5) / stderr)
    } else if s > 0.5 {
        1.0
    } else if s < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(Estimate {
        n,
        score: s,
        elo: elo_from_score(s),
        // An interval reaching a score of 0 or 1 is unbounded in Elo.
        elo_error: if lo > 0.0 && hi < 1.0 {
            (elo_from_score(hi) - elo_from_score(lo)) / 2.0
        } else {
            f64::INFINITY
        },
        nelo: nelo(s),
        nelo_error: if sigma_game > 0.0 {
            (nelo(hi) - nelo(lo)) / 2.0
        } else {
            0.0
        },
        los,
        spread: n >= 2 && var > 0.0,
    })
}

/// The estimate over games (trinomial model: games independent). `None` without games.
pub fn trinomial(r: &Wdl) -> Option<Estimate> {
    estimate(&[0.0, 0.5, 1.0], &[r.losses, r.draws, r.wins], 1.0)
}

/// The estimate over pairs of games (pentanomial model). `None` without pairs.
pub fn pentanomial(p: &Penta) -> Option<Estimate> {
    estimate(&[0.0, 0.25, 0.5, 0.75, 1.0], &p.0, 2.0)
}

/// The generalised log-likelihood ratio of mean score `s1` against `s0` for outcomes of score
/// `values` (ascending, from 0 to 1) observed `counts` times, zero counts regularised to 1e-3
/// (fishtest `LLR_logistic`, fastchess `getLLR_logistic`).
fn llr(values: &[f64], counts: &[u64], s0: f64, s1: f64) -> f64 {
    let reg: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
        .collect();
    let n: f64 = reg.iter().sum();
    let phat: Vec<f64> = reg.iter().map(|c| c / n).collect();
    // The maximum-likelihood distribution of mean s: p_i = p̂_i / (1 + θ (a_i - s)) with θ the
    // root of Σ p̂_i (a_i - s) / (1 + θ (a_i - s)) = 0, which decreases strictly in θ on the
    // interval where every denominator is positive (Van den Bergh, Proposition 1.1).
    let mle = |s: f64| -> Vec<f64> {
        let f = |t: f64| -> f64 {
            values
                .iter()
                .zip(&phat)
                .map(|(a, p)| p * (a - s) / (1.0 + t * (a - s)))
                .sum()
        };
        let (min_a, max_a) = (values[0], values[values.len() - 1]);
        let mut lo = -1.0 / (max_a - s);
        let mut hi = -1.0 / (min_a - s);
        // Bisection: f(lo+) = +∞, f(hi-) = -∞; 200 halvings reach the precision of an f64.
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let t = 0.5 * (lo + hi);
        values
            .iter()
            .zip(&phat)
            .map(|(a, p)| p / (1.0 + t * (a - s)))
            .collect()
    };
    let (p0, p1) = (mle(s0), mle(s1));
    n * phat
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(p, (q0, q1))| p * (q1.ln() - q0.ln()))
        .sum::<f64>()
}

/// A sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1 (logistic
/// Elo), with error rates α (accepting H1 when H0 holds) and β (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// α.
    pub alpha: f64,
    /// β.
    pub beta: f64,
}

/// What an SPRT decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// LLR at or below the lower bound: H0 accepted.
    H0,
    /// LLR at or above the upper bound: H1 accepted.
    H1,
}

impl Sprt {
    /// Checks the parameters as fastchess does.
    ///
    /// # Errors
    /// elo0 ≥ elo1, α or β outside (0, 1), or α + β ≥ 1.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(format!("elo0 ({elo0}) must be less than elo1 ({elo1})"));
        }
        for (k, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 1.0) {
                return Err(format!("{k}={v}: expected a number between 0 and 1"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!(
                "alpha + beta = {} must be less than 1",
                alpha + beta
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// (lower, upper): log(β/(1-α)) and log((1-β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pentanomial counts (0 with no pair yet).
    pub fn llr(&self, p: &Penta) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        llr(
            &[0.0, 0.25, 0.5, 0.75, 1.0],
            &p.0,
            score_from_elo(self.elo0),
            score_from_elo(self.elo1),
        )
    }

    /// The log-likelihood ratio of game counts (trinomial model; for comparison only).
    pub fn llr_trinomial(&self, r: &Wdl) -> f64 {
        if r.games() == 0 {
            return 0.0;
        }
        llr(
            &[0.0, 0.5, 1.0],
            &[r.losses, r.draws, r.wins],
            score_from_elo(self.elo0),
            score_from_elo(self.elo1),
        )
    }

    /// The verdict of an LLR, if it crossed a bound.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() <= eps, "{a} vs {b}");
    }

    #[test]
    fn elo_and_score_are_inverse() {
        close(elo_from_score(0.5), 0.0, 1e-12);
        close(elo_from_score(0.75), 190.848_501_887_864_9, 1e-9);
        close(score_from_elo(190.848_501_887_864_9), 0.75, 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        close(phi(0.0), 0.5, 1e-6);
        close(phi(Z95), 0.975, 1e-6);
        close(phi(-1.0), 0.158_655_253_9, 1e-6);
    }

    // Known values from fastchess's test suite (app/tests/elo_test.cpp): Stats(W, L, D).
    #[test]
    fn trinomial_matches_fastchess() {
        let e = trinomial(&Wdl {
            wins: 136,
            losses: 96,
            draws: 111,
        })
        .unwrap();
        close(e.elo, 40.70, 0.01);
        close(e.elo_error, 30.43, 0.01);
        close(e.nelo, 49.77, 0.01);
        close(e.nelo_error, 36.77, 0.01);
        close(e.los * 100.0, 99.60, 0.005);
        let e = trinomial(&Wdl {
            wins: 76,
            losses: 89,
            draws: 123,
        })
        .unwrap();
        close(e.nelo, -20.76, 0.01);
        close(e.nelo_error, 40.13, 0.01);
        close(e.los * 100.0, 15.53, 0.005);
    }

    // fastchess elo_test.cpp: Stats(LL, LD, WL, DD, WD, WW); ours is [LL, LD, DD+WL, WD, WW].
    #[test]
    fn pentanomial_matches_fastchess() {
        let e = pentanomial(&Penta([34, 54, 31 + 32, 64, 75])).unwrap();
        close(e.elo, 55.58, 0.01);
        close(e.elo_error, 27.65, 0.01);
        close(e.nelo, 57.94, 0.01);
        close(e.nelo_error, 28.28, 0.01);
        assert!(e.los > 0.9999);
        let e = pentanomial(&Penta([332, 433, 457 + 41, 333, 334])).unwrap();
        close(e.elo, -8.64, 0.01);
        close(e.elo_error, 10.33, 0.01);
        close(e.nelo, -9.17, 0.01);
        close(e.nelo_error, 10.96, 0.01);
        close(e.los * 100.0, 5.05, 0.005);
        let e = pentanomial(&Penta([7895, 8757, 5485 + 200, 568, 9999])).unwrap();
        close(e.elo, -21.04, 0.01);
        close(e.elo_error, 2.95, 0.01);
        close(e.nelo, -19.01, 0.01);
        close(e.nelo_error, 2.65, 0.01);
    }

    // fastchess sprt_test.cpp ("logistic" model), to the two decimals it checks.
    #[test]
    fn gsprt_llr_matches_fastchess() {
        let t = Sprt::new(0.5, 2.5, 0.05, 0.05).unwrap();
        close(
            t.llr_trinomial(&Wdl {
                wins: 21404,
                losses: 21184,
                draws: 40708,
            }),
            -1.57,
            0.01,
        );
        close(
            t.llr(&Penta([223, 9863, 20279 + 1000, 10037, 246])),
            -3.07,
            0.01,
        );
        let t = Sprt::new(0.0, 2.0, 0.05, 0.05).unwrap();
        close(
            t.llr_trinomial(&Wdl {
                wins: 57433,
                losses: 57030,
                draws: 106_593,
            }),
            -2.59,
            0.01,
        );
        close(
            t.llr(&Penta([871, 26175, 55003 + 980, 26678, 821])),
            -4.98,
            0.01,
        );
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        let t = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lo, hi) = t.bounds();
        close(lo, -2.944_438_979, 1e-6);
        close(hi, 2.944_438_979, 1e-6);
        assert_eq!(t.verdict(3.0), Some(Verdict::H1));
        assert_eq!(t.verdict(-3.0), Some(Verdict::H0));
        assert_eq!(t.verdict(0.0), None);
        // All pairs won: each WW pair adds about log(s1/s0) (the MLE puts the rest of the
        // mass on LL), so a narrow test needs many pairs and a wide one few.
        let wide = Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap();
        assert_eq!(wide.verdict(wide.llr(&Penta([0, 0, 0, 0, 3]))), None);
        assert_eq!(
            wide.verdict(wide.llr(&Penta([0, 0, 0, 0, 10]))),
            Some(Verdict::H1)
        );
        assert_eq!(t.verdict(t.llr(&Penta([0, 0, 0, 0, 10]))), None);
        assert_eq!(
            wide.verdict(wide.llr(&Penta([10, 0, 0, 0, 0]))),
            Some(Verdict::H0)
        );
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
    }

    #[test]
    fn counts_and_degenerate_estimates() {
        let mut w = Wdl::default();
        for s in [1.0, 0.5, 0.0, 1.0] {
            w.add(s);
        }
        assert_eq!((w.wins, w.draws, w.losses), (2, 1, 1));
        assert_eq!(w.flipped().wins, 1);
        let mut p = Penta::default();
        p.add(1.0, 0.0);
        p.add(1.0, 0.5);
        p.add(0.0, 0.0);
        assert_eq!(p.0, [1, 0, 1, 1, 0]);
        assert_eq!(p.flipped().0, [0, 1, 1, 0, 1]);
        assert!(pentanomial(&Penta::default()).is_none());
        let all = pentanomial(&Penta([0, 0, 0, 0, 4])).unwrap();
        assert_eq!((all.elo, all.elo_error), (f64::INFINITY, f64::INFINITY));
        assert_eq!(all.los, 1.0);
        let even = pentanomial(&Penta([0, 0, 4, 0, 0])).unwrap();
        assert_eq!((even.elo, even.nelo, even.los), (0.0, 0.0, 0.5));
        assert!(!even.spread && !all.spread);
        assert!(!pentanomial(&Penta([0, 0, 0, 1, 0])).unwrap().spread);
        assert!(pentanomial(&Penta([0, 0, 2, 1, 0])).unwrap().spread);
    }
}
