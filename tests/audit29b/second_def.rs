//! Salvaguarda («Tiene un 2º CH DEF con DEF = 5»): 5 stands for the DEF of its protections, and
//! what changes a DEF changes it — Munición perforante's «El objetivo, DEF -2» too. Audit 29b
//! (fix): the second CH DEF was made at 5 whatever pierced (while the scoped changes and the
//! stance applied to it), and 7 vidas' and Otra oportunidad's took the cut.

use super::*;

/// A1's gun of DAÑ 3 (`ammo`) at B1 (armour DEF 3, `traits`) 5 K away: (checks, B1's wounds).
fn shot(ammo: &[&str], traits: &[&str], dice: &[u8]) -> (Vec<String>, u8) {
    let mut st = range(
        C::std(0, 0).weapon(gun(3, ammo)),
        with(traits).prot(armour(3, &[])),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st.ch(1).wounds)
}

#[test]
fn audit_salvaguarda_its_def_five_is_pierced_as_any_def() {
    // Plain: CH DEF 3 r5 fails, the second at DEF 5 r4 passes: 3 − 5, no wound.
    let (c, w) = shot(&[], &["Salvaguarda"], &[3, 5, 4]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 3 r5", "b1 CH DEF 5 r4"]);
    assert_eq!(w, 0);
    // Munición perforante: DEF 1, then DEF 5 − 2 = 3 — r4 fails: 3 wounds (CH PSI r2).
    let (c, w) = shot(&["Munición perforante"], &["Salvaguarda"], &[3, 5, 4, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 1 r5",
            "b1 CH DEF 3 r4",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w, 3);
    // 7 vidas (DEF − 1) with the same ammunition: 3 − 2 − 1 = 0 (unchanged).
    let (c, _) = shot(&["Munición perforante"], &["7 vidas"], &[3, 5, 4, 2]);
    assert_eq!(c[2], "b1 CH DEF 0 r4");
}
