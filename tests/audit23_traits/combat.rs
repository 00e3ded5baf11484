//! Combat traits swept clause by clause: Sombra («DEF +1 tras cobertura»), Sin sangre
//! («Cualquier arma cuesta ENE +1»).

use super::*;
use crate::traits::{armour, contact};

#[test]
fn audit_sombra_no_def_plus_one_in_the_open() {
    // «DEF +1 tras cobertura»: in the open b1's CH DEF is its armour's 2 (with cover, 5: the
    // trigger test); passed, DAÑ 2 − DEF 2 = 0 wounds.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Sombra"]).prot(armour(2, &[])),
        5,
        &[3, 3, 2],
    );
    // r3 fails the CH DEF 2 (it would pass a CH DEF 3): the full DAÑ 2, and its CH PSI.
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r3", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 2);
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Sombra"]).prot(armour(2, &[])),
        5,
        &[3, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_sin_sangre_a_melee_weapon_costs_one_more_ene() {
    // «Cualquier arma»: the sword (ENE 2) costs 3 in melee as the gun does at range.
    for (t, ene) in [(&[][..], 2), (&["Sin sangre"][..], 3)] {
        let mut st = contact(with(t).weapon(sword()), tough(&[]));
        let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
        assert_eq!(spent(&log), [ene], "{t:?}");
    }
}
