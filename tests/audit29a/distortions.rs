//! Distorsión envenenada («A 5 K de este objeto: 9 y 10 en 1D10 se considera pifia realizando
//! invocaciones») and Distorsión psíquica («A 5 K: neuromantes y titiriteros CH ATR -1 …»):
//! a field measured from the object, which its own bearer stands in.

use super::*;

#[test]
fn audit_distorsion_envenenada_reaches_its_own_bearer() {
    // The bearer is 0 K from the object: its own Invocación fumbles on a 9 (its CH PSI
    // follows); without the object, a 9 is a plain failure.
    assert_eq!(
        cast(&[], &["Distorsión envenenada"], &[9, 2]),
        ["a1 CH INT meta 4 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!(cast(&[], &[], &[9]), ["a1 CH INT meta 4 r9"]);
}

#[test]
fn audit_distorsion_psiquica_reaches_its_own_bearer() {
    // A neuromante carrying it: CH INT 4 − 1 = 3 (r4 fails where 4 would pass).
    assert_eq!(
        cast(&[], &["Distorsión psíquica"], &[4]),
        ["a1 CH INT meta 3 r4"]
    );
}
