//! The order of a node's candidates: the actions of a legal list by the heuristic prior of
//! `policy.rs`, best first, the first `top` of them without sorting the rest, and the stride
//! that scores only a sample of the movement destinations deep in the tree.

use super::node::PRIOR_MOVES;
use super::policy::scores_into;
use engine::basics::action::Action;
use engine::State;

/// The actions of `legal` with their prior, best first (equal priors keep the legal list's
/// order).
pub(super) fn by_prior(st: &State, legal: &[Action]) -> Vec<(f32, Action)> {
    by_prior_top(st, legal, usize::MAX, 1, false)
}

/// The `top` best of [`by_prior`], in its order, without sorting the rest (a selection, then a
/// sort of the selected: the same first `top` as the full sort).
///
/// With `stride` > 1 only every `stride`-th movement destination is scored
/// ([`scores_into`]); the others come last, in the legal list's order.
///
/// With `pass_first` (`Params::pass_first`) a reaction window's `pass` comes first, whatever
/// its prior: it is the decision's default, the one every reaction is measured against. Scored
/// by its prior (0.4) it came after every Huir destination of the target of a declared charge
/// (1.0–1.75 each, dozens of them), so a node below the root, which keeps its best dozen, never
/// had it: the search below the charge met an enemy that always fled, and rated the charge
/// 0.57 where brute force gives 0.44 (tactic 21, STRENGTH.md, twenty-sixth session).
pub(super) fn by_prior_top(
    st: &State,
    legal: &[Action],
    top: usize,
    stride: usize,
    pass_first: bool,
) -> Vec<(f32, Action)> {
    let mut scores = Vec::with_capacity(legal.len());
    scores_into(st, legal, stride, 0, &mut scores);
    candidates_by_score(&scores, legal, top, pass_first)
}

/// The stride of a new node's prior ([`scores_into`]): every destination at the root's
/// children, an evenly spaced sample of [`PRIOR_MOVES`] deeper (`deep`).
pub(super) fn prior_stride(legal: &[Action], deep: bool) -> usize {
    if !deep {
        return 1;
    }
    let moves = legal.iter().filter(|a| super::policy::is_move(a)).count();
    moves.div_ceil(PRIOR_MOVES).max(1)
}

/// A node's first candidates from the priors `scores` of `legal`: [`top_by_score`], with a
/// reaction window's `pass` first when `pass_first` ([`by_prior_top`] says why).
pub(super) fn candidates_by_score(
    scores: &[f32],
    legal: &[Action],
    top: usize,
    pass_first: bool,
) -> Vec<(f32, Action)> {
    match legal.iter().position(|a| *a == Action::Pass) {
        Some(k) if pass_first => {
            let mut s = scores.to_vec();
            s[k] = f32::MAX;
            top_by_score(&s, legal, top)
        }
        _ => top_by_score(scores, legal, top),
    }
}

/// The `top` best actions of `legal` by `scores` (one per action), best first, equal scores
/// in the list's order.
pub(super) fn top_by_score(scores: &[f32], legal: &[Action], top: usize) -> Vec<(f32, Action)> {
    let mut idx: Vec<(f32, u32)> = scores.iter().copied().zip(0u32..).collect();
    // Best prior first, then the legal list's order: a total order, so the selection and the
    // sort below agree with a stable sort by prior.
    let order = |x: &(f32, u32), y: &(f32, u32)| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1));
    if top < idx.len() {
        idx.select_nth_unstable_by(top, order);
        idx.truncate(top);
    }
    idx.sort_unstable_by(order);
    idx.into_iter()
        .map(|(v, i)| (v, legal[i as usize]))
        .collect()
}
