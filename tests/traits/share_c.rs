//! BONUS Y MALUS in play, share C (issue 16): Runas de protección, Retirada ordenada, Silencioso,
//! Sanguinario, Saikikku, Munición aturdidora / de pulso / desestabilizadora / incendiaria,
//! Marcador de objetivos, Mimético, Radar, Invisible, Necrófago, Resurrección, Rematador, Maná,
//! Magia: tranquilizar, Maleficio and maluses cast on enemies. Scripted dice, exact outcomes
//! (RULES.md, "Traits in play, share C"). The standard race is CON 4, AGI 5, INT 4, VOL 4.

use super::*;
use engine::creation::effect::{CheckKind, Scope, Stat};
use engine::state::*;
use serde_json::json;

/// A meta-ability of ENE 2, ALC 3, CAL 4 with `traits`.
fn meta(traits: &[&str]) -> Value {
    json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": traits})
}

/// The CH IMP modifier of `who` attacking `other` at range.
fn hit_mod(st: &State, who: CharIdx, other: CharIdx) -> i8 {
    st.trait_check_mod(who, CheckKind::Hit, Scope::Ranged, None, Some(other), true)
}

use engine::{CharIdx, Log};

#[test]
fn runas_de_proteccion_a_fumbled_meta_check_brings_no_ch_psi_nor_stress() {
    let a = with(&["Cinético", "Runas de protección"]).meta(meta(&["Bunkai"]));
    let mut st = range(a, C::std(0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[10]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI meta 5 r10"]);
    assert_eq!(st.ch(0).stress, 0);
}

#[test]
fn retirada_ordenada_gives_two_to_the_ch_psi_of_destrabarse() {
    // One against one: no superiority, so Destrabarse takes a CH PSI: VOL 4 + 2.
    let mut st = contact(with(&["Retirada ordenada"]), C::std(0, 0));
    let log = play(&mut st, &["a1 disengage 5,3"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 6 r6"]);
    assert_eq!(st.ch(0).pos, sq(5, 3));
}

#[test]
fn silencioso_sneaks_for_the_ene_of_mover() {
    let mut st = range(with(&["Silencioso"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 sneak 4,1"], &[]);
    assert_eq!(spent(&log), [1]);
    let mut st = range(C::std(0, 0), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 sneak 4,1"], &[]);
    assert_eq!(spent(&log), [2]);
}

#[test]
fn sanguinario_melee_dan_plus_one_after_wounding_in_melee() {
    let a = with(&["Sanguinario"]).weapon(sword());
    let mut st = contact(a, C::new(race(6, 5, 4, 4), 0, 0));
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Melee, false), 0);
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert!(st.ch(1).wounds > 0);
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Melee, false), 1);
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Ranged, false), 0);
}

#[test]
fn saikikku_wounded_in_melee_stresses_and_stops_the_bonuses_of_those_in_contact() {
    let a = with(&["Profesión gladiador"]).weapon(sword());
    let b = C::new(race_t(6, 5, 4, 4, &["Saikikku"]), 0, 0);
    let mut st = contact(a, b);
    let before = st.trait_check_mod(0, CheckKind::Hit, Scope::Melee, None, Some(1), true);
    assert_eq!(before, 1);
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 6 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(0).stress, 1);
    assert!(st.suppressed(0));
    let after = st.trait_check_mod(0, CheckKind::Hit, Scope::Melee, None, Some(1), true);
    assert_eq!(after, 0);
}

fn shoot_with(traits: &[&str], b: C, dice: &[u8]) -> (State, Vec<String>) {
    let mut st = range(C::std(0, 0).weapon(gun(2, traits)), b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    let c = checks(&st, &log);
    (st, c)
}

#[test]
fn municion_aturdidora_a_hit_stuns_no_reactions_and_ch_atr_minus_one() {
    // Hit, passed CH DEF (DEF 0 vs r1 critical): no wound, still stunned.
    let (st, c) = shoot_with(&["Munición aturdiradora"], C::std(0, 0), &[3, 1]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1"]);
    assert_eq!(st.ch(1).wounds, 0);
    assert!(st.ch(1).tbits & STUNNED != 0);
    let m = st.trait_check_mod(1, CheckKind::Attr(Stat::Agi), Scope::Any, None, None, false);
    assert_eq!(m, -1);
    // A miss leaves it as it was.
    let (st, _) = shoot_with(&["Munición aturdiradora"], C::std(0, 0), &[8]);
    assert_eq!(st.ch(1).tbits & STUNNED, 0);
}

#[test]
fn municion_de_pulso_dan_plus_two_on_a_vulnerable_target_minus_two_otherwise() {
    let a = || C::std(0, 0).weapon(gun(2, &["Munición de pulso"]));
    let st = range(a(), C::std(0, 0), 5);
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Ranged, false), -2);
    let st = range(a(), C::std(0, 0).status("knocked_out"), 5);
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Ranged, false), 2);
}

