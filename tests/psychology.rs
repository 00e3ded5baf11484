//! PSICOLOGÍA: CH PSI on wounds and its outcomes, CH LOC, stress, panic and its exit check,
//! flight, the "more enemies than VOL + allies within 5 K" count, Fanático; and the actions
//! with a CH PSI (Destrabarse).

use crate::scripted_positions::*;
use engine::state::{ACTED, PANIC, PSI_CRITICAL, UNCONSCIOUS};
use engine::*;
use std::collections::BTreeSet;

fn act(actor: CharIdx) -> Pending {
    Pending::Act { actor }
}

/// a1 (AGI 5) acting with a rifle at (6,8); b1 at (6,3) facing away, with ENE −10 so that it
/// can neither react nor flee.
fn target_practice(b1_race: &str, a1: &str, b1: &str) -> State {
    build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (6, 8), "N")
            .with(r#""ene":10"#)
            .with(a1)],
        vec![ch(b1_race, &[], (6, 3), "N").with(r#""ene":-10"#).with(b1)],
    )
    .acting(4, 0)
    .state()
}

/// The dice of a rifle hit on b1 (DEF 0): CH IMP 3, CH DEF 5: 3 wounds.
const HIT: [u8; 2] = [3, 5];

fn dice(rest: &[u8]) -> ScriptedDice {
    ScriptedDice::new([&HIT[..], rest].concat())
}

// ----- CH PSI -----

#[test]
fn wounds_force_a_ch_psi_and_a_critical_gives_atr_plus_one() {
    let mut st = target_practice(&race(5, 5, 4, 4), "", "");
    let mut d = dice(&[1]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 5, true),
            ("CH DEF", 0, false),
            ("CH PSI", 4, true)
        ]
    );
    let b1 = c(&st, 1);
    assert_eq!((b1.wounds, b1.stress), (3, 0));
    assert!(b1.has(PSI_CRITICAL));
    all_dice_used(&d);
}

#[test]
fn an_incapacitated_character_makes_no_ch_psi() {
    let mut st = target_practice(&race(3, 5, 4, 4), "", "");
    let mut d = dice(&[]);
    play(&mut st, &mut d, "a1 shoot b1");
    assert!(st.incapacitated(1));
    all_dice_used(&d);
}

#[test]
fn critical_psi_gives_atr_plus_one_until_the_end_of_the_activation() {
    let mut st = target_practice(&race(5, 5, 4, 4), r#""status":["psi_critical"]"#, "");
    // CH IMP 6 ≤ 5 + 1; CH DEF 1 (critical).
    let mut d = ScriptedDice::new(vec![6, 1]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev),
        [("CH IMP", 6, true), ("CH DEF", 0, true)]
    );
    assert!(c(&st, 0).has(PSI_CRITICAL));
    play(&mut st, &mut d, "a1 end facing N");
    assert!(!c(&st, 0).has(PSI_CRITICAL));
    all_dice_used(&d);
}

#[test]
fn failed_psi_adds_one_stress() {
    let mut st = target_practice(&race(5, 5, 4, 4), "", "");
    let mut d = dice(&[5]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        checks(&ev).last().map(|x| (x.1, x.2.pass)),
        Some(("CH PSI", false))
    );
    let b1 = c(&st, 1);
    assert_eq!((b1.stress, b1.trauma), (1, 0));
    assert!(!b1.has(PANIC));
    all_dice_used(&d);
}

#[test]
fn fumbled_psi_adds_stress_and_forces_a_ch_loc() {
    let mut st = target_practice(&race(5, 5, 4, 4), "", "");
    let mut d = dice(&[10, 4]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev)[2..],
        [("CH PSI", 4, false), ("CH LOC", 4, true)]
    );
    let b1 = c(&st, 1);
    assert_eq!((b1.stress, b1.trauma, b1.vol_loss), (1, 0, 0));
    assert!(!b1.has(PANIC));
    all_dice_used(&d);
}

