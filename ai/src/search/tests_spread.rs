//! Tests of the exploration scaled by the spread of values (`Params::ucbv`, `ucbv_parent`).

use super::driver::search_from;
use super::node::Node;
use super::params::Params;
use super::tests::{limits, root_visits, tactic};
use super::tree::Tree;
use engine::Side;

#[test]
fn spread_is_the_shrunk_standard_deviation_over_its_reference() {
    let st = tactic("04_take_cover.json");
    let mut t = Tree::new(&st);
    let mut n = Node::new(None, Side::A);
    // Samples 0.4, 0.6, 0.4, 0.6: Σ(v − mean)² = 0.04, plus S² = 0.01, over 4 + 1.
    n.visits = 4;
    n.value = 2.0;
    t.nodes.push(n.clone());
    t.sq = vec![0.0, 1.04];
    let s = t.spread(1, 0.1);
    assert!((s - 1.0).abs() < 1e-4, "σ 0.1 over S 0.1: {s}");
    // Four equal samples: only the pseudo-sample's S² is left, √(0.01 / 5) / 0.1.
    t.sq[1] = 1.0;
    let s = t.spread(1, 0.1);
    assert!((s - 0.2f32.sqrt()).abs() < 1e-4, "{s}");
    // A child never sampled: the reference itself.
    n.visits = 0;
    n.value = 0.0;
    t.nodes.push(n);
    t.sq.push(0.0);
    assert!((t.spread(2, 0.1) - 1.0).abs() < 1e-4);
}

#[test]
fn spread_scaled_searches_differ_from_the_default_and_are_deterministic() {
    for p in [
        Params {
            ucbv: 0.1,
            ..Params::default()
        },
        Params {
            ucbv_parent: 0.1,
            ..Params::default()
        },
    ] {
        assert_ne!(root_visits(&p, 600), root_visits(&Params::default(), 600));
        assert_eq!(root_visits(&p, 600), root_visits(&p, 600));
    }
}

#[test]
fn a_carried_over_subtree_keeps_its_squares() {
    let st = tactic("04_take_cover.json");
    let p = Params {
        ucbv: 0.1,
        ..Params::default()
    };
    let (r, trees) = search_from(&st, &p, &limits(400), None, None, Vec::new());
    let t = &trees[0];
    assert_eq!(t.sq.len(), t.nodes.len(), "every node's squares are kept");
    let best = r.best.expect("a move");
    let mut next = st.clone();
    let mut dice = engine::basics::dice::SeededDice::new(5);
    next.apply_unchecked(&best, &mut dice, &mut engine::basics::check::Log::off());
    let side = next.to_decide().unwrap_or(Side::A);
    let class = super::outcome::Outcome::of(&st).class_to(&super::outcome::Outcome::of(&next));
    let sub = t
        .subtree(&best, class, &next, side)
        .expect("the played child's subtree");
    {
        assert!(sub.track_sq);
        // The copied root's samples and squares are those of the node it was copied from.
        let (v, q) = (sub.nodes[0].value, sub.sq[0]);
        assert!(
            v > 0.0 && q > 0.0 && q <= v + 1e-9,
            "Σv² ≤ Σv for v in [0, 1]"
        );
        assert!(t
            .nodes
            .iter()
            .zip(&t.sq)
            .any(|(n, &s)| n.value == v && s == q));
    }
}
