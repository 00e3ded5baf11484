//! REACCIONES and ACCIONES / Acciones combinadas: who gets a window, the CH VOL, En guardia,
//! once per window, bullet time, early windows (CH ATR −1, cancelled actions, Huir, Esquivar,
//! Contracarga), and chains (CH ATR −1 on every chained action, windows only after the chain).

use crate::scripted_positions::*;
use engine::state::{ACTED, BULLET_TIME, COUNTERCHARGE, GUARD};
use engine::*;

/// AGI 5, VOL 4.
pub(crate) fn t() -> String {
    race(4, 5, 4, 4)
}

fn bits(list: &[CharIdx]) -> u32 {
    list.iter().map(|&i| 1u32 << i).sum()
}

pub(crate) fn window(actor: CharIdx, open: &[CharIdx], early: bool) -> Pending {
    Pending::Window {
        side: Side::B,
        actor,
        open: bits(open),
        early,
    }
}

pub(crate) fn act(actor: CharIdx) -> Pending {
    Pending::Act { actor }
}

/// a1 acting at (6,8) with a rifle; b1 at (6,3) and b2 at (9,3), both facing south (a1 in
/// their arc, 5 K away), with rifles.
fn facing_two(b1: &str, b2: &str) -> State {
    build(
        vec![ch(&t(), &[RIFLE], (6, 8), "N").with(r#""ene":6"#)],
        vec![
            ch(&t(), &[RIFLE], (6, 3), "S").with(b1),
            ch(&t(), &[RIFLE], (9, 3), "S").with(b2),
        ],
    )
    .acting(4, 0)
    .state()
}

// ----- Who may react -----

#[test]
fn only_enemies_with_the_actor_in_arc_range_and_sight_may_react() {
    let mut rows = vec![".".repeat(12); 12];
    rows[6].replace_range(9..10, "#");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut st = build(
        vec![ch(&t(), &[], (6, 6), "N").with(r#""ene":6"#)],
        vec![
            // b1: in front, 4 K: sees.
            ch(&t(), &[], (6, 2), "S"),
            // b2: a1 behind it.
            ch(&t(), &[], (2, 6), "W"),
            // b3: a1 exactly abeam (the arc is a closed half-plane): sees.
            ch(&t(), &[], (9, 9), "NE"),
            // b4: VOL 1, CdV 5 K, a1 at 6 K.
            ch(&race(4, 5, 4, 1), &[], (0, 0), "SE"),
            // b5: a wall on the line.
            ch(&t(), &[], (11, 6), "W"),
            // b6: in panic.
            ch(&t(), &[], (6, 10), "N").with(r#""status":["panic"]"#),
            // b7: ENE −10.
            ch(&t(), &[], (3, 3), "SE").with(r#""ene":-10"#),
        ],
    )
    .rows(&rows)
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![]);
    play(&mut st, &mut d, "a1 crouch");
    assert_eq!(st.pending(), window(0, &[1, 3], false));
    assert_eq!(legal(&st), ["pass", "b1 react", "b3 react"]);
    all_dice_used(&d);
}

#[test]
fn reacting_needs_a_passed_ch_vol_then_the_reactor_picks_one_reaction() {
    let mut st = facing_two("", "");
    let mut d = ScriptedDice::new(vec![4]);
    play(&mut st, &mut d, "a1 crouch");
    assert_eq!(st.pending(), window(0, &[1, 2], false));
    let ev = play(&mut st, &mut d, "b1 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 4, true)]);
    assert_eq!(
        st.pending(),
        Pending::Reaction {
            reactor: 1,
            actor: 0,
            open: bits(&[2]),
            early: false
        }
    );
    let l = legal(&st);
    for a in ["b1 hold", "b1 crouch", "b1 shoot a1 w1", "b1 pivot W"] {
        assert!(l.iter().any(|x| x == a), "{a} missing from {l:?}");
    }
    assert!(!l.iter().any(|x| x == "b1 dodge" || x == "b1 countercharge"));
    play(&mut st, &mut d, "b1 crouch");
    assert_eq!(c(&st, 1).ene, -1, "reacting may take ENE below 0");
    // Back to the window, without b1.
    assert_eq!(st.pending(), window(0, &[2], false));
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn failed_reaction_vol_returns_to_the_window_and_each_reactor_tries_once() {
    let mut st = facing_two("", "");
    let mut d = ScriptedDice::new(vec![5, 3]);
    play(&mut st, &mut d, "a1 crouch");
    let ev = play(&mut st, &mut d, "b1 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 4, false)]);
    assert_eq!(st.pending(), window(0, &[2], false));
    assert_eq!(legal(&st), ["pass", "b2 react"]);
    play(&mut st, &mut d, "b2 react");
    assert!(matches!(st.pending(), Pending::Reaction { reactor: 2, .. }));
    play(&mut st, &mut d, "b2 hold");
    assert_eq!(c(&st, 2).ene, 0, "holding costs nothing");
    // Nobody is left to try: the window closes and a1 goes on.
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn pass_closes_the_window() {
    let mut st = facing_two("", "");
    let mut d = ScriptedDice::new(vec![]);
    play_all(&mut st, &mut d, &["a1 crouch", "pass"]);
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn en_guardia_adds_two_to_the_next_reaction_vol_and_is_spent() {
    for (die, pass) in [(6, true), (7, false)] {
        let mut st = facing_two(r#""status":["guard"]"#, "");
        let mut d = ScriptedDice::new(vec![die]);
        play(&mut st, &mut d, "a1 crouch");
        let ev = play(&mut st, &mut d, "b1 react");
        assert_eq!(check_summary(&ev), [("CH VOL reaction", 6, pass)]);
        if pass {
            // Audit 20: «En guardia (2) No puede pivotar» — the guard lasts until the reaction
            // it watched for is chosen, and that reaction is no Pivotar; holding spends it.
            assert!(c(&st, 1).has(GUARD));
            assert!(!is_legal(&st, "b1 pivot S"));
            play(&mut st, &mut d, "b1 hold");
        }
        assert!(!c(&st, 1).has(GUARD), "spent (die {die})");
        all_dice_used(&d);
    }
}

#[test]
fn en_guardia_is_lost_on_any_other_action() {
    let mut st = build(
        vec![ch(&t(), &[], (6, 8), "N").with(r#""ene":6,"status":["guard"]"#)],
        vec![ch(&t(), &[], (6, 1), "N")],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![]);
    assert!(!is_legal(&st, "a1 guard"), "already on guard");
    play(&mut st, &mut d, "a1 crouch");
    assert!(!c(&st, 0).has(GUARD));
    play(&mut st, &mut d, "a1 guard");
    assert!(c(&st, 0).has(GUARD));
    assert_eq!(c(&st, 0).ene, 6 - 1 - 2);
}

#[test]
fn critical_psi_bonus_reaches_the_reaction_ch_vol() {
    // CH ATR +1 until the end of its activation; the reaction CH VOL is a CH ATR.
    let mut st = facing_two(r#""status":["psi_critical"]"#, "");
    let mut d = ScriptedDice::new(vec![5]);
    play(&mut st, &mut d, "a1 crouch");
    let ev = play(&mut st, &mut d, "b1 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 5, true)]);
    all_dice_used(&d);
}

#[test]
fn reactions_may_spend_ene_down_to_minus_ten() {
    // A heavy rifle costs 3: from −8 a shot would leave −11.
    let pos = |ene: i8| {
        build(
            vec![ch(&t(), &[], (6, 8), "N").with(r#""ene":6"#)],
            vec![ch(&t(), &[HEAVY_RIFLE], (6, 3), "S").with(&format!(r#""ene":{ene}"#))],
        )
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![2, 2]);
    let mut st = pos(-7);
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react"]);
    assert!(is_legal(&st, "b1 shoot a1"));
    let mut st = pos(-8);
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react"]);
    assert!(!is_legal(&st, "b1 shoot a1"));
    assert!(is_legal(&st, "b1 run 6,1"));
    play(&mut st, &mut d, "b1 run 6,1");
    assert_eq!(c(&st, 1).ene, -10);
    assert_eq!(st.pending(), act(0));
    // At −10 it is out of reactions, even in bullet time.
    assert!(c(&st, 1).has(BULLET_TIME));
    play(&mut st, &mut d, "a1 stand");
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

// ----- Tiempo bala -----

#[test]
fn bullet_time_skips_the_ch_vol_for_the_rest_of_the_activation_only() {
    let mut st = build(
        vec![
            ch(&t(), &[], (6, 8), "N").with(r#""ene":6"#),
            ch(&t(), &[], (7, 8), "N"),
        ],
        vec![ch(&t(), &[], (6, 3), "S").with(r#""status":["acted"]"#)],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![3, 8]);
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react", "b1 hold"]);
    assert!(c(&st, 2).has(BULLET_TIME));
    assert_eq!(st.pending(), act(0));
    play(&mut st, &mut d, "a1 stand");
    assert_eq!(st.pending(), window(0, &[2], false));
    let ev = play(&mut st, &mut d, "b1 react");
    assert!(checks(&ev).is_empty(), "no second CH VOL: {ev:?}");
    assert!(matches!(st.pending(), Pending::Reaction { reactor: 2, .. }));
    play_all(&mut st, &mut d, &["b1 hold", "a1 end facing N"]);
    assert!(
        !c(&st, 2).has(BULLET_TIME),
        "bullet time ends with a1's activation"
    );
    // a2's activation: b1 must pass a CH VOL again (8 > 4).
    play_all(&mut st, &mut d, &["activate a2", "a2 crouch"]);
    let ev = play(&mut st, &mut d, "b1 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 4, false)]);
    assert_eq!(st.pending(), act(1));
    all_dice_used(&d);
}

// ----- Reaccionar antes de terminar la acción -----

#[test]
fn declaring_an_attack_opens_an_early_window_and_early_reactions_have_atr_minus_one() {
    let mut st = facing_two(r#""ene":5"#, r#""ene":-10"#);
    // CH VOL 4 (the early −1 is for the reaction, not its CH VOL); b1's CH IMP 5 > 5 − 1;
    // a1's CH IMP 5 ≤ 5; b1's CH DEF 1, critical.
    let mut d = ScriptedDice::new(vec![4, 5, 5, 1]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert!(ev.is_empty(), "nothing resolved yet: {ev:?}");
    assert_eq!(st.pending(), window(0, &[1], true));
    assert_eq!(c(&st, 0).ene, 6, "nothing spent before the window");
    let ev = play(&mut st, &mut d, "b1 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 4, true)]);
    let ev = play(&mut st, &mut d, "b1 shoot a1");
    assert_eq!(check_summary(&ev), [("CH IMP", 4, false)]);
    assert_eq!(c(&st, 1).ene, 3);
    // b1 may still flee (Huir is not a CH VOL reaction); B passes.
    assert!(legal(&st).iter().any(|a| a.starts_with("b1 flee")));
    let ev = play(&mut st, &mut d, "pass");
    // a1's declared shot now resolves, without the early −1.
    assert_eq!(
        check_summary(&ev),
        [("CH IMP", 5, true), ("CH DEF", 0, true)]
    );
    assert_eq!(c(&st, 0).ene, 4);
    // The window after the action: b1 in bullet time.
    assert_eq!(st.pending(), window(0, &[1], false));
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn a_failed_early_ch_vol_is_the_reaction_to_that_action_and_is_not_tried_again_after_it() {
    let mut st = facing_two(r#""ene":5"#, r#""ene":5"#);
    // b1's CH VOL 5 > 4 fails; a1's CH IMP 9 > 5 misses.
    let mut d = ScriptedDice::new(vec![5, 9]);
    play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(st.pending(), window(0, &[1, 2], true));
    let ev = play(&mut st, &mut d, "b1 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 4, false)]);
    let ev = play(&mut st, &mut d, "pass");
    assert_eq!(check_summary(&ev), [("CH IMP", 5, false)]);
    // After the shot: b2, which did not try, may; b1 already failed its reaction to this shot.
    assert_eq!(st.pending(), window(0, &[2], false));
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    // A new action is a new chance for both.
    play(&mut st, &mut d, "a1 crouch");
    assert_eq!(st.pending(), window(0, &[1, 2], false));
    assert_eq!(c(&st, 0).ene, 3);
    all_dice_used(&d);
}

/// a1 with a pistol (ALC 4, up to 6 a larga distancia) at (6,10); b1 4 K north facing away
/// (it cannot see a1, but as the target it may flee); b2 sees a1 from (9,7).
fn pistol_duel(b1: &str, with_b2: bool) -> State {
    let mut b = vec![ch(&t(), &[], (6, 6), "N").with(b1)];
    if with_b2 {
        b.push(ch(&t(), &[], (9, 7), "S"));
    }
    build(
        vec![ch(&t(), &[PISTOL], (6, 10), "N").with(r#""ene":5"#)],
        b,
    )
    .acting(4, 0)
    .state()
}

#[test]
fn declared_attack_is_cancelled_at_no_cost_when_the_target_flees_out_of_reach() {
    let mut st = pistol_duel("", false);
    let mut d = ScriptedDice::new(vec![3]);
    play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(st.pending(), window(0, &[], true));
    // Huir needs no CH VOL; its CH PSI comes after the move (3 ≤ 4).
    let ev = play(&mut st, &mut d, "b1 flee 6,3");
    assert_eq!(check_summary(&ev), [("CH PSI", 4, true)]);
    assert_eq!(c(&st, 1).pos, sq(6, 3));
    assert_eq!(c(&st, 1).ene, -1);
    // 7 K: beyond 6, the shot is no longer possible; a1 spent nothing and acts on.
    assert!(ev.contains(&Event::Status {
        who: 0,
        text: "cannot complete its declared action"
    }));
    assert_eq!(st.pending(), act(0));
    assert_eq!(c(&st, 0).ene, 5);
    assert!(!is_legal(&st, "a1 shoot-long b1"));
    assert!(is_legal(&st, "a1 wait"), "no action was taken");
    all_dice_used(&d);
}

#[test]
fn huir_is_offered_to_the_target_once_per_early_window_and_a_failed_psi_adds_stress() {
    let mut st = pistol_duel("", true);
    let mut d = ScriptedDice::new(vec![7]);
    play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(st.pending(), window(0, &[2], true));
    let l = legal(&st);
    assert!(l.iter().any(|a| a == "b1 flee 6,3"));
    assert!(
        !l.iter().any(|a| a.starts_with("b2 flee")),
        "only the target"
    );
    let ev = play(&mut st, &mut d, "b1 flee 6,3");
    assert_eq!(check_summary(&ev), [("CH PSI", 4, false)]);
    assert_eq!(c(&st, 1).stress, 1);
    assert_eq!(
        c(&st, 1).pos,
        sq(6, 3),
        "the flight happened before the check"
    );
    assert_eq!(legal(&st), ["pass", "b2 react"]);
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    assert_eq!(c(&st, 0).ene, 5);
    all_dice_used(&d);
}

#[test]
fn dodge_is_offered_only_to_the_target_of_a_declared_melee_attack_in_the_early_window() {
    let mut st = build(
        vec![ch(&t(), &[KNIFE], (6, 8), "N").with(r#""ene":6"#)],
        vec![
            ch(&t(), &[KNIFE], (6, 7), "S"),
            ch(&t(), &[KNIFE], (8, 7), "W"),
        ],
    )
    .acting(4, 0)
    .state();
    // CH VOL b1 2, CH VOL b2 3, a1's CH IMP 9 (miss).
    let mut d = ScriptedDice::new(vec![2, 3, 9]);
    play(&mut st, &mut d, "a1 melee b1");
    assert_eq!(st.pending(), window(0, &[1, 2], true));
    play(&mut st, &mut d, "b1 react");
    let l = legal(&st);
    assert!(l.iter().any(|a| a == "b1 dodge"), "{l:?}");
    assert!(!l.iter().any(|a| a == "b1 countercharge"));
    play_all(&mut st, &mut d, &["b1 hold", "b2 react"]);
    assert!(
        !legal(&st).iter().any(|a| a == "b2 dodge"),
        "not the target"
    );
    let ev = play(&mut st, &mut d, "b2 hold");
    assert_eq!(check_summary(&ev), [("CH IMP", 5, false)]);
    // The window after the attack: no dodging any more.
    assert_eq!(st.pending(), window(0, &[1, 2], false));
    play(&mut st, &mut d, "b1 react");
    assert!(!legal(&st).iter().any(|a| a == "b1 dodge"));
    all_dice_used(&d);
}

#[test]
fn countercharge_is_offered_only_to_the_charged_character_in_the_early_window() {
    let mut st = build(
        vec![ch(&t(), &[KNIFE], (6, 9), "N").with(r#""ene":6"#)],
        vec![ch(&t(), &[KNIFE], (6, 5), "S")],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![2]);
    play(&mut st, &mut d, "a1 charge b1 6,6");
    assert_eq!(st.pending(), window(0, &[1], true));
    play(&mut st, &mut d, "b1 react");
    let l = legal(&st);
    assert!(l.iter().any(|a| a == "b1 countercharge"), "{l:?}");
    assert!(
        !l.iter().any(|a| a == "b1 dodge"),
        "a charge is not a melee attack"
    );
    play(&mut st, &mut d, "b1 countercharge");
    assert!(c(&st, 1).has(COUNTERCHARGE));
    assert_eq!(c(&st, 1).ene, -3);
    play(&mut st, &mut d, "pass");
    assert_eq!(c(&st, 0).pos, sq(6, 6));
    assert_eq!(c(&st, 0).ene, 4);
    assert_eq!(st.pending(), window(0, &[1], false));
    play(&mut st, &mut d, "b1 react");
    assert!(!legal(&st).iter().any(|a| a == "b1 countercharge"));
    all_dice_used(&d);
}

// ----- Acciones combinadas -----

#[test]
fn chained_actions_each_have_atr_minus_one() {
    // b1 cannot see a1 and has no ENE to flee: no windows at all.
    let mut st = build(
        vec![ch(&t(), &[RIFLE], (6, 8), "N").with(r#""ene":10"#)],
        vec![ch(&t(), &[], (6, 3), "N").with(r#""ene":-10"#)],
    )
    .acting(4, 0)
    .state();
    // The same die, 5 = AGI: fails in the chain (first and last action), passes alone.
    let mut d = ScriptedDice::new(vec![5, 5, 5, 1]);
    let ev = play(&mut st, &mut d, "a1 shoot b1 +");
    assert_eq!(check_summary(&ev), [("CH IMP", 4, false)]);
    assert_eq!(st.pending(), act(0));
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(check_summary(&ev), [("CH IMP", 4, false)]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev),
        [("CH IMP", 5, true), ("CH DEF", 0, true)]
    );
    assert_eq!(c(&st, 0).ene, 4);
    assert_eq!(c(&st, 1).wounds, 0);
    all_dice_used(&d);
}

#[test]
fn no_reaction_window_between_chained_actions_and_one_after_the_chain() {
    let mut st = build(
        vec![ch(&t(), &[RIFLE], (6, 8), "N").with(r#""ene":8"#)],
        vec![ch(&t(), &[], (6, 3), "S")],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![9]);
    // A chained attack opens no early window: the CH IMP is rolled at once.
    let ev = play(&mut st, &mut d, "a1 shoot b1 +");
    assert_eq!(check_summary(&ev), [("CH IMP", 4, false)]);
    assert_eq!(st.pending(), act(0));
    play(&mut st, &mut d, "a1 crouch +");
    assert_eq!(st.pending(), act(0));
    play(&mut st, &mut d, "a1 stand");
    assert_eq!(st.pending(), window(0, &[1], false));
    all_dice_used(&d);
}

#[test]
fn end_closes_an_open_chain_and_opens_the_window() {
    let pos = || {
        build(
            vec![ch(&t(), &[], (6, 8), "N").with(r#""ene":6"#)],
            vec![ch(&t(), &[], (6, 3), "S")],
        )
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![]);
    let mut st = pos();
    play_all(&mut st, &mut d, &["a1 crouch +", "a1 end facing N"]);
    assert_eq!(st.pending(), window(0, &[1], false));
    assert!(!c(&st, 0).has(ACTED));
    play(&mut st, &mut d, "pass");
    assert!(
        c(&st, 0).has(ACTED),
        "the activation ends once the window closes"
    );
    assert_eq!(st.pending(), Pending::Activate { side: Side::B });
    // Without an open chain, ending opens no window.
    let mut st = pos();
    play_all(&mut st, &mut d, &["a1 crouch", "pass", "a1 end facing N"]);
    assert!(c(&st, 0).has(ACTED));
    assert_eq!(st.pending(), Pending::Activate { side: Side::B });
    all_dice_used(&d);
}

// ----- «Siguiente acción» across the end of an activation -----

/// Correr («CH AGI … si la siguiente acción …») and Concentrarse («para el primer CH ATR de la
/// siguiente acción») name the character's next action, not its activation's: when the
/// activation ends first, that next action may be a reaction, which gets them (RULES.md, ACCIONES).
#[test]
fn correr_and_concentrarse_reach_a_reaction_after_the_activation_ends() {
    for (first, imp) in [("b1 run 6,4", 4), ("b1 concentrate", 6)] {
        let mut st = build(
            vec![ch(&t(), &[RIFLE], (6, 8), "N").with(r#""ene":6,"status":["energised"]"#)],
            vec![ch(&t(), &[RIFLE], (6, 3), "S").with(r#""ene":8,"status":["energised"]"#)],
        )
        .acting(4, 1)
        .state();
        let mut d = ScriptedDice::new(vec![2, 9]);
        play_all(
            &mut st,
            &mut d,
            &[first, "pass", "b1 end facing S", "activate a1", "a1 guard"],
        );
        let ev = play_all(&mut st, &mut d, &["b1 react", "b1 shoot a1 w1"]);
        assert_eq!(
            check_summary(&ev),
            [("CH VOL reaction", 4, true), ("CH IMP", imp, false)],
            "{first}"
        );
        all_dice_used(&d);
    }
}
