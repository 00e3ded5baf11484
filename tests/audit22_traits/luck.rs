//! «Supera CH X con un crítico» (Dios de la roca, del agua, del fuego, del viento) and
//! «Siempre supera los CH X» (Rey Hechicero, Inmortal, Mono, Titán).

use super::*;
use crate::traits::{armour, with};

#[test]
fn dios_de_la_roca_del_agua_del_fuego_pass_their_ch_as_a_critical_whatever_the_die() {
    // The Prueba's CH of the god's attribute, rolled 9 (over the target) and 10 (a fumble for
    // anyone else): passed, the attack goes on. Without the god, 9 fails.
    for (god, prueba, target) in [
        ("Dios de la roca", "Prueba de constitución", 3),
        ("Dios del agua", "Prueba de inteligencia", 6),
        ("Dios del fuego", "Prueba de voluntad", 7),
        ("Dios del viento", "Prueba de agilidad", 5),
    ] {
        for die in [9, 10] {
            let (c, st) = odd_shot(&[god], &[prueba], tough(&[]), 5, &[die, 3, 9, 2]);
            assert_eq!(
                c[..2],
                [
                    format!("a1 CH ATR to use {target} r{die}"),
                    "a1 CH IMP 5 r3".into()
                ],
                "{god} r{die}"
            );
            // Dios del viento: the CH IMP (a CH AGI, COMBATE) is a critical too: DAÑ 2 + 1.
            let wounds = if god == "Dios del viento" { 3 } else { 2 };
            assert_eq!(st.ch(1).wounds, wounds, "{god} r{die}");
        }
        let (c, _) = odd_shot(&[], &[prueba], tough(&[]), 5, &[9]);
        assert_eq!(c, [format!("a1 CH ATR to use {target} r9")]);
    }
    // Another god's attribute is not helped: Dios de la roca with a Prueba de inteligencia.
    let (c, _) = odd_shot(
        &["Dios de la roca"],
        &["Prueba de inteligencia"],
        tough(&[]),
        5,
        &[9],
    );
    assert_eq!(c, ["a1 CH ATR to use 6 r9"]);
}

#[test]
fn dios_del_viento_every_ch_imp_of_a_physical_weapon_is_a_critical() {
    // COMBATE: «Armas físicas, CH AGI»; «Crítico en CH IMP: ignora cobertura y DAÑ+1». r9 hits
    // as a critical: DAÑ 2 + 1 = 3 wounds on a failed CH DEF 0.
    let (c, st) = shot_at(
        with(&["Dios del viento"]).weapon(gun(2, &[])),
        tough(&[]),
        5,
        &[9, 9, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r9", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn dios_del_fuego_passes_the_ch_psi_a_ch_vol_as_a_critical() {
    // PSICOLOGÍA: «CH PSI.- Se realiza con un CH VOL»; the wounded holder rolls 9: passed as a
    // critical, no stress, and «Crítico: CH ATR +1 hasta el final de la actuación».
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        tough(&["Dios del fuego"]),
        5,
        &[3, 9, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r9"]);
    assert_eq!(st.ch(1).stress, 0);
    assert!(st.ch(1).has(engine::state::PSI_CRITICAL));
    // Without it, 9 fails: 1 stress.
    let (_, st) = shot_at(with(&[]).weapon(gun(2, &[])), tough(&[]), 5, &[3, 9, 9]);
    assert_eq!(st.ch(1).stress, 1);
}

#[test]
fn rey_titan_and_rey_hechicero_pass_their_ch_even_on_a_ten() {
    // «Siempre supera los CH CON / INT»: the Prueba's check rolled 10 passes.
    for (king, prueba, target) in [
        ("Rey Titán", "Prueba de constitución", 3),
        ("Rey Hechicero", "Prueba de inteligencia", 6),
    ] {
        let (c, st) = odd_shot(&[king], &[prueba], tough(&[]), 5, &[10, 3, 9, 2]);
        assert_eq!(
            c[..2],
            [
                format!("a1 CH ATR to use {target} r10"),
                "a1 CH IMP 5 r3".into()
            ],
            "{king}"
        );
        assert_eq!(st.ch(1).wounds, 2, "{king}");
    }
}

#[test]
fn rey_mono_hits_on_a_ten_without_the_fumble() {
    // «Siempre supera los CH AGI», the CH IMP of a physical weapon: r10 hits, and a passed check
    // is no «Pifia en CH IMP» (no DAÑ 1 on a1, no wear on the gun), nor a critical (DAÑ 2).
    let (c, st) = shot_at(
        with(&["Rey Mono"]).weapon(gun(2, &[])),
        tough(&[]),
        5,
        &[10, 9, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r10", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 2));
    assert_eq!(st.ch(0).wear[0], 0);
}

#[test]
fn rey_inmortal_passes_the_ch_def_on_a_ten_without_the_fumble() {
    // «Siempre supera los CH DEF»: DEF 1, r10 passed — DAÑ 2 − 1 = 1 wound, no «Pifia en CH DEF»
    // (no DAÑ + 1, no wear on the protection).
    let b = tough(&["Rey Inmortal"]).prot(armour(1, &[]));
    let (c, st) = shot_at(with(&[]).weapon(gun(2, &[])), b, 5, &[3, 10, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 1 r10", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 1);
    assert_eq!(st.ch(1).wear, [0; 8]);
}

#[test]
fn dios_del_fuego_a_ch_vol_enf_passed_with_a_critical_counts_as_a_one() {
    // CH ENF «gana el que pase el CH con el menor valor»; «1 en 1D10 es un crítico»: b1's 9,
    // passed «con un crítico», is a 1 and beats a1's 2 — the Bunkai (CH AGI r3) is resisted.
    let chi = serde_json::json!({"name": "M", "ene": 2, "range": 3, "quality": 4,
                                 "traits": ["Bunkai"]});
    let a = || C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0).meta(chi.clone());
    let mut st = crate::meta::range(a(), tough(&["Dios del fuego"]), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r9"]
    );
    assert!(crate::build::statuses(&st, &log).contains(&"b1 resists the meta-ability".into()));
    // Without it, a1's 2 wins (b1's 9 fails): the CH DEF and the wound follow.
    let mut st = crate::meta::range(a(), tough(&[]), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 9, 9, 2]);
    assert_eq!(checks(&st, &log).len(), 5);
    assert_eq!(st.ch(1).wounds, 4);
}
