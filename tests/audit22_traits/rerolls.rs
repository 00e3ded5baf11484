//! Re-rolls: Maestro guerrero («Repite CH IMP en CaC»), De precisión («Repite CH IMP, si no hay
//! pifia»), Entrenado para matar («Repite CH IMP si pifia»), Élite bestia / erudito («Puede
//! repetir CH CON / INT»). A re-rolled check logs its last die.

use super::*;
use crate::traits::{contact, with};

#[test]
fn maestro_guerrero_repeats_a_failed_ch_imp_in_melee_only() {
    // In contact: r9 fails, the second die (r3) hits — DAÑ 2 on a failed CH DEF 0.
    let mut st = contact(with(&["Maestro guerrero"]).weapon(sword()), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    // At range: no second die.
    let (c, _) = shot_at(
        with(&["Maestro guerrero"]).weapon(gun(2, &[])),
        tough(&[]),
        5,
        &[9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
}

#[test]
fn de_precision_repeats_a_failed_ch_imp_but_not_a_fumble() {
    // The gun's trait: r9 fails, the second die (r3) hits.
    let g = || with(&[]).weapon(gun(2, &["De precisión"]));
    let (c, st) = shot_at(g(), tough(&[]), 5, &[9, 3, 9, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 2);
    // A fumble (r10) stands: the DAÑ 1 hit on a1 (its CH DEF 0 r9: 1 wound, CH PSI r2) and
    // the gun's wear; b1 untouched.
    let (c, st) = shot_at(g(), tough(&[]), 5, &[10, 9, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r10", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]);
    assert_eq!(
        (st.ch(0).wounds, st.ch(1).wounds, st.ch(0).wear[0]),
        (1, 0, 1)
    );
}

#[test]
fn entrenado_para_matar_repeats_a_fumbled_ch_imp_only() {
    // r10, then r3: a hit, and none of the fumble's consequences (no wound on a1, no wear).
    let a = || with(&["Entrenado para matar"]).weapon(gun(2, &[]));
    let (c, st) = shot_at(a(), tough(&[]), 5, &[10, 3, 9, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(
        (st.ch(0).wounds, st.ch(1).wounds, st.ch(0).wear[0]),
        (0, 2, 0)
    );
    // A plain failure (r9) is not repeated.
    let (c, _) = shot_at(a(), tough(&[]), 5, &[9]);
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
    // In melee too («Repite CH IMP»).
    let mut st = contact(with(&["Entrenado para matar"]).weapon(sword()), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[10, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn elite_bestia_and_elite_erudito_repeat_a_failed_ch_con_and_ch_int() {
    // The Prueba's CH (CON 3, INT 6) failed by one, then passed on the second die.
    for (elite, prueba, target) in [
        ("Élite bestia", "Prueba de constitución", 3),
        ("Élite erudito", "Prueba de inteligencia", 6),
    ] {
        let (c, st) = odd_shot(
            &[elite],
            &[prueba],
            tough(&[]),
            5,
            &[target + 1, target, 3, 9, 2],
        );
        assert_eq!(
            c[..2],
            [
                format!("a1 CH ATR to use {target} r{target}"),
                "a1 CH IMP 5 r3".into()
            ],
            "{elite}"
        );
        assert_eq!(st.ch(1).wounds, 2);
        // Only its attribute: Élite bestia does not repeat the CH INT, nor Élite erudito the
        // CH CON.
        let other = if target == 3 {
            ("Prueba de inteligencia", 6)
        } else {
            ("Prueba de constitución", 3)
        };
        let (c, _) = odd_shot(&[elite], &[other.0], tough(&[]), 5, &[other.1 + 1]);
        assert_eq!(
            c,
            [format!("a1 CH ATR to use {} r{}", other.1, other.1 + 1)]
        );
    }
    // Élite bestia on a mutation's CH CON (its CH IMP): r4 then r2.
    let m = serde_json::json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Mutación"]});
    let a = odd(&["Metamorfo", "Élite bestia"]).meta(m);
    let mut st = crate::meta::range(a, C::new(race(6, 5, 4, 4), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[4, 2, 2, 9, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH CON meta 3 r2");
}
