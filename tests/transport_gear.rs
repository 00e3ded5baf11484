//! A transport's own equipment (CREACIÓN DE TRANSPORTES, paso 5; RULES.md, "Transportes"): its
//! equipped protections summed into its DEF, its mounted weapons priced and fired by the crew
//! with the transport's ammunition, and an area on its square (open and closed transports).
//!
//! Standard race: CON 4, AGI 5 (CH IMP 5), VOL 4; no protections (CH DEF 0, failed).

use crate::build::*;
use crate::transport::{owner, truck, with_transports};
use engine::{Setup, State};
use serde_json::{json, Value};

/// A mounted gun: ENE 2, DAÑ 2, ALC 10, CAL 3, Cargadores (3), quiet (no reaction window
/// opens on its noise).
fn gun() -> Value {
    let mut g = weapon(2, 2, 10, 3, &["Cargadores (3)"]);
    g["noise"] = json!("quiet");
    g
}

/// The truck (DEF 4) with the gun mounted and, when `closed`, a protection of DEF 2 (ENE 0,
/// TAL 0, CAL 5) equipped.
fn armed_truck(closed: bool) -> Value {
    let mut t = truck();
    t["weapons"] = json!([gun()]);
    if closed {
        t["protections"] = json!([prot(0, 2, 0, 5, &[])]);
    }
    t
}

/// A1 drives the armed truck at (3, 3), A2 aboard; B1 at (3, 9), 6 K away; `actor` acts.
pub(crate) fn convoy(closed: bool, actor: usize, b: C) -> Value {
    let a = [
        owner(3, 3, armed_truck(closed)).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
    ];
    with_transports(
        setup_json(&open(8, 12), &a, &[b], actor, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    )
}

#[test]
fn a_transports_equipment_is_priced_and_its_def_is_the_sum_of_the_equipped_def() {
    let st = load(&convoy(true, 2, C::std(3, 9).weapon(bow())));
    let info = st.transport_info(0);
    // «El CH DEF = la suma de las DEF equipadas»: the hull's DEF 4 plus the protection's 2.
    assert_eq!((info.arch.def, info.def), (4, 6));
    // Paso 7 plus each equipped archetype at its own cost.
    let arch = &info.arch;
    let gear = arch.weapons[0].cost() + arch.protections[0].cost();
    assert_eq!(arch.cost(), arch.own_cost() + gear);
    let bare = load(&convoy(false, 2, C::std(3, 9).weapon(bow())));
    assert_eq!(
        st.info(0).cost - bare.info(0).cost,
        arch.protections[0].cost()
    );
    // A shot at it rolls its CH DEF against the sum: CH IMP 5 r3, CH DEF 6 r5 passed: DAÑ 2 − 6.
    let mut st = st;
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 5]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP transport 5 r3", "b1 CH DEF transport 6 r5"]
    );
    assert_eq!(st.transport(0).wounds, 0);
}

