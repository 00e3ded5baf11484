//! Defence traits swept clause by clause: 7 vidas («Tiene un segundo CH DEF con DEF -1»),
//! Afortunado («Si sufre DAÑ, 1D10: 1 ignorar DAÑ»), Absorción de impacto («Enemigo tiene DAÑ
//! -1»), Dios del acero («Supera CH DEF con un crítico»).

use super::*;

#[test]
fn audit_7_vidas_a_passed_first_ch_def_asks_no_second() {
    // «un segundo CH DEF»: only after a failed first one. r2 passes the CH DEF 2: DAÑ 2 − 2 = 0,
    // and no second die is rolled.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["7 vidas"]).prot(armour(2, &[])),
        5,
        &[3, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_7_vidas_the_second_ch_def_passed_subtracts_def_minus_one() {
    // «con DEF -1»: the second check is against DEF 3 − 1 = 2, and passing it subtracts that 2
    // from the DAÑ 4 (2 wounds, then the CH PSI of the wounded).
    let (c, st) = shot_at(
        with(&[]).weapon(gun(4, &[])),
        tough(&["7 vidas"]).prot(armour(3, &[])),
        5,
        &[3, 6, 2, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 3 r6",
            "b1 CH DEF 2 r2",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_afortunado_rolls_no_luck_die_when_no_dan_is_suffered() {
    // «Si sufre DAÑ»: a passed CH DEF 2 against DAÑ 2 leaves nothing to ignore — no 1D10.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Afortunado"]).prot(armour(2, &[])),
        5,
        &[3, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_afortunado_ignores_a_melee_dan_too() {
    // The sword's DAÑ 2 (CON 4 − 4) on a failed CH DEF 0 (r9), the luck die 1: no wound.
    let mut st = contact(with(&[]).weapon(sword()), with(&["Afortunado"]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 9, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r4", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_absorcion_de_impacto_in_melee_and_never_below_zero() {
    // «Enemigo tiene DAÑ -1»: in melee too (a DAÑ 3 blade: 2 wounds); a DAÑ 1 gun does nothing
    // (no wound, so no CH PSI).
    let mut st = contact(
        with(&[]).weapon(weapon(2, 3, 0, 4, &[])),
        tough(&["Absorción de impacto"]),
    );
    play(&mut st, &["a1 melee b1 w1"], &[4, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
    let (c, st) = shot_at(
        with(&[]).weapon(weapon(2, 1, 5, 5, &[])),
        tough(&["Absorción de impacto"]),
        5,
        &[3, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    // «Enemigo»: the holder's own DAÑ is whole.
    let (_, st) = shot_at(
        with(&["Absorción de impacto"]).weapon(gun(2, &[])),
        tough(&[]),
        5,
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_dios_del_acero_a_fumbled_die_is_still_a_critical_pass() {
    // «Supera CH DEF con un crítico»: r10 (a fumble for anyone else: DAÑ + 1) passes as a
    // critical: no wound.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Dios del acero"]).prot(armour(1, &[])),
        5,
        &[3, 10],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 1 r10"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_afortunado_a_wound_of_its_own_dano_weapon_is_ignored_on_a_one() {
    // «Si sufre DAÑ» — any wound it would take (RULES.md): Dañino's wound on use, luck die 1:
    // no wound, so no CH PSI; the shot follows (r9, a miss).
    let (c, st) = shot_at(
        with(&["Afortunado"]).weapon(gun(2, &["Dañino"])),
        with(&[]),
        5,
        &[1, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn audit_control_del_chi_repeats_a_ch_def_in_the_enemys_activation() {
    // «Repite un chequeo por actuación», any check of the holder's, in another's activation
    // too (RULES.md): b1's failed CH DEF 2 (r9) is rolled again (r2): no wound.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Control del CHI"]).prot(armour(2, &[])),
        5,
        &[3, 9, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 failed, repeated by Control del CHI: 2 r9",
            "b1 CH DEF 2 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_borracho_leaves_the_ch_def_alone() {
    // «CH ATR -1 acumulativo»: a CH DEF is no CH ATR — on turn 5 b1's CH DEF stays 2.
    let mut v = setup_json(
        &open(11, 16),
        &[with(&[]).weapon(gun(2, &[])).set("at", [5, 1]).facing("S")],
        &[with(&["Borracho"])
            .prot(armour(2, &[]))
            .set("at", [5, 6])
            .facing("S")],
        0,
        10,
    );
    v["game"]["turn"] = 5.into();
    v["scenario"]["turn_limit"] = 8.into();
    let mut st = load(&v);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
}
