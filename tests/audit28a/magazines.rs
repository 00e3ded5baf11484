//! Más munición («Cada cargador, proyectiles x2») on a transport's mounted weapon: its own
//! traits act as on a character's weapon (RULES.md, "Transportes"). Audit 28a (fix): the
//! magazine of a mounted weapon ignored it (Cargadores (3) held 3, not 6).

use super::*;
use crate::transport::{owner, truck, with_transports};
use serde_json::{json, Value};

/// A1 drives a truck at (3, 3) with a quiet gun (ENE 2, DAÑ 2, ALC 10, CAL 3, `traits`) mounted
/// and `ammo` rounds in it; A2 aboard, acting; B1 at (3, 9).
fn convoy(traits: &[&str], ammo: u8) -> Value {
    let mut g = weapon(2, 2, 10, 3, traits);
    g["noise"] = json!("quiet");
    let mut t = truck();
    t["weapons"] = json!([g]);
    let a = [
        owner(3, 3, t).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
    ];
    let mut v = with_transports(
        setup_json(&open(8, 12), &a, &[C::std(3, 9)], 1, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    );
    v["transports"][0]["ammo"] = json!([ammo]);
    v
}

#[test]
fn audit_mas_municion_doubles_a_mounted_weapons_magazine() {
    // Cargadores (3) alone: 6 rounds are refused, 3 load.
    let e = load_error(&convoy(&["Cargadores (3)"], 6));
    assert!(e.contains("holds 3"), "{e}");
    load(&convoy(&["Cargadores (3)"], 3));
    // With Más munición: the magazine holds 6 (it was refused: «holds 3»), 7 do not load.
    let st = load(&convoy(&["Cargadores (3)", "Más munición"], 6));
    assert!(legal(&st, "a2 shoot b1 t1.w1"));
    let e = load_error(&convoy(&["Cargadores (3)", "Más munición"], 7));
    assert!(e.contains("holds 6"), "{e}");
}

#[test]
fn audit_mas_municion_a_mounted_weapon_reloads_to_twice_its_magazine() {
    // Empty, Recargar (ENE = DAÑ 2) refills it to 6 (it was 3).
    let gun = engine::basics::action::mounted_slot(0, 0);
    let mut st = load(&convoy(&["Cargadores (3)", "Más munición"], 0));
    assert!(!legal(&st, "a2 shoot b1 t1.w1"));
    play(&mut st, &["a2 reload t1.w1"], &[]);
    assert_eq!(st.weapon_ammo(1, gun), 6);
    let mut st = load(&convoy(&["Cargadores (3)"], 0));
    play(&mut st, &["a2 reload t1.w1"], &[]);
    assert_eq!(st.weapon_ammo(1, gun), 3);
}
