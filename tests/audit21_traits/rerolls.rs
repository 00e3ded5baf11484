//! Audit 21b, the re-roll traits of the catalogue (auras and Élite …) by scripted cases.

use super::*;

#[test]
fn grito_de_guerra_allies_within_five_k_repeat_the_ch_imp() {
    // «Aliados a 5K, repiten CH IMP»: a2 beside a1 has it; a1's missed shot (r9) is rolled
    // again (r3: a hit, CH DEF 0 r9, CH PSI r2). The log shows the roll kept.
    let (c, st) = shot_with_friends(
        C::std(0, 0).weapon(gun(2, &[])),
        with(&["Grito de guerra"]),
        tough(&[]),
        C::std(0, 0),
        &[9, 3, 9, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(2).wounds, 2);
    // The holder itself does not repeat: a1 with the shout misses on r9.
    let mut st = range(
        with(&["Grito de guerra"]).weapon(gun(2, &[])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn aura_blindada_and_elite_blindado_repeat_the_ch_def() {
    // «Aliados a 5K repiten CH DEF» (b2 beside b1): b1's failed CH DEF 3 (r7) is rolled again
    // (r2, passed: DAÑ 4 − DEF 3 = 1 wound).
    let (c, st) = shot_with_friends(
        C::std(0, 0).weapon(weapon(2, 4, 10, 5, &[])),
        C::std(0, 0),
        tough(&[]).prot(armour(3, &[])),
        with(&["Aura blindada"]),
        &[3, 7, 2, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 3 r2", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(2).wounds, 1);
}
