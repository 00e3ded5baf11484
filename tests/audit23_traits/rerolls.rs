//! Re-rolls that meet: Control del CHI («Repite un chequeo por actuación») with a trait that
//! repeats only some failures (De precisión: «Repite CH IMP, si no hay pifia»; Entrenado para
//! matar: «Repite CH IMP si pifia»).

use super::*;

#[test]
fn audit_control_del_chi_repeats_the_fumble_de_precision_leaves() {
    // a1 has Control del CHI and shoots with a De precisión gun. r10 is a fumble De precisión
    // does not repeat: Control del CHI does (r3 hits, DAÑ 2 on b1, no fumble on a1).
    let a = || with(&["Control del CHI"]).weapon(gun(2, &["De precisión"]));
    let (c, st) = shot_at(a(), tough(&[]), 5, &[10, 3, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 failed, repeated by Control del CHI: 5 r10",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(
        (st.ch(0).wounds, st.ch(1).wounds, st.ch(0).wear[0]),
        (0, 2, 0)
    );
    // A plain failure is De precisión's: r9 then r8, the check stands missed and Control del
    // CHI is not spent on it (a check is not repeated twice).
    let (c, _) = shot_at(a(), tough(&[]), 5, &[9, 8]);
    assert_eq!(c, ["a1 CH IMP 5 r8"]);
}

#[test]
fn audit_control_del_chi_does_not_repeat_a_fumble_entrenado_para_matar_repeated() {
    // Entrenado para matar re-rolls the fumble r10; its second die r9 misses and stays missed.
    let a = with(&["Control del CHI", "Entrenado para matar"]).weapon(gun(2, &[]));
    let (c, _) = shot_at(a, tough(&[]), 5, &[10, 9]);
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
}
