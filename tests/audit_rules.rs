//! Audit 20: the rulebook's COMBATE, MODIFICADORES, ACCIONES and PSICOLOGÍA read again sentence
//! by sentence, each test an independent rule case — a position, scripted dice, one action and
//! the exact outcome the text implies. Standard race: CON 4, AGI 5, INT 4, VOL 4.

use crate::build::*;
use engine::State;
use serde_json::{json, Value};

fn meta(ene: u8, range: u8, cal: u8, traits: &[&str]) -> Value {
    json!({"name": "M", "ene": ene, "range": range, "quality": cal, "traits": traits})
}

/// a1 (`a`) on (5, 1) facing S; b1 (`b`) `d` K south facing S (its back turned).
fn range(a: C, b: C, d: u8) -> State {
    position(
        &open(11, 14),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            b.set("at", [5, 1 + d]).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    )
}

// ----- MODIFICADORES / Por sobrecarga -----

/// Heavy armour on a CON 4 wearer: DEF 6 (TAL 4, so no TAL vs CON), sobrecarga 6 − 4 = 2.
fn heavy() -> Value {
    prot(1, 6, 4, 6, &[])
}

#[test]
fn audit_sobrecarga_reaches_a_meta_attacks_ch_imp_whatever_its_attribute() {
    // «Por sobrecarga.- CH IMP y CH AGI -1 por cada punto de DEF por encima de CON - heridas»;
    // «Atacar con metahabilidades.- … el CH IMP se realizará con: mutación CH CON …»: the
    // mutation's CH CON is a CH IMP, 4 − 2 = 2.
    let a = C::new(race_t(4, 5, 4, 4, &["Metamorfo"]), 0, 0)
        .meta(meta(2, 3, 4, &["Mutación"]))
        .prot(heavy());
    let mut st = range(a, C::new(race(6, 5, 4, 4), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 9, 9]);
    assert_eq!(checks(&st, &log)[0], "a1 CH CON meta 2 r2");
    // A bunkai's CH AGI is a CH IMP and a CH AGI: −2 once, not twice (5 − 2 = 3).
    let a = C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0)
        .meta(meta(2, 3, 4, &["Bunkai"]))
        .prot(heavy());
    let mut st = range(a, C::new(race(6, 5, 4, 4), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 9, 9]);
    assert_eq!(checks(&st, &log)[0], "a1 CH AGI meta 3 r2");
    // A boon is no attack: its CH CON is no CH IMP, and keeps its 4.
    let a = C::new(race_t(4, 5, 4, 4, &["Metamorfo"]), 0, 0)
        .meta(meta(2, 0, 5, &["Mutación", "Duro"]))
        .prot(heavy());
    let mut st = range(a, C::std(0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 a1"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH CON meta 4 r2"]);
}

#[test]
fn audit_sobrecarga_reaches_the_ch_imp_of_corromper_and_of_combate_mental() {
    // Corromper: «CH IMP: CH INT / VOL» — INT 6 less sobrecarga 2 = 4.
    let neuro = |int: u8| C::new(race_t(4, 5, int, 5, &["Neuromante"]), 0, 0);
    let mut st = range(neuro(6).prot(heavy()), C::std(0, 0), 3);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH INT hack 4 r9"]);
    // Combate mental: «CH IMP: CH INT / VOL ENF» — the armoured defender's INT 5 − 2 = 3; the
    // hacker, unarmoured, keeps its 6.
    let mut st = range(neuro(6), neuro(5).prot(heavy()), 3);
    let log = play(
        &mut st,
        &["a1 hack b1", "pass", "b1 mental-combat a1"],
        &[7, 2, 4],
    );
    assert_eq!(
        checks(&st, &log)[1..],
        [
            "b1 CH INT ENF mental combat 3 r2",
            "a1 CH INT ENF mental combat 6 r4"
        ]
    );
}

// ----- COMBATE / Críticos, Cobertura -----

