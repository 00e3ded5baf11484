//! A weapon is used whatever it is used on: Cargas («Usable un número de veces») and Arma de
//! campaña («Después de disparar esta arma ya no se puede disparar otra arma de campaña») count
//! an area weapon's throw and a shot at a transport as a use; Peligro («Si pifia en CH IMP, gana
//! 1 DAÑ extra») an area weapon's fumble. Audit 28b (fix): only an attack on a character
//! spent a use or marked a field weapon, and an area's fumble hit was DAÑ 1 whatever Peligro
//! said.

use super::*;
use engine::State;
use serde_json::{json, Value};

/// An area weapon R1: ENE 2, DAÑ `dmg`, ALC 10, CAL 3, quiet, with `extra` traits.
fn area_w(dmg: u8, extra: &[&str]) -> Value {
    let mut t = vec!["Área (R1)"];
    t.extend_from_slice(extra);
    let mut w = weapon(2, dmg, 10, 3, &t);
    w["noise"] = json!("quiet");
    w
}

/// a1 (`a`) on (5, 1) facing S; b1 on (5, 6); b2 far away, acted.
fn throw_at(a: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 11).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_cargas_an_area_weapon_of_one_charge_is_thrown_once() {
    // CH IMP 5 r3, b1's CH DEF 0 r9: 2 wounds, its CH PSI r2. Without Cargas it is thrown again
    // in the same activation (ENE 8 − 2 left).
    let mut st = throw_at(C::std(0, 0).weapon(area_w(2, &[])));
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert!(legal(&st, "a1 area w1 b1"));
    let mut st = throw_at(C::std(0, 0).weapon(area_w(2, &["Cargas (2)"])));
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert!(legal(&st, "a1 area w1 b1"), "one use of two left");
    let mut st = throw_at(C::std(0, 0).weapon(area_w(2, &["Cargas (1)"])));
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert_eq!(wounds(&st)[1], 2);
    assert!(!legal(&st, "a1 area w1 b1"));
    assert!(!legal(&st, "a1 area w1 5,6"));
}

#[test]
fn audit_arma_de_campana_an_area_throw_closes_the_other_field_weapons() {
    // Two field weapons: the area one thrown, the gun can no longer fire; the area one can.
    let a = || {
        C::std(0, 0)
            .weapon(area_w(2, &["Arma de campaña"]))
            .weapon(gun(2, &["Arma de campaña"]))
    };
    let mut st = throw_at(a());
    assert!(legal(&st, "a1 shoot b1 w2"));
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert!(!legal(&st, "a1 shoot b1 w2"));
    assert!(legal(&st, "a1 area w1 b1"));
    // A gun that is no field weapon still fires.
    let mut st = throw_at(
        C::std(0, 0)
            .weapon(area_w(2, &["Arma de campaña"]))
            .weapon(gun(2, &[])),
    );
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert!(legal(&st, "a1 shoot b1 w2"));
}

#[test]
fn audit_peligro_an_area_weapons_fumble_hits_its_thrower_with_dan_two() {
    // A 10 on the CH IMP: the thrower's DAÑ 1 hit (CH DEF 0 r5 failed: 1 wound, CH PSI r2) —
    // with Peligro DAÑ 2; then the area scatters (direction r4, 1D10 K r1 → a square away:
    // nobody there) as any failed CH IMP.
    let fumble = |t: &[&str]| {
        let mut st = throw_at(C::std(0, 0).weapon(area_w(2, t)));
        let log = play(&mut st, &["a1 area w1 5,9"], &[10, 5, 2, 4, 1]);
        (checks(&st, &log), wounds(&st))
    };
    let (c, w) = fumble(&[]);
    assert_eq!(
        c,
        ["a1 CH IMP area 5 r10", "a1 CH DEF 0 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!(w, [1, 0, 0]);
    let (c, w) = fumble(&["Peligro"]);
    assert_eq!(
        c,
        ["a1 CH IMP area 5 r10", "a1 CH DEF 0 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!(w, [2, 0, 0]);
}
