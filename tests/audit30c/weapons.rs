//! Traits written on a weapon act when that weapon is used (RULES.md, "Audit 30c"): Ira («Si es
//! herido en CaC pero no muere, su siguiente actuación CH IMP y DAÑ +1 en combate CaC»),
//! Sanguinario («Cada actuación, DAÑ +1 en CaC si hiere en CaC»), Sed de sangre («Tras acabar
//! con su oponente en CaC, movimiento +2 si así puede volver a trabarse») and Sin suerte
//! («Resultados 9 y 10 son pifia»). Each was read on the character's own archetypes only.

use super::*;
use engine::creation::effect::Scope;

/// B1 (CON 9) holds `w1` then a plain sword (`w2`); a1 wounds it in melee (7 wounds), then B1
/// strikes back with `strike` in its next activation: its checks and a1's wounds.
fn wrath(w1: serde_json::Value, strike: &str) -> (Vec<String>, u8) {
    let mut st = position(
        &open(11, 12),
        &[C::new(race(9, 5, 4, 4), 5, 5).weapon(sword())],
        &[C::new(race(9, 5, 4, 4), 5, 6)
            .facing("N")
            .weapon(w1)
            .weapon(sword())],
        0,
    );
    play(&mut st, &["a1 melee b1 w1", "pass", "pass"], &[4, 7, 3]);
    assert_eq!(st.ch(1).wounds, 7);
    play(&mut st, &["a1 end facing S", "activate b1"], &[]);
    let log = play(&mut st, &[strike, "pass", "pass"], &[4, 9, 3]);
    (checks(&st, &log), st.ch(0).wounds)
}

#[test]
fn audit_ira_on_the_weapon_its_bearer_wounded_strikes_with_it_plus_one() {
    // A plain blade: CH IMP 5, DAÑ 2 + 9 − 4 − 7 → 1.
    let (c, w) = wrath(sword(), "b1 melee a1 w1");
    assert_eq!((c[0].as_str(), w), ("b1 CH IMP 5 r4", 1));
    // The blade with Ira: CH IMP 6, DAÑ 2 (its bearer was wounded in melee).
    let ira = weapon(2, 2, 0, 4, &["Ira"]);
    let (c, w) = wrath(ira.clone(), "b1 melee a1 w1");
    assert_eq!(c, ["b1 CH IMP 6 r4", "a1 CH DEF 0 r9", "a1 CH PSI 4 r3"]);
    assert_eq!(w, 2);
    // The other blade, without it: no bonus (the trait is the weapon's).
    let (c, w) = wrath(ira, "b1 melee a1 w2");
    assert_eq!((c[0].as_str(), w), ("b1 CH IMP 5 r4", 1));
}

#[test]
fn audit_sanguinario_on_the_weapon_adds_its_one_with_that_weapon() {
    let a = C::std(0, 0)
        .weapon(weapon(2, 2, 0, 4, &["Sanguinario"]))
        .weapon(sword());
    let mut st = contact(a, C::new(race(6, 5, 4, 4), 0, 0));
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Melee, false), 0);
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert!(st.ch(1).wounds > 0);
    // After a melee wound this activation: + 1 with the blade that has it, not with the other.
    assert_eq!(st.trait_damage_mod(0, Some(0), 1, Scope::Melee, false), 1);
    assert_eq!(st.trait_damage_mod(0, Some(1), 1, Scope::Melee, false), 0);
}

#[test]
fn audit_sed_de_sangre_on_the_weapon_a_kill_with_it_charges_two_k_further() {
    // As `traits::share_c::sed_de_sangre_…`: MOV 1, b2 on (10, 11) out of a charge's 4 K; a
    // kill in melee with the blade that has it: 2 K more reach it (6). Killing with the other
    // blade opens nothing.
    let kill = |with_blade: &str| {
        let a = C::std(0, 0)
            .weapon(weapon(2, 2, 0, 4, &["Sed de sangre"]))
            .weapon(sword());
        let mut st = contact(a, C::std(0, 0).set("wounds", 3));
        play(&mut st, &[with_blade], &[3, 9]);
        assert!(!st.able(1));
        reach(&st, 0, "charge")
    };
    assert_eq!((kill("a1 melee b1 w1"), kill("a1 melee b1 w2")), (6, 0));
}

#[test]
fn audit_sin_suerte_on_the_weapon_a_nine_is_its_fumble() {
    // A plain gun: a 9 misses (no wear, no hit on a1).
    let (c, st) = crate::audit29a::shot_at(C::std(0, 0).weapon(gun(2, &[])), C::std(0, 0), 5, &[9]);
    assert_eq!(
        (c, st.weapon_wear(0, 0)),
        (vec!["a1 CH IMP 5 r9".to_string()], 0)
    );
    // The gun with Sin suerte: a 9 is a fumble — it wears, and a1 takes the DAÑ 1 hit (CH DEF 0
    // r5: 1 wound, CH PSI r2).
    let g = gun(2, &["Sin suerte"]);
    let (c, st) = crate::audit29a::shot_at(C::std(0, 0).weapon(g), C::std(0, 0), 5, &[9, 5, 2]);
    assert_eq!(c, ["a1 CH IMP 5 r9", "a1 CH DEF 0 r5", "a1 CH PSI 4 r2"]);
    assert_eq!((st.weapon_wear(0, 0), st.ch(0).wounds), (1, 1));
}
