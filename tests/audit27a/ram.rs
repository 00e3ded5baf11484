//! Ariete («DAÑ +1 embistiendo») when the ram is a transport's (ACCIONES DE COMBATE, Embestir:
//! «Transporte: hace DAÑ = CON + K en línea recta (máx. CON x2) … Lo embestido se desplaza
//! tantos K como DAÑ-CON»).

use super::*;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::{json, Value};

/// A truck (MOV 8, DEF 4, CAL 3, three seats) with `traits` besides its Capacidad (2).
fn truck_with(traits: &[&str]) -> Value {
    let mut t = vec!["Capacidad (2)"];
    t.extend_from_slice(traits);
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3, "traits": t})
}

/// A1 (race `race`) drives its truck `truck` at (1, 5) facing E, started; B1 (CON 6, a
/// protection of DEF 3) on (5, 5); B2 far away (as `transport::ram_range`).
fn ram_range(race: Value, truck: Value) -> State {
    let b1 = C::new(crate::build::race(6, 5, 4, 4), 5, 5).prot(prot(0, 3, 6, 5, &[]));
    load(&with_transports(
        setup_json(
            &open(12, 10),
            &[owner(1, 5, truck).set("race", race).set("aboard", "t1")],
            &[b1, C::std(11, 0).status("acted")],
            0,
            10,
        ),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1", "started": true}]),
    ))
}

/// The 3 K ram of A1's truck into B1 (CH IMP r3, B1's CH DEF r2 and CH PSI r1, the truck's CH
/// DEF r1, a critical: no wounds): (B1's wounds, B1's square).
fn ram(race: Value, truck: Value) -> (u8, engine::Pos) {
    let mut st = ram_range(race, truck);
    let log = play(&mut st, &["a1 ram-transport b1 4,5", "pass"], &[3, 2, 1, 1]);
    assert_eq!(
        checks(&st, &log)[..2],
        ["a1 CH IMP ram 5 r3", "b1 CH DEF 3 r2"]
    );
    (st.ch(1).wounds, st.ch(1).pos)
}

#[test]
fn audit_ariete_on_a_transport_adds_one_to_its_ram_and_to_the_push() {
    // Without it: DAÑ min(DEF 4 + 3 K, 8) = 7, CH DEF 3 passed: 4 wounds; pushed 7 − CON 6 =
    // 1 K (to (6, 5)). With Ariete on the truck: DAÑ 8 (the trait on top of the cap, as a
    // character's ram: A25), 5 wounds, pushed 2 K (to (7, 5)). It was 7 (the trait unread).
    assert_eq!(ram(race(4, 5, 4, 4), truck_with(&[])), (4, sq(6, 5)));
    assert_eq!(
        ram(race(4, 5, 4, 4), truck_with(&["Ariete"])),
        (5, sq(7, 5))
    );
}

#[test]
fn audit_ariete_of_the_driver_is_not_the_transports_ram() {
    // The driver's own Ariete (on its race) is its body's ram: the truck rams with its own DAÑ
    // (pinned: the trait belongs to what rams).
    let horned = race_t(4, 5, 4, 4, &["Ariete"]);
    assert_eq!(ram(horned, truck_with(&[])), (4, sq(6, 5)));
}
