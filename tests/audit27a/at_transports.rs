//! The weapon's traits when the target is a transport (`shoot-transport`, and a melee attack
//! on a mecha, `melee-transport`): Arma complicada («CH IMP -1»), Filo romo («DAÑ-1»), De
//! Padrón («50% DAÑ=0»), Artillero requerido («Necesita 1 Pj extra para poder utilizarse»),
//! Incapacidad de combate (X) («CH ATR -1 … con un arma»). Audit 27a (fix): these attacks took
//! the bare CH AGI and the weapon's bare DAÑ, every trait of the weapon skipped.

use super::*;
use crate::transport::{owner, truck, with_transports};
use engine::State;
use serde_json::{json, Value};

/// A1 drives the truck (DEF 4, CAL 3) at (3, 3) facing S; B1 (`b1`, on (3, 13), 10 K away: no
/// malus) acts; `crew`: B2 beside B1, else far away (already acted).
fn target_truck(b1: C, crew: bool) -> State {
    let b2 = if crew {
        C::std(4, 13).status("acted")
    } else {
        C::std(7, 0).status("acted")
    };
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[owner(3, 3, truck()).set("aboard", "t1")],
            &[b1.set("at", [3, 13]), b2],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    ))
}

/// B1 shoots the truck with `gun`: (its checks, the truck's wounds).
fn shoot_truck(gun: Value, crew: bool, dice: &[u8]) -> (Vec<String>, u8) {
    let mut st = target_truck(C::std(0, 0).weapon(gun), crew);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], dice);
    (checks(&st, &log), st.transport(0).wounds)
}

#[test]
fn audit_arma_complicada_lowers_the_ch_imp_at_a_transport() {
    // CH IMP 5 (AGI 5) r3; with Arma complicada 4 (it was 5). Passed: DAÑ 2 against the CH DEF
    // 4 r9 (failed): 2 wounds.
    assert_eq!(
        shoot_truck(gun(2, &[]), false, &[3, 9]),
        (
            vec![
                "b1 CH IMP transport 5 r3".into(),
                "b1 CH DEF transport 4 r9".into()
            ],
            2
        )
    );
    assert_eq!(
        shoot_truck(gun(2, &["Arma complicada"]), false, &[3, 9]).0[0],
        "b1 CH IMP transport 4 r3"
    );
    // Incapacidad de combate (X) with the weapon named X, or at range («distancia»): CH IMP −1
    // too; in melee only («CaC»): none at a shot.
    let named = |t: &str| {
        let mut g = gun(2, &[]);
        g["name"] = "Rifle".into();
        C::new(race_t(4, 5, 4, 4, &[t]), 0, 0).weapon(g)
    };
    for (t, imp) in [
        ("Incapacidad de combate (Rifle)", "b1 CH IMP transport 4 r3"),
        (
            "Incapacidad de combate (distancia)",
            "b1 CH IMP transport 4 r3",
        ),
        ("Incapacidad de combate (CaC)", "b1 CH IMP transport 5 r3"),
    ] {
        let mut st = target_truck(named(t), false);
        let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 9]);
        assert_eq!(checks(&st, &log)[0], imp, "{t}");
    }
}

#[test]
fn audit_filo_romo_lowers_the_dan_on_a_transport() {
    // DAÑ 3 against the CH DEF 4 r9 (failed): 3 wounds; Filo romo: 2 (it was 3).
    assert_eq!(shoot_truck(gun(3, &[]), false, &[3, 9]).1, 3);
    assert_eq!(shoot_truck(gun(3, &["Filo romo"]), false, &[3, 9]).1, 2);
    // A critical CH IMP (r1): DAÑ + 1, Filo romo still − 1: 3.
    assert_eq!(shoot_truck(gun(3, &["Filo romo"]), false, &[1, 9]).1, 3);
}

#[test]
fn audit_de_padron_half_the_shots_at_a_transport_have_no_dan() {
    // 1D100 first (5, 10 → 50 ≤ 50): DAÑ 0 — the CH IMP and the CH DEF are rolled, no wound
    // (it was 2). 5, 1 → 51: DAÑ 2, 2 wounds.
    let g = || gun(2, &["De Padrón"]);
    let (c, w) = shoot_truck(g(), false, &[5, 10, 3, 9]);
    assert_eq!(
        (c, w),
        (
            vec![
                "b1 CH IMP transport 5 r3".into(),
                "b1 CH DEF transport 4 r9".into()
            ],
            0
        )
    );
    assert_eq!(shoot_truck(g(), false, &[5, 1, 3, 9]).1, 2);
    // Even a critical adds nothing to a DAÑ of 0.
    assert_eq!(shoot_truck(g(), false, &[5, 10, 1, 9]).1, 0);
}

#[test]
fn audit_artillero_requerido_needs_its_crew_to_shoot_a_transport() {
    // No able ally in base contact: the weapon is not used — no CH IMP, no wound (it fired).
    let g = || gun(2, &["Artillero requerido"]);
    let mut st = target_truck(C::std(0, 0).weapon(g()), false);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert_eq!(statuses(&st, &log), ["b1 has no crew for the weapon"]);
    assert_eq!(st.transport(0).wounds, 0);
    // B2 beside B1 serves it: it fires.
    assert_eq!(shoot_truck(g(), true, &[3, 9]).1, 2);
}

/// A1 pilots its mecha (DEF 4, CAL 10) at (3, 3); B1 (`b`) on (3, 4), in contact, acts.
pub(crate) fn mecha(b: C) -> State {
    let robot = json!({"name": "Robot", "ene": 1, "mov": 3, "def": 4, "quality": 10,
                       "traits": ["Mecha"]});
    load(&with_transports(
        setup_json(
            &open(10, 10),
            &[owner(3, 3, robot).set("aboard", "t1")],
            &[b.set("at", [3, 4]), C::std(9, 9).status("acted")],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1", "started": true}]),
    ))
}

#[test]
fn audit_a_melee_attack_on_a_mecha_has_its_weapons_traits() {
    // B1 (CON 4) strikes with a sword (DAÑ 2 + 4 − 4 = 2): CH IMP 5 r3, CH DEF 4 r9: 2 wounds.
    // Arma complicada: CH IMP 4; Filo romo: 1 wound (it was 5 and 2).
    let strike = |t: &[&str]| {
        let mut st = mecha(C::std(0, 0).weapon(weapon(2, 2, 0, 4, t)));
        let log = play(&mut st, &["b1 melee-transport t1 w1"], &[3, 9]);
        (checks(&st, &log)[0].clone(), st.transport(0).wounds)
    };
    assert_eq!(strike(&[]), ("b1 CH IMP mecha 5 r3".into(), 2));
    assert_eq!(
        strike(&["Arma complicada"]),
        ("b1 CH IMP mecha 4 r3".into(), 2)
    );
    assert_eq!(strike(&["Filo romo"]), ("b1 CH IMP mecha 5 r3".into(), 1));
}
