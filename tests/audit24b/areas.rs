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
