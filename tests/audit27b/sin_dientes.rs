//! Sin dientes («No puede hacer críticos») on the character: every check it makes, its CH DEF
//! (and so the hit back of a critical CH DEF in CaC, Pinchos' DAÑ 2 one) and its CH PSI too; on
//! a weapon, that weapon's CH IMP only.

use super::*;
use engine::state::PSI_CRITICAL;

/// a1 strikes b1 (`b`, in contact, its back to a1) with a melee weapon of DAÑ 4 (CON 4: DAÑ 4).
fn strike(b: C, dice: &[u8]) -> (Vec<String>, Vec<u8>) {
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])), b);
    let log = play(&mut st, &["a1 melee b1 w1"], dice);
    (checks(&st, &log), wounds(&st))
}

#[test]
fn audit_sin_dientes_on_the_race_a_one_on_its_ch_def_is_a_plain_pass() {
    // Pinchos and DEF 2: r1 is a critical CH DEF — 0 wounds, and a1 takes the DAÑ 2 hit back
    // (a1 CH DEF 0 r9: 2 wounds, its CH PSI).
    let (c, w) = strike(with(&["Pinchos"]).prot(armour(2, &[])), &[4, 1, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 2 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [2, 0]);
    // With Sin dientes the 1 is a plain pass: DAÑ 4 − DEF 2 = 2 wounds, no hit back.
    let (c, w) = strike(
        with(&["Pinchos", "Sin dientes"]).prot(armour(2, &[])),
        &[4, 1, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r4", "b1 CH DEF 2 r1", "b1 CH PSI 4 r2"]);
    assert_eq!(w[..2], [0, 2]);
}

#[test]
fn audit_sin_dientes_a_one_no_longer_passes_a_ch_def_of_zero() {
    // «CH superado ignorando modificadores» is the critical's: without it, a 1 against DEF 0
    // fails — the full DAÑ 4 (b1 CON 9).
    let (c, w) = strike(
        C::new(race_t(9, 5, 4, 4, &["Sin dientes"]), 0, 0),
        &[4, 1, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r4", "b1 CH DEF 0 r1", "b1 CH PSI 4 r2"]);
    assert_eq!(w[..2], [0, 4]);
    // Without the trait: a critical, 0 wounds, the DAÑ 1 hit back.
    let (c, w) = strike(with(&[]), &[4, 1, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [1, 0]);
}

#[test]
fn audit_sin_dientes_on_a_protection_is_the_characters_ch_def() {
    let (c, w) = strike(
        with(&["Pinchos"]).prot(armour(2, &["Sin dientes"])),
        &[4, 1, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r4", "b1 CH DEF 2 r1", "b1 CH PSI 4 r2"]);
    assert_eq!(w[..2], [0, 2]);
}

#[test]
fn audit_sin_dientes_on_a_weapon_leaves_its_holders_ch_def_its_criticals() {
    // b1's sword has Sin dientes: its CH IMP's, not b1's CH DEF — r1 is still a critical.
    let (c, w) = strike(
        with(&["Pinchos"])
            .prot(armour(2, &[]))
            .weapon(weapon(2, 2, 0, 4, &["Sin dientes"])),
        &[4, 1, 9, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 2 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [2, 0]);
}

#[test]
fn audit_sin_dientes_no_critical_ch_psi() {
    // a1 shoots b1 (DAÑ 2, CH DEF 0 r9): b1's CH PSI r1 — a critical (CH ATR +1) without the
    // trait, a plain pass with it.
    for (traits, crit) in [(&[][..], true), (&["Sin dientes"][..], false)] {
        let mut st = range(C::std(0, 0).weapon(gun(2, &[])), with(traits), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 1]);
        assert_eq!(
            checks(&st, &log),
            ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r1"]
        );
        assert_eq!(st.ch(1).has(PSI_CRITICAL), crit, "{traits:?}");
    }
}
