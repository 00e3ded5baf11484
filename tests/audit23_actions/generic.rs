//! ACCIONES GENÉRICAS, clause by clause (audit 23a).

use crate::build::*;

#[test]
fn audit_apoyar_reaches_an_ally_within_two_k_only() {
    // «Apoyar (3) CH ATR +1 a un aliado a 2 K»: an ally 2 K away may be supported, one 3 K
    // away may not.
    let st = position(
        &open(9, 9),
        &[C::std(1, 1), C::std(3, 1), C::std(4, 4)],
        &[C::std(8, 8).facing("S")],
        0,
    );
    assert!(legal(&st, "a1 support a2"));
    assert!(!legal(&st, "a1 support a3"));
}
