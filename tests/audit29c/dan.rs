//! DAÑ against a kind of target or within a distance (Matamuertos, Munición experimental) under
//! Munición desestabilizadora's «anulará sus bonus hasta su siguiente actuación».

use super::*;
use crate::traits::range;

/// a1 (`a`, gun DAÑ 2 with `traits`) shoots b1 (`b`) 5 K away: CH IMP r3, b1's CH DEF 0 r9,
/// its CH PSI r2 (while it takes wounds). Returns b1's wounds.
fn shot(a: C, traits: &[&str], b: C) -> u8 {
    let mut st = range(a.weapon(gun(2, traits)), b, 5);
    let dice: &[u8] = &[3, 9, 2];
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    let c = checks(&st, &log);
    assert_eq!(c[0], "a1 CH IMP 5 r3");
    st.ch(1).wounds
}

#[test]
fn audit_desestabilizadora_stops_matamuertos_and_experimental_not_a_malus() {
    let undead = || C::new(race_t(9, 5, 4, 4, &["No vivo"]), 0, 0);
    let tough = || C::new(race(9, 5, 4, 4), 0, 0);
    // Matamuertos «DAÑ +2 a enemigos "no vivos"»: 2 + 2; its holder's bonuses stopped
    // (Munición desestabilizadora's hit, as Saikikku's), 2 — a DAÑ change of its own trait
    // like any other (the + 2 stayed).
    assert_eq!(shot(C::std(0, 0), &["Matamuertos"], undead()), 4);
    assert_eq!(
        shot(
            C::std(0, 0).status("suppressed"),
            &["Matamuertos"],
            undead()
        ),
        2
    );
    // Munición experimental «DAÑ +3 a ALC/2»: 5 K of ALC 10 — 2 + 3; stopped, 2.
    assert_eq!(shot(C::std(0, 0), &["Munición experimental"], tough()), 5);
    assert_eq!(
        shot(
            C::std(0, 0).status("suppressed"),
            &["Munición experimental"],
            tough()
        ),
        2
    );
    // A malus still acts (RULES.md, Saikikku): Munición de pulso's «Si no, DAÑ -2» on a
    // target that can defend itself, DAÑ 0 — no wound, stopped or not.
    for a in [C::std(0, 0), C::std(0, 0).status("suppressed")] {
        let mut st = range(a.weapon(gun(2, &["Munición de pulso"])), tough(), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
        assert_eq!(st.ch(1).wounds, 0);
    }
}
