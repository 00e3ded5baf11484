//! Tests of the implicit minimax backups (`Params::imm`, `backup.rs`), of the leaf's own
//! evaluation mixed into each sample (`Params::leaf_mix`) and of the luck correction
//! (`Params::luck`, `luck.rs`).

use super::node::Node;
use super::params::Params;
use super::tests::{root_visits, tactic};
use super::tree::Tree;
use engine::basics::action::Action;
use engine::Side;

/// A child of `parent` chosen by `side`, with `visits`.
fn child(t: &mut Tree, parent: usize, side: Side, visits: u32) -> usize {
    let id = t.nodes.len();
    let mut n = Node::new(Some(Action::Pass), side);
    n.visits = visits;
    t.nodes.push(n);
    t.push_child(parent, id as u32);
    id
}

#[test]
fn minimax_follows_the_best_choice_and_averages_the_dice() {
    // Root (A decides) → a1 (A's action) → two chance classes (3 and 1 visits); below the
    // first, B chooses between b1 and b2; below the second, a leaf.
    let mut t = Tree::without_nodes(Side::A);
    t.nodes.push(Node::new(None, Side::B));
    let a1 = child(&mut t, 0, Side::A, 4);
    let k1 = child(&mut t, a1, Side::A, 3);
    let k2 = child(&mut t, a1, Side::A, 1);
    t.nodes[k1].class = 0;
    t.nodes[k2].class = 1;
    let b1 = child(&mut t, k1, Side::B, 2);
    let b2 = child(&mut t, k1, Side::B, 1);
    // Leaves evaluated (for side A): b1 0.7 (B's 0.3), b2 0.4 (B's 0.6), k2 0.9.
    t.imm_backup(&[0, a1, k1, b1], 0.7);
    t.imm_backup(&[0, a1, k1, b2], 0.4);
    t.imm_backup(&[0, a1, k2], 0.9);
    assert!((t.tau[b1] - 0.3).abs() < 1e-6 && (t.tau[b2] - 0.6).abs() < 1e-6);
    // B takes b2: A's value below k1 is 0.4; the dice: (3 · 0.4 + 1 · 0.9) / 4.
    assert!((t.tau[k1] - 0.4).abs() < 1e-6, "{}", t.tau[k1]);
    assert!((t.tau[a1] - 0.525).abs() < 1e-6, "{}", t.tau[a1]);
    // The root (chosen by B's previous decision) sees A's best for B: 1 − 0.525.
    assert!((t.tau[0] - 0.475).abs() < 1e-6, "{}", t.tau[0]);
    // A second sample ending at a leaf averages into it (k2 now 2 visits: (0.9 + 0.5) / 2).
    t.nodes[k2].visits = 2;
    t.imm_backup(&[0, a1, k2], 0.5);
    assert!((t.tau[k2] - 0.7).abs() < 1e-6, "{}", t.tau[k2]);
}

#[test]
fn each_option_changes_the_search_and_stays_deterministic() {
    let d = Params::default();
    for p in [
        Params {
            imm: 0.3,
            ..d.clone()
        },
        Params {
            leaf_mix: 0.5,
            ..d.clone()
        },
        Params {
            luck: !d.luck,
            ..d.clone()
        },
    ] {
        assert_eq!(root_visits(&p, 600), root_visits(&p, 600));
        assert_ne!(root_visits(&p, 600), root_visits(&d, 600));
    }
    // Off by default: no minimax values kept.
    let st = tactic("04_take_cover.json");
    let mut t = Tree::new(&st);
    let mut bufs = super::tree::Bufs::default();
    for s in 0..50 {
        t.iterate(&st, &d, s, usize::MAX, &mut bufs);
    }
    assert!(t.tau.is_empty());
}

#[test]
fn luck_corrects_each_node_by_the_luck_rolled_after_it() {
    // A path root → a1 (A) → b1 (B); the fit's β = (0.5, 0, 0, 0) (one CH IMP's surprise is
    // worth half a game); the sample's value 0.9 for A, its luck 0.4 in all, 0.3 of it rolled
    // by a1's action and after, 0.1 after b1.
    let mut t = Tree::without_nodes(Side::A);
    t.nodes.push(Node::new(None, Side::B));
    let a1 = child(&mut t, 0, Side::A, 1);
    let b1 = child(&mut t, a1, Side::B, 1);
    let mut fit = super::luck::LuckFit::default();
    fit.beta = [0.5, 0.0, 0.0, 0.0];
    t.luck = Some(fit);
    let st = tactic("04_take_cover.json");
    let mut leaf = super::rollout::Leaf::plain(st, 1);
    leaf.path = vec![0, a1, b1];
    leaf.luck = [0.4, 0.0, 0.0, 0.0];
    leaf.luck_at = vec![[0.0; 4], [0.1, 0.0, 0.0, 0.0], [0.3, 0.0, 0.0, 0.0]];
    t.finish(leaf, 0.9);
    // a1 (A's): 0.9 − 0.5 · 0.3 = 0.75; b1 (B's): 1 − (0.9 − 0.5 · 0.1) = 0.15.
    assert!(
        (t.nodes[a1].value - 0.75).abs() < 1e-6,
        "{}",
        t.nodes[a1].value
    );
    assert!(
        (t.nodes[b1].value - 0.15).abs() < 1e-6,
        "{}",
        t.nodes[b1].value
    );
}
