//! What the fit of `wartime tune` reads from the samples (`--target`, issue 19): the sampled
//! positions with their labels (`root`), the positions after the deep search's most visited
//! root actions with those actions' values (`after`: what a leaf evaluation inside the search
//! should predict), and pairs of such siblings (`pairs`: the feature difference of two
//! siblings, labelled with the logistic of their values' logit difference — a ranking target,
//! Bradley–Terry, blind to what the two share). And how well a model orders siblings.

use super::fit::predict;
use super::{Kid, Sample};

/// The kinds of rows a fit reads (`--target root,after,pairs`: any non-empty list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets {
    /// The sampled positions, labelled by the result blended with the deep (else the
    /// player's) root value.
    pub root: bool,
    /// The positions after the deep search's root actions, labelled by their values.
    pub after: bool,
    /// Pairs of those siblings, labelled by their order.
    pub pairs: bool,
}

impl Default for Targets {
    /// The sampled positions only (the twelfth session's fit).
    fn default() -> Self {
        Targets {
            root: true,
            after: false,
            pairs: false,
        }
    }
}

impl Targets {
    /// Parses a comma-separated list of `root`, `after`, `pairs`.
    ///
    /// # Errors
    /// An empty list or another name (named).
    pub fn parse(s: &str) -> Result<Targets, String> {
        let mut t = Targets {
            root: false,
            after: false,
            pairs: false,
        };
        for part in s.split(',').map(str::trim) {
            match part {
                "root" => t.root = true,
                "after" => t.after = true,
                "pairs" => t.pairs = true,
                _ => {
                    return Err(format!(
                        "--target {s}: \"{part}\" is not root, after or pairs"
                    ))
                }
            }
        }
        Ok(t)
    }

