//! Súper fuerza («Puede lanzar objetos como coches, CH CON, o camiones CH CON D -2, o cosas
//! más grandes D -4. Si falla CH, +1 her sin CH DEF.»): the two bigger sizes, and the heave
//! as an attack for Señor de la congelación.

use super::*;
use crate::transport::{owner, with_transports};
use serde_json::json;

/// a2 (Súper fuerza, CON 6) on (5, 2) facing S next to a1's empty transport of CAL 3 and
/// Capacidad (`cap`) on (5, 3); b1 (CON 9) on (5, 6), its back turned.
fn strongman(cap: u8) -> engine::State {
    strongman_b(cap, &[])
}

/// [`strongman`] with b1's traits.
fn strongman_b(cap: u8, b1: &[&str]) -> engine::State {
    let t = json!({"name": "T", "ene": 2, "mov": 8, "def": 4, "quality": 3,
                   "traits": [format!("Capacidad ({cap})")]});
    let a = [
        owner(0, 0, t),
        C::new(race_t(6, 5, 4, 4, &["Súper fuerza"]), 5, 2).facing("S"),
    ];
    let b = [tough(b1).set("at", [5, 6]).facing("S")];
    load(&with_transports(
        setup_json(&open(11, 12), &a, &b, 1, 10),
        json!([{"of": "a1", "at": [5, 3], "facing": "E"}]),
    ))
}

#[test]
fn audit_super_fuerza_a_truck_is_d_minus_two_a_bigger_thing_d_minus_four() {
    // Capacidad (6): 7 seats, a truck — CH CON 6 − 2; Capacidad (10): 11 seats, bigger — 6 − 4.
    // The check's own die passes at the lowered target and the hit is DAÑ CAL 3 + the step.
    for (cap, step) in [(6u8, 2u8), (10, 4)] {
        let mut st = strongman(cap);
        let t = 6 - step;
        let log = play(&mut st, &["a2 heave t1 b1", "pass"], &[t, 9, 2]);
        assert_eq!(
            checks(&st, &log),
            [
                format!("a2 CH CON heave {t} r{t}"),
                "b1 CH DEF 0 r9".into(),
                "b1 CH PSI 4 r2".into()
            ],
            "Capacidad ({cap})"
        );
        assert_eq!(st.ch(2).wounds, 3 + step, "Capacidad ({cap})");
        // One more on the die fails: a2 takes 1 wound with no CH DEF, b1 none.
        let mut st = strongman(cap);
        let log = play(&mut st, &["a2 heave t1 b1", "pass"], &[t + 1, 2]);
        assert_eq!(
            checks(&st, &log),
            [
                format!("a2 CH CON heave {t} r{}", t + 1),
                "a2 CH PSI 4 r2".into()
            ]
        );
        assert_eq!((st.ch(1).wounds, st.ch(2).wounds), (1, 0));
    }
}

#[test]
fn audit_super_fuerza_a_heave_at_a_senor_de_la_congelacion_costs_two_more() {
    // Señor de la congelación («Enemigos CaC o a distancia, ENE -2 contra este personaje»):
    // hurling a transport at it is an attack at range like Lanzar: ENE 2 + 2 (a failed CH
    // CON 6 r7, a2's wound and its CH PSI r2).
    for (t, ene) in [(&[][..], 2), (&["Señor de la congelación"][..], 4)] {
        let mut st = strongman_b(2, t);
        let log = play(&mut st, &["a2 heave t1 b1", "pass"], &[7, 2]);
        assert_eq!(spent(&log), [ene], "{t:?}");
    }
}

#[test]
fn audit_mulo_con_plus_one_to_mover_cargado() {
    // «CON+1 para calcular … mover objeto»: a body of CON 5 is beyond a CON 4 carrier, within
    // a Mulo's CON 5 (≤ CON: «terreno muy difícil», ENE 1 + 2).
    let body = |t: &[&str]| {
        position(
            &open(9, 5),
            &[
                with(t).set("at", [2, 2]).set("ene", 10),
                C::new(race(5, 5, 4, 4), 3, 2).set("wounds", 5),
            ],
            &[C::std(8, 4).facing("S")],
            0,
        )
    };
    assert!(dests(&body(&[]), 0, "carry").is_empty());
    let mut st = body(&["Mulo"]);
    let log = play(&mut st, &["a1 carry a2 1,2"], &[]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(1).pos, sq(1, 2));
}
