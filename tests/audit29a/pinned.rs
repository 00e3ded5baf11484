//! Clauses pinned with no engine change: Élite valiente («Puede repetir CH VOL») on a fumbled
//! CH PSI and a CH VOL ENF; Dios del acero («Supera CH DEF con un crítico») in melee; Blandito
//! («Sufre DAÑ x2») with a critical.

use super::*;

#[test]
fn audit_elite_valiente_repeats_a_fumbled_ch_psi_so_no_ch_loc() {
    // b1 (CON 9) wounded by a1's gun (r3, CH DEF 0 r9) checks PSI: r10 (a fumble, whose CH LOC
    // would follow) is rolled again, r2 passes: no stress, no CH LOC. Without it: the CH LOC.
    for (t, c, stress) in [
        (&["Élite valiente"][..], &["b1 CH PSI 4 r2"][..], 0),
        (&[][..], &["b1 CH PSI 4 r10", "b1 CH LOC 4 r2"][..], 1),
    ] {
        let (got, st) = shot_at(
            with(&[]).weapon(gun(2, &[])),
            C::new(race_t(9, 5, 4, 4, t), 0, 0),
            5,
            &[3, 9, 10, 2],
        );
        assert_eq!(&got[2..], c, "{t:?}");
        assert_eq!(st.ch(1).stress, stress, "{t:?}");
    }
}

#[test]
fn audit_dios_del_acero_every_melee_ch_def_hits_the_attacker_back() {
    // Its CH DEF is always passed «con un crítico» (r7 here): in melee, a critical CH DEF is
    // «un impacto automático de DAÑ 1 al atacante» — a1 (CH DEF 0 r9) takes 1 wound; b1 none.
    let mut st = contact(
        with(&[]).weapon(sword()),
        C::new(race_t(9, 5, 4, 4, &["Dios del acero"]), 0, 0),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 7, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r7",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
}

#[test]
fn audit_blandito_doubles_the_dan_with_its_critical() {
    // A critical CH IMP (r1): DAÑ 2 + 1 = 3, doubled 6, before a passed CH DEF 2 (r2): 4
    // wounds (not (2 × 2) + 1 − 2 = 3). Without Blandito: 3 − 2 = 1.
    for (t, w) in [(&["Blandito"][..], 4), (&[][..], 1)] {
        let (_, st) = shot_at(
            with(&[]).weapon(gun(2, &[])),
            C::new(race_t(9, 5, 4, 4, t), 0, 0).prot(armour(2, &[])),
            5,
            &[1, 2, 2],
        );
        assert_eq!(st.ch(1).wounds, w, "{t:?}");
    }
}
