//! Tests of `root=sh` (`root_sh.rs`): sequential halving over the prior's best root actions.

use super::driver::search_from;
use super::params::Params;
use super::prior::by_prior;
use super::tests::{limits, tactic};

#[test]
fn root_sh_samples_the_priors_best_arms_evenly_then_plays_a_finalist() {
    // 16 arms, 4 rounds of 250: every arm gets its first-round share (15 or 16), the arms are
    // the prior's best 16, only the two finalists reach the last round's visits, the choice is
    // one of them, and the same seed gives the same search.
    let st = tactic("01_finish_wounded.json");
    let p = Params {
        root_sh: 16,
        ..Params::default()
    };
    let (r, trees) = search_from(&st, &p, &limits(1000), None, None, Vec::new());
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let arms: Vec<_> = by_prior(&st, &legal)
        .into_iter()
        .take(16)
        .map(|(_, a)| a)
        .collect();
    assert_eq!(arms.len(), 16, "a tactic with more than 16 legal actions");
    assert_eq!(r.candidates.len(), 16, "only the arms are root children");
    for c in &r.candidates {
        assert!(arms.contains(&c.action), "{}", st.notation(&c.action));
        assert!(c.visits >= 15, "{} visits", c.visits);
    }
    let finalists: Vec<_> = r.candidates.iter().filter(|c| c.visits >= 200).collect();
    assert_eq!(finalists.len(), 2, "two arms reach the last round");
    let best = r.best.expect("a choice");
    assert!(finalists.iter().any(|c| c.action == best));
    let better = finalists
        .iter()
        .max_by(|a, b| a.value.total_cmp(&b.value))
        .expect("finalists");
    assert_eq!(better.action, best, "the finalist with the better mean");
    assert_eq!(trees[0].nodes[0].visits, 1000);
    let again = search_from(&st, &p, &limits(1000), None, None, Vec::new()).0;
    assert_eq!(again.best, r.best);
}

#[test]
fn root_sh_on_a_carried_over_tree_plays_a_legal_arm_not_the_most_visited() {
    // A tree grown by UCT in another position: its well-visited root children are not arms,
    // are never forced, and cannot win the final choice by their old visits.
    let first = tactic("01_finish_wounded.json");
    let now = tactic("18_surprise_attack.json");
    let (_, trees) = search_from(
        &first,
        &Params::default(),
        &limits(400),
        None,
        None,
        Vec::new(),
    );
    let p = Params {
        root_sh: 8,
        ..Params::default()
    };
    let (r, _) = search_from(&now, &p, &limits(300), None, None, trees);
    let best = r.best.expect("a choice");
    assert!(now.is_legal(&best), "{}", now.notation(&best));
    let mut legal = Vec::new();
    now.legal_actions(&mut legal);
    let arms: Vec<_> = by_prior(&now, &legal)
        .into_iter()
        .take(8)
        .map(|(_, a)| a)
        .collect();
    assert!(arms.contains(&best), "{}", now.notation(&best));
}
