//! ACCIONES GENÉRICAS (Apoyar, Concentrarse, Curar, Esconderse, Percibir, En guardia), the
//! stance actions, and the traits that act on them (Mente centrada, Profesión sabio, Profesión
//! bárbaro, Fanático, Ansia de sangre), with scripted dice and exact check targets.

use crate::build::*;
use engine::state::*;
use engine::State;

/// a1 (`a`) on (5, 1) with ENE 10; b1 on (5, 6) facing S (away).
fn vs(a: C, b: C) -> State {
    position(
        &open(11, 10),
        &[a.set("at", [5, 1]).set("ene", 10)],
        &[b.set("at", [5, 6]).facing("S")],
        0,
    )
}

fn archer() -> C {
    C::std(0, 0).weapon(bow())
}

#[test]
fn stance_actions_cost_one() {
    let mut st = vs(C::std(0, 0), C::std(0, 0));
    let log = play(&mut st, &["a1 crouch"], &[]);
    assert_eq!((st.ch(0).stance, spent(&log)), (Stance::Crouched, vec![1]));
    let log = play(&mut st, &["a1 prone"], &[]);
    assert_eq!((st.ch(0).stance, spent(&log)), (Stance::Prone, vec![1]));
    let log = play(&mut st, &["a1 stand"], &[]);
    assert_eq!((st.ch(0).stance, spent(&log)), (Stance::Standing, vec![1]));
}

