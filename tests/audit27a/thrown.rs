//! Arma arrojada («Si se lanza, ALC=CON+AGI y DAÑ+1») with the weapon's other traits: the
//! weapon thrown attacks as itself. Audit 27a (fix): its traits were skipped when thrown
//! (Filo romo's «DAÑ-1», Arma complicada's «CH IMP -1»).

use super::*;
use crate::audit21_traits::tough;

/// A1 throws its javelin (DAÑ 3, `traits` besides Arma arrojada) at B1 (CON 9) 5 K away (CH
/// IMP r3, CH DEF 0 r9, CH PSI r2): (the CH IMP, B1's wounds).
fn throw(traits: &[&str]) -> (String, u8) {
    let mut t = vec!["Arma arrojada"];
    t.extend_from_slice(traits);
    let mut st = range(with(&[]).weapon(weapon(2, 3, 0, 4, &t)), tough(&[]), 5);
    let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[3, 9, 2]);
    (checks(&st, &log)[0].clone(), st.ch(1).wounds)
}

#[test]
fn audit_arma_arrojada_thrown_keeps_the_weapons_traits() {
    // DAÑ 3 + 1 = 4; Filo romo 3 (it was 4); Arma complicada CH IMP 4 (it was 5).
    assert_eq!(throw(&[]), ("a1 CH IMP 5 r3".into(), 4));
    assert_eq!(throw(&["Filo romo"]), ("a1 CH IMP 5 r3".into(), 3));
    assert_eq!(throw(&["Arma complicada"]), ("a1 CH IMP 4 r3".into(), 4));
}
