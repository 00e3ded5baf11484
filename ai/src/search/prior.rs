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
    by_prior_top(st, legal, usize::MAX, 1)
}

/// The `top` best of [`by_prior`], in its order, without sorting the rest (a selection, then a
/// sort of the selected: the same first `top` as the full sort).
///
/// With `stride` > 1 only every `stride`-th movement destination is scored
/// ([`scores_into`]); the others come last, in the legal list's order.
pub(super) fn by_prior_top(
    st: &State,
    legal: &[Action],
    top: usize,
    stride: usize,
) -> Vec<(f32, Action)> {
    let mut scores = Vec::with_capacity(legal.len());
    scores_into(st, legal, stride, 0, &mut scores);
    top_by_score(&scores, legal, top)
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
