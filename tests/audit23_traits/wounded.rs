//! Traits that answer a wound: Sangre de ácido («Si le hieren, todos en CaC sufre una herida,
//! sin CH DEF, y una Protección, -1 CAL») and Saikikku («Si le hieren, todos en CaC ganan 1
//! estrés, sin CH DEF. Y un bonus deja de funcionarles hasta sus actuaciones»), wounded by a
//! shot while in melee.

use super::*;
use crate::traits::armour;

/// a1 (a gun) on (5, 1) facing S shoots b1 (CON 9, `traits`) on (5, 6), its back turned, in
/// melee with a2 (acted, armour 1) on (5, 7); b2 far away.
fn shot_into_melee(traits: &[&str], dice: &[u8]) -> (Vec<String>, engine::State) {
    let mut st = position(
        &open(11, 16),
        &[
            with(&[]).weapon(gun(2, &[])).set("at", [5, 1]).facing("S"),
            with(&[])
                .prot(armour(1, &[]))
                .set("at", [5, 7])
                .facing("N")
                .status("acted"),
        ],
        &[
            tough(traits).set("at", [5, 6]).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], dice);
    (checks(&st, &log), st)
}

#[test]
fn audit_sangre_de_acido_a_shot_that_wounds_it_burns_those_in_melee_with_it() {
    // The shot hits (r3, and r3 on the second CH IMP into the melee), b1's CH DEF 0 r9 fails:
    // 2 wounds. a2, in contact with b1, takes 1 wound with no CH DEF (its CH PSI r2) and a wear
    // on its protection. Without the trait, a2 is untouched.
    let dice = [3, 3, 9, 2, 2];
    let (c, st) = shot_into_melee(&["Sangre de ácido"], &dice);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a2 CH PSI 4 r2"
        ]
    );
    assert_eq!(
        (st.ch(2).wounds, st.ch(1).wounds, st.ch(1).wear[0]),
        (2, 1, 1)
    );
    let (_, st) = shot_into_melee(&[], &dice[..4]);
    assert_eq!(
        (st.ch(2).wounds, st.ch(1).wounds, st.ch(1).wear[0]),
        (2, 0, 0)
    );
}

#[test]
fn audit_saikikku_a_shot_that_wounds_it_stresses_those_in_melee_with_it() {
    // The same shot: a2 gains 1 stress, no CH DEF (and its bonuses stop).
    let (c, st) = shot_into_melee(&["Saikikku"], &[3, 3, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(2).wounds, st.ch(1).stress), (2, 1));
}
