//! Shooting traits swept clause by clause: Miedo en las manos («Disparando debe elegir el más
//! cercano»).

use super::*;

/// a1 (Miedo en las manos, a gun) on (5, 1) facing S; b1 on (5, 4), b2 on (9, 4); `rows` the
/// board.
fn fearful(board: &[String]) -> engine::State {
    position(
        board,
        &[with(&["Miedo en las manos"])
            .set("at", [5, 1])
            .facing("S")
            .weapon(gun(2, &[]))
            .weapon(sword())],
        &[C::std(5, 4).facing("S"), C::std(9, 4).facing("S")],
        0,
    )
}

#[test]
fn audit_miedo_en_las_manos_only_shooting_a_charge_may_go_farther() {
    // «Disparando»: b1 is 3 K away, b2 4 K: no shot at b2, but a charge on it is offered.
    let mut board = open(11, 12);
    board[4] = "...........".into();
    let st = fearful(&board);
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(!legal(&st, "a1 shoot b2 w1"));
    let l = all_legal(&st);
    assert!(l.iter().any(|a| a.starts_with("a1 charge b2")), "{l:?}");
}

#[test]
fn audit_miedo_en_las_manos_the_nearest_it_can_choose() {
    // «debe elegir el más cercano»: b1 (3 K) stands behind a wall, out of sight; b2 (4 K) is
    // seen — the nearest it can choose: a shot at b2 is offered (it was not: b1, unseen, held
    // every shot back).
    let mut board = open(11, 12);
    board[3] = "...###.....".into();
    let st = fearful(&board);
    assert!(!st.sight(0, 1));
    assert!(legal(&st, "a1 shoot b2 w1"), "{:?}", all_legal(&st));
}
