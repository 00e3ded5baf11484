//! The CH DEF traits: a second CH DEF (7 vidas, Otra oportunidad, Salvaguarda), a passed one
//! taken again (Proveedor pirata, Munición excepcional), no re-roll (Munición vida o muerte), no
//! wounds on a pass (Larga vida); luck (Sin suerte, Dios de …, Afortunado). A gun of DAÑ 2 at
//! 5 K: CH IMP 5; the target's CH DEF is its DEF.

use super::*;

/// A shot of a DAÑ 2 gun (with `wt` traits) at b1 wearing DEF `def` with `pt` traits.
fn shot(wt: &[&str], def: u8, pt: &[&str], dice: &[u8]) -> (Vec<String>, u8) {
    let a = C::std(0, 0).weapon(gun(2, wt));
    let b = C::std(0, 0).prot(armour(def, pt));
    let mut st = range(a, b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st.ch(1).wounds)
}

#[test]
fn siete_vidas_a_second_ch_def_with_def_minus_one() {
    // Failed CH DEF 2 (r6), then a second with DEF 1, passed by r1 (a critical): no wounds.
    let (c, w) = shot(&[], 2, &["7 vidas"], &[3, 6, 1]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r6", "b1 CH DEF 1 r1"]);
    assert_eq!(w, 0);
    // Failed twice: the full DAÑ 2 and the CH PSI of the wounded.
    let (c, w) = shot(&[], 2, &["7 vidas"], &[3, 6, 4, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 2 r6",
            "b1 CH DEF 1 r4",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w, 2);
    // A fumbled CH DEF gets no second one (DAÑ + 1).
    let (c, w) = shot(&[], 2, &["7 vidas"], &[3, 10, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r10", "b1 CH PSI 4 r2"]);
    assert_eq!(w, 3);
}

#[test]
fn otra_oportunidad_def_half_and_salvaguarda_def_five() {
    // DEF 4 fails r6; second with DEF 2 passes r2: DAÑ 2 − DEF 2 = 0 wounds.
    let (c, w) = shot(&[], 4, &["Otra oportunidad"], &[3, 6, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 4 r6", "b1 CH DEF 2 r2"]);
    assert_eq!(w, 0);
    // DEF 1 fails r6; second with DEF 5 passes r5: no wounds.
    let (c, w) = shot(&[], 1, &["Salvaguarda"], &[3, 6, 5]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 1 r6", "b1 CH DEF 5 r5"]);
    assert_eq!(w, 0);
}

#[test]
fn proveedor_pirata_and_municion_excepcional_take_a_passed_ch_def_again() {
    // Passed r2 (not a critical): again, failed r6: DAÑ 2.
    for (wt, pt) in [
        (&["Munición excepcional"][..], &[][..]),
        (&[][..], &["Proveedor pirata"][..]),
    ] {
        let (c, w) = shot(wt, 2, pt, &[3, 2, 6, 2]);
        assert_eq!(
            c,
            [
                "a1 CH IMP 5 r3",
                "b1 CH DEF 2 r2",
                "b1 CH DEF 2 r6",
                "b1 CH PSI 4 r2"
            ]
        );
        assert_eq!(w, 2);
    }
    // A critical is not taken again.
    let (c, w) = shot(&["Munición excepcional"], 2, &[], &[3, 1]);
    assert_eq!((c.len(), w), (2, 0));
}

#[test]
fn municion_vida_o_muerte_denies_the_def_reroll() {
    // Élite blindado re-rolls the failed CH DEF (r6 then r1; the log shows the roll kept)…
    let (c, w) = shot(&[], 2, &["Élite blindado"], &[3, 6, 1]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r1"]);
    assert_eq!(w, 0);
    // …not against Munición vida o muerte.
    let (c, w) = shot(
        &["Munición vida o muerte"],
        2,
        &["Élite blindado"],
        &[3, 6, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r6", "b1 CH PSI 4 r2"]);
    assert_eq!(w, 2);
}

#[test]
fn larga_vida_no_wounds_on_a_passed_ch_def() {
    let a = C::std(0, 0).weapon(gun(4, &[]));
    for (traits, wounds) in [(&[][..], 2), (&["Larga vida"][..], 0)] {
        let b = C::std(0, 0).prot(armour(2, traits));
        let mut st = range(a.clone(), b, 5);
        let dice: &[u8] = if wounds > 0 { &[3, 2, 2] } else { &[3, 2] };
        play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        assert_eq!(st.ch(1).wounds, wounds, "{traits:?}");
    }
}

#[test]
fn sin_suerte_fumbles_on_nine() {
    // r9 on the CH IMP is a fumble: the weapon wears and a DAÑ 1 hit strikes a1 (CH DEF 0 r5,
    // 1 wound, CH PSI).
    let a = with(&["Sin suerte"]).weapon(gun(2, &[]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r9", "a1 CH DEF 0 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
}

#[test]
fn dios_del_acero_passes_every_ch_def_as_a_critical() {
    // r8 on CH DEF 2 is a critical pass: no wounds.
    let (c, w) = shot(&[], 2, &["Dios del acero"], &[3, 8]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r8"]);
    assert_eq!(w, 0);
}

#[test]
fn afortunado_ignores_the_wounds_on_a_one() {
    let b = with(&["Afortunado"]).prot(armour(1, &[]));
    let a = C::std(0, 0).weapon(gun(2, &[]));
    let mut st = range(a.clone(), b.clone(), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 6, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 1 r6"]);
    assert_eq!(st.ch(1).wounds, 0);
    // 2 on the luck die: the wounds stand.
    let mut st = range(a, b, 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 6, 2, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}
