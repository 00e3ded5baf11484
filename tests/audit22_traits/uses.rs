//! What using a weapon brings: Defectuoso («Cuando se use, 10% de +1 herida») and Sin munición
//! («Antes de realizar el CH IMP, 10% de que el arma no tenga munición. Se …»). 1D100 is two
//! dice, tens then units (a 10 reads 0): 1, 10 → 10; 1, 1 → 11.

use super::*;
use crate::build::statuses;
use crate::traits::with;

#[test]
fn defectuoso_ten_percent_of_a_wound_to_its_user() {
    let a = || with(&[]).weapon(gun(2, &["Defectuoso"]));
    // 10: a1 takes 1 wound (no CH DEF: «+1 herida»), its CH PSI (r2, passed), then the shot.
    let (c, st) = shot_at(a(), tough(&[]), 5, &[1, 10, 2, 3, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH PSI 4 r2",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 2));
    // 11: nothing happens to a1.
    let (c, st) = shot_at(a(), tough(&[]), 5, &[1, 1, 3, 9, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 2));
}

#[test]
fn sin_municion_ten_percent_before_the_ch_imp_ends_the_action() {
    let a = || with(&[]).weapon(gun(2, &["Sin munición"]));
    // 10: no ammunition — no CH IMP, the action ends; its ENE 2 is spent.
    let mut st = range(a(), tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 10]);
    assert!(checks(&st, &log).is_empty());
    assert!(statuses(&st, &log).contains(&"a1 jams: the action ends".to_string()));
    assert_eq!((st.ch(1).wounds, spent(&log)), (0, vec![2]));
    // 11: it fires.
    let (c, st) = shot_at(a(), tough(&[]), 5, &[1, 1, 3, 9, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn defectuoso_danino_and_neuropsico_a_failed_ch_psi_of_the_user_fails_the_attack() {
    // PSICOLOGÍA, CH PSI «Fallo: falla la acción y +1 estrés»: the user's CH PSI (wounded by
    // Defectuoso on 10, by Dañino; Neuropsico «CH PSI cuando se use este equipo») fails (r7):
    // no CH IMP, 1 stress, the ENE spent.
    for (t, dice) in [
        ("Defectuoso", &[1, 10, 7][..]),
        ("Dañino", &[7][..]),
        ("Neuropsico", &[7][..]),
    ] {
        let mut st = range(with(&[]).weapon(gun(2, &[t])), tough(&[]), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r7"], "{t}");
        assert_eq!((st.ch(0).stress, st.ch(1).wounds), (1, 0), "{t}");
        assert_eq!(spent(&log), [2], "{t}");
    }
}
