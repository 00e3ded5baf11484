//! The second batch of traits: melee (Luchador consumado, Lucha con 2 armas, Garras y dientes),
//! shooting (Franco tirador, Campo ciego, Miedo en las manos, Anónimo, Artillero requerido,
//! Fuego pesado, Más munición), checks (Ajustable, Maestría / Incapacidad de combate, Líder,
//! Pusilánime, Despertando del letargo), Animal interior, Sin cura and Área despreciable.

use super::*;
use crate::build::statuses;
use serde_json::json;

fn melee_imp(a: C, b: C) -> String {
    let mut st = contact(a, b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[8]);
    checks(&st, &log).remove(0)
}

#[test]
fn lucha_con_2_armas_and_luchador_consumado() {
    assert_eq!(
        melee_imp(C::std(0, 0).weapon(sword()), C::std(0, 0)),
        "a1 CH IMP 5 r8"
    );
    let two = C::std(0, 0).weapon(sword()).weapon(sword());
    let a = with(&["Lucha con 2 armas"]).weapon(sword()).weapon(sword());
    assert_eq!(melee_imp(two, C::std(0, 0)), "a1 CH IMP 5 r8");
    assert_eq!(melee_imp(a, C::std(0, 0)), "a1 CH IMP 6 r8");
    // a1 and a2 against b1 alone: superiority CH IMP + 1, not against Luchador consumado.
    for (t, imp) in [(&[][..], 6), (&["Luchador consumado"][..], 5)] {
        let mut st = position(
            &open(11, 12),
            &[C::std(5, 5).weapon(sword()), C::std(4, 6).status("acted")],
            &[
                with(t).set("at", [5, 6]).facing("S"),
                C::std(10, 11).status("acted"),
            ],
            0,
        );
        // b1 sees a2 beside it: the early window, passed.
        let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[8]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {imp} r8")], "{t:?}");
    }
}

#[test]
fn garras_y_dientes_unarmed_dan_is_half_con_without_the_one_wound_cap() {
    // CON 6: CON / 2 = 3 (instead of CON − 4 = 2, at most 1 wound).
    let b = || C::new(race(9, 5, 4, 4), 0, 0);
    let mut st = contact(C::new(race_t(6, 5, 4, 4, &["Garras y dientes"]), 0, 0), b());
    play(&mut st, &["a1 unarmed b1"], &[4, 7, 3]);
    assert_eq!(st.ch(1).wounds, 3);
    let mut st = contact(C::new(race(6, 5, 4, 4), 0, 0), b());
    play(&mut st, &["a1 unarmed b1"], &[4, 7, 3]);
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn franco_tirador_always_hits_an_enemy_engaged_in_melee() {
    // b1 is engaged with a2: a shot into the melee, r9 and r9 hit anyway.
    let mut st = position(
        &open(11, 12),
        &[
            with(&["Franco tirador"])
                .set("at", [5, 1])
                .facing("S")
                .weapon(gun(2, &[])),
            C::std(5, 7).status("acted"),
        ],
        &[C::std(5, 6).facing("S"), C::std(10, 11).status("acted")],
        0,
    );
    let log = play(&mut st, &["a1 shoot-melee b1 w1", "pass"], &[9, 9, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r9",
            "a1 CH IMP 5 r9",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(2).wounds, 2);
}

#[test]
fn campo_ciego_miedo_en_las_manos_and_anonimo_limit_the_targets() {
    // Campo ciego (1): not within 5 K.
    let a = || C::std(0, 0).weapon(gun(2, &["Campo ciego (1)"]));
    assert!(!legal(&range(a(), C::std(0, 0), 5), "a1 shoot b1 w1"));
    assert!(legal(&range(a(), C::std(0, 0), 6), "a1 shoot b1 w1"));
    // Miedo en las manos: b1 at 3 K is nearer than b2 at 6 K.
    let st = position(
        &open(11, 12),
        &[with(&["Miedo en las manos"])
            .set("at", [5, 1])
            .facing("S")
            .weapon(gun(2, &[]))],
        &[C::std(5, 4).facing("S"), C::std(5, 7).facing("S")],
        0,
    );
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(!legal(&st, "a1 shoot b2 w1"));
    // Anónimo: not charged; not shot while another character stands within 3 K of it.
    let st = range(C::std(0, 0).weapon(gun(2, &[])), with(&["Anónimo"]), 4);
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(!all_legal(&st).iter().any(|a| a.starts_with("a1 charge b1")));
    let st = range(C::std(0, 0).weapon(gun(2, &[])), C::std(0, 0), 4);
    assert!(all_legal(&st).iter().any(|a| a.starts_with("a1 charge b1")));
    let st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(gun(2, &[]))],
        &[with(&["Anónimo"]).set("at", [5, 6]), C::std(7, 6)],
        0,
    );
    assert!(!legal(&st, "a1 shoot b1 w1"));
    assert!(legal(&st, "a1 shoot b2 w1"));
}

