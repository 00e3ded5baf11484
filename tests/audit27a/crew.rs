//! Artillero requerido («Necesita 1 Pj extra para poder utilizarse»): who is the extra Pj — an
//! able ally in base contact on foot (Relación entre alturas: the same altitude), and aboard a
//! transport another of its crew (passengers are in contact with nobody: RULES.md,
//! Transportes). Audit 27a (fix): a fellow passenger never served a mounted weapon, an ally on
//! foot beside the transport did, and an ally flying above a shooter did.

use super::*;
use crate::build::statuses;
use crate::transport::{owner, truck, with_transports};
use engine::State;
use serde_json::json;

/// A1 drives a truck at (3, 3) facing S with a gun (DAÑ 2, ALC 10) mounted that needs a crew;
/// A2 aboard fires it at B1 on (3, 9); `a3`: a third character of side A (aboard or not).
fn gun_truck(a3: Option<C>) -> State {
    let mut t = truck();
    t["weapons"] = json!([weapon(2, 2, 10, 3, &["Artillero requerido"])]);
    let mut a = vec![
        owner(3, 3, t).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
    ];
    a.extend(a3);
    load(&with_transports(
        setup_json(&open(8, 12), &a, &[C::std(3, 9)], 1, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    ))
}

/// A2 fires the mounted gun at B1: with a crew, CH IMP r3, B1's CH DEF r9 (2 wounds) and CH
/// PSI r2; without, no die and the status. Returns B1's wounds.
fn fires(a3: Option<C>, crewed: bool) -> u8 {
    let mut st = gun_truck(a3);
    let b1 = st.indices().count() as u8 - 1;
    let dice: &[u8] = if crewed { &[3, 9, 2] } else { &[] };
    let log = play(&mut st, &["a2 shoot b1 t1.w1", "pass"], dice);
    let lonely = statuses(&st, &log).contains(&"a2 has no crew for the weapon".to_string());
    assert_eq!(lonely, !crewed);
    st.ch(b1).wounds
}

#[test]
fn audit_artillero_requerido_a_fellow_passenger_serves_a_mounted_weapon() {
    // A3 aboard (not driving): it fires (it did not: A3 shares the square, «adjacent» is not).
    assert_eq!(fires(Some(C::std(3, 3).set("aboard", "t1")), true), 2);
    // Only the driver aboard besides the gunner: the driver drives — no crew.
    assert_eq!(fires(None, false), 0);
    // A3 on foot beside the truck: not in contact with a passenger — no crew (it served).
    assert_eq!(fires(Some(C::std(3, 4)), false), 0);
}

#[test]
fn audit_artillero_requerido_on_foot_an_ally_at_another_altitude_is_no_crew() {
    // A1 on the ground shoots B1 with the gun; A2 beside it, in base contact at altitude 1,
    // serves it; at altitude 2 (a Planeador above the next square) it is not in contact: no
    // crew (it served).
    let shooter = || {
        C::std(5, 1)
            .facing("S")
            .weapon(weapon(2, 2, 10, 3, &["Artillero requerido"]))
    };
    let st = |alt: u8| {
        let mate = C::new(race_t(4, 5, 4, 4, &["Planeador"]), 6, 1)
            .set("altitude", alt)
            .status("acted");
        position(
            &open(11, 12),
            &[shooter(), mate],
            &[C::std(5, 6).facing("S"), C::std(10, 11).status("acted")],
            0,
        )
    };
    let mut s1 = st(1);
    play(&mut s1, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(s1.ch(2).wounds, 2);
    let mut s2 = st(2);
    let log = play(&mut s2, &["a1 shoot b1 w1", "pass"], &[]);
    assert_eq!(statuses(&s2, &log), ["a1 has no crew for the weapon"]);
    assert_eq!(s2.ch(2).wounds, 0);
}
