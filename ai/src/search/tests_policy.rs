//! Tests of the heuristic prior (`policy.rs`): objectives, hackable elements, reactions on
//! credit, flights out of sight and meta-ability attacks in the order the search widens.

use super::policy::*;
use engine::basics::action::{ActKind, Action};
use engine::{Pos, State};

/// a1 (Cinético and Metamorfo, with Golpe de chi and Piel de piedra) 3 K from b1; `kept`:
/// a1 cast Piel de piedra on itself last turn.
fn metas(kept: bool) -> State {
    metas_ene(kept, 8)
}

/// [`metas`] with b1's ENE.
fn metas_ene(kept: bool, b1_ene: i8) -> State {
    let mut a1 = serde_json::json!({
        "race": {"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4,
                 "traits": ["Cinético", "Metamorfo"]},
        "meta_abilities": ["Golpe de chi", "Piel de piedra"],
        "at": [5, 1], "facing": "S", "ene": 8, "status": ["energised"]
    });
    if kept {
        a1["kept"] = serde_json::json!("m2 a1");
    }
    let b = |x: u8, y: u8, ene: i8| {
        serde_json::json!({"race": "Humano", "at": [x, y], "facing": "S", "ene": ene,
                           "status": ["energised", "acted"]})
    };
    let v = serde_json::json!({
        "name": "t",
        "board": {"rows": vec![".........."; 10], "cover_def": 5},
        "scenario": {"name": "T", "points_limit": 1000, "turn_limit": 6,
            "deploy_a": {"x0": 0, "y0": 0, "x1": 9, "y1": 0},
            "deploy_b": {"x0": 0, "y0": 9, "x1": 9, "y1": 9}},
        "sides": {"A": [a1], "B": [b(5, 4, b1_ene), b(0, 9, 8)]},
        "game": {"turn": 1, "phase": 10, "advantage": "A", "to_move": "A",
                 "decision": {"kind": "act", "actor": 0}}
    });
    let s = engine::Setup::from_json(&v.to_string()).unwrap();
    State::from_setup(&s, None).unwrap()
}

#[test]
fn a_reaction_on_credit_scores_below_the_same_reaction_paid_for() {
    let st = metas(false);
    let a = Action::Reaction {
        who: 1,
        kind: ActKind::Concentrate,
    };
    // Concentrarse costs 2: from −4 both points are on credit.
    let poor = metas_ene(false, -4);
    let (paid, credit) = (prior(&st, &a), prior(&poor, &a));
    assert!((paid - credit - 0.3).abs() < 1e-6, "{paid} {credit}");
    assert!(credit <= prior(&poor, &Action::Hold(1)), "{credit}");
}

/// The priors of the sprints of the decision in `st`, split by whether `inside` holds for
/// the destination: (inside, the rest).
fn sprint_priors(st: &State, inside: impl Fn(Pos) -> bool) -> (Vec<f32>, Vec<f32>) {
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let ctx = Ctx::new(st, &legal);
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for a in &legal {
        if let Action::Act {
            kind: ActKind::Sprint(p),
            ..
        } = *a
        {
            let v = prior_in(st, &ctx, a);
            if inside(p) {
                yes.push(v);
            } else {
                no.push(v);
            }
        }
    }
    (yes, no)
}

#[test]
fn moves_that_take_the_objective_rank_among_the_roots_first_children() {
    // Tactic 17: the last activation of the game; a1 wins by ending within 1 K of the
    // objective (5,3) and draws anywhere else. Every move that ends there must rank above
    // every move that ends elsewhere, well inside what the root's widening reaches at 1,000
    // iterations (64 children): without the objective term they ranked among the rest.
    let st = crate::search::tests::tactic("17_take_the_objective.json");
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let ctx = Ctx::new(&st, &legal);
    let goal = Pos::new(5, 3);
    let (taking, other) = sprint_priors(&st, |p| p.dist(goal) <= 1);
    assert_eq!(taking.len(), 9, "the nine sprints into the objective's 1 K");
    let worst = taking.iter().cloned().fold(f32::MAX, f32::min);
    let best_other = other.iter().cloned().fold(f32::MIN, f32::max);
    assert!(worst > best_other, "{worst} vs {best_other}");
    let better = legal
        .iter()
        .filter(|a| prior_in(&st, &ctx, a) > worst)
        .count();
    assert!(
        better < 32,
        "{better} actions rank above a sprint into the objective"
    );
}

