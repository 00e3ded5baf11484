//! A transport's own traits against the attacks made at it (`shoot-transport`): Contramedidas
//! («Cualquier misil, torpedo, obús o proyectil similar, CH IMP -1»), Camuflaje («Enemigo tiene
//! CH IMP -1 a distancia») and Refuerzo («CH DEF +1») on the transport archetype. Audit 30b
//! (fix): a shot at a placed transport took none of them — the transport's traits were only its
//! owner's (the rider's), so a truck with Contramedidas was as easy to hit as one without.

use super::*;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::{json, Value};

/// A truck (DEF 4, CAL 3, Capacidad (2)) with `traits`.
pub(crate) fn truck_with(traits: &[&str]) -> Value {
    let mut t = vec!["Capacidad (2)"];
    t.extend_from_slice(traits);
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3, "traits": t})
}

/// A1 drives `truck` at (3, 3) facing S; B1 (a gun DAÑ 2 ALC 10) on (3, 13), 10 K away, acts;
/// B2 far away, already acted.
fn target(truck: Value) -> State {
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[owner(3, 3, truck).set("aboard", "t1")],
            &[
                C::std(3, 13).weapon(gun(2, &[])),
                C::std(7, 0).status("acted"),
            ],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    ))
}

/// B1 shoots the truck: its checks and the truck's wounds.
fn shoot(truck: Value, dice: &[u8]) -> (Vec<String>, u8) {
    let mut st = target(truck);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], dice);
    (checks(&st, &log), st.transport(0).wounds)
}

#[test]
fn audit_contramedidas_and_camuflaje_on_a_transport_lower_the_shots_at_it() {
    // A bare truck: CH IMP 5 (AGI 5) r5 hits; CH DEF 4 r9 fails: 2 wounds.
    assert_eq!(
        shoot(truck_with(&[]), &[5, 9]),
        (
            vec![
                "b1 CH IMP transport 5 r5".into(),
                "b1 CH DEF transport 4 r9".into()
            ],
            2
        )
    );
    // Contramedidas or Camuflaje on the truck: CH IMP 4, so the same r5 misses (no CH DEF).
    for t in ["Contramedidas", "Camuflaje"] {
        assert_eq!(
            shoot(truck_with(&[t]), &[5]),
            (vec!["b1 CH IMP transport 4 r5".into()], 0),
            "{t}"
        );
    }
    // Both: − 2 (two traits, two maluses): CH IMP 3, r4 misses.
    assert_eq!(
        shoot(truck_with(&["Contramedidas", "Camuflaje"]), &[4]).0,
        ["b1 CH IMP transport 3 r4"]
    );
}

#[test]
fn audit_refuerzo_on_a_transport_raises_its_ch_def() {
    // «CH DEF +1»: the truck's CH DEF 4 becomes 5; r5 passes: DAÑ 2 − DEF 4 = 0 wounds (the DEF
    // subtracted is the transport's own 4: Refuerzo is the check's, not the DEF). Bare: r5
    // fails, 2 wounds.
    assert_eq!(
        shoot(truck_with(&["Refuerzo"]), &[3, 5]),
        (
            vec![
                "b1 CH IMP transport 5 r3".into(),
                "b1 CH DEF transport 5 r5".into()
            ],
            0
        )
    );
    assert_eq!(shoot(truck_with(&[]), &[3, 5]).1, 2);
}
