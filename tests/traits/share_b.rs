//! BONUS Y MALUS in play, share B of issue 16: modifiers (Contramedidas, Incapacidad, Energía
//! vital, Cojitranco), activation triggers (Enfermo terminal, Gran demonio, Ira, Condenado),
//! charge distance (Berserker, Grito berserker), Arma de carga, the runs of ranged attacks
//! (Fuego automático, a ráfagas, sostenido), shields (Escudo coriáceo, Escudo de energía
//! [avanzado], Anulador de escudo), Cargas, Animal, La mano de la muerte. A gun of DAÑ 2 at
//! 5 K: CH IMP 5.

use super::*;
use crate::build::statuses;
use serde_json::json;

/// A target that survives a few hits: CON 9, with traits.
fn tough(traits: &[&str]) -> C {
    C::new(race_t(9, 5, 4, 4, traits), 0, 0)
}

use super::triggers::shoot;

#[test]
fn contramedidas_ranged_ch_imp_minus_one_against_the_holder() {
    let (_, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &[])),
        with(&["Contramedidas"]),
        &[8],
    );
    assert_eq!(c, ["a1 CH IMP 4 r8"]);
}

#[test]
fn incapacidad_ch_imp_minus_one_with_the_weapon_it_names() {
    let (_, c, _) = shoot(
        with(&["Incapacidad (W)"]).weapon(gun(2, &[])),
        C::std(0, 0),
        &[8],
    );
    assert_eq!(c, ["a1 CH IMP 4 r8"]);
}

#[test]
fn energia_vital_melee_dan_plus_the_holders_wounds() {
    // Sword DAÑ 2 + CON 4 − 4 − 1 wound = 1; Energía vital + 1.
    for (t, w) in [(&[][..], 1), (&["Energía vital"][..], 2)] {
        let mut st = contact(
            with(t).set("wounds", 1).weapon(sword()),
            C::new(race(9, 5, 4, 4), 0, 0),
        );
        play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
        assert_eq!(st.ch(1).wounds, w, "{t:?}");
    }
}

