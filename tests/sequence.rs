//! SECUENCIA DE JUEGO (initiative, phases, alternation, Esperar, turns, end of game, scoring)
//! and ENERGÍA, with scripted dice and exact outcomes.

use crate::scripted_positions::*;
use engine::scenario;
use engine::state::{ACTED, ENERGISED, FAST, SPRINTED, SPRINT_NEXT, WAITING};
use engine::*;

fn phases(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Phase(p) => Some(*p),
            _ => None,
        })
        .collect()
}

fn activation_ene(events: &[Event]) -> Vec<(CharIdx, i8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Activation { who, ene } => Some((*who, *ene)),
            _ => None,
        })
        .collect()
}

fn activate(side: Side) -> Pending {
    Pending::Activate { side }
}

// ----- Turnos e iniciativa -----

#[test]
fn initiative_is_the_chosen_characters_vol_plus_d10() {
    // A can roll with a1 (VOL 3) or a2 (VOL 7); it picks a1, so its total is 3 + die even
    // though a2 would have won.
    let mut st = build(
        vec![
            ch(&race(4, 4, 4, 3), &[], (1, 1), "S"),
            ch(&race(4, 4, 4, 7), &[], (3, 1), "S"),
        ],
        vec![ch(&race(4, 4, 4, 5), &[], (1, 10), "N")],
    )
    .state();
    assert_eq!(st.pending(), Pending::Initiative { side: Side::A });
    assert_eq!(legal(&st), ["init a1", "init a2"]);
    let mut d = ScriptedDice::new(vec![6, 5]);
    let ev = play(&mut st, &mut d, "init a1");
    assert!(ev.is_empty(), "side A's pick rolls nothing yet");
    assert_eq!(st.pending(), Pending::Initiative { side: Side::B });
    let ev = play(&mut st, &mut d, "init b1");
    all_dice_used(&d);
    assert!(ev.contains(&Event::Initiative {
        totals: [9, 10],
        winner: Side::B
    }));
    assert_eq!(st.advantage(), Side::B);
    // Phase 7: only a2 has VOL ≥ 7; side B has nobody, so side A goes on.
    assert_eq!(st.phase(), 7);
    assert_eq!(st.pending(), activate(Side::A));
    assert_eq!(legal(&st), ["activate a2"]);
}

#[test]
fn initiative_choices_list_one_character_per_value() {
    let st = build(
        vec![
            ch(&race(4, 4, 4, 5), &[], (1, 1), "S"),
            ch(&race(4, 4, 4, 5), &[], (2, 1), "S"),
            ch(&race(4, 4, 4, 3), &[], (3, 1), "S"),
        ],
        vec![ch(&race(4, 4, 4, 5), &[], (1, 10), "N")],
    )
    .state();
    assert_eq!(legal(&st), ["init a1", "init a3"]);
}

#[test]
fn initiative_ties_are_rerolled() {
    let mut st = build(
        vec![ch(&race(4, 4, 4, 4), &[], (1, 1), "S")],
        vec![ch(&race(4, 4, 4, 4), &[], (1, 10), "N")],
    )
    .state();
    // 4 + 5 = 4 + 5: tie, roll again; 4 + 2 < 4 + 8: B.
    let mut d = ScriptedDice::new(vec![5, 5, 2, 8]);
    let ev = play_all(&mut st, &mut d, &["init a1", "init b1"]);
    all_dice_used(&d);
    assert!(ev.contains(&Event::Initiative {
        totals: [6, 12],
        winner: Side::B
    }));
    assert_eq!(st.advantage(), Side::B);
    assert_eq!(st.pending(), activate(Side::B));
}

// ----- Fases / Secuencia -----