#[test]
fn artillero_requerido_fuego_pesado_and_mas_municion() {
    // Artillero requerido: no ally in contact — the ENE is spent, the attack does not happen.
    let a = C::std(0, 0).weapon(gun(2, &["Artillero requerido"]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[]);
    assert!(statuses(&st, &log).contains(&"a1 has no crew for the weapon".to_string()));
    assert_eq!(spent(&log), [2]);
    // With a2 in contact it fires.
    let mut st = position(
        &open(11, 12),
        &[
            C::std(5, 1)
                .facing("S")
                .weapon(gun(2, &["Artillero requerido"])),
            C::std(6, 1).status("acted"),
        ],
        &[
            C::new(race(9, 5, 4, 4), 5, 6).facing("S"),
            C::std(10, 11).status("acted"),
        ],
        0,
    );
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(2).wounds, 2);
    // Fuego pesado: ENE 2 + 3, DAÑ 2 + 3.
    let a = C::std(0, 0).weapon(gun(2, &["Fuego pesado"]));
    let mut st = range(a, C::new(race(9, 5, 4, 4), 0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!((spent(&log), st.ch(1).wounds), (vec![5], 5));
    // Más munición: Cargadores (6) hold 12.
    let st = range(
        C::std(0, 0).weapon(gun(2, &["Cargadores (6)", "Más munición"])),
        C::std(0, 0),
        5,
    );
    assert_eq!(st.weapon_magazine(0, 0), 12);
}

#[test]
fn ajustable_and_maestria_en_combate() {
    // TAL 5 on CON 4: CH AGI (and CH IMP) − 1, not with Ajustable.
    let tal5 = |t: &[&str]| prot(0, 1, 5, 5, t);
    let a = C::std(0, 0).weapon(gun(2, &[])).prot(tal5(&[]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r8"]);
    let a = C::std(0, 0).weapon(gun(2, &[])).prot(tal5(&["Ajustable"]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r8"]);
    // Maestría en combate (W): + 1 with the weapon named W; Incapacidad de combate (CaC).
    let a = with(&["Maestría en combate (W)"]).weapon(gun(2, &[]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r8"]);
    let a = with(&["Incapacidad de combate (CaC)"]).weapon(sword());
    assert_eq!(melee_imp(a, C::std(0, 0)), "a1 CH IMP 4 r8");
    // A text that names no weapon of the character: one error naming the race and the trait.
    let a = with(&["Maestría en combate (Alabarda)"]).weapon(sword());
    let v = setup_json(&open(6, 6), &[a.set("at", [1, 1])], &[C::std(4, 4)], 0, 10);
    let e = load_error(&v);
    assert!(
        e.contains("race \"T\"") && e.contains("Maestría en combate (Alabarda)"),
        "{e}"
    );
}

#[test]
fn lider_pusilanime_and_despertando_del_letargo() {
    // a1 is wounded by its Dañino gun: its CH PSI with a2's VOL 7 (Líder, 2 K away).
    let leader = |t: &[&str]| C::new(race_t(4, 5, 4, 7, t), 7, 1).status("acted");
    for (t, psi) in [(&[][..], 4), (&["Líder"][..], 7)] {
        let mut st = position(
            &open(11, 12),
            &[
                C::std(5, 1).facing("S").weapon(gun(2, &["Dañino"])),
                leader(t),
            ],
            &[C::std(5, 6).facing("S"), C::std(10, 11).status("acted")],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[2, 8]);
        assert_eq!(checks(&st, &log)[0], format!("a1 CH PSI {psi} r2"), "{t:?}");
    }
    // Pusilánime: AGI 5 / 2 = 3 without a leader within 10 K; 5 with one.
    for (t, imp) in [(&[][..], 3), (&["Aura de obstinación"][..], 5)] {
        let mut st = position(
            &open(11, 12),
            &[
                with(&["Pusilánime"])
                    .set("at", [5, 1])
                    .facing("S")
                    .weapon(gun(2, &[])),
                leader(t),
            ],
            &[C::std(5, 6).facing("S"), C::std(10, 11).status("acted")],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {imp} r8")], "{t:?}");
    }
    // Despertando del letargo: VOL = the turn (turn 1 → CH PSI 1).
    let a = with(&["Despertando del letargo"]).weapon(gun(2, &["Dañino"]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 8]);
    assert_eq!(checks(&st, &log)[0], "a1 CH PSI 1 r1");
}

#[test]
fn animal_interior_charges_without_a_leader_near() {
    let st = range(with(&["Animal interior"]).weapon(sword()), C::std(0, 0), 3);
    let l = all_legal(&st);
    assert!(
        !l.is_empty() && l.iter().all(|a| a.starts_with("a1 charge")),
        "{l:?}"
    );
    let st = position(
        &open(11, 12),
        &[
            with(&["Animal interior"])
                .set("at", [5, 1])
                .facing("S")
                .weapon(sword()),
            C::new(race_t(4, 5, 4, 4, &["Líder"]), 7, 1).status("acted"),
        ],
        &[C::std(5, 4).facing("S"), C::std(10, 11).status("acted")],
        0,
    );
    assert!(all_legal(&st).iter().any(|a| !a.starts_with("a1 charge")));
}

#[test]
fn sin_cura_recovers_no_wound() {
    let medic = |b: C| {
        position(
            &open(11, 12),
            &[C::std(5, 5), b.set("at", [6, 5])],
            &[C::std(0, 11).facing("S")],
            0,
        )
    };
    let mut st = medic(C::std(0, 0).set("wounds", 2));
    play(&mut st, &["a1 heal a2"], &[3]);
    assert_eq!(st.ch(1).wounds, 1);
    let mut st = medic(with(&["Sin cura"]).set("wounds", 2));
    play(&mut st, &["a1 heal a2"], &[3]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn area_despreciable_makes_the_area_free() {
    use engine::creation::archetype::Weapon;
    let w: Weapon = serde_json::from_value(json!({"name": "G", "ene": 2, "dmg": 2, "range": 5,
        "quality": 3, "traits": ["Área (R3)"]}))
    .unwrap();
    let free: Weapon = serde_json::from_value(json!({"name": "G", "ene": 2, "dmg": 2,
        "range": 5, "quality": 3, "traits": ["Área (R3)", "Área despreciable"]}))
    .unwrap();
    // R3 costs 7; Área despreciable 3.
    assert_eq!(free.cost(), w.cost() - 7 + 3);
}

#[test]
fn sombra_hides_without_cover_and_garras_y_dientes_takes_no_equipment() {
    // In the open: no Esconderse, except with Sombra.
    let st = range(C::std(0, 0), C::std(0, 0), 8);
    assert!(!legal(&st, "a1 hide"));
    let st = range(with(&["Sombra"]), C::std(0, 0), 8);
    assert!(legal(&st, "a1 hide"));
    // A dead b1 with a sword: Saquear, not with Garras y dientes.
    let loot = |a: C| {
        position(
            &open(11, 12),
            &[a.set("at", [5, 5])],
            &[
                C::std(5, 6).weapon(sword()).set("wounds", 5),
                C::std(5, 10).facing("S"),
            ],
            0,
        )
    };
    assert!(legal(&loot(C::std(0, 0)), "a1 loot b1 w1"));
    assert!(!legal(&loot(with(&["Garras y dientes"])), "a1 loot b1 w1"));
}

#[test]
fn municion_aliento_de_dragon_alc_half_dan_plus_two_cal_minus_one() {
    // ALC 10 → 5; CAL 5 → 4: broken after 4 wears.
    let a = C::std(0, 0).weapon(gun(2, &["Munición aliento de dragón"]));
    let st = range(a.clone(), C::std(0, 0), 5);
    assert_eq!((st.weapon_range(0, 0), st.weapon_quality(0, 0)), (5, 4));
    let st = range(a.clone().set("wear", json!([4])), C::std(0, 0), 5);
    assert!(!st.weapon_usable(0, 0));
    let mut st = range(a, C::new(race(9, 5, 4, 4), 0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn ariete_rams_with_dan_plus_one_and_arma_corta_is_a_melee_weapon_in_contact() {
    // Embestir: DAÑ = CON 4, + 1 with Ariete (on b1 CON 9 facing away, 3 K south).
    for (t, w) in [(&[][..], 4), (&["Ariete"][..], 5)] {
        let mut st = range(with(t), C::new(race(9, 5, 4, 4), 0, 0), 3);
        play(&mut st, &["a1 ram b1 5,3", "pass", "pass"], &[3, 9, 2]);
        assert_eq!(st.ch(1).wounds, w, "{t:?}");
    }
    // A pistol (ALC 5) in melee: a second CH IMP as a shot, not with Arma corta.
    let pistol = |t: &[&str]| weapon(2, 2, 5, 4, t);
    let mut st = contact(C::std(0, 0).weapon(pistol(&[])), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r4", "a1 CH IMP 5 r8"]);
    let mut st = contact(C::std(0, 0).weapon(pistol(&["Arma corta"])), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 8, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r8", "b1 CH PSI 4 r2"]
    );
}

#[test]
fn substances_alergico_invulnerable_resistencia_a_and_municion_anti() {
    let named = |name: &str, t: &[&str]| {
        let mut w = gun(2, t);
        w["name"] = name.into();
        C::std(0, 0).weapon(w)
    };
    let tough = |t: &[&str]| C::new(race_t(9, 5, 4, 4, t), 0, 0);
    let wounds = |a: C, b: C, dice: &[u8]| {
        let mut st = range(a, b, 5);
        play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        st.ch(1).wounds
    };
    // Alérgico (plata): a «Bala de plata» wounds twice; another gun as usual.
    assert_eq!(
        wounds(
            named("Bala de plata", &[]),
            tough(&["Alérgico (plata)"]),
            &[3, 9, 2]
        ),
        4
    );
    assert_eq!(
        wounds(named("Bala", &[]), tough(&["Alérgico (plata)"]), &[3, 9, 2]),
        2
    );
    // Invulnerable (fuego): no wounds (so no CH PSI).
    assert_eq!(
        wounds(
            named("Fuego", &[]),
            tough(&["Invulnerable (fuego)"]),
            &[3, 9]
        ),
        0
    );
    // Resistencia a (plomo): DEF 0 + 2 — CH DEF 2, and a pass subtracts it.
    let mut st = range(named("Plomo", &[]), tough(&["Resistencia a (plomo)"]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
    // Munición anti (orco): DAÑ + 2 against a race named Orco.
    let mut orc = race(9, 5, 4, 4);
    orc["name"] = "Orco".into();
    let gun_anti = || named("G", &["Munición anti (orco)"]);
    assert_eq!(wounds(gun_anti(), C::new(orc, 0, 0), &[3, 9, 2]), 4);
    assert_eq!(wounds(gun_anti(), tough(&[]), &[3, 9, 2]), 2);
}

#[test]
fn orgulloso_strikes_back_and_grito_de_veterano_attacks_again() {
    // a1 wounds b1 (Orgulloso, CON 9, unarmed) in melee: b1 strikes back at once, free.
    let mut st = contact(
        C::std(0, 0).weapon(sword()),
        C::new(race_t(9, 5, 4, 4, &["Orgulloso"]), 0, 0),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3, 4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r7",
            "b1 CH PSI 4 r3",
            "b1 CH IMP 5 r4",
            "a1 CH DEF 0 r7",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds, st.ch(1).ene), (1, 2, 8));
    // a1's critical shot with a2 (Grito de veterano) 2 K away: a second shot, no ENE.
    let mut st = position(
        &open(11, 12),
        &[
            C::std(5, 1).facing("S").weapon(gun(2, &[])),
            with(&["Grito de veterano"])
                .set("at", [7, 1])
                .status("acted"),
        ],
        &[
            C::new(race(9, 5, 4, 4), 5, 6).facing("S"),
            C::std(10, 11).status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2, 8]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r1",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a1 CH IMP 5 r8"
        ]
    );
    assert_eq!((st.ch(2).wounds, spent(&log)), (3, vec![2]));
}

#[test]
fn reliquia_appears_once_in_a_list() {
    let relic = || {
        let mut p = armour(1, &["Reliquia"]);
        p["name"] = "Sudario".into();
        p
    };
    let v = setup_json(
        &open(8, 8),
        &[C::std(1, 0).prot(relic()), C::std(3, 0).prot(relic())],
        &[C::std(4, 7)],
        0,
        10,
    );
    let e = load_error(&v);
    assert!(
        e.contains("protection \"Sudario\" has the trait Reliquia"),
        "{e}"
    );
    // One on each side is fine.
    load(&setup_json(
        &open(8, 8),
        &[C::std(1, 0).prot(relic())],
        &[C::std(4, 7).prot(relic())],
        0,
        10,
    ));
}

#[test]
fn regeneracion_energia_psiquica_and_sed_de_energia_are_actions() {
    // Regeneración: ENE 3, CH CON 4: − 1 wound; only while wounded.
    assert!(!legal(
        &range(with(&["Regeneración"]), C::std(0, 0), 5),
        "a1 regenerate"
    ));
    let mut st = range(with(&["Regeneración"]).set("wounds", 2), C::std(0, 0), 5);
    assert!(!legal(
        &range(C::std(0, 0).set("wounds", 2), C::std(0, 0), 5),
        "a1 regenerate"
    ));
    let log = play(&mut st, &["a1 regenerate"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH CON regenerate 4 r3"]);
    assert_eq!((st.ch(0).wounds, spent(&log)), (1, vec![3]));
    // Energía psíquica: stress + 1, ENE + 3 (8 → 10, the maximum), no ENE spent.
    let mut st = range(with(&["Energía psíquica"]), C::std(0, 0), 5);
    play(&mut st, &["a1 psychic-energy"], &[]);
    assert_eq!((st.ch(0).stress, st.ch(0).ene), (1, 10));
    // Sed de energía: ENE 1, CH VOL, the enemy opposes with a CH VOL ENF; 3 ENE change hands.
    let mut st = range(with(&["Sed de energía"]), C::std(0, 0), 4);
    assert!(!legal(&st, "a1 steal-energy b2"), "b2 is beyond VOL 4 K");
    let log = play(&mut st, &["a1 steal-energy b1"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH VOL steal 4 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r6"]
    );
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (10, 5));
}

#[test]
fn senor_de_la_congelacion_enemy_attacks_on_it_cost_two_more_ene() {
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &[])),
        with(&["Señor de la congelación"]),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(spent(&log), [4]);
    // ENE 3: the shot (2 + 2) is not legal.
    let st = range(
        C::std(0, 0).weapon(gun(2, &[])).set("ene", 3),
        with(&["Señor de la congelación"]),
        5,
    );
    assert!(!legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn magia_dormir_puts_a_calm_enemy_to_sleep() {
    let sleeper = || {
        let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4,
            "traits": ["Bunkai", "Magia: dormir"]});
        with(&["Cinético"]).meta(m)
    };
    let mut st = range(sleeper(), C::std(0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r6"]
    );
    assert!(!st.able(1) && st.ch(1).wounds == 0);
    // Not a stressed enemy.
    let st = range(sleeper(), C::std(0, 0).set("stress", 1), 3);
    assert!(!legal(&st, "a1 meta m1 b1"));
}

#[test]
fn municion_de_parada_drives_the_target_back_dan_plus_two_minus_con() {
    // DAÑ 4 + 2 − CON 4 = 2 K south, from (5, 6) to (5, 8); then its CH DEF 4 (passed).
    let a = C::std(0, 0).weapon(weapon(2, 4, 10, 5, &["Munición de parada"]));
    let mut st = range(a, C::std(0, 0).prot(armour(4, &[])), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 4 r2"]);
    assert_eq!(st.ch(1).pos, sq(5, 8));
}
