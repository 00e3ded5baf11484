//! The «cuando se usa» traits of an area weapon (ÁREAS): Artillero requerido («Necesita 1 Pj
//! extra para poder utilizarse») and De Padrón («50% DAÑ=0»). Audit 27a (fix): an area weapon
//! skipped them (a mortar that needs a crew fired alone).

use super::*;
use engine::State;
use serde_json::{json, Value};

/// An area weapon: ENE 2, DAÑ 3, ALC 10, CAL 3, Área (R1), quiet, with `traits`.
fn mortar(traits: &[&str]) -> Value {
    let mut t = vec!["Área (R1)"];
    t.extend_from_slice(traits);
    let mut w = weapon(2, 3, 10, 3, &t);
    w["noise"] = json!("quiet");
    w
}

/// A1 on (5, 1) with `w`; `crew`: A2 beside it (acted), else far away; B1 on (5, 6).
fn battery(w: Value, crew: bool) -> State {
    let a2 = if crew { C::std(6, 1) } else { C::std(0, 11) }.status("acted");
    position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(w), a2],
        &[C::std(5, 6).facing("S"), C::std(10, 11).status("acted")],
        0,
    )
}

#[test]
fn audit_artillero_requerido_an_area_weapon_needs_its_crew() {
    // Alone: no CH IMP, nothing laid, B1 untouched (it fired: R1 on B1, 3 wounds).
    let mut st = battery(mortar(&["Artillero requerido"]), false);
    let log = play(&mut st, &["a1 area w1 b1"], &[]);
    assert_eq!(statuses(&st, &log), ["a1 has no crew for the weapon"]);
    assert!(landed(&log).is_empty());
    assert_eq!(st.ch(2).wounds, 0);
    // A2 beside it: CH IMP r3, B1's CH DEF 0 r9: 3 wounds, CH PSI r2.
    let mut st = battery(mortar(&["Artillero requerido"]), true);
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP area 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(2).wounds, 3);
}

#[test]
fn audit_de_padron_an_area_weapon_half_the_time_has_no_dan() {
    // 1D100 first: 5, 10 → 50 ≤ 50: the area lands, B1's CH DEF is rolled, no wound (it was 3).
    let mut st = battery(mortar(&["De Padrón"]), false);
    let log = play(&mut st, &["a1 area w1 b1"], &[5, 10, 3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP area 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(2).wounds, 0);
    // 5, 1 → 51: DAÑ 3.
    let mut st = battery(mortar(&["De Padrón"]), false);
    play(&mut st, &["a1 area w1 b1"], &[5, 1, 3, 9, 2]);
    assert_eq!(st.ch(2).wounds, 3);
}