#[test]
fn only_vol_at_least_the_phase_is_eligible_and_empty_phases_are_skipped() {
    let mut st = build(
        vec![
            ch(&race(4, 4, 4, 6), &[], (1, 1), "S"),
            ch(&race(4, 4, 4, 4), &[], (3, 1), "S"),
        ],
        vec![ch(&race(4, 4, 4, 5), &[], (1, 10), "N")],
    )
    .state();
    let mut d = ScriptedDice::new(vec![9, 1]);
    let ev = play_all(&mut st, &mut d, &["init a1", "init b1"]);
    assert_eq!(phases(&ev), [10, 9, 8, 7, 6]);
    assert_eq!(st.pending(), activate(Side::A));
    assert_eq!(legal(&st), ["activate a1"], "a2 (VOL 4) waits for phase 4");

    let ev = play_all(&mut st, &mut d, &["activate a1", "a1 end facing S"]);
    // Phase 6 has nobody left; phase 5: b1 (VOL 5) although A has the advantage.
    assert_eq!(phases(&ev), [5]);
    assert_eq!(st.pending(), activate(Side::B));
    assert_eq!(legal(&st), ["activate b1"]);

    let ev = play_all(&mut st, &mut d, &["activate b1", "b1 end facing N"]);
    assert_eq!(phases(&ev), [4]);
    assert_eq!(st.pending(), activate(Side::A));
    assert_eq!(legal(&st), ["activate a2"]);

    let ev = play_all(&mut st, &mut d, &["activate a2", "a2 end facing S"]);
    assert_eq!(phases(&ev), [3, 2, 1]);
    assert!(ev.contains(&Event::Turn(2)));
    assert_eq!(st.turn(), 2);
    assert_eq!(st.pending(), Pending::Initiative { side: Side::A });
    all_dice_used(&d);
}

#[test]
fn advantage_side_activates_first_in_each_phase_then_sides_alternate() {
    let pos = build(
        vec![ch(&race(4, 4, 4, 4), &[], (1, 1), "S")],
        vec![
            ch(&race(4, 4, 4, 4), &[], (1, 10), "N"),
            ch(&race(4, 4, 4, 4), &[], (3, 10), "N"),
        ],
    );
    // B has the advantage: B, A, B.
    let mut st = pos.state();
    let mut d = ScriptedDice::new(vec![1, 9]);
    play_all(&mut st, &mut d, &["init a1", "init b1"]);
    assert_eq!((st.phase(), st.pending()), (4, activate(Side::B)));
    play_all(&mut st, &mut d, &["activate b2", "b2 end facing N"]);
    assert_eq!(st.pending(), activate(Side::A));
    play_all(&mut st, &mut d, &["activate a1", "a1 end facing S"]);
    assert_eq!(st.pending(), activate(Side::B));
    assert_eq!(legal(&st), ["activate b1"]);
    play_all(&mut st, &mut d, &["activate b1", "b1 end facing N"]);
    assert_eq!(st.turn(), 2);
    all_dice_used(&d);

    // A has the advantage: A, B, and B again because A has nobody left in the phase.
    let mut st = pos.state();
    let mut d = ScriptedDice::new(vec![9, 1]);
    play_all(&mut st, &mut d, &["init a1", "init b1"]);
    assert_eq!((st.phase(), st.pending()), (4, activate(Side::A)));
    play_all(&mut st, &mut d, &["activate a1", "a1 end facing S"]);
    assert_eq!(st.pending(), activate(Side::B));
    play_all(&mut st, &mut d, &["activate b1", "b1 end facing N"]);
    assert_eq!((st.phase(), st.pending()), (4, activate(Side::B)));
    assert_eq!(legal(&st), ["activate b2"]);
    all_dice_used(&d);
}

// ----- Esperar -----

#[test]
fn esperar_only_as_the_first_action_of_an_activation() {
    let mut st = build(
        vec![ch(&race(4, 4, 4, 4), &[], (5, 1), "S")],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "S")],
    )
    .activating(4, "A")
    .state();
    let mut d = ScriptedDice::new(vec![]);
    play(&mut st, &mut d, "activate a1");
    assert!(is_legal(&st, "a1 wait"));
    assert!(!is_legal(&st, "a1 wait +"), "Esperar cannot be chained");
    play(&mut st, &mut d, "a1 crouch");
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    assert!(!is_legal(&st, "a1 wait"));
    all_dice_used(&d);
}

#[test]
fn esperar_not_in_phase_one() {
    let pos = |phase| {
        build(
            vec![ch(&race(4, 4, 4, 4), &[], (5, 1), "S").with(r#""ene":5"#)],
            vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "S")],
        )
        .acting(phase, 0)
        .state()
    };
    assert!(is_legal(&pos(2), "a1 wait"));
    assert!(!is_legal(&pos(1), "a1 wait"));
}

