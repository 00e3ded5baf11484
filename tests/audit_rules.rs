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
