//! The step cache changes nothing a search decides (`step_cache.rs`): a search with it and one
//! without it (`hash=0`) return the same choice, the same statistics and the same tree.

use super::driver::search_from;
use super::params::Params;
use super::tests::{limits, tactic};
use super::tree::Tree;
use engine::State;
use std::path::Path;

fn shipped(name: &str) -> State {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions")
        .join(format!("{name}.json"));
    State::load(&p).expect("position loads")
}

/// Everything a search reports and grows, as text: the choice, the candidates (visits, values,
/// risks, principal variations), the iterations and nodes, and every thread's tree shape.
fn outcome_of(st: &State, p: &Params, iterations: u64) -> (String, Vec<Tree>) {
    let (r, trees) = search_from(st, p, &limits(iterations), None, None, Vec::new());
    let shapes: Vec<_> = trees.iter().map(|t| t.shape()).collect();
    let text = format!(
        "{:?} {:?} {} {} {:?}",
        r.best, r.candidates, r.iterations, r.nodes, shapes
    );
    (text, trees)
}

/// Searches `st` with the cache off, on (default budget) and on a budget too small for the
/// whole tree; all three must agree, and the cache must have served steps.
fn same_with_and_without(st: &State, p: &Params, iterations: u64) {
    let off = Params {
        hash_mb: 0,
        ..p.clone()
    };
    let (without, trees) = outcome_of(st, &off, iterations);
    assert_eq!(trees[0].cache_stats().hits, 0);
    let (with, trees) = outcome_of(st, p, iterations);
    assert_eq!(with, without, "the cache changed the search");
    let s = trees[0].cache_stats();
    assert!(s.hits > 0, "the cache served no step: {s:?}");
    let tiny = Params {
        hash_mb: 1,
        ..p.clone()
    };
    let (small, _) = outcome_of(st, &tiny, iterations);
    assert_eq!(small, without, "a full cache changed the search");
}

#[test]
fn the_step_cache_changes_nothing_on_shipped_positions() {
    for pos in ["monk_acts_3v3", "battle_6v6"] {
        same_with_and_without(&shipped(pos), &Params::default(), 600);
    }
}

#[test]
fn the_step_cache_changes_nothing_on_a_reaction_tactic() {
    same_with_and_without(
        &tactic("11_react_shoot_charger.json"),
        &Params::default(),
        800,
    );
}

#[test]
fn the_step_cache_changes_nothing_on_a_surprise_tactic() {
    same_with_and_without(&tactic("18_surprise_attack.json"), &Params::default(), 800);
}

#[test]
fn the_step_cache_changes_nothing_on_a_cover_tactic() {
    same_with_and_without(&tactic("20_crouch_to_shoot.json"), &Params::default(), 800);
}

#[test]
fn the_step_cache_changes_nothing_on_a_door_tactic() {
    same_with_and_without(
        &tactic("29_hack_the_terminal.json"),
        &Params::default(),
        800,
    );
}

#[test]
fn the_step_cache_changes_nothing_in_a_hostile_zone() {
    same_with_and_without(
        &tactic("26_leave_hostile_zone.json"),
        &Params::default(),
        800,
    );
}

#[test]
fn the_step_cache_changes_nothing_with_other_options() {
    // Exact outcomes (fingerprints at splits), prefilled nodes, common random numbers on two
    // threads, sequential halving at the root, values backed up.
    let st = tactic("20_crouch_to_shoot.json");
    let variants = [
        Params {
            exact: 2,
            prefill: true,
            ..Params::default()
        },
        Params {
            threads: 2,
            crn: true,
            maxback: 8,
            ..Params::default()
        },
        Params {
            root_sh: 8,
            ..Params::default()
        },
        Params {
            halving: 4,
            flat_above: 4,
            screen: 20,
            ..Params::default()
        },
    ];
    for p in &variants {
        same_with_and_without(&st, p, 800);
    }
}

/// Two searches of a transport tactic in a row on one thread: the second meets the first's
/// movement memo entries (engine `actions::movement`, whose key now holds the transports'
/// squares, wrecks and passengers; debug builds check every memo hit against a fresh search)
/// and must decide exactly as the first.
#[test]
fn two_searches_of_a_transport_tactic_on_one_thread_agree() {
    let st = tactic("28_leave_the_doomed_transport.json");
    let off = Params {
        hash_mb: 0,
        ..Params::default()
    };
    let (first, _) = outcome_of(&st, &off, 600);
    let (second, _) = outcome_of(&st, &off, 600);
    assert_eq!(first, second);
}
