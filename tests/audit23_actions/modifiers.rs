//! MODIFICADORES, row by row: the number and the checks it reaches (audit 23a).

use crate::build::*;
use crate::traits::{contact, range};

fn mov(m: u8) -> C {
    C::new(
        serde_json::json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": m}),
        0,
        0,
    )
}

#[test]
fn audit_por_tamano_is_at_range_only() {
    // «Por tamaño.- CH IMP +1 atacando a distancia si el objetivo tiene un movimiento natural
    // superior»: a bow at a MOV 2 target 5 K away, CH IMP 6; a sword on it in contact, 5.
    let mut st = range(C::std(0, 0).weapon(bow()), mov(2), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
    let mut st = contact(C::std(0, 0).weapon(sword()), mov(2));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_por_velocidad_is_at_range_only() {
    // «Por velocidad.- CH IMP -1 por disparar desde o hacia a un objetivo moviendo a más de 5
    // K»: «disparar» — a shot at a target that moved more than 5 K this turn, 4; a sword blow,
    // 5.
    let mut st = range(C::std(0, 0).weapon(bow()), C::std(0, 0).status("fast"), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
    let mut st = contact(C::std(0, 0).weapon(sword()), C::std(0, 0).status("fast"));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_a_crouched_or_prone_thrower_has_the_ranged_plus_one() {
    // «Un personaje agachado atacando a distancia: CH IMP +1» (and cuerpo a tierra, +1):
    // Lanzar is an attack at range — 3 K, CH IMP 6 either way.
    for stance in ["crouched", "prone"] {
        let a = C::std(0, 0).weapon(sword()).stance(stance);
        let mut st = range(a, C::std(0, 0), 3);
        let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"], "{stance}");
    }
}

#[test]
fn audit_a_crouched_or_prone_target_at_range_only_beyond_three_k() {
    // «Atacar a dist. a un personaje agachado a más de 3 K: CH IMP -1» / «cuerpo a tierra …
    // -2»: at 3 K, 5; at 4 K, 4 and 3.
    for (stance, far) in [("crouched", 4), ("prone", 3)] {
        let mut st = range(C::std(0, 0).weapon(bow()), C::std(0, 0).stance(stance), 3);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"], "{stance} at 3 K");
        let mut st = range(C::std(0, 0).weapon(bow()), C::std(0, 0).stance(stance), 4);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {far} r9")],
            "{stance} at 4 K"
        );
    }
}

#[test]
fn audit_dan_en_cac_is_at_least_one() {
    // «DAÑ en CaC.- DAÑ=DAÑ del arma + CON - 4 - heridas sufridas (mínimo 1)»: CON 2, a DAÑ 1
    // knife, 1 wound: 1 + 2 − 4 − 1 = −2 → 1; b1's failed CH DEF (r9) takes 1 wound.
    let a = C::new(race(2, 5, 4, 4), 0, 0)
        .weapon(weapon(1, 1, 0, 3, &[]))
        .set("wounds", 1);
    let mut st = contact(a, C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 1);
}
