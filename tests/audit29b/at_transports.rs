//! Transports: the CH DEF of a transport hit by a weapon (COMBATE: «Pifia en CH DEF: DAÑ +1
//! para el atacante»; Munición perforante «El objetivo, DEF -2»; «Crítico en CH DEF: … en CaC,
//! un impacto automático de DAÑ 1 al atacante»), Artillero («Sin negativos disparando desde y/o
//! hacia un transporte en movimiento») and Munición regenerativa on a mounted weapon.
//! Audit 29b (fixes).

use super::*;
use crate::audit27a::at_transports::mecha;
use crate::audit28b::at_transports::shoot_truck;
use crate::traits::traits_t::crew;
use crate::transport_mounted::{convoy, mounted};
use serde_json::json;

#[test]
fn audit_munición_perforante_lowers_a_transports_def() {
    // B1's gun of DAÑ 3 hits the truck (DEF 4): CH DEF 4 r3 passes, 3 − 4: no wound.
    let (c, w, _, _) = shoot_truck(C::std(0, 0).weapon(gun(3, &[])), &[3, 3]);
    assert_eq!(c, ["b1 CH IMP transport 5 r3", "b1 CH DEF transport 4 r3"]);
    assert_eq!(w, 0);
    // Munición perforante: DEF 2 — r3 fails, the whole DAÑ 3 (the truck, CAL 3, stops at 4);
    // r2 passes, 3 − 2 = 1 wound. It checked DEF 4 whatever the ammunition.
    let (c, w, _, _) = shoot_truck(
        C::std(0, 0).weapon(gun(3, &["Munición perforante"])),
        &[3, 3],
    );
    assert_eq!(c, ["b1 CH IMP transport 5 r3", "b1 CH DEF transport 2 r3"]);
    assert_eq!(w, 3);
    let (_, w, _, _) = shoot_truck(
        C::std(0, 0).weapon(gun(3, &["Munición perforante"])),
        &[3, 2],
    );
    assert_eq!(w, 1);
}

#[test]
fn audit_a_transports_fumbled_ch_def_takes_one_dan_more() {
    // DAÑ 2: a 9 fails (2 wounds), a 10 is a fumble: 2 + 1 = 3 (it was 2).
    let (_, w, _, _) = shoot_truck(C::std(0, 0).weapon(gun(2, &[])), &[3, 9]);
    assert_eq!(w, 2);
    let (c, w, _, _) = shoot_truck(C::std(0, 0).weapon(gun(2, &[])), &[3, 10]);
    assert_eq!(c[1], "b1 CH DEF transport 4 r10");
    assert_eq!(w, 3);
}