#[test]
fn esperar_not_when_engaged() {
    let st = build(
        vec![ch(&race(4, 4, 4, 4), &[], (5, 5), "S").with(r#""ene":5"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 6), "N")],
    )
    .acting(4, 0)
    .state();
    assert!(!is_legal(&st, "a1 wait"));
    assert!(is_legal(&st, "a1 crouch"));
}

#[test]
fn esperar_costs_one_and_the_character_acts_again_in_a_later_phase_without_new_energy() {
    // CON 3 + AGI 3: +6 ENE per turn.
    let mut st = build(
        vec![ch(&race(3, 3, 4, 5), &[], (5, 1), "S")],
        vec![ch(&race(4, 4, 4, 5), &[], (5, 10), "S")],
    )
    .activating(5, "A")
    .state();
    let mut d = ScriptedDice::new(vec![9, 1]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(activation_ene(&ev), [(0, 6)]);
    play(&mut st, &mut d, "a1 wait");
    let a1 = c(&st, 0);
    assert_eq!(a1.ene, 5);
    assert!(
        a1.has(WAITING) && !a1.has(ACTED),
        "waiting is not having acted"
    );
    // B acts in phase 5; a1 is not eligible again in the phase it waited in.
    assert_eq!((st.phase(), st.pending()), (5, activate(Side::B)));
    let ev = play_all(&mut st, &mut d, &["activate b1", "b1 end facing S"]);
    assert_eq!(phases(&ev), [4]);
    assert_eq!(st.pending(), activate(Side::A));
    assert_eq!(legal(&st), ["activate a1"]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(
        activation_ene(&ev),
        [(0, 5)],
        "no second ENE gain this turn"
    );
    let ev = play(&mut st, &mut d, "a1 end facing S");
    // Nobody is left: phases 3 to 1 pass and a new turn starts.
    assert_eq!(phases(&ev), [3, 2, 1]);
    assert_eq!(st.turn(), 2);
    // Next turn the gain comes back (5 + 6, capped at 10).
    play_all(&mut st, &mut d, &["init a1", "init b1"]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(activation_ene(&ev), [(0, 10)]);
    all_dice_used(&d);
}

// ----- Turns and the end of the game -----

fn last_in_turn(turn_limit: u8) -> State {
    build(
        vec![ch(&race(4, 5, 4, 4), &[], (5, 1), "S")
            .with(r#""ene":3,"moved":7,"status":["energised","sprinted","fast"]"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "N").with(r#""status":["acted","energised"]"#)],
    )
    .turn_limit(turn_limit)
    .acting(1, 0)
    .state()
}

#[test]
fn a_new_turn_resets_acted_energy_gain_sprint_and_movement() {
    let mut st = last_in_turn(2);
    let mut d = ScriptedDice::new(vec![9, 1]);
    let ev = play(&mut st, &mut d, "a1 end facing S");
    assert!(ev.contains(&Event::Turn(2)));
    assert_eq!(st.pending(), Pending::Initiative { side: Side::A });
    for i in [0, 1] {
        let x = c(&st, i);
        assert_eq!(x.flags & (ACTED | ENERGISED | SPRINTED | FAST | WAITING), 0);
        assert_eq!(x.moved, 0);
    }
    assert_eq!(c(&st, 0).ene, 3, "ENE is kept from turn to turn");
    play_all(&mut st, &mut d, &["init a1", "init b1"]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(activation_ene(&ev), [(0, 10)], "3 + 4 + 5, capped at 10");
    all_dice_used(&d);
}

#[test]
fn the_game_ends_after_the_turn_limit() {
    let mut st = last_in_turn(1);
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "a1 end facing S");
    assert!(st.is_terminal());
    assert!(!ev.iter().any(|e| matches!(e, Event::Turn(_))));
    assert_eq!(ev.last(), Some(&Event::GameOver { scores: [0, 0] }));
    assert_eq!((st.returns(Side::A), st.returns(Side::B)), (0.5, 0.5));
    assert!(legal(&st).is_empty());
}

#[test]
fn annihilation_ends_the_game_at_once() {
    // b1 (CON 2, no protection) is the whole of side B; a rifle hit of DAÑ 3 kills it.
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (5, 8), "N").with(r#""ene":6"#)],
        vec![ch(&race(2, 4, 4, 4), &[], (5, 3), "N").with(r#""ene":-10"#)],
    )
    .acting(4, 0)
    .state();
    // CH IMP 3 ≤ 5; CH DEF 5 > 0.
    let mut d = ScriptedDice::new(vec![3, 5]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    all_dice_used(&d);
    assert!(st.dead(1));
    assert!(
        st.is_terminal(),
        "no more decisions for a1: {:?}",
        st.pending()
    );
    let cost = st.info(1).cost;
    assert!(cost > 0);
    assert_eq!(ev.last(), Some(&Event::GameOver { scores: [cost, 0] }));
    assert_eq!((st.returns(Side::A), st.returns(Side::B)), (1.0, 0.0));
}

#[test]
fn objectives_score_at_the_end_of_each_turn_for_their_sole_holder() {
    // (5,5): a1 in contact, held by A. (8,8): b1 on it and a2 in contact, contested.
    let mut st = build(
        vec![
            ch(&race(4, 4, 4, 4), &[], (5, 6), "S"),
            ch(&race(4, 4, 4, 4), &[], (7, 7), "S").with(r#""status":["acted"]"#),
        ],
        vec![ch(&race(4, 4, 4, 4), &[], (8, 8), "N").with(r#""status":["acted"]"#)],
    )
    .objectives(&[(5, 5, 3), (8, 8, 2)])
    .turn_limit(3)
    .acting(1, 0)
    .state();
    assert_eq!(st.objective_points(Side::A), 0);
    let mut d = ScriptedDice::new(vec![]);
    play(&mut st, &mut d, "a1 end facing S");
    assert_eq!(st.turn(), 2);
    assert_eq!(st.objective_points(Side::A), 3);
    assert_eq!(st.objective_points(Side::B), 0);
    assert_eq!(scenario::scoring::score(&st, Side::A), 3);
    assert_eq!(st.returns(Side::A), 1.0);
}

#[test]
fn score_is_casualty_points_plus_objective_points() {
    let pos = |points: i32| {
        build(
            vec![ch(&race(4, 4, 4, 4), &[], (2, 1), "S")],
            vec![
                ch(&race(4, 4, 4, 4), &[], (8, 8), "N").with(r#""status":["acted"]"#),
                // A casualty (wounds = CON): its points go to side A.
                ch(&race(4, 6, 4, 4), &[], (2, 10), "N").with(r#""wounds":4"#),
            ],
        )
        .objectives(&[(8, 8, points)])
        .turn_limit(1)
        .acting(1, 0)
    };
    let cost_b2 = pos(0).state().info(2).cost;
    assert!(cost_b2 > 0);
    // b1 holds an objective worth one point more than b2: B wins by 1.
    let mut st = pos(cost_b2 + 1).state();
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "a1 end facing S");
    assert_eq!(
        ev.last(),
        Some(&Event::GameOver {
            scores: [cost_b2, cost_b2 + 1]
        })
    );
    assert_eq!((st.returns(Side::A), st.returns(Side::B)), (0.0, 1.0));
}

// ----- ENERGÍA -----

#[test]
fn activation_gains_con_plus_agi_minus_wounds() {
    let mut st = build(
        vec![ch(&race(4, 3, 4, 4), &[], (5, 1), "S").with(r#""ene":1,"wounds":2"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "S")],
    )
    .activating(4, "A")
    .state();
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(activation_ene(&ev), [(0, 6)], "1 + 4 + 3 − 2");
    assert_eq!(c(&st, 0).ene, 6);
}

#[test]
fn activation_energy_is_capped_at_ten() {
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[], (5, 1), "S").with(r#""ene":5"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "S")],
    )
    .activating(4, "A")
    .state();
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(activation_ene(&ev), [(0, 10)], "5 + 9 capped at 10");
}

#[test]
fn negative_ene_left_by_reactions_is_carried_into_the_gain() {
    let mut st = build(
        vec![ch(&race(3, 2, 4, 4), &[], (5, 1), "S").with(r#""ene":-7"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "S")],
    )
    .activating(4, "A")
    .state();
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(activation_ene(&ev), [(0, -2)], "−7 + 3 + 2");
    let l = legal(&st);
    assert_eq!(l.len(), 8);
    assert!(l.iter().all(|a| a.starts_with("a1 end facing")), "{l:?}");
}

#[test]
fn acting_never_spends_ene_below_zero() {
    let mut st = build(
        vec![ch(&race(4, 4, 4, 4), &[], (5, 5), "S").with(r#""ene":2"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 11), "S")],
    )
    .acting(4, 0)
    .state();
    assert!(is_legal(&st, "a1 run 5,3"));
    assert!(
        !is_legal(&st, "a1 run 5,3 +"),
        "nothing left for a chained action"
    );
    assert!(is_legal(&st, "a1 move 5,4 +"));
    assert!(!is_legal(&st, "a1 sprint 5,0"), "Esprintar costs 3");
    let mut d = ScriptedDice::new(vec![]);
    play(&mut st, &mut d, "a1 run 5,3");
    assert_eq!(c(&st, 0).ene, 0);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    let l = legal(&st);
    assert_eq!(l.len(), 8);
    assert!(l.iter().all(|a| a.starts_with("a1 end facing")), "{l:?}");
}

#[test]
fn movement_cost_adds_the_terrain_surcharge() {
    // (5,4) difficult (+1), (6,4) extreme (+2), (4,4) easy.
    let rows = [
        "............",
        "............",
        "............",
        "............",
        ".....,~.....",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
    ];
    let pos = |extra: &str| {
        build(
            vec![ch(&race(4, 4, 4, 4), &[], (5, 5), "N").with(extra)],
            vec![ch(&race(4, 4, 4, 4), &[], (5, 11), "S")],
        )
        .rows(&rows)
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![]);
    for (to, cost) in [("4,4", 1), ("5,4", 2), ("6,4", 3)] {
        let mut st = pos(r#""ene":3"#);
        play(&mut st, &mut d, &format!("a1 move {to}"));
        assert_eq!(c(&st, 0).ene, 3 - cost, "move to {to}");
    }
    let st = pos(r#""ene":2"#);
    assert!(is_legal(&st, "a1 move 5,4"));
    assert!(!is_legal(&st, "a1 move 6,4"), "1 + 2 > 2");
    // Crouched, easy terrain counts as difficult.
    let mut st = pos(r#""ene":3,"stance":"crouched""#);
    play(&mut st, &mut d, "a1 move 4,4");
    assert_eq!(c(&st, 0).ene, 1);
    all_dice_used(&d);
}

/// Esprintar «Su siguiente acción CH ATR -3»: when the sprint is the last action of the
/// activation, the −3 goes to the first action of its next activation (here in the next turn,
/// whose start lifts «No puede atacar este turno»), not away with the activation (RULES.md).
#[test]
fn esprintar_minus_three_reaches_the_first_action_of_the_next_activation() {
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (5, 1), "S").with(r#""ene":3,"status":["energised"]"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "S").with(r#""status":["acted","energised"]"#)],
    )
    .acting(1, 0)
    .state();
    let mut d = ScriptedDice::new(vec![9, 1, 9]);
    // The sprint (12 K) and the shot (6 K) are heard by b1: a window after each.
    play_all(
        &mut st,
        &mut d,
        &["a1 sprint 5,7", "pass", "a1 end facing S"],
    );
    assert_ne!(c(&st, 0).flags & SPRINT_NEXT, 0, "kept past the activation");
    play_all(&mut st, &mut d, &["init a1", "init b1", "activate a1"]);
    let ev = play_all(&mut st, &mut d, &["a1 shoot b1 w1", "pass", "pass"]);
    // CH IMP 5 − 3 = 2 (missed).
    assert_eq!(check_summary(&ev), [("CH IMP", 2, false)]);
    all_dice_used(&d);
    assert_eq!(c(&st, 0).flags & SPRINT_NEXT, 0, "spent");
}

/// The reaction window's close checks its declared action with `legal::act_is_legal`, which
/// lists only the part of the options that makes that kind of action: at every acting decision
/// of random games on the shipped positions it must agree with the whole legal list, for the
/// actions listed now and for those of the previous acting decision (mostly not legal any more:
/// another actor, less ENE, other squares).
#[test]
fn act_is_legal_agrees_with_the_whole_legal_list() {
    use engine::sequence::legal::act_is_legal;
    let names = wartime_tests::position_names();
    let (mut checked, mut illegal) = (0usize, 0usize);
    for (k, name) in names.iter().enumerate() {
        let mut st = wartime_tests::load(name);
        let mut dice = SeededDice::new(k as u64);
        let mut buf = Vec::new();
        let mut previous: Vec<Action> = Vec::new();
        let mut pick = 0x5eed_u64 + k as u64;
        for _ in 0..400 {
            if st.is_terminal() {
                break;
            }
            st.legal_actions(&mut buf);
            if st.decision() == DecisionKind::Act {
                let acts = |l: &[Action]| -> Vec<Action> {
                    l.iter()
                        .filter(|a| matches!(a, Action::Act { .. }))
                        .step_by(7)
                        .copied()
                        .collect()
                };
                for a in acts(&buf).iter().chain(acts(&previous).iter()) {
                    let whole = buf.contains(a);
                    assert_eq!(act_is_legal(&st, a), whole, "{name}: {a:?}");
                    checked += 1;
                    illegal += !whole as usize;
                }
                previous = buf.clone();
            }
            pick = engine::basics::dice::splitmix64(pick);
            let a = buf[(pick % buf.len() as u64) as usize];
            st.apply_unchecked(&a, &mut dice, &mut Log::off());
        }
    }
    // Both answers were asked for, many times.
    assert!(
        checked > 1000 && illegal > 100,
        "{checked} checked, {illegal} illegal"
    );
}
