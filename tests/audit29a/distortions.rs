//! Distorsión envenenada («A 5 K de este objeto: 9 y 10 en 1D10 se considera pifia realizando
//! invocaciones») and Distorsión psíquica («A 5 K: neuromantes y titiriteros CH ATR -1 …»):
//! a field measured from the object, which its own bearer stands in.

use super::*;
use serde_json::json;

/// a1 (Neuromante, an Invocación of ENE 3, ALC 10, carrying an object with `traits`) casts at
/// b1 5 K away; b2 far away.
fn cast_carrying(traits: &[&str], dice: &[u8]) -> Vec<String> {
    let bola = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                      "traits": ["Invocación"]});
    let idol = json!({"name": "Ídolo", "ene": 1, "range": 0, "quality": 1, "traits": traits});
    let a = [C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
        .facing("S")
        .meta(bola)
        .object(idol)];
    let b = [
        C::std(5, 6).facing("S"),
        C::std(10, 11).facing("S").status("acted"),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn audit_distorsion_envenenada_reaches_its_own_bearer() {
    // The bearer is 0 K from the object: its own Invocación fumbles on a 9 (its CH PSI
    // follows); without the object, a 9 is a plain failure.
    assert_eq!(
        cast_carrying(&["Distorsión envenenada"], &[9, 2]),
        ["a1 CH INT meta 4 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!(cast_carrying(&[], &[9]), ["a1 CH INT meta 4 r9"]);
}

#[test]
fn audit_distorsion_psiquica_reaches_its_own_bearer() {
    // A neuromante carrying it: CH INT 4 − 1 = 3 (r4 fails where 4 would pass).
    assert_eq!(
        cast_carrying(&["Distorsión psíquica"], &[4]),
        ["a1 CH INT meta 3 r4"]
    );
}
