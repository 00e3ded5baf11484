//! Melee traits swept clause by clause: Lucha con 2 armas («CH IMP +1 en CaC con dos armas
//! CaC»), Luchador consumado, Maestro de esgrima, Maestro guerrero, Matarife, Mulo.

use super::*;
use crate::traits::contact;

/// The first check of a1's melee attack on b1 with w1, rolled 8.
fn melee_imp(a: C, b: C) -> String {
    let mut st = contact(a, b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[8]);
    checks(&st, &log).remove(0)
}

#[test]
fn audit_lucha_con_2_armas_a_gun_is_not_a_second_melee_weapon() {
    // «con dos armas CaC»: a sword and a gun (ALC 10) are one melee weapon: CH IMP 5, not 6.
    let a = with(&["Lucha con 2 armas"])
        .weapon(sword())
        .weapon(gun(2, &[]));
    assert_eq!(melee_imp(a, C::std(0, 0)), "a1 CH IMP 5 r8");
}

#[test]
fn audit_lucha_con_2_armas_no_bonus_at_range() {
    // «en CaC»: two swords and a gun — the shot's CH IMP is the gun's 5 at 5 K, no + 1.
    let a = with(&["Lucha con 2 armas"])
        .weapon(gun(2, &[]))
        .weapon(sword())
        .weapon(sword());
    let (c, _) = shot_at(a, tough(&[]), 5, &[8]);
    assert_eq!(c, ["a1 CH IMP 5 r8"]);
}

#[test]
fn audit_mulo_con_plus_one_for_sobrecarga() {
    // «CON+1 para … sobrecarga» (MODIFICADORES: «CH IMP y CH AGI -1 por cada punto de DEF por
    // encima de CON - heridas»): CON 4 in DEF 5 armour shoots at CH IMP 5 − 1 = 4; a Mulo's
    // CON 5 carries it: 5.
    for (t, imp) in [(&[][..], 4), (&["Mulo"][..], 5)] {
        let a = with(t)
            .weapon(gun(2, &[]))
            .prot(crate::traits::armour(5, &[]));
        let (c, _) = shot_at(a, tough(&[]), 5, &[8]);
        assert_eq!(c, [format!("a1 CH IMP {imp} r8")], "{t:?}");
    }
}
