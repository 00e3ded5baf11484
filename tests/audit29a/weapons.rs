//! Traits of the range written on a weapon, acting when that weapon is used (RULES.md, "Where
//! traits live"): Energía vital («En CaC, antes de CH DEF, puede DAÑ+X. X=heridas ganadas»).

use super::*;

/// a1 (CON 6, 2 wounds) strikes b1 (CON 9) in contact with `w` (r4, b1's CH DEF 0 r9, CH PSI
/// r3): b1's wounds.
fn strike_wounded(w: serde_json::Value) -> u8 {
    let mut st = contact(
        C::new(race(6, 5, 4, 4), 0, 0).set("wounds", 2).weapon(w),
        C::new(race(9, 5, 4, 4), 0, 0),
    );
    play(&mut st, &["a1 melee b1 w1"], &[4, 9, 3]);
    st.ch(1).wounds
}

#[test]
fn audit_energia_vital_on_the_weapon_in_melee() {
    // DAÑ 2 + 6 − 4 − 2 = 2; the blade with Energía vital + 2 (its bearer's wounds): 4.
    assert_eq!(strike_wounded(sword()), 2);
    assert_eq!(strike_wounded(weapon(2, 2, 0, 4, &["Energía vital"])), 4);
}
