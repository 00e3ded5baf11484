//! CREACIÓN DE ARMAS in play: a weapon's ENE, DAÑ and ALC in the attack that uses it, ALC 0 as
//! a melee weapon, a weapon worn to its CAL.

use super::*;

#[test]
fn audit_a_weapon_of_alc_0_is_never_shot() {
    // «Ataque a distancia (X, AGI) Arma con ALC>0»: a sword (ALC 0) 2 K from b1 offers no shot,
    // nor a long one (ALC × 1.5 = 0).
    let st = range(with(&[]).weapon(sword()), tough(&[]), 2);
    assert!(!legal(&st, "a1 shoot b1 w1"));
    assert!(!legal(&st, "a1 shoot-long b1 w1"));
}

#[test]
fn audit_a_melee_attack_costs_the_weapons_ene() {
    // «Ataque CaC (X, AGI) Arma ALC=0. X=ENE del arma»: a sword of ENE 3: 3 spent.
    let mut st = contact(with(&[]).weapon(weapon(3, 2, 0, 4, &[])), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[8]);
    assert_eq!(spent(&log), [3]);
}

#[test]
fn audit_a_shot_at_exactly_alc_is_a_plain_shot() {
    // «ALC.- Alcance, distancia de fuego efectiva del arma»; «Objetivo dentro de ALC»: a gun of
    // ALC 10 shoots at 10 K with no malus (CH IMP 5), and at 11 K only as a long shot.
    let st = range(with(&[]).weapon(gun(2, &[])), tough(&[]), 10);
    assert!(legal(&st, "a1 shoot b1 w1"));
    let st = range(with(&[]).weapon(gun(2, &[])), tough(&[]), 11);
    assert!(!legal(&st, "a1 shoot b1 w1"));
    assert!(legal(&st, "a1 shoot-long b1 w1"));
}

#[test]
fn audit_a_shots_dan_is_the_weapons_dan_with_no_con() {
    // «Ataque a distancia … DAÑ=DAÑ del arma»: a CON 7 shooter's DAÑ 2 gun wounds 2 (CH DEF 0
    // r9), not 2 + CON − 4 as in melee.
    let a = C::new(race(7, 5, 4, 4), 0, 0).weapon(gun(2, &[]));
    let (_, st) = shot_at(a, tough(&[]), 5, &[3, 9, 1]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_a_shot_costs_the_weapons_ene() {
    // «Ataque a distancia (X, AGI) … X=ENE del arma»: a gun of ENE 4 (DAÑ 4): 4 spent.
    let mut st = range(with(&[]).weapon(weapon(4, 4, 10, 5, &[])), tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(spent(&log), [4]);
}

#[test]
fn audit_arma_muy_larga_only_on_a_weapon_of_alc_0() {
    // «Esta arma, con ALC 0, se puede CaC sin estar trabado. Enemigo a 2 K máx.»: a gun (ALC 10)
    // with the trait is no melee weapon 2 K away; a pike (ALC 0) is.
    let st = range(with(&[]).weapon(gun(2, &["Arma muy larga"])), tough(&[]), 2);
    assert!(!legal(&st, "a1 melee b1 w1"));
    let st = range(
        with(&[]).weapon(weapon(2, 2, 0, 4, &["Arma muy larga"])),
        tough(&[]),
        2,
    );
    assert!(legal(&st, "a1 melee b1 w1"));
}

#[test]
fn audit_an_enorme_weapon_mounted_on_a_transport_is_fired_by_its_crew() {
    // «Enorme … sólo se puede equipar en transportes»: mounted on a truck, an Enorme gun (DAÑ 3)
    // loads without Mega armadura and A2, its crew, fires it: CH IMP 5 r3, B1's CH DEF 0 r9: 3.
    use crate::transport::{owner, truck, with_transports};
    use serde_json::json;
    let mut t = truck();
    t["weapons"] = json!([weapon(2, 3, 10, 3, &["Enorme"])]);
    let v = with_transports(
        setup_json(
            &open(8, 12),
            &[
                owner(3, 3, t).set("aboard", "t1"),
                C::std(3, 3).set("aboard", "t1"),
            ],
            &[tough(&[]).set("at", [3, 8])],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    );
    let mut st = load(&v);
    let log = play(&mut st, &["a2 shoot b1 t1.w1", "pass"], &[3, 9, 1]);
    assert_eq!(checks(&st, &log)[..2], ["a2 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(2).wounds, 3);
}

#[test]
fn audit_a_gun_in_melee_costs_its_ene_and_its_critical_keeps_the_second_ch_imp() {
    // «Ataque CaC con arma de disparo (X, AGI) Como "ataque CaC", pero si pasa el CH IMP, deberá
    // pasar un segundo CH IMP»: X = the gun's ENE 3; a critical first CH IMP (Arma de
    // francotirador's 2) still calls the second (r4), then DAÑ 2 + CON 4 − 4 + 1 = 3 (CH DEF 0
    // r9; CH PSI r1).
    let a = with(&[]).weapon(weapon(3, 2, 10, 5, &["Arma de francotirador"]));
    let mut st = contact(a, tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[2, 4, 9, 1]);
    assert_eq!(
        checks(&st, &log)[..3],
        ["a1 CH IMP 5 r2", "a1 CH IMP 5 r4", "b1 CH DEF 0 r9"]
    );
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(1).wounds, 3);
}
