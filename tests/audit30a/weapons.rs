//! Más alcance («ALC +5 K») where it stands: on the weapon, on the bearer (its race, a
//! protection or an object: «a weapon's trait on a race … stands for every weapon»), added to
//! Mucho más alcance.

use super::*;

/// Whether a1 (`a`) may shoot b1 `d` K away with its first weapon.
fn shoots(a: &C, d: u8) -> bool {
    legal(&range(a.clone(), C::std(0, 0), d), "a1 shoot b1 w1")
}

#[test]
fn audit_mas_alcance_on_the_race_lengthens_every_ranged_weapon() {
    // A gun of ALC 10 carried by a Más alcance race reaches 15 K (it stopped at 10): 11 and 14
    // K now; a plain race 10 and not 11.
    let a = with(&["Más alcance"]).weapon(gun(2, &[]));
    assert!(shoots(&a, 11) && shoots(&a, 14));
    let a = with(&[]).weapon(gun(2, &[]));
    assert!(shoots(&a, 10) && !shoots(&a, 11));
    // On a protection or an object, the same.
    let a = with(&[])
        .weapon(gun(2, &[]))
        .prot(armour(1, &["Más alcance"]));
    assert!(shoots(&a, 14));
    let o = serde_json::json!({"name": "Mira", "ene": 1, "range": 0, "quality": 3,
                               "traits": ["Más alcance"]});
    let a = with(&[]).weapon(gun(2, &[])).object(o);
    assert!(shoots(&a, 14));
}

#[test]
fn audit_mas_alcance_on_the_race_leaves_a_melee_weapon_melee() {
    // A sword (ALC 0) of a Más alcance race shoots nobody: a reach to lengthen is a ranged
    // weapon's. The trait on the sword itself is the sword's: ALC 5, it shoots at 3 K (and
    // not at 6).
    let a = with(&["Más alcance"]).weapon(sword());
    assert!(!shoots(&a, 2) && !shoots(&a, 3));
    let a = with(&[]).weapon(weapon(2, 2, 0, 4, &["Más alcance"]));
    assert!(shoots(&a, 3) && shoots(&a, 5) && !shoots(&a, 6));
}

#[test]
fn audit_mas_alcance_and_mucho_mas_alcance_add_up() {
    // ALC 4 + 5 + 10 = 19 on the weapon; on the race and the weapon, 4 + 5 + 5 = 14.
    let a = with(&[]).weapon(weapon(2, 1, 4, 5, &["Más alcance", "Mucho más alcance"]));
    assert!(shoots(&a, 14));
    let a = with(&["Más alcance"]).weapon(weapon(2, 1, 4, 5, &["Más alcance"]));
    assert!(shoots(&a, 14));
    let a = with(&["Más alcance"]).weapon(weapon(2, 1, 4, 5, &[]));
    assert!(shoots(&a, 9) && !shoots(&a, 10));
}
