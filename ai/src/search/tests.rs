//! Tests of the search's internals (the tree's shape, chance nodes, halving, screening, the
//! final choice, carried-over trees) on the shipped tactics (POSITIONS.md §11 "Tactics files").

use super::driver::{search, search_from, SearchResult};
use super::node::{signature, Node, CLASS_KEYS, NO_CLASS, TOP_CANDIDATES};
use super::outcome::Outcome;
use super::params::{Limits, Params, CHANCE_DEPTH};
use super::prior::{by_prior_top, top_by_score};
use super::risk::Risk;
use super::root::final_choice;
use super::tree::{Bufs, Candidate, Tree};
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::mix64 as mix;
use engine::basics::dice::{DiceSource, SeededDice};
use engine::game::DecisionKind;
use engine::{Side, State};
use std::path::Path;

pub(super) fn tactic(name: &str) -> State {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions/tactics")
        .join(name);
    crate::input::load_tactic(&p).expect("tactic loads").state
}

/// The tree of a one-thread search of a tactic.
fn searched(name: &str, p: &Params, iterations: u64) -> Tree {
    let st = tactic(name);
    let (_, mut trees) = search_from(&st, p, &limits(iterations), None, None, Vec::new());
    trees.remove(0)
}

pub(super) fn limits(n: u64) -> Limits {
    Limits {
        iterations: Some(n),
        ..Limits::default()
    }
}

/// Every root candidate of an `n`-iteration search of tactic 04 with `p`, with its visits: two
/// searches that spread their samples alike give the same list.
pub(super) fn root_visits(p: &Params, n: u64) -> Vec<(String, u32)> {
    let st = tactic("04_take_cover.json");
    search(&st, p, &limits(n), None, None)
        .candidates
        .iter()
        .map(|c| (format!("{:?}", c.action), c.visits))
        .collect()
}

/// The action applied with `seed`, then every `pass` of the enemy's early window, so that
/// the action resolves.
fn resolve(st: &State, a: &Action, seed: u64) -> State {
    let mut s = st.clone();
    let mut d = SeededDice::new(seed);
    s.apply_unchecked(a, &mut d, &mut Log::off());
    while s.decision() == DecisionKind::ReactionWindow {
        s.apply_unchecked(&Action::Pass, &mut d, &mut Log::off());
    }
    s
}

fn attack(st: &State) -> Action {
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    legal
        .into_iter()
        .find(|a| matches!(a, Action::Act { kind, .. } if kind.enemy_target().is_some()))
        .expect("an attack")
}

#[test]
fn attack_outcomes_split_into_chance_nodes() {
    // a1 can shoot the wounded b1, who faces away (no reaction window): the chance nodes of
    // the shot's outcome (miss, b1 wounded, b1 down) hang right below it, or below the
    // enemy's pass when a window opens, each with the search going on below it.
    let st = tactic("20_crouch_to_shoot.json");
    let p = Params::default();
    let (_, trees) = search_from(&st, &p, &limits(3000), None, None, Vec::new());
    let t = &trees[0];
    let shot = attack(&st);
    let &s = t
        .children(0)
        .iter()
        .find(|&&c| t.nodes[c as usize].action == Some(shot))
        .expect("the shot was searched");
    // Depth-first over the shot's subtree, down to the chance depth.
    let mut stack = vec![(s as usize, 1usize)];
    let mut split_seen = Vec::new();
    while let Some((i, d)) = stack.pop() {
        let n = &t.nodes[i];
        let classes: Vec<u8> = t
            .children(i)
            .iter()
            .map(|&c| t.nodes[c as usize].class)
            .collect();
        if classes.iter().any(|&k| k != NO_CLASS) {
            assert!(
                classes.iter().all(|&k| k != NO_CLASS),
                "no mixed children: {classes:?}"
            );
            let mut u = classes.clone();
            u.sort_unstable();
            u.dedup();
            assert_eq!(u.len(), classes.len(), "one chance node per class");
            let through: u32 = t.kids(i).map(|c| t.nodes[c as usize].visits).sum();
            assert!(
                through <= n.visits,
                "chance visits come from their action node"
            );
            if classes.len() >= 2 {
                split_seen.push(classes);
            }
        }
        if d < CHANCE_DEPTH + 2 {
            stack.extend(t.kids(i).map(|c| (c as usize, d + 1)));
        }
    }
    assert!(
        split_seen
            .iter()
            .any(|ks| ks.contains(&0) && ks.iter().any(|k| k & 0b1100 != 0)),
        "a miss and a wound or kill of side B below the shot: {split_seen:?}"
    );
}

