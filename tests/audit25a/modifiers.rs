//! MODIFICADORES (rulebook lines 498–516 and 761–779): which kind of attack each modifier
//! reaches — superioridad numérica only in CaC, por tamaño and por velocidad only shooting —
//! and what worn and broken protections weigh in sobrecarga.

use super::*;
use serde_json::json;

#[test]
fn audit_superioridad_numerica_not_for_a_shot_into_a_melee() {
    // «Por superioridad numérica.- CH IMP +1 en combate CaC»: a1 shoots into the melee where
    // its ally a2 engages b1 alone — a shot, not a CaC attack: CH IMP 5.
    let mut st = into_melee(C::std(0, 0).weapon(gun(2, &[])), C::std(0, 0));
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_superioridad_numerica_reaches_both_ch_imp_of_a_gun_in_melee() {
    // «Ataque CaC con arma de disparo … Como "ataque CaC"»: a1 and a2 against b1 alone, +1 on
    // the first CH IMP and on the second alike (6 and 6).
    let mut st = position(
        &open(11, 12),
        &[
            C::std(5, 5).weapon(gun(2, &[])),
            C::std(6, 5).facing("S").status("acted"),
        ],
        &[
            tough(&[]).set("at", [5, 6]).facing("S"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[6, 7]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r6", "a1 CH IMP 6 r7"]);
}

#[test]
fn audit_por_tamano_and_por_velocidad_not_in_melee() {
    // «Por tamaño.- CH IMP +1 atacando a distancia si el objetivo tiene un movimiento natural
    // superior» and «Por velocidad.- CH IMP -1 por disparar desde o hacia a un objetivo moviendo
    // a más de 5 K»: in melee neither — a b1 of MOV 2, and a b1 that moved more than 5 K this
    // turn: CH IMP 5.
    let big = C::std(0, 0).set(
        "race",
        json!({"name": "G", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2}),
    );
    for b in [big, C::std(0, 0).status("fast")] {
        let mut st = contact(C::std(0, 0).weapon(sword()), b);
        let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
    }
}

#[test]
fn audit_dan_en_cac_lowers_a_gun_fired_in_melee_by_the_wounds_suffered() {
    // «DAÑ en CaC.- DAÑ=DAÑ del arma + CON - 4 - heridas sufridas (mínimo 1)» reaches the Ataque
    // CaC con arma de disparo («Como "ataque CaC"»): a gun DAÑ 3, a1 CON 4 with 1 wound → 2.
    let a = C::std(0, 0).weapon(gun(3, &[])).set("wounds", 1);
    let mut st = contact(a, tough(&[]));
    play(&mut st, &["a1 melee b1 w1"], &[3, 3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
    // Shooting, the wounds take nothing off: DAÑ 3.
    let a = C::std(0, 0).weapon(gun(3, &[])).set("wounds", 1);
    let mut st = range(a, tough(&[]), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_sobrecarga_counts_a_protections_worn_def_and_not_a_broken_one() {
    // «Por sobrecarga.- CH IMP y CH AGI -1 por cada punto de DEF por encima de CON - heridas»,
    // with «Las protecciones sufren DEF-1 por cada herida» and «inutilizado, no se puede usar»:
    // DEF 5 on CON 4 is −1; worn once it is DEF 4, nothing; broken (5 wounds, CAL 5) nothing.
    for (wear, t) in [(0, 4), (1, 5), (5, 5)] {
        let a = C::std(0, 0)
            .weapon(gun(2, &[]))
            .prot(armour(5, &[]))
            .set("wear", vec![0, wear]);
        let mut st = range(a, tough(&[]), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {t} r9")],
            "wear {wear}"
        );
    }
}
