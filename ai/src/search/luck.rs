//! The dice's luck as a control variate (`Params::luck`): a sample's value is corrected by the
//! luck of the checks rolled after each node, so that the search compares actions by what they
//! do rather than by how the dice fell on their few samples.
//!
//! Every check (CHEQUEOS: a d10 at or under the target passes) adds `pass − p` for its roller,
//! `p` the chance it had under its rule (`Roll::chance`: criticals, fumbles, re-rolls): side
//! A's checks count for A, side B's against. Whatever the players
//! do, each term has mean zero given everything before the roll, so the sum of those rolled
//! after a node has mean zero given the node, and `value − β · luck` is an unbiased sample of
//! the node's value for any fixed β — with far less variance when β fits how much the dice
//! swing the result (variance reduction by a control variate, as backgammon programs correct
//! their rollouts for the dice's luck). β is fitted per search by least squares of the samples'
//! values on their luck from the root, one coefficient per kind of check (an attack's CH IMP,
//! a CH DEF, a psychological CH VOL / CH PSI, any other), since a hit swings a game more than a
//! passed CH INT.

use engine::basics::check::Event;
use engine::{Side, State};

/// Kinds of check with a coefficient of their own.
pub(super) const KINDS: usize = 4;

/// The luck of a sample so far, by kind of check (side A's perspective).
pub(super) type Luck = [f32; KINDS];

/// Samples before the fit is used (β is 0 until then).
const WARM_UP: u32 = 32;

/// The kind of a check by its name in the log.
fn kind(what: &str) -> usize {
    if what.starts_with("CH IMP") {
        0
    } else if what.starts_with("CH DEF") {
        1
    } else if what.contains("VOL") || what.contains("PSI") {
        2
    } else {
        3
    }
}

/// Adds the luck of the checks among `events` to `l`.
pub(super) fn add(st: &State, events: &[Event], l: &mut Luck) {
    for e in events {
        if let Event::Check { who, what, roll } = e {
            // The chance under the check's rule (`Roll::chance`), so that the term has mean
            // zero exactly (a failure Control del CHI repeats and its repeat are two terms).
            let dev = f32::from(u8::from(roll.pass)) - roll.chance() as f32 / 100.0;
            let sign = if st.side_of(*who) == Side::A {
                1.0
            } else {
                -1.0
            };
            l[kind(what)] += sign * dev;
        }
    }
}

/// The least-squares fit of the samples' values (for side A) on their luck from the root.
#[derive(Clone, Debug, Default)]
pub(super) struct LuckFit {
    n: u32,
    sx: [f64; KINDS],
    sy: f64,
    sxx: [[f64; KINDS]; KINDS],
    sxy: [f64; KINDS],
    /// The coefficients in use, refitted every [`WARM_UP`] samples.
    pub(super) beta: Luck,
}

impl LuckFit {
    /// Adds one sample: its luck from the root and its value for side A.
    pub(super) fn add(&mut self, x: &Luck, y: f32) {
        let y = y as f64;
        self.n += 1;
        self.sy += y;
        for ((&xi, row), (sx, sxy)) in x
            .iter()
            .zip(self.sxx.iter_mut())
            .zip(self.sx.iter_mut().zip(self.sxy.iter_mut()))
        {
            let xi = xi as f64;
            *sx += xi;
            *sxy += xi * y;
            for (cell, &xj) in row.iter_mut().zip(x) {
                *cell += xi * xj as f64;
            }
        }
        if self.n >= WARM_UP && self.n.is_multiple_of(WARM_UP) {
            self.beta = self.solve();
        }
    }

    /// β = Cov(x)⁻¹ Cov(x, y), with a small ridge (a kind never rolled gets 0).
    fn solve(&self) -> Luck {
        let n = self.n as f64;
        // The augmented system [Cov(x) + ridge | Cov(x, y)].
        let mut a = [[0f64; KINDS + 1]; KINDS];
        for (i, row) in a.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().take(KINDS).enumerate() {
                *cell = self.sxx[i][j] / n - self.sx[i] * self.sx[j] / (n * n);
            }
            row[i] += 1e-3;
            row[KINDS] = self.sxy[i] / n - self.sx[i] * self.sy / (n * n);
        }
        // Gauss–Jordan elimination with partial pivoting (the matrix is positive definite).
        for c in 0..KINDS {
            let piv = (c..KINDS)
                .max_by(|&r, &s| a[r][c].abs().total_cmp(&a[s][c].abs()))
                .unwrap_or(c);
            a.swap(c, piv);
            let pivot = a[c];
            if pivot[c].abs() < 1e-12 {
                return [0.0; KINDS];
            }
            for (r, row) in a.iter_mut().enumerate() {
                if r != c {
                    let f = row[c] / pivot[c];
                    for (x, p) in row.iter_mut().zip(pivot.iter()).skip(c) {
                        *x -= f * p;
                    }
                }
            }
        }
        let mut beta = [0f32; KINDS];
        for (i, (b, row)) in beta.iter_mut().zip(a.iter()).enumerate() {
            *b = (row[KINDS] / row[i]) as f32;
        }
        beta
    }

    /// The correction of a sample whose luck after a node is `l`.
    pub(super) fn correction(&self, l: &Luck) -> f32 {
        self.beta.iter().zip(l).map(|(b, x)| b * x).sum()
    }
}

/// `total − before`, kind by kind: the luck rolled after a node.
pub(super) fn since(total: &Luck, before: &Luck) -> Luck {
    let mut d = *total;
    for (x, b) in d.iter_mut().zip(before) {
        *x -= b;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_the_coefficients_of_a_linear_value() {
        // y = 0.5 + 0.3 x0 − 0.1 x1 over deterministic pseudo-random luck.
        let mut f = LuckFit::default();
        let mut s = 1u64;
        let mut r = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) as f32 / (1u64 << 31) as f32) - 0.5
        };
        for _ in 0..640 {
            let x = [r(), r(), r(), 0.0];
            f.add(&x, 0.5 + 0.3 * x[0] - 0.1 * x[1]);
        }
        assert!((f.beta[0] - 0.3).abs() < 0.01, "{:?}", f.beta);
        assert!((f.beta[1] + 0.1).abs() < 0.01, "{:?}", f.beta);
        assert!(
            f.beta[2].abs() < 0.01 && f.beta[3].abs() < 1e-6,
            "{:?}",
            f.beta
        );
    }

    #[test]
    fn a_check_counts_its_surprise_for_its_side() {
        assert_eq!(kind("CH IMP"), 0);
        assert_eq!(kind("CH DEF cover"), 1);
        assert_eq!(kind("CH VOL panic"), 2);
        assert_eq!(kind("CH PSI"), 2);
        assert_eq!(kind("CH INT hack"), 3);
    }
}