#[test]
fn audit_a_critical_ch_imp_ignores_full_cover_too() {
    // «Crítico en CH IMP: ignora cobertura y DAÑ+1»; «a un objetivo oculto 100%, 1º un CH DEF de
    // la cobertura y, si falla, un 2º CH DEF +2 normal» — a critical skips both: no cover CH DEF
    // and no + 2. b1 prone behind the wall (prone beyond 3 K: CH IMP −2), DEF 2; DAÑ 3 + 1 − 2.
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    let a = C::std(4, 1).weapon(weapon(2, 3, 10, 3, &[]));
    let b = C::std(4, 7)
        .prot(prot(1, 2, 4, 4, &[]))
        .stance("prone")
        .facing("S");
    let mut st = position(&board, &[a], &[b], 0);
    let log = play(&mut st, &["a1 shoot b1 w1"], &[1, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 3 r1", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
}

// ----- ACCIONES GENÉRICAS / Curar / Reparar on equipment -----

/// a1 (INT 4) beside its ally a2 on an open board; b1 far away with its back turned.
fn workshop(a1: C, a2: C) -> State {
    position(
        &open(10, 10),
        &[a1.set("at", [2, 2]), a2.set("at", [3, 2])],
        &[C::std(8, 9).facing("S")],
        0,
    )
}

#[test]
fn audit_reparar_recovers_an_items_wounds_with_curars_table() {
    // «Curar / Reparar (3, INT) … recupera 1 herida. Crítico recupera 3 heridas. Fallo inflige 1
    // herida extra. Pífia inflige 3 heridas extra»; «Las armas sufren DAÑ-1 por cada herida»:
    // a2's sword (DAÑ 4, CAL 4) with 2 wounds, its armour (DEF 3, CAL 4) with 1.
    let a2 = || {
        C::std(0, 0)
            .weapon(weapon(2, 4, 0, 4, &[]))
            .prot(prot(1, 3, 4, 4, &[]))
            .set("wear", vec![2, 1])
    };
    let st = workshop(C::std(0, 0), a2());
    assert!(legal(&st, "a1 heal a2 w1"));
    assert!(legal(&st, "a1 heal a2 p1"));
    assert!(legal(&st, "a1 reparar a2 w1"), "the rulebook's verb");
    // Passed CH INT 4: −1 wound, ENE 3.
    let mut st = workshop(C::std(0, 0), a2());
    let log = play(&mut st, &["a1 heal a2 w1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT repair 4 r4"]);
    assert_eq!((st.ch(1).wear[0], spent(&log)), (1, vec![3]));
    assert_eq!(st.weapon_dmg(1, 0), 3, "DAÑ 4 − 1 wound");
    // Critical: −3 (not below 0).
    let mut st = workshop(C::std(0, 0), a2());
    play(&mut st, &["a1 heal a2 w1"], &[1]);
    assert_eq!(st.ch(1).wear[0], 0);
    // Failed: +1; fumbled: +3, up to the CAL (inutilizado, no further).
    let mut st = workshop(C::std(0, 0), a2());
    play(&mut st, &["a1 heal a2 p1"], &[7]);
    assert_eq!(st.ch(1).wear[1], 2);
    let mut st = workshop(C::std(0, 0), a2());
    play(&mut st, &["a1 heal a2 w1"], &[10]);
    assert_eq!(st.ch(1).wear[0], 4);
    assert!(!st.weapon_usable(1, 0), "wounds = CAL: inutilizado");
    // «Se puede … reparar si las heridas no superan la … CAL»: a broken item (wounds = CAL) is
    // repaired back into use.
    let broken = C::std(0, 0)
        .weapon(weapon(2, 4, 0, 4, &[]))
        .set("wear", vec![4]);
    let mut st = workshop(broken, C::std(0, 0));
    play(&mut st, &["a1 heal a1 w1"], &[2]);
    assert_eq!(st.ch(0).wear[0], 3);
    assert!(st.weapon_usable(0, 0));
}

#[test]
fn audit_reparar_needs_a_worn_item_of_oneself_or_an_ally_in_contact() {
    let worn = || {
        C::std(0, 0)
            .weapon(weapon(2, 4, 0, 4, &[]))
            .set("wear", vec![1])
    };
    // Nothing worn: nothing to repair.
    let st = workshop(C::std(0, 0), C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])));
    assert!(!legal(&st, "a1 heal a2 w1"));
    // An ally 2 K away: not in contact.
    let st = position(
        &open(10, 10),
        &[C::std(2, 2), worn().set("at", [4, 2])],
        &[C::std(8, 9).facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 heal a2 w1"));
    // An enemy's item: no.
    let st = position(
        &open(10, 10),
        &[C::std(2, 2)],
        &[worn().set("at", [3, 2]).facing("S"), C::std(8, 9)],
        0,
    );
    assert!(!legal(&st, "a1 heal b1 w1"));
    // Too little ENE (3).
    let st = workshop(C::std(0, 0).set("ene", 2), worn());
    assert!(!legal(&st, "a1 heal a2 w1"));
    // Its own, in hand.
    let st = workshop(worn(), C::std(0, 0));
    assert!(legal(&st, "a1 heal a1 w1"));
}

#[test]
fn audit_reparar_a_transport_and_a_failure_past_its_cal_wrecks_it() {
    // A truck (DEF 4, CAL 3, MOV 8) with 2 wounds, a1 beside it.
    let truck = json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3});
    let setup = |wounds: u8| {
        let mut v = setup_json(
            &open(12, 12),
            &[
                C::std(2, 2).set("transports", json!([truck.clone()])),
                C::std(0, 11),
            ],
            &[C::std(11, 11).facing("S")],
            0,
            10,
        );
        v["transports"] = json!([{"of": "a1", "at": [3, 2], "facing": "E", "wounds": wounds}]);
        load(&v)
    };
    let st = setup(0);
    assert!(!legal(&st, "a1 heal t1"), "no wounds to recover");
    let mut st = setup(2);
    let log = play(&mut st, &["a1 heal t1"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT repair 4 r3"]);
    assert_eq!((st.transport(0).wounds, spent(&log)), (1, vec![3]));
    // A failure with 3 wounds (= CAL, inutilizado): 4 > CAL, destroyed — it explodes with DAÑ =
    // DEF 4 within max(MOV, 3) = 8 K: a1 beside it makes its CH DEF (DEF 0, r9: 4 wounds,
    // incapacitated at CON 4).
    let mut st = setup(3);
    assert!(legal(&st, "a1 heal t1"));
    let log = play(&mut st, &["a1 heal t1"], &[8, 9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT repair 4 r8", "a1 CH DEF 0 r9"]
    );
    assert!(st.transport_destroyed(0));
    assert_eq!(st.ch(0).wounds, 4);
    // A wreck is not repaired.
    let st = setup(4);
    assert!(!legal(&st, "a1 heal t1"));
}