#[test]
fn enfermo_terminal_one_wound_after_each_activation() {
    let mut st = range(with(&["Enfermo terminal"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!(st.ch(0).wounds, 1);
    assert!(checks(&st, &log).is_empty());
}

/// a1 (acted) with traits on (5, 1); b1 `d` K south activates (ENE 0, gains 9).
fn b_activates(a: C, d: u8) -> State {
    let a = a.set("at", [5, 1]).status("acted");
    let b = C::std(5, 1 + d).set("ene", 0).set("status", json!([]));
    let mut v = setup_json(&open(11, 12), &[a], &[b], 0, 4);
    v["game"]["to_move"] = json!("B");
    v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
    load(&v)
}

#[test]
fn gran_demonio_enemies_within_vol_k_ch_psi_then_ch_loc_minus_two() {
    // a1 VOL 4: b1 4 K away makes a CH PSI (r9 fails: 1 stress), then a CH LOC 4 − 2.
    let mut st = b_activates(with(&["Gran demonio"]), 4);
    let log = play(&mut st, &["activate b1"], &[9, 2]);
    assert_eq!(checks(&st, &log), ["b1 CH PSI 4 r9", "b1 CH LOC 2 r2"]);
    assert_eq!(st.ch(1).stress, 1);
    // 5 K away: out of reach.
    let mut st = b_activates(with(&["Gran demonio"]), 5);
    let log = play(&mut st, &["activate b1"], &[]);
    assert!(checks(&st, &log).is_empty());
}

#[test]
fn ira_wounded_in_melee_its_next_activation_ch_imp_and_dan_plus_one_in_melee() {
    let mut st = position(
        &open(11, 12),
        &[C::new(race(9, 5, 4, 4), 5, 5).weapon(sword())],
        &[C::new(race_t(9, 5, 4, 4, &["Ira"]), 5, 6)
            .facing("N")
            .weapon(sword())],
        0,
    );
    // a1 wounds b1 (CH IMP r4, CH DEF r7 fails: DAÑ 2 + 9 − 4 = 7 wounds, CH PSI r3).
    play(&mut st, &["a1 melee b1 w1", "pass", "pass"], &[4, 7, 3]);
    assert_eq!(st.ch(1).wounds, 7);
    play(&mut st, &["a1 end facing S", "activate b1"], &[]);
    // b1: sword DAÑ 2 + CON 9 − 4 − 7 → 1 (the minimum), + 1 (Ira); CH IMP 5 + 1.
    let log = play(&mut st, &["b1 melee a1 w1", "pass", "pass"], &[4, 9, 3]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP 6 r4", "a1 CH DEF 0 r9", "a1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(0).wounds, 2);
}

#[test]
fn berserker_and_grito_berserker_charge_two_k_farther() {
    // MOV 1: a charge reaches an enemy 5 K away (4 K of movement + contact); 7 K with +2.
    let charge = |a: C, ally: &[&str]| {
        let st = position(
            &open(11, 12),
            &[
                a.set("at", [5, 1]).facing("S"),
                with(ally).set("at", [1, 1]).status("acted"),
            ],
            &[C::std(5, 8).facing("S")],
            0,
        );
        all_legal(&st).iter().any(|a| a.starts_with("a1 charge b1"))
    };
    assert!(!charge(C::std(0, 0), &[]));
    assert!(charge(with(&["Berserker"]), &[]));
    assert!(charge(C::std(0, 0), &["Grito berserker"]));
}

#[test]
fn arma_de_carga_charging_dan_plus_two_more_and_def_minus_two_after() {
    let lance = weapon(2, 2, 0, 4, &["Arma de carga"]);
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(lance)],
        &[C::new(race(9, 5, 4, 4), 5, 4).facing("S")],
        0,
    );
    // Sword-like DAÑ 2 + CON 4 − 4 = 2, + 1 charging, + 2 Arma de carga.
    play(
        &mut st,
        &["a1 charge b1 5,3", "pass", "pass", "a1 melee b1 w1"],
        &[4, 9, 3],
    );
    assert_eq!(st.ch(1).wounds, 5);
    assert_eq!(st.run_def_mod(0), -2);
}

#[test]
fn fuego_automatico_each_consecutive_shot_ch_imp_and_ene_minus_one() {
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Fuego automático"])),
        tough(&[]),
        5,
    );
    let log = play(
        &mut st,
        &["a1 shoot b1 w1", "pass", "a1 shoot b1 w1", "pass"],
        &[8, 8],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r8", "a1 CH IMP 4 r8"]);
    assert_eq!(spent(&log), [2, 1]);
}

#[test]
fn fuego_a_rafagas_the_fourth_shot_at_one_target_costs_one_less() {
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Fuego a ráfagas"])),
        tough(&[]),
        5,
    );
    let shot = ["a1 shoot b1 w1", "pass"];
    let log = play(&mut st, &[shot, shot, shot, shot].concat(), &[8, 8, 8, 8]);
    assert_eq!(spent(&log), [2, 2, 2, 1]);
}

#[test]
fn fuego_sostenido_dan_plus_one_per_consecutive_hit_on_the_same_enemy() {
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Fuego sostenido"])),
        tough(&[]),
        5,
    );
    let shot = ["a1 shoot b1 w1", "pass"];
    play(&mut st, &[shot, shot].concat(), &[3, 9, 2, 3, 9, 2]);
    // 2, then 3.
    assert_eq!(st.ch(1).wounds, 5);
}

#[test]
fn escudo_coriaceo_levels_go_before_wounds() {
    let (st, c, _) = shoot(
        C::std(0, 0).weapon(gun(3, &[])),
        tough(&["Escudo coriáceo (2)"]),
        &[3, 9, 2],
    );
    // DAÑ 3: 2 levels take 2 wounds, 1 is left.
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (1, 0));
}

