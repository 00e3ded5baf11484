//! Radiante («Enemigos a 10 K deben atacarle a distancia antes que a otro, si no superan un CH
//! VOL»): every ranged attack on another asks it. Audit 28a (fix): an area weapon's attack and a
//! meta-ability's of ALC > 0 (a ranged attack since audit 25b) went without the CH VOL.

use super::*;
use engine::State;
use serde_json::{json, Value};

/// A1 (`a`) on (5, 1) facing S; B1 on (5, 6), 5 K away; B2 far away (acted); B3 with Radiante
/// on `radiant`, facing S (seen by A1).
pub(crate) fn field(a: C, radiant: [u8; 2]) -> State {
    position(
        &open(17, 16),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
            with(&["Radiante"]).set("at", radiant).facing("S"),
        ],
        0,
    )
}

/// An area weapon: ENE 2, DAÑ 3, ALC 10, CAL 3, Área (R1), quiet.
fn mortar() -> Value {
    let mut w = weapon(2, 3, 10, 3, &["Área (R1)"]);
    w["noise"] = json!("quiet");
    w
}

/// A Bunkai meta-ability (ENE 2, ALC `alc`, CAL 4: DAÑ 4).
fn chi(alc: u8) -> Value {
    json!({"name": "M", "ene": 2, "range": alc, "quality": 4, "traits": ["Bunkai"]})
}

#[test]
fn audit_radiante_an_area_weapon_aimed_at_another_needs_the_ch_vol() {
    // The Radiante 3 K away (7, 4): a1's CH VOL 4 r5 fails — nothing laid, B1 untouched, the
    // ENE spent. It was laid straight away (CH IMP area).
    let mut st = field(C::std(0, 0).weapon(mortar()), [7, 4]);
    let log = play(&mut st, &["a1 area w1 b1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL (Radiante) 4 r5"]);
    assert!(landed(&log).is_empty());
    assert_eq!(spent(&log), [2]);
    assert_eq!(st.ch(1).wounds, 0);
    // Passed (r4): the area follows.
    let mut st = field(C::std(0, 0).weapon(mortar()), [7, 4]);
    let log = play(&mut st, &["a1 area w1 b1"], &[4, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH VOL (Radiante) 4 r4",
            "a1 CH IMP area 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_radiante_an_area_weapon_aimed_at_it_or_from_beyond_10k_needs_none() {
    // Aimed at the Radiante itself: no CH VOL (it is the one it must attack first).
    let mut st = field(C::std(0, 0).weapon(mortar()), [7, 4]);
    let log = play(&mut st, &["a1 area w1 b3"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP area 5 r3");
    // The Radiante 10 K away (15, 1): the check; 11 K away (16, 1), out of its reach: none.
    let mut st = field(C::std(0, 0).weapon(mortar()), [15, 1]);
    let log = play(&mut st, &["a1 area w1 b1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL (Radiante) 4 r5"]);
    let mut st = field(C::std(0, 0).weapon(mortar()), [16, 1]);
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP area 5 r3");
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_radiante_a_meta_ability_at_range_on_another_needs_the_ch_vol() {
    // A Golpe de chi of ALC 5 at B1 5 K away: the CH VOL r5 fails, nothing more (its ENE
    // spent). It went straight to its CH AGI meta.
    let a = || with(&["Cinético"]).meta(chi(5));
    let mut st = field(a(), [7, 4]);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL (Radiante) 4 r5"]);
    assert_eq!(st.ch(1).wounds, 0);
    // Passed: the attack follows (CH AGI meta r3, CH ENF 2 against 6, CH DEF 0 r9: DAÑ 4 takes
    // B1, CON 4, out).
    let mut st = field(a(), [7, 4]);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[4, 3, 2, 6, 9]);
    assert_eq!(
        checks(&st, &log)[..2],
        ["a1 CH VOL (Radiante) 4 r4", "a1 CH AGI meta 5 r3"]
    );
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn audit_radiante_a_meta_ability_of_alc_0_in_contact_is_free() {
    // ALC 0 in contact: a melee attack, «a distancia» does not hold it back — no CH VOL with the
    // Radiante 2 K away.
    let mut st = position(
        &open(11, 12),
        &[with(&["Cinético"]).meta(chi(0)).set("at", [5, 5])],
        &[
            C::std(5, 6).facing("S"),
            C::std(10, 11).facing("S").status("acted"),
            with(&["Radiante"]).set("at", [7, 5]).facing("S"),
        ],
        0,
    );
    // (B3 may react to it: it passes.)
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 9]);
    assert_eq!(checks(&st, &log)[0], "a1 CH AGI meta 5 r3");
}
