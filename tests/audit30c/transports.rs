//! A placed transport's own bonus y malus of its hull (CREACIÓN DE TRANSPORTES: «DEF.- Defensa.
//! El CH DEF = la suma de las DEF equipadas»; paso 6, «Elige bonus y malus para el arquetipo»):
//! Blandito («Sufre DAÑ x2») and Escuchimizado («DEF -1 (mínimo 0)») on the transport archetype
//! are the transport's when it stands on the board, not its rider's (RULES.md, "Audit 30c").

use super::*;
use crate::transport::{owner, with_transports};
use engine::creation::effect::Effect;
use engine::State;
use serde_json::{json, Value};

/// A truck (ENE 2, MOV 8, DEF 4, CAL 6) with `traits`.
fn truck_t(traits: &[&str]) -> Value {
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 6, "traits": traits})
}

/// A1 (DEF 2 of its own armour) drives the truck with `traits` at (3, 3) facing S; B1 on
/// (3, 13) with a gun of DAÑ `dmg` acts.
fn placed(traits: &[&str], dmg: u8) -> State {
    let a1 = owner(3, 3, truck_t(traits))
        .prot(armour(2, &[]))
        .set("aboard", "t1");
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[a1],
            &[
                C::std(3, 13).weapon(gun(dmg, &[])),
                C::std(7, 0).status("acted"),
            ],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    ))
}

/// B1 shoots the truck: its checks and the truck's wounds.
fn shoot(traits: &[&str], dmg: u8, dice: &[u8]) -> (Vec<String>, u8) {
    let mut st = placed(traits, dmg);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], dice);
    (checks(&st, &log), st.transport(0).wounds)
}

#[test]
fn audit_blandito_on_a_placed_transport_doubles_the_dan_it_suffers() {
    // DAÑ 3 against DEF 4, CH DEF r3 passed: 3 − 4, none; Blandito's truck 6 − 4 = 2.
    assert_eq!(shoot(&[], 3, &[3, 3]).1, 0);
    assert_eq!(shoot(&["Blandito"], 3, &[3, 3]).1, 2);
    // DAÑ 2, failed (r9): 2 wounds; doubled, 4.
    assert_eq!(shoot(&[], 2, &[3, 9]).1, 2);
    assert_eq!(shoot(&["Blandito"], 2, &[3, 9]).1, 4);
    // Its rider is not soft: the trait is not among its effects while the truck is placed; an
    // unplaced transport keeps the old reading (its traits are the rider's).
    let st = placed(&["Blandito"], 2);
    assert!(!st.info(0).effects.contains(&Effect::DoubleDamageTaken));
    let on_foot = position(
        &open(8, 14),
        &[owner(3, 3, truck_t(&["Blandito"]))],
        &[C::std(3, 13)],
        0,
    );
    assert!(on_foot.info(0).effects.contains(&Effect::DoubleDamageTaken));
}

#[test]
fn audit_escuchimizado_on_a_placed_transport_lowers_its_def_not_its_riders() {
    // DAÑ 3, r4: the truck's CH DEF 4 passes (no wound); Escuchimizado's DEF 3 fails (3).
    assert_eq!(
        shoot(&[], 3, &[3, 4]),
        (
            vec![
                "b1 CH IMP transport 5 r3".into(),
                "b1 CH DEF transport 4 r4".into()
            ],
            0
        )
    );
    assert_eq!(
        shoot(&["Escuchimizado"], 3, &[3, 4]),
        (
            vec![
                "b1 CH IMP transport 5 r3".into(),
                "b1 CH DEF transport 3 r4".into()
            ],
            3
        )
    );
    // The rider keeps its own armour's DEF 2 (it had 1); unplaced, the old reading: 1.
    assert_eq!(placed(&["Escuchimizado"], 3).def_total(0, false), 2);
    let on_foot = position(
        &open(8, 14),
        &[owner(3, 3, truck_t(&["Escuchimizado"])).prot(armour(2, &[]))],
        &[C::std(3, 13)],
        0,
    );
    assert_eq!(on_foot.def_total(0, false), 1);
}

#[test]
fn audit_absorcion_de_impacto_on_a_placed_transport_takes_one_off_its_attackers_dan() {
    // «Enemigo tiene DAÑ -1»: DAÑ 3, CH DEF r9 failed — 3 wounds; with it on the truck, 2. Its
    // rider's attackers keep their DAÑ (not among the rider's effects while it is placed).
    assert_eq!(shoot(&[], 3, &[3, 9]).1, 3);
    assert_eq!(shoot(&["Absorción de impacto"], 3, &[3, 9]).1, 2);
    let st = placed(&["Absorción de impacto"], 3);
    assert!(!st
        .info(0)
        .effects
        .iter()
        .any(|e| matches!(e, Effect::DamageMod { amount: -1, .. })));
}
