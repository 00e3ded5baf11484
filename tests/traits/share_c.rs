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
