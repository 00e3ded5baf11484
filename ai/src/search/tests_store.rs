//! Tests of the tree's store (`store.rs`): the node's size, the candidate arena, child lists.

use super::driver::search_from;
use super::node::Node;
use super::params::Params;
use super::tests::limits;
use engine::State;
use std::path::Path;

#[test]
fn a_node_is_64_bytes() {
    // PERFORMANCE.md, "Tree memory": one cache line, no heap of its own.
    assert_eq!(std::mem::size_of::<Node>(), 64);
}

#[test]
fn the_arena_holds_every_nodes_candidates_and_a_copied_subtree_none_else() {
    // Every node's list lies inside the arena; lists left behind by a merge or a completion
    // are the only waste, and a carried-over subtree copies only the live lists.
    let st =
        State::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/monk_acts_3v3.json"))
            .expect("shipped position");
    let (r, trees) = search_from(
        &st,
        &Params::default(),
        &limits(2000),
        None,
        None,
        Vec::new(),
    );
    let t = &trees[0];
    let live: usize = (0..t.nodes.len()).map(|i| t.cands(i).len()).sum();
    let with = (0..t.nodes.len())
        .filter(|&i| t.nodes[i].ncands > 0)
        .count();
    println!(
        "{} nodes, {} with candidates, {} live candidates ({} below the root), arena {}, {} B per node",
        t.nodes.len(),
        with,
        live,
        live - t.cands(0).len(),
        t.arena.len(),
        t.bytes() / t.nodes.len()
    );
    assert!(live <= t.arena.len());
    assert_eq!(live + t.waste, t.arena.len(), "the waste is counted");
    assert!(
        t.waste * 16 <= t.arena.len().max(16 * 1024),
        "compacted when it grows"
    );
    let best = r.best.expect("a choice");
    let mut next = st.clone();
    let before = super::outcome::Outcome::of(&next);
    next.apply_unchecked(
        &best,
        &mut engine::basics::dice::SeededDice::new(3),
        &mut engine::basics::check::Log::off(),
    );
    let side = next.to_decide().expect("a decision");
    if let Some(sub) = t.subtree(&best, before.class(&next), &next, side) {
        let live: usize = (0..sub.nodes.len()).map(|i| sub.cands(i).len()).sum();
        assert_eq!(live, sub.arena.len(), "a copy holds no waste");
        for i in 0..sub.nodes.len() {
            for c in sub.kids(i) {
                assert!((c as usize) < sub.nodes.len());
            }
        }
    }
}
