//! The CH DEF traits: Pinchos (its DAÑ 2 hit back only in CaC), Proveedor pirata («Si pasa el
//! CH DEF, hace otro»), Munición excepcional («Objetivo repite CH DEF si no lo supera con un
//! crítico»), Munición vida o muerte («Niega repetir CH DEF»), Maldita armadura («CH DEF -1»).

use super::*;

/// a1 shoots b1 5 K away with a DAÑ `dmg` gun with `wt` traits; b1 (`b`). Checks and wounds.
fn shot(wt: &[&str], dmg: u8, b: C, dice: &[u8]) -> (Vec<String>, Vec<u8>) {
    let mut st = range(C::std(0, 0).weapon(gun(dmg, wt)), b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), wounds(&st))
}

/// a1 strikes b1 (`b`, in contact, its back to a1) with a melee weapon of DAÑ 4.
fn strike(wt: &[&str], b: C, dice: &[u8]) -> (Vec<String>, Vec<u8>) {
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, wt)), b);
    let log = play(&mut st, &["a1 melee b1 w1"], dice);
    (checks(&st, &log), wounds(&st))
}

#[test]
fn audit_pinchos_a_critical_ch_def_against_a_shot_sends_nothing_back() {
    // «DAÑ 2 en crítico de CH DEF en CaC»: at range the critical is 0 wounds and nothing more.
    let (c, w) = shot(&[], 2, with(&["Pinchos"]), &[3, 1]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1"]);
    assert_eq!(w[..2], [0, 0]);
    // In CaC, the hit back has DAÑ 2 (a1's CH DEF 2 passed r2: 0 wounds; failed r5: 2).
    let (c, w) = strike(&[], with(&["Pinchos"]), &[4, 1, 5, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 0 r5",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [2, 0]);
}

#[test]
fn audit_pinchos_on_a_protection_strikes_back_too() {
    // The trait on b1's armour (DEF 1) is b1's: the hit back has DAÑ 2 — a1's CH DEF 1 r2
    // failed: 2 wounds.
    let a = C::std(0, 0)
        .weapon(weapon(2, 4, 0, 4, &[]))
        .prot(armour(1, &[]));
    let mut st = contact(a, with(&[]).prot(armour(1, &["Pinchos"])));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 1, 2, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 1 r1",
            "a1 CH DEF 1 r2",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!(wounds(&st)[..2], [2, 0]);
}

#[test]
fn audit_proveedor_pirata_a_critical_ch_def_is_taken_again_too() {
    // «Si pasa el CH DEF, hace otro» names no exception — Munición excepcional's «si no lo supera
    // con un crítico» does: a critical is a pass, so it is taken again and the second decides
    // (r6: failed, DAÑ 2).
    let (c, w) = shot(&[], 2, with(&["Proveedor pirata"]), &[3, 1, 6, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r1",
            "b1 CH DEF 0 r6",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[1], 2);
    // In CaC the first critical's hit back does not happen: the second CH DEF (r3, failed)
    // decides — DAÑ 4.
    let tough = C::new(race_t(9, 5, 4, 4, &["Proveedor pirata"]), 0, 0);
    let (c, w) = strike(&[], tough.clone(), &[4, 1, 3, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r1",
            "b1 CH DEF 0 r3",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [0, 4]);
    // The second a critical: 0 wounds and, in CaC, the DAÑ 1 hit back; no third CH DEF.
    let (c, w) = strike(&[], tough, &[4, 1, 1, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r1",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [1, 0]);
}

#[test]
fn audit_proveedor_pirata_a_failed_ch_def_is_not_taken_again() {
    let (c, w) = shot(
        &[],
        2,
        with(&["Proveedor pirata"]).prot(armour(2, &[])),
        &[3, 5, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r5", "b1 CH PSI 4 r2"]);
    assert_eq!(w[1], 2);
}

#[test]
fn audit_municion_excepcional_only_a_passed_ch_def_without_a_critical_again() {
    let b = || with(&[]).prot(armour(2, &[]));
    // Failed (r5): not taken again (that would be a second chance for the target).
    let (c, w) = shot(&["Munición excepcional"], 2, b(), &[3, 5, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r5", "b1 CH PSI 4 r2"]);
    assert_eq!(w[1], 2);
    // Passed r2: again; the second passed r2 too stands (no third): DAÑ 2 − DEF 2 = 0.
    let (c, w) = shot(&["Munición excepcional"], 2, b(), &[3, 2, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH DEF 2 r2"]);
    assert_eq!(w[1], 0);
    // On a melee weapon too; the critical (r1) is kept, with its hit back.
    let (c, w) = strike(&["Munición excepcional"], b(), &[4, 1, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 2 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[..2], [1, 0]);
}

/// a1 (gun with `wt`) shoots b1 5 K south; b2 beside b1 (2 K) carries Aura blindada.
fn shot_by_aura(wt: &[&str], dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(gun(2, wt))],
        &[
            C::std(5, 6).facing("S").prot(armour(2, &[])),
            with(&["Aura blindada"])
                .set("at", [7, 6])
                .facing("S")
                .status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn audit_municion_vida_o_muerte_denies_an_allys_aura_re_roll_too() {
    // b2's Aura blindada re-rolls b1's failed CH DEF (r6, then r2: the roll kept)…
    assert_eq!(
        shot_by_aura(&[], &[3, 6, 2]),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]
    );
    // …not against Munición vida o muerte: the r6 stands.
    assert_eq!(
        shot_by_aura(&["Munición vida o muerte"], &[3, 6, 2]),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r6", "b1 CH PSI 4 r2"]
    );
}

#[test]
fn audit_maldita_armadura_its_holders_ch_def_and_the_second_one_too() {
    // Armour DEF 3 with Maldita armadura: CH DEF 2 (r3 fails); 7 vidas' second CH DEF (DEF − 1)
    // is the holder's too: 3 − 1 − 1 = 1 (r2 fails: DAÑ 4 on CON 9).
    let (c, w) = shot(
        &[],
        4,
        C::new(race_t(9, 5, 4, 4, &["7 vidas"]), 0, 0).prot(armour(3, &["Maldita armadura"])),
        &[3, 3, 2, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 2 r3",
            "b1 CH DEF 1 r2",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w[1], 4);
    // The DEF a pass subtracts is untouched: passed r2 — DAÑ 4 − DEF 3 = 1.
    let (c, w) = shot(
        &[],
        4,
        with(&[]).prot(armour(3, &["Maldita armadura"])),
        &[3, 2, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]);
    assert_eq!(w[1], 1);
    // Not the attacker's: Maldita armadura on a1's armour leaves b1's CH DEF 3.
    let mut st = range(
        C::std(0, 0)
            .weapon(gun(4, &[]))
            .prot(armour(1, &["Maldita armadura"])),
        with(&[]).prot(armour(3, &[])),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 3 r2", "b1 CH PSI 4 r2"]
    );
}
