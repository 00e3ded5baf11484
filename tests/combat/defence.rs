//! COMBATE / CH DEF, Cobertura, Heridas y desgaste, MODIFICADORES and the shipped traits, with
//! scripted dice (conventions: see the parent module).

use super::*;

// ----- CH DEF, criticals and fumbles -----

#[test]
fn ch_def_is_the_sum_of_usable_protections_after_wear() {
    // DEF 2 (CAL 5) + DEF 3 (CAL 4); wear: weapons first, then protections.
    for (wear, t) in [
        ([0, 0], 5),
        ([1, 0], 4),
        ([3, 0], 4), // DEF 2 − 3 → minimum 1
        ([5, 0], 3), // wounds = CAL: unusable
        ([0, 4], 2),
    ] {
        let b = C::std(0, 0)
            .prot(prot(1, 2, 4, 5, &[]))
            .prot(prot(1, 3, 0, 4, &[]))
            .set("wear", wear.to_vec());
        let mut st = at_range(shooter(), b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log)[1],
            format!("b1 CH DEF {t} r9"),
            "{wear:?}"
        );
    }
}

#[test]
fn critical_def_in_melee_hits_back_with_dan_one() {
    let a = fighter().prot(prot(1, 1, 4, 3, &[]));
    let mut st = in_contact(a, C::std(0, 0).prot(prot(1, 2, 4, 4, &[])));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 1, 4, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 2 r1",
            "a1 CH DEF 1 r4",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    // At range a critical CH DEF only stops the damage.
    let b = C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    let mut st = at_range(shooter(), b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 2 r1"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 0));
}

#[test]
fn fumbled_def_adds_one_dan_and_wears_the_first_usable_protection() {
    // The first protection is already unusable (wear 2 = CAL 2): the second wears.
    let b = C::new(race(5, 5, 4, 4), 0, 0)
        .prot(prot(1, 1, 4, 2, &[]))
        .prot(prot(1, 2, 0, 4, &[]))
        .set("wear", vec![2, 0]);
    let mut st = in_contact(fighter(), b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 10, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r10", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3, "DAÑ 2 + 1");
    assert_eq!(st.ch(1).wear[..2], [2, 1]);
}

#[test]
fn fumbled_imp_hits_the_attacker_and_wears_the_weapon() {
    let a = fighter().prot(prot(1, 1, 4, 3, &[]));
    let mut st = in_contact(a, C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[10, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 1 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    assert_eq!(st.ch(0).wear[0], 1);
    assert_eq!(st.weapon_dmg(0, 0), 1, "DAÑ 2 − 1 wound");
}

// ----- Cobertura -----

/// a1 on (4, 1) shooting south at b1 on (4, 7); a low obstacle on (4, 6).
fn behind_cover(a: C, b: C) -> State {
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    position(
        &board,
        &[a.set("at", [4, 1])],
        &[b.set("at", [4, 7]).facing("S")],
        0,
    )
}

#[test]
fn cover_over_half_gives_def_plus_two() {
    let a = || C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]));
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 4 r4", "b1 CH PSI 4 r2"]
    );
    assert_eq!(
        st.ch(1).wounds,
        1,
        "passed: DAÑ 3 − DEF 2 (cover is not DEF)"
    );
    // A critical CH IMP ignores cover and has DAÑ + 1.
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r1", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2, "DAÑ 4 − DEF 2");
    // An obstacle within 1 K of the attacker gives no cover.
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    let mut st = position(
        &board,
        &[a().set("at", [4, 5])],
        &[b().set("at", [4, 8]).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(checks(&st, &log)[1], "b1 CH DEF 2 r4");
}

#[test]
fn cover_hundred_percent_rolls_the_cover_def_first() {
    // Cuerpo a tierra: «Se tira al suelo o se cubre 100% tras cobertura» — prone behind cover.
    let a = || C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]));
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[])).stance("prone");
    // The cover's CH DEF (board cover_def 5) passes: the attack stops. No flee window for a
    // prone target; prone beyond 3 K: CH IMP −2.
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1"], &[3, 4]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 3 r3", "b1 CH DEF cover 5 r4"]
    );
    assert_eq!(st.ch(1).wounds, 0);
    // It fails: the normal CH DEF + 2.
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1"], &[3, 6, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 3 r3",
            "b1 CH DEF cover 5 r6",
            "b1 CH DEF 4 r5",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn crouched_behind_cover_is_only_over_half_covered() {
    // Agacharse: «El personaje mide la mitad» gives no 100 %: only Cuerpo a tierra does. A
    // crouched target behind cover gets the CH DEF + 2 of «oculto en más del 50%», no cover
    // CH DEF first (crouched beyond 3 K: CH IMP −1).
    let a = C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]));
    let b = C::std(0, 0).prot(prot(1, 2, 4, 4, &[])).stance("crouched");
    let mut st = behind_cover(a, b);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 4 r3", "b1 CH DEF 4 r5", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3);
}