#[test]
fn a_hackers_moves_into_reach_of_a_scoring_terminal_rank_first() {
    // METAHABILIDADES (Corromper / Poseer of objects): a neuromante (INT 6) 9 K from a
    // terminal that scores 3 a turn for nobody, its only enemy 11 K the other way. The
    // best sprint that ends within INT K of the terminal ranks above every sprint that does not
    // (the approach heuristic alone walks it towards the enemy); a character that is not a
    // neuromante gets no such pull. (The best of each, since the squares far to the side
    // also lose the approach's ground.)
    let build = |traits: &[&str]| {
        let v = serde_json::json!({
            "name": "t",
            "board": {"rows": vec!["..........."; 24], "cover_def": 5},
            "scenario": {"name": "T", "points_limit": 1000, "turn_limit": 2,
                "deploy_a": {"x0": 0, "y0": 23, "x1": 10, "y1": 23},
                "deploy_b": {"x0": 0, "y0": 0, "x1": 10, "y1": 0}},
            "sides": {
                "A": [{"race": {"name": "H", "con": 3, "agi": 4, "int": 6, "vol": 5,
                                "traits": traits},
                       "at": [5, 12], "facing": "N", "ene": 6, "status": ["energised"]}],
                "B": [{"race": "Humano", "at": [5, 23], "facing": "N",
                       "status": ["energised", "acted"]}]},
            "elements": [{"name": "Terminal", "at": [5, 3],
                          "hackable": {"cal": 2, "score": 3, "stress": 1}}],
            "game": {"turn": 1, "phase": 10, "advantage": "A", "to_move": "A",
                     "decision": {"kind": "act", "actor": 0}}
        });
        let s = engine::Setup::from_json(&v.to_string()).unwrap();
        State::from_setup(&s, None).unwrap()
    };
    let terminal = Pos::new(5, 3);
    let ranks = |st: &State| {
        let (reach, other) = sprint_priors(st, |p| p.dist(terminal) <= 6);
        assert!(!reach.is_empty() && !other.is_empty());
        let best = |v: &[f32]| v.iter().cloned().fold(f32::MIN, f32::max);
        (best(&reach), best(&other))
    };
    let (best_in, best_out) = ranks(&build(&["Neuromante"]));
    assert!(best_in > best_out, "{best_in} vs {best_out}");
    let (best_in, best_out) = ranks(&build(&[]));
    assert!(best_in < best_out, "{best_in} vs {best_out}");
}

#[test]
fn huir_from_a_declared_shot_ranks_the_squares_out_of_the_shooters_sight_first() {
    // Tactic 03: a1 steps out unchained and declares the shot; b1 may flee in the early
    // window, and only a square behind the wall (out of a1's sight) cancels the shot.
    let mut st = crate::search::tests::tactic("03_chain_deny_flight.json");
    for t in ["a1 move 10,9", "pass", "a1 shoot b1 w1"] {
        let a = st.parse_action(t).unwrap();
        st.apply_unchecked(&a, &mut engine::SeededDice::new(1), &mut engine::Log::off());
    }
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let shooter = st.ch(0).pos;
    let flees: Vec<(f32, bool)> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Reaction {
                kind: ActKind::Flee(p),
                ..
            } => Some((prior(&st, a), st.board().line_of_sight(shooter, p))),
            _ => None,
        })
        .collect();
    let best_hidden = flees
        .iter()
        .filter(|f| !f.1)
        .map(|f| f.0)
        .fold(f32::MIN, f32::max);
    let best_seen = flees
        .iter()
        .filter(|f| f.1)
        .map(|f| f.0)
        .fold(f32::MIN, f32::max);
    assert!(best_hidden > f32::MIN && best_seen > f32::MIN, "{flees:?}");
    assert!(best_hidden > best_seen, "{best_hidden} {best_seen}");
    // Above passing and reacting after the shot.
    assert!(best_hidden > prior(&st, &Action::Pass) && best_hidden > prior(&st, &legal[1]));
}

#[test]
fn meta_attacks_score_like_shots_and_kept_boons_above_new_ones() {
    let score = |st: &State, text: &str| prior(st, &st.parse_action(text).unwrap());
    let st = metas(false);
    let attack = score(&st, "a1 meta m1 b1");
    let boon = score(&st, "a1 meta m2 a1");
    assert!(attack > boon && attack >= 5.0, "{attack} {boon}");
    let kept = score(&metas(true), "a1 meta m2 a1");
    assert!(kept > boon, "{kept} {boon}");
}