#[test]
fn escudo_de_energia_a_ch_def_4_against_shots_and_a_level_lost_on_a_failure() {
    let b = tough(&["Escudo de energía (2)"]);
    // r2 ≤ 4: the shield stops the shot.
    let (st, c, _) = shoot(C::std(0, 0).weapon(gun(2, &[])), b.clone(), &[3, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF shield 4 r2"]);
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (0, 2));
    // r7: a level lost, then b1's own CH DEF.
    let (st, c, _) = shoot(C::std(0, 0).weapon(gun(2, &[])), b, &[3, 7, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF shield 4 r7",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (2, 1));
    // Avanzado: CH DEF 6.
    let (_, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &[])),
        tough(&["Escudo de energía avanzado (1)"]),
        &[3, 6],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF shield 6 r6"]);
}

#[test]
fn anulador_de_escudo_drains_a_level_and_the_shield_recharges_for_its_ene() {
    // b1 (the actor) shoots a1 with an Anulador: no DAÑ, a1's shield loses a level.
    let a = with(&["Escudo de energía (2)"])
        .set("at", [5, 1])
        .facing("S")
        .set("status", json!([]))
        .set("ene", 0);
    let b = C::std(5, 6)
        .facing("N")
        .weapon(gun(2, &["Anulador de escudo"]));
    let mut v = setup_json(&open(11, 12), &[a], &[b], 1, 10);
    v["game"]["advantage"] = json!("B");
    let mut st = load(&v);
    play(&mut st, &["b1 shoot a1 w1", "pass", "pass"], &[3, 9]);
    assert_eq!((st.ch(0).wounds, st.shield_left(0)), (0, 1));
    play(&mut st, &["b1 end facing N", "activate a1"], &[]);
    let log = play(&mut st, &["a1 recharge-shield"], &[]);
    assert_eq!(spent(&log), [4]);
    assert_eq!(st.shield_left(0), 2);
    assert!(!legal(&st, "a1 recharge-shield"));
}

#[test]
fn cargas_the_weapon_is_usable_that_many_times() {
    let mut st = range(C::std(0, 0).weapon(gun(2, &["Cargas (1)"])), tough(&[]), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert!(!legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn animal_takes_no_human_actions() {
    let elixir = json!({"name": "Elixir", "ene": 2, "range": 1, "quality": 1,
                        "traits": ["Elixir (2)"]});
    for (t, can) in [(&[][..], true), (&["Animal"][..], false)] {
        let a = [with(t)
            .set("at", [3, 2])
            .object(elixir.clone())
            .set("wounds", 1)];
        let b = [C::std(9, 11).facing("S")];
        let st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
        assert_eq!(legal(&st, "a1 use o1 a1"), can, "{t:?}");
    }
}

#[test]
fn la_mano_de_la_muerte_passes_a_wound_and_condenado_owes_one() {
    let a = [
        with(&["La mano de la muerte"])
            .set("at", [3, 2])
            .set("wounds", 2),
        C::std(4, 2),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    let log = play(&mut st, &["a1 death-hand a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL death hand 4 r3"]);
    assert_eq!(spent(&log), [3]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 1));
    // The wound a2 gains is logged, as every wound gained is (random-list property campaign).
    assert!(log.events.iter().any(|e| matches!(
        e,
        engine::Event::Wounds {
            who: 1,
            amount: 1,
            total: 1
        }
    )));
    // Condenado, wounded at the start of its activation, passes none on: a level of everything.
    let a = with(&["Condenado"])
        .set("at", [5, 1])
        .set("wounds", 1)
        .set("ene", 0)
        .set("status", json!([]));
    let b = C::std(5, 9).status("acted");
    let mut v = setup_json(&open(11, 12), &[a], &[b], 0, 4);
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    let log = play(&mut st, &["activate a1", "a1 end facing S"], &[]);
    assert!(statuses(&st, &log).contains(&"a1 is doomed: loses a level of every attribute".into()));
    assert_eq!((st.ch(0).run.doom, st.vol(0)), (1, 3));
}

#[test]
fn arma_de_campana_after_one_field_weapon_fires_no_other_may() {
    let mut st = range(
        C::std(0, 0)
            .weapon(gun(2, &["Arma de campaña"]))
            .weapon(gun(2, &["Arma de campaña"])),
        tough(&[]),
        5,
    );
    assert!(legal(&st, "a1 shoot b1 w2"));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert!(!legal(&st, "a1 shoot b1 w2"));
    assert!(legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn fortuna_ignores_the_first_wounds_of_the_turn() {
    let mut st = range(C::std(0, 0).weapon(gun(2, &[])), tough(&["Fortuna"]), 5);
    let shot = ["a1 shoot b1 w1", "pass"];
    let log = play(&mut st, &shot, &[3, 9]);
    assert_eq!(st.ch(1).wounds, 0);
    assert!(statuses(&st, &log).contains(&"b1 is fortunate: no wounds".into()));
    play(&mut st, &shot, &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn heroe_incapacitated_loses_a_wound_at_the_end_of_each_turn() {
    let mut st = range(C::std(0, 0), with(&["Héroe"]).set("wounds", 4), 5);
    assert!(!st.able(1));
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!((st.turn(), st.ch(1).wounds), (2, 3));
}

#[test]
fn gallina_flees_a_melee_where_the_enemy_is_superior() {
    // b1 engaged with a1 and a2: side A is superior there; b1 panics at its activation start.
    for (t, panics) in [(&[][..], false), (&["Gallina"][..], true)] {
        let a = [
            C::std(4, 5).status("acted").facing("S"),
            C::std(6, 5).status("acted").facing("S"),
        ];
        let b = C::new(race_t(4, 5, 4, 4, t), 5, 6)
            .set("ene", 0)
            .set("status", json!([]));
        let mut v = setup_json(&open(11, 12), &a, &[b], 0, 4);
        v["game"]["to_move"] = json!("B");
        v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
        let mut st = load(&v);
        play(&mut st, &["activate b1"], &[]);
        assert_eq!(st.ch(2).has(engine::state::PANIC), panics, "{t:?}");
    }
}

#[test]
fn empunadura_larga_stance_melee_dan_plus_one_and_def_minus_one() {
    let grip = weapon(2, 2, 0, 4, &["Empuñadura larga"]);
    let mut st = contact(C::std(0, 0).weapon(grip), tough(&[]));
    assert_eq!(st.stance_def(0), 0);
    let log = play(&mut st, &["a1 stance", "a1 melee b1 w1"], &[4, 7, 3]);
    assert_eq!(spent(&log), [0, 2]);
    // Sword-like DAÑ 2 + CON 4 − 4 = 2, + 1.
    assert_eq!((st.ch(1).wounds, st.stance_def(0)), (3, -1));
    assert!(!legal(&st, "a1 stance"));
}

#[test]
fn frenesi_dan_plus_two_in_one_melee_attack_and_def_zero() {
    let mut st = contact(with(&["Frenesí"]).weapon(sword()), tough(&[]));
    play(
        &mut st,
        &["a1 stance", "a1 melee b1 w1", "a1 melee b1 w1"],
        &[4, 7, 3, 4, 7, 3],
    );
    // 2 + 2, then 2.
    assert_eq!(st.ch(1).wounds, 6);
    assert_eq!(st.stance_def(0), -1000);
}

#[test]
fn fuego_a_larga_alc_and_ene_times_two() {
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Fuego a larga"])),
        tough(&[]),
        14,
    );
    assert!(!legal(&st, "a1 shoot b1 w1"));
    let log = play(&mut st, &["a1 stance", "a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(spent(&log), [0, 4]);
}

#[test]
fn fuego_en_las_venas_three_k_more_in_movement_for_a_wound() {
    let mut st = range(with(&["Fuego en las venas"]), C::std(0, 0), 9);
    assert_eq!(reach(&st, 0, "move"), 1);
    play(&mut st, &["a1 stance"], &[2]);
    assert_eq!(st.ch(0).wounds, 1);
    assert_eq!(reach(&st, 0, "move"), 4);
}

#[test]
fn guardaespaldas_takes_a_ranged_hit_on_an_ally_within_three_k() {
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(gun(2, &[]))],
        &[
            C::std(5, 6).facing("S"),
            with(&["Guardaespaldas"])
                .set("at", [7, 6])
                .facing("S")
                .status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b2 CH DEF 0 r9", "b2 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [0, 0, 2]);
}

#[test]
fn ave_fenix_rolls_each_turn_while_dead() {
    // b1 (CON 4) dead; at the next turn's initiative: r3 → it rises with CON − 1 = 3 wounds.
    for (r, w, gone) in [(1, 0, false), (3, 3, false), (7, 5, false), (10, 5, true)] {
        let mut st = range(C::std(0, 0), with(&["Ave Fénix"]).set("wounds", 5), 5);
        play(&mut st, &["a1 end facing S", "init a1"], &[]);
        play(&mut st, &["init b2"], &[r, 6, 5]);
        assert_eq!(st.ch(1).wounds, w, "r{r}");
        assert_eq!(st.ch(1).has(engine::state::REMOVED), gone, "r{r}");
    }
}

#[test]
fn arma_muy_larga_melee_at_two_k_without_being_engaged() {
    let pike = weapon(2, 2, 0, 4, &["Arma muy larga"]);
    let st = range(C::std(0, 0).weapon(pike.clone()), tough(&[]), 3);
    assert!(!legal(&st, "a1 melee b1 w1"));
    let mut st = range(C::std(0, 0).weapon(pike), tough(&[]), 2);
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    let st = range(C::std(0, 0).weapon(sword()), tough(&[]), 2);
    assert!(!legal(&st, "a1 melee b1 w1"));
}

#[test]
fn apestoso_no_ally_ends_its_movement_within_three_k() {
    for (t, near) in [(&[][..], true), (&["Apestoso"][..], false)] {
        let st = position(
            &open(11, 12),
            &[
                C::std(5, 1).facing("S"),
                with(t).set("at", [5, 4]).status("acted"),
            ],
            &[C::std(5, 11).facing("N").status("acted")],
            0,
        );
        let d = dests(&st, 0, "move");
        assert_eq!(d.contains(&sq(5, 2)), near, "{t:?}");
        assert!(d.contains(&sq(5, 0)));
    }
}

#[test]
fn arma_arrojada_thrown_reaches_con_plus_agi_with_its_dan_plus_one() {
    // MOV 1 + CON 4 = 5 K for any item; CON 4 + AGI 5 = 9 K for an Arma arrojada.
    let javelin = weapon(2, 3, 0, 4, &["Arma arrojada"]);
    let st = range(C::std(0, 0).weapon(sword()), tough(&[]), 8);
    assert!(!legal(&st, "a1 throw b1 w1"));
    let mut st = range(C::std(0, 0).weapon(javelin), tough(&[]), 8);
    let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[1], "b1 CH DEF 0 r9");
    // DAÑ 3 + 1.
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn locura_asesina_twenty_percent_to_attack_the_nearest_mini() {
    for (dice, mad) in [([1u8, 5u8], true), ([5, 1], false)] {
        let a = with(&["Locura asesina"])
            .weapon(gun(2, &[]))
            .set("at", [5, 1])
            .facing("S")
            .set("ene", 0)
            .set("status", json!([]));
        let b = [
            C::std(5, 6).facing("S"),
            C::std(9, 11).facing("S").status("acted"),
        ];
        let mut v = setup_json(&open(11, 12), &[a], &b, 0, 4);
        v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
        let mut st = load(&v);
        play(&mut st, &["activate a1"], &dice);
        let acts = all_legal(&st);
        let only = acts
            .iter()
            .all(|a| a.starts_with("a1 shoot b1") || a.starts_with("a1 charge b1"));
        assert_eq!(only, mad, "{acts:?}");
        assert!(acts.contains(&"a1 shoot b1 w1".to_string()));
    }
}