#[test]
fn exact_outcomes_get_their_own_chance_nodes_up_to_the_cap() {
    // The same shot with `exact` = 2: below each split action node at most two chance nodes
    // stand for one exact outcome each (and the state there is that outcome's: the node's
    // decision was made in a position with the key's fingerprint); the other outcomes are
    // gathered by class.
    let p = Params {
        exact: 2,
        ..Params::default()
    };
    let t = &searched("20_crouch_to_shoot.json", &p, 3000);
    let mut exact_seen = 0;
    for i in 0..t.nodes.len() {
        let kids: Vec<(u64, &Node)> = t
            .kids(i)
            .map(|c| (t.ckey(c as usize), &t.nodes[c as usize]))
            .collect();
        if kids.first().is_none_or(|k| k.1.class == NO_CLASS) {
            continue;
        }
        let mut keys: Vec<u64> = kids.iter().map(|k| k.0).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), kids.len(), "one chance node per key");
        let exact: Vec<&(u64, &Node)> = kids.iter().filter(|k| k.0 > CLASS_KEYS).collect();
        assert!(exact.len() <= 2, "at most `exact` exact outcomes");
        for (key, k) in &exact {
            if k.ncands > 0 {
                assert_eq!(k.fp.max(CLASS_KEYS + 1), *key, "the outcome's own position");
            }
        }
        for (key, k) in kids.iter().filter(|k| k.0 <= CLASS_KEYS) {
            assert_eq!(*key, k.class as u64, "class nodes are keyed by their class");
        }
        exact_seen += exact.len();
    }
    assert!(exact_seen > 0, "some outcome got a node of its own");
}

#[test]
fn halving_spreads_then_narrows_the_root() {
    // 1200 iterations, at least 8 samples per arm in the first round: every arm is sampled
    // that often, the survivor of the last round gets the most, and the same seed gives
    // the same visits.
    let st = tactic("01_finish_wounded.json");
    let p = Params {
        halving: 8,
        ..Params::default()
    };
    let run = || search_from(&st, &p, &limits(1200), None, None, Vec::new());
    let (r, trees) = run();
    let arms = trees[0].children(0).len();
    assert!(arms >= 2, "several arms");
    let rounds = (usize::BITS - (arms - 1).leading_zeros()) as u64;
    let first_round = 1200 / rounds / arms as u64;
    assert!(
        first_round >= 8,
        "K chosen for 8 samples per arm: {arms} arms"
    );
    for c in &r.candidates {
        assert!(c.visits as u64 >= first_round, "{c:?}");
    }
    assert_eq!(
        r.best,
        Some(r.candidates[0].action),
        "the survivor is the most visited"
    );
    let (again, _) = run();
    let v = |r: &SearchResult| r.candidates.iter().map(|c| c.visits).collect::<Vec<_>>();
    assert_eq!(v(&r), v(&again));
}