// ----- Heridas y desgaste -----

#[test]
fn worn_weapons_lose_dan_and_are_unusable_at_cal() {
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &[]))
        .set("wear", vec![1]);
    let mut st = at_range(a, C::std(0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2, "DAÑ 3 − 1 wound");
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &[]))
        .set("wear", vec![3]);
    let st = at_range(a, C::std(0, 0), 5);
    assert!(!legal(&st, "a1 shoot b1 w1"), "wounds = CAL: unusable");
}

#[test]
fn incapacitated_at_con_dead_above_and_removed() {
    // 2 + 2 wounds = CON 4: incapacitated, no CH PSI.
    let mut st = in_contact(fighter(), C::std(0, 0).set("wounds", 2));
    assert!(dests(&st, 0, "move").is_empty(), "engaged");
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert!(statuses(&st, &log).contains(&"b1 is incapacitated".to_string()));
    assert!(st.incapacitated(1) && !st.dead(1) && st.casualty(1));
    assert!(!st.engaged(0));
    let d = dests(&st, 0, "move");
    assert!(
        d.contains(&sq(4, 6)) && d.contains(&sq(6, 6)),
        "a casualty no longer holds the squares around it: {d:?}"
    );
    assert!(
        d.contains(&sq(5, 6)),
        "nor its own square: it is off the table"
    );
    // DAÑ 3 on 2 wounds: 5 > CON 4, dead.
    let a = C::new(race(5, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a, C::std(0, 0).set("wounds", 2));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert!(statuses(&st, &log).contains(&"b1 is dead".to_string()));
    assert!(st.dead(1));
    assert_eq!(st.ch(1).wounds, 5);
}

// ----- MODIFICADORES: sobrecarga, TAL vs CON -----

#[test]
fn sobrecarga_and_tal_against_con_reach_the_hit_check() {
    let one = |a: C| {
        let mut st = at_range(a, C::std(0, 0), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        checks(&st, &log)
    };
    // DEF 5 over CON 4: −1; with a wound, CON − heridas = 3: −2.
    let heavy = || shooter().prot(prot(1, 5, 4, 5, &[]));
    assert_eq!(one(heavy()), ["a1 CH IMP 4 r9"]);
    assert_eq!(one(heavy().set("wounds", 1)), ["a1 CH IMP 3 r9"]);
    // TAL 6 on CON 4: CH AGI −2.
    assert_eq!(
        one(shooter().prot(prot(1, 1, 6, 3, &[]))),
        ["a1 CH IMP 3 r9"]
    );
    // TAL 0 (a shield) and TAL = CON: nothing.
    assert_eq!(
        one(shooter()
            .prot(prot(1, 1, 0, 3, &[]))
            .prot(prot(1, 1, 4, 3, &[]))),
        ["a1 CH IMP 5 r9"]
    );
}

// ----- Traits (BONUS Y MALUS) used by the shipped catalogue -----

#[test]
fn trait_profesion_arquero_only_at_range() {
    let a = || C::new(race_t(4, 5, 4, 4, &["Profesión arquero"]), 0, 0).weapon(bow());
    let mut st = at_range(a(), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
    let mut st = in_contact(a().weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w2"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn trait_afilada_dan_plus_one_in_melee_only() {
    let sharp = || weapon(2, 2, 0, 4, &["Afilada"]);
    let mut st = in_contact(C::std(0, 0).weapon(sharp()), C::std(0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3);
    let a = C::std(0, 0).weapon(weapon(2, 2, 10, 3, &["Afilada"]));
    let mut st = at_range(a, C::std(0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn trait_rabia_imp_and_dan_plus_one_def_minus_one_in_melee() {
    let rage = || race_t(4, 5, 4, 4, &["Rabia"]);
    let mut st = in_contact(C::new(rage(), 0, 0).weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[6, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 6 r6");
    assert_eq!(st.ch(1).wounds, 3);
    let mut st = at_range(C::new(rage(), 0, 0).weapon(bow()), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 5 r5");
    assert_eq!(st.ch(1).wounds, 2);
    // Its DEF in melee is 1 lower, for the check and for the subtraction: DEF 3 − 1 = 2,
    // passed against DAÑ 4 (CON 6 + sword): 4 − 2 = 2 wounds.
    let b = || C::new(rage(), 0, 0).prot(prot(1, 3, 4, 4, &[]));
    let a6 = C::new(race(6, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a6, b());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    // At range its DEF is whole.
    let mut st = at_range(shooter(), b(), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 3]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 3 r3"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn trait_gran_bestia_only_wounded_by_dan_above_half_con() {
    // CON 6: only DAÑ 4 or more wounds it.
    let beast = || C::new(race_t(6, 5, 1, 3, &["Gran bestia"]), 0, 0);
    // DAÑ 3 (CON 5 + sword): failed CH DEF, no wounds, no CH PSI.
    let a5 = C::new(race(5, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a5, beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    // DAÑ 4 (CON 6 + sword): 4 wounds.
    let a6 = || C::new(race(6, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a6(), beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 3 r2");
    assert_eq!(st.ch(1).wounds, 4);
    // DAÑ 4 against DEF 2, passed: 2 wounds — the DAÑ, not the wounds, is compared.
    let mut st = in_contact(a6(), beast().prot(prot(1, 2, 6, 4, &[])));
    play(&mut st, &["a1 melee b1 w1"], &[3, 2, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn trait_entrenado_para_vivir_rerolls_a_fumbled_def() {
    for b in [
        C::new(race_t(4, 5, 4, 4, &["Entrenado para vivir"]), 0, 0).prot(prot(1, 2, 4, 4, &[])),
        C::std(0, 0)
            .prot(prot(1, 1, 4, 4, &[]))
            .prot(prot(1, 1, 0, 3, &["Entrenado para vivir"])),
    ] {
        // 10, re-rolled: 2 passes (the log keeps the last die).
        let mut st = at_range(shooter(), b.clone(), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 10, 2]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
        assert_eq!(st.ch(1).wounds, 0);
        // A plain failure is not re-rolled.
        let mut st = at_range(shooter(), b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 8, 2]);
        assert_eq!(checks(&st, &log)[1], "b1 CH DEF 2 r8");
        assert_eq!(st.ch(1).wounds, 2);
    }
}

#[test]
fn trait_estandarte_aura_plus_one_ch_vol_to_allies_within_ten() {
    // b1 is shot and checks PSI; b2 carries the standard (race trait or the Bandera object).
    let banner_race = |x: u8, y: u8| C::new(race_t(4, 5, 4, 5, &["Estandarte"]), x, y);
    let bandera = serde_json::json!({"name": "Bandera", "ene": 1, "range": 0, "quality": 3, "traits": ["Estandarte"]});
    for (b2, t) in [
        (banner_race(5, 15), 5),                    // 10 K: +1
        (banner_race(5, 16), 4),                    // 11 K
        (C::std(5, 15).object(bandera.clone()), 5), // the object
        (C::std(5, 16).object(bandera.clone()), 4),
    ] {
        let a = [shooter().set("at", [5, 1])];
        let b = [C::std(5, 5).facing("S"), b2.facing("S")];
        let mut st = position(&open(11, 18), &a, &b, 0);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 9]);
        assert_eq!(checks(&st, &log)[2], format!("b1 CH PSI {t} r9"));
    }
    // The bearer itself gets nothing.
    let a = [shooter().set("at", [5, 1])];
    let b = [banner_race(5, 5).facing("S")];
    let mut st = position(&open(11, 8), &a, &b, 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 9]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 5 r9", "its own VOL 5");
}

#[test]
fn trait_super_vista_cdv_plus_five() {
    // VOL 3: CdV 15, with Súper vista 20; a DAÑ 4 ALC 20 weapon at 18 K.
    let gun = || weapon(4, 4, 20, 5, &[]);
    let st = at_range(
        C::new(race(4, 5, 4, 3), 0, 0).weapon(gun()),
        C::std(0, 0),
        18,
    );
    assert!(!legal(&st, "a1 shoot b1 w1"));
    assert!(legal(&st, "a1 shoot-wide b1 w1"));
    let a = C::new(race_t(4, 5, 4, 3, &["Súper vista"]), 0, 0).weapon(gun());
    let mut st = at_range(a, C::std(0, 0), 18);
    assert!(!legal(&st, "a1 shoot-wide b1 w1"));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
    assert_eq!(st.view_range(0), 20);
}

#[test]
fn trait_arma_de_francotirador_critical_on_two() {
    let rifle = |t: &[&str]| C::std(0, 0).weapon(weapon(4, 4, 20, 5, t));
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    // 2 is a critical: DAÑ 5 and no cover; passed CH DEF 2: 3 wounds.
    let mut st = behind_cover(rifle(&["Arma de francotirador"]), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[2, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r2", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3);
    // Without the trait a 2 is a plain hit: cover counts, DAÑ 4 − DEF 2.
    let mut st = behind_cover(rifle(&[]), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[2, 2, 2]);
    assert_eq!(checks(&st, &log)[1], "b1 CH DEF 4 r2");
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn trait_contracarga_negates_the_charge_bonus() {
    // On the race, or on a carried weapon (the shipped Lanza).
    let lanza = weapon(2, 2, 0, 3, &["Contracarga"]);
    for b in [
        C::new(race_t(6, 5, 4, 4, &["Contracarga"]), 5, 5),
        C::new(race(6, 5, 4, 4), 5, 5).weapon(lanza),
    ] {
        let a = [C::std(5, 1).weapon(sword())];
        let mut st = position(&open(11, 10), &a, &[b.facing("S")], 0);
        let log = play(
            &mut st,
            &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
            &[5, 9, 2],
        );
        assert_eq!(
            checks(&st, &log),
            ["a1 CH IMP 5 r5", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
        );
        assert_eq!(st.ch(1).wounds, 2, "no DAÑ + 1");
    }
}

#[test]
fn trait_caballeria_charge_dan_plus_two() {
    let horse = serde_json::json!([{"name": "Caballo", "ene": 1, "mov": 3, "def": 1, "quality": 3, "traits": ["Caballería"]}]);
    let a = [C::std(5, 1).weapon(sword()).set("transports", horse)];
    let b = [C::new(race(6, 5, 4, 4), 5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
        &[6, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 4, "DAÑ 2 + 2 charging");
}

#[test]
fn trait_matarife_and_dano_extra_on_a_critical() {
    // Matarife: a melee critical gives DAÑ + 2 instead of + 1.
    let claws = C::std(0, 0).weapon(weapon(2, 2, 0, 5, &["Matarife"]));
    let mut st = in_contact(claws, C::new(race(6, 5, 4, 4), 0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
    // Without a critical: nothing.
    let claws = C::std(0, 0).weapon(weapon(2, 2, 0, 5, &["Matarife"]));
    let mut st = in_contact(claws, C::new(race(6, 5, 4, 4), 0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[2, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
    // Daño extra: DAÑ + 1 more on a critical CH IMP.
    let gun = C::std(0, 0).weapon(weapon(2, 2, 10, 3, &["Daño extra"]));
    let mut st = at_range(gun, C::new(race(6, 5, 4, 4), 0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn trait_municion_perforante_bano_de_acero_absorcion() {
    let shoot = |a: C, b: C, dice: &[u8]| {
        let mut st = at_range(a, b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        (checks(&st, &log), st.ch(1).wounds)
    };
    // Munición perforante: the target's DEF − 2 (check and subtraction).
    let xbow = || C::std(0, 0).weapon(weapon(3, 3, 12, 4, &["Munición perforante"]));
    let (c, w) = shoot(xbow(), C::std(0, 0).prot(prot(1, 3, 4, 4, &[])), &[3, 1]);
    assert_eq!(c[1], "b1 CH DEF 1 r1");
    assert_eq!(w, 0);
    let (c, w) = shoot(xbow(), C::std(0, 0).prot(prot(1, 3, 4, 4, &[])), &[3, 7, 2]);
    assert_eq!(c[1], "b1 CH DEF 1 r7");
    assert_eq!(w, 3);
    // Baño de acero: DEF + 1.
    let plate = C::std(0, 0).prot(prot(3, 4, 4, 5, &["Baño de acero"]));
    let (c, _) = shoot(shooter(), plate, &[3, 9, 2]);
    assert_eq!(c[1], "b1 CH DEF 5 r9");
    // Absorción de impacto: the attacker's DAÑ − 1.
    let vest = C::std(0, 0).prot(prot(1, 2, 4, 3, &["Absorción de impacto"]));
    let (c, w) = shoot(
        C::std(0, 0).weapon(weapon(3, 3, 15, 5, &[])),
        vest,
        &[3, 9, 2],
    );
    assert_eq!(c[1], "b1 CH DEF 2 r9");
    assert_eq!(w, 2);
}

#[test]
fn trait_arma_pesada_needs_more_con_than_dan() {
    let greatsword = || weapon(4, 4, 0, 5, &["A 2 manos", "Arma pesada"]);
    let st = in_contact(C::std(0, 0).weapon(greatsword()), C::std(0, 0));
    assert!(!legal(&st, "a1 melee b1 w1"), "CON 4 = DAÑ 4");
    let st = in_contact(
        C::new(race(5, 5, 4, 4), 0, 0).weapon(greatsword()),
        C::std(0, 0),
    );
    assert!(legal(&st, "a1 melee b1 w1"));
}
