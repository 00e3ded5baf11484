//! Tests of `prior=expert` (`expert_prior.rs`): the root's candidates in the expert's order,
//! carried-over children kept, the same result for the same seed.

use super::driver::search_from;
use super::params::Params;
use super::tests::{limits, tactic};
use super::tree::{Bufs, Tree};
use crate::agents::expert::ExpertAgent;

fn expert_params() -> Params {
    Params {
        expert_prior: true,
        pb: 0.5,
        ..Params::default()
    }
}

#[test]
fn prior_expert_orders_the_root_by_the_experts_scores() {
    let st = tactic("20_crouch_to_shoot.json");
    let mut t = Tree::new(&st);
    t.expert_root(&st, 7, &mut Bufs::default());
    let scores = ExpertAgent::new(7).scores(&st);
    let cands = t.cands(0);
    assert_eq!(cands.len(), scores.len());
    let of = |a| scores.iter().find(|(b, _)| *b == a).expect("legal").1;
    for w in cands.windows(2) {
        assert!(of(w[0]) >= of(w[1]), "{:?} before {:?}", w[0], w[1]);
    }
    assert!(t.root_bias(0) == 1.0 && t.root_bias(cands.len() + 5) == 0.0);
}

#[test]
fn prior_expert_keeps_a_carried_over_trees_children_and_is_deterministic() {
    let st = tactic("05_reload_then_shoot.json");
    let p = expert_params();
    let (r1, trees) = search_from(&st, &p, &limits(400), None, None, Vec::new());
    let t = &trees[0];
    // Every child's candidate index points at its own action.
    for c in t.kids(0) {
        let n = &t.nodes[c as usize];
        assert_eq!(Some(t.cands(0)[n.cand as usize]), n.action);
        assert!(t.is_child(0, n.cand as usize));
    }
    // Searching on from the same tree reorders it and keeps every child.
    let before = t.kids(0).count();
    let (_, again) = search_from(&st, &p, &limits(100), None, None, trees.clone());
    let t2 = &again[0];
    assert!(t2.kids(0).count() >= before);
    for c in t2.kids(0) {
        let n = &t2.nodes[c as usize];
        assert_eq!(Some(t2.cands(0)[n.cand as usize]), n.action);
    }
    let (r2, _) = search_from(&st, &p, &limits(400), None, None, Vec::new());
    assert_eq!(r1.best, r2.best);
    assert_eq!(
        r1.candidates.iter().map(|c| c.visits).collect::<Vec<_>>(),
        r2.candidates.iter().map(|c| c.visits).collect::<Vec<_>>()
    );
}
