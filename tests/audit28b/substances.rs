//! Invulnerable («Inmune a una sustancia o elemento»): a target immune to what the attack is
//! made of takes nothing from its hit — no wounds, and none of the hit's other effects: Munición
//! incendiaria's fire («Incendia si impacta. Al principio de la actuación, impacto de DAÑ 1»)
//! does not catch on it. Audit 28b (fix): the fire caught, and burned it DAÑ 1 at the start of
//! every activation of its own.

use super::*;

/// a1 shoots b1 (`b`) 5 K away with a gun of DAÑ 2 with Munición incendiaria: (statuses,
/// wounds, checks).
fn fire_at(b: C, dice: &[u8]) -> (Vec<String>, Vec<u8>, Vec<String>) {
    let mut st = range(C::std(0, 0).weapon(gun(2, &["Munición incendiaria"])), b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (statuses(&st, &log), wounds(&st), checks(&st, &log))
}

#[test]
fn audit_invulnerable_the_fire_of_municion_incendiaria_does_not_catch_on_it() {
    // Not immune: the hit sets it on fire and wounds it (CH DEF 0 r9: 2 wounds, CH PSI r2).
    let (s, w, _) = fire_at(with(&[]), &[3, 9, 2]);
    assert!(s.contains(&"b1 catches fire".to_string()), "{s:?}");
    assert_eq!(w[1], 2);
    // Immune to it: no wounds, and no fire.
    let (s, w, c) = fire_at(with(&["Invulnerable (incendiaria)"]), &[3, 9]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert!(!s.contains(&"b1 catches fire".to_string()), "{s:?}");
    assert_eq!(w[1], 0);
    // Immune to something else: it burns.
    let (s, w, _) = fire_at(with(&["Invulnerable (veneno)"]), &[3, 9, 2]);
    assert!(s.contains(&"b1 catches fire".to_string()), "{s:?}");
    assert_eq!(w[1], 2);
}
