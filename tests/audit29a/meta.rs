//! The CH IMP of a meta-ability attack («Atacar con metahabilidades.- Según la metahabilidad, el
//! CH IMP se realizará con: … invocación CH INT …») meets the character's CH IMP re-rolls: De
//! precisión («Repite CH IMP, si no hay pifia») and Entrenado para matar («Repite CH IMP si
//! pifia»).

use super::*;

#[test]
fn audit_de_precision_repeats_a_meta_attacks_failed_ch_imp_not_its_fumble() {
    // A failed CH INT (r9) is rolled again (r9: the second stands); without the trait, one die.
    assert_eq!(
        cast(&["De precisión"], &[], &[9, 9]),
        ["a1 CH INT meta 4 r9"]
    );
    assert_eq!(cast(&[], &[], &[9]), ["a1 CH INT meta 4 r9"]);
    // A fumble (r10) is not repeated: the meta-ability's fumble (its CH PSI) follows.
    assert_eq!(
        cast(&["De precisión"], &[], &[10, 2]),
        ["a1 CH INT meta 4 r10", "a1 CH PSI 4 r2"]
    );
}

#[test]
fn audit_entrenado_para_matar_repeats_a_meta_attacks_fumble_only() {
    // r10 is rolled again (r9: a plain failure, no fumble's CH PSI); a plain r9 is not.
    assert_eq!(
        cast(&["Entrenado para matar"], &[], &[10, 9]),
        ["a1 CH INT meta 4 r9"]
    );
    assert_eq!(
        cast(&["Entrenado para matar"], &[], &[9]),
        ["a1 CH INT meta 4 r9"]
    );
    assert_eq!(
        cast(&[], &[], &[10, 2]),
        ["a1 CH INT meta 4 r10", "a1 CH PSI 4 r2"]
    );
}
