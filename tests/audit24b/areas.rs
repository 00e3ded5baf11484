//! Area traits of the range: Golpe de los dioses («[Dispersión] Puede atacar a cualquier punto
//! a su alcance, a cielo abierto, sin LdV»).

use super::*;
use serde_json::json;

#[test]
fn audit_golpe_de_los_dioses_brings_its_dispersion() {
    // «[Dispersión]»: the bracket names the trait it comes with (as Bomba autónoma's [Área de
    // activación]); a weapon with Golpe de los dioses and no Dispersión written still scatters:
    // aimed behind a wall (no LdV), a passed CH IMP r3 that is no critical scatters 1D10 per
    // 20 K — 2 K, S (direction 5).
    let board = rows(&[
        "...........",
        "...........",
        "...........",
        "..#######..",
        "...........",
        "...........",
        "...........",
        "...........",
    ]);
    let mut w = weapon(2, 3, 10, 3, &["Área (R1)", "Golpe de los dioses"]);
    w["noise"] = json!("quiet");
    let a = [C::std(5, 1).facing("S").weapon(w)];
    let b = [
        C::std(5, 6).facing("S"),
        C::std(0, 7).facing("S").status("acted"),
    ];
    let mut st = position(&board, &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[3, 2, 5]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 7))]);
}

/// a1 (Neuromante, an Invocación of ENE 3, ALC 10) casts at b1 5 K away; b2 carries an object
/// with `traits` 5 K from a1.
fn cast_near(traits: &[&str], dice: &[u8]) -> Vec<String> {
    let bola = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                      "traits": ["Invocación"]});
    let idol = json!({"name": "Ídolo", "ene": 1, "range": 0, "quality": 1, "traits": traits});
    let a = [C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
        .facing("S")
        .meta(bola)];
    let b = [
        C::std(5, 6).facing("S"),
        C::std(4, 6).facing("S").object(idol),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn audit_distorsion_envenenada_alone_a_9_fumbles_at_5_k_no_malus() {
    // «A 5 K de este objeto: 9 y 10 en 1D10 se considera pifia realizando invocaciones»: 5 K
    // is in; the CH INT keeps its 4 (the −1 is Distorsión psíquica's), and r9 is a fumble (its
    // CH PSI follows).
    assert_eq!(
        cast_near(&["Distorsión envenenada"], &[9, 2]),
        ["a1 CH INT meta 4 r9", "a1 CH PSI 4 r2"]
    );
}

#[test]
fn audit_distorsion_psiquica_alone_minus_one_and_a_9_is_no_fumble() {
    // «A 5 K: neuromantes y titiriteros CH ATR -1»: CH INT 3 at 5 K; r9 a plain failure.
    assert_eq!(
        cast_near(&["Distorsión psíquica"], &[9]),
        ["a1 CH INT meta 3 r9"]
    );
}