    /// The name `parse` reads.
    pub fn name(self) -> String {
        let names = [
            (self.root, "root"),
            (self.after, "after"),
            (self.pairs, "pairs"),
        ];
        names
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The label of a sampled position: `share` of the result, the rest the deep search's root
/// value there, else the player's, else the result alone.
pub fn root_label(s: &Sample, share: f32) -> f32 {
    s.d.or(s.v).map_or(s.y, |v| share * s.y + (1.0 - share) * v)
}

fn logit(p: f32) -> f32 {
    let p = p.clamp(0.02, 0.98);
    (p / (1.0 - p)).ln()
}

/// The fit's rows `(features, soft label)` from `samples`: the kinds `t` asks for, with the
/// features `pick` (of a sample) and `pick_kid` (of a kid) give. `after` rows blend the result
/// in with `share` as `root` rows do; `pairs` rows do not (the result is the same for both).
pub fn rows<const K: usize>(
    samples: &[Sample],
    t: Targets,
    share: f32,
    pick: impl Fn(&Sample) -> [f32; K],
    pick_kid: impl Fn(&Kid) -> [f32; K],
) -> Vec<([f32; K], f32)> {
    let mut out = Vec::new();
    for s in samples {
        if t.root {
            out.push((pick(s), root_label(s, share)));
        }
        if t.after {
            for k in &s.kids {
                out.push((pick_kid(k), share * s.y + (1.0 - share) * k.q));
            }
        }
        if t.pairs {
            for (i, a) in s.kids.iter().enumerate() {
                for b in &s.kids[i + 1..] {
                    let (xa, xb) = (pick_kid(a), pick_kid(b));
                    let x = std::array::from_fn(|f| xa[f] - xb[f]);
                    let z = logit(a.q) - logit(b.q);
                    out.push((x, 1.0 / (1.0 + (-z).exp())));
                }
            }
        }
    }
    out
}

/// How a model orders the deep search's siblings: the share of sibling pairs whose values
/// differ by at least 0.02 that it orders as the deep search does, and the share of samples
/// with two kids or more where its best kid is the deep search's choice (the most visited);
/// with their counts. A tie of the model (siblings whose features it cannot tell apart: many
/// moves change none) counts as half a pair, and as its share of a choice.
pub fn sibling_order<const K: usize>(
    samples: &[&Sample],
    w: &[f32; K],
    pick_kid: impl Fn(&Kid) -> [f32; K],
) -> SiblingOrder {
    let (mut pairs, mut right, mut ties, mut sets, mut best) = (0usize, 0f64, 0usize, 0usize, 0f64);
    for s in samples.iter().filter(|s| s.kids.len() >= 2) {
        let p: Vec<f32> = s.kids.iter().map(|k| predict(w, &pick_kid(k))).collect();
        for i in 0..s.kids.len() {
            for j in i + 1..s.kids.len() {
                let dq = s.kids[i].q - s.kids[j].q;
                if dq.abs() >= 0.02 {
                    pairs += 1;
                    let dp = p[i] - p[j];
                    if dp == 0.0 {
                        ties += 1;
                        right += 0.5;
                    } else if dp * dq > 0.0 {
                        right += 1.0;
                    }
                }
            }
        }
        // The most visited kid (the first) is the deep search's choice; the kids' values are
        // for A, so the side deciding wants them high when that kid is above the next one.
        let sign = if s.kids[0].q >= s.kids[1].q {
            1.0
        } else {
            -1.0
        };
        let top = p.iter().map(|v| sign * v).fold(f32::NEG_INFINITY, f32::max);
        let tied = p.iter().filter(|v| sign * **v == top).count();
        sets += 1;
        if sign * p[0] == top {
            best += 1.0 / tied as f64;
        }
    }
    SiblingOrder {
        pairs,
        pair_accuracy: right / pairs.max(1) as f64,
        ties: ties as f64 / pairs.max(1) as f64,
        sets,
        best_accuracy: best / sets.max(1) as f64,
    }
}

/// [`sibling_order`]'s answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SiblingOrder {
    /// Sibling pairs compared (values at least 0.02 apart).
    pub pairs: usize,
    /// Share of them ordered as the deep search orders them (a tie counts half).
    pub pair_accuracy: f64,
    /// Share of them the model cannot tell apart (equal predictions).
    pub ties: f64,
    /// Samples with two kids or more.
    pub sets: usize,
    /// Share of them where the model's best kid is the deep search's.
    pub best_accuracy: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval::learned::NUM_LEARNED;
    use eval::NUM_FEATURES;

    fn kid(x0: f32, q: f32) -> Kid {
        let mut x = [0.0; NUM_LEARNED];
        x[0] = x0;
        Kid {
            hand: [0.0; NUM_FEATURES],
            x,
            q,
            visits: 10,
        }
    }

    #[test]
    fn targets_parse_and_bad_lists_are_refused() {
        assert_eq!(Targets::parse("root"), Ok(Targets::default()));
        let t = Targets::parse("after,pairs").unwrap();
        assert!(!t.root && t.after && t.pairs);
        assert_eq!(t.name(), "after,pairs");
        for bad in ["", "root,", "leaf", "root,leaf"] {
            let e = Targets::parse(bad).unwrap_err();
            assert!(e.contains("--target"), "{e}");
        }
    }

    #[test]
    fn rows_of_each_kind_and_the_sibling_order() {
        let s = Sample {
            hand: [0.0; NUM_FEATURES],
            x: [0.0; NUM_LEARNED],
            y: 1.0,
            v: Some(0.6),
            game: 1,
            d: Some(0.7),
            kids: vec![kid(1.0, 0.7), kid(-1.0, 0.4), kid(0.0, 0.5)],
        };
        let all = Targets::parse("root,after,pairs").unwrap();
        let r = rows(std::slice::from_ref(&s), all, 0.0, |s| s.x, |k| k.x);
        // 1 root, 3 after, 3 pairs.
        assert_eq!(r.len(), 7);
        assert!(
            (r[0].1 - 0.7).abs() < 1e-6,
            "the deep value, not the player's"
        );
        assert!((r[2].1 - 0.4).abs() < 1e-6);
        assert_eq!(r[4].0[0], 2.0);
        assert!(r[4].1 > 0.5, "the first kid is the better one");
        // A model increasing in x0 orders them as the deep search; its opposite does not.
        let mut w = [0.0; NUM_LEARNED];
        w[0] = 1.0;
        let good = sibling_order(&[&s], &w, |k| k.x);
        assert_eq!(
            (good.pairs, good.pair_accuracy, good.best_accuracy),
            (3, 1.0, 1.0)
        );
        w[0] = -1.0;
        let bad = sibling_order(&[&s], &w, |k| k.x);
        assert_eq!((bad.pair_accuracy, bad.best_accuracy), (0.0, 0.0));
    }
}
