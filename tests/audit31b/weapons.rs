//! Traits of the list written on a weapon — «a weapon's traits act when it is used» (audit
//! 30c): Lucha con 2 armas, Mulo and Dios del viento on a weapon were never read (RULES.md,
//! "Audit 31b" under each entry).

use super::*;

/// The checks of a1's melee attack on b1 (no armour, its back turned) with `w`, and b1's
/// wounds after.
fn melee(a: C, w: u8, dice: &[u8]) -> (Vec<String>, u8) {
    let mut st = contact(a, C::std(0, 0).set("ene", 0));
    let log = play(&mut st, &[&format!("a1 melee b1 w{w}")], dice);
    (checks(&st, &log), st.ch(1).wounds)
}

fn twin() -> serde_json::Value {
    weapon(2, 2, 0, 4, &["Lucha con 2 armas"])
}

#[test]
fn audit_lucha_con_2_armas_on_a_weapon_gives_its_attack_plus_one_with_a_second_melee_weapon() {
    // The sword with it, beside a plain sword: CH IMP 5 + 1.
    let a = C::std(0, 0).weapon(twin()).weapon(sword());
    assert_eq!(melee(a, 1, &[8]).0, ["a1 CH IMP 6 r8"]);
    // Alone, or beside a gun (no second melee weapon): 5.
    let a = C::std(0, 0).weapon(twin());
    assert_eq!(melee(a, 1, &[8]).0, ["a1 CH IMP 5 r8"]);
    let a = C::std(0, 0).weapon(twin()).weapon(gun(2, &[]));
    assert_eq!(melee(a, 1, &[8]).0, ["a1 CH IMP 5 r8"]);
    // The attack with the other sword: the trait is not its (5).
    let a = C::std(0, 0).weapon(twin()).weapon(sword());
    assert_eq!(melee(a, 2, &[8]).0, ["a1 CH IMP 5 r8"]);
    // Beside an A 2 manos sword, two hands are not enough (1 + 2 > 2): 5; Miembro extra: 6.
    let big = weapon(2, 2, 0, 4, &["A 2 manos"]);
    let a = C::std(0, 0).weapon(twin()).weapon(big.clone());
    assert_eq!(melee(a, 1, &[8]).0, ["a1 CH IMP 5 r8"]);
    let a = with(&["Miembro extra"]).weapon(twin()).weapon(big);
    assert_eq!(melee(a, 1, &[8]).0, ["a1 CH IMP 6 r8"]);
}

#[test]
fn audit_lucha_con_2_armas_on_the_bearer_and_on_the_weapon_add_up() {
    // Pinned: as any trait modifier of a bearer and of its weapon, + 1 + 1.
    let a = with(&["Lucha con 2 armas"]).weapon(twin()).weapon(sword());
    assert_eq!(melee(a, 1, &[8]).0, ["a1 CH IMP 7 r8"]);
    // The bearer's alone still pairs any two melee weapons (+ 1 with w2).
    let a = with(&["Lucha con 2 armas"]).weapon(twin()).weapon(sword());
    assert_eq!(melee(a, 2, &[8]).0, ["a1 CH IMP 6 r8"]);
}

#[test]
fn audit_mulo_on_a_melee_weapon_adds_one_con_to_its_dan() {
    // Sword DAÑ 2 + CON (4 + 1) − 4 = 3 wounds on b1 (DEF 0: the CH DEF r9 fails); plain: 2.
    let mule = weapon(2, 2, 0, 4, &["Mulo"]);
    let (c, w) = melee(C::std(0, 0).weapon(mule.clone()), 1, &[2, 9, 1]);
    assert_eq!((c.len(), w), (3, 3), "{c:?}");
    let (c, w) = melee(C::std(0, 0).weapon(sword()), 1, &[2, 9, 1]);
    assert_eq!((c.len(), w), (3, 2), "{c:?}");
    // Not the other weapon's attack: the Mulo sword carried, the plain sword struck with: 2.
    let (c, w) = melee(C::std(0, 0).weapon(mule).weapon(sword()), 2, &[2, 9, 1]);
    assert_eq!((c.len(), w), (3, 2), "{c:?}");
}

#[test]
fn audit_dios_del_viento_on_a_weapon_passes_its_ch_imp_as_a_critical() {
    // «Supera CH AGI con un crítico»: the CH IMP with it (a CH AGI) r9 passes as a critical —
    // DAÑ 2 + 1 (critical) = 3 wounds; a plain sword's r9 misses.
    let god = weapon(2, 2, 0, 4, &["Dios del viento"]);
    let (c, w) = melee(C::std(0, 0).weapon(god.clone()), 1, &[9, 9, 1]);
    assert_eq!(c[0], "a1 CH IMP 5 r9");
    assert_eq!(w, 3, "{c:?}");
    let (c, w) = melee(C::std(0, 0).weapon(sword()), 1, &[9]);
    assert_eq!((c, w), (vec!["a1 CH IMP 5 r9".to_string()], 0));
    // The other weapon's CH IMP is not helped.
    let (c, w) = melee(C::std(0, 0).weapon(god).weapon(sword()), 2, &[9]);
    assert_eq!((c, w), (vec!["a1 CH IMP 5 r9".to_string()], 0));
}

/// The ENE a1's action `text` costs now (terrain included).
fn cost(st: &engine::State, text: &str) -> i8 {
    match st.parse_action(text).unwrap() {
        engine::Action::Act { who, kind, .. } => st.action_cost(who, &kind),
        a => panic!("{a:?}"),
    }
}

#[test]
fn audit_lento_and_cojitranco_on_a_weapon_slow_its_bearer() {
    // Mover 1 (+ 1), Correr 2 (+ 1); Agacharse moves nothing (1). Both: + 2, as on the bearer.
    for (traits, extra) in [
        (&[][..], 0),
        (&["Lento"][..], 1),
        (&["Cojitranco"][..], 1),
        (&["Lento", "Cojitranco"][..], 2),
    ] {
        let a = C::std(10, 10)
            .weapon(weapon(2, 2, 10, 4, traits))
            .set("ene", 10);
        let st = position(&open(21, 21), &[a], &[C::std(0, 20).facing("S")], 0);
        assert_eq!(
            [
                cost(&st, "a1 move 10,9"),
                cost(&st, "a1 run 10,8"),
                cost(&st, "a1 crouch")
            ],
            [1 + extra, 2 + extra, 1],
            "{traits:?}"
        );
    }
}
