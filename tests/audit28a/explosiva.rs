//! Munición explosiva («Impacta 2 veces (2 CH DEF)»): two hits of one combat action. Audit 28a
//! (fix): Ataque sorpresa's «DEF-2 en la siguiente acción de combate CaC» lowered the first CH
//! DEF only.

use super::*;

/// A1 (CON 5, a DAÑ 4 blade with `traits`) sneaks behind B1 (CON 9, DEF 4 armour), surprises
/// and strikes; the dice after the approach.
fn surprise(traits: &[&str], dice: &[u8]) -> (Vec<String>, u8) {
    let a = [C::new(race(5, 5, 4, 4), 5, 3).weapon(weapon(4, 4, 0, 5, traits))];
    let b = [C::new(race(9, 5, 4, 4), 5, 5)
        .prot(prot(1, 4, 4, 5, &[]))
        .facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(
        &mut st,
        &["a1 sneak 5,4", "a1 surprise b1", "a1 melee b1 w1"],
        dice,
    );
    (checks(&st, &log), st.ch(1).wounds)
}

#[test]
fn audit_municion_explosiva_both_ch_def_of_a_surprise_at_def_minus_two() {
    // DEF 4 − 2: CH DEF 2 twice; each passed one leaves DAÑ 4 + 5 − … as the first does. It was
    // CH DEF 4 on the second hit (a passed one subtracting 4, not 2).
    let (c, w) = surprise(&["Munición explosiva"], &[2, 3, 2, 3]);
    assert_eq!(
        c,
        [
            "b1 CH DEF 2 r2",
            "b1 CH PSI 4 r3",
            "b1 CH DEF 2 r2",
            "b1 CH PSI 4 r3"
        ]
    );
    // Without the trait, one CH DEF: half the wounds.
    let (c1, w1) = surprise(&[], &[2, 3]);
    assert_eq!(c1, ["b1 CH DEF 2 r2", "b1 CH PSI 4 r3"]);
    assert_eq!(w, 2 * w1);
    assert!(w1 > 0);
}

#[test]
fn audit_municion_explosiva_no_second_hit_on_a_fallen_target() {
    // «while the target is able»: the first hit kills B1 (CON 4, 4 wounds already, DAÑ 2 gun,
    // CH DEF 0 r9): no second CH DEF is rolled.
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Munición explosiva"])),
        C::std(0, 0).set("wounds", 3),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert!(!st.able(1));
}
