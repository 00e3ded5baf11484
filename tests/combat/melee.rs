//! ACCIONES DE COMBATE / Atacar CaC with scripted dice (conventions: see the parent module).

use super::*;

// ----- Atacar CaC -----

#[test]
fn melee_damage_is_weapon_plus_con_minus_four_minus_wounds() {
    // CON 6, 1 wound, weapon DAÑ 2: 2 + 6 − 4 − 1 = 3.
    let a = C::new(race(6, 5, 4, 4), 0, 0)
        .weapon(sword())
        .set("wounds", 1);
    let mut st = in_contact(a, C::new(race(5, 5, 4, 4), 0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r7", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 3);
    // CON 2, weapon DAÑ 1: 1 + 2 − 4 = −1 → minimum 1.
    let a = C::new(race(2, 5, 4, 4), 0, 0).weapon(weapon(1, 1, 0, 2, &[]));
    let mut st = in_contact(a, C::std(0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn unarmed_is_con_minus_four_at_most_one_wound_plus_one_on_critical() {
    let a = || C::new(race(7, 5, 4, 4), 0, 0); // DAÑ 7 − 4 = 3
    let b = || C::new(race(5, 5, 4, 4), 0, 0);
    let mut st = in_contact(a(), b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r7", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 1, "DAÑ 3 but at most 1 wound");
    assert_eq!(spent(&log), [1]);
    let mut st = in_contact(a(), b());
    play(&mut st, &["a1 unarmed b1"], &[1, 7, 3]);
    assert_eq!(st.ch(1).wounds, 2, "critical: DAÑ 4, at most 1 + 1 wounds");
}

/// «Ataque CaC sin armas … Como "ataque CaC", pero DAÑ=CON-4»: the unarmed DAÑ replaces «DAÑ del
/// arma + CON − 4» and keeps the rest of the melee formula (MODIFICADORES, DAÑ en CaC: «− heridas
/// sufridas (mínimo 1)»), so the attacker's wounds lower it, down to 1.
#[test]
fn unarmed_damage_is_lowered_by_the_attackers_wounds() {
    // CON 7: DAÑ 3; b1 passes its CH DEF (DEF 2): 3 − 2 = 1 wound.
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    let mut st = in_contact(C::new(race(7, 5, 4, 4), 0, 0), b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 2, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 2 r2", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 1);
    // With 2 wounds: DAÑ 7 − 4 − 2 = 1, and the passed CH DEF leaves 1 − 2 → no wound.
    let a = C::new(race(7, 5, 4, 4), 0, 0).set("wounds", 2);
    let mut st = in_contact(a, b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r4", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
    // CON 5 with 3 wounds: 5 − 4 − 3 = −2 → minimum 1; b1 fails its CH DEF: 1 wound.
    let a = C::new(race(5, 5, 4, 4), 0, 0).set("wounds", 3);
    let mut st = in_contact(a, b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 2 r7", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 1);
}

/// ACCIONES DE COMBATE, «Ataque CaC sin armas (1, AGI)»: the unarmed CH IMP is a CH AGI, so the
/// CH AGI traits reach it like an armed one's — Profesión acróbata +1, Muy torpe −1, and Élite
/// combate («Puede repetir CH AGI») re-rolls a failed one.
#[test]
fn unarmed_hit_check_is_a_ch_agi_for_agi_traits_and_rerolls() {
    let b = || C::std(0, 0);
    for (t, imp) in [("Profesión acróbata", 6), ("Muy torpe", 4)] {
        let a = C::new(race_t(4, 5, 4, 4, &[t]), 0, 0);
        let mut st = in_contact(a, b());
        let log = play(&mut st, &["a1 unarmed b1"], &[9]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {imp} r9")], "{t}");
    }
    // Élite combate: the failed CH IMP (9) is re-rolled (3) and the second roll stands.
    let a = C::new(race_t(4, 5, 4, 4, &["Élite combate"]), 0, 0);
    let mut st = in_contact(a, b());
    let log = play(&mut st, &["a1 unarmed b1"], &[9, 3, 7, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r7", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn gun_in_melee_needs_a_second_hit_check() {
    let mut st = in_contact(shooter(), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 6]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "a1 CH IMP 5 r6"]);
    assert_eq!(st.ch(1).wounds, 0);
    let mut st = in_contact(shooter(), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 4, 7, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r7",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 2, "DAÑ 2 + CON 4 − 4");
}

/// «Ataque CaC con arma de disparo (X, AGI) Como "ataque CaC", pero si pasa el CH IMP, deberá pasar
/// un segundo CH IMP»: the gun is fired at point-blank range (its DAÑ, a second CH IMP like a shot
/// into a melee), so a gun with Cargadores spends a round, and an empty one cannot make it.
#[test]
fn gun_in_melee_spends_ammo_and_an_empty_magazine_cannot_fire() {
    // ENE 2, DAÑ 3, ALC 10, Cargadores (1).
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &["Cargadores (1)"]))
        .set("ene", 10);
    let mut st = in_contact(a, C::std(0, 0));
    assert!(legal(&st, "a1 melee b1 w1"));
    // The gun is fired, so it is heard (DAÑ 3: 6 K) by b1 and b2: a window opens.
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
    assert_eq!(st.ch(0).ammo[0], 0, "the missed shot spent the round");
    assert!(!legal(&st, "a1 melee b1 w1"), "empty magazine");
    assert!(legal(&st, "a1 unarmed b1"));
    play(&mut st, &["a1 reload w1"], &[]);
    assert!(legal(&st, "a1 melee b1 w1"), "reloaded");
}

#[test]
fn melee_stance_modifiers() {
    for (sa, sb, t) in [
        ("crouched", "standing", 4),
        ("prone", "standing", 3),
        ("standing", "crouched", 6),
        ("standing", "prone", 7),
        ("prone", "prone", 5),
    ] {
        let mut st = in_contact(fighter().stance(sa), C::std(0, 0).stance(sb));
        let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {t} r9")],
            "{sa} {sb}"
        );
    }
}

#[test]
fn numerical_superiority_in_melee() {
    // a1 and a2 both in contact with b1: 2 against 1 → +1.
    let a = [C::std(5, 5).weapon(sword()), C::std(6, 5).facing("S")];
    let mut st = position(&open(11, 12), &a, &[C::std(5, 6).facing("S")], 0);
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
    // b2 in contact with a1: 2 against 2 → nothing.
    let b = [C::std(5, 6).facing("S"), C::std(4, 4).facing("NW")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn charge_gives_plus_one_imp_and_dan_to_the_next_melee_only() {
    let a = [C::std(5, 1).weapon(sword())];
    let b = [C::new(race(6, 5, 4, 4), 5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    assert!(!legal(&st, "a1 charge b1 5,2"), "must end in contact");
    let log = play(
        &mut st,
        &[
            "a1 charge b1 5,4",
            "pass",
            // The charge is heard (3 K moved: 6 K): b1, its back to a1, may react.
            "pass",
            "a1 melee b1 w1",
            "a1 melee b1 w1",
        ],
        &[6, 9, 2, 5, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 6 r6",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a1 CH IMP 5 r5",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).pos, sq(5, 4));
    assert_eq!(st.ch(1).wounds, 3 + 2, "DAÑ 2 + 1 charging, then DAÑ 2");
    assert_eq!(spent(&log), [2, 2, 2]);
}

#[test]
fn contracarga_reaction_gives_def_plus_one_against_the_charger() {
    let a = [C::std(5, 1).weapon(sword())];
    let b = [C::new(race(6, 5, 4, 4), 5, 5)
        .prot(prot(1, 1, 4, 3, &[]))
        .facing("N")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(
        &mut st,
        &[
            "a1 charge b1 5,4",
            "b1 react",
            "b1 countercharge",
            "pass", // the early window closes: the charge resolves
            "pass", // b1 is in bullet time: a window after the charge
            "a1 melee b1 w1",
            "pass",
            "pass",
        ],
        &[3, 4, 2, 3],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r3",
            "a1 CH IMP 6 r4",
            "b1 CH DEF 2 r2", // DEF 1 + 1
            "b1 CH PSI 4 r3"
        ]
    );
    assert_eq!(st.ch(1).wounds, 3 - 1, "passed: DAÑ 3 − DEF 1");
    assert_eq!(st.ch(1).ene, 8 - 3, "Contracarga costs 3");
}

/// a1 attacks b1, which faces it (and so may react).
fn facing_fight(a: C, b: C) -> State {
    let a = a.set("at", [5, 5]);
    let b = b.set("at", [5, 6]).facing("N");
    position(&open(11, 12), &[a], &[b], 0)
}

#[test]
fn esquivar_turns_the_hit_check_into_an_opposed_agi_check() {
    let acts = ["a1 melee b1 w1", "b1 react", "b1 dodge", "pass"];
    // The dodger passes with the lower die (its CH AGI has the early −1).
    let mut st = facing_fight(fighter(), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 3, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r2",
            "a1 CH AGI ENF (dodged) 5 r3",
            "b1 CH AGI ENF (dodge) 4 r2"
        ]
    );
    assert!(statuses(&st, &log).contains(&"b1 dodges".to_string()));
    assert_eq!((st.ch(1).wounds, st.ch(1).ene), (0, 5));
    // The attacker wins: a normal hit.
    let mut st = facing_fight(fighter(), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 2, 3, 7, 3]);
    assert_eq!(checks(&st, &log)[3..], ["b1 CH DEF 0 r7", "b1 CH PSI 4 r3"]);
    assert_eq!(st.ch(1).wounds, 2);
    // Dodger's critical: DAÑ 1 against the attacker (which makes its CH DEF).
    let mut st = facing_fight(fighter(), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 4, 1, 6, 3]);
    assert_eq!(checks(&st, &log)[3..], ["a1 CH DEF 0 r6", "a1 CH PSI 4 r3"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    // Dodger's fumble: the attack has DAÑ + 1.
    let mut st = facing_fight(fighter(), C::std(0, 0));
    play(&mut st, &acts, &[2, 4, 10, 7, 3]);
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn empujar_distance_direction_and_critical() {
    let pusher = || C::new(race(6, 5, 4, 4), 0, 0);
    // CON 6 − CON 4 = 2 K straight away from the pusher.
    let mut st = in_contact(pusher(), C::std(0, 0));
    let log = play(&mut st, &["a1 push b1"], &[3, 4, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a1 CH ENF 6 r4", "b1 CH ENF 4 r5"]
    );
    assert_eq!(st.ch(1).pos, sq(5, 8));
    assert_eq!(st.ch(1).stance, Stance::Standing);
    assert_eq!(spent(&log), [1]);
    // Critical CH CON: knocked prone.
    let mut st = in_contact(pusher(), C::std(0, 0));
    play(&mut st, &["a1 push b1"], &[3, 1, 2]);
    assert_eq!((st.ch(1).pos, st.ch(1).stance), (sq(5, 8), Stance::Prone));
    // The defender wins: nothing moves.
    let mut st = in_contact(pusher(), C::std(0, 0));
    play(&mut st, &["a1 push b1"], &[3, 4, 3]);
    assert_eq!(st.ch(1).pos, sq(5, 6));
    // Equal CON: the minimum 1 K.
    let mut st = in_contact(C::std(0, 0), C::std(0, 0));
    play(&mut st, &["a1 push b1"], &[3, 2, 5]);
    assert_eq!(st.ch(1).pos, sq(5, 7));
    // Stops before a wall.
    let mut board = open(11, 12);
    board[8] = ".....#.....".into();
    let a = pusher().set("at", [5, 5]);
    let b = C::std(5, 6).facing("S");
    let mut st = position(&board, &[a], &[b], 0);
    play(&mut st, &["a1 push b1"], &[3, 4, 5]);
    assert_eq!(st.ch(1).pos, sq(5, 7));
}

#[test]
fn empujar_not_against_twice_the_pushers_con_in_con_or_def() {
    let st = in_contact(C::std(0, 0), C::new(race(8, 5, 4, 4), 0, 0));
    assert!(!legal(&st, "a1 push b1"), "CON 8 = 2 × 4");
    let st = in_contact(C::std(0, 0), C::new(race(7, 5, 4, 4), 0, 0));
    assert!(legal(&st, "a1 push b1"));
    let st = in_contact(C::std(0, 0), C::std(0, 0).prot(prot(1, 8, 4, 5, &[])));
    assert!(!legal(&st, "a1 push b1"), "DEF 8 = 2 × 4");
    let st = in_contact(C::std(0, 0), C::std(0, 0).prot(prot(1, 7, 4, 5, &[])));
    assert!(legal(&st, "a1 push b1"));
}

#[test]
fn desarmar_drops_the_highest_dan_weapon() {
    let b = || C::std(0, 0).weapon(weapon(1, 1, 0, 2, &[])).weapon(sword());
    let mut st = in_contact(C::std(0, 0), b());
    let log = play(&mut st, &["a1 disarm b1"], &[2, 3, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r2", "a1 CH ENF 5 r3", "b1 CH ENF 5 r6"]
    );
    assert_eq!(st.ch(1).dropped, 0b10, "the DAÑ 2 sword falls");
    assert!(st.weapon_usable(1, 0) && !st.weapon_usable(1, 1));
    assert_eq!(spent(&log), [3]);
    // The defender passes with the lower die: it keeps its weapons.
    let mut st = in_contact(C::std(0, 0), b());
    play(&mut st, &["a1 disarm b1"], &[2, 3, 2]);
    assert_eq!(st.ch(1).dropped, 0);
}

#[test]
fn noquear_knocks_out_a_casualty() {
    let mut st = in_contact(C::std(0, 0), C::std(0, 0));
    let log = play(&mut st, &["a1 knockout b1"], &[3, 2, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r5"]
    );
    assert!(st.ch(1).has(KNOCKED_OUT) && st.casualty(1));
    assert!(!st.engaged(0), "a casualty no longer engages");
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn inmovilizar_and_liberarse() {
    let mut st = in_contact(C::std(0, 0), C::std(0, 0));
    play(&mut st, &["a1 immobilise b1"], &[3, 2, 6]);
    assert!(st.ch(1).has(IMMOBILISED));
    assert_eq!(st.ch(1).held_by, 0);
    // The victim acting: only Liberarse or end.
    let a = [C::std(5, 5)];
    let b = [C::std(5, 6)
        .status("immobilised")
        .set("held_by", "a1")
        .facing("N")];
    let mut st = position(&open(11, 12), &a, &b, 1);
    let acts = all_legal(&st);
    assert!(
        acts.iter()
            .all(|s| s.starts_with("b1 end") || s.starts_with("b1 free")),
        "{acts:?}"
    );
    assert!(acts.contains(&"b1 free".to_string()));
    let log = play(&mut st, &["b1 free"], &[2, 5]);
    assert_eq!(checks(&st, &log), ["b1 CH ENF 4 r2", "a1 CH ENF 4 r5"]);
    assert!(!st.ch(1).has(IMMOBILISED));
    assert_eq!(spent(&log), [3]);
}

#[test]
fn inmovilizar_ends_when_the_immobiliser_activates() {
    let a = [C::std(5, 5)];
    let b = [C::std(5, 6)
        .status("immobilised")
        .set("held_by", "a1")
        .facing("S")];
    let mut v = setup_json(&open(11, 12), &a, &b, 0, 4);
    v["game"]["decision"] = serde_json::json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    play(&mut st, &["activate a1"], &[]);
    assert!(!st.ch(1).has(IMMOBILISED));
}

#[test]
fn ataque_sorpresa_after_a_silent_approach_from_behind() {
    let a = [C::std(5, 3).weapon(sword())];
    let b = [C::std(5, 5).prot(prot(1, 2, 4, 4, &[])).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    assert!(
        dests(&st, 0, "sneak").contains(&sq(5, 4)),
        "sneaking into contact at the defender's back"
    );
    assert!(!dests(&st, 0, "move").contains(&sq(5, 4)));
    let log = play(
        &mut st,
        &["a1 sneak 5,4", "a1 surprise b1", "a1 melee b1 w1"],
        &[5, 3],
    );
    // No CH IMP: it hits automatically; CH DEF 2 − 2.
    assert_eq!(checks(&st, &log), ["b1 CH DEF 0 r5", "b1 CH PSI 4 r3"]);
    assert!(statuses(&st, &log).contains(&"a1 hits by surprise".to_string()));
    assert_eq!(st.ch(1).wounds, 2);
    assert_eq!(spent(&log), [2, 0, 2]);
    assert!(
        !legal(&st, "a1 surprise b1"),
        "one surprise per silent approach"
    );
}

#[test]
fn ataque_sorpresa_def_minus_two_is_subtracted_from_the_damage_too() {
    // «DEF-2 en la siguiente acción de combate CaC», like Munición perforante's «DEF -2»: the
    // DEF 4 of b1's armour counts as 2 for the check and for a passed CH DEF.
    let a = [C::new(race(5, 5, 4, 4), 5, 3).weapon(weapon(4, 4, 0, 5, &[]))];
    let b = [C::std(5, 5).prot(prot(1, 4, 4, 5, &[])).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(
        &mut st,
        &["a1 sneak 5,4", "a1 surprise b1", "a1 melee b1 w1"],
        &[2, 3],
    );
    // DAÑ 4 + CON 5 − 4 = 5; CH DEF 2 ≤ 4 − 2 passes: 5 − 2 = 3 wounds (not 5 − 4).
    assert_eq!(checks(&st, &log), ["b1 CH DEF 2 r2", "b1 CH PSI 4 r3"]);
    assert_eq!(st.ch(1).wounds, 3);
    assert_eq!(spent(&log), [2, 0, 4]);
}

#[test]
fn ataque_sorpresa_needs_the_back_and_to_follow_the_sneak() {
    // Facing the sneaker: it cannot end in contact.
    let a = [C::std(5, 3).weapon(sword())];
    let b = [C::std(5, 5).facing("N")];
    let st = position(&open(11, 10), &a, &b, 0);
    assert!(!dests(&st, 0, "sneak").contains(&sq(5, 4)));
    // Another action between the approach and the surprise loses it.
    let b = [C::std(5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    play(&mut st, &["a1 sneak 5,4", "a1 crouch"], &[]);
    assert!(!legal(&st, "a1 surprise b1"));
}
