//! Locura asesina («Al inicio de la actuación, si no hay CaC, 20% de que ataque a distancia a la
//! mini más cercana, o a CaC con carga»): its condition, its percentage and its target.

use super::*;
use serde_json::json;

/// a1 (Locura asesina, a gun) on (5, 1) facing S with `allies` beside it, b1 on (5, 6), b2 far
/// and acted; side A is to activate a1 (phase 4, ENE 0 and not yet energised).
fn madman(a1_at: [u8; 2], allies: &[C], b1_at: [u8; 2]) -> engine::State {
    let a = with(&["Locura asesina"])
        .weapon(gun(2, &[]))
        .weapon(sword())
        .set("at", a1_at)
        .facing("S")
        .set("ene", 0)
        .set("status", json!([]));
    let mut side_a = vec![a];
    side_a.extend_from_slice(allies);
    let b = [
        C::std(b1_at[0], b1_at[1]).facing("N"),
        C::std(9, 11).facing("S").status("acted"),
    ];
    let mut v = setup_json(&open(11, 12), &side_a, &b, 0, 4);
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    load(&v)
}

/// Whether a1's only legal actions are attacks (shots or charges) on `target`.
fn only_attacks_on(st: &engine::State, target: &str) -> bool {
    all_legal(st).iter().all(|a| {
        a.starts_with(&format!("a1 shoot {target}"))
            || a.starts_with(&format!("a1 charge {target}"))
    })
}

#[test]
fn audit_locura_asesina_no_roll_when_it_starts_in_melee() {
    // «si no hay CaC»: a1 starts its activation in contact with b1 — no 1D100 is rolled (the
    // script is empty: a roll would overdraw it), and a1 may do anything, not only attack.
    let mut st = madman([5, 5], &[], [5, 6]);
    play(&mut st, &["activate a1"], &[]);
    assert!(!only_attacks_on(&st, "b1"), "{:?}", all_legal(&st));
    assert!(all_legal(&st).iter().any(|a| a.starts_with("a1 melee b1")));
}

#[test]
fn audit_locura_asesina_twenty_percent_is_a_d100_of_twenty_or_less() {
    // «20%»: 1D100 = 20 (tens 2, units 0) seizes it, 21 does not.
    for (dice, mad) in [([2u8, 10u8], true), ([2, 1], false)] {
        let mut st = madman([5, 1], &[], [5, 6]);
        play(&mut st, &["activate a1"], &dice);
        assert_eq!(only_attacks_on(&st, "b1"), mad, "{dice:?}");
    }
}

#[test]
fn audit_locura_asesina_the_nearest_mini_may_be_an_ally() {
    // «a la mini más cercana»: a2, an ally 3 K away, is nearer than b1 (5 K): a1 must shoot or
    // charge a2 while it can.
    let mut st = madman([5, 1], &[C::std(8, 1).facing("S")], [5, 6]);
    play(&mut st, &["activate a1"], &[1, 5]);
    let l = all_legal(&st);
    assert!(only_attacks_on(&st, "a2"), "{l:?}");
    assert!(l.iter().any(|a| a.starts_with("a1 shoot a2")), "{l:?}");
    // The shot goes: CH IMP 5 r3, a2's CH DEF 0 r9 fails, DAÑ 2 and its CH PSI r2.
    let log = play(&mut st, &["a1 shoot a2 w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a2 CH DEF 0 r9", "a2 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_locura_asesina_a_charge_on_the_nearest_is_offered() {
    // «o a CaC con carga»: a1 seized, b1 4 K away in reach of a charge: the charge on b1 is
    // among its only actions, and once made the madness is spent.
    let mut st = madman([5, 1], &[], [5, 5]);
    play(&mut st, &["activate a1"], &[1, 5]);
    let l = all_legal(&st);
    assert!(only_attacks_on(&st, "b1"), "{l:?}");
    assert!(l.iter().any(|a| a.starts_with("a1 charge b1")), "{l:?}");
}
