//! Tests of the root exploration that grows with the budget (`Params::root_grow`).

use super::params::Params;
use super::tests::{root_visits, tactic};
use super::tree::Tree;

#[test]
fn root_exploration_grows_only_past_its_reference_budget() {
    let grow = Params {
        root_grow: 1.0,
        root_ref: 300,
        ..Params::default()
    };
    // Up to `root_ref` iterations the search is the default one, sample for sample.
    assert_eq!(
        root_visits(&grow, 300),
        root_visits(&Params::default(), 300)
    );
    // Past it the root spreads its samples differently.
    assert_ne!(
        root_visits(&grow, 1200),
        root_visits(&Params::default(), 1200)
    );
    // Deterministic for a seed and a budget.
    assert_eq!(root_visits(&grow, 1200), root_visits(&grow, 1200));
}

#[test]
fn root_growth_factor_is_the_budget_ratio_to_the_power() {
    let st = tactic("04_take_cover.json");
    let mut t = Tree::new(&st);
    let p = Params {
        root_grow: 0.5,
        root_ref: 1000,
        ..Params::default()
    };
    for (i, want) in [(0, 1.0), (1000, 1.0), (4000, 2.0), (9000, 3.0)] {
        t.iteration = i;
        assert!(
            (t.root_growth(&p) - want).abs() < 1e-5,
            "{i}: {}",
            t.root_growth(&p)
        );
    }
    t.iteration = 4000;
    assert_eq!(t.root_growth(&Params::default()), 1.0, "off by default");
}