#[test]
fn halving_rounds_of_many_arms_sample_flat() {
    // With `flat_above`, the rounds that still have many arms take flat samples: the root
    // counts them, the arms get them, and no node grows below an arm until few are left.
    let p = Params {
        halving: 1,
        ..Params::default()
    };
    let flat = Params {
        flat_above: 8,
        ..p.clone()
    };
    let tree = searched("18_surprise_attack.json", &p, 600);
    let flat_tree = searched("18_surprise_attack.json", &flat, 600);
    let root = &flat_tree.nodes[0];
    assert!(
        flat_tree.children(0).len() > 8,
        "many arms in the first round"
    );
    assert_eq!(root.visits, 600, "every sample counted at the root");
    let arm_visits: u32 = flat_tree
        .kids(0)
        .map(|c| flat_tree.nodes[c as usize].visits)
        .sum();
    assert_eq!(arm_visits, 600, "every sample went to an arm");
    assert!(
        flat_tree.len() < tree.len(),
        "flat rounds grow nothing below the arms: {} vs {} nodes",
        flat_tree.len(),
        tree.len()
    );
    let again = searched("18_surprise_attack.json", &flat, 600);
    let visits = |t: &Tree| t.nodes.iter().map(|n| n.visits).collect::<Vec<_>>();
    assert_eq!(visits(&flat_tree), visits(&again), "same seed, same search");
}

#[test]
fn final_choice_by_visits_lower_bound_or_backed_value() {
    let cand = |i: u8, visits: u32, value: f32, backed: f32| Candidate {
        action: Action::Activate(i),
        visits,
        value,
        backed,
        risk: Risk::default(),
        pv: Vec::new(),
    };
    // Most visited first, as the search sorts them.
    let c = [
        cand(0, 100, 0.50, 0.52),
        cand(1, 60, 0.56, 0.55),
        cand(2, 4, 0.90, 0.95),
    ];
    assert_eq!(final_choice(&c, 0.0, false), Some(Action::Activate(0)));
    // value − 0.1/√visits: 0.49, 0.547, 0.85 — the lucky 4-visit candidate wins at 0.1 …
    assert_eq!(final_choice(&c, 0.1, false), Some(Action::Activate(2)));
    // … not at 1.0: 0.40, 0.431, 0.40.
    assert_eq!(final_choice(&c, 1.0, false), Some(Action::Activate(1)));
    // Backed values among candidates with a quarter of the most visits (not the third).
    assert_eq!(final_choice(&c, 0.0, true), Some(Action::Activate(1)));
}

#[test]
fn backed_value_takes_the_best_continuation_of_the_same_side() {
    let t = &searched("01_finish_wounded.json", &Params::default(), 2000);
    for c in t.kids(0) {
        let n = &t.nodes[c as usize];
        // Off (m = 0): the mean.
        let mean = n.value / n.visits.max(1) as f64;
        assert!((t.backed(c as usize, 0) - if n.visits == 0 { 0.5 } else { mean }).abs() < 1e-9);
        // On: a decision child of the same side with enough visits bounds it from below.
        let b = t.backed(c as usize, 4);
        if n.visits >= 8 {
            for k in t.kids(c as usize) {
                let kn = &t.nodes[k as usize];
                if kn.class == NO_CLASS && kn.side == n.side && kn.visits >= 4 {
                    assert!(b >= t.backed(k as usize, 4) - 1e-9);
                }
            }
        }
        assert!((0.0..=1.0).contains(&b));
    }
}

#[test]
fn nodes_grow_children_after_expand_after_samples() {
    let p = Params {
        expand_after: 8,
        ..Params::default()
    };
    let t = &searched("01_finish_wounded.json", &p, 1500);
    // Nodes with decision children (an action node's chance children are its outcomes,
    // made as it is sampled).
    let grown = (1..t.nodes.len())
        .filter(|&i| {
            t.first_kid(i)
                .is_some_and(|c| t.nodes[c as usize].class == NO_CLASS)
        })
        .map(|i| &t.nodes[i]);
    let mut any = false;
    for n in grown {
        any = true;
        assert!(
            n.visits >= 8,
            "a node grew children after {} samples",
            n.visits
        );
    }
    assert!(any, "the tree still deepens where it returns");
}

