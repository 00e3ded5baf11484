//! Tests of `flatwin=R` (`flat_root.rs`): reaction windows at the root decided by flat samples.

use super::driver::search_from;
use super::params::Params;
use super::tests::{limits, tactic};
use engine::basics::action::Action;
use engine::game::DecisionKind;

#[test]
fn flat_windows_sample_every_window_action_evenly_at_the_exchange_rate() {
    // Tactic 12's root is a1's reaction window (react, pass or flee to one of its squares):
    // with `flat_windows` 3.4 and 3,000 iterations the search takes 10,200 flat samples,
    // spread evenly over the legal list, grows no tree, plays the best mean (here: react, the
    // tactic's answer) and is deterministic for its seed.
    let st = tactic("12_react_not_pass.json");
    assert_eq!(st.decision(), DecisionKind::ReactionWindow);
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let p = Params {
        flat_windows: 3.4,
        ..Params::default()
    };
    let (r, trees) = search_from(&st, &p, &limits(3000), None, None, Vec::new());
    assert!(trees.is_empty(), "no tree");
    assert_eq!(r.iterations, 10_200);
    assert_eq!(r.candidates.len(), legal.len());
    let n = legal.len() as u32;
    let (lo, hi) = (10_200 / n, 10_200_u32.div_ceil(n));
    for c in &r.candidates {
        assert!((lo..=hi).contains(&c.visits), "{} visits", c.visits);
    }
    let best = r.best.expect("a choice");
    assert_eq!(best, r.candidates[0].action, "the best mean");
    assert!(matches!(best, Action::React(_)), "{}", st.notation(&best));
    let (again, _) = search_from(&st, &p, &limits(3000), None, None, Vec::new());
    assert_eq!(again.best, r.best);
    // Off (the default) or away from a window, the tree decides.
    let (tree, trees) = search_from(
        &st,
        &Params::default(),
        &limits(100),
        None,
        None,
        Vec::new(),
    );
    assert_eq!(tree.iterations, 100);
    assert_eq!(trees.len(), 1);
    let act = tactic("01_finish_wounded.json");
    let (r, trees) = search_from(&act, &p, &limits(100), None, None, Vec::new());
    assert_eq!((r.iterations, trees.len()), (100, 1));
}
