//! ÁREAS (rulebook lines 131–147): «Cubiertas parcialmente, la mitad del DAÑ del ataque» against
//! the other things that change a DAÑ — a critical, the weapon's wear, a passed or fumbled CH
//! DEF — and the order they come in.

use super::*;
use serde_json::{json, Value};

/// An area weapon: ENE 2, DAÑ `dmg`, ALC 10, CAL 3, quiet, `Área (R2)` (the aimed base wholly,
/// the 8 around it partly).
fn grenade(dmg: u8) -> Value {
    json!({"name": "G", "ene": 2, "dmg": dmg, "range": 10, "quality": 3,
           "traits": ["Área (R2)"], "noise": "quiet"})
}

/// a1 (`a`) on (5, 1) throws at b1 (tough) on (5, 6); b2 (`b2`) on (6, 6), partly covered.
fn blast(a: C, b2: C) -> engine::State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            tough(&[]).set("at", [5, 6]).facing("S"),
            b2.set("at", [6, 6]).facing("S"),
        ],
        0,
    )
}

#[test]
fn audit_a_critical_raises_the_dan_before_a_partly_covered_base_halves_it() {
    // «Crítico en CH IMP: … DAÑ+1» is the attack's DAÑ, and a partly covered base takes «la
    // mitad del DAÑ del ataque»: DAÑ 3 + 1 = 4 on b1, half of 4 = 2 on b2 (not half of 3, 2,
    // + 1 = 3).
    let mut st = blast(C::std(0, 0).weapon(grenade(3)), tough(&[]));
    let log = play(&mut st, &["a1 area w1 b1"], &[1, 9, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP area 5 r1",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "b2 CH DEF 0 r9",
            "b2 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 4, 2]);
}

#[test]
fn audit_a_worn_area_weapon_halves_its_worn_dan() {
    // «Las armas sufren DAÑ-1 por cada herida»: DAÑ 4 with 1 wound is DAÑ 3 — b1 takes 3, b2
    // half of 3 = 2 (Redondeo; not half of 4 less 1 = 1).
    let a = C::std(0, 0).weapon(grenade(4)).set("wear", vec![1]);
    let mut st = blast(a, tough(&[]));
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2, 9, 2]);
    assert_eq!(wounds(&st), [0, 3, 2]);
}

#[test]
fn audit_a_partly_covered_bases_passed_ch_def_subtracts_def_from_the_half() {
    // The half is the DAÑ the base suffers, then «Si un Pj supera un CH DEF, gana tantas heridas
    // como DAÑ-DEF»: DAÑ 6, half 3, DEF 2 passed (r2) → 1 wound (not (6 − 2) / 2 = 2).
    let mut st = blast(
        C::std(0, 0).weapon(grenade(6)),
        tough(&[]).prot(armour(2, &[])),
    );
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2, 2, 2]);
    assert_eq!(checks(&st, &log)[3..], ["b2 CH DEF 2 r2", "b2 CH PSI 4 r2"]);
    assert_eq!(wounds(&st), [0, 6, 1]);
}

#[test]
fn audit_a_partly_covered_bases_fumbled_ch_def_adds_one_to_the_half() {
    // «Pifia en CH DEF: DAÑ +1»: decision — the CH DEF's outcomes all work on the DAÑ the base
    // suffers, which for a partly covered one is already the half: DAÑ 3, half 2, fumbled
    // (r10) → 3 wounds (b1, wholly covered, fails: 3).
    let mut st = blast(C::std(0, 0).weapon(grenade(3)), tough(&[]));
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2, 10, 2]);
    assert_eq!(
        checks(&st, &log)[3..],
        ["b2 CH DEF 0 r10", "b2 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [0, 3, 3]);
}

#[test]
fn audit_por_velocidad_reaches_an_area_thrown_by_a_fast_thrower() {
    // «Por velocidad.- CH IMP -1 por disparar desde o hacia a un objetivo moviendo a más de 5
    // K»: «desde» is the thrower's own movement, whatever is aimed at — a1, 6 K moved this
    // turn (status `fast`), throws at an empty point: CH IMP area 4; a slow one, 5.
    for (status, t) in [("fast", 4), ("energised", 5)] {
        let mut st = blast(C::std(0, 0).weapon(grenade(3)).status(status), tough(&[]));
        let log = play(&mut st, &["a1 area w1 3,6"], &[9, 5, 5]);
        assert_eq!(
            checks(&st, &log)[0],
            format!("a1 CH IMP area {t} r9"),
            "{status}"
        );
    }
}
