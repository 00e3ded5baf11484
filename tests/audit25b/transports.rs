//! CREACIÓN DE TRANSPORTES in play and its traits: Mecha («Este transporte se puede trabar en
//! CaC. Se usan los atributos del piloto, excepto CON. Actúa como un Pj a pie.»), Mega armadura
//! («Puede equiparse con armas "enorme"»), Equipo pesado's «En transporte no», Reventamuros on
//! a mecha.

use super::*;
use crate::transport::with_transports;
use serde_json::{json, Value};

/// A transport archetype (ENE 1, MOV 3, DEF `def`, CAL 10) with `traits`.
fn robot(def: u8, traits: &[&str]) -> Value {
    json!({"name": "Robot", "ene": 1, "mov": 3, "def": def, "quality": 10, "traits": traits})
}

/// A1 (`pilot`, its own transport `t`) drives it at (3, 3) facing E, started, on `board`; B1
/// (`b`) on `b1`; B2 far away. `actor`: 0 (A1) or 1 (B1).
fn mech_on(board: &[String], pilot: C, t: Value, b: C, b1: [u8; 2], actor: usize) -> engine::State {
    load(&mech_json(board, pilot, t, b, b1, actor))
}

/// The setup of [`mech_on`].
fn mech_json(board: &[String], pilot: C, t: Value, b: C, b1: [u8; 2], actor: usize) -> Value {
    with_transports(
        setup_json(
            board,
            &[pilot
                .set("transports", json!([t]))
                .set("at", [3, 3])
                .set("aboard", "t1")],
            &[b.set("at", b1), C::std(9, 9).status("acted")],
            actor,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1", "started": true}]),
    )
}

fn mech(pilot: C, t: Value, b: C, b1: [u8; 2], actor: usize) -> engine::State {
    mech_on(&open(10, 10), pilot, t, b, b1, actor)
}

#[test]
fn audit_mecha_mover_reaches_its_mov_and_correr_one_k_more() {
    // «Actúa como un Pj a pie»: «Mover (1) Avanza tantos K como MOV», «Correr (2) MOV+1K»: MOV 3
    // walks to 3 K (ENE 1), not 4; runs to 4 K (ENE 2), not 5.
    let st = mech(C::std(0, 0), robot(4, &["Mecha"]), C::std(0, 0), [8, 8], 0);
    assert!(legal(&st, "a1 drive 6,3"));
    assert!(!legal(&st, "a1 drive 7,3"));
    assert!(legal(&st, "a1 drive-run 7,3"));
    assert!(!legal(&st, "a1 drive-run 8,3"));
    let mut st = mech(C::std(0, 0), robot(4, &["Mecha"]), C::std(0, 0), [8, 8], 0);
    assert_eq!(spent(&play(&mut st, &["a1 drive-run 3,7"], &[])), [2]);
    assert_eq!(st.transport(0).pos, sq(3, 7));
}

#[test]
fn audit_mecha_pays_difficult_ground_as_a_character_on_foot() {
    // ENERGÍA, «por terreno difícil ENE+1»: one step onto difficult ground (,) costs 1 + 1.
    let mut board = open(10, 10);
    board[4] = "....,.....".into();
    for (to, ene) in [("4,4", 2), ("3,4", 1)] {
        let mut st = mech_on(
            &board,
            C::std(0, 0),
            robot(4, &["Mecha"]),
            C::std(0, 0),
            [8, 8],
            0,
        );
        let text = format!("a1 drive {to}");
        assert_eq!(spent(&play(&mut st, &[text.as_str()], &[])), [ene], "{to}");
    }
}

#[test]
fn audit_mecha_has_no_maniobrar() {
    // «Actúa como un Pj a pie»: Maniobrar is a transport's («Mueve un transporte hasta 1 K
    // después de mover»); after a walk the mecha is offered none — a truck is.
    // (B1 and B2 see it move and pass their reaction.)
    let mut st = mech(C::std(0, 0), robot(4, &[]), C::std(0, 0), [8, 8], 0);
    play(&mut st, &["a1 drive 5,3", "pass"], &[]);
    assert!(legal(&st, "a1 manoeuvre 5,4"));
    let mut st = mech(C::std(0, 0), robot(4, &["Mecha"]), C::std(0, 0), [8, 8], 0);
    play(&mut st, &["a1 drive 5,3", "pass"], &[]);
    assert!(!legal(&st, "a1 manoeuvre 5,4"));
}

#[test]
fn audit_mecha_a_melee_attack_on_it_has_the_dan_en_cac_of_the_attacker() {
    // «Se puede trabar en CaC» and «Ataque CaC … DAÑ=DAÑ del arma+CON-4-heridas (mín. 1)»: B1
    // (CON 6) strikes the mecha with a sword: 2 + 6 − 4 = 4 on its CH DEF 4 r9 (failed): 4
    // wounds, not the sword's bare 2.
    let b = C::new(race(6, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = mech(C::std(0, 0), robot(4, &["Mecha"]), b, [3, 4], 1);
    let log = play(&mut st, &["b1 melee-transport t1 w1"], &[3, 9]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP mecha 5 r3", "b1 CH DEF transport 4 r9"]
    );
    assert_eq!(st.transport(0).wounds, 4);
}

#[test]
fn audit_mecha_a_wounded_attacker_strikes_it_with_at_least_one() {
    // «− heridas (mín. 1)»: B1 (CON 4, 3 wounds) with a sword: 2 + 4 − 4 − 3 → 1.
    let b = C::std(0, 0).weapon(sword()).set("wounds", 3);
    let mut st = mech(C::std(0, 0), robot(4, &["Mecha"]), b, [3, 4], 1);
    play(&mut st, &["b1 melee-transport t1 w1"], &[3, 9]);
    assert_eq!(st.transport(0).wounds, 1);
}

#[test]
fn audit_reventamuros_adds_three_in_melee_on_a_mecha() {
    // «DAÑ+3 en CaC a puertas, muros, tanques»: a sword with Reventamuros (B1 CON 4): 2 + 3 = 5
    // on the mecha's failed CH DEF 4 (r9).
    let b = C::std(0, 0).weapon(weapon(2, 2, 0, 4, &["Reventamuros"]));
    let mut st = mech(C::std(0, 0), robot(4, &["Mecha"]), b, [3, 4], 1);
    play(&mut st, &["b1 melee-transport t1 w1"], &[3, 9]);
    assert_eq!(st.transport(0).wounds, 5);
}

#[test]
fn audit_mecha_its_pilot_strikes_with_the_mechas_con_not_its_own() {
    // «Se usan los atributos del piloto, excepto CON» (CON of a transport: its DEF, A25): the
    // pilot (CON 4) strikes from a DEF 6 mecha with a sword: 2 + 6 − 4 = 4 on B1 (CON 9, CH DEF
    // 0 r9); its CH IMP is its own AGI 5.
    let mut st = mech(
        C::std(0, 0).weapon(sword()),
        robot(6, &["Mecha"]),
        tough(&[]),
        [3, 4],
        0,
    );
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[3, 9, 1]);
    assert_eq!(checks(&st, &log)[..2], ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn audit_mecha_its_pilots_agi_is_the_ch_imp() {
    // «Se usan los atributos del piloto»: an AGI 7 pilot strikes at CH IMP 7 (r7 hits).
    let pilot = C::new(race(4, 7, 4, 4), 0, 0).weapon(sword());
    let mut st = mech(pilot, robot(4, &["Mecha"]), tough(&[]), [3, 4], 0);
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[7, 9, 1]);
    assert_eq!(checks(&st, &log)[..2], ["a1 CH IMP 7 r7", "b1 CH DEF 0 r9"]);
}

#[test]
fn audit_equipo_pesado_does_not_weigh_on_a_driver() {
    // «Si el personaje tiene CON 4 o menos, terreno difícil. En transporte no»: a CON 4 driver in
    // Equipo pesado drives over easy ground at Mover's 1 — a truck and a mecha alike.
    let heavy = || C::std(0, 0).prot(crate::traits::armour(1, &["Equipo pesado"]));
    for t in [robot(4, &[]), robot(4, &["Mecha"])] {
        let mut st = mech(heavy(), t, C::std(0, 0), [8, 8], 0);
        assert_eq!(spent(&play(&mut st, &["a1 drive 5,3"], &[])), [1]);
    }
}

#[test]
fn audit_mega_armadura_on_the_race_lets_an_enorme_gun_be_carried_and_fired() {
    // «Puede equiparse con armas "enorme"» on the character's race: the Enorme gun (DAÑ 3) loads
    // and fires as any gun — CH IMP 5 r3, CH DEF 0 r9: 3 wounds.
    let a = with(&["Mega armadura"]).weapon(gun(3, &["Enorme"]));
    let (c, st) = shot_at(a, tough(&[]), 5, &[3, 9, 1]);
    assert_eq!(c[..2], ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_mega_armadura_on_an_object_lets_an_enorme_gun_be_carried() {
    // The same on an object the character carries (the decision of share F: race, protection
    // or object).
    let o = json!({"name": "Exo", "ene": 1, "range": 0, "quality": 3, "traits": ["Mega armadura"]});
    let a = C::std(1, 1).weapon(gun(3, &["Enorme"])).object(o);
    let st = load(&setup_json(&open(6, 6), &[a], &[C::std(4, 4)], 0, 10));
    assert_eq!(st.weapon_slots(0), 1);
}

#[test]
fn audit_mega_armadura_on_a_weapon_alone_does_not_carry_another_enorme() {
    // Mega armadura is an armour («armadura»): on a weapon it is no place the decision names —
    // an Enorme gun beside a plain gun with Mega armadura is refused.
    let a = C::std(1, 1)
        .weapon(gun(3, &["Enorme"]))
        .weapon(gun(2, &["Mega armadura"]));
    let e = load_error(&setup_json(&open(6, 6), &[a], &[C::std(4, 4)], 0, 10));
    assert!(e.contains("Enorme"), "{e}");
}

#[test]
fn audit_mecha_pays_its_ene_to_start_when_stopped() {
    // «ENE.- Energía que debe gastar un Pj para arrancar el motor o azuzar a la bestia e iniciar
    // la marcha»: walking like a character does not spare it — stopped, Mover 1 K costs 1 + its
    // ENE 1; started, 1.
    for (started, ene) in [(false, 2), (true, 1)] {
        let mut v = mech_json(
            &open(10, 10),
            C::std(0, 0),
            robot(4, &["Mecha"]),
            C::std(0, 0),
            [8, 8],
            0,
        );
        v["transports"][0]["started"] = json!(started);
        let mut st = load(&v);
        assert_eq!(
            spent(&play(&mut st, &["a1 drive 3,4"], &[])),
            [ene],
            "{started}"
        );
    }
}

#[test]
fn audit_sobrecalentamiento_checks_a_mecha_after_a_walk() {
    // «Si el transporte acumula 5 heridas, y realiza acciones de movimiento, CH DEF. Fallo, 1
    // herida»: a mecha's walk is a movement action — with 5 wounds, its CH DEF 4 r5 fails: 6.
    let mut v = mech_json(
        &open(10, 10),
        C::std(0, 0),
        robot(4, &["Mecha", "Sobrecalentamiento"]),
        C::std(0, 0),
        [8, 8],
        0,
    );
    v["transports"][0]["wounds"] = json!(5);
    let mut st = load(&v);
    let log = play(&mut st, &["a1 drive 3,4"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH DEF overheating 4 r5"]);
    assert_eq!(st.transport(0).wounds, 6);
}

#[test]
fn audit_mecha_a_crouched_attacker_strikes_it_at_minus_one() {
    // «Un personaje agachado atacando CaC: CH IMP -1»: B1 crouched strikes the mecha at CH IMP
    // 5 − 1 = 4 (r5 misses: no CH DEF).
    let b = C::std(0, 0).weapon(sword()).stance("crouched");
    let mut st = mech(C::std(0, 0), robot(4, &["Mecha"]), b, [3, 4], 1);
    let log = play(&mut st, &["b1 melee-transport t1 w1"], &[5]);
    assert_eq!(checks(&st, &log), ["b1 CH IMP mecha 4 r5"]);
}

#[test]
fn audit_mecha_is_struck_only_with_a_melee_weapon() {
    // «Ataque CaC (X, AGI) Arma ALC=0»: in contact with the mecha, B1's gun (ALC 10) gives no
    // melee attack on it; a shot at it stays (Ataque a distancia at a transport).
    let b = C::std(0, 0).weapon(gun(2, &[]));
    let st = mech(C::std(0, 0), robot(4, &["Mecha"]), b, [3, 4], 1);
    assert!(!legal(&st, "b1 melee-transport t1 w1"));
    assert!(legal(&st, "b1 shoot-transport t1 w1"));
}

#[test]
fn audit_mecha_its_equipped_protection_adds_to_its_ch_def_in_melee() {
    // «DEF.- Defensa. El CH DEF = la suma de las DEF equipadas»: a DEF 4 mecha with a DEF 2
    // plate is struck in melee against CH DEF 6 (r6 passes: DAÑ 2 − 6, no wound).
    let mut t = robot(4, &["Mecha"]);
    t["protections"] = json!([prot(0, 2, 4, 5, &[])]);
    let b = C::std(0, 0).weapon(sword());
    let mut st = mech(C::std(0, 0), t, b, [3, 4], 1);
    let log = play(&mut st, &["b1 melee-transport t1 w1"], &[3, 6]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP mecha 5 r3", "b1 CH DEF transport 6 r6"]
    );
    assert_eq!(st.transport(0).wounds, 0);
}

#[test]
fn audit_mecha_inutilizado_neither_walks_nor_lets_its_pilot_fight() {
    // «CAL.- Calidad, resistencia al desgaste» and ESTADO DEL EQUIPO: worn to its CAL (10
    // wounds) the mecha is inutilizado — it walks no more (as a vehicle) and, as a transport's
    // own weapons fire none then, its pilot fights nobody from it; one wound less, both stay.
    for (wounds, usable) in [(10, false), (9, true)] {
        let mut v = mech_json(
            &open(10, 10),
            C::std(0, 0).weapon(sword()),
            robot(4, &["Mecha"]),
            tough(&[]),
            [3, 4],
            0,
        );
        v["transports"][0]["wounds"] = json!(wounds);
        let st = load(&v);
        assert_eq!(legal(&st, "a1 drive 2,3"), usable, "{wounds}");
        assert_eq!(legal(&st, "a1 melee b1 w1"), usable, "{wounds}");
    }
}
