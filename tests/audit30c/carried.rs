//! Weapons in other hands: a picked-up item's Cargas («Usable un número de veces») and Munición
//! regenerativa («Gana 1 munición con una acción de ENE 1 y CH CAL»), and Artillero («Sin
//! negativos disparando desde y/o hacia un transporte en movimiento») on a weapon mounted on a
//! transport (RULES.md, "Audit 30c").

use super::*;
use crate::transport_mounted::{convoy, mounted};
use engine::State;
use serde_json::{json, Value};

/// A1 on (3, 2), unarmed; A2's weapon `g` lies on (4, 2) (A2 on (5, 2) let it go), `runs` its
/// trait state, `ammo` its rounds; B1 on (3, 9) with its back turned.
fn lying(g: Value, runs: Value, ammo: Option<u8>) -> State {
    let mut a2 = C::std(5, 2)
        .weapon(g)
        .set("dropped", json!([0]))
        .set("runs", runs);
    if let Some(n) = ammo {
        a2 = a2.set("ammo", vec![n]);
    }
    let mut v = setup_json(
        &open(11, 12),
        &[C::std(3, 2), a2],
        &[C::std(3, 9).facing("S")],
        0,
        10,
    );
    v["ground"] = json!([{"item": "a2 w1", "at": [4, 2]}]);
    load(&v)
}

#[test]
fn audit_cargas_its_uses_stay_with_the_weapon_in_other_hands() {
    // A2 spent its gun's one use (Cargas (1)) before letting it go: picked up by A1 it is still
    // spent (the count was the holder's slot's: A1 could fire it again).
    let g = gun(2, &["Cargas (1)"]);
    let mut st = lying(g.clone(), json!({"charges": [1]}), None);
    play(&mut st, &["a1 pickup a2 w1"], &[]);
    assert_eq!(st.weapon_ref(0, 0), Some((1, 0)));
    assert!(!legal(&st, "a1 shoot b1 w1"));
    // Unspent: A1 fires it once (r8, a miss); the use is counted on the gun — its owner's
    // record — so it is spent for whoever holds it next.
    let mut st = lying(g, json!({}), None);
    play(&mut st, &["a1 pickup a2 w1"], &[]);
    assert!(legal(&st, "a1 shoot b1 w1"));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert!(!st.charges_left(1, 0));
    assert_eq!(st.ch(0).run.charges, [0; 4]);
    assert_eq!(st.ch(1).run.charges[0], 1);
}

#[test]
fn audit_municion_regenerativa_on_a_picked_up_weapon() {
    // A2's gun (Cargadores (6), Munición regenerativa, CAL 5) with 4 rounds, in A1's hands: A1
    // may replenish it (ENE 1; it was not offered), CH CAL 5 r5: 5 rounds.
    let g = gun(2, &["Cargadores (6)", "Munición regenerativa"]);
    let mut st = lying(g, json!({}), Some(4));
    assert!(!legal(&st, "a1 replenish"));
    play(&mut st, &["a1 pickup a2 w1"], &[]);
    assert!(legal(&st, "a1 replenish"), "{:?}", all_legal(&st));
    let log = play(&mut st, &["a1 replenish"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH CAL 5 r5"]);
    assert_eq!((st.weapon_ammo(0, 0), spent(&log)), (5, vec![1]));
}

#[test]
fn audit_artillero_on_a_mounted_weapon_waives_the_transports_speed() {
    // A2 of the crew fires the truck's gun after it moved 8 K: Por velocidad − 1 (CH IMP 4);
    // with Artillero on that gun, none (CH IMP 5) — the gun's trait was not read.
    let shot = |traits: &[&str]| {
        let mut v = convoy(mounted(3, traits), (3, 9), 1, 12);
        v["transports"][0]["moved"] = json!(8);
        v["transports"][0]["started"] = json!(true);
        let mut st = load(&v);
        let log = play(&mut st, &["a2 shoot b1 t1.w1", "pass"], &[6]);
        checks(&st, &log)
    };
    assert_eq!(shot(&[]), ["a2 CH IMP 4 r6"]);
    assert_eq!(shot(&["Artillero"]), ["a2 CH IMP 5 r6"]);
}
