//! Sanguinario («Cada actuación, DAÑ +1 en CaC si hiere en CaC»). Audit 28a (pinned): the
//! automatic hit of a critical CH DEF in melee («un impacto automático de DAÑ 1 al atacante»)
//! is no melee attack of the holder's: its wound starts no streak.

use super::*;
use engine::creation::effect::Scope;
use engine::State;

/// A1 (sword) and A2 (far away) against B1 (Sanguinario, sword, CON 6, already acted) in
/// contact with A1; B2 far away, acted.
fn fight(b1: &[&str]) -> State {
    position(
        &open(11, 12),
        &[C::std(5, 5).weapon(sword()), C::std(0, 0).facing("S")],
        &[
            C::new(race_t(6, 5, 4, 4, b1), 5, 6)
                .weapon(sword())
                .facing("N")
                .status("acted"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_sanguinario_the_hit_back_of_a_critical_ch_def_starts_no_streak() {
    // A1 strikes (CH IMP r3); B1's CH DEF is a critical (r1): its automatic hit (DAÑ 1, A1's
    // CH DEF 0 r9, CH PSI r2) wounds A1 once — DAÑ 1, not 1 + 1 — and B1's melee DAÑ stays + 0.
    let mut st = fight(&["Sanguinario"]);
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[3, 1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).wounds, 1);
    assert_eq!(st.trait_damage_mod(2, Some(0), 0, Scope::Melee, false), 0);
}

#[test]
fn audit_sanguinario_its_own_melee_wound_gives_the_streak_in_melee_only() {
    // B1 is the attacker in its activation: A1 (CON 4) in contact, B1's sword wounds it (CH IMP
    // r3, CH DEF 0 r9: DAÑ 2 + 6 − 4 takes it out): + 1 in melee, + 0 at range; without the trait, + 0.
    for (t, k) in [(&["Sanguinario"][..], 1), (&[][..], 0)] {
        let mut st = position(
            &open(11, 12),
            &[C::std(5, 5).facing("S"), C::std(0, 0).status("acted")],
            &[
                C::new(race_t(6, 5, 4, 4, t), 5, 6)
                    .weapon(sword())
                    .facing("N"),
                C::std(10, 11).facing("S").status("acted"),
            ],
            2,
        );
        play(&mut st, &["b1 melee a1 w1", "pass"], &[3, 9]);
        assert!(st.ch(0).wounds > 0);
        assert_eq!(st.trait_damage_mod(2, Some(0), 0, Scope::Melee, false), k);
        assert_eq!(st.trait_damage_mod(2, Some(0), 0, Scope::Ranged, false), 0);
    }
}