#[test]
fn the_crew_fires_the_transports_own_weapon_with_its_ammunition() {
    let st = load(&convoy(true, 1, C::std(3, 9)));
    assert!(legal(&st, "a2 shoot b1 t1.w1"), "{:?}", all_legal(&st));
    assert!(!legal(&st, "a2 shoot b1 t1.w2"), "one weapon mounted");
    assert!(all_legal(&st).contains(&"a2 shoot b1 t1.w1".to_string()));
    let mut st = st;
    // CH IMP 5 (AGI 5, 6 K) r3: hit; B1's CH DEF 0 r9: the gun's DAÑ 2; its CH PSI.
    let log = play(&mut st, &["a2 shoot b1 t1.w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a2 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(2).wounds, 2);
    assert_eq!(st.ch(1).ene, 6, "the gun's ENE 2");
    // The magazine is the transport's: 3 rounds, one spent.
    assert_eq!(st.transport(0).gun_ammo[0], 2);
    // Saved with its rounds, reloaded exactly.
    let s = st.to_setup();
    assert_eq!(s.transports[0].ammo, vec![2]);
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.fingerprint(), st.fingerprint());
    assert_eq!(back.to_setup(), s);
}

#[test]
fn the_driver_does_not_fire_and_an_empty_or_inutilizado_transport_fires_nothing() {
    assert!(
        !legal(&load(&convoy(true, 0, C::std(3, 9))), "a1 shoot b1 t1.w1"),
        "the driver drives"
    );
    // No rounds left in the transport's magazine.
    let mut v = convoy(true, 1, C::std(3, 9));
    v["transports"][0]["ammo"] = json!([0]);
    assert!(!legal(&load(&v), "a2 shoot b1 t1.w1"));
    // Inutilizado (wounds = CAL 3): «no se puede usar».
    let mut v = convoy(true, 1, C::std(3, 9));
    v["transports"][0]["wounds"] = json!(3);
    assert!(!legal(&load(&v), "a2 shoot b1 t1.w1"));
}

#[test]
fn the_crew_may_react_with_the_transports_own_weapon() {
    // B1 shoots the truck (CH IMP r8: a miss); A2 aboard (facing S, B1 in sight) reacts: its
    // CH VOL 4 r3, then a shot with the mounted gun is among its reactions; it fires (CH IMP 5
    // r3, B1's shot already made: no early malus; B1's CH DEF 0 r9: DAÑ 2; its CH PSI r2).
    let a = [
        owner(3, 3, armed_truck(true)).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1").facing("S"),
    ];
    let v = with_transports(
        setup_json(&open(8, 12), &a, &[C::std(3, 9).weapon(bow())], 2, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    );
    let mut st = load(&v);
    let log = play(&mut st, &["b1 shoot-transport t1 w1", "a2 react"], &[8, 3]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP transport 5 r8", "a2 CH VOL reaction 4 r3"]
    );
    let all = all_legal(&st);
    assert!(all.contains(&"a2 shoot b1 t1.w1".to_string()), "{all:?}");
    let log = play(&mut st, &["a2 shoot b1 t1.w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a2 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(2).wounds, st.transport(0).gun_ammo[0]), (2, 2));
}

/// An area weapon: ENE 2, DAÑ 3, ALC 10, CAL 3, quiet, `Área (R1)`.
fn grenade() -> Value {
    let mut w = weapon(2, 3, 10, 3, &["Área (R1)"]);
    w["noise"] = json!("quiet");
    w
}

#[test]
fn an_area_on_a_transport_hits_it_and_reaches_its_passengers_only_when_it_is_open() {
    // Closed (a protection equipped): the area hits the truck alone — DAÑ 3 against its CH
    // DEF 6, failed r9: 3 wounds.
    let mut st = load(&convoy(true, 2, C::std(3, 9).weapon(grenade())));
    let log = play(&mut st, &["b1 area w1 3,3"], &[3, 9]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP area 5 r3", "b1 CH DEF transport 6 r9"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 0));
    assert_eq!(st.transport(0).wounds, 3);
    // Open (no protection): the passengers are reached as any mini under the template, and the
    // truck is hit too (CH DEF 4 r2 passed: DAÑ 3 − 4, none).
    let mut st = load(&convoy(false, 2, C::std(3, 9).weapon(grenade())));
    let log = play(&mut st, &["b1 area w1 3,3"], &[3, 9, 2, 9, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH IMP area 5 r3",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r2",
            "b1 CH DEF transport 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (3, 3));
    assert_eq!(st.transport(0).wounds, 0);
}

#[test]
fn bad_transport_equipment_is_refused_with_the_field() {
    let load_err = |v: &Value| {
        let s = Setup::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"));
        State::from_setup(&s, None).unwrap_err().to_string()
    };
    let mut v = convoy(true, 1, C::std(3, 9));
    v["transports"][0]["ammo"] = json!([4]);
    let e = load_err(&v);
    assert!(
        e.contains("transports[0].ammo[0]") && e.contains("holds 3"),
        "{e}"
    );
    v["transports"][0]["ammo"] = json!([1, 1]);
    let e = load_err(&v);
    assert!(
        e.contains("transports[0].ammo") && e.contains("1 mounted"),
        "{e}"
    );
    let mut v = convoy(true, 1, C::std(3, 9));
    v["sides"]["A"][0]["transports"][0]["weapons"] = json!([gun(), gun(), gun(), gun(), gun()]);
    let e = match Setup::from_json(&v.to_string()) {
        Err(e) => e.to_string(),
        Ok(s) => State::from_setup(&s, None).unwrap_err().to_string(),
    };
    assert!(e.contains("5 weapons mounted; at most 4"), "{e}");
}
