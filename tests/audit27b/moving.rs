//! The movement traits: Pez («Respira bajo el agua. Nadar es como mover»), Retirada ordenada
//! («CH ATR +2 destrabándose»).

use super::*;

const POND: [&str; 5] = ["........", "...ww...", "...ww...", "...ww...", "........"];

/// a1 (`traits`) on the bank (2, 2) of a pond; b1 far away, its back to a1.
fn pond(traits: &[&str]) -> engine::State {
    position(
        &rows(&POND),
        &[with(traits).set("at", [2, 2])],
        &[C::std(7, 4).facing("E").status("acted")],
        0,
    )
}

#[test]
fn audit_pez_swims_as_it_moves_mover_s_ene_and_no_ch_agi() {
    // Nadar (2, AGI): a CH AGI and ENE 2.
    let mut st = pond(&[]);
    let log = play(&mut st, &["a1 swim 3,2"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI swim 5 r5"]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![2], sq(3, 2)));
    // Pez: «Nadar es como mover» — Mover (1) is a simple action («Sencillas, sin CH»): ENE 1 and
    // no die at all (a die the CH AGI would fail, 6, is not drawn).
    let mut st = pond(&["Pez"]);
    assert_eq!(dests(&st, 0, "swim"), [sq(3, 1), sq(3, 2), sq(3, 3)]);
    let log = play(&mut st, &["a1 swim 3,2"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert_eq!((spent(&log), st.ch(0).pos), (vec![1], sq(3, 2)));
    // On through the water and out onto the far bank, the same way; it is still no walk.
    assert!(!dests(&st, 0, "move").contains(&sq(4, 2)));
    let log = play(&mut st, &["a1 swim 4,2"], &[]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![1], sq(4, 2)));
}

#[test]
fn audit_retirada_ordenada_only_the_ch_psi_of_destrabarse_and_its_failure_still_costs() {
    // CH PSI 6 failed (r7): the nearest enemy strikes with CH IMP + 1 and ENE 0 (b1 unarmed:
    // CH IMP 6 r9 misses), a1 stays engaged where it was.
    let mut st = contact(with(&["Retirada ordenada"]), C::std(0, 0));
    let log = play(&mut st, &["a1 disengage 5,3"], &[7, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 6 r7", "b1 CH IMP 6 r9"]);
    // Its CH PSI when wounded is a plain CH PSI 4 (a1 shot, CH DEF 0 r9, CH PSI r5 fails).
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &[])),
        with(&["Retirada ordenada"]),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r5"]
    );
    assert_eq!(st.ch(1).stress, 1);
}

/// a1 (`traits`) on (1, 5) of a board whose column 2 is deep water; b1 on (4, 5) facing E (a1
/// behind it); b2 far away, acted.
fn across_the_river(traits: &[&str]) -> engine::State {
    let mut board = open(10, 10);
    for row in board.iter_mut() {
        row.replace_range(2..3, "w");
    }
    position(
        &board,
        &[with(traits).set("at", [1, 5])],
        &[
            C::std(4, 5).facing("E"),
            C::std(9, 9).facing("E").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_levitador_charges_over_deep_water() {
    // Cargar is a movement on foot too: the river stops a walker's charge, not a floater's,
    // which ends in contact with b1 on (3, 5) (3 K of the MOV + 3).
    let st = across_the_river(&[]);
    assert!(!legal(&st, "a1 charge b1 3,5"));
    let mut st = across_the_river(&["Levitador"]);
    assert!(legal(&st, "a1 charge b1 3,5"), "{:?}", all_legal(&st));
    // (b1's early window offers only Huir: passed.)
    play(&mut st, &["a1 charge b1 3,5", "pass"], &[]);
    assert_eq!(st.ch(0).pos, sq(3, 5));
}
