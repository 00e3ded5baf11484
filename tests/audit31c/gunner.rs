//! Artillero («Sin negativos disparando desde y/o hacia un transporte en movimiento») on a
//! transport archetype: audit 30c left it its owner's alone; audit 31c (fix): it is the
//! transport's, so any rider firing from it is spared the malus of its speed.

use super::*;
use crate::audit30b::transports::truck_with;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::json;

/// A1 drives its truck (`traits`), which moved `moved` K this turn; A2 rides it with a gun DAÑ
/// 3 and acts; B1 on (3, 9).
fn crew(traits: &[&str], moved: u8) -> State {
    let a = [
        owner(3, 3, truck_with(traits)).set("aboard", "t1"),
        C::std(3, 3).weapon(gun(3, &[])).set("aboard", "t1"),
    ];
    load(&with_transports(
        setup_json(
            &open(10, 14),
            &a,
            &[C::std(3, 9).facing("S"), C::std(9, 13).status("acted")],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1",
                "started": true, "moved": moved}]),
    ))
}

fn shot(traits: &[&str], moved: u8) -> Vec<String> {
    let mut st = crew(traits, moved);
    let log = play(&mut st, &["a2 shoot b1 w1", "pass"], &[6]);
    checks(&st, &log)
}

#[test]
fn audit_artillero_on_the_transport_spares_any_rider_its_speed() {
    // After 8 K, A2 (not the owner) shoots at CH IMP 4 (Por velocidad − 1) from a bare truck,
    // at 5 from one with Artillero (it was 4: the trait was A1's alone).
    assert_eq!(shot(&[], 8), ["a2 CH IMP 4 r6"]);
    assert_eq!(shot(&["Artillero"], 8), ["a2 CH IMP 5 r6"]);
    // After 5 K there is no malus to spare.
    assert_eq!(shot(&[], 5), ["a2 CH IMP 5 r6"]);
}