#[test]
fn apoyar_gives_the_ally_plus_one_on_its_next_ch_atr() {
    let a = [C::std(2, 2), C::std(3, 2).weapon(bow())];
    let b = [C::std(3, 8).facing("S").status("acted")];
    let mut st = load(&setup_json(&open(8, 10), &a, &b, 0, 4));
    let log = play(
        &mut st,
        &[
            "a1 support a2",
            "a1 end facing N",
            "activate a2",
            "a2 shoot b1 w1",
            "pass",
            "a2 shoot b1 w1",
            "pass",
        ],
        &[9, 9],
    );
    assert_eq!(spent(&log), [3, 2, 2]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP 6 r9", "a2 CH IMP 5 r9"]);
    // Only an ally within 2 K.
    let a = [C::std(2, 2), C::std(5, 2)];
    let st = load(&setup_json(&open(8, 10), &a, &b, 0, 4));
    assert!(!legal(&st, "a1 support a2"));
}

#[test]
fn apoyar_lasts_until_the_allys_next_ch_atr() {
    // «CH ATR +1 a un aliado»: an action without a CH ATR (Agacharse) does not spend it; the
    // ally's next CH ATR (its CH IMP) does.
    let a = [C::std(2, 2), C::std(3, 2).weapon(bow())];
    let b = [C::std(3, 8).facing("S").status("acted")];
    let mut st = load(&setup_json(&open(8, 10), &a, &b, 0, 4));
    play(
        &mut st,
        &[
            "a1 support a2",
            "a1 end facing N",
            "activate a2",
            "a2 crouch",
        ],
        &[],
    );
    assert_eq!(st.ch(1).support, 1, "kept through an action with no CH ATR");
    let log = play(
        &mut st,
        &["a2 shoot b1 w1", "pass", "a2 shoot b1 w1", "pass"],
        &[9, 9],
    );
    // CH IMP 5, + 1 crouched at range, + 1 Apoyar on the first shot only.
    assert_eq!(checks(&st, &log), ["a2 CH IMP 7 r9", "a2 CH IMP 6 r9"]);
    assert_eq!(spent(&log), [2, 2]);
    assert_eq!(st.ch(1).support, 0);
}

#[test]
fn concentrarse_plus_one_per_consecutive_use_on_the_next_action() {
    let mut st = vs(archer(), C::std(0, 0));
    let log = play(
        &mut st,
        &[
            "a1 concentrate",
            "a1 concentrate",
            "a1 shoot b1 w1",
            "pass",
            "a1 shoot b1 w1",
            "pass",
        ],
        &[9, 9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 7 r9", "a1 CH IMP 5 r9"]);
    assert_eq!(spent(&log), [2, 2, 2, 2]);
}

#[test]
fn concentrarse_is_at_most_plus_three() {
    let mut st = vs(archer(), C::std(0, 0));
    play(
        &mut st,
        &["a1 concentrate", "a1 concentrate", "a1 concentrate"],
        &[],
    );
    assert!(!legal(&st, "a1 concentrate"));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 8 r9"]);
}

#[test]
fn trait_mente_centrada_plus_two_per_concentrarse() {
    let centred = || C::new(race_t(4, 5, 4, 4, &["Mente centrada"]), 0, 0).weapon(bow());
    let mut st = vs(centred(), C::std(0, 0));
    let log = play(&mut st, &["a1 concentrate", "a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 7 r9"]);
    let mut st = vs(centred(), C::std(0, 0));
    let log = play(
        &mut st,
        &["a1 concentrate", "a1 concentrate", "a1 shoot b1 w1", "pass"],
        &[9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 8 r9"], "capped at +3");
}

#[test]
fn concentrarse_reaches_only_the_first_check_of_the_very_next_action() {
    // A gun in melee rolls two CH IMP: only the first has the bonus.
    let a = [archer().set("at", [5, 5])];
    let b = [C::std(5, 6).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 concentrate", "a1 melee b1 w1"], &[3, 6]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r3", "a1 CH IMP 5 r6"]);
    // Another action in between loses it.
    let mut st = vs(archer(), C::std(0, 0));
    let log = play(
        &mut st,
        &["a1 concentrate", "a1 guard", "a1 shoot b1 w1", "pass"],
        &[9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

/// a1 (`a`) on (5, 5) next to its ally a2 (`a2`) on (6, 5); b1 far away.
fn medic(a: C, a2: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 5]), a2.set("at", [6, 5])],
        &[C::std(0, 11).facing("S")],
        0,
    )
}

#[test]
fn curar_pass_critical_fail_fumble() {
    for (die, wounds, extra) in [(3, 1, None), (1, 0, None), (7, 3, Some(2)), (10, 5, None)] {
        let mut st = medic(C::std(0, 0), C::std(0, 0).set("wounds", 2));
        let dice: Vec<u8> = std::iter::once(die).chain(extra).collect();
        let log = play(&mut st, &["a1 heal a2"], &dice);
        let mut want = vec![format!("a1 CH INT heal 4 r{die}")];
        if let Some(e) = extra {
            want.push(format!("a2 CH PSI 4 r{e}"));
        }
        assert_eq!(checks(&st, &log), want);
        assert_eq!(st.ch(1).wounds, wounds, "die {die}");
        assert_eq!(spent(&log), [3]);
    }
    // The fumble killed it: 2 + 3 = 5 > CON 4.
    let mut st = medic(C::std(0, 0), C::std(0, 0).set("wounds", 2));
    play(&mut st, &["a1 heal a2"], &[10]);
    assert!(st.dead(1));
}

#[test]
fn curar_targets_and_profesion_sabio() {
    // Self, or an ally in contact, that is hurt.
    let st = medic(C::std(0, 0).set("wounds", 1), C::std(0, 0));
    assert!(legal(&st, "a1 heal a1"));
    assert!(!legal(&st, "a1 heal a2"), "not hurt");
    let st = position(
        &open(11, 12),
        &[C::std(5, 5), C::std(7, 5).set("wounds", 1)],
        &[C::std(0, 11).facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 heal a2"), "2 K away");
    // Profesión sabio: CH INT + 1.
    let sage = C::new(race_t(4, 5, 4, 4, &["Profesión sabio"]), 0, 0);
    let mut st = medic(sage, C::std(0, 0).set("wounds", 2));
    let log = play(&mut st, &["a1 heal a2"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH INT heal 5 r5"]);
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn curar_wakes_a_knocked_out_ally() {
    let mut st = medic(C::std(0, 0), C::std(0, 0).status("knocked_out"));
    assert!(!st.able(1));
    let log = play(&mut st, &["a1 heal a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT heal 4 r3"]);
    assert!(!st.ch(1).has(KNOCKED_OUT) && st.able(1));
}

/// a1 (`a`) on (4, 1); b1 (`b`) on (4, 6) facing S, a low obstacle beside it on (3, 6).
fn hideout(a: C, b: C) -> State {
    let mut board = open(9, 9);
    board[6] = "...o.....".into();
    position(
        &board,
        &[a.set("at", [4, 1])],
        &[b.set("at", [4, 6]).facing("S")],
        0,
    )
}

#[test]
fn esconderse_needs_cover_in_contact() {
    let mut board = open(9, 9);
    board[6] = "...o.....".into();
    let b = [C::std(8, 8).facing("S")];
    let mut st = position(&board, &[C::std(4, 5)], &b, 0);
    let log = play(&mut st, &["a1 hide"], &[]);
    assert!(st.ch(0).has(HIDDEN));
    assert_eq!(spent(&log), [2]);
    let st = position(&board, &[C::std(4, 2)], &b, 0);
    assert!(!legal(&st, "a1 hide"));
}

#[test]
fn esconderse_enemies_need_a_ch_int_enf_to_act_on_it() {
    // The attacker loses: the target stays hidden, the ENE is spent.
    let mut st = hideout(archer(), C::std(0, 0).status("hidden"));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5, 3]);
    assert_eq!(checks(&st, &log), ["a1 CH ENF 4 r5", "b1 CH ENF 4 r3"]);
    assert!(statuses(&st, &log).contains(&"b1 stays hidden".to_string()));
    assert!(st.ch(1).has(HIDDEN));
    assert_eq!(spent(&log), [2]);
    // It wins: found, then the normal CH IMP.
    let mut st = hideout(archer(), C::std(0, 0).status("hidden"));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[2, 3, 9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH ENF 4 r2", "b1 CH ENF 4 r3", "a1 CH IMP 5 r9"]
    );
    assert!(!st.ch(1).has(HIDDEN));
    // Attacking loses one's own hiding.
    let mut st = hideout(archer().status("hidden"), C::std(0, 0));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert!(!st.ch(0).has(HIDDEN));
}

#[test]
fn percibir_reveals_hidden_enemies_within_int() {
    let mut st = position(
        &open(9, 9),
        &[C::std(4, 1)],
        &[C::std(4, 5).status("hidden").facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 perceive"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 4 r3"]);
    assert_eq!(spent(&log), [2]);
    assert!(!st.ch(1).has(HIDDEN));
    // Failed: still hidden.
    let mut st = position(
        &open(9, 9),
        &[C::std(4, 1)],
        &[C::std(4, 5).status("hidden").facing("S")],
        0,
    );
    play(&mut st, &["a1 perceive"], &[5]);
    assert!(st.ch(1).has(HIDDEN));
    // Beyond INT K there is nothing to perceive.
    let st = position(
        &open(9, 9),
        &[C::std(4, 1)],
        &[C::std(4, 6).status("hidden").facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 perceive"));
}

#[test]
fn en_guardia_is_lost_on_any_other_action() {
    let mut st = vs(C::std(0, 0), C::std(0, 0));
    let log = play(&mut st, &["a1 guard"], &[]);
    assert!(st.ch(0).has(GUARD));
    assert_eq!(spent(&log), [2]);
    assert!(!legal(&st, "a1 guard"));
    play(&mut st, &["a1 crouch"], &[]);
    assert!(!st.ch(0).has(GUARD));
}

#[test]
fn en_guardia_gives_plus_two_to_the_next_reaction_ch_vol() {
    let acts = ["a1 shoot b1 w1", "b1 react", "b1 hold", "pass", "pass"];
    let b = || C::std(4, 6).facing("N");
    let a = || [archer().set("at", [4, 1])];
    let mut st = position(&open(9, 9), &a(), &[b().status("guard")], 0);
    let log = play(&mut st, &acts, &[6, 9]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH VOL reaction 6 r6", "a1 CH IMP 5 r9"]
    );
    assert!(!st.ch(1).has(GUARD), "spent");
    // Without it the same 6 fails; that was b1's reaction to the shot, so no window after it.
    let acts = ["a1 shoot b1 w1", "b1 react", "pass"];
    let mut st = position(&open(9, 9), &a(), &[b()], 0);
    let log = play(&mut st, &acts, &[6, 9]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH VOL reaction 4 r6", "a1 CH IMP 5 r9"]
    );
}

#[test]
fn trait_profesion_barbaro_plus_one_ch_con() {
    let a = [C::new(race_t(4, 5, 4, 4, &["Profesión bárbaro"]), 5, 5)];
    let b = [C::std(5, 6).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 push b1"], &[3, 5, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a1 CH ENF 5 r5", "b1 CH ENF 4 r6"]
    );
    assert_eq!(st.ch(1).pos, sq(5, 7));
}

#[test]
fn trait_fanatico_gains_the_malus_but_never_panics() {
    for (traits, panics) in [(&["Fanático"][..], false), (&[][..], true)] {
        let b = C::new(race_t(4, 5, 4, 4, traits), 0, 0);
        let mut st = vs(archer(), b);
        // Wounded, a fumbled CH PSI (+1 stress), then a failed CH LOC. (A fanatic never
        // flees: no Huir window opens before the shot.)
        let acts: &[&str] = if panics {
            &["a1 shoot b1 w1", "pass"]
        } else {
            &["a1 shoot b1 w1"]
        };
        let log = play(&mut st, acts, &[3, 5, 10, 8]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP 5 r3",
                "b1 CH DEF 0 r5",
                "b1 CH PSI 4 r10",
                "b1 CH LOC 4 r8"
            ]
        );
        assert_eq!((st.ch(1).stress, st.ch(1).trauma), (1, 1));
        assert_eq!(st.ch(1).has(PANIC), panics, "{traits:?}");
    }
}

#[test]
fn trait_ansia_de_sangre_always_charges_if_it_can() {
    let berserk = || C::new(race_t(4, 5, 4, 4, &["Ansia de sangre"]), 5, 1).weapon(sword());
    let st = position(&open(11, 12), &[berserk()], &[C::std(5, 5).facing("S")], 0);
    let acts = all_legal(&st);
    assert!(!acts.is_empty());
    assert!(acts.iter().all(|s| s.contains(" charge b1 ")), "{acts:?}");
    // Out of reach of a charge: free to do anything.
    let st = position(&open(11, 12), &[berserk()], &[C::std(5, 9).facing("S")], 0);
    assert!(legal(&st, "a1 move 5,2") && legal(&st, "a1 end facing N"));
}