#[test]
fn common_random_numbers_are_deterministic_and_change_the_dice() {
    let st = tactic("01_finish_wounded.json");
    let crn = Params {
        crn: true,
        ..Params::default()
    };
    let visits = |p: &Params| {
        let r = search(&st, p, &limits(800), None, None);
        r.candidates
            .iter()
            .map(|c| (c.action, c.visits))
            .collect::<Vec<_>>()
    };
    assert_eq!(visits(&crn), visits(&crn), "same seed, same search");
    assert_ne!(
        visits(&crn),
        visits(&Params::default()),
        "the samples are drawn differently"
    );
}

#[test]
fn screening_samples_every_root_action_and_widens_by_screened_mean() {
    let st = tactic("01_finish_wounded.json");
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let n = legal.len();
    assert!(n > 8, "a position with a choice");
    let p = Params::default();
    let mut tree = Tree::new(&st);
    let mut bufs = Bufs::default();
    let budget = 2 * n as u64;
    let taken = tree.screen(&st, &p, 7, 1 << 20, &mut |i| i < budget, &mut bufs);
    assert_eq!(taken, budget);
    let root = &tree.nodes[0];
    assert_eq!(root.visits as u64, budget);
    assert_eq!(root.first_len as usize, n);
    let mut cands = tree.cands(0).to_vec();
    let mut want = legal.clone();
    let key = |a: &Action| format!("{a:?}");
    cands.sort_by_key(key);
    want.sort_by_key(key);
    assert_eq!(cands, want, "the candidates are the legal actions");
    let allowed = (p.root_pw_k * (budget as f32).powf(p.pw_alpha)).ceil() as usize;
    assert_eq!(tree.children(0).len(), allowed.min(n));
    let mut last = f64::MAX;
    for (j, c) in tree.kids(0).enumerate() {
        let ch = &tree.nodes[c as usize];
        assert_eq!(
            ch.cand as usize, j,
            "children are the best screened, in order"
        );
        assert_eq!(ch.visits, 2, "two rounds over {n} actions");
        assert_eq!(ch.avail as u64, budget);
        let mean = ch.value / ch.visits as f64;
        assert!(mean <= last, "screened means do not increase");
        last = mean;
    }
    // A second screening (a carried-over tree) adds to the children there are.
    let before: Vec<Action> = tree
        .kids(0)
        .map(|c| tree.nodes[c as usize].action.unwrap())
        .collect();
    tree.screen(&st, &p, 8, 1 << 20, &mut |i| i < budget, &mut bufs);
    for a in &before {
        let c = tree
            .kids(0)
            .find(|&c| tree.nodes[c as usize].action.as_ref() == Some(a));
        let c = c.expect("children are kept");
        assert!(tree.nodes[c as usize].visits >= 4, "screened twice");
    }
    // Searches with screening are reproducible and count the screening samples.
    let ps = Params {
        screen: 50,
        ..Params::default()
    };
    let a = search(&st, &ps, &limits(600), None, None);
    let b = search(&st, &ps, &limits(600), None, None);
    assert_eq!(a.iterations, 600);
    assert_eq!(
        a.candidates
            .iter()
            .map(|c| (c.action, c.visits))
            .collect::<Vec<_>>(),
        b.candidates
            .iter()
            .map(|c| (c.action, c.visits))
            .collect::<Vec<_>>()
    );
    let kept: u64 = a.candidates.iter().map(|c| c.visits as u64).sum();
    assert!(
        kept < 600,
        "screened samples of actions not widened stay at the root only"
    );
}

#[test]
fn a_carried_over_tree_never_reports_or_plays_an_action_illegal_at_the_new_root() {
    // A tree grown in one position, handed to a search of another where other actions are
    // legal (as a subtree of the previous decision can be, when the table's dice made
    // another side decide): its well-visited root children must not come back.
    let first = tactic("01_finish_wounded.json");
    let now = tactic("18_surprise_attack.json");
    assert_eq!(first.to_decide(), now.to_decide());
    let p = Params::default();
    let (_, trees) = search_from(&first, &p, &limits(400), None, None, Vec::new());
    let (r, _) = search_from(&now, &p, &limits(1), None, None, trees);
    let best = r.best.expect("a choice");
    assert!(now.is_legal(&best), "{}", now.notation(&best));
    for c in &r.candidates {
        assert!(now.is_legal(&c.action), "{}", now.notation(&c.action));
    }
}

