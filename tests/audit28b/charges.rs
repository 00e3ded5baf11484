//! Contracarga («Sin bonus cuando le cargan») and Grito de muerte («Aliados 5K sin cargar DAÑ+1
//! CaC»): a charge that Contracarga strips of its bonus is still a charge — the charger gets
//! neither Cargar's + 1 nor Grito de muerte's «sin cargar» + 1. Audit 28b (fix): the attack
//! lost its charge scope with the bonus, so Grito de muerte's + 1 came in its place.

use super::*;

/// a1 (sword, DAÑ 2 + CON 4 − 4 = 2) on (5, 1) charges b1 (`b`, CON 6) on (5, 5) and strikes
/// it (CH IMP r5, b1's CH DEF 0 r9, its CH PSI r2); a2 (`ally` traits) on (7, 3), acted.
fn charge(ally: &[&str], b: C) -> (Vec<String>, u8) {
    let a = [
        C::std(5, 1).weapon(sword()),
        with(ally).set("at", [7, 3]).status("acted"),
    ];
    let mut st = position(&open(11, 10), &a, &[b.set("at", [5, 5]).facing("S")], 0);
    let log = play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
        &[5, 9, 2],
    );
    (checks(&st, &log), st.ch(2).wounds)
}

#[test]
fn audit_contracarga_a_charge_without_its_bonus_takes_no_grito_de_muerte() {
    let plain = || C::new(race(6, 5, 4, 4), 0, 0);
    let counter = || C::new(race_t(6, 5, 4, 4, &["Contracarga"]), 0, 0);
    // A charge: CH IMP 5 + 1, DAÑ 2 + 1; Grito de muerte adds nothing («sin cargar»).
    for ally in [&[][..], &["Grito de muerte"][..]] {
        assert_eq!(
            charge(ally, plain()),
            (
                vec![
                    "a1 CH IMP 6 r5".into(),
                    "b1 CH DEF 0 r9".into(),
                    "b1 CH PSI 4 r2".into()
                ],
                3
            ),
            "{ally:?}"
        );
    }
    // Against Contracarga: CH IMP 5, DAÑ 2 — and still no Grito de muerte (it was 3).
    for ally in [&[][..], &["Grito de muerte"][..]] {
        assert_eq!(
            charge(ally, counter()),
            (
                vec![
                    "a1 CH IMP 5 r5".into(),
                    "b1 CH DEF 0 r9".into(),
                    "b1 CH PSI 4 r2".into()
                ],
                2
            ),
            "{ally:?}"
        );
    }
}
