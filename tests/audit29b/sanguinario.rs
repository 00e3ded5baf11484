//! Sanguinario («Cada actuación, DAÑ +1 en CaC si hiere en CaC») and a reaction («Reaccionar.-
//! Acción de un Pj fuera de su actuación», REACCIONES). Audit 29b (fix): a melee wound dealt
//! reacting started the streak, and its next melee blows in that enemy's activation struck + 1.

use super::*;
use engine::creation::effect::Scope;
use engine::State;

/// A1 (acting) on (5, 5) facing S; B1 (Sanguinario or not, sword, facing N) on (5, 6) in
/// contact, seeing it; A2, B2 far away.
fn face_off(b1: &[&str]) -> State {
    position(
        &open(11, 12),
        &[C::std(5, 5).facing("S"), C::std(0, 0).status("acted")],
        &[
            C::new(race_t(4, 5, 4, 4, b1), 5, 6)
                .weapon(sword())
                .facing("N"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_sanguinario_a_wound_dealt_reacting_starts_no_streak() {
    // A1 crouches; B1 reacts (CH VOL r3) and strikes in melee (CH IMP 6 at the crouched A1,
    // r3; A1's CH DEF 0 r9: 2
    // wounds, CH PSI r2). The wound is real, but outside B1's activation: + 0 in melee.
    let mut st = face_off(&["Sanguinario"]);
    let log = play(
        &mut st,
        &["a1 crouch", "b1 react", "b1 melee a1 w1"],
        &[3, 3, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r3",
            "b1 CH IMP 6 r3",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).wounds, 2);
    assert_eq!(st.trait_damage_mod(2, Some(0), 0, Scope::Melee, false), 0);
}

#[test]
fn audit_sanguinario_its_own_activation_still_starts_the_streak() {
    // The same blow in B1's own activation: + 1 in melee from then on (audit 28a's reading).
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 5).facing("S"), C::std(0, 0).status("acted")],
        &[
            C::new(race_t(4, 5, 4, 4, &["Sanguinario"]), 5, 6)
                .weapon(sword())
                .facing("N"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        2,
    );
    play(&mut st, &["b1 melee a1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(0).wounds, 2);
    assert_eq!(st.trait_damage_mod(2, Some(0), 0, Scope::Melee, false), 1);
}
