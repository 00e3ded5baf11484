//! A transport's own traits against an area aimed at it: Contramedidas («Cualquier misil,
//! torpedo, obús o proyectil similar, CH IMP -1») and Camuflaje («Enemigo tiene CH IMP -1 a
//! distancia») on the transport archetype. Audit 30b gave them to the shots at a placed
//! transport (`shoot-transport`) and left an area aimed at its square unchanged; a character's
//! Camuflaje lowers an area aimed at its square (audit 24), so audit 31c (fix) reads the
//! transport's the same way.

use super::*;
use crate::audit30b::transports::truck_with;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::{json, Value};

/// An area weapon: ENE 2, DAÑ 3, ALC 10, CAL 3, quiet, `Área (R1)`.
fn grenade() -> Value {
    let mut w = weapon(2, 3, 10, 3, &["Área (R1)"]);
    w["noise"] = json!("quiet");
    w
}

/// A1 owns `truck`, placed at (3, 3) facing S: A1 drives it (`aboard`), or stands at (7, 3)
/// and the truck is empty. B1 (the grenade) on (3, 13) acts; B2 far away.
fn target(truck: Value, aboard: bool) -> State {
    let (a1, t) = if aboard {
        (
            owner(3, 3, truck).set("aboard", "t1"),
            json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
        )
    } else {
        (
            owner(7, 3, truck),
            json!([{"of": "a1", "at": [3, 3], "facing": "S"}]),
        )
    };
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[a1],
            &[
                C::std(3, 13).weapon(grenade()),
                C::std(7, 0).status("acted"),
            ],
            1,
            10,
        ),
        t,
    ))
}

/// B1 throws its area at `at` with `dice`: its checks.
fn area(truck: Value, aboard: bool, at: &str, dice: &[u8]) -> Vec<String> {
    let mut st = target(truck, aboard);
    let log = play(&mut st, &[&format!("b1 area w1 {at}")], dice);
    checks(&st, &log)
}

#[test]
fn audit_contramedidas_and_camuflaje_on_an_empty_transport_lower_an_area_aimed_at_it() {
    // An empty bare truck: CH IMP area 5 (AGI 5), r3 hits, CH DEF 4 r9 failed.
    let hit = |imp: &str| vec![imp.to_string(), "b1 CH DEF transport 4 r9".into()];
    assert_eq!(
        area(truck_with(&[]), false, "3,3", &[3, 9]),
        hit("b1 CH IMP area 5 r3")
    );
    // Contramedidas or Camuflaje on the truck: − 1 on the area aimed at its square (it was 5:
    // nobody stands there whose traits the area would meet).
    for t in ["Contramedidas", "Camuflaje"] {
        assert_eq!(
            area(truck_with(&[t]), false, "3,3", &[3, 9]),
            hit("b1 CH IMP area 4 r3"),
            "{t}"
        );
    }
    assert_eq!(
        area(
            truck_with(&["Contramedidas", "Camuflaje"]),
            false,
            "3,3",
            &[3, 9]
        ),
        hit("b1 CH IMP area 3 r3")
    );
    // Aimed at the square beside it: aimed at nobody's square, no − 1 — as a character's
    // Camuflaje beside the aim point (audit 24).
    assert_eq!(
        area(
            truck_with(&["Contramedidas", "Camuflaje"]),
            false,
            "3,4",
            &[3]
        ),
        ["b1 CH IMP area 5 r3"]
    );
}

#[test]
fn audit_a_transport_driven_by_its_owner_lowers_an_area_aimed_at_it_once() {
    // A1 drives its truck with Contramedidas: the area aimed at the square meets the trait
    // once (the owner's copy and the transport's are the same trait): CH IMP 4, not 3. r4 hits
    // both (the truck is open: no protection), r5 misses.
    let c = area(truck_with(&["Contramedidas"]), true, "3,3", &[4, 9, 2, 9]);
    assert_eq!(
        c,
        [
            "b1 CH IMP area 4 r4",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2",
            "b1 CH DEF transport 4 r9"
        ]
    );
    // Bare: CH IMP 5.
    assert_eq!(
        area(truck_with(&[]), true, "3,3", &[4, 9, 2, 9])[0],
        "b1 CH IMP area 5 r4"
    );
}