#[test]
fn fumbled_psi_reaching_stress_vol_makes_a_single_ch_loc() {
    // b1 already has stress 3 of VOL 4: the fumble's +1 reaches VOL; one CH LOC, not two.
    let mut st = target_practice(&race(5, 5, 4, 4), "", r#""stress":3"#);
    let mut d = dice(&[10, 4]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev)[2..],
        [("CH PSI", 4, false), ("CH LOC", 4, true)]
    );
    assert_eq!(c(&st, 1).stress, 4);
    all_dice_used(&d);
}

#[test]
fn critical_ch_loc_charges_what_provoked_it() {
    // b1 (ENE 0, MOV 1: charge reach 4) is shot from 5 K behind; its CH PSI fumbles and the
    // CH LOC is a critical: it charges a1 at once, paying 2 ENE, to the first square in row
    // order among those in contact with the fewest steps (4): (5,7).
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (6, 8), "N").with(r#""ene":10"#)],
        vec![ch(&race(5, 5, 4, 4), &[], (6, 3), "N").with(r#""ene":0"#)],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![3, 5, 10, 1]);
    let ev = play_all(&mut st, &mut d, &["a1 shoot b1", "pass"]);
    assert_eq!(
        check_summary(&ev)[2..],
        [("CH PSI", 4, false), ("CH LOC", 4, true)]
    );
    let b1 = c(&st, 1);
    assert_eq!(b1.pos, Pos::new(5, 7));
    assert_eq!((b1.ene, b1.wounds, b1.stress), (-2, 3, 1));
    assert!(b1.has(engine::state::CHARGING) && b1.mark == 0);
    all_dice_used(&d);
}

#[test]
fn failed_ch_loc_panics_and_gains_a_malus_of_vol_minus_one() {
    // CON 8: survives two hits.
    let mut st = target_practice(&race(8, 5, 4, 4), "", "");
    let mut d = ScriptedDice::new(vec![3, 5, 10, 5, 3, 5, 4]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(check_summary(&ev)[3], ("CH LOC", 4, false));
    let b1 = c(&st, 1);
    assert!(b1.has(PANIC));
    assert_eq!((b1.stress, b1.trauma, b1.vol_loss), (1, 1, 0));
    assert_eq!(st.vol(1), 4, "the malus is not a VOL loss");
    // The malus: the next CH PSI is against 4 − 1 (4 fails).
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(check_summary(&ev)[2], ("CH PSI", 3, false));
    assert_eq!(c(&st, 1).stress, 2);
    all_dice_used(&d);
}

#[test]
fn maluses_stop_at_sixty_and_the_game_still_saves() {
    // Each failed CH LOC «gana un malus» with no limit in the text; past 60 none changes a CH
    // VOL (VOL ≤ 10, only a critical passes), so the engine keeps at most 60 of each and the
    // loader takes that many (campaign seeds 2502–2504: an 11th malus made a game unsaveable).
    let mut st = target_practice(&race(5, 5, 4, 4), "", r#""trauma":60,"vol_loss":60"#);
    let mut d = dice(&[10, 10]);
    play(&mut st, &mut d, "a1 shoot b1");
    let b1 = c(&st, 1);
    assert!(b1.has(PANIC));
    assert_eq!((b1.trauma, b1.vol_loss), (60, 60));
    assert_eq!(st.vol(1), 1);
    let back = State::from_setup(&st.to_setup(), None).expect("a game at the cap loads back");
    assert_eq!(c(&back, 1).trauma, 60);
    let mut v = st.to_setup();
    v.sides.b[0].trauma = 61;
    let e = State::from_setup(&v, None).expect_err("61 maluses are refused");
    assert!(e.to_string().contains("allowed 0..=60"), "{e}");
    all_dice_used(&d);
}

#[test]
fn fumbled_ch_loc_also_costs_one_vol_permanently() {
    let mut st = target_practice(&race(5, 5, 4, 4), "", "");
    let mut d = dice(&[10, 10]);
    play(&mut st, &mut d, "a1 shoot b1");
    let b1 = c(&st, 1);
    assert!(b1.has(PANIC));
    assert_eq!((b1.stress, b1.trauma, b1.vol_loss), (1, 1, 1));
    assert_eq!(st.vol(1), 3);
    all_dice_used(&d);
}

#[test]
fn fanatico_gains_the_malus_but_never_panics() {
    let mut st = target_practice(&race_with(5, 5, 4, 4, &["Fanático"]), "", "");
    let mut d = dice(&[10, 8]);
    play(&mut st, &mut d, "a1 shoot b1");
    let b1 = c(&st, 1);
    assert_eq!((b1.stress, b1.trauma), (1, 1));
    assert!(!b1.has(PANIC));
    all_dice_used(&d);
}

#[test]
fn fanatico_never_flees() {
    // "Nunca huirá": the target of a declared attack is offered no Huir.
    let pos = |r: &str| {
        build(
            vec![ch(&race(4, 5, 4, 4), &[PISTOL], (6, 10), "N").with(r#""ene":5"#)],
            vec![ch(r, &[], (6, 6), "N")],
        )
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![9]);
    let mut st = pos(&race(5, 5, 4, 4));
    play(&mut st, &mut d, "a1 shoot b1");
    assert!(legal(&st).iter().any(|a| a.starts_with("b1 flee")));
    let mut st = pos(&race_with(5, 5, 4, 4, &["Fanático"]));
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev),
        [("CH IMP", 5, false)],
        "no early window: shot at once"
    );
    // The window after the shot opens: b1 hears it (DAÑ 2: 4 K, at 4 K).
    assert_eq!(
        st.pending(),
        Pending::Window {
            side: Side::B,
            actor: 0,
            open: 1 << 1,
            early: false
        }
    );
    all_dice_used(&d);
}

// ----- Estrés -----

/// a1 (VOL 2) at (1,6); three enemies 6 K east facing away; a2 far off.
fn crowd(a1: &str) -> Build {
    crowd_at((1, 6), a1)
}

fn crowd_at(at: (u8, u8), a1: &str) -> Build {
    build(
        vec![
            ch(&race(6, 4, 4, 2), &[], at, "E")
                .with(r#""ene":5"#)
                .with(a1),
            ch(&race(4, 4, 4, 4), &[], (11, 0), "S").with(r#""status":["acted"]"#),
        ],
        vec![
            ch(&race(4, 4, 4, 4), &[], (7, 5), "E"),
            ch(&race(4, 4, 4, 4), &[], (7, 6), "E"),
            ch(&race(4, 4, 4, 4), &[], (7, 7), "E"),
        ],
    )
}

#[test]
fn stress_reaching_vol_ends_the_activation_and_forces_a_ch_loc() {
    let mut st = crowd(r#""stress":1"#).acting(2, 0).state();
    // Moving to 5 K of three enemies: 3 > 2 + 0, CH PSI 8 fails; stress 2 = VOL: CH LOC 2.
    let mut d = ScriptedDice::new(vec![8, 2]);
    let ev = play(&mut st, &mut d, "a1 move 2,6");
    assert_eq!(
        check_summary(&ev),
        [("CH PSI", 2, false), ("CH LOC", 2, true)]
    );
    assert_eq!(c(&st, 0).stress, 2);
    assert!(c(&st, 0).has(ACTED), "its activation is over");
    assert_ne!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn stress_reaching_vol_at_the_start_of_an_activation_ends_it() {
    let mut st = crowd_at((2, 6), r#""stress":1"#).activating(2, "A").state();
    // At (2,6), 5 K from the three: CH PSI 8 fails; stress 2 = VOL: CH LOC 2.
    let mut d = ScriptedDice::new(vec![8, 2]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(
        check_summary(&ev),
        [("CH PSI", 2, false), ("CH LOC", 2, true)]
    );
    assert!(
        c(&st, 0).has(ACTED),
        "stress = VOL: no actions this activation"
    );
    assert_ne!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn stress_reaching_vol_from_a_reaction_ends_the_actors_activation() {
    let mut st = build(
        vec![ch(&race(6, 5, 4, 2), &[], (6, 8), "N").with(r#""ene":5,"stress":1"#)],
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (6, 3), "S").with(r#""ene":5"#)],
    )
    .acting(2, 0)
    .state();
    // b1: CH VOL 2; CH IMP 2 ≤ 5 − 1 (a1 crouched beyond 3 K); a1: CH DEF 5, 3 wounds;
    // CH PSI 8 > 2: stress 2 = VOL; CH LOC 2.
    let mut d = ScriptedDice::new(vec![2, 2, 5, 8, 2]);
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react"]);
    let ev = play(&mut st, &mut d, "b1 shoot a1");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 4, true),
            ("CH DEF", 0, false),
            ("CH PSI", 2, false),
            ("CH LOC", 2, true)
        ]
    );
    assert_eq!(c(&st, 0).stress, 2);
    assert!(c(&st, 0).has(ACTED));
    assert_ne!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn stress_above_vol_is_unconsciousness_and_a_casualty() {
    let mut st = crowd(r#""stress":2"#).acting(2, 0).state();
    let mut d = ScriptedDice::new(vec![8]);
    let ev = play(&mut st, &mut d, "a1 move 2,6");
    assert_eq!(check_summary(&ev), [("CH PSI", 2, false)], "no CH LOC");
    let a1 = c(&st, 0);
    assert_eq!(a1.stress, 3);
    assert!(a1.has(UNCONSCIOUS));
    assert!(st.casualty(0));
    assert_ne!(st.pending(), act(0));
    assert_eq!(
        engine::scenario::scoring::casualty_points(&st, Side::A),
        st.info(0).cost
    );
    all_dice_used(&d);
}

#[test]
fn starting_an_activation_with_stress_equal_to_vol_forces_a_ch_loc() {
    let mut st = build(
        vec![ch(&race(4, 4, 4, 3), &[], (5, 1), "S").with(r#""stress":3"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 10), "N")],
    )
    .activating(3, "A")
    .state();
    let mut d = ScriptedDice::new(vec![5]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(check_summary(&ev), [("CH LOC", 3, false)]);
    let a1 = c(&st, 0);
    assert!(a1.has(PANIC));
    assert_eq!(a1.trauma, 1);
    // Starting with stress = VOL does not end the activation.
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn stress_reaching_vol_in_the_early_window_stops_the_declared_action() {
    // a1 (VOL 4, stress 3) declares a shot at b1; b1 reacts early and wounds it.
    let mut st = build(
        vec![ch(&race(4, 4, 4, 4), &[RIFLE, KNIFE], (3, 1), "S").with(r#""ene":8,"stress":3"#)],
        vec![ch(&race(4, 4, 4, 4), &[PISTOL], (3, 5), "N").with(r#""ene":5"#)],
    )
    .acting(4, 0)
    .state();
    // b1: CH VOL 2; CH IMP 2 ≤ 4 − 1 (early); a1: CH DEF 9, 2 wounds; CH PSI 8 > 4: stress
    // 4 = VOL; CH LOC 3. «Si estrés=VOL: fin de la actuación»: the declared shot is not made.
    let mut d = ScriptedDice::new(vec![2, 2, 9, 8, 3]);
    play_all(&mut st, &mut d, &["a1 shoot b1", "b1 react"]);
    let ev = play(&mut st, &mut d, "b1 shoot a1");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 3, true),
            ("CH DEF", 0, false),
            ("CH PSI", 4, false),
            ("CH LOC", 4, true)
        ]
    );
    // b1, the target, may still flee; B passes.
    let ev = play(&mut st, &mut d, "pass");
    assert!(checks(&ev).is_empty(), "no CH IMP for a1: {ev:?}");
    assert!(ev.contains(&Event::Status {
        who: 0,
        text: "ends its activation before its declared action"
    }));
    let a1 = c(&st, 0);
    assert_eq!((a1.wounds, a1.stress, a1.ene), (2, 4, 8));
    assert!(a1.has(ACTED));
    assert_eq!(c(&st, 1).wounds, 0);
    assert_eq!(st.pending(), Pending::Activate { side: Side::B });
    all_dice_used(&d);
}

/// a1 (VOL 4, stress 0, ENE 8) with a rifle at (3,1) facing b1, 4 K south with a pistol.
fn early_duel() -> State {
    build(
        vec![ch(&race(4, 4, 4, 4), &[RIFLE, KNIFE], (3, 1), "S").with(r#""ene":8"#)],
        vec![ch(&race(4, 4, 4, 4), &[PISTOL], (3, 5), "N").with(r#""ene":5"#)],
    )
    .acting(4, 0)
    .state()
}

#[test]
fn failed_psi_from_an_early_reaction_fails_the_declared_action() {
    // a1 declares a shot at b1; b1 reacts early (CH VOL 2, CH IMP 2 ≤ 4 − 1) and wounds it
    // (CH DEF 9: 2 wounds); a1's CH PSI 8 > 4 fails: «falla la acción y +1 estrés».
    let mut st = early_duel();
    let mut d = ScriptedDice::new(vec![2, 2, 9, 8]);
    play_all(&mut st, &mut d, &["a1 shoot b1", "b1 react", "b1 shoot a1"]);
    let ev = play(&mut st, &mut d, "pass");
    // The shot is taken and fails: no CH IMP, its 2 ENE spent, an action of the activation.
    assert!(checks(&ev).is_empty(), "no CH IMP for a1: {ev:?}");
    assert!(ev.contains(&Event::Status {
        who: 0,
        text: "fails its declared action (failed CH PSI)"
    }));
    let a1 = c(&st, 0);
    assert_eq!((a1.wounds, a1.stress, a1.ene), (2, 1, 6));
    assert_eq!(c(&st, 1).wounds, 0);
    assert_eq!(st.activation().actions, 1);
    // The window after the action: b1 in bullet time.
    assert!(matches!(
        st.pending(),
        Pending::Window {
            actor: 0,
            early: false,
            ..
        }
    ));
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    assert!(!is_legal(&st, "a1 wait"), "an action was taken");
    all_dice_used(&d);

    // The same with a passed CH PSI (4): the shot resolves (CH IMP 4 ≤ 4, CH DEF 9: 3 wounds).
    let mut st = early_duel();
    let mut d = ScriptedDice::new(vec![2, 2, 9, 4, 4, 9, 4]);
    play_all(&mut st, &mut d, &["a1 shoot b1", "b1 react", "b1 shoot a1"]);
    let ev = play(&mut st, &mut d, "pass");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 4, true),
            ("CH DEF", 0, false),
            ("CH PSI", 4, true)
        ]
    );
    assert_eq!(c(&st, 1).wounds, 3);
    assert_eq!(c(&st, 0).ene, 6);
    all_dice_used(&d);
}

#[test]
fn stress_above_a_vol_lowered_by_a_fumbled_ch_loc_is_unconsciousness() {
    // b1 (VOL 4, stress 3) is wounded: CH PSI 5 fails, stress 4 = VOL: CH LOC 10, a fumble:
    // «VOL-1 permanente». Stress 4 > VOL 3: «Si estrés > VOL: inconsciente».
    let mut st = target_practice(&race(5, 5, 4, 4), "", r#""stress":3"#);
    let mut d = dice(&[5, 10]);
    let ev = play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(
        check_summary(&ev)[2..],
        [("CH PSI", 4, false), ("CH LOC", 4, false)]
    );
    let b1 = c(&st, 1);
    assert_eq!((b1.stress, b1.vol_loss, b1.trauma), (4, 1, 1));
    assert_eq!(st.vol(1), 3);
    assert!(b1.has(UNCONSCIOUS));
    assert!(st.casualty(1));
    all_dice_used(&d);
}

#[test]
fn stress_equal_to_a_vol_lowered_by_a_fumbled_ch_loc_ends_the_activation_and_forces_a_ch_loc() {
    let mut st = build(
        vec![ch(&race(6, 5, 4, 4), &[], (6, 8), "N").with(r#""ene":5,"stress":2"#)],
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (6, 3), "S").with(r#""ene":5"#)],
    )
    .acting(4, 0)
    .state();
    // b1 reacts to a1's crouch: CH VOL 2; CH IMP 2 ≤ 5 − 1; a1: CH DEF 5, 3 wounds; CH PSI 10,
    // a fumble: stress 3 (VOL 4) and CH LOC 10, a fumble: panic, a malus, VOL 3. Stress 3 now
    // equals VOL: the activation ends and a CH LOC 2 ≤ 3 − 1 (the malus).
    let mut d = ScriptedDice::new(vec![2, 2, 5, 10, 10, 2]);
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react"]);
    let ev = play(&mut st, &mut d, "b1 shoot a1");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 4, true),
            ("CH DEF", 0, false),
            ("CH PSI", 4, false),
            ("CH LOC", 4, false),
            ("CH LOC", 2, true)
        ]
    );
    let a1 = c(&st, 0);
    assert_eq!((a1.stress, a1.vol_loss, a1.trauma), (3, 1, 1));
    assert!(a1.has(PANIC));
    assert!(!st.casualty(0));
    assert!(a1.has(ACTED), "stress = VOL: its activation is over");
    assert_ne!(st.pending(), act(0));
    all_dice_used(&d);
}

// ----- Pánico -----

#[test]
fn panic_gives_ch_atr_minus_one() {
    // a1 pushes b1: CH IMP 3, then CH CON ENF: a1 5 ≤ 5, b1 5 against CON 5 (− 1 in panic).
    let pos = |status: &str| {
        build(
            vec![ch(&race(5, 5, 4, 4), &[], (5, 5), "S").with(r#""ene":5"#)],
            vec![ch(&race(5, 5, 4, 4), &[], (5, 6), "N").with(status)],
        )
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![3, 5, 5]);
    let mut st = pos(r#""status":["panic"]"#);
    let ev = play(&mut st, &mut d, "a1 push b1");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 5, true),
            ("CH ENF", 5, true),
            ("CH ENF", 4, false)
        ]
    );
    assert_eq!(c(&st, 1).pos, sq(5, 7), "pushed 1 K");
    all_dice_used(&d);
    // Calm, the same 5 passes and the tie goes to the defender.
    let mut d = ScriptedDice::new(vec![3, 5, 5]);
    let mut st = pos("");
    // Calm, b1 may react to the declared push: it lets it be.
    play_all(&mut st, &mut d, &["a1 push b1", "pass"]);
    assert_eq!(c(&st, 1).pos, sq(5, 6));
    all_dice_used(&d);
}

/// a1 (VOL 3) in panic at (2,2) with allies: a2 calm at 2 K, a3 calm at 5 K, a4 in panic at
/// 2 K, a5 calm at 6 K, a6 a casualty at 1 K.
fn panicked_among_allies() -> State {
    let r = race(4, 4, 4, 3);
    build(
        vec![
            ch(&r, &[], (2, 2), "S").with(r#""status":["panic"]"#),
            ch(&r, &[], (4, 2), "S"),
            ch(&r, &[], (7, 2), "S"),
            ch(&r, &[], (2, 4), "S").with(r#""status":["panic"]"#),
            ch(&r, &[], (8, 2), "S"),
            ch(&r, &[], (3, 3), "S").with(r#""wounds":4"#),
        ],
        vec![ch(&race(4, 4, 4, 4), &[], (2, 11), "N")],
    )
    .activating(3, "A")
    .state()
}

#[test]
fn leaving_panic_is_a_ch_vol_plus_one_per_calm_ally_within_5k() {
    let mut st = panicked_among_allies();
    let mut d = ScriptedDice::new(vec![5]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(check_summary(&ev), [("CH VOL panic", 5, true)]);
    assert!(!c(&st, 0).has(PANIC));
    assert!(is_legal(&st, "a1 crouch"));
    all_dice_used(&d);

    let mut st = panicked_among_allies();
    let mut d = ScriptedDice::new(vec![6]);
    play(&mut st, &mut d, "activate a1");
    assert!(c(&st, 0).has(PANIC));
    assert!(!is_legal(&st, "a1 crouch"));
    all_dice_used(&d);
}

#[test]
fn a_panicked_character_must_flee_while_it_can() {
    // b1 3 K south; side A deploys on rows 0–1. Correr is 2 K.
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (5, 5), "S").with(r#""ene":2,"status":["panic"]"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 8), "N")],
    )
    .acting(4, 0)
    .state();
    let got: BTreeSet<String> = legal(&st).into_iter().collect();
    // «Un Pj en pánico siempre huye»: only runs farther than 3 K from b1 and nearer the
    // deployment zone (rows 3–4, columns 3–7); it may not end its activation instead.
    let mut want = BTreeSet::new();
    for y in 3..=4 {
        for x in 3..=7 {
            want.insert(format!("a1 run {x},{y}"));
        }
    }
    assert_eq!(got, want);
    // With no ENE left for another flight, ending is all it can do.
    let mut d = ScriptedDice::new(vec![]);
    play_all(&mut st, &mut d, &["a1 run 5,3", "pass"]);
    assert_eq!(c(&st, 0).ene, 0);
    assert_eq!(legal(&st), ends("a1"));
    all_dice_used(&d);
}

#[test]
fn a_panicked_character_that_cannot_flee_may_only_end_or_stand_up() {
    // Prone: it cannot run; it may stand up (then flee) or end.
    let st = build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (5, 5), "S")
            .with(r#""ene":3,"status":["panic"],"stance":"prone""#)],
        vec![ch(&race(4, 4, 4, 4), &[], (5, 8), "N")],
    )
    .acting(4, 0)
    .state();
    let mut want = ends("a1");
    want.extend(["a1 stand".to_string(), "a1 stand +".to_string()]);
    assert_eq!(sorted(legal(&st)), sorted(want));
    // Standing, in a corner with no square farther from b1: only ending.
    let st = build(
        vec![ch(&race(4, 5, 4, 4), &[RIFLE], (0, 0), "S").with(r#""ene":3,"status":["panic"]"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (2, 2), "N")],
    )
    .acting(4, 0)
    .state();
    assert_eq!(legal(&st), ends("a1"));
}

fn ends(who: &str) -> Vec<String> {
    ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        .iter()
        .map(|f| format!("{who} end facing {f}"))
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn a_panicked_character_cannot_react() {
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[], (6, 8), "N").with(r#""ene":5"#)],
        vec![ch(&race(4, 4, 4, 4), &[], (6, 3), "S").with(r#""status":["panic"]"#)],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![]);
    play(&mut st, &mut d, "a1 crouch");
    assert_eq!(st.pending(), act(0));
}

// ----- Más enemigos que VOL + aliados a 5 K -----

#[test]
fn outnumbered_at_the_start_of_an_activation_makes_a_ch_psi() {
    // a1 VOL 2 at (2,6): three enemies at 5 K.
    let start = |a1: (u8, u8), ally: Option<(u8, u8)>, far: bool| {
        let mut a = vec![ch(&race(4, 4, 4, 2), &[], a1, "E")];
        if let Some(p) = ally {
            a.push(ch(&race(4, 4, 4, 4), &[], p, "E").with(r#""status":["acted"]"#));
        }
        let x3 = if far { 8 } else { 7 };
        build(
            a,
            vec![
                ch(&race(4, 4, 4, 4), &[], (7, 5), "E"),
                ch(&race(4, 4, 4, 4), &[], (7, 6), "E"),
                ch(&race(4, 4, 4, 4), &[], (x3, 7), "E"),
            ],
        )
        .activating(2, "A")
        .state()
    };
    // 3 > 2 + 0: CH PSI (2, passed).
    let mut st = start((2, 6), None, false);
    let mut d = ScriptedDice::new(vec![2]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert_eq!(check_summary(&ev), [("CH PSI", 2, true)]);
    all_dice_used(&d);
    // One ally at 5 K: 3 > 2 + 1 is false.
    let mut st = start((2, 6), Some((2, 1)), false);
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "activate a1");
    assert!(checks(&ev).is_empty());
    all_dice_used(&d);
    // The third enemy at 6 K does not count: 2 > 2 is false.
    let mut st = start((2, 6), None, true);
    let ev = play(&mut st, &mut d, "activate a1");
    assert!(checks(&ev).is_empty());
    all_dice_used(&d);
}

#[test]
fn outnumbered_after_its_own_movement_makes_a_ch_psi() {
    let mut d = ScriptedDice::new(vec![1]);
    // Away from the crowd: no check.
    let mut st = crowd("").acting(2, 0).state();
    let ev = play(&mut st, &mut d, "a1 move 0,6");
    assert!(checks(&ev).is_empty());
    // Into 5 K of the three: CH PSI, here a critical.
    let mut st = crowd("").acting(2, 0).state();
    let ev = play(&mut st, &mut d, "a1 move 2,6");
    assert_eq!(check_summary(&ev), [("CH PSI", 2, true)]);
    assert!(c(&st, 0).has(PSI_CRITICAL));
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

// ----- Destrabarse (2, PSI) -----

#[test]
fn destrabarse_failed_psi_adds_stress_and_the_nearest_enemy_strikes_with_imp_plus_one() {
    let mut st = build(
        vec![ch(&race(4, 5, 4, 4), &[KNIFE], (5, 5), "S").with(r#""ene":5"#)],
        vec![ch(&race(4, 5, 4, 4), &[KNIFE], (5, 6), "N")],
    )
    .acting(4, 0)
    .state();
    // a1: CH PSI 8 > 4. b1: CH IMP 6 ≤ 5 + 1. a1: CH DEF 5 > 0, DAÑ 1 + 4 − 4 = 1 wound;
    // CH PSI 2 for the wound.
    let mut d = ScriptedDice::new(vec![8, 6, 5, 2]);
    let ev = play(&mut st, &mut d, "a1 disengage 5,3");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH PSI", 4, false),
            ("CH IMP", 6, true),
            ("CH DEF", 0, false),
            ("CH PSI", 4, true)
        ]
    );
    let a1 = c(&st, 0);
    assert_eq!((a1.pos, a1.stress, a1.wounds, a1.ene), (sq(5, 5), 1, 1, 3));
    assert_eq!(c(&st, 1).ene, 0, "the free attack costs no ENE");
    all_dice_used(&d);
}

#[test]
fn destrabarse_is_free_when_its_side_outnumbers_the_melee() {
    let mut st = build(
        vec![
            ch(&race(4, 5, 4, 4), &[KNIFE], (5, 5), "S").with(r#""ene":5"#),
            ch(&race(4, 5, 4, 4), &[KNIFE], (6, 5), "S"),
        ],
        vec![ch(&race(4, 5, 4, 4), &[KNIFE], (5, 6), "S")],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![]);
    let ev = play(&mut st, &mut d, "a1 disengage 5,3");
    assert!(checks(&ev).is_empty());
    assert_eq!(c(&st, 0).pos, sq(5, 3));
    assert_eq!(c(&st, 0).ene, 3);
    all_dice_used(&d);
}