#[test]
fn outcome_class_reads_wounds_and_incapacitation() {
    let st = tactic("01_finish_wounded.json");
    let before = Outcome::of(&st);
    assert_eq!(before.class(&st), 0);
    let a = attack(&st);
    let seen: std::collections::BTreeSet<u8> = (0..200)
        .map(|seed| before.class(&resolve(&st, &a, seed)))
        .collect();
    // Side B is the target: bits 2 (wounded) and 3 (down); a miss is 0; side A untouched.
    assert!(seen.contains(&0), "{seen:?}");
    assert!(seen.iter().any(|k| k & 0b1000 != 0), "{seen:?}");
}

#[test]
fn subtree_keeps_statistics_and_is_deterministic() {
    let st = tactic("20_crouch_to_shoot.json");
    let p = Params::default();
    let (r, trees) = search_from(&st, &p, &limits(1500), None, None, Vec::new());
    let best = r.best.unwrap();
    let side = st.to_decide().unwrap();
    let child_visits = r.candidates[0].visits;
    let mut next = st.clone();
    let before = Outcome::of(&next);
    next.apply_unchecked(&best, &mut SeededDice::new(3), &mut Log::off());
    if next.to_decide() != Some(side) {
        return;
    }
    let sub: Vec<Tree> = trees
        .iter()
        .filter_map(|t| t.subtree(&best, before.class(&next), &next, side))
        .collect();
    assert_eq!(sub.len(), 1);
    assert!(sub[0].nodes[0].visits <= child_visits);
    assert!(sub[0].nodes[0].visits > 0);
    assert!(sub[0].nodes[0].action.is_none());
    // Same trees, same seed: same answer.
    let a = search_from(&next, &p, &limits(500), None, None, sub.clone()).0;
    let b = search_from(&next, &p, &limits(500), None, None, sub).0;
    assert_eq!(a.best, b.best);
    assert_eq!(
        a.candidates.iter().map(|c| c.visits).collect::<Vec<_>>(),
        b.candidates.iter().map(|c| c.visits).collect::<Vec<_>>()
    );
}

#[test]
fn top_by_score_is_the_head_of_the_stable_sort() {
    let st = tactic("01_finish_wounded.json");
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    assert!(legal.len() > 20, "a list long enough to cut");
    // Scores with many ties: the selection must keep the legal list's order among them.
    let mut d = SeededDice::new(5);
    for _ in 0..20 {
        let scores: Vec<f32> = legal.iter().map(|_| d.d10() as f32 / 2.0).collect();
        let mut full: Vec<(f32, Action)> =
            scores.iter().copied().zip(legal.iter().copied()).collect();
        full.sort_by(|x, y| y.0.total_cmp(&x.0));
        for top in [1, 5, TOP_CANDIDATES, legal.len(), legal.len() + 3] {
            let got = top_by_score(&scores, &legal, top);
            assert_eq!(got, full[..top.min(full.len())], "top {top}");
        }
    }
}

#[test]
fn nodes_below_the_root_keep_a_dozen_candidates_until_widening_wants_more() {
    // A wide widening below the root: nodes with many visits outgrow their first dozen and
    // take the rest of their list; the others keep TOP_CANDIDATES.
    let p = Params {
        pw_k: 4.0,
        ..Params::default()
    };
    let tree = searched("01_finish_wounded.json", &p, 3000);
    let mut outgrown = 0;
    for (i, n) in tree.nodes.iter().enumerate().skip(1) {
        assert!(tree.flags_capacity(i) >= n.ncands as usize, "node {i}");
        assert!(n.first_len <= n.ncands, "node {i}");
        // (An action node that splits by outcome has chance nodes as children.)
        let decisions = tree
            .kids(i)
            .filter(|&c| tree.nodes[c as usize].class == NO_CLASS);
        if decisions.count() > TOP_CANDIDATES {
            // Its whole first list, or other samples' lists merged in.
            let merged = n.ncands > n.first_len;
            assert!(
                n.complete || merged,
                "node {i} grew past its dozen without its list"
            );
            if n.complete && !merged {
                outgrown += 1;
            }
        }
        // Unless other samples' lists were merged in (a sample where none was legal).
        if !n.complete && n.ncands == n.first_len {
            assert!(n.ncands as usize <= TOP_CANDIDATES, "node {i}");
        }
    }
    assert!(outgrown > 0, "some node took the rest of its first list");
}

