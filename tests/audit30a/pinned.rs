//! Clauses pinned with no engine change: Muy miedoso («CH VOL -1») on the CH PSI (a CH VOL,
//! PSICOLOGÍA); Rey Inmortal («Siempre supera los CH DEF») against Sangre de ácido's wound
//! «sin CH DEF».

use super::*;

#[test]
fn audit_muy_miedoso_lowers_the_ch_psi_of_a_wound() {
    // b1 (CON 9, VOL 4) wounded by a1's gun: CH PSI 4 − 1 = 3 (r4 fails: 1 stress); without
    // the trait CH PSI 4, r4 passes.
    for (t, psi, stress) in [(&["Muy miedoso"][..], 3, 1), (&[][..], 4, 0)] {
        let (got, st) = super::shot_at(
            with(&[]).weapon(gun(2, &[])),
            C::new(race_t(9, 5, 4, 4, t), 0, 0),
            5,
            &[3, 9, 4],
        );
        assert_eq!(got[2], format!("b1 CH PSI {psi} r4"), "{t:?}");
        assert_eq!(st.ch(1).stress, stress, "{t:?}");
    }
}

#[test]
fn audit_rey_inmortal_does_not_stop_sangre_de_acidos_wound() {
    // a1 (Rey Inmortal) wounds b1 (Sangre de ácido) in melee: «todos en CaC sufre una herida,
    // sin CH DEF» — no CH DEF to pass, so a1 takes its wound anyway (CH PSI r2).
    let b = C::new(race_t(9, 5, 4, 4, &["Sangre de ácido"]), 0, 0);
    let mut st = contact(with(&["Rey Inmortal"]).weapon(sword()), b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).wounds, 1);
}