#[test]
fn audit_a_mechas_critical_ch_def_in_melee_hits_the_attacker_back() {
    // B1's sword on the mecha (CH IMP r3): its CH DEF 4 r1 is a critical — no wound, and B1
    // takes the automatic DAÑ 1 (CH DEF 0 r9: 1 wound, CH PSI r2). It took nothing.
    let mut st = mecha(C::std(0, 0).weapon(sword()));
    let log = play(&mut st, &["b1 melee-transport t1 w1"], &[3, 1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH IMP mecha 5 r3",
            "b1 CH DEF transport 4 r1",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.transport(0).wounds, st.ch(1).wounds), (0, 1));
    // A pass that is no critical (r2): no hit back.
    let mut st = mecha(C::std(0, 0).weapon(sword()));
    let log = play(&mut st, &["b1 melee-transport t1 w1"], &[3, 2]);
    assert_eq!(checks(&st, &log).len(), 2);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_artillero_waives_the_transports_speed_not_the_targets() {
    let shooter = |traits: &[&str]| C::new(race_t(4, 5, 4, 4, traits), 0, 0).weapon(gun(3, &[]));
    // The crew's Artillero after 8 K: B1 still (CH IMP 5) …
    let mut st = crew(shooter(&["Artillero"]), C::std(0, 0), 8, 1);
    let log = play(&mut st, &["a2 shoot b1 w1", "pass"], &[6]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP 5 r6"]);
    // … B1 ran more than 5 K this turn: its own movement's − 1 stands (it was waived).
    let mut st = crew(shooter(&["Artillero"]), C::std(0, 0).status("fast"), 8, 1);
    let log = play(&mut st, &["a2 shoot b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP 4 r5"]);
}

#[test]
fn audit_artillero_on_foot_keeps_the_malus_of_its_own_run_at_a_transport() {
    let shooter = |traits: &[&str]| C::new(race_t(4, 5, 4, 4, traits), 0, 0).weapon(gun(3, &[]));
    // The truck stands (moved 0); B1 ran more than 5 K: − 1, Artillero or not (it was waived).
    for t in [&[][..], &["Artillero"][..]] {
        let (c, _, _, _) = shoot_truck(shooter(t).status("fast"), &[5]);
        assert_eq!(c, ["b1 CH IMP transport 4 r5"], "{t:?}");
    }
    // Not fast: CH IMP 5.
    let (c, _, _, _) = shoot_truck(shooter(&["Artillero"]), &[5, 3]);
    assert_eq!(c[0], "b1 CH IMP transport 5 r5");
}

#[test]
fn audit_municion_regenerativa_the_crew_replenishes_a_mounted_weapon() {
    // The mounted gun (Cargadores (3), Munición regenerativa, CAL 3) has 1 round of 3: A2 of the
    // crew may replenish it (ENE 1; not offered before), CH CAL 3 r3: 2 rounds.
    let gun = mounted(2, &["Cargadores (3)", "Munición regenerativa"]);
    let mut v = convoy(gun.clone(), (3, 9), 1, 12);
    v["transports"][0]["ammo"] = json!([1]);
    let mut st = load(&v);
    assert!(legal(&st, "a2 replenish"), "{:?}", all_legal(&st));
    let log = play(&mut st, &["a2 replenish"], &[3]);
    assert_eq!(checks(&st, &log), ["a2 CH CAL 3 r3"]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(st.transport(0).gun_ammo[0], 2);
    // Failed (r4): no round (a mounted weapon takes no wear of its own, as with a fumble).
    let mut st = load(&v);
    let log = play(&mut st, &["a2 replenish"], &[4]);
    assert_eq!(checks(&st, &log), ["a2 CH CAL 3 r4"]);
    assert_eq!(st.transport(0).gun_ammo[0], 1);
    // Full, or without the trait, or for the driver: not offered.
    v["transports"][0]["ammo"] = json!([3]);
    assert!(!legal(&load(&v), "a2 replenish"));
    let mut w = convoy(mounted(2, &["Cargadores (3)"]), (3, 9), 1, 12);
    w["transports"][0]["ammo"] = json!([1]);
    assert!(!legal(&load(&w), "a2 replenish"));
    let mut v = convoy(gun, (3, 9), 0, 12);
    v["transports"][0]["ammo"] = json!([1]);
    assert!(!legal(&load(&v), "a1 replenish"));
}

/// `shot` (CH IMP r8: a miss), then the reaction windows passed: A2 acts again.
fn fire(st: &mut engine::State, shot: &str) {
    play(st, &[shot, "pass"], &[8]);
    while legal(st, "pass") {
        play(st, &["pass"], &[]);
    }
}

/// Save → load gives the same position (the transport's counts included).
fn saves(st: &engine::State) {
    let s = st.to_setup();
    let back = engine::State::from_setup(&s, None).unwrap();
    assert_eq!(back.fingerprint(), st.fingerprint());
    assert_eq!(back.to_setup(), s);
}

#[test]
fn audit_cargas_a_mounted_weapon_of_one_charge_fires_once() {
    // A mounted gun with Cargas (1): A2 of the crew fires it (CH IMP r8, a miss) — then it is
    // spent, for the whole crew; the use is saved and loaded. It fired without end.
    let v = convoy(mounted(2, &["Cargas (1)"]), (3, 9), 1, 12);
    let mut st = load(&v);
    assert!(legal(&st, "a2 shoot b1 t1.w1"), "{:?}", all_legal(&st));
    fire(&mut st, "a2 shoot b1 t1.w1");
    assert_eq!(st.transport(0).gun_uses[0], 1);
    assert!(!legal(&st, "a2 shoot b1 t1.w1"), "{:?}", all_legal(&st));
    saves(&st);
    // Cargas (2): a second shot is still there.
    let mut st = load(&convoy(mounted(2, &["Cargas (2)"]), (3, 9), 1, 12));
    fire(&mut st, "a2 shoot b1 t1.w1");
    assert!(legal(&st, "a2 shoot b1 t1.w1"), "{:?}", all_legal(&st));
}

#[test]
fn audit_arma_de_campana_one_mounted_field_weapon_closes_the_others() {
    // Two mounted field guns: w1 fires (r8), then w2 may not — w1 still may. Without the trait
    // on w2, it may.
    let two = |w2: &[&str]| {
        let mut v = convoy(mounted(2, &["Arma de campaña"]), (3, 9), 1, 12);
        v["sides"]["A"][0]["transports"][0]["weapons"]
            .as_array_mut()
            .unwrap()
            .push(mounted(2, w2));
        let mut st = load(&v);
        assert!(legal(&st, "a2 shoot b1 t1.w2"), "{:?}", all_legal(&st));
        fire(&mut st, "a2 shoot b1 t1.w1");
        st
    };
    let st = two(&["Arma de campaña"]);
    assert_eq!(st.transport(0).field_fired, 1);
    assert!(!legal(&st, "a2 shoot b1 t1.w2"), "{:?}", all_legal(&st));
    assert!(legal(&st, "a2 shoot b1 t1.w1"));
    saves(&st);
    let st = two(&[]);
    assert!(legal(&st, "a2 shoot b1 t1.w2"));
}

#[test]
fn audit_a_transports_uses_and_field_fired_out_of_range_are_refused_naming_the_field() {
    let mut v = convoy(mounted(2, &["Cargas (1)"]), (3, 9), 1, 12);
    v["transports"][0]["uses"] = json!([1, 0]);
    let e = load_error(&v);
    assert!(e.contains("transports[0].uses"), "{e}");
    let mut v = convoy(mounted(2, &["Arma de campaña"]), (3, 9), 1, 12);
    v["transports"][0]["field_fired"] = json!(2);
    let e = load_error(&v);
    assert!(e.contains("transports[0].field_fired"), "{e}");
    v["transports"][0]["field_fired"] = json!(1);
    assert_eq!(load(&v).transport(0).field_fired, 1);
}

#[test]
fn audit_municion_silenciosa_on_a_mounted_weapon_lowers_the_ch_def_from_behind() {
    // A2 fires the truck's gun (Munición silenciosa: «CH DEF -1 atacando por un flanco o por
    // detrás») at B1 (armour DEF 3) 6 K south: facing the truck, CH DEF 3; its back to it, 2.
    // It was 3 either way (only a character's own weapon indices were read).
    let at = |facing: &str, traits: &[&str]| {
        let mut v = convoy(mounted(2, traits), (3, 9), 1, 12);
        v["sides"]["B"][0]["facing"] = json!(facing);
        v["sides"]["B"][0]["protections"] = json!([armour(3, &[])]);
        let mut st = load(&v);
        let log = play(&mut st, &["a2 shoot b1 t1.w1", "pass"], &[3, 2]);
        checks(&st, &log)[1].clone()
    };
    assert_eq!(at("N", &["Munición silenciosa"]), "b1 CH DEF 3 r2");
    assert_eq!(at("S", &["Munición silenciosa"]), "b1 CH DEF 2 r2");
    assert_eq!(at("S", &[]), "b1 CH DEF 3 r2");
}