#[test]
fn the_rollout_prepares_the_candidates_a_first_visit_would_make() {
    // With prefill, a new node gets its candidates from the rollout's first step: the best
    // by prior of the legal list of the state the sample reached, like a first visit's.
    let st = tactic("01_finish_wounded.json");
    for prefill in [true, false] {
        let p = Params {
            prefill,
            chance_depth: 0,
            ..Params::default()
        };
        let (_, trees) = search_from(&st, &p, &limits(2), None, None, Vec::new());
        let tree = &trees[0];
        // Iteration 1 grows the root's first child; iteration 2 a child of the root again
        // (root widening k = 2): the first child was prepared by iteration 1's rollout.
        let first = tree.children(0)[0] as usize;
        let n = &tree.nodes[first];
        if !prefill {
            assert!(n.ncands == 0, "without prefill nothing is made early");
            continue;
        }
        let a = n.action.expect("a child");
        let mut after = st.clone();
        after.apply_unchecked(
            &a,
            &mut SeededDice::new(mix(mix(p.seed, 0), 0)),
            &mut Log::off(),
        );
        let mut legal = Vec::new();
        after.legal_actions(&mut legal);
        if after.fingerprint() != n.fp {
            continue; // dice made the sampled state differ: nothing to compare
        }
        let want: Vec<Action> = by_prior_top(&after, &legal, TOP_CANDIDATES, 1, true)
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(tree.cands(first), &want[..]);
        assert_eq!(n.sig, signature(&legal));
        assert_eq!(n.complete, legal.len() <= TOP_CANDIDATES);
    }
}

#[test]
fn a_window_below_the_root_keeps_its_pass_among_the_dozen() {
    // Tactic 21: a1's declared charge on b1 opens B's early window, where b1 may flee to any
    // of ~36 squares (prior 0.55–1.75 each) or pass (0.4). A node below the root keeps its
    // best dozen by prior: without `pass_first` they were all flights, and the search rated
    // the charge on an enemy that always fled (0.57 to a1; brute force 0.44).
    let st = tactic("21_immune_target.json");
    let charge = st.parse_action("a1 charge b1 1,3").expect("legal");
    let mut after = st.clone();
    after.apply_unchecked(&charge, &mut SeededDice::new(5), &mut Log::off());
    assert_eq!(after.decision(), DecisionKind::ReactionWindow);
    let mut legal = Vec::new();
    after.legal_actions(&mut legal);
    let kept = |first: bool| -> Vec<Action> {
        by_prior_top(&after, &legal, TOP_CANDIDATES, 1, first)
            .into_iter()
            .map(|(_, a)| a)
            .collect()
    };
    assert!(!kept(false).contains(&Action::Pass));
    assert_eq!(kept(true)[0], Action::Pass);
    // And the search below the charge now meets the enemy's pass.
    for (first, passes) in [(false, false), (true, true)] {
        let p = Params {
            pass_first: first,
            ..Params::default()
        };
        let t = searched("21_immune_target.json", &p, 3000);
        let class = Outcome::of(&st).class(&after);
        let below = t
            .subtree(&charge, class, &after, Side::B)
            .expect("the charge was tried");
        let tried: Vec<Action> = below.candidates().iter().map(|c| c.action).collect();
        assert_eq!(tried.contains(&Action::Pass), passes, "{first}: {tried:?}");
    }
}
