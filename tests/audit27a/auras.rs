//! Aura blindada («Aliados a 5K repiten CH DEF») and an ally's Escudo de energía («CH DEF 4 para
//! defenderte de un ataque a distancia. Si falla, se pierde un nivel de escudo»).

use super::*;
use crate::audit21_traits::{shot_with_friends, tough};

#[test]
fn audit_aura_blindada_does_not_repeat_an_energy_shields_ch_def() {
    // Pinned (decision): the shield's CH DEF 4 is the shield's own check, a first defence before
    // the character's (RULES.md, Shields, A33) — the aura repeats the character's CH DEF, not
    // the shield's. B2 beside B1 has the aura. CH IMP r3; the shield's r7 fails and stays failed
    // (a level lost); B1's own CH DEF 3 r2 passes: DAÑ 4 − 3 = 1 wound, CH PSI r2. Were the
    // shield's check repeated, r2 would have stopped the shot (and a die would be left over).
    let (c, st) = shot_with_friends(
        C::std(0, 0).weapon(weapon(2, 4, 10, 5, &[])),
        C::std(0, 0),
        tough(&["Escudo de energía (2)"]).prot(armour(3, &[])),
        with(&["Aura blindada"]),
        &[3, 7, 2, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF shield 4 r7",
            "b1 CH DEF 3 r2",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(2).wounds, st.shield_left(2)), (1, 1));
}