#[test]
fn municion_desestabilizadora_stops_bonuses_and_empties_magazines() {
    let b = C::new(race_t(6, 5, 4, 4, &["Profesión caballero"]), 0, 0)
        .weapon(gun(2, &["Cargadores (6)"]));
    let (st, _) = shoot_with(&["Munición desestabilizadora"], b, &[3, 9, 2]);
    assert!(st.suppressed(1));
    assert_eq!(st.weapon_ammo(1, 0), 0);
    // Profesión caballero's CH DEF +1 no longer works.
    let m = st.trait_check_mod(1, CheckKind::Def, Scope::Any, None, Some(0), false);
    assert_eq!(m, 0);
}

#[test]
fn municion_incendiaria_sets_the_target_on_fire_and_it_may_put_it_out() {
    let (st, c) = shoot_with(&["Munición incendiaria"], C::std(0, 0), &[3, 1]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1"]);
    assert!(st.ch(1).tbits & BURNING != 0);
}

#[test]
fn marcador_de_objetivos_marks_for_ene_one_then_ch_imp_plus_one_on_it() {
    let a = C::std(0, 0).weapon(gun(2, &["Marcador de objetivos"]));
    let mut st = range(a, C::std(0, 0), 5);
    assert_eq!(hit_mod(&st, 0, 1), 0);
    assert!(!legal(&st, "a1 aim-mark b2"), "b2 is beyond ALC 10");
    let log = play(&mut st, &["a1 aim-mark b1"], &[]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(hit_mod(&st, 0, 1), 1);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[6, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 6 r6");
}

#[test]
fn mimetico_camouflage_costs_one_and_gives_ch_imp_minus_three_both_ways_radar_ignores_it() {
    let mut st = range(with(&["Mimético"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 camouflage"], &[]);
    assert_eq!(spent(&log), [1]);
    assert_eq!((hit_mod(&st, 0, 1), hit_mod(&st, 1, 0)), (-3, -3));
    play(&mut st, &["a1 camouflage"], &[]);
    assert_eq!((hit_mod(&st, 0, 1), hit_mod(&st, 1, 0)), (0, 0));
    let mut st = range(with(&["Mimético"]), with(&["Radar"]), 5);
    play(&mut st, &["a1 camouflage"], &[]);
    assert_eq!((hit_mod(&st, 0, 1), hit_mod(&st, 1, 0)), (-3, 0));
}

#[test]
fn invisible_hides_anywhere_for_ene_one_and_a_ch_vol() {
    let mut st = range(with(&["Invisible"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 vanish"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL vanish 4 r5"]);
    assert!(!st.ch(0).has(HIDDEN));
    let log = play(&mut st, &["a1 vanish"], &[4]);
    assert_eq!(spent(&log), [1]);
    assert!(st.ch(0).has(HIDDEN));
    assert!(!legal(&st, "a1 vanish"));
}

#[test]
fn necrofago_feeds_on_a_corpse_in_contact_for_ene_five() {
    let st = contact(with(&["Necrófago"]), C::std(0, 0).set("wounds", 5));
    assert!(!legal(&st, "a1 feed b1"), "not wounded");
    let mut st = contact(
        with(&["Necrófago"]).set("wounds", 2),
        C::std(0, 0).set("wounds", 5),
    );
    assert!(legal(&st, "a1 feed b1"));
    let log = play(&mut st, &["a1 feed b1"], &[]);
    assert_eq!(spent(&log), [5]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 6));
    // A live enemy is no meal.
    let st = contact(with(&["Necrófago"]).set("wounds", 2), C::std(0, 0));
    assert!(!legal(&st, "a1 feed b1"));
}

#[test]
fn resurreccion_a_critical_brings_the_dead_back_unless_a_rematador_killed_it() {
    let mut st = range(C::std(0, 0), with(&["Resurrección"]).set("wounds", 5), 5);
    let mut d = engine::ScriptedDice::new(vec![2]);
    engine::actions::trait_actions::resurrections(&mut st, &mut d, &mut Log::recording());
    assert_eq!(st.ch(1).wounds, 5);
    let mut d = engine::ScriptedDice::new(vec![1]);
    engine::actions::trait_actions::resurrections(&mut st, &mut d, &mut Log::recording());
    assert_eq!(st.ch(1).wounds, 3);
    assert!(st.able(1));
    // Rematador: killed by it, it rolls no more.
    let a = with(&["Rematador"]).weapon(gun(4, &[]));
    let mut st = range(a, with(&["Resurrección"]).set("wounds", 3), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    assert!(st.dead(1));
    assert!(st.ch(1).tbits & NO_RISE != 0);
    let mut d = engine::ScriptedDice::new(vec![]);
    engine::actions::trait_actions::resurrections(&mut st, &mut d, &mut Log::recording());
    assert!(st.dead(1));
}

#[test]
fn mana_pays_meta_abilities_first() {
    let a = with(&["Cinético", "Maná (1)"]).meta(meta(&["Bunkai"]));
    let mut st = range(a, C::std(0, 0), 3);
    assert_eq!(st.ch(0).mana, 1);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[8]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(st.ch(0).mana, 0);
}

#[test]
fn magia_tranquilizar_calms_a_stressed_enemy() {
    let a = with(&["Cinético"]).meta(meta(&["Bunkai", "Magia: tranquilizar"]));
    let st = range(a.clone(), C::std(0, 0), 3);
    assert!(!legal(&st, "a1 meta m1 b1"), "already calm");
    let mut st = range(a, C::std(0, 0).set("stress", 2), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r6"]
    );
    assert_eq!(st.ch(1).stress, 0);
}

#[test]
fn maleficio_casts_the_named_malus_on_an_enemy_after_a_ch_vol_enf() {
    let a = with(&["Cinético"]).meta(meta(&["Bunkai", "Maleficio (Muy torpe)"]));
    let mut st = range(a, C::std(0, 0), 3);
    assert!(legal(&st, "a1 meta m1 b1"));
    play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    let m = st.trait_check_mod(1, CheckKind::Attr(Stat::Agi), Scope::Any, None, None, false);
    assert_eq!(m, -1);
    // A meta-ability of maluses only is cast on enemies too.
    let a = with(&["Cinético"]).meta(meta(&["Bunkai", "Muy torpe"]));
    let st = range(a, C::std(0, 0), 3);
    assert!(legal(&st, "a1 meta m1 b1") && !legal(&st, "a1 meta m1 a1"));
}

#[test]
fn a_burning_character_takes_a_dan_one_hit_at_its_activation_and_may_put_the_fire_out() {
    // a1 (acted) shoots b1 on fire; then b1's activation starts with the fire's hit.
    let (mut st, _) = shoot_with(&["Munición incendiaria"], C::std(0, 0), &[3, 1]);
    assert!(st.ch(1).tbits & BURNING != 0);
    // a1 ends its activation; b1 (the only one of side B to act) activates: burns (CH DEF 0 r9:
    // 1 wound, CH PSI r2).
    let log = play(&mut st, &["a1 end facing S", "activate b1"], &[9, 2]);
    assert_eq!(checks(&st, &log), ["b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 1);
    assert!(legal(&st, "b1 extinguish"));
    let log = play(&mut st, &["b1 extinguish"], &[3]);
    assert_eq!(checks(&st, &log), ["b1 CH PSI 4 r3"]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(1).tbits & BURNING, 0);
    assert!(!legal(&st, "b1 extinguish"));
}

#[test]
fn maestro_de_esgrima_ch_imp_and_ch_def_plus_one_in_melee() {
    let st = contact(with(&["Maestro de esgrima"]), C::std(0, 0));
    let m = |c, s| st.trait_check_mod(0, c, s, None, Some(1), true);
    assert_eq!(m(CheckKind::Hit, Scope::Melee), 1);
    assert_eq!(m(CheckKind::Def, Scope::Melee), 1);
    assert_eq!(m(CheckKind::Hit, Scope::Ranged), 0);
    assert_eq!(m(CheckKind::Def, Scope::Ranged), 0);
}

#[test]
fn maestria_ch_imp_plus_one_with_the_weapon_it_names() {
    let a = with(&["Maestría (Espada)"]).weapon(json!({"name": "Espada", "ene": 2, "dmg": 2,
        "range": 0, "quality": 4, "traits": []}));
    let mut st = contact(a, C::new(race(6, 5, 4, 4), 0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[6, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 6 r6");
}

#[test]
fn radiante_shooting_another_target_needs_a_ch_vol_first() {
    // b1 at 5 K; b3 with Radiante at 3 K, seen: shooting b1 takes a CH VOL first.
    let shooter = || C::std(5, 1).facing("S").weapon(gun(2, &[]));
    let pos = |dice: &[u8]| {
        let mut st = position(
            &open(11, 16),
            &[shooter()],
            &[
                C::std(5, 6).facing("S"),
                C::std(0, 15).facing("S").status("acted"),
                with(&["Radiante"]).set("at", [7, 4]).facing("S"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        let c = checks(&st, &log);
        (st, c)
    };
    let (st, c) = pos(&[5]);
    assert_eq!(c, ["a1 CH VOL (Radiante) 4 r5"]);
    assert_eq!(st.ch(1).wounds, 0);
    let (_, c) = pos(&[4, 3, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH VOL (Radiante) 4 r4",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
}

#[test]
fn manipulador_a_weaker_willed_shooter_must_win_a_ch_vol_enf_or_take_ch_imp_minus_one() {
    let b = || C::new(race_t(4, 5, 4, 6, &["Titiritero", "Manipulador"]), 0, 0);
    // VOL 6 against 4: b1 wins the CH VOL ENF (r2 vs a1's failed r6): CH IMP 5 − 1 = 4, r5
    // misses.
    let (_, c) = shoot_with(&[], b(), &[2, 6, 5]);
    assert_eq!(c, ["b1 CH ENF 6 r2", "a1 CH ENF 4 r6", "a1 CH IMP 4 r5"]);
    // Lost (both pass, the tie goes to a1 here): CH IMP 5.
    let (_, c) = shoot_with(&[], b(), &[6, 2, 6]);
    assert_eq!(c, ["b1 CH ENF 6 r6", "a1 CH ENF 4 r2", "a1 CH IMP 5 r6"]);
    // A shooter with as much VOL: no CH VOL ENF.
    let (_, c) = shoot_with(
        &[],
        C::new(race_t(4, 5, 4, 4, &["Manipulador"]), 0, 0),
        &[6],
    );
    assert_eq!(c, ["a1 CH IMP 5 r6"]);
}

#[test]
fn requiere_equipment_needs_the_trait_it_names() {
    let bow = || {
        json!({"name": "Arco", "ene": 2, "dmg": 2, "range": 10, "quality": 5,
            "traits": ["Requiere (Profesión arquero)"]})
    };
    let v = |a: C| setup_json(&open(11, 16), &[a.set("at", [5, 1])], &[C::std(5, 9)], 0, 4);
    let e = load_error(&v(C::std(0, 0).weapon(bow())));
    assert!(e.contains("Arco") && e.contains("Profesión arquero"), "{e}");
    let st = load(&v(with(&["Profesión arquero"]).weapon(bow())));
    assert!(legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn sed_de_sangre_a_kill_in_melee_lets_it_charge_two_k_further() {
    // MOV 1: a charge reaches 1 + 3 K, too short for b2 (on (10, 11)); after the kill in melee,
    // 2 K more reach it.
    let kill = |traits: &[&str]| {
        let mut st = contact(with(traits).weapon(sword()), C::std(0, 0).set("wounds", 3));
        play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
        assert!(!st.able(1));
        reach(&st, 0, "charge")
    };
    assert_eq!((kill(&[]), kill(&["Sed de sangre"])), (0, 6));
}

#[test]
fn municion_regenerativa_a_passed_ch_cal_gives_one_round_a_failed_one_wears_the_weapon() {
    let a = C::std(0, 0).weapon(gun(2, &["Cargadores (6)", "Munición regenerativa"]));
    let mut st = range(a, C::std(0, 0), 5);
    assert!(!legal(&st, "a1 replenish"), "the magazine is full");
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(st.weapon_ammo(0, 0), 5);
    let log = play(&mut st, &["a1 replenish"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH CAL 5 r5"]);
    assert_eq!((st.weapon_ammo(0, 0), spent(&log)), (6, vec![1]));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    play(&mut st, &["a1 replenish"], &[6]);
    assert_eq!((st.weapon_ammo(0, 0), st.weapon_wear(0, 0)), (5, 1));
}

#[test]
fn poderoso_gathers_poder_from_wounds_and_adds_it_to_its_next_hit() {
    // a1 (Poderoso) wounds b1 (CON 6) twice with DAÑ 2 at range: 2 Poder; the next hit is DAÑ 4.
    let a = with(&["Poderoso"]).weapon(gun(2, &[]));
    let mut st = range(a, C::new(race(6, 5, 4, 4), 0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!((st.ch(1).wounds, st.ch(0).power), (2, 2));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    // Its 2 Poder spent, the 4 wounds it gives bring 4 new.
    assert_eq!(st.ch(0).power, 4);
    assert!(statuses(&st, &log).contains(&"a1 adds its Poder to the DAÑ".to_string()));
    // DAÑ 2 + 2: 4 more wounds, 6 = CON: b1 is out of the fight (no CH PSI).
    assert_eq!(st.ch(1).wounds, 6);
}

#[test]
fn municion_magnetica_halves_the_dan_without_energy_shields() {
    let (st, c) = shoot_with(&["Munición magnética"], C::std(0, 0), &[3, 9, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 1);
    // DAÑ 3 → 1.5, rounded to 2.
    let mut st = range(
        C::std(0, 0).weapon(gun(3, &["Munición magnética"])),
        C::std(0, 0),
        5,
    );
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn muro_wards_off_stress_with_a_ch_def_and_not_wounds() {
    let a = |prot_traits: &[&str]| {
        C::std(0, 0)
            .prot(armour(3, prot_traits))
            .weapon(gun(2, &["Malvado"]))
    };
    let st = range(a(&["Muro"]), C::std(0, 0), 5);
    assert_eq!((st.def_total(0, false), st.ward_def(0)), (0, 3));
    let st = range(a(&[]), C::std(0, 0), 5);
    assert_eq!((st.def_total(0, false), st.ward_def(0)), (3, 0));
    // Malvado's stress: CH DEF (Muro) 3, r3 passes: 1 − 3 → none.
    let mut st = range(a(&["Muro"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 8]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH DEF (Muro) 3 r3", "a1 CH IMP 5 r8"]
    );
    assert_eq!(st.ch(0).stress, 0);
    // r4 fails: the stress gets through.
    let mut st = range(a(&["Muro"]), C::std(0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[4, 8]);
    assert_eq!(st.ch(0).stress, 1);
}

#[test]
fn ordenes_once_per_turn_an_ally_within_vol_k_gets_three_ene() {
    let mut st = position(
        &open(11, 16),
        &[
            with(&["Órdenes"]).set("at", [5, 1]),
            C::std(7, 1).set("ene", 2),
            C::std(10, 1),
        ],
        &[C::std(5, 15).facing("S").status("acted")],
        0,
    );
    assert!(legal(&st, "a1 orders a2"));
    assert!(!legal(&st, "a1 orders a3"), "a3 is 5 K away, beyond VOL 4");
    let log = play(&mut st, &["a1 orders a2"], &[]);
    assert_eq!(spent(&log), [0]);
    assert_eq!(st.ch(1).ene, 5);
    // a2 acts on them at once (traits_i); its end gives the activation back to a1.
    play(&mut st, &["a2 end facing S"], &[]);
    assert!(legal(&st, "a1 crouch"));
    assert!(!legal(&st, "a1 orders a2"), "once per turn");
}

#[test]
fn municion_ignea_a_wounded_target_with_five_wounds_overheats_when_it_moves() {
    let b = C::new(race(8, 5, 4, 4), 0, 0).set("wounds", 4);
    let (mut st, _) = shoot_with(&["Munición ígnea"], b, &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 6);
    assert!(st.ch(1).tbits & OVERHEATED != 0);
    let log = play(
        &mut st,
        &["a1 end facing S", "activate b1", "b1 move 5,7"],
        &[5, 2],
    );
    assert_eq!(
        checks(&st, &log),
        ["b1 CH DEF (overheating) 0 r5", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 7);
}

#[test]
fn reventamuros_dan_plus_three_in_melee_against_a_transport() {
    let tank = serde_json::json!([{"name": "Tanque", "ene": 1, "mov": 3, "def": 1, "quality": 3,
        "traits": []}]);
    let a = || with(&["Reventamuros"]).weapon(sword());
    let st = contact(a(), C::std(0, 0).set("transports", tank));
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Melee, false), 3);
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Ranged, false), 0);
    let st = contact(a(), C::std(0, 0));
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Melee, false), 0);
}

#[test]
fn humo_smoke_gives_ch_imp_minus_one_into_or_out_of_it_super_sentidos_sees_through() {
    let mut st = range(with(&["Humo"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 smoke"], &[]);
    assert_eq!(spent(&log), [2]);
    // a1 stands in its smoke: shooting out of it and being shot into it, CH IMP −1.
    assert_eq!((hit_mod(&st, 0, 1), hit_mod(&st, 1, 0)), (-1, -1));
    let mut st = range(with(&["Humo denso"]), with(&["Súper sentidos"]), 5);
    play(&mut st, &["a1 smoke"], &[]);
    assert_eq!((hit_mod(&st, 0, 1), hit_mod(&st, 1, 0)), (-3, 0));
    // The smoke stays on the square it was laid on.
    assert_eq!(st.ch(0).smoke_at, sq(5, 1));
}
