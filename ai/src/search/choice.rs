//! The rollout's choice among the scored actions of a decision (`policy.rs` scores them): the
//! best outright some of the time, otherwise a draw weighted by exp(score / temperature) — how
//! greedy a rollout plays (`Params::rollout_style`).

use engine::basics::dice::DiceSource;

/// How greedy a rollout's choices are (`Params::rollout_style`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutStyle {
    /// The best-scored action is taken outright when a d10 rolls this or less (5: half the
    /// time; 0: never, 10: always).
    pub greedy: u8,
    /// The temperature of the draw otherwise: weights exp(score / temp).
    pub temp: f32,
}

impl Default for RolloutStyle {
    fn default() -> Self {
        RolloutStyle {
            greedy: 5,
            temp: 1.0,
        }
    }
}

/// The rollout's choice among scored actions (`best` is the index of the best score): the
/// best when a d10 rolls `style.greedy` or less (by default half the time), otherwise one
/// drawn in proportion to exp(score / `style.temp`).
pub fn choose_scored_with(
    scores: &[f32],
    best: usize,
    d: &mut dyn DiceSource,
    style: RolloutStyle,
) -> usize {
    let best_v = scores.get(best).copied().unwrap_or(f32::MIN);
    if d.d10() <= style.greedy {
        return best;
    }
    // The unscored entries (−∞, the sampled-out destinations) weigh exp(−∞) = 0: adding 0.0
    // leaves a sum of positive terms unchanged bit for bit, and `acc` cannot reach `r` (> 0,
    // since the best weighs 1) on one, so they are skipped instead of exponentiated. (At the
    // default temperature, x × 1.0 is x exactly: the default draws are the plain exp(score).)
    let k = 1.0 / style.temp.max(1e-3);
    let total: f32 = scores
        .iter()
        .filter(|v| **v != f32::NEG_INFINITY)
        .map(|v| ((v - best_v) * k).exp())
        .sum();
    let r = (d.d100() as f32 - 0.5) / 100.0 * total;
    let mut acc = 0.0;
    for (i, v) in scores.iter().enumerate() {
        if *v == f32::NEG_INFINITY {
            continue;
        }
        acc += ((v - best_v) * k).exp();
        if acc >= r {
            return i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::basics::dice::SeededDice;

    fn draws(style: RolloutStyle) -> [usize; 3] {
        let scores = [0.0, 1.0, f32::NEG_INFINITY, 0.5];
        let mut d = SeededDice::new(3);
        let mut n = [0usize; 3];
        for _ in 0..2000 {
            match choose_scored_with(&scores, 1, &mut d, style) {
                0 => n[0] += 1,
                1 => n[1] += 1,
                3 => n[2] += 1,
                i => panic!("an unscored entry was drawn: {i}"),
            }
        }
        n
    }

    /// The default style draws as the rollouts always did: the best when a d10 rolls 5 or
    /// less, else by exp(score − best) over the scored entries (written out here).
    #[test]
    fn the_default_style_is_the_plain_choice() {
        fn plain(scores: &[f32], best: usize, d: &mut dyn DiceSource) -> usize {
            if d.d10() <= 5 {
                return best;
            }
            let w = |v: f32| {
                if v == f32::NEG_INFINITY {
                    0.0
                } else {
                    (v - scores[best]).exp()
                }
            };
            let total: f32 = scores.iter().map(|&v| w(v)).sum();
            let r = (d.d100() as f32 - 0.5) / 100.0 * total;
            let mut acc = 0.0;
            for (i, &v) in scores.iter().enumerate() {
                acc += w(v);
                if w(v) > 0.0 && acc >= r {
                    return i;
                }
            }
            best
        }
        let scores = [0.2, 1.0, f32::NEG_INFINITY, 0.9, 0.4];
        let (mut a, mut b) = (SeededDice::new(9), SeededDice::new(9));
        for _ in 0..500 {
            assert_eq!(
                plain(&scores, 1, &mut a),
                choose_scored_with(&scores, 1, &mut b, RolloutStyle::default())
            );
        }
    }

    #[test]
    fn greediness_and_temperature_shape_the_draws() {
        let always = RolloutStyle {
            greedy: 10,
            temp: 1.0,
        };
        assert_eq!(draws(always), [0, 2000, 0]);
        // Never outright, and cold: the best still wins nearly every draw.
        let cold = draws(RolloutStyle {
            greedy: 0,
            temp: 0.05,
        });
        assert!(cold[1] > 1990, "{cold:?}");
        // Hot: close to even over the three scored actions.
        let hot = draws(RolloutStyle {
            greedy: 0,
            temp: 100.0,
        });
        assert!(hot.iter().all(|&k| (600..740).contains(&k)), "{hot:?}");
        // The default: the best half the time outright, and most of the rest.
        let plain = draws(RolloutStyle::default());
        assert!(plain[1] > plain[2] && plain[2] > plain[0], "{plain:?}");
    }
}
