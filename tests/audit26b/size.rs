//! Pequeño («CH IMP -1 en CaC. Enemigos CH IMP -1.») in play at range.

use super::*;

#[test]
fn audit_pequeno_own_malus_is_only_in_cac() {
    // «CH IMP -1 en CaC»: a Pequeño shooter at 5 K keeps its CH IMP 5 (the malus is melee only).
    let (c, _) = shot_at(with(&["Pequeño"]).weapon(gun(2, &[])), with(&[]), 5, &[9]);
    assert_eq!(c[0], "a1 CH IMP 5 r9");
}

#[test]
fn audit_pequeno_enemies_shoot_it_at_minus_one() {
    // «Enemigos CH IMP -1» carries no «en CaC»: a shot at a Pequeño target 5 K away is CH IMP
    // 5 − 1 = 4; the same shot at a plain target stays 5.
    for (t, imp) in [(&[][..], 5), (&["Pequeño"][..], 4)] {
        let (c, _) = shot_at(with(&[]).weapon(gun(2, &[])), with(t), 5, &[9]);
        assert_eq!(c[0], format!("a1 CH IMP {imp} r9"), "{t:?}");
    }
}

#[test]
fn audit_pequeno_own_malus_in_cac() {
    // «CH IMP -1 en CaC»: a Pequeño swordsman in contact attacks at CH IMP 5 − 1 = 4.
    let mut st = contact(with(&["Pequeño"]).weapon(sword()), with(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
}
